"""Java targets: a student's compiled GameState, driven from Python.

:func:`load_java` compiles the submission (javac.py) and returns a Python
class with the GameState API whose instances live in one JVM running
``ConformanceHarness``, so the conformance tests run unchanged.

**The protocol**, one line each way per request::

    N rows cols            -> V i <id>              new game
    C id method arg...     -> V <value> | E <error> | O <method> <error> | A
                              | P <method> | T <method> | L <method>
    S id rollRNG|addTile 0|1  -> V v                script on or off
    S id rollRNG seed N       -> V v                rollRNG from new Random(N)
    W handle row set|new v,v  -> V v                a test wrote to a board

An argument is ``i:5``, ``d:UP`` / ``d:null`` or ``b:HANDLE:R|v,v;v,v``
/ ``b:null``; a value ``v`` (void), ``n`` (null), ``i 5``, ``z true``,
``s <escaped text>``, ``b HANDLE:R|v,v;v,v`` or ``o <text>``; R is the
number of rows, and the handle names the array for ``W`` (see _Boards).
While a request runs the JVM may ask ``Q id method arg`` (a scripted
rollRNG or addTile); the answer is ``R <int>``, or ``X`` when the script
failed (its exception is raised here once the request returns ``A``).
``T`` is a time-out: the request used its time limit of CPU time (its
worker thread's, so a busy machine does not cut it short); ``L`` one
that outlived the wall-clock backstop, waiting (limits.py); the JVM halts
after either. ``P`` a call of a method
that timed out or overflowed the stack before, ``E`` an exception or
error thrown (OutOfMemoryError included: the JVM goes on), ``O`` a
StackOverflowError and the writeup method that recursed: that method is
spent, as one that timed out (each call would fill and unwind a deep
stack again, on every board of the differential checks). A JVM that stops is started again for the
next game; the games it held are lost.
"""

from __future__ import annotations

import enum
import re
import subprocess
import tempfile
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, NoReturn

from gamestate.conformance.javac import (
    HARNESS,
    SCRIPTABLE,
    JavaTools,
    compile_target,
    find_jdk,
)
from gamestate.conformance.limits import (
    WRITEUP_METHODS,
    TargetCrashError,
    TargetError,
    TargetRaisedError,
    TimeLimitError,
    cpu_timeout_text,
    outside_patience,
    seconds_text,
    waiting_cpu,
    wall_backstop,
    wall_timeout_text,
)
from gamestate.conformance.pipes import PipeLines

START_SECONDS: Final = 30
# Requests sent before their replies are read (see JavaProcess.pipeline):
# few enough that neither pipe fills while the other side waits.
PIPELINE_CHUNK: Final = 64
CHUNKS_AHEAD: Final = 2
# Beyond limits.outside_patience, how long to wait for a reply before
# deciding the JVM is stuck.
GRACE_SECONDS: Final = 10


# ------------------------------------------------------------- the JVM
Query = Callable[[int, str, str], int]
RowState = tuple[object, tuple[int, ...] | None]


class _Boards:
    """The boards lately passed to or returned by the JVM, kept in step.

    In Java a caller shares arrays with the game: a getBoard that returns
    the game's own array, or a setBoard that keeps its argument, lets the
    caller's later writes change the game (R04, R05). The Python side only
    ever holds copies, so before each request the changes a test made to
    the lists it holds are written into the JVM's arrays (``W``), row by
    row: values in place when the test set cells, a new row array when it
    put a new list in the row.
    """

    KEPT: Final = 8  # the harness keeps 16

    def __init__(self) -> None:
        self.kept: deque[tuple[str, list[Any], list[RowState]]] = deque(maxlen=self.KEPT)
        self.count = 0

    def passed(self, board: list[Any]) -> str:
        """The handle of a board given as an argument (now kept in step)."""
        handle = f"p{self.count}"
        self.count += 1
        self.keep(handle, board)
        return handle

    def keep(self, handle: str, board: list[Any]) -> None:
        self.kept.append((handle, board, self._state(board)))

    @staticmethod
    def _state(board: list[Any]) -> list[RowState]:
        return [
            (row, tuple(row) if isinstance(row, list) else None) for row in board
        ]

    def changes(self) -> list[str]:
        """The W requests that bring the JVM's arrays up to date."""
        lines = []
        for index, (handle, board, state) in enumerate(self.kept):
            now = self._state(board)
            for row, ((old_row, old), (new_row, new)) in enumerate(zip(state, now, strict=False)):
                if new is not None and (old_row is not new_row or old != new):
                    mode = "set" if old_row is new_row else "new"
                    values = ",".join(str(int(value)) for value in new)
                    lines.append(f"W {handle} {row} {mode} {values}")
            self.kept[index] = (handle, board, now)
        return lines

    def clear(self) -> None:
        self.kept.clear()


