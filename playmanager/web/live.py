"""The games in play: in memory for speed, in the database for safety.

Every change is committed to :class:`~playmanager.web.store.Store` before
the server answers; the memory copy is a cache of the latest step (a
bounded LRU: an evicted game is read back from the database when next
asked for). A game belongs to the client that created it: asking for
another client's game is the same "no such game" as asking for none.

A game never changes behind a tab's back: each has a ``version`` that
every change raises, and a change made on another version is refused
(:class:`StaleError`). A game goes only by age (nobody played it for
:data:`~playmanager.web.store.IDLE_SECONDS`), or when its client is over
:data:`~playmanager.web.store.GAMES_PER_CLIENT` (the least recently
played); then :class:`GoneError` names it and its save stays downloadable.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import OrderedDict
from typing import Final

from .games import GAME_KINDS, WebGame
from .store import GAMES_PER_CLIENT, GONE_KEPT_SECONDS, IDLE_SECONDS, Store, StoredGame

CACHE_SIZE: Final = 10_000
"""Games kept in memory; beyond it the least recently used is dropped."""
HISTORY_IN_MEMORY: Final = 16
"""Steps of undo a game keeps in its session's memory; older ones are read
back from the database, so a long game does not grow the server (a game
whose save file keeps its history keeps it whole)."""
TOUCH_SECONDS: Final = 3600.0
"""A game read (not played) is marked in use at most this often."""
SWEEP_SECONDS: Final = 3600.0
"""How often idle games are looked for."""


class NoSuchGameError(LookupError):
    """No game with this id belongs to this client."""


class GoneError(LookupError):
    """The game went (by age, or its client's games were over the cap);
    its save is still there to download."""


class StaleError(Exception):
    """A change made on a version of the game that is no longer its own."""

    def __init__(self, live: LiveGame) -> None:
        super().__init__(live.id)
        self.live = live


class LiveGame:
    """A game, its owner, its steps, its version and the lock its changes take."""

    __slots__ = ("base", "client", "game", "id", "lock", "steps", "touched", "version")

    def __init__(self, game_id: str, client: str, game: WebGame, steps: int) -> None:
        self.id = game_id
        self.client = client
        self.game = game
        self.steps = steps
        self.base = 1
        """The first step kept on disk."""
        self.version = 1
        """Raised by every change; the page sends it back with each change."""
        self.touched = time.time()
        self.lock = asyncio.Lock()

    @property
    def kind(self) -> str:
        return self.game.kind

    @property
    def can_undo(self) -> bool:
        return self.undo_left > 0

    @property
    def undo_left(self) -> int:
        """Steps an undo can still take back: the kept steps, or the
        session's history when it holds more (a loaded save's)."""
        return max(self.steps - self.base, self.game.session.undo_depth)

    def check(self, version: int | None) -> None:
        """StaleError unless ``version`` is this game's (None: not checked)."""
        if version is not None and version != self.version:
            raise StaleError(self)


