"""Fair Forty Thieves autoplay against the thoughtful solver, deal by deal.

    python bench/forty_thieves_fair.py [--deals 200] [--seed 1] [--jobs 1]
        [--budget-ms 5000] [--max-seconds S] [--hints 20]

For each deal of seeds S, S+1, ... it plays the whole game with
:class:`gamestate.forty_thieves.fair.FairPlayer` (what autoplay does: it
sees only what a player sees, and decides with the fair hint's sampled
searches), and solves the same deal with the thoughtful solver (all cards
known, ``solve`` within ``--budget-ms``, as ``--solve`` does). It prints
both win rates side by side, the fair rate against the target (10%, what
good players are said to reach), how many PIMC decisions a game took,
and then times the fair hint as the game asks for it on a sample of
positions (median and max, against the 0.5 s target).

A fair game takes seconds to a minute (a decision per deal or so, each a
few searches), so 200 deals are long on a shared machine: ``--max-seconds``
ends the run after that long, and so does Ctrl-C (the deals in play are
dropped); either way the deals finished are reported, saying how many.
``--jsonl FILE`` keeps each finished deal in a journal as it ends, and a
rerun with the same file plays only the deals it lacks, so a long run can
be done in pieces. The load average is printed at the start and the end.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import statistics
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from forty_thieves_solver import hint_positions, load_average

from gamestate.forty_thieves import BoardT, deal
from gamestate.forty_thieves.fair import FairPlayer, fair_hint, play_fair_game
from playmanager.forty_thieves.solve_batch import solve_deal

FAIR_TARGET = 0.10
HINT_TARGET_S = 0.5


@dataclass(frozen=True)
class Outcome:
    """One deal, played fairly and solved thoughtfully."""

    seed: int
    fair_won: bool
    decisions: int
    fair_seconds: float
    thoughtful: str
    thoughtful_seconds: float


def play_deal(task: tuple[int, float]) -> Outcome:
    seed, budget_ms = task
    player = FairPlayer()
    started = time.perf_counter()
    won = play_fair_game(BoardT(deal(seed)), player)
    fair_seconds = time.perf_counter() - started
    solved = solve_deal(seed, budget_ms, None)
    return Outcome(
        seed, won, player.decisions, fair_seconds, solved.status, solved.seconds
    )


def journaled(journal: Path | None, seeds: list[int], budget_ms: float) -> list[Outcome]:
    """The outcomes of ``seeds`` already in ``journal`` (one JSON object a
    line) that the thoughtful solver got with this ``budget_ms``."""
    if journal is None or not journal.exists():
        return []
    lines = journal.read_text("utf-8").splitlines()
    wanted, found = set(seeds), {}
    for number, line in enumerate(lines, 1):
        try:
            entry = json.loads(line)
            outcome = Outcome(**{key: entry[key] for key in Outcome.__dataclass_fields__})
        except (ValueError, TypeError, KeyError) as error:
            raise SystemExit(f"{journal}, line {number}: not an outcome ({error})") from None
        if outcome.seed in wanted and entry.get("budget_ms") == budget_ms:
            found[outcome.seed] = outcome
    return list(found.values())


def _drop_cut_line(journal: Path) -> None:
    """A journal killed in the middle of a line ends without a newline:
    drop that part-line, so the next deal is written on a line of its own."""
    if not journal.exists():
        return
    data = journal.read_bytes()
    if data and not data.endswith(b"\n"):
        journal.write_bytes(data[: data.rfind(b"\n") + 1])


def run(
    seeds: list[int],
    budget_ms: float,
    jobs: int,
    max_seconds: float | None,
    journal: Path | None = None,
) -> tuple[list[Outcome], float]:
    """The outcomes finished (within ``max_seconds``, or until Ctrl-C), the
    journal's first, and the wall time."""
    started = time.perf_counter()
    if journal is not None:
        _drop_cut_line(journal)
    outcomes = journaled(journal, seeds, budget_ms)
    done = {outcome.seed for outcome in outcomes}
    tasks = [(seed, budget_ms) for seed in seeds if seed not in done]
    with multiprocessing.get_context().Pool(jobs) as pool:
        results = pool.imap_unordered(play_deal, tasks)
        for _ in tasks:
            left = None
            if max_seconds is not None:
                left = max(0.0, max_seconds - (time.perf_counter() - started))
            try:
                outcome = results.next(left)
            except (multiprocessing.TimeoutError, KeyboardInterrupt):
                pool.terminate()
                break
            outcomes.append(outcome)
            if journal is not None:
                with journal.open("a", encoding="utf-8") as file:
                    file.write(json.dumps(asdict(outcome) | {"budget_ms": budget_ms}) + "\n")
            fair = sum(o.fair_won for o in outcomes)
            thoughtful = sum(o.thoughtful == "won" for o in outcomes)
            print(
                f"\r{len(outcomes)}/{len(seeds)} deals: fair won {fair}, "
                f"thoughtful won {thoughtful}",
                end="",
                file=sys.stderr,
                flush=True,
            )
    print(file=sys.stderr)
    return outcomes, time.perf_counter() - started