class JavaProcess:
    """The JVM running the harness: started on demand, restarted after it
    stops (a time-out, System.exit, an Error, a crash)."""

    def __init__(self, tools: JavaTools, classes: Path, time_limit: float, memory_mb: int):
        self.tools = tools
        self.classes = classes
        self.time_limit = time_limit
        self.backstop = wall_backstop(time_limit)
        self.patience = outside_patience(time_limit) + GRACE_SECONDS
        self.memory_mb = memory_mb
        self.process: subprocess.Popen[bytes] | None = None
        self.lines: PipeLines | None = None
        self.generation = 0
        self.methods: set[str] = set()
        # Methods that timed out or overflowed the stack, with their
        # error: not run again.
        self.spent: dict[str, TargetError] = {}
        # The JVM's own complaints (crashes); closed by close().
        self.errors = tempfile.TemporaryFile()  # noqa: SIM115
        self.boards = _Boards()

    def start(self) -> None:
        limits = [
            max(1, round(seconds * 1000))
            for seconds in (self.time_limit, self.backstop, waiting_cpu(self.time_limit))
        ]
        command = [self.tools.java, f"-Xmx{self.memory_mb}m", "-XX:+UseSerialGC"]
        command += ["-XX:TieredStopAtLevel=1", "-Xshare:auto", "-cp", str(self.classes)]
        command += [HARNESS, *map(str, limits), *self.spent]
        self.errors.seek(0)
        self.errors.truncate()
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.errors
        )
        assert self.process.stdout is not None
        self.lines = PipeLines(self.process.stdout)
        self.generation += 1
        self.boards.clear()
        ready = self._read(START_SECONDS, "starting the JVM")
        if not ready.startswith("READY"):
            self._died("starting the JVM")
        self.methods = set(ready.split()[1:])

    def ensure_started(self) -> None:
        if self.process is None:
            self.start()

    def request(self, line: str, method: str, query: Query | None = None) -> str:
        """Send one request; answer the JVM's queries; return its reply."""
        self.ensure_started()
        for change in self.boards.changes():
            self._exchange(change, method, None)
        return self._exchange(line, method, query)

    def pipeline(self, lines: Sequence[str], methods: Sequence[str]) -> list[str | TargetError]:
        """Send many requests that ask nothing back (no script is on) in few
        round trips: each reply, or the error a request raised. A time-out
        or a crash raises at once (the JVM is gone)."""
        self.ensure_started()
        for change in self.boards.changes():
            self._exchange(change, methods[0], None)
        replies: list[str | TargetError] = []
        starts = range(0, len(lines), PIPELINE_CHUNK)

        def send(number: int) -> None:
            if number < len(starts):
                start = starts[number]
                self._send("\n".join(lines[start : start + PIPELINE_CHUNK]), methods[start])

        for number in range(CHUNKS_AHEAD):
            send(number)
        for number, start in enumerate(starts):
            for method in methods[start : start + PIPELINE_CHUNK]:
                reply = self._read(self.patience, method)
                if reply.startswith("Q "):  # a script after all: no answer
                    self._send("X", method)
                    reply = self._read(self.patience, method)
                if reply == "A":
                    replies.append(TargetRaisedError(f"{method} asked for a script"))
                    continue
                try:
                    replies.append(self._checked(reply))
                except TargetError as error:
                    if self.process is None:
                        raise  # a time-out: the JVM halted, no reply follows
                    replies.append(error)  # each reply read: the next ones stay in step
            send(number + CHUNKS_AHEAD)  # the JVM never waits for the next chunk
        return replies

    def _exchange(self, line: str, method: str, query: Query | None) -> str:
        self._send(line, method)
        while True:
            reply = self._read(self.patience, method)
            if not reply.startswith("Q ") or query is None:
                return self._checked(reply)
            _, game, asked, argument = (reply.split(" ", 3) + [""])[:4]
            try:
                answer = f"R {query(int(game), asked, argument)}"
            except Exception:  # noqa: BLE001 - the script's failure is raised later
                answer = "X"
            self._send(answer, method)

    def _send(self, line: str, method: str) -> None:
        assert self.process is not None and self.process.stdin is not None
        try:
            self.process.stdin.write(line.encode("utf-8") + b"\n")
            self.process.stdin.flush()
        except OSError:  # the JVM is gone
            self._died(method)

    def _checked(self, reply: str) -> str:
        kind, _, rest = reply.partition(" ")
        if kind in ("T", "L"):
            said = cpu_timeout_text if kind == "T" else wall_timeout_text
            timed_out = TimeLimitError(said(self.time_limit, rest))
            self.spent[rest] = timed_out
            self.stop()
            raise timed_out
        if kind == "O":
            method, _, text = rest.partition(" ")
            self.spent[method] = TargetRaisedError(unescape(text))
            raise self.spent[method]
        if kind == "P":
            earlier = self.spent[rest]
            raise type(earlier)(f"{earlier} (an earlier call; not run again)")
        if kind == "E":
            raise TargetRaisedError(unescape(rest))
        return reply

    def _read(self, seconds: float, method: str) -> str:
        assert self.lines is not None
        try:
            line = self.lines.read(time.monotonic() + seconds)
        except TimeoutError:
            self.stop()
            raise TimeLimitError(
                f"the JVM did not answer within {seconds_text(seconds)} in {method}; "
                "killed"
            ) from None
        if line is None:
            self._died(method)
        return line

    def _died(self, method: str) -> NoReturn:
        assert self.process is not None
        try:
            status = self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            status = None
        self.errors.seek(0)
        said = [
            line
            for line in self.errors.read().decode("utf-8", "replace").splitlines()
            if line.strip()
        ]
        self.stop()
        if status is not None and status >= 0:
            message = f"the program exited with status {status} in {method} (System.exit?)"
        else:
            message = f"the JVM crashed ({'killed' if status is None else f'signal {-status}'}) in {method}"
        if said:
            message += f": {said[-1][:120]}"
        raise TargetCrashError(message)

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                stream.close()
        if self.lines is not None:
            self.lines.close()
        self.process = None
        self.lines = None

    def close(self) -> None:
        self.stop()
        self.errors.close()


