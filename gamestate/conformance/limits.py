"""Time limits on a Python class's writeup methods, and what breaking one means.

:func:`time_limited` wraps the writeup's methods of a student's class in a
subclass: the outermost call into the class arms two timers, one on the
CPU time the process uses (SIGPROF) and a far longer wall-clock backstop
(SIGALRM) for a call that waits rather than computes; when one fires,
:class:`TimeLimitError` is raised inside the student's code, naming the
innermost writeup method running ("timed out after 2 s of CPU time in
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
import time
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
# The signals of a limit's timers (see _Timers); none where there are none.
LIMIT_SIGNALS: Final = (
    (signal.SIGPROF, signal.SIGALRM) if hasattr(signal, "SIGPROF") else ()
)


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


# A call's time limit counts the CPU time it uses, not the time on the
# wall clock, so that a call merely slowed by a busy machine is never cut
# off: the same class gets the same verdict under any load. The CPU time is
# the process's user + system time (ITIMER_PROF), not user time alone
# (ITIMER_VIRTUAL): a loop spent in system calls (printing, allocating,
# reading a file) is cut off as one of arithmetic is. A call that waits
# (sleep, a read that blocks) uses no CPU time: a wall-clock backstop ends
# it, BACKSTOP_FACTOR times the limit, if the call used less than
# WAITING_SHARE of its limit in that while (under 1% of the wall clock);
# a call that used more is computing, however slowly, and the backstop
# starts again, so that its CPU limit, not the load, decides.
BACKSTOP_FACTOR: Final = 10
WAITING_SHARE: Final = 0.1


def wall_backstop(seconds: float) -> float:
    """The wall-clock while of the backstop of a CPU ``seconds`` limit."""
    return seconds * BACKSTOP_FACTOR


def outside_patience(seconds: float) -> float:
    """How long a process outside may wait for a limited call's answer
    before deciding the one running it is stuck: twice the backstop, as
    the backstop starts again while a call computes."""
    return 2 * wall_backstop(seconds)


def waiting_cpu(seconds: float) -> float:
    """The CPU time under which a call is waiting through one backstop."""
    return seconds * WAITING_SHARE


def cpu_timeout_text(seconds: float, where: str) -> str:
    """ "timed out after 2 s of CPU time in slideDown"."""
    return f"timed out after {seconds_text(seconds)} of CPU time in {where}"


def wall_timeout_text(seconds: float, where: str) -> str:
    """What a call cut off by the backstop of a CPU ``seconds`` limit did."""
    return (
        f"timed out waiting (under {seconds_text(waiting_cpu(seconds))} of CPU time in "
        f"{seconds_text(wall_backstop(seconds))}) in {where}"
    )


class _Timers:
    """A limit's two timers: the CPU time (SIGPROF) and the backstop
    (SIGALRM), which starts again while the call computes."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.cpu_at_backstop = 0.0

    def start(self, seconds: float) -> None:
        self.seconds = seconds
        self.cpu_at_backstop = time.process_time()
        signal.setitimer(signal.ITIMER_PROF, seconds)
        signal.setitimer(signal.ITIMER_REAL, wall_backstop(seconds))

    @staticmethod
    def stop() -> None:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)

    def waited(self) -> bool:
        """At the backstop: whether the call waited through it (else the
        backstop starts again)."""
        now = time.process_time()
        if now - self.cpu_at_backstop < waiting_cpu(self.seconds):
            return True
        self.cpu_at_backstop = now
        signal.setitimer(signal.ITIMER_REAL, wall_backstop(self.seconds))
        return False


def _cut_off(timers: _Timers, number: int) -> Callable[[float, str], str] | None:
    """The message of the limit whose signal ``number`` came, or None where
    the backstop found the call computing."""
    if number == signal.SIGPROF:
        return cpu_timeout_text
    return wall_timeout_text if timers.waited() else None


class _Clock:
    """The writeup methods running now (innermost last) and the spent ones."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        # Whether calls are timed: a limit, and signals usable here.
        self.timed = seconds > 0 and can_limit_time()
        self.running: list[str] = []
        self.spent: dict[str, str] = {}
        self.timers = _Timers()

    def expire(self, text: Callable[[float, str], str]) -> None:
        message = text(self.seconds, self.running[-1])
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
    """The process's one handler of each limit signal for the clocks,
    installed at the first timed call and kept: signal.signal() costs
    several times a small call of the class (it converts handlers to
    enums), and the differential checks make tens of thousands of calls.
    Each outermost call only sets the timers, and the handler stops the
    clock that set them."""

    clock: _Clock | None = None
    installed = False

    @classmethod
    def arm(cls, clock: _Clock) -> None:
        if not cls.installed:
            for number in LIMIT_SIGNALS:
                signal.signal(number, cls.fire)
            cls.installed = True
        cls.clock = clock
        clock.timers.start(clock.seconds)

    @classmethod
    def disarm(cls) -> None:
        _Timers.stop()
        cls.clock = None

    @classmethod
    def fire(cls, number: int, _frame: FrameType | None) -> None:
        clock = cls.clock
        if clock is not None and clock.running and (text := _cut_off(clock.timers, number)):
            clock.expire(text)


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
    return hasattr(signal, "SIGPROF") and hasattr(signal, "setitimer") and (
        threading.current_thread() is threading.main_thread()
    )


@contextlib.contextmanager
def time_limit(seconds: float, what: str) -> Iterator[None]:
    """Raise TimeLimitError ("timed out after 2 s of CPU time in ``what``")
    in the code run inside once it has used ``seconds`` of CPU time, or
    waited past the wall-clock backstop (nothing where signals cannot be
    used: the caller's process limits are then the only ones)."""
    if seconds <= 0 or not can_limit_time():
        yield
        return

    timers = _Timers()

    def expire(number: int, _frame: FrameType | None) -> None:
        if text := _cut_off(timers, number):
            raise TimeLimitError(text(seconds, what))

    previous = [signal.signal(number, expire) for number in LIMIT_SIGNALS]
    timers.start(seconds)
    try:
        yield
    finally:
        _Timers.stop()
        for number, handler in zip(LIMIT_SIGNALS, previous, strict=True):
            signal.signal(number, handler)
        _Alarm.installed = False  # a clock's next call installs its handlers again


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
