"""The games in play: in memory for speed, in the database for safety.

Every change is committed to :class:`~playmanager.web.store.Store` before
the server answers; the memory copy is a cache of the latest step (a
bounded LRU: an evicted game is read back from the database when next
asked for). A game belongs to the client that created it: asking for
another client's game is the same "no such game" as asking for none.
"""

from __future__ import annotations

import asyncio
import secrets
from collections import OrderedDict
from typing import Final

from .adapters import GAME_KINDS, WebGame
from .store import Store

CACHE_SIZE: Final = 10_000
"""Games kept in memory; beyond it the least recently used is dropped."""
HISTORY_IN_MEMORY: Final = 16
"""Steps of undo a game keeps in its session's memory; older ones are read
back from the database, so a long game does not grow the server."""
GAMES_PER_CLIENT: Final = 100
"""A client's oldest games beyond this are deleted (one browser needs few)."""


class NoSuchGameError(LookupError):
    """No game with this id belongs to this client."""


class LiveGame:
    """A game, its owner, its step count and the lock its changes take."""

    __slots__ = ("client", "game", "id", "lock", "steps")

    def __init__(self, game_id: str, client: str, game: WebGame, steps: int) -> None:
        self.id = game_id
        self.client = client
        self.game = game
        self.steps = steps
        self.lock = asyncio.Lock()

    @property
    def kind(self) -> str:
        return self.game.kind

    @property
    def can_undo(self) -> bool:
        return self.steps > 1


class LiveGames:
    """Create, find, change and undo games, each change committed."""

    def __init__(self, store: Store, cache_size: int = CACHE_SIZE) -> None:
        self.store = store
        self.cache: OrderedDict[str, LiveGame] = OrderedDict()
        self.cache_size = cache_size
        self.clients: set[str] = set()

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
        self._forget_old_games(client)
        return live

    def get(self, client: str, game_id: str) -> LiveGame:
        live = self.cache.get(game_id)
        if live is None:
            live = self._read(game_id)
        else:
            self.cache.move_to_end(game_id)
        if live.client != client:
            raise NoSuchGameError(game_id)
        return live

    def list(self, client: str) -> list[tuple[str, str, float]]:
        return self.store.games_of(client, GAMES_PER_CLIENT)

    def record(self, live: LiveGame) -> None:
        """Commit the move just made on ``live.game`` as its next step."""
        dump = live.game.dump()
        self.store.push_step(live.id, live.steps + 1, dump)
        live.steps += 1
        if live.game.session.undo_depth > HISTORY_IN_MEMORY:
            live.game = GAME_KINDS[live.kind].restore(dump)  # a fresh session

    def undo(self, live: LiveGame) -> bool:
        """Go back one step; False when the game is at its first."""
        if not live.can_undo:
            return False
        dump = self.store.pop_step(live.id, live.steps)
        live.steps -= 1
        if live.game.undo():
            live.game.restore_marks(dump)
        else:  # read back from the database: the session has no history
            live.game = GAME_KINDS[live.kind].restore(dump)
        return True

    def _read(self, game_id: str) -> LiveGame:
        stored = self.store.game(game_id)
        if stored is None:
            raise NoSuchGameError(game_id)
        game = GAME_KINDS[stored.kind].restore(stored.dump)
        live = LiveGame(game_id, stored.client, game, stored.steps)
        self._remember(live)
        return live

    def _remember(self, live: LiveGame) -> None:
        self.cache[live.id] = live
        while len(self.cache) > self.cache_size:
            self.cache.popitem(last=False)

    def _forget_old_games(self, client: str) -> None:
        games = self.store.games_of(client, GAMES_PER_CLIENT + 1)
        for game_id, _, _ in games[GAMES_PER_CLIENT:]:
            self.store.delete_game(game_id)
            self.cache.pop(game_id, None)