def unescape(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "r": "\r"}.get(m.group(1), m.group(1)), text)


def encode(argument: object, boards: _Boards | None) -> str:
    """An argument's word; a board is kept in step with ``boards`` (None:
    the caller never writes to it, see JavaGame._conformance_calls)."""
    if isinstance(argument, bool):
        raise TypeError(f"unexpected boolean argument {argument!r}")
    if isinstance(argument, int):
        return f"i:{argument}"
    if isinstance(argument, enum.Enum):
        return f"d:{argument.name}"
    if not isinstance(argument, Iterable):
        raise TypeError(f"unexpected argument {argument!r}")
    if not isinstance(argument, list):
        argument = [list(row) for row in argument]  # a tuple of rows, say
    handle = "once" if boards is None else boards.passed(argument)
    return f"b:{handle}:{encode_board(argument)}"


def encode_board(board: Sequence[Sequence[int]]) -> str:
    rows = ";".join(",".join(str(int(value)) for value in row) for row in board)
    return f"{len(board)}|{rows}"


def decode(value: str, boards: _Boards | None) -> Any:
    kind, _, rest = value.partition(" ")
    if kind in ("v", "n"):
        return None
    if kind == "i":
        return int(rest)
    if kind == "z":
        return rest == "true"
    if kind in ("s", "o"):
        return unescape(rest)
    handle, _, rest = rest.partition(":")
    count, _, cells = rest.partition("|")
    board: list[Any] = [
        None if row == "~" else [int(cell) for cell in row.split(",") if cell]
        for row in (cells.split(";") if int(count) else [])
    ]
    if boards is not None:
        boards.keep(handle, board)
    return board


# Which argument kind None stands for, per method (the null of the writeup).
NULL_ARGUMENT: Final = {"setBoard": "b:null", "move": "d:null"}


