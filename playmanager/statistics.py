"""What the full screens remember across runs: games played, won, streaks
and bests, per game and variant, in one small JSON file.

A *variant* is what makes two games comparable: 2048's board size and
rules, Dots' level; Forty Thieves has one. Each game's front end names
its own variants (a short text such as ``4x4, java rules``); this module
is game-free.

The file is ``statistics.json`` in the data folder
(:func:`playmanager.data_folder.data_folder`). It is written through the
atomic writer, so a crash leaves the old file or the new one. Every
recording reads the file again before writing, so two games played at
once both count. A file that is not ours to read (corrupt, not UTF-8,
not statistics) is never lost: it is renamed aside with a suffix and the
statistics start afresh; every problem is one plain sentence (a
*notice*), never raw bytes or an errno repr. This module never prints.

What counts, for every game alike:

* a game with a move made in it counts once, when it ends: *won* when
  the game's own rule says so (2048's goal tile, counted as the win
  shows, whether play goes on or not; all cards home; the objective
  met), lost when it ends otherwise, is given up for a new game, or is
  a kept game discarded at launch (:meth:`Tracker.give_up_kept`). A game
  left unfinished at quit is not counted yet: it is kept to resume (its
  time so far in :attr:`Statistics.pending`, the file it is kept in and
  its best score in :attr:`Statistics.kept`), and counts when it ends
  after a resume from that file; a game counted already (2048's win,
  played on) is kept as counted (:attr:`Statistics.played_on`) and never
  counts again; a newer kept game replaces the one kept before;
* undo that brings back a game given up for a new one takes back the
  count giving it up made, so the game counts once; undo of a resume keeps
  the resumed game again; a game given up and then kept in a rescue file
  at the quit (``n`` then ``q``) counted at the ``n``: resumed, it goes on
  counted (:meth:`Tracker.keep_given_up`);
* a game started from a save file counts only from the moves made after
  loading, and is marked: it adds to :attr:`Tally.from_file`, and it never
  sets a best score or a best time, since part of it was played elsewhere.
"""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Final, TypeVar

from .screen.text_layout import wrap_lines
from .storage import MAX_FILE_BYTES, describe_os_error, write_atomically

FILE_NAME: Final = "statistics.json"
FORMAT: Final = "gamestate2048 statistics 1"
"""The file's ``format`` field: a file without it is not ours."""
ASIDE_SUFFIX: Final = ".unreadable"
"""What a file that cannot be read is renamed to (then -2, -3...)."""

N = TypeVar("N", int, float)
R = TypeVar("R", "Tally", "Pending", "Kept", "PlayedOn")


class StatisticsError(ValueError):
    """A statistics file whose content is not statistics; the text says why."""


@dataclass
class Tally:
    """The record of one game and variant."""

    played: int = 0
    won: int = 0
    streak: int = 0
    """Games won in a row, up to the last one."""
    best_streak: int = 0
    best_score: int | None = None
    best_seconds: float | None = None
    """The fastest win, in seconds of play."""
    from_file: int = 0
    """How many of :attr:`played` were started from a save file."""

    @property
    def win_rate(self) -> float | None:
        """Won / played, from 0 to 1; None before the first game."""
        return self.won / self.played if self.played else None

    def add(self, result: Result) -> None:
        """Count one finished game."""
        self.played += 1
        self.from_file += result.from_file
        if not result.won:
            self.streak = 0
        else:
            self.won += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        if result.from_file:
            return  # part of it was played elsewhere: no best
        if result.score is not None:
            self.best_score = _best(self.best_score, result.score, max)
        if result.won and result.seconds is not None:
            self.best_seconds = _best(self.best_seconds, result.seconds, min)


def _keep_best_of_kept(statistics: Statistics, game: str) -> None:
    """A newer kept game is about to replace ``game``'s kept one: the best
    score that one reached (on this machine) stays its variant's best, so
    that Best never goes down when a rescue replaces the record."""
    pending, kept = statistics.pending.get(game), statistics.kept.get(game)
    if pending is None or pending.from_file or kept is None or kept.score is None:
        return
    tally = statistics.tally(game, pending.variant)
    tally.best_score = _best(tally.best_score, kept.score, max)


def _best(old: N | None, new: N, pick: Callable[[N, N], N]) -> N:
    return new if old is None else pick(old, new)


