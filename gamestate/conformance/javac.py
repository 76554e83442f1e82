"""Compiling a Java submission for the grader (see java.py for running it).

:func:`compile_target` compiles the student's GameState.java with the
user's ``javac`` into a scratch folder, together with the starter's
Direction.java and Config.java where the submission lacks them, and with
two classes shipped here as source: ``ConformanceHarness``
(java/ConformanceHarness.java) and a generated ``ConformanceGameState
extends GameState``.

**Scripted randomness.** The tests replace ``rollRNG`` (and, for some,
``addTile``) on an instance. ConformanceGameState overrides both: once a
test has replaced one on a Python proxy, every call of it, including the
ones the student's own randomTile, addTile and move make, is answered by
the test's script on the Python side; otherwise it runs the student's
method. A game's rollRNG may instead be seeded (``S id rollRNG seed N``):
the JVM then answers it from ``new java.util.Random(N)`` without asking,
so the calls stay batched. It overrides every other writeup method too, to tell the harness
which one runs (the time limit names it).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Final

from gamestate.conformance.limits import WRITEUP_METHODS

JDK_NEEDED: Final = "Java targets need javac 11 or newer (a JDK) on the PATH"
HARNESS: Final = "ConformanceHarness"
HARNESS_PREFIX: Final = "Conformance"  # the harness's files, not the student's
STARTER_FILES: Final = ("Direction.java", "Config.java")
COMPILE_SECONDS: Final = 120
JAVAC_LINES: Final = 12

# The writeup's signature of each method: return type, parameters.
SIGNATURES: Final[dict[str, tuple[str, str]]] = {
    "getBoard": ("int[][]", ""),
    "setBoard": ("void", "int[][] newBoard"),
    "getScore": ("int", ""),
    "setScore": ("void", "int newScore"),
    "rollRNG": ("int", "int bound"),
    "randomTile": ("int", ""),
    "countEmptyTiles": ("int", ""),
    "addTile": ("int", ""),
    "rotateCounterClockwise": ("void", ""),
    "canSlideDown": ("boolean", ""),
    "isGameOver": ("boolean", ""),
    "slideDown": ("boolean", ""),
    "move": ("boolean", "Direction dir"),
    "toString": ("String", ""),
}
# The calls a test may script: the override asks Python while scripted.
SCRIPTABLE: Final = {"rollRNG": (0, "Integer.toString(bound)"), "addTile": (1, '""')}
assert set(SIGNATURES) == set(WRITEUP_METHODS)


class LoadError(Exception):
    """The target cannot be run at all; the message says why (maybe lines)."""


class GraderSetupError(LoadError):
    """The grader's own set-up cannot run the target (no JDK, or one too
    old): never the student's doing, so a GRADER-ERROR, not a score."""


# ------------------------------------------------------------ compiling
@dataclass(frozen=True)
class JavaTools:
    javac: str
    java: str


def find_jdk() -> JavaTools:
    javac = shutil.which("javac")
    if javac is None:
        raise GraderSetupError(JDK_NEEDED)
    beside = Path(javac).resolve().parent / "java"
    java = str(beside) if beside.is_file() else shutil.which("java")
    if java is None:
        raise GraderSetupError(JDK_NEEDED)
    return JavaTools(javac, java)


def is_java_target(spec: str) -> bool:
    """A .java file, or a folder holding .java files."""
    path = Path(spec)
    return spec.endswith(".java") or (path.is_dir() and any(path.glob("*.java")))


def student_sources(target: Path) -> tuple[Path, list[Path]]:
    """The student's GameState source and the other .java files beside it.

    A file target stands alone (in a batch, its siblings are other
    students); a folder gives its GameState.java (any case), else the one
    .java file declaring ``class GameState``, and its other .java files.
    """
    if target.is_file():
        return target, []
    if not target.is_dir():
        raise LoadError(f"{target}: no such file or folder")
    sources = sorted(path for path in target.iterdir() if path.suffix == ".java")
    named = [path for path in sources if path.name.lower() == "gamestate.java"]
    declaring = [path for path in sources if declares_game_state(path)]
    candidates = named or declaring
    if not candidates:
        raise LoadError(f"{target}: no GameState.java in this folder")
    main = candidates[0]
    return main, [path for path in sources if path != main]


def starter_source(name: str) -> str:
    """The starter's own ``name`` (Config.java or Direction.java)."""
    return (resources.files("gamestate.conformance") / "java" / name).read_text("utf-8")


