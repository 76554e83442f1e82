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
run inside the commit that fills the log, would. But a passive copy never
waits for a move, so under a steady stream of moves it never catches up
(the log would grow without end).
So a commit that finds the log past :data:`WAL_LIMIT` bytes copies what
the passive copies left and starts the log over from its beginning
(``wal_checkpoint(RESTART)``): the writer itself, since a second
connection would wait for a gap between moves that a busy server never
leaves. The file is not truncated to nothing there: giving its blocks
back to the disk took tens of milliseconds, every move waiting behind
it; ``journal_size_limit`` cuts it back to :data:`WAL_LIMIT` instead
when SQLite starts it over, and closing the store removes it. The
frequent passive copies keep what the restart must copy small.

Each game's row carries a ``version`` that every change (a move, an undo)
raises, and the steps kept for undo are bounded (:data:`STEPS_KEPT`, the
oldest dropped, ``base`` the first kept). A game that must go (a client
over :data:`GAMES_PER_CLIENT`, or idle for :data:`IDLE_SECONDS`) leaves
its save text in ``gone``, so that the page can say so and offer it; the
downloads a client made are remembered (:data:`DOWNLOADS_KEPT`), so that
uploading one gives back the game it came from.
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
CREATE TABLE IF NOT EXISTS gone (
    id TEXT PRIMARY KEY,
    client TEXT NOT NULL,
    kind TEXT NOT NULL,
    save TEXT NOT NULL,
    at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS gone_by_client ON gone(client, at);
CREATE TABLE IF NOT EXISTS downloads (
    client TEXT NOT NULL,
    digest TEXT NOT NULL,
    kind TEXT NOT NULL,
    dump TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (client, digest)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS steps (
    game TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    dump TEXT NOT NULL,
    PRIMARY KEY (game, n)
) WITHOUT ROWID;
"""


CHECKPOINT_SECONDS: Final = 0.2
"""How often the log is copied into the database file: often, so that
the writer's restart of the log (see the module's docstring) finds
little left to copy."""
WAL_LIMIT: Final = 32 * 1024 * 1024
"""The log's size beyond which it is copied whole and started over. Each
restart pauses the writer for the copy and two disk flushes: a larger
limit makes those pauses rarer, a smaller one keeps the file smaller
(``bench/web_load.py`` prints the log's size and the moves' latency to
choose by)."""
COMMITS_PER_SIZE_CHECK: Final = 32
"""The log's size is looked at once in so many commits (a file system
call each time, a share of every move's cost were it at each commit);
a commit adds a few pages, so the log passes :data:`WAL_LIMIT` by little."""
GAMES_PER_CLIENT: Final = 200
"""A client's games on disk; beyond it the least recently played goes."""
IDLE_SECONDS: Final = 90 * 24 * 3600
"""A game nobody has played for this long goes (expiry by age)."""
STEPS_KEPT: Final = 200
"""Undo steps kept on disk per game; older ones are dropped."""
DOWNLOADS_KEPT: Final = 50
"""Downloads remembered per client (each the game's dump)."""
GONE_KEPT_SECONDS: Final = 30 * 24 * 3600
"""How long a game that went keeps its save for the page to offer."""
COLUMNS: Final = (
    ("games", "version", "INTEGER NOT NULL DEFAULT 1"),
    ("games", "base", "INTEGER NOT NULL DEFAULT 1"),
    ("clients", "statistics", "TEXT NOT NULL DEFAULT ''"),
)
"""Columns added since the first schema: added to an older file on open."""


class _Checkpointer(threading.Thread):
    """Copies the write-ahead log into the database file, beside the writer."""

    def __init__(self, path: str) -> None:
        super().__init__(name="sqlite-checkpoint", daemon=True)
        self._path = path
        self._stopping = threading.Event()
        self.copying = threading.Lock()
        """Held while this thread copies: the writer does not wait for it
        (SQLite would make it, flushes and all), it tries again later."""

    def run(self) -> None:
        db = sqlite3.connect(self._path, isolation_level=None)
        try:
            db.execute("PRAGMA busy_timeout=5000")
            while not self._stopping.wait(CHECKPOINT_SECONDS):
                with self.copying:
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            db.close()

    def stop(self) -> None:
        self._stopping.set()
        self.join()


def wal_size(path: str) -> int:
    """The size of the database's write-ahead log (0 when there is none)."""
    try:
        return os.path.getsize(path + "-wal")
    except OSError:
        return 0


class StoredGame(NamedTuple):
    """A game's row: its owner, its kind, its steps and its last dump."""

    id: str
    client: str
    kind: str
    steps: int
    base: int
    version: int
    dump: dict[str, Any]


class GoneGame(NamedTuple):
    """A game that went: its owner, its kind and its last save text."""

    client: str
    kind: str
    save: str


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
        self.db.execute(f"PRAGMA journal_size_limit={WAL_LIMIT}")
        self.db.executescript(SCHEMA)
        self._add_columns()
        self._closed = False
        self._commits = 0
        self._log_oversized = False
        self._checkpointer = _Checkpointer(path)
        self._checkpointer.start()

    def close(self) -> None:
        """Copy the log into the file and remove it; a second close is a no-op."""
        if self._closed:
            return
        self._closed = True
        self._checkpointer.stop()
        self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self.db.close()

    def _add_columns(self) -> None:
        for table, column, kind in COLUMNS:
            names = {row[1] for row in self.db.execute(f"PRAGMA table_info({table})")}
            if column not in names:
                self.db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")

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

    def statistics(self, token: str) -> str:
        """The client's statistics as :mod:`playmanager.statistics` writes
        them ('' before its first counted game)."""
        row = self.db.execute("SELECT statistics FROM clients WHERE token = ?", (token,))
        found = row.fetchone()
        return str(found[0]) if found else ""

    def set_statistics(self, token: str, text: str) -> None:
        self.db.execute("UPDATE clients SET statistics = ? WHERE token = ?", (text, token))

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
        self._cap_the_log()

    def game(self, game_id: str) -> StoredGame | None:
        row = self.db.execute(
            "SELECT g.client, g.kind, g.steps, g.base, g.version, s.dump FROM games g"
            " JOIN steps s ON s.game = g.id AND s.n = g.steps WHERE g.id = ?",
            (game_id,),
        ).fetchone()
        if row is None:
            return None
        client, kind, steps, base, version, dump = row
        return StoredGame(game_id, client, kind, steps, base, version, json.loads(dump))

    def games_of(self, client: str, limit: int) -> list[tuple[str, str, float]]:
        """The client's games, the latest first: (id, kind, updated)."""
        rows = self.db.execute(
            "SELECT id, kind, updated FROM games WHERE client = ?"
            " ORDER BY updated DESC LIMIT ?",
            (client, limit),
        )
        return [(str(a), str(b), float(c)) for a, b, c in rows]

    def push_step(self, game_id: str, n: int, dump: dict[str, Any]) -> int:
        """Record step ``n`` (the game had n - 1) in one transaction, drop
        the steps beyond :data:`STEPS_KEPT`; return the first step kept."""
        with self.db:
            self.db.execute("BEGIN")
            self._insert_step(game_id, n, dump)
            base = max(1, n - STEPS_KEPT + 1)
            if base > 1:  # the oldest step falls out of the kept ones
                self.db.execute(
                    "DELETE FROM steps WHERE game = ? AND n < ?", (game_id, base)
                )
            self.db.execute(
                "UPDATE games SET steps = ?, base = ?, version = version + 1,"
                " updated = ? WHERE id = ?",
                (n, base, time.time(), game_id),
            )
        self._cap_the_log()
        return base

    def _cap_the_log(self) -> None:
        """Start the log over once it is past WAL_LIMIT (module docstring);
        while the checkpoint thread is copying, at the next commit."""
        self._commits += 1
        if not self._commits % COMMITS_PER_SIZE_CHECK:
            self._log_oversized = wal_size(self.path) > WAL_LIMIT
        if not self._log_oversized or not self._checkpointer.copying.acquire(False):
            return
        try:
            (busy, _, _), *_ = self.db.execute("PRAGMA wal_checkpoint(RESTART)")
            self._log_oversized = bool(busy)
        finally:
            self._checkpointer.copying.release()

    def pop_step(self, game_id: str, n: int) -> dict[str, Any]:
        """Drop step ``n`` (the last); return step n - 1's dump."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("DELETE FROM steps WHERE game = ? AND n = ?", (game_id, n))
            self.db.execute(
                "UPDATE games SET steps = ?, version = version + 1, updated = ?"
                " WHERE id = ?",
                (n - 1, time.time(), game_id),
            )
            row = self.db.execute(
                "SELECT dump FROM steps WHERE game = ? AND n = ?", (game_id, n - 1)
            ).fetchone()
        loaded: dict[str, Any] = json.loads(row[0])
        return loaded

    def steps_of(self, game_id: str) -> list[dict[str, Any]]:
        """The dumps of a game's steps kept, the first kept first."""
        rows = self.db.execute(
            "SELECT s.dump FROM steps s JOIN games g ON g.id = s.game"
            " WHERE s.game = ? AND s.n BETWEEN g.base AND g.steps ORDER BY s.n",
            (game_id,),
        ).fetchall()
        return [json.loads(row[0]) for row in rows]

    def replace_step(self, game_id: str, n: int, dump: dict[str, Any]) -> None:
        """Step ``n`` (the first kept) becomes ``dump``: an undo that the
        session's memory took back (a history the save file held)."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "UPDATE steps SET dump = ? WHERE game = ? AND n = ?",
                (_text(dump), game_id, n),
            )
            self.db.execute(
                "UPDATE games SET version = version + 1, updated = ? WHERE id = ?",
                (time.time(), game_id),
            )

    def touch(self, game_id: str) -> None:
        """The game is in use (a tab read it): its age starts again."""
        self.db.execute(
            "UPDATE games SET updated = ? WHERE id = ?", (time.time(), game_id)
        )

    def retire_game(self, game_id: str, client: str, kind: str, save: str) -> None:
        """The game goes, leaving its save text for the page to offer."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT OR REPLACE INTO gone (id, client, kind, save, at)"
                " VALUES (?, ?, ?, ?, ?)",
                (game_id, client, kind, save, time.time()),
            )
            self.db.execute("DELETE FROM steps WHERE game = ?", (game_id,))
            self.db.execute("DELETE FROM games WHERE id = ?", (game_id,))

    def gone_game(self, game_id: str) -> GoneGame | None:
        row = self.db.execute(
            "SELECT client, kind, save FROM gone WHERE id = ?", (game_id,)
        ).fetchone()
        return None if row is None else GoneGame(*row)

    def games_beyond(self, client: str, kept: int) -> list[tuple[str, str]]:
        """The client's least recently played games beyond ``kept``: (id, kind)."""
        rows = self.db.execute(
            "SELECT id, kind FROM games WHERE client = ?"
            " ORDER BY updated DESC LIMIT -1 OFFSET ?",
            (client, kept),
        )
        return [(str(a), str(b)) for a, b in rows]

    def idle_games(self, before: float) -> list[tuple[str, str, str]]:
        """Games last played before ``before``: (id, client, kind)."""
        rows = self.db.execute(
            "SELECT id, client, kind FROM games WHERE updated < ?", (before,)
        )
        return [(str(a), str(b), str(c)) for a, b, c in rows]

    def forget_gone(self, before: float) -> None:
        """Drop the saves of games that went before ``before``."""
        self.db.execute("DELETE FROM gone WHERE at < ?", (before,))

    # ------------------------------------------------------------ downloads
    def remember_download(
        self, client: str, digest: str, kind: str, dump: dict[str, Any]
    ) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT OR REPLACE INTO downloads (client, digest, kind, dump, at)"
                " VALUES (?, ?, ?, ?, ?)",
                (client, digest, kind, _text(dump), time.time()),
            )
            self.db.execute(
                "DELETE FROM downloads WHERE client = ? AND digest NOT IN"
                " (SELECT digest FROM downloads WHERE client = ?"
                " ORDER BY at DESC LIMIT ?)",
                (client, client, DOWNLOADS_KEPT),
            )

    def download(self, client: str, digest: str) -> tuple[str, dict[str, Any]] | None:
        """The kind and dump of a download this client made, or None."""
        row = self.db.execute(
            "SELECT kind, dump FROM downloads WHERE client = ? AND digest = ?",
            (client, digest),
        ).fetchone()
        return None if row is None else (str(row[0]), json.loads(row[1]))

    def _insert_step(self, game_id: str, n: int, dump: dict[str, Any]) -> None:
        self.db.execute(
            "INSERT INTO steps (game, n, dump) VALUES (?, ?, ?)",
            (game_id, n, _text(dump)),
        )


def _text(dump: dict[str, Any]) -> str:
    return json.dumps(dump, separators=(",", ":"))
