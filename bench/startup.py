"""Start-up of ``python -m playmanager`` as a user has it (issue 14).

The package is installed as a user installs it (``pip install .`` into a
fresh virtual environment: no editable finder, bytecode compiled), and
both commands run from an empty folder outside the checkout, with an
empty data folder (``XDG_DATA_HOME``: no best score, no rescued game
waiting, as at a new user's first launch and whatever this machine holds):

* ``python -c pass``, the floor every Python program pays;
* ``python -m playmanager``, answering ``q`` at the first prompt.

Rounds alternate the two commands (interleaved, so load changes hit both),
and the figures are medians: wall time, and peak resident memory by GNU
time when ``/usr/bin/time`` exists. Target: within 2x the time of
``python -c pass`` and within 10 MiB of its memory.

    python bench/startup.py [--rounds N] [--keep-venv DIR]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_ENV = dict(os.environ)
"""The children's environment: this one's, with an empty data folder."""


def install(venv: Path) -> Path:
    """A fresh venv with the package installed from the checkout; its python."""
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--no-deps", str(ROOT)],
        check=True,
    )
    return python


def wall_seconds(argv: list[str], cwd: str) -> float:
    """Wall time of one child process fed ``q`` on its standard input."""
    start = time.perf_counter()
    subprocess.run(
        argv, input=b"q\n", stdout=subprocess.DEVNULL, cwd=cwd, env=_ENV, check=True
    )
    return time.perf_counter() - start


def peak_kib(argv: list[str], cwd: str) -> int | None:
    """Peak resident memory (KiB) of one child, by GNU time; None without it.

    Not from ``os.wait4``: a child forked from this process inherits this
    process's peak, which would hide the child's own.
    """
    if not Path("/usr/bin/time").exists():
        return None
    with tempfile.NamedTemporaryFile("r") as out:
        subprocess.run(
            ["/usr/bin/time", "-f", "%M", "-o", out.name, *argv],
            input=b"q\n",
            stdout=subprocess.DEVNULL,
            cwd=cwd,
            env=_ENV,
            check=True,
        )
        return int(out.read().split()[-1])


def measure(python: Path, rounds: int) -> None:
    commands = {
        "python -c pass": [str(python), "-c", "pass"],
        "python -m playmanager, q": [str(python), "-m", "playmanager"],
    }
    names = list(commands)
    times: dict[str, list[float]] = {name: [] for name in names}
    memory: dict[str, list[int]] = {name: [] for name in names}
    with tempfile.TemporaryDirectory() as cwd:  # outside the checkout
        _ENV["XDG_DATA_HOME"] = os.path.join(cwd, "data")  # empty: see above
        for name in names:  # warm the file cache once, not counted
            wall_seconds(commands[name], cwd)
        for r in range(rounds):
            for name in names[r % 2 :] + names[: r % 2]:
                times[name].append(wall_seconds(commands[name], cwd))
                peak = peak_kib(commands[name], cwd)
                if peak is not None:
                    memory[name].append(peak)
    print(f"start-up, {rounds} interleaved rounds (wall ms; peak RSS MiB)")
    for name in names:
        ms = sorted(t * 1000 for t in times[name])
        mib = statistics.median(memory[name]) / 1024 if memory[name] else float("nan")
        print(
            f"  {name:<26} min {ms[0]:6.1f}  median {statistics.median(ms):6.1f}"
            f"  max {ms[-1]:6.1f}   peak {mib:5.1f} MiB"
        )
    base, ours = (statistics.median(times[name]) for name in names)
    line = f"  playmanager / python -c pass: {ours / base:.2f}x time (target <= 2x)"
    if memory[names[0]]:
        extra = statistics.median(memory[names[1]]) - statistics.median(
            memory[names[0]]
        )
        line += f", {extra / 1024:+.1f} MiB peak memory (target <= +10 MiB)"
    print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=41)
    parser.add_argument(
        "--keep-venv",
        type=Path,
        help="install into DIR and keep it (default: a temp dir)",
    )
    args = parser.parse_args()
    print(
        f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, "
        f"load average {os.getloadavg()[0]:.2f} at the start"
    )
    if args.keep_venv is not None:
        measure(install(args.keep_venv), args.rounds)
    else:
        with tempfile.TemporaryDirectory() as folder:
            measure(install(Path(folder) / "venv"), args.rounds)
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
