"""Many deals of Forty Thieves solved, and the table that sums them up.

``python -m playmanager --game forty-thieves --solve [--seed S] [--deals N]
[--budget-ms T] [--max-nodes N] [--jobs J | --ray [ADDRESS]] [--json |
--jsonl FILE]`` solves the deals of seeds S, S+1, ..., S+N-1
(:func:`deal`), each within T milliseconds (and N positions), in J worker
processes, or as Ray tasks on a local Ray or the cluster at ADDRESS
(:mod:`playmanager.ray_pool`; the journal is written the same way, by
this process, as each deal comes back). While it runs, a
progress line on stderr (only when stderr is a terminal, as for
--autoplay) shows the deals done and the wins so far. Then it prints how
many deals were won, proven lost and left unknown, the median time per
deal, the solver's nodes per second and the total time, or the same as
JSON with one record per deal; a won deal's record carries its winning
moves (``solution``) in the line mode's notation, so anyone can replay
the win. Ctrl-C stops early (exit 130); the table
then covers the deals finished.

Every win is replayed here once more, move by move through a fresh
:class:`BoardT` of the deal, to ``is_win_state()`` (:func:`verify_win`)
before it is counted: a win that does not replay is a solver bug and
stops the run.

``--jsonl FILE`` appends one JSON line per deal as it finishes, flushed
at once, so a killed run keeps every deal it finished. At the start, the
deals whose seed the file holds already are not solved again, whatever
budget they were solved with (a study with another budget uses another
file); the table then counts every deal of the range, from the file or
new. So a long study is resumed by running the same command again; on many
machines it runs with ``--ray`` (docs/research/forty-thieves-ray.md). A
line of the file that is not a deal record stops the run before
anything is solved (:class:`JournalError`), the file untouched.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import signal
import statistics
import time
from collections.abc import Callable, Generator, Iterable
from dataclasses import asdict, dataclass, field
from typing import Final, TextIO

from gamestate.forty_thieves import BoardT, deal
from gamestate.forty_thieves.moves import Move, apply, is_valid
from gamestate.forty_thieves.solver import solve

from .. import ray_pool
from ..progress import ProgressLine, collect, figure, share_bar
from .commands import command_text

STATUSES: Final = ("won", "lost", "unknown")
_RECORD_FIELDS: Final[dict[str, type | tuple[type, ...]]] = {
    "seed": int,
    "status": str,
    "moves": int,
    "nodes": int,
    "seconds": (int, float),
}


@dataclass(frozen=True)
class DealResult:
    """How the solver ended on one deal (a line of the --jsonl file)."""

    seed: int
    status: str
    """"won", "lost" (proven) or "unknown" (the budget ran out)."""
    moves: int
    """MIS moves of the winning line; 0 unless won."""
    nodes: int
    seconds: float
    budget_ms: float | None = None
    max_nodes: int | None = None
    solution: tuple[str, ...] = ()
    """The winning moves as the line mode types them (``3 7``, ``w f2``,
    ``d``), so that anyone can replay the win; () unless won (and in
    records of a journal written before they were kept)."""


@dataclass
class Report:
    """Every deal of the range finished so far, this run's or the file's."""

    first_seed: int
    deals: int
    budget_ms: float | None
    max_nodes: int | None
    jobs: int = 1
    ray: str | None = None
    """The Ray address the deals run on (:mod:`playmanager.ray_pool`), or
    None for the process pool of ``jobs``."""
    results: list[DealResult] = field(default_factory=list)
    resumed: int = 0
    """How many of ``results`` came from the --jsonl file."""
    interrupted: bool = False
    wall_seconds: float = 0.0
    """How long this run took (deals from the file not included)."""

    def seeds(self) -> range:
        return range(self.first_seed, self.first_seed + self.deals)

    def count(self, status: str) -> int:
        return sum(result.status == status for result in self.results)

    def median_seconds(self) -> float | None:
        times = [result.seconds for result in self.results]
        return statistics.median(times) if times else None

    def nodes_per_second(self) -> float | None:
        """All the nodes over all the solver's time (per worker process)."""
        seconds = sum(result.seconds for result in self.results)
        nodes = sum(result.nodes for result in self.results)
        return nodes / seconds if seconds > 0 else None


class JournalError(Exception):
    """A --jsonl file holds a line that is not a deal record."""

    def __init__(self, path: str, line: int, detail: str) -> None:
        super().__init__(f"{path}: line {line}: {detail}")
        self.path = path
        self.line = line
        self.detail = detail