@dataclass(frozen=True)
class Result:
    """How one game ended."""

    won: bool
    score: int | None = None
    """The game's score (None where the game has none)."""
    seconds: float | None = None
    """Seconds of play to the win (or to the end, for a loss)."""
    from_file: bool = False
    """Started from a save file: counted, but sets no best."""


@dataclass(frozen=True)
class Pending:
    """A game kept unfinished at quit: what its statistics need at resume."""

    variant: str
    seconds: float
    from_file: bool
    won: bool = False
    """Already won (2048 goes on after its goal tile)."""


@dataclass(frozen=True)
class Kept:
    """Where the kept game is and its best score so far.

    Apart from :class:`Pending` (the file's top-level ``kept``, which an
    older version ignores), so that a file written here still reads there."""

    file: str | None
    """The file it is kept in (absolute), when known."""
    score: int | None = None
    """The best score it reached (None: none yet, or the game has none)."""


@dataclass(frozen=True)
class PlayedOn:
    """A game kept at quit after it was counted (2048 won, then played on):
    resumed, it goes on counted, so that it never counts again.

    A top-level table of its own (``played_on``), which an older version
    ignores, so that a file written here still reads there."""

    variant: str
    file: str | None
    """The file it is kept in (absolute), when known."""
    from_file: bool
    seconds: float


@dataclass
class Statistics:
    """Every tally, by game then variant, and the games kept to resume."""

    games: dict[str, dict[str, Tally]] = field(default_factory=dict)
    pending: dict[str, Pending] = field(default_factory=dict)
    """By game: the unfinished game kept to resume."""
    kept: dict[str, Kept] = field(default_factory=dict)
    """By game: where the game in :attr:`pending` is kept, and its score."""
    played_on: dict[str, PlayedOn] = field(default_factory=dict)
    """By game: the counted game kept to resume (none while one is pending)."""

    def tally(self, game: str, variant: str) -> Tally:
        """The tally of ``game``'s ``variant`` (a new, empty one if none)."""
        return self.games.setdefault(game, {}).setdefault(variant, Tally())

    def best_score(self, game: str, variant: str) -> int | None:
        """The best score of ``game``'s ``variant``, the kept game's too
        (unless it was started from a file)."""
        tally = self.games.get(game, {}).get(variant)
        scores = [] if tally is None or tally.best_score is None else [tally.best_score]
        pending, kept = self.pending.get(game), self.kept.get(game)
        if pending is not None and pending.variant == variant and not pending.from_file:
            scores += [] if kept is None or kept.score is None else [kept.score]
        return max(scores, default=None)

    def to_json(self) -> str:
        games = {
            game: {variant: asdict(tally) for variant, tally in variants.items()}
            for game, variants in self.games.items()
        }
        pending = {game: asdict(kept) for game, kept in self.pending.items()}
        kept = {game: asdict(where) for game, where in self.kept.items()}
        played_on = {game: asdict(record) for game, record in self.played_on.items()}
        data = {
            "format": FORMAT,
            "games": games,
            "pending": pending,
            "kept": kept,
            "played_on": played_on,
        }
        return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=True) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Statistics:
        """Read :meth:`to_json`'s text; raise StatisticsError saying why not."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise StatisticsError("it is not JSON") from error
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise StatisticsError("it is not a statistics file of this program")
        games = {
            game: {variant: _read(Tally, tally) for variant, tally in _items(variants)}
            for game, variants in _items(data.get("games", {}))
        }
        pending = {
            game: _read(Pending, kept) for game, kept in _items(data.get("pending", {}))
        }
        kept = {game: _read(Kept, where) for game, where in _items(data.get("kept", {}))}
        played_on = {
            game: _read(PlayedOn, record)
            for game, record in _items(data.get("played_on", {}))
        }
        return cls(games, pending, kept, played_on)


def _items(value: object) -> Iterator[tuple[str, Any]]:
    if not isinstance(value, dict):
        raise StatisticsError("its games are not a table")
    return iter(value.items())


def _read(kind: type[R], value: object) -> R:
    """A ``kind`` from its JSON table, every field checked against its type."""
    if not isinstance(value, dict) or set(value) != {f.name for f in fields(kind)}:
        raise StatisticsError(f"a {kind.__name__.lower()} has the wrong fields")
    for item in fields(kind):
        if not _fits(value[item.name], str(item.type)):
            raise StatisticsError(f"{item.name} {value[item.name]!r} is out of place")
    return kind(**value)


def _fits(value: object, declared: str) -> bool:
    """Whether a JSON value fits a field declared ``int``, ``float | None``..."""
    if value is None:
        return declared.endswith("| None")
    if isinstance(value, bool):
        return declared == "bool"
    if isinstance(value, int):
        return declared.startswith(("int", "float")) and value >= 0
    if isinstance(value, float):
        return declared.startswith("float") and math.isfinite(value) and value >= 0
    return isinstance(value, str) and declared.startswith("str")


# ------------------------------------------------------------ the file
def default_path(folder: str | Path) -> Path:
    """Where the statistics live in the data folder ``folder``."""
    return Path(folder) / FILE_NAME


def load(path: Path) -> tuple[Statistics, str | None]:
    """Read the statistics at ``path``: (statistics, None), or fresh ones and
    a notice saying what was wrong and where the old file went.

    A missing file is no notice: nothing has been played yet.
    """
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        return Statistics(), None
    except OSError as error:
        return Statistics(), _set_aside(path, describe_os_error(error).lower())
    try:
        if len(data) > MAX_FILE_BYTES:
            raise StatisticsError("it is larger than 1 MiB")
        return Statistics.from_json(data.decode("utf-8")), None
    except UnicodeDecodeError:
        return Statistics(), _set_aside(path, "it is not text")
    except StatisticsError as error:
        return Statistics(), _set_aside(path, str(error))


def _set_aside(path: Path, why: str) -> str:
    """Rename an unreadable statistics file aside; the notice saying so."""
    for number in range(1, 1000):
        aside = path.with_name(
            path.name + ASIDE_SUFFIX + ("" if number == 1 else f"-{number}")
        )
        if aside.exists():
            continue
        try:
            os.rename(path, aside)
        except OSError as error:
            reason = describe_os_error(error).lower()
            return (
                f"The statistics in {path} cannot be read ({why}) nor moved "
                f"aside ({reason}); this run's games are not counted."
            )
        return (
            f"The statistics in {path} could not be read ({why}); "
            f"the file is kept as {aside.name} and new statistics begin."
        )
    return f"The statistics in {path} could not be read ({why}); none are kept."


def store(path: Path, statistics: Statistics) -> str | None:
    """Write ``statistics`` atomically (making the folder); None when written,
    else a notice saying why not (the old file stays as it was)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(str(path), statistics.to_json())
    except OSError as error:
        reason = describe_os_error(error).lower()
        return f"Statistics not saved: cannot write to {path.parent} ({reason})."
    return None


