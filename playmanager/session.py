"""One game being played, for every front end: a line mode, a full screen,
a web page or a test all drive the same :class:`Session`.

A session holds the model, the seed it was dealt from, where it saves,
an unlimited undo history and whether the player has play to lose. It
takes moves as plain *intents* (2048: a ``Direction``; Forty Thieves: a
move; Dots: a path), hands them to the game's :class:`GameAdapter` and
keeps what the last move did (its *effects*) for the front end to show.

It knows nothing of terminals, keys or wording: it never prints, never
reads input and touches no file but the ones it is asked to write
(:meth:`Session.save`, :meth:`Session.rescue`), always through the atomic
writer. The rules stay in the game's model; the adapter only calls them.

The data-safety rules live here, once for every game:

* "changed" means there is play to lose: moves made since the game was
  loaded, saved or dealt. A freshly dealt game with no move is never
  changed (``--seed`` deals it again), so ``n`` then ``q`` asks nothing;
  undoing back to the saved position is not changed either.
* :meth:`Session.save` refuses to replace a file this session did not
  load or write, one that changed on disk since, or one that holds
  another game than the one on screen (an earlier game of this session,
  saved before ``n``), unless the caller says the player agreed
  (``overwrite=True``): see :meth:`Session.would_overwrite` and
  :meth:`Session.file_holds`, which says what the file holds.
* :meth:`Session.rescue` writes to the game's one rescue file, never over
  a save (:func:`rescue_path`).
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import os
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Final, Generic, NamedTuple, TypeVar

from .messages import (
    NEW_GAME_SUMMARY,
    NO_MOVE_LEFT,
    count,
    new_game,
    not_a_save,
    undo_brings_back,
)
from .options import next_seed
from .storage import file_mark, why_unwritable, write_atomically

MAX_NAME_PART: Final = 40
"""The most of a save file's name a rescue file kept for it takes."""

M = TypeVar("M")
"""The game's model (GameState, BoardT, GameBoardT): mutable, copyable."""
I = TypeVar("I")
"""What a player asks for in one move: a plain value, no terminal in it."""
E = TypeVar("E")
"""What a move did, for the front end to show (merged cells, new dots...)."""


class MoveRefusedError(Exception):
    """A move the rules refuse; ``str(error)`` is the one-line reason.

    The adapter raises it before changing anything, so a refused move
    leaves the game as it was.
    """


class WouldOverwriteError(Exception):
    """A save that would replace a file this session did not load or write.

    Raised by :meth:`Session.save` without ``overwrite=True``; the front
    end asks the player and saves again with ``overwrite=True`` on a yes.
    """

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.path = path


