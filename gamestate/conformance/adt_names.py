"""Spec 004's functions under the names its students wrote them.

Spec 004 is the English rendering of a Portuguese course project (see
shared/spec/004-original-names.md): real submissions define
``cria_coordenada``, ``tabuleiro_reduz``, ... and raise
``ValueError("cria_coordenada: argumentos invalidos")``. The grader finds
which names a module defines (no option): each function is looked up under
its English name and its original one, and a function's error message is
expected in the language of the name it was found under.

:func:`load_adt` loads a target (a module name or a ``.py`` file) by
running its source in a namespace of its own: when the import ends in an
exception (a console game called at the bottom of the file, reading an
empty stdin), the functions defined before that point are graded, with a
note saying so.
"""

from __future__ import annotations

import functools
import importlib.util
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Final

from gamestate.conformance.javac import LoadError
from gamestate.conformance.limits import TargetError, TargetRaisedError, raised_text

# English name (spec 004) -> the original Portuguese name.
ORIGINAL: Final[dict[str, str]] = {
    "create_coordinate": "cria_coordenada",
    "coordinate_row": "coordenada_linha",
    "coordinate_col": "coordenada_coluna",
    "is_coordinate": "e_coordenada",
    "coordinates_equal": "coordenadas_iguais",
    "create_board": "cria_tabuleiro",
    "board_position": "tabuleiro_posicao",
    "board_score": "tabuleiro_pontuacao",
    "board_empty_positions": "tabuleiro_posicoes_vazias",
    "board_fill_position": "tabuleiro_preenche_posicao",
    "board_update_score": "tabuleiro_actualiza_pontuacao",
    "board_reduce": "tabuleiro_reduz",
    "is_board": "e_tabuleiro",
    "board_finished": "tabuleiro_terminado",
    "boards_equal": "tabuleiros_iguais",
    "print_board": "escreve_tabuleiro",
    "request_move": "pede_jogada",
    "game_2048": "jogo_2048",
    "copy_board": "copia_tabuleiro",
    "fill_random_position": "preenche_posicao_aleatoria",
}
# The functions the checks call (the I/O functions and the suggested
# extras are not graded).
GRADED: Final = tuple(list(ORIGINAL)[:15])
INVALID: Final = {"English": "invalid arguments", "Portuguese": "argumentos invalidos"}


class MissingFunctionError(AssertionError):
    """A check called a function the module does not define: its FAIL."""