def update(
    path: Path, change: Callable[[Statistics], None]
) -> tuple[Statistics, str | None]:
    """Read the file again, ``change`` it, write it back; return the new
    statistics and a notice (None when all went well).

    When the file could be neither read nor moved aside, nothing is
    written, so that it is never replaced unread.
    """
    statistics, notice = load(path)
    if notice is not None and path.exists():
        return statistics, notice
    change(statistics)
    return statistics, store(path, statistics) or notice


# ------------------------------------------------------------ one game in play
@dataclass
class _Followed:
    """What the tracker knows of one game: enough to count it, once."""

    variant: str
    from_file: bool
    started: float
    moved: bool = False
    counted: bool = False
    won: bool = False
    seconds_before: float = 0.0
    """Time played before this run (a resumed game)."""
    win_seconds: float | None = None
    top_score: int | None = None
    counted_seconds: float = 0.0
    """Its time when it was counted (won, ended or given up)."""


@dataclass(frozen=True)
class _Counted:
    """A count written to the file: the tally just before and just after it."""

    variant: str
    before: Tally | None
    after: Tally


@dataclass(frozen=True)
class _Before:
    """A game before a start, for undo: what its end counted, and the kept
    record a resume took (both given back by :meth:`Tracker.take_back`)."""

    game: _Followed
    counted: _Counted | None = None
    resumed: tuple[Pending, Kept | None] | PlayedOn | None = None