class GameAdapter(ABC, Generic[M, I, E]):
    """What a game gives the session: its model operations and save format.

    One small subclass per game (``playmanager/<game>/adapter.py``); it
    holds no state of a game in play, only settings (a level, rules).
    """

    name: str
    """The game's name in :data:`playmanager.games.GAMES`."""
    rescue_name: str
    """The file name a hung-up game is rescued to (``rescued.2048``)."""
    new_game_summary: str = NEW_GAME_SUMMARY
    """What ``n`` does, in the help (as :meth:`new_game_message` says it)."""

    @abstractmethod
    def new_model(self, seed: int) -> M:
        """A new game dealt from ``seed``."""

    @abstractmethod
    def copy(self, model: M) -> M:
        """An independent copy: position, score and random generator."""

    @abstractmethod
    def play(self, model: M, intent: I) -> E:
        """Make the move ``intent`` on ``model`` in place; return its effects.

        Raise :class:`MoveRefusedError` (with the reason) and change nothing when
        the rules do not allow it.
        """

    @abstractmethod
    def hint(self, model: M) -> I | None:
        """A good move for ``model`` (never changing it); None when none is left."""

    @abstractmethod
    def ended(self, model: M) -> bool:
        """True when the game is over: won, or no move is left."""

    @abstractmethod
    def save_text(self, model: M, seed: int) -> str:
        """The game's save file for ``model``, dealt from ``seed``."""

    @abstractmethod
    def load(self, path: str) -> tuple[M, int]:
        """The game in the save file at ``path``, and its seed; raise
        :class:`~playmanager.storage.SaveFileError` (the file untouched)."""

    def hint_onward(self, model: M, earlier: Sequence[M]) -> I | None:
        """:meth:`hint`, never a move back to one of the ``earlier``
        positions of this game (first first). The default is the plain
        hint: a game whose moves cannot repeat a position."""
        del earlier  # this game's moves cannot go back
        return self.hint(model)

    def hint_keeps_waiting(self) -> bool:
        """True when the next hint may take long enough to be seen (a
        solver that warms up at its first call): a full screen then says
        it is thinking before it looks. The default: hints are quick."""
        return False

    def why_no_hint(self, model: M, earlier: Sequence[M]) -> str:
        """Why :meth:`hint_onward` found no move, in a few words (the
        default: no move is left; a game whose moves can go back says when
        every move left would)."""
        del model, earlier
        return NO_MOVE_LEFT

    def why_autoplay_stops(self, model: M, earlier: Sequence[M]) -> str | None:
        """One line saying why autoplay has no progress left after the
        ``earlier`` positions of this game, or None while it has (the
        default: a game that cannot wander, where the end stops it)."""
        del model, earlier
        return None

    def describe(self, model: M, seed: int, moves: int) -> str:
        """A few words naming a saved game, for "FILE holds ...": the game,
        its deal or seed and its ``moves`` (those its file keeps)."""
        return f"a game of {self.name}, seed {seed}, {count(moves, 'move')}"

    def new_game_words(self, seed: int) -> str:
        """The game dealt from ``seed``, as the game names it (``New game,
        seed 7``; Forty Thieves: ``New deal 7``), in every front end."""
        return new_game(seed)

    def new_game_message(self, seed: int) -> str:
        """What a terminal's ``n`` says: :meth:`new_game_words`, and that
        undo brings the last game back."""
        return undo_brings_back(self.new_game_words(seed))

    def next_seed(self, seed: int) -> int:
        """The seed ``n`` deals after ``seed``: the next one, wrapped to a
        Java long (a game numbering its deals otherwise says so)."""
        return next_seed(seed)

    def save_play(self, model: M, seed: int, past: Sequence[E]) -> str:
        """The save file with the game's past: what each move undo can take
        back did, first first. A game whose file keeps no history (the
        default) writes :meth:`save_text`."""
        del past  # this game's file keeps no history
        return self.save_text(model, seed)

    def rescue_play(self, model: M, seed: int, past: Sequence[PastStep[M, E]]) -> str:
        """The game's rescue file: the project's own record, which resumes
        the same game (its generator, its undo history), read back by
        :meth:`load_play`. The default: :meth:`save_play`, for a game whose
        save keeps all that."""
        return self.save_play(model, seed, [step.effects for step in past])

    def load_play(self, path: str) -> tuple[M, int, Sequence[PastStep[M, E]]]:
        """:meth:`load` with the past the file keeps (the default: none)."""
        model, seed = self.load(path)
        return model, seed, ()


class PastStep(NamedTuple, Generic[M, E]):
    """A move of a game's past: the model before it and what it did."""

    before: M
    effects: E


class _Step(Generic[M, I, E]):
    """One entry of the undo history: everything a move or a new game changes."""

    __slots__ = ("effects", "fresh", "game", "model", "seed", "version")

    def __init__(
        self, model: M, seed: int, fresh: bool, version: int, game: int
    ) -> None:
        self.model = model
        self.seed = seed
        self.fresh = fresh
        self.version = version
        self.game = game
        """Which game of the session this is (a new game or a resume is another)."""
        self.effects: E | None = None
        """What the move from here did; None for a new or resumed game."""


