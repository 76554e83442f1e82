"""The live games, in one SQLite file: written at every move.

A game is the stack of its steps: each step is the game's dump (JSON)
after one move, the first is the new game. A move pushes a step, undo
pops one, and the game is always its last step, so a reload or a
restarted server goes on from there. The file is in WAL mode with
``synchronous=NORMAL``: a commit is in the log before the server answers,
so killing the server (even ``kill -9``) loses only a move it has not yet
acknowledged; only a power cut may lose the last commits.

One connection, used by one thread at a time (the server's event loop),
writes; a thread of its own copies the log into the database file
(SQLite's checkpoint) every :data:`CHECKPOINT_SECONDS`, so that the copy
and its disk flush never pause a move, as SQLite's automatic checkpoint,
run inside the commit that fills the log, would.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from typing import Any, Final, NamedTuple

SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS clients (
    token TEXT PRIMARY KEY,
    created REAL NOT NULL,
    best_2048 INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    client TEXT NOT NULL REFERENCES clients(token),
    kind TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    steps INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS games_by_client ON games(client, updated);
CREATE TABLE IF NOT EXISTS steps (
    game TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    dump TEXT NOT NULL,
    PRIMARY KEY (game, n)
) WITHOUT ROWID;
"""


CHECKPOINT_SECONDS: Final = 1.0
"""How often the log is copied into the database file."""


class _Checkpointer(threading.Thread):
    """Copies the write-ahead log into the database file, beside the writer."""

    def __init__(self, path: str) -> None:
        super().__init__(name="sqlite-checkpoint", daemon=True)
        self._path = path
        self._stopping = threading.Event()

    def run(self) -> None:
        db = sqlite3.connect(self._path, isolation_level=None)
        try:
            db.execute("PRAGMA busy_timeout=5000")
            while not self._stopping.wait(CHECKPOINT_SECONDS):
                db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            db.close()

    def stop(self) -> None:
        self._stopping.set()
        self.join()


class StoredGame(NamedTuple):
    """A game's row: its owner, its kind, its steps and its last dump."""

    id: str
    client: str
    kind: str
    steps: int
    dump: dict[str, Any]


class Store:
    """The database of clients, games and their steps."""

    def __init__(self, path: str) -> None:
        folder = os.path.dirname(path)
        if folder:
            os.makedirs(folder, exist_ok=True)
        self.path = path
        self.db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.execute("PRAGMA busy_timeout=5000")
        self.db.execute("PRAGMA wal_autocheckpoint=0")  # _Checkpointer's work
        self.db.executescript(SCHEMA)
        self._checkpointer = _Checkpointer(path)
        self._checkpointer.start()

    def close(self) -> None:
        self._checkpointer.stop()
        self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self.db.close()

    # ------------------------------------------------------------ clients
    def add_client(self, token: str) -> None:
        self.db.execute(
            "INSERT OR IGNORE INTO clients (token, created) VALUES (?, ?)",
            (token, time.time()),
        )

    def has_client(self, token: str) -> bool:
        row = self.db.execute("SELECT 1 FROM clients WHERE token = ?", (token,))
        return row.fetchone() is not None

    def best_2048(self, token: str) -> int:
        row = self.db.execute("SELECT best_2048 FROM clients WHERE token = ?", (token,))
        found = row.fetchone()
        return int(found[0]) if found else 0

    def raise_best_2048(self, token: str, score: int) -> None:
        self.db.execute(
            "UPDATE clients SET best_2048 = ? WHERE token = ? AND best_2048 < ?",
            (score, token, score),
        )

    # ------------------------------------------------------------ games
    def create_game(
        self, game_id: str, client: str, kind: str, dump: dict[str, Any]
    ) -> None:
        now = time.time()
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT INTO games (id, client, kind, created, updated, steps)"
                " VALUES (?, ?, ?, ?, ?, 1)",
                (game_id, client, kind, now, now),
            )
            self._insert_step(game_id, 1, dump)

    def game(self, game_id: str) -> StoredGame | None:
        row = self.db.execute(
            "SELECT g.client, g.kind, g.steps, s.dump FROM games g"
            " JOIN steps s ON s.game = g.id AND s.n = g.steps WHERE g.id = ?",
            (game_id,),
        ).fetchone()
        if row is None:
            return None
        client, kind, steps, dump = row
        return StoredGame(game_id, client, kind, steps, json.loads(dump))

    def games_of(self, client: str, limit: int) -> list[tuple[str, str, float]]:
        """The client's games, the latest first: (id, kind, updated)."""
        rows = self.db.execute(
            "SELECT id, kind, updated FROM games WHERE client = ?"
            " ORDER BY updated DESC LIMIT ?",
            (client, limit),
        )
        return [(str(a), str(b), float(c)) for a, b, c in rows]

    def push_step(self, game_id: str, n: int, dump: dict[str, Any]) -> None:
        """Record step ``n`` (the game had n - 1) in one transaction."""
        with self.db:
            self.db.execute("BEGIN")
            self._insert_step(game_id, n, dump)
            self.db.execute(
                "UPDATE games SET steps = ?, updated = ? WHERE id = ?",
                (n, time.time(), game_id),
            )

    def pop_step(self, game_id: str, n: int) -> dict[str, Any]:
        """Drop step ``n`` (the last); return step n - 1's dump."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("DELETE FROM steps WHERE game = ? AND n = ?", (game_id, n))
            self.db.execute(
                "UPDATE games SET steps = ?, updated = ? WHERE id = ?",
                (n - 1, time.time(), game_id),
            )
            row = self.db.execute(
                "SELECT dump FROM steps WHERE game = ? AND n = ?", (game_id, n - 1)
            ).fetchone()
        loaded: dict[str, Any] = json.loads(row[0])
        return loaded

    def delete_game(self, game_id: str) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("DELETE FROM steps WHERE game = ?", (game_id,))
            self.db.execute("DELETE FROM games WHERE id = ?", (game_id,))

    def _insert_step(self, game_id: str, n: int, dump: dict[str, Any]) -> None:
        self.db.execute(
            "INSERT INTO steps (game, n, dump) VALUES (?, ?, ?)",
            (game_id, n, json.dumps(dump, separators=(",", ":"))),
        )
