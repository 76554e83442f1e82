"""How many Forty Thieves deals can be won: the study's table and plot.

    python bench/forty_thieves_study.py JOURNAL... [--fair FAIR_JOURNAL]
        [--plot study.png]

Each JOURNAL is the --jsonl file of one ``--solve`` run (one budget per
file, as the journal's records say). For each it prints the deals read,
how many were won, proven lost and left unknown, and a 95% interval for
the fraction of deals that can be won which counts every unknown deal
both ways: its low end is the Wilson bound of the won deals alone (every
unknown lost), its high end that of the won and unknown deals together
(every unknown won). With ``--fair`` (the journal of
bench/forty_thieves_fair.py) it adds the fair autoplay's win rate on the
deals both journals hold, beside the solver's on the same deals.
``--plot`` draws the three fractions against the budget (matplotlib, the
bench extra). Journals of the same budget (a study split in parts, or
run on several machines) are merged into one row: a deal's won or lost
verdict beats an unknown one; a deal won in one and lost in the other is
an error (a solver bug).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path
from statistics import NormalDist

CONFIDENCE = 0.95


def wilson(
    successes: int, trials: int, confidence: float = CONFIDENCE
) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion."""
    if trials == 0:
        return 0.0, 1.0
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    share = successes / trials
    centre = share + z * z / (2 * trials)
    spread = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    # At 0 or all successes one bound is exactly the share; rounding may
    # put it a hair past, so the share itself is taken.
    low = 0.0 if successes == 0 else (centre - spread) / scale
    high = 1.0 if successes == trials else (centre + spread) / scale
    return low, high


@dataclass(frozen=True)
class Budget:
    """The verdicts of one journal."""

    path: Path
    budget_ms: float
    status: dict[int, str]
    """Each deal's verdict by seed."""

    def count(self, verdict: str) -> int:
        return sum(status == verdict for status in self.status.values())

    def winnable_interval(self) -> tuple[float, float]:
        deals = len(self.status)
        low, _ = wilson(self.count("won"), deals)
        _, high = wilson(self.count("won") + self.count("unknown"), deals)
        return low, high