class Session(Generic[M, I, E]):
    """A game in play: ``model`` dealt from ``seed``, saving to ``save_target``.

    Read :attr:`model`, :attr:`seed`, :attr:`save_target`, :attr:`changed`,
    :attr:`effects`, :attr:`undo_depth` and :attr:`ended`; change the game
    only through :meth:`play`, :meth:`autoplay_step`, :meth:`undo` and
    :meth:`new_game`, so that undo and "changed" stay right.
    """

    def __init__(
        self,
        adapter: GameAdapter[M, I, E],
        model: M,
        seed: int,
        save_target: str,
        *,
        loaded: bool,
        past: Sequence[PastStep[M, E]] = (),
    ) -> None:
        """Start with ``model``: loaded from ``save_target`` (``loaded``), or
        freshly dealt from ``seed`` (then not changed until a move);
        ``past`` is what undo can take back (a loaded game's history).

        A loaded ``save_target`` is this session's to replace; any other
        existing file there needs the player's yes (:meth:`would_overwrite`).
        """
        self.adapter = adapter
        self._model = model
        self._seed = seed
        self._save_target = save_target
        self._history: list[_Step[M, I, E]] = []
        self._versions = itertools.count(1)
        self._version = 0
        self._fresh = not loaded
        self._saved_version: int | None = 0 if loaded else None
        self._saved_versions: dict[int, tuple[str, tuple[int, int, int, int] | None]] = {}
        """Each version this session loaded or saved, with the file and its
        mark then: a game given up for another at one of them is in that
        file while the file is as it was (see :meth:`keep_given_up`)."""
        self._effects: E | None = None
        self._games = itertools.count(1)
        self._game = 0
        self._known_files: dict[str, tuple[tuple[int, int, int, int], int]] = {}
        """Each file this session loaded or wrote: its mark then, and which
        of the session's games it holds."""
        self._rescued_to: str | None = None  # this run's rescue file, rewritten
        self._played: set[int] = set()
        """The games a move was made or taken back in during this run: only
        those are rescued (a game opened and left is where it came from)."""
        self._resumed: tuple[int, str] | None = None
        """The game resumed from a rescue file, and that file."""
        if loaded:
            self._remember_file(save_target)
            self._saved_versions[0] = (save_target, file_mark(save_target))
        for step in past:
            self._history.append(self._past_step(step))

    def _past_step(self, step: PastStep[M, E]) -> _Step[M, I, E]:
        kept = _Step[M, I, E](
            step.before, self._seed, False, next(self._versions), self._game
        )
        kept.effects = step.effects
        return kept

    # ------------------------------------------------------------ state
    @property
    def model(self) -> M:
        """The game being played; read it, change it only through the session."""
        return self._model

    @property
    def seed(self) -> int:
        """The seed the current game was dealt from (a Java long)."""
        return self._seed

    @property
    def save_target(self) -> str:
        """Where :meth:`save` writes when given no path."""
        return self._save_target

    def why_unsavable(self) -> str | None:
        """Why :meth:`save` to the save target would fail (read-only file,
        missing or locked folder), asked before offering a save; None when
        it looks writable."""
        return why_unwritable(self._save_target)

    @property
    def effects(self) -> E | None:
        """What the last move did; None after undo, a new game or none yet."""
        return self._effects

    @property
    def undo_depth(self) -> int:
        """How many steps :meth:`undo` can take back."""
        return len(self._history)

    @property
    def changed(self) -> bool:
        """True when there is play to lose: moves since the game was loaded,
        saved or dealt, or a file that held it no longer does (deleted, or
        written by another terminal). A dealt game with no move is not
        changed."""
        if self._fresh:
            return False
        return self._version != self._saved_version or self._lost_its_file()

    def _lost_its_file(self) -> bool:
        """True when the save target, loaded or written for the game on
        screen, has changed on disk since (or is gone)."""
        known = self._known_files.get(os.path.abspath(self._save_target))
        if known is None or known[1] != self._game:
            return False
        return file_mark(self._save_target) != known[0]

    @property
    def ended(self) -> bool:
        """True when the game is won or no move is left."""
        return self.adapter.ended(self._model)

    # ------------------------------------------------------------ play
    def play(self, intent: I) -> E:
        """Make one move; return its effects (also kept in :attr:`effects`).

        Raises :class:`MoveRefusedError` when the rules refuse it; nothing changes.
        """
        before = self._step()
        effects = self.adapter.play(self._model, intent)
        before.effects = effects
        self._history.append(before)
        self._version = next(self._versions)
        self._fresh = False
        self._effects = effects
        self._played.add(self._game)
        return effects

    def hint(self) -> I | None:
        """The adapter's suggested move, never back to a position this game
        had (:meth:`GameAdapter.hint_onward`); None when no move is left."""
        return self.adapter.hint_onward(self._model, self.earlier_positions)

    @property
    def earlier_positions(self) -> list[M]:
        """The positions the current game had before this one, first first
        (back to its deal or resume, with the history it was loaded with)."""
        return [step.model for step in self._moves_before(len(self._history))]

    def why_no_hint(self) -> str:
        """Why :meth:`hint` is None, in a few words (:meth:`GameAdapter.why_no_hint`)."""
        return self.adapter.why_no_hint(self._model, self.earlier_positions)

    def why_autoplay_stops(self) -> str | None:
        """Why autoplay must stop before its next move, in one line (no
        progress left: :meth:`GameAdapter.why_autoplay_stops`); None to go on."""
        return self.adapter.why_autoplay_stops(self._model, self.earlier_positions)

    def autoplay_step(self) -> E | None:
        """Play the hint's move; None (nothing played) when the game has ended,
        no move is left or autoplay has no progress left."""
        if self.ended or self.why_autoplay_stops() is not None:
            return None
        intent = self.hint()
        if intent is None:
            return None
        try:
            return self.play(intent)
        except MoveRefusedError:
            return None

    @property
    def undo_brings_back_a_game(self) -> bool:
        """True when :meth:`undo` would take back a new or resumed game (so
        bring back the game before it), not a move."""
        return bool(self._history) and self._history[-1].effects is None

    def undo(self) -> bool:
        """Take back the last move or new game; False when there is none."""
        if not self._history:
            return False
        step = self._history.pop()
        self._model, self._seed = step.model, step.seed
        self._fresh, self._version = step.fresh, step.version
        self._game = step.game
        self._effects = None
        if step.effects is not None:  # a move taken back is play too
            self._played.add(self._game)
        return True

    def new_game(self, seed: int | None = None) -> int:
        """Deal a new game from ``seed`` (default: the adapter's next seed);
        undo brings the old one back. Returns the seed."""
        self._history.append(self._step())
        self._seed = self.adapter.next_seed(self._seed) if seed is None else seed
        self._model = self.adapter.new_model(self._seed)
        self._game = next(self._games)
        self._version = next(self._versions)
        self._fresh = True
        self._effects = None
        return self._seed

    def resume(
        self,
        model: M,
        seed: int,
        past: Sequence[PastStep[M, E]] = (),
        rescue_file: str | None = None,
    ) -> None:
        """Play on ``model`` (a rescued game, say, with its ``past``, kept
        in ``rescue_file``) instead; undo brings the current game back,
        unless it is the launch's deal with no move (the game behind the
        resume question): then the resumed game's undo ends at its start.
        Its play is changed until it is saved."""
        if self._history or not self._fresh:
            self._history.append(self._step())
        self._model, self._seed = model, seed
        self._game = next(self._games)
        if rescue_file is not None:
            self._resumed = (self._game, rescue_file)
        self._history += map(self._past_step, past)
        self._version = next(self._versions)
        self._fresh = False
        self._effects = None

    # ------------------------------------------------------------ files
    @property
    def resumed_from(self) -> str | None:
        """The rescue file the game on screen was resumed from: rescued
        again, it goes back there. None for any other game (one dealt
        since, or the one the resume was undone back to)."""
        if self._resumed is not None and self._resumed[0] == self._game:
            return self._resumed[1]
        return None

    @property
    def given_up_rescue(self) -> str | None:
        """The rescue file of a resumed game given up for a new one (``n``):
        undo can still bring that game back, and with it its file, so the
        file stays until the run ends; then it goes, and no other game
        takes it (see :func:`rescue_path`). None when the resume was
        undone (the game was put off, not given up) or there was none."""
        if self._resumed is None or self._resumed[0] == self._game:
            return None
        game, path = self._resumed
        return path if any(step.game == game for step in self._history) else None

    def forget_resume(self) -> None:
        """The resumed game's rescue file was removed or rewritten: it is
        no longer this session's to rewrite or remove."""
        self._resumed = None

    @property
    def past(self) -> list[E]:
        """What each move of the current game did, first first: the undo
        history back to its deal (or resume), for a save that keeps it."""
        return self._past_of(len(self._history))  # the game on screen

    def save_text(self) -> str:
        """The current game as the game's save file, with its past."""
        return self.adapter.save_play(self._model, self._seed, self.past)

    def rescue_text(self) -> str:
        """The current game as its rescue file: the game's own record, which
        resumes it as it is (:meth:`GameAdapter.rescue_play`)."""
        return self.adapter.rescue_play(
            self._model, self._seed, self._past_steps(len(self._history))
        )

    def would_overwrite(self, path: str | None = None) -> bool:
        """True when saving to ``path`` (default the save target) would
        replace a file this session neither loaded nor wrote, one that
        changed on disk since it did, or one that holds another of its
        games (saved before ``n``, say) than the one on screen."""
        target = self._save_target if path is None else path
        if not os.path.isfile(target):
            return False  # nothing there to lose (a folder: the write says why)
        known = self._known_files.get(os.path.abspath(target))
        return known != (file_mark(target), self._game)

    @property
    def in_its_file(self) -> bool:
        """True when the save target holds the game on screen (loaded from
        there or saved there, maybe with moves since), so it needs no copy."""
        target = self._save_target
        return os.path.isfile(target) and not self.would_overwrite(target)

    def file_holds(self, path: str | None = None) -> str:
        """What the file at ``path`` (default the save target) holds, in a
        few words for the question before replacing it (the adapter's
        :meth:`GameAdapter.describe`); never raises."""
        target = self._save_target if path is None else path
        try:
            model, seed, past = self.adapter.load_play(target)
        except (ValueError, OSError):  # SaveFileError is a ValueError
            return not_a_save(self.adapter.name)
        return self.adapter.describe(model, seed, len(past))

    def save(self, path: str | None = None, *, overwrite: bool = False) -> str:
        """Write the game to ``path`` (default the save target; a given path
        becomes the target) atomically; return the path written.

        Raises :class:`WouldOverwriteError` when :meth:`would_overwrite` and not
        ``overwrite``, OSError when the file cannot be written; either way
        the file on disk is as it was.
        """
        target = self._save_target if path is None else path
        if not overwrite and self.would_overwrite(target):
            raise WouldOverwriteError(target)
        write_atomically(target, self.save_text())
        self._remember_file(target)
        self._save_target = target
        self._saved_version = self._version
        self._saved_versions[self._version] = (target, file_mark(target))
        return target

    def rescue(self, folder: str) -> str | None:
        """Write a changed game to its one rescue file, never over a save:
        the rescue file it was resumed from (:attr:`resumed_from`), else
        the one :func:`rescue_path` keeps in ``folder`` for its file or,
        with no file of its own, for its game. Return it, or None when
        unchanged or finished (won or lost: there is nothing to resume).

        For a hang-up: nobody can be asked, so no save is touched. Raises
        OSError when the file cannot be written.
        """
        if self.ended:
            self._drop_own_rescue()
            return None  # a finished game has nothing left to resume
        if not self.changed or self._game not in self._played:
            return None  # kept where it was loaded or resumed from
        text = self.rescue_text()
        into = self.resumed_from or self._rescued_to
        if into is not None:
            write_atomically(into, text)
            return into
        own = self._save_target if self.in_its_file else None
        self._rescued_to = write_rescue(folder, self.adapter.rescue_name, text, own)
        return self._rescued_to

    def _drop_own_rescue(self) -> None:
        """The game on screen finished: the rescue file holding it earlier
        (resumed from, or rescued to) would offer it back unfinished."""
        own = self.resumed_from or self._rescued_to
        if own is not None:
            with contextlib.suppress(OSError):  # only an older copy
                os.remove(own)
            self.forget_resume()
            self._rescued_to = None

    @property
    def given_up_with_play(self) -> int:
        """How many games with play to lose were given up for a later one
        (``n``, a resume) that undo can still bring back."""
        return len(self._given_up())

    def _given_up(self) -> list[tuple[int, _Step[M, I, E]]]:
        """Each game given up with play to lose, with its index in the
        history: moves made, not in a file, and not finished (won or lost:
        resuming it could only show its end)."""
        return [
            (index, step)
            for index, step in enumerate(self._history)
            if step.effects is None
            and not step.fresh
            and not self._in_a_file(step.version)
            and not self.adapter.ended(step.model)  # finished: nothing to lose
        ]

    def _in_a_file(self, version: int) -> bool:
        """True when ``version`` was loaded or saved and its file is as it was."""
        saved = self._saved_versions.get(version)
        return saved is not None and file_mark(saved[0]) == saved[1]

    def keep_given_up(self, folder: str) -> list[str]:
        """Write each game :attr:`given_up_with_play` to a rescue file, as
        a hang-up would (never over a save): the one it was resumed from,
        else the one kept for the file it was in, else a free one in
        ``folder``; return their paths. For a quit, so
        that no game a move was made in goes without a question. Raises
        OSError when one cannot be written (those before it are kept)."""
        kept: list[str] = []
        for index, step in self._given_up():
            text = self.adapter.rescue_play(step.model, step.seed, self._past_steps(index))
            if self._resumed is not None and self._resumed[0] == step.game:
                path = self._resumed[1]
                write_atomically(path, text)
                self._resumed = None  # the file holds that game again: keep it
            else:
                own = self._file_of(step.game)
                path = write_rescue(folder, self.adapter.rescue_name, text, own)
            self._saved_versions[step.version] = (path, file_mark(path))
            kept.append(path)
        return kept

    def _file_of(self, game: int) -> str | None:
        """The file ``game`` was loaded from or saved to last (its rescue
        is the one kept for that file, :func:`rescue_path`), or None."""
        held = [path for path, (_, holder) in self._known_files.items() if holder == game]
        return held[-1] if held else None

    def _past_of(self, end: int) -> list[E]:
        """What each move of the game that history[end] ends did, first first."""
        return [step.effects for step in self._moves_before(end) if step.effects is not None]

    def _past_steps(self, end: int) -> list[PastStep[M, E]]:
        """The moves of the game that history[end] ends, first first: the
        position before each and what it did (for a rescue record)."""
        return [
            PastStep(step.model, step.effects)
            for step in self._moves_before(end)
            if step.effects is not None
        ]

    def _moves_before(self, end: int) -> list[_Step[M, I, E]]:
        """The steps of the moves of the game that history[end] ends (the
        game on screen when ``end`` is the history's length), first first."""
        start = end
        while start > 0 and self._history[start - 1].effects is not None:
            start -= 1
        return self._history[start:end]

    # ------------------------------------------------------------ helpers
    def _step(self) -> _Step[M, I, E]:
        return _Step(
            self.adapter.copy(self._model),
            self._seed,
            self._fresh,
            self._version,
            self._game,
        )

    def take_files_from(self, other: Session[M, I, E]) -> None:
        """Know the files ``other`` loaded or wrote for the game on its
        screen as this session's game's (a session rebuilt from a dump of
        that game, as the web server does, may save over them unasked)."""
        for path, (mark, game) in other._known_files.items():
            if game == other._game:
                self._known_files[path] = (mark, self._game)

    def _remember_file(self, path: str) -> None:
        mark = file_mark(path)
        if mark is not None:
            self._known_files[os.path.abspath(path)] = (mark, self._game)


