"""The progress line of every batch run (autoplay, solving many deals).

One line on a terminal, redrawn in place at most every
:data:`REDRAW_SECONDS`: a bar, how many of the total are done, and what
the caller adds (a rate, the best result so far). Only for terminals: the
callers create one when their stream ``isatty()``, so piped output and
JSON stay clean.

:func:`collect` is the loop every batch run shares (results kept as they
come, the line moved on, Ctrl-C stopping early), and :func:`share_bar` and
:func:`figure` the bars and numbers of their results tables.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Final, TextIO, TypeVar

T = TypeVar("T")

BAR_WIDTH: Final = 30
REDRAW_SECONDS: Final = 0.2


class ProgressLine:
    """A bar of ``total`` items on ``stream``, drawn over itself with \\r."""

    def __init__(self, stream: TextIO, total: int, unit: str) -> None:
        self.stream = stream
        self.total = total
        self.unit = unit
        self.done = 0
        self.started = time.perf_counter()
        self.last_drawn = 0.0

    def elapsed(self) -> float:
        """Seconds since the run started (never 0, so rates can divide by it)."""
        return max(time.perf_counter() - self.started, 1e-9)

    def due(self) -> bool:
        """True when a redraw is due (for callers whose details cost to compute)."""
        return time.perf_counter() - self.last_drawn >= REDRAW_SECONDS

    def draw(self, details: str = "") -> None:
        """Redraw now with ``details`` after the count."""
        self.last_drawn = time.perf_counter()
        filled = BAR_WIDTH * self.done // max(self.total, 1)
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] "
            f"{self.done}/{self.total} {self.unit}  {details}\x1b[K"
        )
        self.stream.flush()

    def clear(self) -> None:
        """Erase the line (before the results are printed)."""
        self.stream.write("\r\x1b[K")
        self.stream.flush()


def figure(value: float | None, digits: int = 0) -> str:
    """A number of a results table, grouped by thousands; "-" for none."""
    return "-" if value is None else f"{value:,.{digits}f}"


def share_bar(share: float) -> str:
    """The bar of a results table's row: ``share`` (0 to 1) of BAR_WIDTH."""
    return "#" * round(BAR_WIDTH * share)


def collect(
    results: Iterable[T],
    keep: Callable[[T], None],
    progress: ProgressLine | None = None,
    details: Callable[[], str] = str,
) -> bool:
    """Give each of ``results`` to ``keep`` as it comes, then move the
    progress line on (with ``details()`` after its count); return True
    when Ctrl-C stopped the run early (the result being made is lost).
    The progress line is cleared in any case."""
    try:
        for result in results:
            keep(result)
            if progress is not None:
                progress.done += 1
                progress.draw(details())
    except KeyboardInterrupt:
        return True
    finally:
        if progress is not None:
            progress.clear()
    return False