class LiveGames:
    """Create, find, change and undo games, each change committed."""

    def __init__(self, store: Store, cache_size: int = CACHE_SIZE) -> None:
        self.store = store
        self.cache: OrderedDict[str, LiveGame] = OrderedDict()
        self.cache_size = cache_size
        self.clients: set[str] = set()
        self.swept = 0.0

    # ------------------------------------------------------------ clients
    def new_client(self) -> str:
        token = secrets.token_urlsafe(32)
        self.store.add_client(token)
        self.clients.add(token)
        return token

    def known_client(self, token: str) -> bool:
        if token in self.clients:
            return True
        if self.store.has_client(token):
            self.clients.add(token)
            return True
        return False

    # ------------------------------------------------------------ games
    def create(self, client: str, game: WebGame) -> LiveGame:
        live = LiveGame(secrets.token_urlsafe(16), client, game, 1)
        self.store.create_game(live.id, client, game.kind, game.dump())
        self._remember(live)
        self._retire_beyond_cap(client)
        self.sweep()
        return live

    def create_with_steps(self, client: str, steps: list[WebGame]) -> LiveGame:
        """A game whose undo walks back through ``steps`` (the game now last)."""
        live = self.create(client, steps[0])
        for step in steps[1:]:
            live.game = step
            self.record(live)
        return live

    def get(self, client: str, game_id: str) -> LiveGame:
        """The client's game; NoSuchGameError, or GoneError when it went."""
        live = self.cache.get(game_id)
        if live is None:
            live = self._read(client, game_id)
        else:
            self.cache.move_to_end(game_id)
        if live.client != client:
            raise NoSuchGameError(game_id)
        if time.time() - live.touched > TOUCH_SECONDS:
            live.touched = time.time()
            self.store.touch(game_id)
        return live

    def gone_save(self, client: str, game_id: str) -> tuple[str, str] | None:
        """A gone game's (extension, save text), when it was this client's."""
        gone = self.store.gone_game(game_id)
        if gone is None or gone.client != client:
            return None
        return GAME_KINDS[gone.kind].extension, gone.save

    def list(self, client: str) -> list[tuple[str, str, float]]:
        return self.store.games_of(client, GAMES_PER_CLIENT)

    def record(self, live: LiveGame) -> None:
        """Commit the move just made on ``live.game`` as its next step."""
        dump = live.game.dump()
        live.base = self.store.push_step(live.id, live.steps + 1, dump)
        live.steps += 1
        live.version += 1
        live.touched = time.time()
        game = live.game
        if not game.keeps_history and game.session.undo_depth > HISTORY_IN_MEMORY:
            live.game = GAME_KINDS[live.kind].restore(dump)  # a fresh session
            live.game.session.take_files_from(game.session)

    def keep_count(self, live: LiveGame) -> None:
        """Write ``live``'s game as it is over its last step (a count made
        without a move: the step stays, its game now counted)."""
        self.store.replace_step(live.id, live.steps, live.game.dump())

    def undo(self, live: LiveGame) -> bool:
        """Go back one step; False when nothing is left to take back."""
        if live.steps > live.base:
            dump = self.store.pop_step(live.id, live.steps)
            live.steps -= 1
            if live.game.undo():
                live.game.restore_marks(dump)
            else:  # read back from the database: the session has no history
                before = live.game
                live.game = GAME_KINDS[live.kind].restore(dump)
                live.game.session.take_files_from(before.session)
                live.game.carry_over(before)
        elif live.game.undo():  # the history a loaded save held
            live.game.moves = max(0, live.game.moves - 1)
            live.game.last = None
            self.store.replace_step(live.id, live.steps, live.game.dump())
        else:
            return False
        live.version += 1
        live.touched = time.time()
        return True

    def sweep(self, now: float | None = None) -> None:
        """Retire the games idle for too long (at most every SWEEP_SECONDS)."""
        now = time.time() if now is None else now
        if now - self.swept < SWEEP_SECONDS:
            return
        self.swept = now
        for game_id, client, kind in self.store.idle_games(now - IDLE_SECONDS):
            self._retire(game_id, client, kind)
        self.store.forget_gone(now - GONE_KEPT_SECONDS)

    def _read(self, client: str, game_id: str) -> LiveGame:
        stored = self.store.game(game_id)
        if stored is None:
            if self.gone_save(client, game_id) is not None:
                raise GoneError(game_id)
            raise NoSuchGameError(game_id)
        live = self._live(stored)
        self._remember(live)
        return live

    @staticmethod
    def _live(stored: StoredGame) -> LiveGame:
        game = GAME_KINDS[stored.kind].restore(stored.dump)
        live = LiveGame(stored.id, stored.client, game, stored.steps)
        live.base, live.version = stored.base, stored.version
        return live

    def _remember(self, live: LiveGame) -> None:
        self.cache[live.id] = live
        while len(self.cache) > self.cache_size:
            self.cache.popitem(last=False)

    def _retire_beyond_cap(self, client: str) -> None:
        for game_id, kind in self.store.games_beyond(client, GAMES_PER_CLIENT):
            self._retire(game_id, client, kind)

    def _retire(self, game_id: str, client: str, kind: str) -> None:
        live = self.cache.pop(game_id, None)
        if live is None:
            stored = self.store.game(game_id)
            if stored is None:
                return
            live = self._live(stored)
        self.store.retire_game(game_id, client, kind, live.game.save_text())