def write_rescue(folder: str, name: str, text: str, file: str | None = None) -> str:
    """Write ``text`` to the rescue file :func:`free_rescue_path` gives
    (``folder`` made if needed); return its path. A rescue file there
    that already holds ``text`` is returned instead, so that the same game
    rescued again (by another run, say) never piles up. Raises OSError."""
    path = _rescue_holding(folder, name, text) or free_rescue_path(folder, name, file)
    if not _holds(path, text):
        write_atomically(path, text)
    return path


def _rescue_holding(folder: str, name: str, text: str) -> str | None:
    """The rescue file of game kind ``name`` in ``folder`` that holds
    exactly ``text``, or None."""
    stem, _, suffix = name.partition(".")
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return None
    for candidate in names:
        if candidate.startswith(stem) and candidate.endswith(f".{suffix}"):
            path = os.path.join(folder, candidate)
            if _holds(path, text):
                return path
    return None


def _holds(path: str, text: str) -> bool:
    try:
        with open(path, encoding="ascii", newline="") as file:
            return file.read(len(text) + 1) == text
    except (OSError, ValueError):
        return False


def free_rescue_path(folder: str, name: str, file: str | None = None) -> str:
    """:func:`rescue_path`, unless another game waits there (a rescue not
    yet resumed or discarded, perhaps never offered: a launch with FILE, a
    line mode, Esc at "Resume it?"): then the first free numbered one
    beside it (``rescued-2.dots``), so that a rescue never replaces another
    game's. Each is offered in turn, newest first, and goes when its game
    is saved, discarded or rescued again into it."""
    path = rescue_path(folder, name, file)
    if not _holds_a_game(path) or (file is not None and path == os.path.abspath(file)):
        return path
    stem, dot, suffix = os.path.basename(path).partition(".")
    number = 2
    while _holds_a_game(numbered := os.path.join(folder, f"{stem}-{number}{dot}{suffix}")):
        number += 1
    return numbered


def _holds_a_game(path: str) -> bool:
    try:
        return os.path.getsize(path) > 0
    except OSError:
        return False


def rescue_path(folder: str, name: str, file: str | None = None) -> str:
    """The one rescue file of a game, in ``folder`` (made if needed), so
    that rescue files never pile up: for a game in a ``file`` of its own,
    one kept for that file (``rescued-a-1f2e3d4c.dots`` for ``a.dots``: its
    name and a digest of its path); for any other, ``name``, one per game
    kind. A rescue file in ``folder``, played, is its own; any other file
    there is a save of the player's, never written over unasked."""
    os.makedirs(folder, exist_ok=True)
    if file is None:
        return os.path.join(folder, name)
    file = os.path.abspath(file)
    stem, dot, suffix = name.partition(".")
    in_folder = os.path.dirname(file) == os.path.abspath(folder)
    if in_folder and os.path.basename(file).startswith(stem):
        return file
    base = os.path.splitext(os.path.basename(file))[0][:MAX_NAME_PART]
    digest = hashlib.sha256(os.fsencode(file)).hexdigest()[:8]
    return os.path.join(folder, f"{stem}-{base}-{digest}{dot}{suffix}")