def _lines(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        sys.exit(f"{path}: cannot be read: {error.strerror}")


def read_budget(path: Path) -> Budget:
    """One journal's verdicts; exits with a one-line error on a bad line."""
    status: dict[int, str] = {}
    budgets: set[float] = set()
    for number, line in enumerate(_lines(path), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            status.setdefault(int(record["seed"]), str(record["status"]))
            budgets.add(float(record["budget_ms"]))
        except (ValueError, KeyError, TypeError):
            sys.exit(f"{path}: line {number}: not a --solve record with a budget_ms")
    if len(budgets) != 1:
        sys.exit(f"{path}: holds {len(budgets)} budgets, not one")
    return Budget(path, budgets.pop(), status)


def merged(budgets: list[Budget]) -> list[Budget]:
    """One Budget per budget, the journals of each merged, by budget."""
    by_budget: dict[float, Budget] = {}
    for budget in budgets:
        kept = by_budget.setdefault(budget.budget_ms, budget)
        if kept is not budget:
            by_budget[budget.budget_ms] = Budget(
                kept.path, kept.budget_ms, _merged_status(kept, budget)
            )
    return sorted(by_budget.values(), key=lambda budget: budget.budget_ms)


def _merged_status(kept: Budget, other: Budget) -> dict[int, str]:
    status = dict(kept.status)
    for seed, verdict in other.status.items():
        before = status.setdefault(seed, verdict)
        if {before, verdict} == {"won", "lost"}:
            sys.exit(
                f"{other.path}: deal {seed} is {verdict}, but {before} in "
                f"{kept.path}: one of them is wrong"
            )
        if before == "unknown":
            status[seed] = verdict
    return status


def read_fair(path: Path) -> dict[int, bool]:
    """Whether the fair autoplay won each deal of its journal, by seed."""
    won: dict[int, bool] = {}
    for number, line in enumerate(_lines(path), 1):
        try:
            record = json.loads(line)
            won[int(record["seed"])] = bool(record["fair_won"])
        except (ValueError, KeyError, TypeError):
            sys.exit(f"{path}: line {number}: not a fair autoplay record")
    return won


def table(budgets: list[Budget]) -> str:
    columns = ("budget per deal", "deals", "won", "proven lost", "unknown")
    lines = [
        f"| {' | '.join(columns)} | winnable, 95% interval |",
        "|---:|---:|---:|---:|---:|:--|",
    ]
    for budget in budgets:
        deals = len(budget.status)
        low, high = budget.winnable_interval()
        cells = [
            f"{budget.count(v)} ({budget.count(v) / deals:.1%})"
            for v in ("won", "lost", "unknown")
        ]
        lines.append(
            f"| {budget.budget_ms / 1000:g} s | {deals} | {' | '.join(cells)} "
            f"| {low:.1%} to {high:.1%} |"
        )
    return "\n".join(lines)


def fair_line(budgets: list[Budget], fair: dict[int, bool]) -> str:
    """The fair autoplay's wins beside the solver's longest budget's."""
    best = max(budgets, key=lambda budget: budget.budget_ms)
    seeds = sorted(set(fair) & set(best.status))
    fair_won = sum(fair[seed] for seed in seeds)
    solver_won = sum(best.status[seed] == "won" for seed in seeds)
    low, high = wilson(fair_won, len(seeds))
    return (
        f"On the {len(seeds)} deals both journals hold, the fair autoplay wins "
        f"{fair_won} ({fair_won / max(len(seeds), 1):.1%}, 95% interval "
        f"{low:.1%} to {high:.1%}); the solver at {best.budget_ms / 1000:g} s "
        f"proves {solver_won} of them won."
    )


def plot(budgets: list[Budget], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    seconds = [budget.budget_ms / 1000 for budget in budgets]
    figure, axes = plt.subplots(figsize=(6.4, 4.0), dpi=100)
    for verdict, colour in (
        ("won", "tab:green"),
        ("lost", "tab:red"),
        ("unknown", "tab:gray"),
    ):
        shares = [budget.count(verdict) / len(budget.status) for budget in budgets]
        axes.plot(seconds, shares, marker="o", color=colour, label=verdict)
    lows, highs = zip(*(budget.winnable_interval() for budget in budgets), strict=True)
    # A bar per budget, so the interval shows with one budget too; the
    # band between them with more.
    axes.vlines(
        seconds,
        lows,
        highs,
        color="tab:green",
        alpha=0.35,
        linewidth=8,
        label="winnable, 95% interval",
    )
    axes.fill_between(seconds, lows, highs, color="tab:green", alpha=0.12)
    axes.set_xscale("log")
    axes.set_xticks(seconds, [f"{s:g} s" for s in seconds])
    axes.set_ylim(0, 1)
    axes.set_xlabel("solver budget per deal")
    axes.set_ylabel("fraction of deals")
    axes.set_title("Forty Thieves deals, all cards known")
    axes.legend(loc="center right")
    figure.tight_layout()
    figure.savefig(path)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        description="The table (won, proven lost, unknown, and a 95% interval "
        "for the winnable fraction) of Forty Thieves --solve journals, one row "
        "per budget; optionally the fair autoplay's wins beside them and a "
        "plot against the budget.",
        epilog="Example: python bench/forty_thieves_study.py "
        "docs/research/forty-thieves-study/budget-*ms.jsonl --fair "
        "docs/research/forty-thieves-study/fair-autoplay.jsonl --plot study.png",
    )
    parser.add_argument(
        "journals",
        nargs="+",
        type=Path,
        metavar="JOURNAL",
        help="the --jsonl file of a 'python -m playmanager --game forty-thieves "
        "--solve' run; files of the same budget are merged",
    )
    parser.add_argument(
        "--fair",
        type=Path,
        metavar="FAIR_JOURNAL",
        help="the --jsonl file of bench/forty_thieves_fair.py: adds the fair "
        "autoplay's win rate on the same deals",
    )
    parser.add_argument(
        "--plot",
        type=Path,
        metavar="PNG",
        help="draw the fractions against the budget into this PNG (matplotlib)",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.plot is not None and not args.plot.parent.is_dir():
        print(f"--plot {args.plot}: no folder {args.plot.parent}", file=sys.stderr)
        return 2
    budgets = merged(list(map(read_budget, args.journals)))
    print(table(budgets))
    if args.fair is not None:
        print()
        print(fair_line(budgets, read_fair(args.fair)))
    if args.plot is not None:
        try:
            plot(budgets, args.plot)
        except OSError as error:
            print(
                f"--plot {args.plot}: cannot be written: {error.strerror}",
                file=sys.stderr,
            )
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