def submission_notes(target: Path) -> list[str]:
    """What a student should know about how their folder was read: which
    of several files declaring GameState was graded, and which constants
    of their Config.java the starter's own copy replaced."""
    if not target.is_dir():
        return []
    notes = []
    main, others = student_sources(target)
    also = [path.name for path in others if declares_game_state(path)]
    if also:
        notes.append(f"graded {main.name}; also declaring class GameState, not graded: {', '.join(also)}")
    config = next((path for path in others if path.name == "Config.java"), None)
    if config is not None:
        theirs = constants(config.read_text("utf-8", errors="replace"))
        ours = constants(starter_source("Config.java"))
        changed = [f"{name} {theirs[name]} (the starter's {ours[name]})" for name in ours if theirs.get(name, ours[name]) != ours[name]]
        if changed:
            notes.append(
                f"Config.java: graded with the starter's own copy, as the writeup says (\"We will use "
                f"our own copy when grading\"), not yours: {', '.join(changed)}"
            )
    return notes


def constants(source: str) -> dict[str, str]:
    """The ``static final`` constants of a Java source: name -> value text."""
    found = re.findall(r"\bstatic\s+final\s+[\w.]+\s+(\w+)\s*=\s*([^;]+);", strip_comments(source))
    return {name: " ".join(value.split()) for name, value in found}


def declares_game_state(path: Path) -> bool:
    text = path.read_text(encoding="utf-8", errors="replace")
    return re.search(r"\bclass\s+GameState\b", strip_comments(text)) is not None


def strip_comments(source: str) -> str:
    """``source`` with its comments blanked (string literals kept)."""

    def blank(match: re.Match[str]) -> str:
        text = match.group(0)
        return text if text[0] in "\"'" else " "

    pattern = r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|//[^\n]*|/\*.*?\*/'
    return re.sub(pattern, blank, source, flags=re.DOTALL)


def without_package(source: str) -> str:
    """``source`` in the default package, as the writeup's starter files
    are (an IDE may have added ``package pa4;``); line numbers kept."""
    return re.sub(r"^\s*package\s+[\w.]+\s*;", "", source, count=1, flags=re.MULTILINE)


def overridable(source: str, name: str) -> bool:
    """Whether GameState declares ``name`` with the writeup's return type
    and a subclass may override it (not private, static or final)."""
    returns = re.escape(SIGNATURES[name][0]).replace(r"\[\]", r"\s*\[\s*\]")
    pattern = rf"((?:\b\w+\s+)*?){returns}\s+{name}\s*\("
    for match in re.finditer(pattern, strip_comments(source)):
        modifiers = set(match.group(1).split())
        if not modifiers & {"private", "static", "final"}:
            return True
    return False


# A scripted addTile's tile (support.ScriptedTile: code = (row * 4096 +
# col) * 8 + tile), placed through the class's own getBoard() and
# setBoard() when its cell is empty.
PLACE_TILE: Final = """\
    private int conformancePlace(int code) {
        int tile = code % 8;
        int row = code / 8 / 4096;
        int col = code / 8 % 4096;
        int[][] board = getBoard();
        if (board == null || row >= board.length || board[row] == null
                || col >= board[row].length || board[row][col] != 0) {
            return 0;
        }
        board[row][col] = tile;
        setBoard(board);
        return tile;
    }
"""


def places_tiles(game_state_source: str) -> bool:
    """Whether a scripted addTile can place its tile: the class declares
    the writeup's getBoard and setBoard."""
    return all(overridable(game_state_source, name) for name in ("getBoard", "setBoard"))


