"""Where the Forty Thieves solver spends its positions, deal by deal.

    python bench/forty_thieves_search_profile.py [--max-nodes 5000] SEED...

Runs the solver's best-first search (each weighting of ``_WEIGHTS`` in
turn, as :func:`gamestate.forty_thieves.solver.solve` does, but each on
the whole node budget) on the deals given and prints, per search: the
positions expanded, those dropped as dead (``has_dead_card``), the
children generated and how many of them the transposition table had
seen already, what is left on the frontier, positions per CPU second and
the share of the time spent in the dead-card proof (``analyse``, which
also says whether the waste waits for the deal); then how the
expanded positions spread over the depth (moves from the deal), the cards
dealt, the cards on the foundations, the empty piles and the waste's
size. It is the instrument behind "why is no loss proven" on the
Research page (docs/research/forty-thieves-solving.md).
"""

from __future__ import annotations

import argparse
import heapq
import time
from collections import Counter

from gamestate.forty_thieves import BoardT, deal
from gamestate.forty_thieves.solver import (
    _WEIGHTS,
    _Position,
    _position,
    _Search,
    _Weights,
    analyse,
)


def spread(counts: Counter[int], width: int) -> str:
    """``counts`` by buckets of ``width``, as "low-high: count" pairs."""
    buckets: Counter[int] = Counter()
    for value, count in counts.items():
        buckets[value // width * width] += count
    return ", ".join(
        f"{low}-{low + width - 1}: {buckets[low]}" for low in sorted(buckets)
    )


def profile(seed: int, weights: _Weights, max_nodes: int, deal_first: bool) -> None:
    """Search deal ``seed`` with ``weights`` for ``max_nodes`` positions and
    print where they went."""
    position, stock = _position(BoardT(deal(seed)))
    search = _Search(stock, weights)
    search.deal_first = deal_first
    _, root = search.start(position)
    seen = {search.key(root)}
    frontier: list[tuple[float, int, int, _Position]] = [(0.0, 0, 0, root)]
    order = generated = hits = dead = 0
    spreads: dict[str, Counter[int]] = {
        name: Counter() for name in ("depth", "dealt", "home", "empty", "waste")
    }
    dead_seconds = 0.0
    started = time.process_time()
    while frontier and search.nodes < max_nodes:
        _, _, depth, node = heapq.heappop(frontier)
        before = time.process_time()
        is_dead, waits = analyse(node, stock)
        dead_seconds += time.process_time() - before
        if is_dead:
            dead += 1
            continue
        search.nodes += 1
        for name, value in (
            ("depth", depth),
            ("dealt", node.dealt),
            ("home", sum(node.foundations)),
            ("empty", sum(not pile for pile in node.piles)),
            ("waste", len(node.waste)),
        ):
            spreads[name][value] += 1
        for _, child in search.children(node, waits):
            generated += 1
            key = search.key(child)
            if key in seen:
                hits += 1
                continue
            seen.add(key)
            order -= 1
            heapq.heappush(frontier, (-search.rating(child), order, depth + 1, child))
    seconds = time.process_time() - started
    print(
        f"seed {seed}, weights {weights}: {search.nodes} expanded, {dead} dropped"
        f" as dead, {generated} children of which {hits}"
        f" ({hits / max(generated, 1):.0%}) seen before, {len(frontier)} left"
        f" on the frontier{' (exhausted: lost)' if not frontier else ''};"
        f" {search.nodes / seconds:,.0f} positions per CPU second,"
        f" {dead_seconds / seconds:.0%} of the time in has_dead_card (and waits_for_deal)"
    )
    for name, width in (
        ("depth", 10),
        ("dealt", 8),
        ("home", 10),
        ("empty", 1),
        ("waste", 5),
    ):
        print(f"  {name:6} {spread(spreads[name], width)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("seeds", metavar="SEED", type=int, nargs="+")
    parser.add_argument("--max-nodes", type=int, default=5000)
    parser.add_argument(
        "--no-deal-first",
        dest="deal_first",
        action="store_false",
        help="search without the rule that only deals where the waste waits"
        " for the deal (waits_for_deal), to compare",
    )
    args = parser.parse_args()
    for seed in args.seeds:
        for weights in _WEIGHTS:
            profile(seed, weights, args.max_nodes, args.deal_first)


if __name__ == "__main__":
    main()
