"""Hints never starve the page (issue 30, item 6): solver work runs in a
bounded pool of worker processes; beyond it a request is refused at once
with 503 and Retry-After, and the game is unchanged."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra: pip install '.[web]'")

from fastapi.testclient import TestClient

from playmanager.web.app import WebConfig, create_app
from playmanager.web.games import GAME_KINDS
from playmanager.web.solver import RETRY_SECONDS, Solver, SolverBusyError
from tests.test_web_api import LOCAL, new


def test_a_full_pool_refuses_at_once_and_takes_work_again_when_free() -> None:
    async def scenario() -> None:
        solver = Solver(workers=1, waiting=1)
        try:
            running = [
                asyncio.create_task(solver.run(time.sleep, 0.5)) for _ in range(2)
            ]
            await asyncio.sleep(0)  # both have taken their places
            with pytest.raises(SolverBusyError):
                await solver.run(time.sleep, 0)
            assert not any(task.done() for task in running), "refused before any ended"
            await asyncio.gather(*running)
            assert await solver.run(abs, -3) == 3
        finally:
            solver.close()

    asyncio.run(scenario())


def test_a_request_gives_up_after_the_deadline_and_its_place_stays_taken() -> None:
    """A worker that gets no core (the idle class on a busy machine) must
    not keep the page waiting: 503 after the deadline, while the work keeps
    its place until the worker is done with it, so the pool stays bounded."""

    async def scenario() -> None:
        solver = Solver(workers=1, waiting=0)
        try:
            assert await solver.run(abs, -1) == 1  # the worker has started
            solver.deadline = 0.3  # (starting it may take longer on a busy machine)
            with pytest.raises(SolverBusyError):
                await solver.run(time.sleep, 4.0)
            assert solver.busy == 1, "the work still holds its place"
            with pytest.raises(SolverBusyError):  # at once: the place is taken
                await solver.run(abs, -2)
            for _ in range(300):  # until the worker is done with it
                if solver.busy == 0:
                    break
                await asyncio.sleep(0.1)
            assert await solver.run(abs, -3) == 3
        finally:
            solver.close()

    asyncio.run(scenario())


_OWNER = """
import asyncio, os, sys, time
from playmanager.web.solver import Solver
async def main():
    solver = Solver(workers=1, waiting=0)
    print(await solver.run(os.getpid), flush=True)
    time.sleep(60)
asyncio.run(main())
"""


@pytest.mark.skipif(not Path("/proc/self").exists(), reason="reads /proc (Linux)")
def test_a_worker_ends_with_a_server_killed_with_sigkill() -> None:
    """``kill -9`` never lets the server shut its pool down: the worker must
    notice on its own, or it waits for work forever."""
    owner = subprocess.Popen(
        [sys.executable, "-c", _OWNER], stdout=subprocess.PIPE, text=True
    )
    try:
        assert owner.stdout is not None
        worker = int(owner.stdout.readline())
        owner.kill()
        owner.wait()
        for _ in range(300):  # the idle class runs it last on a busy machine
            if not Path(f"/proc/{worker}").exists() or "zombie" in _state(worker):
                break
            time.sleep(0.1)
        else:
            os.kill(worker, signal.SIGKILL)
            pytest.fail(f"the worker {worker} outlived its server")
    finally:
        owner.kill()


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/status").read_text().split("State:")[1].split("\n")[0]
    except (OSError, IndexError):
        return "zombie"  # gone between the two reads


@pytest.fixture
def served(tmp_path: Path) -> tuple[Any, TestClient]:
    app = create_app(WebConfig(tmp_path / "web.sqlite3", tmp_path / "saves"))
    return app, TestClient(app, base_url=LOCAL)


@pytest.mark.parametrize("kind", list(GAME_KINDS))
def test_the_pools_hint_is_the_games_own(
    served: tuple[Any, TestClient], kind: str
) -> None:
    app, client = served
    game = new(client, kind, seed=11)
    hint = client.post(f"/api/games/{game['id']}/hint").json()
    live = app.state.server.games.get(client.cookies["client"], game["id"])
    intent, words = live.game.hint()
    expected = {"hint": live.game.intent_json(intent), "words": words}
    assert hint == json.loads(json.dumps(expected))  # tuples travel as lists
    app.state.server.solver.close()


@pytest.mark.parametrize("what", ["hint", "autoplay"])
def test_beyond_the_pool_a_hint_is_a_quick_503_and_nothing_changes(
    served: tuple[Any, TestClient], what: str
) -> None:
    app, client = served
    game = new(client, "2048", seed=11)
    before = client.get(f"/api/games/{game['id']}").json()
    solver = app.state.server.solver
    solver.busy = solver.limit  # every worker and waiting place taken
    refused = client.post(f"/api/games/{game['id']}/{what}")
    assert refused.status_code == 503
    assert refused.headers["retry-after"] == str(RETRY_SECONDS)
    body = refused.json()
    assert (
        body["field"] is None and "busy" in body["error"] and "\n" not in body["error"]
    )
    assert client.get(f"/api/games/{game['id']}").json() == before


def test_a_worker_that_dies_is_a_503_and_the_next_hint_starts_afresh() -> None:
    async def scenario() -> None:
        solver = Solver(workers=1, waiting=0)
        try:
            with pytest.raises(SolverBusyError):
                await solver.run(os._exit, 1)  # the worker process dies
            assert await solver.run(abs, -3) == 3
        finally:
            solver.close()

    asyncio.run(scenario())