class Tracker:
    """Follows the game on screen for the statistics file at ``path``.

    A front end calls :meth:`start` when a game begins (dealt, loaded or
    resumed), :meth:`moved` after every move, :meth:`won` when the game's
    goal is reached, :meth:`ended` when the game is over, :meth:`abandon`
    when it is given up for a new game, :meth:`keep` when the player quits
    with it unfinished, and :meth:`take_back` when undo brings back the game
    before the last start. Each returns a notice, or None.
    """

    def __init__(
        self, path: Path, game: str, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.path = path
        self.game = game
        self._clock = clock
        self._game = _Followed("", False, clock())
        self._earlier: list[_Before] = []
        """The games before each start, newest last, with what their end
        counted: undo can bring them back (:meth:`take_back`)."""
        self._last_count: _Counted | None = None

    def start(self, variant: str, *, from_file: bool) -> None:
        """A new game of ``variant`` begins (``from_file``: loaded from a save)."""
        self._earlier.append(_Before(self._game, self._last_count))
        self._last_count = None
        self._game = _Followed(variant, from_file, self._clock())

    def resume(self, variant: str, file: str | None = None) -> str | None:
        """The game kept at the last quit (:meth:`keep`), now read from
        ``file``, is played again: go on counting its time, under its own
        variant. A kept game in another file, or none, means the resumed
        file's past is unknown: it counts as from a file, as ``variant``."""
        taken: list[tuple[Pending, Kept | None]] = []
        played_on: list[PlayedOn] = []

        def take(statistics: Statistics) -> None:
            pending, kept = statistics.pending.get(self.game), statistics.kept.get(self.game)
            record = statistics.played_on.get(self.game)
            if pending is not None and _same_game(pending, kept, variant, file):
                del statistics.pending[self.game]
                statistics.kept.pop(self.game, None)
                taken.append((pending, kept))
            elif record is not None and _same_game(record, record, variant, file):
                del statistics.played_on[self.game]
                played_on.append(record)

        _statistics, notice = update(self.path, take)
        if played_on:
            self._resume_counted(played_on[0])
            return notice
        if not taken:
            self.start(variant, from_file=True)
            return notice
        pending, kept = taken[0]
        self.start(pending.variant, from_file=pending.from_file)
        self._earlier[-1] = replace(self._earlier[-1], resumed=taken[0])
        game = self._game
        game.moved = True  # its moves were made here, before the quit
        game.won, game.seconds_before = pending.won, pending.seconds
        game.win_seconds = pending.seconds if pending.won else None
        game.top_score = None if kept is None else kept.score
        return notice

    def _resume_counted(self, record: PlayedOn) -> None:
        """Go on following a game counted before it was kept: it never
        counts again, its end can only raise its best score."""
        self.start(record.variant, from_file=record.from_file)
        self._earlier[-1] = replace(self._earlier[-1], resumed=record)
        game = self._game
        game.moved = game.counted = game.won = True
        game.seconds_before = record.seconds

    def take_back(self) -> str | None:
        """Undo brought back the game before the last start: follow it again.
        If giving it up counted it, the count is taken back too (when the
        file still holds that count: another game written since keeps it,
        and the game then counts no more); a kept game that start resumed
        is kept again."""
        if not self._earlier:
            return None
        before = self._earlier.pop()
        self._game, self._last_count = before.game, None
        if before.counted is None and before.resumed is None:
            return None

        def restore(statistics: Statistics) -> None:
            if before.counted is not None and _uncount(statistics, self.game, before.counted):
                self._game.counted = False
            resumed = before.resumed
            if resumed is None or self.game in statistics.pending:
                return
            if isinstance(resumed, PlayedOn):
                statistics.played_on.setdefault(self.game, resumed)
            elif self.game not in statistics.played_on:
                statistics.pending[self.game], kept = resumed
                if kept is not None:
                    statistics.kept[self.game] = kept

        _statistics, notice = update(self.path, restore)
        return notice

    @property
    def variant(self) -> str:
        """The variant of the game on screen."""
        return self._game.variant

    @property
    def from_file(self) -> bool:
        """True when the game on screen was started from a save file."""
        return self._game.from_file

    @property
    def counting(self) -> bool:
        """True when the game on screen has moves that are not counted yet."""
        return self._game.moved and not self._game.counted

    def moved(self, score: int | None = None) -> None:
        """A move was made; the game's score is now ``score`` (its best
        score is the highest it reached, undo or not)."""
        game = self._game
        if not game.moved:
            game.moved = True
            game.started = self._clock()
        if score is not None:
            game.top_score = _best(game.top_score, score, max)

    def won(self) -> None:
        """The goal was reached (the game may go on, as 2048's does)."""
        if self._game.moved and not self._game.won:
            self._game.won = True
            self._game.win_seconds = self._seconds()

    def ended(self, score: int | None) -> str | None:
        """The game is over: count it (once) with its final ``score``."""
        return self._count(score)

    def abandon(self, score: int | None) -> str | None:
        """The game is given up for another: a loss unless already won."""
        return self._count(score)

    def keep(self, final: int | None, file: str | None = None) -> str | None:
        """The player quits with the game unfinished, kept in ``file``: it
        is kept to resume, not counted yet (its time and best score so far
        wait with it, :meth:`resume` takes them up). A game counted already
        (2048's win, played on) is kept as counted: resumed, it never counts
        again. A newer kept game replaces the one kept before."""
        game = self._game
        where = None if file is None else os.path.abspath(file)
        if not self.counting:
            notice = self._raise_best(final)
            if not game.moved:
                return notice
            played_on = PlayedOn(game.variant, where, game.from_file, self._seconds())

            def mark(statistics: Statistics) -> None:
                statistics.pending.pop(self.game, None)
                statistics.kept.pop(self.game, None)
                statistics.played_on[self.game] = played_on

            return update(self.path, mark)[1] or notice
        pending = Pending(game.variant, self._seconds(), game.from_file, game.won)
        kept = Kept(where, self._top(final))

        def add(statistics: Statistics) -> None:
            _keep_best_of_kept(statistics, self.game)
            statistics.pending[self.game] = pending
            statistics.kept[self.game] = kept
            statistics.played_on.pop(self.game, None)

        _statistics, notice = update(self.path, add)
        return notice

    def keep_given_up(self, file: str) -> str | None:
        """The last game given up for a later one, counted then
        (:meth:`abandon`), is kept in ``file`` at a quit or hang-up (undo
        could still bring it back): resumed from there, it goes on counted
        and never counts again. A game kept before waits as it was."""
        given_up = next((b.game for b in reversed(self._earlier) if b.counted), None)
        if given_up is None:
            return None
        record = PlayedOn(
            given_up.variant,
            os.path.abspath(file),
            given_up.from_file,
            given_up.counted_seconds,
        )

        def mark(statistics: Statistics) -> None:
            statistics.played_on[self.game] = record

        return update(self.path, mark)[1]

    def give_up_kept(self, file: str) -> str | None:
        """The game kept in ``file`` is declined (its file removed): it
        ends given up, counted once as a loss unless it was won."""

        def count_it(statistics: Statistics) -> None:
            pending, kept = statistics.pending.get(self.game), statistics.kept.get(self.game)
            record = statistics.played_on.get(self.game)
            if record is not None and _same_game(record, record, record.variant, file):
                del statistics.played_on[self.game]  # counted already
                return
            if pending is None or not _same_game(pending, kept, pending.variant, file):
                return
            del statistics.pending[self.game]
            statistics.kept.pop(self.game, None)
            score = None if kept is None else kept.score
            result = Result(pending.won, score, pending.seconds, pending.from_file)
            statistics.tally(self.game, pending.variant).add(result)

        _statistics, notice = update(self.path, count_it)
        return notice

    def _raise_best(self, score: int | None) -> str | None:
        """A game counted already (2048's win, then play went on) still
        raises its variant's best score when it ends higher: it counts
        once, its best is its highest."""
        game = self._game
        top = self._top(score)
        if not game.counted or game.from_file or top is None:
            return None
        tally = load(self.path)[0].games.get(self.game, {}).get(game.variant)
        if tally is None or (tally.best_score or 0) >= top:
            return None

        def raise_it(statistics: Statistics) -> None:
            record = statistics.tally(self.game, game.variant)
            record.best_score = _best(record.best_score, top, max)

        _statistics, notice = update(self.path, raise_it)
        return notice

    def _top(self, score: int | None) -> int | None:
        """The game's best score: the highest it reached, or ``score``."""
        if score is None:
            return self._game.top_score
        return _best(self._game.top_score, score, max)

    def _seconds(self) -> float:
        game = self._game
        return game.seconds_before + max(0.0, self._clock() - game.started)

    def _count(self, score: int | None) -> str | None:
        if not self.counting:
            return self._raise_best(score)
        game = self._game
        game.counted = True
        game.counted_seconds = self._seconds()
        seconds = game.win_seconds if game.won else game.counted_seconds
        result = Result(game.won, self._top(score), seconds, game.from_file)

        def add(statistics: Statistics) -> None:
            before = _copy(statistics.games.get(self.game, {}).get(game.variant))
            tally = statistics.tally(self.game, game.variant)
            tally.add(result)
            self._last_count = _Counted(game.variant, before, replace(tally))

        _statistics, notice = update(self.path, add)
        return notice


def _same_game(
    pending: Pending | PlayedOn, kept: Kept | PlayedOn | None, variant: str, file: str | None
) -> bool:
    """Whether the game resumed from ``file`` is the kept one: the same file
    when both are known (else, as an older version kept it, the same variant)."""
    if kept is not None and kept.file is not None and file is not None:
        return kept.file == os.path.abspath(file)
    return pending.variant == variant


def _uncount(statistics: Statistics, game: str, counted: _Counted) -> bool:
    """Take ``counted`` back if the file still holds it; whether it did.
    The bests it set stay: the game reached them (it is on screen again
    with that score), and Best never goes down (issue 36)."""
    variants = statistics.games.setdefault(game, {})
    after = counted.after
    if variants.get(counted.variant) != after:
        return False
    restored = replace(
        counted.before or Tally(),
        best_score=after.best_score,
        best_seconds=after.best_seconds,
    )
    if restored == Tally():
        del variants[counted.variant]
    else:
        variants[counted.variant] = restored
    return True


def _copy(tally: Tally | None) -> Tally | None:
    return None if tally is None else replace(tally)


# ------------------------------------------------------------ the table
ONE_VARIANT: Final = "all games"
"""The row's name on a game's own screen when the game has one variant."""
COLUMNS: Final = ("Played", "Won", "Win%", "Streak", "Max", "Score", "Time", "Loaded")
NOTES: Final = (
    ("Streak", "Streak: wins in a row (Max: the most)"),
    ("Score", "Score, Time: the best (the fastest win)"),
    ("Loaded", "Loaded: games started from a save file, which set no best"),
)
"""Under the table: what its short column names mean, by column."""
LEGEND_WIDTH: Final = 74
"""The width of the notes under ``--stats``' table, one paragraph."""


def rows(statistics: Statistics, titles: Mapping[str, str]) -> list[tuple[str, ...]]:
    """One row per game and variant: the name, then :data:`COLUMNS`; games in
    the order of ``titles`` (name -> title), variants in alphabetical order."""
    table = []
    for game, title in titles.items():
        for variant, tally in sorted(statistics.games.get(game, {}).items()):
            name = f"{title} {variant}".strip() or ONE_VARIANT
            table.append((name, *_cells(tally)))
    return table


def _cells(tally: Tally) -> tuple[str, ...]:
    rate = tally.win_rate
    return (
        str(tally.played),
        str(tally.won),
        "-" if rate is None else f"{100 * rate:.0f}%",
        str(tally.streak),
        str(tally.best_streak),
        "-" if tally.best_score is None else str(tally.best_score),
        "-" if tally.best_seconds is None else clock_time(tally.best_seconds),
        str(tally.from_file),
    )


def clock_time(seconds: float) -> str:
    """``seconds`` as ``m:ss`` or ``h:mm:ss``, rounded up to a whole second:
    a game timed from its first move that the move won shows 0:01, not 0:00."""
    whole = math.ceil(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def text_table(
    statistics: Statistics, titles: Mapping[str, str], first_column: str = "Game"
) -> list[str]:
    """The statistics as aligned text lines (``--stats``, the screen's box)."""
    body = rows(statistics, titles)
    if not body:
        return [
            "No game counted yet: a full-screen game counts",
            "when it ends (won, lost, or given up with n).",
        ]
    header = (first_column, *COLUMNS)
    widths = [max(len(row[i]) for row in (header, *body)) for i in range(len(header))]
    lines = [
        "  ".join(
            cell.ljust(width) if i == 0 else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in (header, *body)
    ]
    legend = "; ".join(text for _column, text in NOTES) + "."
    return [*lines, "", *wrap_lines([legend], LEGEND_WIDTH)]
