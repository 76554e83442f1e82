"""The web's files: the SQLite store's commits never copy the log into
the database file themselves (a thread of the store's does, beside them),
nothing is left in the log when the store closes; and a slot name the
API's schema takes is one the server takes."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from playmanager.web import store as store_module
from playmanager.web.slots import NAME_MAX, NAME_PATTERN, name_problem
from playmanager.web.store import Store


def wal_pages(path: Path) -> int:
    """Pages in the log not yet copied to the database file."""
    db = sqlite3.connect(path)
    try:
        busy, log, copied = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        return int(log) - int(copied) if busy == 0 else -1
    finally:
        db.close()


def filled(path: Path) -> Store:
    store = Store(str(path))
    store.add_client("c")
    store.create_game("g", "c", "2048", {"moves": 0})
    for n in range(2, 400):
        store.push_step("g", n, {"moves": n - 1, "pad": "x" * 500})
    return store


def test_a_commit_leaves_the_copy_to_the_checkpoint_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_module, "CHECKPOINT_SECONDS", 3600.0)
    store = filled(tmp_path / "web.sqlite3")
    try:
        mode = store.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0]
        assert mode == 0
        log = tmp_path / "web.sqlite3-wal"
        assert log.stat().st_size > 4096 * 100  # every commit is still in the log
    finally:
        store.close()


def test_the_thread_copies_the_log_and_close_empties_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_module, "CHECKPOINT_SECONDS", 0.05)
    path = tmp_path / "web.sqlite3"
    store = filled(path)
    deadline = time.monotonic() + 10
    while wal_pages(path) != 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert wal_pages(path) == 0
    store.close()
    log = tmp_path / "web.sqlite3-wal"
    assert not log.exists() or log.stat().st_size == 0
    reopened = Store(str(path))
    try:
        stored = reopened.game("g")
        assert stored is not None and stored.dump["moves"] == 398
    finally:
        reopened.close()


@given(st.from_regex(NAME_PATTERN, fullmatch=True).filter(lambda n: len(n) <= NAME_MAX))
def test_every_name_the_schema_takes_the_server_takes(name: str) -> None:
    assert name_problem(name) is None


def test_the_log_stays_small_under_sustained_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Moves without a pause (the passive copy never catches up): the log
    is copied whole and started over once past its cap, so it stays near it
    (past it by what is written while the checkpoint thread copies: the
    writer does not wait for it); without the cap it grows past 100 MB."""
    monkeypatch.setattr(store_module, "WAL_LIMIT", 2 * 1024 * 1024)
    path = tmp_path / "web.sqlite3"
    store = Store(str(path))
    try:
        store.add_client("c")
        store.create_game("g", "c", "2048", {"moves": 0})
        biggest = 0
        for n in range(2, 6000):
            store.push_step("g", n, {"moves": n - 1, "pad": "x" * 2000})
            if n % 50 == 0:
                biggest = max(biggest, store_module.wal_size(str(path)))
        assert biggest < 4 * store_module.WAL_LIMIT, biggest
        assert biggest > 0
    finally:
        store.close()


def test_a_game_keeps_a_bounded_number_of_steps(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "web.sqlite3"))
    try:
        store.add_client("c")
        store.create_game("g", "c", "2048", {"moves": 0})
        for n in range(2, store_module.STEPS_KEPT + 50):
            base = store.push_step("g", n, {"moves": n - 1})
        (kept,) = store.db.execute(
            "SELECT COUNT(*) FROM steps WHERE game = 'g'"
        ).fetchone()
        assert kept == store_module.STEPS_KEPT
        stored = store.game("g")
        assert stored is not None and stored.base == base
        assert stored.steps - stored.base + 1 == store_module.STEPS_KEPT
    finally:
        store.close()


def test_a_database_of_the_first_schema_gains_the_new_columns(tmp_path: Path) -> None:
    """A server upgraded over last round's web.sqlite3 keeps its games."""
    path = tmp_path / "web.sqlite3"
    old = sqlite3.connect(path)
    old.executescript(
        "CREATE TABLE clients (token TEXT PRIMARY KEY, created REAL NOT NULL,"
        " best_2048 INTEGER NOT NULL DEFAULT 0);"
        "CREATE TABLE games (id TEXT PRIMARY KEY, client TEXT NOT NULL, kind TEXT"
        " NOT NULL, created REAL NOT NULL, updated REAL NOT NULL, steps INTEGER"
        " NOT NULL);"
        "CREATE TABLE steps (game TEXT NOT NULL, n INTEGER NOT NULL, dump TEXT"
        " NOT NULL, PRIMARY KEY (game, n)) WITHOUT ROWID;"
        "INSERT INTO clients VALUES ('c', 0, 0);"
        "INSERT INTO games VALUES ('g', 'c', '2048', 0, 0, 2);"
        "INSERT INTO steps VALUES ('g', 1, '{\"moves\": 0}'), ('g', 2, '{\"moves\": 1}');"
    )
    old.commit()
    old.close()
    store = Store(str(path))
    try:
        stored = store.game("g")
        assert stored is not None
        assert (stored.steps, stored.base, stored.version) == (2, 1, 1)
        assert stored.dump == {"moves": 1}
        store.push_step("g", 3, {"moves": 2})
        stored = store.game("g")
        assert stored is not None and stored.version == 2
    finally:
        store.close()