def subclass_source(game_state_source: str) -> str:
    """ConformanceGameState: every writeup method GameState declares,
    overridden to tell the harness it runs (time limits) and, for rollRNG
    and addTile, to let a test's script answer."""
    methods = []
    for name, (returns, parameters) in SIGNATURES.items():
        if not overridable(game_state_source, name):
            continue
        arguments = ", ".join(part.split()[-1] for part in parameters.split(",") if part)
        call = f"super.{name}({arguments});"
        body = call if returns == "void" else f"return {call}"
        script = ""
        if name in SCRIPTABLE:
            which, argument = SCRIPTABLE[name]
            script = (
                f"if ({HARNESS}.scripted(this, {which})) "
                f'{{ return {HARNESS}.ask(this, "{name}", {argument}); }} '
            )
            if name == "addTile" and places_tiles(game_state_source):
                script = script.replace(
                    f'return {HARNESS}.ask(this, "addTile", "");',
                    f'int answer = {HARNESS}.ask(this, "addTile", ""); '
                    "return answer < 0 ? conformancePlace(-1 - answer) : answer;",
                )
            if name == "rollRNG":  # seeded in the JVM: no round trip a draw
                script += (
                    f"java.util.Random seeded = {HARNESS}.seeded(this); "
                    "if (seeded != null) { return seeded.nextInt(bound); } "
                )
        methods.append(
            f"    public {returns} {name}({parameters}) {{\n"
            f'        {HARNESS}.enter("{name}");\n'
            f"        try {{ {script}{body} }} finally {{ {HARNESS}.leave(); }}\n"
            "    }\n"
        )
    if places_tiles(game_state_source):
        methods.append(PLACE_TILE)
    return (
        "/** Generated by the conformance grader: see gamestate/conformance/javac.py. */\n"
        "public class ConformanceGameState extends GameState {\n"
        "    public ConformanceGameState(int numRows, int numCols) {\n"
        "        super(numRows, numCols);\n"
        "    }\n\n" + "\n".join(methods) + "}\n"
    )


def compile_target(target: Path, scratch: Path, tools: JavaTools) -> Path:
    """Compile ``target`` and the harness into ``scratch``/classes."""
    main, others = student_sources(target)
    source_dir, harness_dir, classes = (scratch / name for name in ("src", "harness", "classes"))
    for folder in (source_dir, harness_dir, classes):
        folder.mkdir(parents=True, exist_ok=True)
    game_state = without_package(main.read_text(encoding="utf-8", errors="replace"))
    (source_dir / "GameState.java").write_text(game_state, encoding="utf-8")
    for other in others:
        if not other.name.startswith(HARNESS_PREFIX):
            text = without_package(other.read_text(encoding="utf-8", errors="replace"))
            (source_dir / other.name).write_text(text, encoding="utf-8")
    for name in STARTER_FILES:  # the writeup: "We will use our own copy when grading"
        (source_dir / name).write_text(starter_source(name), "utf-8")
    java_data = resources.files("gamestate.conformance") / "java"
    (harness_dir / f"{HARNESS}.java").write_text(
        (java_data / f"{HARNESS}.java").read_text("utf-8"), "utf-8"
    )
    (harness_dir / "ConformanceGameState.java").write_text(
        subclass_source(game_state), "utf-8"
    )
    files = [source_dir / "GameState.java", *(source_dir / name for name in STARTER_FILES)]
    files += sorted(harness_dir.glob("*.java"))
    command = [tools.javac, "-d", str(classes), "-sourcepath", str(source_dir)]
    command += ["-encoding", "UTF-8", "-nowarn", "-Xmaxerrs", "5", *map(str, files)]
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=COMPILE_SECONDS, check=False
        )
    except subprocess.TimeoutExpired:
        raise LoadError(f"javac took over {COMPILE_SECONDS} s; gave up") from None
    if done.returncode != 0:
        if javac_too_old(tools):
            raise GraderSetupError(JDK_NEEDED)
        raise LoadError(compile_error(done.stdout + done.stderr, scratch, main.name))
    return classes


def compile_error(output: str, scratch: Path, shown_name: str) -> str:
    text = output.replace(f"{scratch / 'src'}{os.sep}", "").replace(
        f"{scratch / 'harness'}{os.sep}", ""
    )
    text = text.replace("GameState.java:", f"{shown_name}:") if shown_name != "GameState.java" else text
    lines = [line for line in text.splitlines() if line.strip()][:JAVAC_LINES]
    failing = set(re.findall(r"^([^\s:]+\.java):\d+:", text, re.MULTILINE))
    if not failing or not all(name.startswith(HARNESS_PREFIX) for name in failing):
        head = f"{shown_name} does not compile (javac):"
    else:
        head = (
            f"{shown_name} compiles, but its GameState does not have the "
            "writeup's constructor and method signatures (javac):"
        )
    return "\n".join([head, *lines])


def javac_too_old(tools: JavaTools) -> bool:
    done = subprocess.run(
        [tools.javac, "-version"], capture_output=True, text=True, check=False
    )
    match = re.search(r"javac (\d+)(?:\.(\d+))?", done.stdout + done.stderr)
    if match is None:
        return False
    major = int(match.group(1))
    return (int(match.group(2) or 0) if major == 1 else major) < 11