@dataclass
class Adt:
    """A submission's spec-004 functions, reached by their English names.

    ``adt.board_reduce`` is the module's ``board_reduce`` or, failing
    that, its ``tabuleiro_reduz``, whose exceptions come out as
    TargetRaisedErrors; a function defined under neither name raises
    :class:`MissingFunctionError` naming both. ``notes`` say how the
    module was read (its language, names missing, an import cut short).
    """

    namespace: dict[str, Any]
    notes: list[str] = field(default_factory=list)
    language: str = field(init=False)  # "English" or "Portuguese"
    _names: dict[str, str] = field(init=False, repr=False)
    _functions: dict[str, Callable[..., Any]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        # Resolved once: the checks reach the functions thousands of times.
        defined = {name for english, original in ORIGINAL.items()
                   for name in (english, original) if callable(self._lookup(name))}
        english = sum(name in defined for name in GRADED)
        original = sum(ORIGINAL[name] in defined for name in GRADED)
        # Portuguese when more of the graded names are the original ones.
        self.language = "Portuguese" if original > english else "English"
        self._names = {name: self._choose(name, defined) for name in ORIGINAL}
        self._functions = {name: _theirs(self._lookup(chosen))
                           for name, chosen in self._names.items() if chosen in defined}

    def _choose(self, english: str, defined: set[str]) -> str:
        """The name ``english`` is found under: the one defined, the
        module's language's when both or neither are."""
        original = ORIGINAL[english]
        if (original in defined) != (english in defined):
            return original if original in defined else english
        return original if self.language == "Portuguese" else english

    def name(self, english: str) -> str:
        """The name the module defines ``english`` under."""
        return self._names[english]

    def defines(self, english: str) -> bool:
        return english in self._functions

    def invalid(self, english: str) -> str:
        """The message of ``english``'s ValueError: "<name>: invalid arguments"."""
        name = self.name(english)
        return f"{name}: {INVALID['English' if name == english else 'Portuguese']}"

    def missing(self) -> list[str]:
        """The graded functions defined under neither name (the module's language's)."""
        return [self.name(english) for english in GRADED if not self.defines(english)]

    def _lookup(self, name: str) -> Any:
        """``name`` in the namespace, or from the module's own __getattr__."""
        if name in self.namespace:
            return self.namespace[name]
        fallback = self.namespace.get("__getattr__")
        try:
            return fallback(name) if callable(fallback) else None
        except AttributeError:
            return None

    def __getattr__(self, english: str) -> Any:
        if english not in ORIGINAL or english not in self.__dict__.get("_names", {}):
            raise AttributeError(english)
        if not self.defines(english):
            raise MissingFunctionError(
                f"the module defines no {self.name(english)} "
                f"(spec 004's {english}, originally {ORIGINAL[english]})"
            )
        return self._functions[english]


def _theirs(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` whose exceptions are TargetRaisedErrors (the original
    as their cause): the module's, never taken for the grader's own
    (a GRADER-ERROR)."""

    @functools.wraps(function)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        # Whatever the module raises is its answer (a student's assert too).
        except Exception as error:
            raise TargetRaisedError(raised_text(error)) from error

    return call


def describe(adt: Adt) -> list[str]:
    """The notes on the names: the language, and what is missing or mixed."""
    language = adt.language
    notes = [] if language == "English" else ["graded under spec 004's original Portuguese names"]
    missing = adt.missing()
    if missing:
        notes.append(f"not defined: {', '.join(missing)}")
    other = [adt.name(english) for english in GRADED
             if adt.defines(english) and _language_of(adt.name(english)) != language]
    if other:
        notes.append(f"{language} names but also {', '.join(other)}")
    return notes


def _language_of(name: str) -> str:
    return "English" if name in ORIGINAL else "Portuguese"


# ------------------------------------------------------------------ loading
def load_adt(target: str) -> Adt:
    """The spec-004 functions of ``target``, a module name or a .py file.

    The module's source runs in a module object of its own; if it raises
    (or exits) part-way, what it defined so far is kept, with a note,
    unless that holds none of the graded functions: then the import's
    exception is raised again, the module cannot be graded.
    """
    module, spec_origin = _module(target)
    try:
        _execute(module)
    # A student's module may raise anything at import, or run out of time.
    except (Exception, SystemExit, KeyboardInterrupt, TargetError) as error:
        adt = Adt(vars(module))
        if len(adt.missing()) == len(GRADED):
            raise
        adt.notes.append(_cut_short(error, spec_origin, adt))
    else:
        adt = Adt(vars(module))
    adt.notes[:0] = describe(adt)
    return adt


def _module(target: str) -> tuple[ModuleType, str]:
    """A fresh module object for ``target`` (not yet run) and its file."""
    if target.endswith(".py"):
        path = Path(target).resolve()
        if not path.is_file():
            raise FileNotFoundError(f"no such file: {target}")
        name = f"conformance_adt_{path.stem}"
        spec = importlib.util.spec_from_file_location(name, path)
        if str(path.parent) not in sys.path:
            sys.path.insert(0, str(path.parent))  # its sibling modules import too
    else:
        spec = importlib.util.find_spec(target)
        if spec is None:
            raise ModuleNotFoundError(f"No module named {target!r}")
    if spec is None or spec.loader is None or spec.origin is None:
        raise LoadError(f"{target}: not a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    return module, spec.origin


def _execute(module: ModuleType) -> None:
    spec = module.__spec__
    assert spec is not None and spec.loader is not None
    spec.loader.exec_module(module)


def _cut_short(error: BaseException, origin: str, adt: Adt) -> str:
    """The note on an import that raised: where, what, and what is graded."""
    frames = [frame for frame in traceback.extract_tb(error.__traceback__)
              if Path(frame.filename).resolve() == Path(origin).resolve()]
    where = f" at line {frames[0].lineno} ({(frames[0].line or '').strip()})" if frames else ""
    if isinstance(error, TargetError):  # "timed out after 4 s in the import"
        what = str(error).removesuffix(" in the import")
    elif isinstance(error, SystemExit):
        what = f"raised sys.exit({error.code!r})"
    else:
        what = f"raised {type(error).__name__}: {error}".rstrip(": ")
    defined = len(GRADED) - len(adt.missing())
    return (f"importing it {what}{where} (stdin is empty); graded on the "
            f"{defined} of spec 004's {len(GRADED)} functions defined before that")
