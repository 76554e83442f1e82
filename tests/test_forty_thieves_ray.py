"""--solve --ray: a study on a real local Ray (two CPUs) keeps the journal's
rules: a worker killed mid-deal is retried, a re-run resumes, same table.

Skipped only where Ray is not installed: pip install -e ".[ray]".
"""

from __future__ import annotations

import io
import json
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from playmanager import ray_pool
from playmanager.forty_thieves import solve_batch

ray = pytest.importorskip("ray", reason='needs Ray: pip install -e ".[ray]"')

TASK_TITLE = "ray::_solve_task"
"""What Ray names a worker process while it runs a deal."""


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def _deal_workers() -> list[int]:
    """The pids of the Ray workers solving a deal right now."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if command.startswith(TASK_TITLE.encode()):
                pids.append(int(entry.name))
    return pids


def _kill_a_worker(deadline: float) -> int | None:
    """SIGKILL the first worker seen solving a deal; its pid, or None."""
    while time.monotonic() < deadline:
        pids = _deal_workers()
        if pids:
            os.kill(pids[0], signal.SIGKILL)
            return pids[0]
        time.sleep(0.05)
    return None


def _study(deals: int, journal: Path) -> solve_batch.Report:
    report = solve_batch.Report(
        first_seed=1, deals=deals, budget_ms=1500.0, max_nodes=None, ray="local"
    )
    return solve_batch.run(report, io.StringIO(), io.StringIO(), jsonl=str(journal))


def _journal_seeds(journal: Path) -> list[int]:
    return [json.loads(line)["seed"] for line in journal.read_text().splitlines()]


def test_a_killed_worker_is_retried_and_a_rerun_resumes(
    local_ray: None, tmp_path: Path
) -> None:
    journal = tmp_path / "study.jsonl"
    killed: list[int | None] = []
    killer = threading.Thread(
        target=lambda: killed.append(_kill_a_worker(time.monotonic() + 60))
    )
    killer.start()
    first = _study(3, journal)
    killer.join()

    assert killed and killed[0] is not None, "no Ray worker was seen solving a deal"
    assert sorted(_journal_seeds(journal)) == [1, 2, 3]  # the killed deal retried
    assert {r.seed for r in first.results} == {1, 2, 3}

    # A longer study over the same journal solves only the deal it lacks.
    second = _study(4, journal)
    assert second.resumed == 3
    assert sorted(_journal_seeds(journal)) == [1, 2, 3, 4]
    same = {(r.seed, r.status, r.moves) for r in first.results}
    assert same <= {(r.seed, r.status, r.moves) for r in second.results}


def test_without_ray_installed_the_error_says_how_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails
    with pytest.raises(ray_pool.RayMissingError, match="pip install"):
        ray_pool.connect(ray_pool.LOCAL)