def rate_line(name: str, won: int, finished: int) -> str:
    rate = won / finished if finished else 0.0
    return f"{name:<22} {won:>4} of {finished:<4} {rate:>6.1%}"


def report(outcomes: list[Outcome], deals: int, budget_ms: float, wall: float) -> None:
    finished = len(outcomes)
    fair = sum(o.fair_won for o in outcomes)
    thoughtful = sum(o.thoughtful == "won" for o in outcomes)
    both = sum(o.fair_won and o.thoughtful == "won" for o in outcomes)
    cut = "" if finished == deals else f" (the run was cut short: {deals} asked)"
    seeds = sorted(o.seed for o in outcomes)
    span = f", seeds {seeds[0]} to {seeds[-1]}" if seeds else ""
    print(f"{finished} deals finished{cut}{span}")
    print(rate_line("fair autoplay (PIMC)", fair, finished))
    print(rate_line(f"thoughtful, {budget_ms:g} ms", thoughtful, finished))
    print(f"won by both            {both:>4}")
    if outcomes:
        print(
            f"fair game: median {statistics.median(o.fair_seconds for o in outcomes):.1f} s, "
            f"{statistics.median(o.decisions for o in outcomes):.0f} PIMC decisions"
        )
    rate = fair / finished if finished else 0.0
    verdict = "met" if rate >= FAIR_TARGET else "NOT met"
    print(f"fair win rate {rate:.1%}; target {FAIR_TARGET:.0%}: {verdict}")
    print(f"this run's time {wall:.0f} s (deals from a journal not included)")


def time_hints(count: int, seed: int) -> None:
    wall = []
    for board in hint_positions(count, seed):
        started = time.perf_counter()
        fair_hint(board)
        wall.append(time.perf_counter() - started)
    worst = max(wall, default=0.0)
    verdict = "met" if worst <= HINT_TARGET_S else "NOT met"
    print(
        f"fair hint on {len(wall)} positions: median {statistics.median(wall):.3f} s, "
        f"max {worst:.3f} s; target {HINT_TARGET_S} s: {verdict}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1, help="the first deal")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--budget-ms", type=float, default=5000.0)
    parser.add_argument("--max-seconds", type=float, default=None)
    parser.add_argument("--hints", type=int, default=20, help="positions hinted")
    parser.add_argument(
        "--jsonl", type=Path, help="journal of finished deals; a rerun plays only the rest"
    )
    args = parser.parse_args()
    print(
        f"Python {platform.python_version()} on {os.cpu_count()} CPUs; "
        f"load average at start {load_average()}"
    )
    seeds = list(range(args.seed, args.seed + args.deals))
    try:
        outcomes, wall = run(seeds, args.budget_ms, args.jobs, args.max_seconds, args.jsonl)
    except KeyboardInterrupt:  # between two deals: the journal holds the finished
        print("\ninterrupted; rerun with the same --jsonl to go on", file=sys.stderr)
        return 130
    report(outcomes, args.deals, args.budget_ms, wall)
    time_hints(args.hints, args.seed)
    print(f"load average at end {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