def verify_win(seed: int, moves: Iterable[Move]) -> int:
    """Replay ``moves`` on a new board of deal ``seed``, each checked valid;
    return how many there were. Raises AssertionError unless the last
    position is won (``is_win_state()``): the solver has a bug."""
    board = BoardT(deal(seed))
    count = 0
    for move in moves:
        if not is_valid(board, move):
            raise AssertionError(f"deal {seed}: the solver's move {move} is refused")
        apply(board, move)
        count += 1
    if not board.is_win_state():
        raise AssertionError(f"deal {seed}: the solver's winning line does not win")
    return count


def solve_deal(seed: int, budget_ms: float | None, max_nodes: int | None) -> DealResult:
    """Solve deal ``seed`` within the budgets; a win is verified first."""
    solution = solve(BoardT(deal(seed)), budget_ms=budget_ms, max_nodes=max_nodes)
    moves = verify_win(seed, solution.moves) if solution.status == "won" else 0
    return DealResult(
        seed,
        solution.status,
        moves,
        solution.nodes,
        round(solution.seconds, 6),
        budget_ms,
        max_nodes,
        tuple(map(command_text, solution.moves)),
    )


def _solve_task(task: tuple[int, float | None, int | None]) -> DealResult:
    return solve_deal(*task)


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def solve_deals(
    seeds: list[int],
    budget_ms: float | None,
    max_nodes: int | None,
    jobs: int = 1,
    ray: str | None = None,
) -> Generator[DealResult, None, None]:
    """Each deal's result as it finishes (in seed order with one job).

    With ``ray`` (an address, :mod:`playmanager.ray_pool`) the deals are
    Ray tasks; else with more than one job they are solved in worker
    processes. When the caller stops early (Ctrl-C, an error), closing the
    iterator stops the workers.
    """
    tasks = [(seed, budget_ms, max_nodes) for seed in seeds]
    if ray is not None:
        yield from ray_pool.imap_unordered(_solve_task, tasks, ray)
        return
    if jobs <= 1 or len(tasks) <= 1:
        yield from map(_solve_task, tasks)
        return
    pool = multiprocessing.get_context().Pool(
        min(jobs, len(tasks)), initializer=_ignore_interrupts
    )
    try:
        yield from pool.imap_unordered(_solve_task, tasks)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


# ------------------------------------------------------------ the --jsonl file
def _record(data: object, path: str, line: int) -> DealResult:
    if not isinstance(data, dict):
        raise JournalError(path, line, "not a JSON object")
    for name, kinds in _RECORD_FIELDS.items():
        value = data.get(name)
        if not isinstance(value, kinds) or isinstance(value, bool):
            raise JournalError(path, line, f"no valid {name!r} in the record")
    if data["status"] not in STATUSES:
        raise JournalError(path, line, f"unknown status {data['status']!r}")
    solution = data.get("solution", [])
    if not isinstance(solution, list) or not all(isinstance(m, str) for m in solution):
        raise JournalError(path, line, "no valid 'solution' in the record")
    return DealResult(
        data["seed"],
        data["status"],
        data["moves"],
        data["nodes"],
        float(data["seconds"]),
        data.get("budget_ms"),
        data.get("max_nodes"),
        tuple(solution),
    )


def read_journal(path: str) -> dict[int, DealResult]:
    """The deals a --jsonl file holds, by seed (the first line of a seed
    counts); empty when the file does not exist. Raises JournalError on a
    line that is not a deal record, OSError when it cannot be read."""
    found: dict[int, DealResult] = {}
    if not os.path.exists(path):
        return found
    with open(path, encoding="utf-8", errors="replace") as file:
        for number, line in enumerate(file, 1):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
            except ValueError:
                raise JournalError(path, number, "not valid JSON") from None
            result = _record(data, path, number)
            found.setdefault(result.seed, result)
    return found


def journal_line(result: DealResult) -> str:
    return json.dumps(asdict(result)) + "\n"


# ------------------------------------------------------------------- the run
def run_deals(
    report: Report,
    progress: ProgressLine | None = None,
    on_result: Callable[[DealResult], None] | None = None,
    skip: Iterable[int] = (),
) -> Report:
    """Solve the report's deals (but those of ``skip``) into it; call
    ``on_result`` with each. Ctrl-C stops early: the deals cut short are
    left out and the report says it was interrupted."""
    skipped = set(skip)
    seeds = [seed for seed in report.seeds() if seed not in skipped]
    started = time.perf_counter()
    results = solve_deals(
        seeds, report.budget_ms, report.max_nodes, report.jobs, report.ray
    )

    def keep(result: DealResult) -> None:
        report.results.append(result)
        if on_result is not None:
            on_result(result)

    try:
        report.interrupted = collect(
            results, keep, progress, lambda: f"won {report.count('won')}"
        )
    finally:
        results.close()  # stops the workers if anything went wrong
        report.wall_seconds = time.perf_counter() - started
    return report


