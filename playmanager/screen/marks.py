"""What the last move did, marked on every full screen for a moment.

One mechanism for all games (architecture: one place per rule): a game's
controller keeps a :class:`Marks` of whatever its screen marks (2048's
new and merged tiles and points, Dots' new dots and points, the cards
Forty Thieves just moved) and calls :meth:`Marks.show` after a move.
The marks last :data:`MARK_SECONDS`; the controller's ``wake_at`` and
``tick`` (which the shared shell calls) pass on :meth:`Marks.wake_at` and
:meth:`Marks.tick`, so a screen plain again needs no key, and a key
pressed meanwhile is played at once (the shell never waits for a mark).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Generic, TypeVar

MARK_SECONDS: Final = 0.8
"""How long a move's marks stay: long enough to notice, and a key pressed
meanwhile is played at once."""

Clock = Callable[[], float]
"""Seconds that only go forward (time.monotonic)."""

T = TypeVar("T")


class Marks(Generic[T]):
    """The marks of the last move (a value of the game's choosing), shown
    from :meth:`show` until :data:`MARK_SECONDS` later; ``none`` is what
    :attr:`shown` answers when nothing is marked."""

    def __init__(self, none: T, clock: Clock) -> None:
        self._none = none
        self._clock = clock
        self._what = none
        self._until: float | None = None

    def show(self, what: T) -> None:
        """Mark ``what`` from now on (the last move's marks go)."""
        self._what = what
        self._until = self._clock() + MARK_SECONDS

    def clear(self) -> None:
        """No marks (an undo, a new game: what they showed is gone)."""
        self._what = self._none
        self._until = None

    @property
    def shown(self) -> T:
        """What to mark now: ``none`` once the moment is over, even
        before :meth:`tick`."""
        if self._until is None or self._clock() >= self._until:
            return self._none
        return self._what

    def wake_at(self) -> float | None:
        """When the marks end (call :meth:`tick` then); None if none are up."""
        return self._until

    def tick(self) -> None:
        """Drop the marks once their moment is over."""
        if self._until is not None and self._clock() >= self._until:
            self.clear()


def earliest(*times: float | None) -> float | None:
    """The soonest of some wake-up times; None when there is none."""
    return min((t for t in times if t is not None), default=None)


def score_text(score: int, gained: int) -> str:
    """The score with the points the last move earned, while they are
    marked: ``Score 1344 +8``; ``Score 1344`` when none."""
    return f"Score {score} +{gained}" if gained else f"Score {score}"
