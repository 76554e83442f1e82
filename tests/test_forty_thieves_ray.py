"""--solve --ray: a study on a real local Ray (two CPUs) keeps the journal's
rules: a worker killed mid-deal is retried, a re-run resumes, same table.

Skipped only where Ray is not installed: pip install -e ".[ray]".
"""

from __future__ import annotations

import io
import json
import os
import signal
import socket
import subprocess
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


def _solve_command(*options: str) -> list[str]:
    return [sys.executable, "-m", "playmanager", "--game", "forty-thieves"] + [
        "--solve",
        "--seed",
        "1",
        *options,
    ]


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_bench_solver_names_a_bad_address_in_one_line() -> None:
    # The 2048 benchmark's --ray joins Ray the same way, and stops the same way.
    address = f"127.0.0.1:{_closed_port()}"
    bench = Path(__file__).parent.parent / "bench" / "solver.py"
    run = subprocess.run(
        [sys.executable, str(bench), "--games", "1", "--moves", "1", "--ray", address],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 2
    assert run.stdout == ""
    (line,) = run.stderr.splitlines()
    assert line.startswith(f"solver.py: --ray {address}: no Ray answers there")


@pytest.mark.parametrize(
    ("pattern", "said"),
    [
        ("127.0.0.1:{port}", "no Ray answers there"),
        ("ray://127.0.0.1:{port}", "no Ray answers there"),
        ("no-port-here", "not an address"),
    ],
)
def test_a_bad_address_fails_at_once_naming_it(pattern: str, said: str) -> None:
    # The port is picked when the test runs, so that every pytest-xdist
    # worker collects the same tests.
    address = pattern.format(port=_closed_port())
    run = subprocess.run(  # Ray alone retries for minutes: the timeout fails that
        _solve_command("--deals", "1", "--ray", address),
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 2
    assert run.stdout == ""
    (line,) = run.stderr.splitlines()
    assert line.startswith(f"playmanager: --ray {address}: {said}")


def test_ctrl_c_stops_a_local_ray_study_keeping_its_journal(tmp_path: Path) -> None:
    """Ctrl-C in a terminal reaches the whole process group, Ray's own
    processes included: the study stops with exit 130, its journal intact,
    and no line of Ray's on stderr."""
    journal = tmp_path / "study.jsonl"
    study = subprocess.Popen(
        _solve_command(
            "--ray", "--deals", "6", "--budget-ms", "2000", "--jsonl", str(journal)
        ),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's job
    )
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and not (
        journal.exists() and journal.read_text().endswith("\n")
    ):
        time.sleep(0.2)
    os.killpg(study.pid, signal.SIGINT)
    out, err = study.communicate(timeout=120)
    assert study.returncode == 130, err
    assert err == ""
    assert "(stopped by Ctrl-C)" in out
    seeds = _journal_seeds(journal)
    assert seeds and len(seeds) == len(set(seeds)) < 6