# ------------------------------------------------------------------- output
def budget_text(report: Report) -> str:
    parts = []
    if report.budget_ms is not None:
        parts.append(f"{report.budget_ms:g} ms")
    if report.max_nodes is not None:
        parts.append(f"{report.max_nodes:,} nodes")
    return " and ".join(parts) + " per deal" if parts else "no budget"


def title(report: Report) -> str:
    """What was solved: how many deals, which seeds, which budget."""
    first, last = report.first_seed, report.first_seed + report.deals - 1
    stopped = " (stopped by Ctrl-C)" if report.interrupted else ""
    resumed = f", {report.resumed} of them from the file" if report.resumed else ""
    jobs = f"{report.jobs} job{'s' if report.jobs != 1 else ''}"
    if report.ray is not None:
        jobs = f"Ray {report.ray}"
    return (
        f"Forty Thieves solver: {len(report.results)} of {report.deals} deals"
        f"{stopped}{resumed}, seeds {first} to {last}, {budget_text(report)}, {jobs}"
    )


def format_table(report: Report) -> str:
    """The results as text: a bar per status, then time and speed."""
    finished = len(report.results)
    labels = {"won": "won", "lost": "proven lost", "unknown": "unknown"}
    lines = [title(report), ""]
    for status in STATUSES:
        count = report.count(status)
        share = count / finished if finished else 0.0
        row = f"{labels[status]:<12} {count:>5}  {share:>6.1%}  {share_bar(share)}"
        lines.append(row.rstrip())
    lines += [
        "",
        f"median s per deal   {figure(report.median_seconds(), 2)}",
        f"nodes per second    {figure(report.nodes_per_second())}",
        f"total time          {figure(report.wall_seconds, 1)} s",
    ]
    return "\n".join(lines) + "\n"


def summary(report: Report) -> dict[str, object]:
    """The figures of the table, for JSON."""
    finished = len(report.results)
    return {
        "first_seed": report.first_seed,
        "deals": report.deals,
        "finished": finished,
        "resumed": report.resumed,
        "interrupted": report.interrupted,
        "budget_ms": report.budget_ms,
        "max_nodes": report.max_nodes,
        "jobs": report.jobs,
        "ray": report.ray,
        **{status: report.count(status) for status in STATUSES},
        "won_rate": report.count("won") / finished if finished else None,
        "median_seconds": report.median_seconds(),
        "nodes_per_second": report.nodes_per_second(),
        "total_seconds": report.wall_seconds,
    }


def to_json(report: Report) -> str:
    """The summary and one record per deal, as one JSON object."""
    records = [
        {
            "seed": r.seed,
            "status": r.status,
            "moves": r.moves,
            "nodes": r.nodes,
            "seconds": r.seconds,
            "solution": list(r.solution),
        }
        for r in sorted(report.results, key=lambda result: result.seed)
    ]
    return json.dumps({**summary(report), "results": records}, indent=2) + "\n"


def _last_line_unended(path: str) -> bool:
    """Whether the file at ``path`` ends in a line with no newline."""
    if not os.path.exists(path):
        return False
    with open(path, "rb") as file:
        if file.seek(0, os.SEEK_END) == 0:
            return False
        file.seek(-1, os.SEEK_END)
        return file.read(1) != b"\n"


def _appender(journal: TextIO) -> Callable[[DealResult], None]:
    """Write each result to ``journal`` as a line, flushed at once."""

    def append(result: DealResult) -> None:
        journal.write(journal_line(result))
        journal.flush()

    return append


def run(
    report: Report,
    stdout: TextIO,
    stderr: TextIO,
    *,
    as_json: bool = False,
    jsonl: str | None = None,
) -> Report:
    """Solve the report's deals, print the table or JSON, return the report.

    With ``jsonl``: the deals the file holds are counted, not solved, and
    each new one is appended to it. Raises JournalError (before anything
    is solved) when the file holds a line that is not a deal record.
    """
    on_result: Callable[[DealResult], None] | None = None
    with contextlib.ExitStack() as closing:
        if jsonl is not None:
            done = read_journal(jsonl)
            old = [done[seed] for seed in report.seeds() if seed in done]
            report.results.extend(old)
            report.resumed = len(old)
            unended = _last_line_unended(jsonl)
            journal = closing.enter_context(open(jsonl, "a", encoding="utf-8"))
            if unended:  # a file edited by hand: the next record starts a line
                journal.write("\n")
            on_result = _appender(journal)
        left = report.deals - report.resumed
        progress = (
            ProgressLine(stderr, left, "deals") if stderr.isatty() and left else None
        )
        run_deals(report, progress, on_result, skip=[r.seed for r in report.results])
    stdout.write(to_json(report) if as_json else format_table(report))
    stdout.flush()
    return report
