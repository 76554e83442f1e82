"""Issue 36, item 6: no import circle in ``playmanager`` or ``gamestate``.

The graph is read from the source with :mod:`ast`, not from a running
interpreter, so an import that only some path runs counts as much as one
at the top of a file:

- every ``import`` and ``from ... import`` counts, at module level or
  inside a function, a method or a ``try`` (a lazy import closes a circle
  as surely as an eager one, only later);
- an import under ``if TYPE_CHECKING:`` does not count: it never runs;
- the edge goes to the module named (``from .games import Launch`` is an
  edge to ``playmanager.games``; ``from . import games`` to
  ``playmanager.games``); a package's ``__init__`` that Python runs on the
  way is not an edge, since running a parent package first is how every
  import works, not a circle the code chose.

A game's front end is named by its module path in its descriptor
(:attr:`playmanager.games.Game.front_end`) and imported by the command
line, the composition root, which nothing imports; the last test holds it
there.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("playmanager", "gamestate")

Graph = dict[str, set[str]]


def module_name(path: Path) -> str:
    """``playmanager/games.py`` -> ``playmanager.games``; a package's
    ``__init__.py`` is the package."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_type_checking(test: ast.expr) -> bool:
    """Whether an ``if`` tests ``TYPE_CHECKING`` (bare or ``typing.``)."""
    name = test.attr if isinstance(test, ast.Attribute) else None
    if isinstance(test, ast.Name):
        name = test.id
    return name == "TYPE_CHECKING"


def run_time_imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement that can run: all but those under
    ``if TYPE_CHECKING:`` (an ``else:`` branch of one still runs)."""
    yield from _imports_among(list(ast.iter_child_nodes(tree)))


def _imports_among(nodes: list[ast.AST]) -> Iterator[ast.Import | ast.ImportFrom]:
    for node in nodes:
        if isinstance(node, ast.If) and is_type_checking(node.test):
            yield from _imports_among(list(node.orelse))
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        yield from run_time_imports(node)


def resolve(node: ast.ImportFrom, importer: str, is_package: bool) -> str:
    """The absolute module a ``from X import ...`` names as X."""
    if node.level == 0:
        return node.module or ""
    base = importer.split(".")
    if not is_package:
        base.pop()
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def targets(
    node: ast.Import | ast.ImportFrom, importer: str, is_package: bool, known: set[str]
) -> Iterator[str]:
    """The house's modules one import statement runs."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names if alias.name in known)
        return
    source = resolve(node, importer, is_package)
    for alias in node.names:
        submodule = f"{source}.{alias.name}"
        if submodule in known:
            yield submodule
        elif source in known:
            yield source


def import_graph() -> Graph:
    """Each module of the two packages -> the house's modules it imports."""
    files = {
        module_name(path): path
        for package in PACKAGES
        for path in (ROOT / package).rglob("*.py")
    }
    known = set(files)
    graph: Graph = {}
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        is_package = path.name == "__init__.py"
        graph[name] = {
            target
            for node in run_time_imports(tree)
            for target in targets(node, name, is_package, known)
            if target != name
        }
    return graph


def find_cycle(graph: Graph) -> list[str] | None:
    """One import circle in ``graph`` (its modules, the first repeated at
    the end), or None: a depth-first search that meets a module still on
    its path."""
    done: set[str] = set()
    for start in sorted(graph):
        if start in done:
            continue
        path: list[str] = [start]
        on_path = {start}
        stack = [iter(sorted(graph[start]))]
        while stack:
            following = next(stack[-1], None)
            if following is None:
                stack.pop()
                finished = path.pop()
                done.add(finished)
                on_path.discard(finished)
                continue
            if following in on_path:
                return [*path[path.index(following) :], following]
            if following not in done:
                path.append(following)
                on_path.add(following)
                stack.append(iter(sorted(graph[following])))
    return None


def test_the_graph_sees_lazy_imports() -> None:
    """The command line imports a front end inside a function: the graph
    must see it, or a lazy circle would pass unseen."""
    graph = import_graph()
    assert "playmanager.games" in graph["playmanager.cli"]
    assert "playmanager.storage" in graph["playmanager.games"]
    assert len(graph) > 100


def test_type_checking_imports_do_not_count() -> None:
    tree = ast.parse(
        "TYPE_CHECKING = False\n"
        "if TYPE_CHECKING:\n    from .a import A\nelse:\n    from .b import B\n"
        "def f():\n    from .c import C\n"
    )
    found = {
        target
        for node in run_time_imports(tree)
        for target in targets(node, "p.m", False, {"p.a", "p.b", "p.c"})
    }
    assert found == {"p.b", "p.c"}


def test_a_cycle_is_found_when_there_is_one() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_circle(package: str) -> None:
    graph = import_graph()
    within = {
        name: {target for target in imports if target.startswith(package)}
        for name, imports in graph.items()
        if name.startswith(package)
    }
    assert find_cycle(within) is None, " -> ".join(find_cycle(within) or [])


def test_no_import_circle_across_the_two() -> None:
    graph = import_graph()
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_nothing_imports_the_command_line() -> None:
    """The command line loads the front ends by module path; were it
    imported by one, the circle would be back."""
    graph = import_graph()
    importers = {
        name for name, imports in graph.items() if "playmanager.cli" in imports
    }
    assert importers == {"playmanager.__main__"}
