"""Time limits on a Python class's writeup methods, and what breaking one means.

:func:`time_limited` wraps the writeup's methods of a student's class in a
subclass: the outermost call into the class arms a timer (SIGALRM); when
it fires, :class:`TimeLimitError` is raised inside the student's code,
naming the innermost writeup method running ("timed out after 2 s in
slideDown"). That method is then *spent*: a later call of it fails at once
with the same message, so a class that loops forever costs one time limit
per method, not one per test.

:class:`TargetError` and its subclasses derive from BaseException, not
Exception, so neither a student's ``except Exception`` nor Hypothesis's
shrinking (which retries a failing example many times) swallows or
repeats them. The Java proxy raises the same classes.

An exception out of the class's outermost call becomes a
:class:`TargetRaisedError` (its type, message and line): the class's
ERROR, told apart from an exception of the grader's own code, which is a
GRADER-ERROR (plugin.py). Time limits hold only where signals allow (the
main thread of a POSIX process); elsewhere the grader's process watchdog
is the only limit.
"""

from __future__ import annotations

import contextlib
import functools
import signal
import threading
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any, Final, TypeVar

# The writeup's methods (REQUIRED and optional), the ones a limit watches.
WRITEUP_METHODS: Final = (
    "getBoard",
    "setBoard",
    "getScore",
    "setScore",
    "rollRNG",
    "randomTile",
    "countEmptyTiles",
    "addTile",
    "rotateCounterClockwise",
    "canSlideDown",
    "isGameOver",
    "slideDown",
    "move",
    "toString",
)

T = TypeVar("T")


class TargetError(BaseException):
    """The class under test did not answer; the message says what happened."""


class TimeLimitError(TargetError):
    """A call ran past the time limit."""


class TargetCrashError(TargetError):
    """The process running the class died or exited."""


class TargetRaisedError(TargetError):
    """The class threw an exception (its type, message and line)."""


def seconds_text(seconds: float) -> str:
    return f"{seconds:g} s"


class _Clock:
    """The writeup methods running now (innermost last) and the spent ones."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        # Whether calls are timed: a limit, and signals usable here.
        self.timed = seconds > 0 and can_limit_time()
        self.running: list[str] = []
        self.spent: dict[str, str] = {}

    def message(self) -> str:
        return f"timed out after {seconds_text(self.seconds)} in {self.running[-1]}"

    def expire(self) -> None:
        message = self.message()
        self.spent[self.running[-1]] = message
        raise TimeLimitError(message)

    def enter(self, name: str) -> None:
        if name in self.spent:
            raise TimeLimitError(f"{self.spent[name]} (an earlier call; not run again)")
        self.running.append(name)
        if len(self.running) == 1 and self.timed:
            _Alarm.arm(self)

    def leave(self) -> None:
        if len(self.running) == 1 and self.timed:
            _Alarm.disarm()
        self.running.pop()


class _Alarm:
    """The process's one SIGALRM handler for the clocks, installed at the
    first timed call and kept: signal.signal() costs several times a small
    call of the class (it converts handlers to enums), and the differential
    checks make tens of thousands of calls. Each outermost call only sets
    the timer, and the handler stops the clock that set it."""

    clock: _Clock | None = None
    installed = False

    @classmethod
    def arm(cls, clock: _Clock) -> None:
        if not cls.installed:
            signal.signal(signal.SIGALRM, cls.fire)
            cls.installed = True
        cls.clock = clock
        signal.setitimer(signal.ITIMER_REAL, clock.seconds)

    @classmethod
    def disarm(cls) -> None:
        signal.setitimer(signal.ITIMER_REAL, 0)
        cls.clock = None

    @classmethod
    def fire(cls, _signal: int, _frame: FrameType | None) -> None:
        if cls.clock is not None and cls.clock.running:
            cls.clock.expire()


def _timed(clock: _Clock, name: str, method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def timed(*args: Any, **kwargs: Any) -> Any:
        outermost = not clock.running
        clock.enter(name)
        try:
            return method(*args, **kwargs)
        except AssertionError:
            raise  # a test's script failed inside the class: the test's FAIL
        except Exception as error:
            if not outermost:
                raise  # the class may catch what its own methods raise
            raise TargetRaisedError(raised_text(error)) from error
        finally:
            clock.leave()

    return timed


def raised_text(error: BaseException) -> str:
    """ "ValueError: message (game.py:12 in slideDown)": where the class raised."""
    frames = traceback.extract_tb(error.__traceback__)
    where = ""
    if frames:
        frame = frames[-1]
        where = f" ({Path(frame.filename).name}:{frame.lineno} in {frame.name})"
    message = str(error)
    return f"{type(error).__name__}{': ' + message if message else ''}{where}"


def can_limit_time() -> bool:
    return hasattr(signal, "setitimer") and (
        threading.current_thread() is threading.main_thread()
    )


@contextlib.contextmanager
def time_limit(seconds: float, what: str) -> Iterator[None]:
    """Raise TimeLimitError ("timed out after 2 s in ``what``") in the code
    run inside once ``seconds`` have passed (nothing where signals cannot
    be used: the caller's process limits are then the only ones)."""
    if seconds <= 0 or not can_limit_time():
        yield
        return

    def expire(_signal: int, _frame: FrameType | None) -> None:
        raise TimeLimitError(f"timed out after {seconds_text(seconds)} in {what}")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        _Alarm.installed = False  # a clock's next call installs its handler again


def time_limited(game_class: type[T], seconds: float) -> type[T]:
    """A subclass of ``game_class`` whose writeup methods (and constructor)
    each run at most ``seconds`` (no limit where signals cannot be used, or
    ``seconds`` is 0), and whose exceptions are TargetRaisedErrors: the
    class's, never taken for the grader's own (GRADER-ERROR)."""
    clock = _Clock(seconds)
    names = [name for name in WRITEUP_METHODS if callable(getattr(game_class, name, None))]
    wrapped: dict[str, Any] = {
        name: _timed(clock, name, getattr(game_class, name)) for name in names
    }
    wrapped["__init__"] = _timed(clock, "the constructor", game_class.__init__)
    wrapped["__module__"] = game_class.__module__
    wrapped["__qualname__"] = game_class.__qualname__
    return type(game_class.__name__, (game_class,), wrapped)