class JavaGame:
    """A proxy of one GameState in the JVM; its class is made per target."""

    _process: JavaProcess
    _scripts: dict[str, Callable[..., int]]
    _id: int
    _generation: int
    _failure: BaseException | None

    def __init__(self, numRows: int, numCols: int) -> None:
        process = type(self)._process
        object.__setattr__(self, "_scripts", {})
        object.__setattr__(self, "_failure", None)
        reply = process.request(f"N {int(numRows)} {int(numCols)}", "the constructor")
        object.__setattr__(self, "_generation", process.generation)
        object.__setattr__(self, "_id", int(reply.split()[-1]))

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)
        if name in SCRIPTABLE:
            self._scripts[name] = value
            self._request(f"S {self._id} {name} 1", name)

    def _conformance_seed(self, seed: int) -> None:
        """rollRNG answered in the JVM from ``new java.util.Random(seed)``
        (as support.seed_draws does in Python): no script on this side, so
        the calls stay batched."""
        self._request(f"S {self._id} rollRNG seed {int(seed)}", "rollRNG")

    def _answer(self, _game: int, method: str, argument: str) -> int:
        script = self._scripts[method]
        in_jvm = getattr(script, "in_jvm", None)  # support.ScriptedTile
        try:
            if in_jvm is not None:
                return int(in_jvm())
            return int(script(int(argument)) if argument else script())
        except BaseException as failure:
            object.__setattr__(self, "_failure", failure)
            raise

    def _request(self, line: str, method: str) -> str:
        process = type(self)._process
        if self._generation != process.generation or process.process is None:
            raise TargetCrashError(
                f"this GameState was lost when the JVM stopped earlier ({method})"
            )
        object.__setattr__(self, "_failure", None)
        reply = process.request(line, method, self._answer)
        failure = self._failure
        if failure is not None:
            object.__setattr__(self, "_failure", None)
            raise failure
        if reply == "A":
            raise TargetRaisedError(f"{method} failed inside the test's script")
        return reply

    def _call(self, method: str, *arguments: object) -> Any:
        reply = self._request(self._call_line(method, arguments), method)
        return decode(reply[2:], type(self)._process.boards)

    def _call_line(self, method: str, arguments: Sequence[object], kept: bool = True) -> str:
        boards = type(self)._process.boards if kept else None
        words = [
            NULL_ARGUMENT.get(method, "i:0") if argument is None else encode(argument, boards)
            for argument in arguments
        ]
        return " ".join(["C", str(self._id), method, *words])

    def _conformance_calls(
        self, calls: Sequence[tuple[str, Sequence[object]]], each: bool = False
    ) -> list[Any]:
        """The results of many calls, made in few round trips (on a game
        with no script on); the first error raised after all ran, or with
        ``each`` the error in place of its call's result."""
        if self._scripts:
            return [getattr(self, method)(*arguments) for method, arguments in calls]
        process = type(self)._process
        if self._generation != process.generation or process.process is None:
            raise TargetCrashError("this GameState was lost when the JVM stopped earlier")
        if not calls:
            return []
        # The boards of these calls are the grader's own: no test writes to
        # them, so they are not kept in step (which costs a copy each).
        lines = [self._call_line(method, arguments, kept=False) for method, arguments in calls]
        replies = process.pipeline(lines, [method for method, _ in calls])
        failures = [reply for reply in replies if isinstance(reply, TargetError)]
        if failures and not each:
            raise failures[0]
        return [
            reply if isinstance(reply, TargetError) else decode(reply[2:], None)
            for reply in replies
        ]


def _method(name: str) -> Callable[..., Any]:
    def call(self: JavaGame, *arguments: object) -> Any:
        return self._call(name, *arguments)

    call.__name__ = name
    return call


def proxy_class(process: JavaProcess, label: str) -> type[JavaGame]:
    """A class with the GameState API for the GameState in ``process``:
    exactly the writeup methods the Java class declares."""
    process.ensure_started()
    methods: dict[str, Any] = {
        name: _method(name) for name in WRITEUP_METHODS if name in process.methods
    }
    methods["_process"] = process
    methods["__doc__"] = f"The Java GameState of {label}, driven through the harness."
    return type("GameState", (JavaGame,), methods)


@dataclass
class JavaTarget:
    """A compiled Java submission: its proxy class and what to clean up."""

    game_class: type[JavaGame]
    process: JavaProcess
    scratch: tempfile.TemporaryDirectory[str]

    def close(self) -> None:
        self.process.close()
        self.scratch.cleanup()


def load_java(spec: str, time_limit: float, memory_mb: int) -> JavaTarget:
    """Compile the submission ``spec`` (a .java file or a folder) and start
    its JVM; LoadError when it cannot be run."""
    tools = find_jdk()
    scratch = tempfile.TemporaryDirectory(prefix="conformance-java-")
    try:
        classes = compile_target(Path(spec), Path(scratch.name), tools)
        process = JavaProcess(tools, classes, time_limit or 3600.0, memory_mb)
        return JavaTarget(proxy_class(process, spec), process, scratch)
    except BaseException:
        scratch.cleanup()
        raise
