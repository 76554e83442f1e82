"""Hang-ups in the line modes: SIGHUP (the terminal closed) and SIGTERM
end a blocked read as :class:`HangUpError`, so that the game can be
rescued before the process ends; so does a read that fails because the
terminal is gone (EIO), which can come before the signal does. Imports
nothing heavy: 2048's line mode loads it at start-up."""

from __future__ import annotations

import contextlib

TYPE_CHECKING = False  # typing costs start-up time (issue 14)
if TYPE_CHECKING:
    import signal as _signal  # the same functions, as type checkers know them
    from collections.abc import Iterator
    from typing import Final
else:
    # The C module under :mod:`signal`: the same functions and numbers
    # without the enums that ``signal`` builds (``enum`` costs start-up).
    import _signal

HANG_UP_SIGNALS: Final = (_signal.SIGHUP, _signal.SIGTERM)


class HangUpError(Exception):
    """The terminal went away (SIGHUP) or the game was asked to end (SIGTERM)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def why(self) -> str:
        """What happened, in a few words."""
        return "Terminal closed" if self.signum == _signal.SIGHUP else "Stopped"

    @property
    def status(self) -> int:
        """The exit status a shell shows for this signal: 128 + its number."""
        return 128 + self.signum


def hung_up(signum: int = _signal.SIGHUP) -> HangUpError:
    """The error to raise for a hang-up; further SIGHUP and SIGTERM are
    ignored from now on (a closing terminal sends SIGHUP after its reads
    fail, or twice), so that they cannot cut the rescue short."""
    with contextlib.suppress(ValueError):  # not the main thread
        for other in HANG_UP_SIGNALS:
            _signal.signal(other, _signal.SIG_IGN)
    return HangUpError(signum)


def _raise_hang_up(signum: int, _frame: object) -> None:
    raise hung_up(signum)


@contextlib.contextmanager
def hang_up_raises() -> Iterator[None]:
    """While inside, SIGHUP and SIGTERM raise :class:`HangUpError` (so that a
    blocked read ends); the old handlers come back afterwards."""
    old = {}
    with contextlib.suppress(ValueError):  # not the main thread: no signals
        for signum in HANG_UP_SIGNALS:
            old[signum] = _signal.signal(signum, _raise_hang_up)
    try:
        yield
    finally:
        for signum, handler in old.items():
            _signal.signal(signum, handler)
