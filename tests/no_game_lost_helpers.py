"""What the no-game-lost state machines share (tests/test_no_game_lost.py
over the session, tests/test_no_game_lost_screens.py over the full
screens): the player's two files, what the machine does to them (another
terminal writes one, it is made read-only or deleted), and the check that
every game a move was made in is kept in some file."""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from playmanager.session import Session
from playmanager.statistics import FILE_NAME

AnySession = Session[Any, Any, Any]


class PlayersFiles(RuleBasedStateMachine):
    """A player's files ``a.EXT`` and ``b.EXT`` in a folder of their own;
    subclasses play a game there (:attr:`session`) and keep
    :attr:`given_up` and :attr:`moved` up to date."""

    make_adapter: ClassVar[Callable[[], Any]]
    extension: ClassVar[str]
    session: AnySession
    given_up: list[tuple[frozenset[str], bool]]
    """Each game given up for a later one: the texts that keep it (its
    save, its rescue record), and whether a move was made in it."""
    moved: bool
    """Whether a move was made in the game on screen."""

    def __init__(self) -> None:
        super().__init__()
        self.root = Path(tempfile.mkdtemp(prefix="no-game-lost-"))
        self.adapter = type(self).make_adapter()
        self.files = [str(self.root / f"{name}.{self.extension}") for name in "ab"]
        self.read_only: dict[str, bytes] = {}
        self.lost: list[str] = []

    def teardown(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)

    # ------------------------------------------------------------ the machine
    @rule(which=st.integers(0, 1), seed=st.integers(100, 200))
    def another_terminal_writes(self, which: int, seed: int) -> None:
        path = self.files[which]
        if path in self.read_only:
            return  # it could not write it either
        other = self.adapter.new_model(seed)
        Path(path).write_text(self.adapter.save_text(other, seed))

    @rule(which=st.integers(0, 1))
    def made_read_only(self, which: int) -> None:
        path = self.files[which]
        if os.path.isfile(path):
            os.chmod(path, stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
            self.read_only[path] = Path(path).read_bytes()

    @rule(which=st.integers(0, 1))
    def deleted(self, which: int) -> None:
        path = self.files[which]
        self.read_only.pop(path, None)
        if os.path.isfile(path):
            os.remove(path)

    # ------------------------------------------------------------ the checks
    def check_kept(self, current_given_up: bool) -> None:
        """At the end of a run: every game a move was made in is in some
        file, but the one on screen when ``current_given_up`` (the player
        said so to a question naming it) and finished games (won or lost:
        nothing is left to play, so none is rescued)."""
        wanted = [texts for texts, moved in self.given_up if moved]
        if self.moved and not current_given_up and not self.session.ended:
            wanted.append(self.texts())
        kept = self._all_files()
        self.lost += [min(texts) for texts in wanted if not texts & kept]

    def texts(self) -> frozenset[str]:
        """The files that keep the game on screen: its save or its rescue."""
        return frozenset({self.session.save_text(), self.session.rescue_text()})

    def _all_files(self) -> set[str]:
        return {
            Path(folder, name).read_text()
            for folder, _, names in os.walk(self.root)
            for name in names
            if name != FILE_NAME  # the statistics: no game in it
        }

    @invariant()
    def nothing_lost(self) -> None:
        assert self.lost == [], f"{len(self.lost)} game(s) lost"

    @invariant()
    def read_only_files_stay(self) -> None:
        for path, held in self.read_only.items():
            assert Path(path).read_bytes() == held, f"{path} was changed"
