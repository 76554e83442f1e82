"""Forty Thieves' session autoplay played to its end on many deals: does
it ever return to a position, and how long does it go on?

    python bench/forty_thieves_autoplay.py [--deals 200] [--seed 1]
        [--nodes 5000] [--max-seconds S]

For each deal of seeds S, S+1, ... a :class:`~playmanager.session.Session`
plays :meth:`~playmanager.session.Session.autoplay_step` until it stops
(the game ended, no move left, or no progress left: what ``A`` does in
every front end), each fair hint bounded by ``--nodes`` positions per
sample (the game's own hint is bounded by time as well; nodes alone keep
the run the same on every machine). It prints, per deal, the moves
played and why it stopped, and at the end how many deals repeated a
position (the target: none) and the most moves one took, against the
bound derived from PROGRESS_DEPTH (no run of more than PROGRESS_DEPTH - 1
moves without progress). ``--max-seconds`` (or Ctrl-C) ends the run early and
reports the deals done. The load average is printed at both ends.
"""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import dataclass

from gamestate.forty_thieves.fair import PROGRESS_DEPTH, progress, visible_key
from playmanager.forty_thieves.adapter import FortyThieves, cards_home
from playmanager.session import Session

MOST_MOVES = (104 + 64) * PROGRESS_DEPTH


@dataclass
class Played:
    """One deal played by autoplay to its end."""

    moves: int = 0
    repeated: bool = False
    longest_without_progress: int = 0
    home: int = 0
    why: str = ""


def play(seed: int, nodes: int) -> Played:
    """Autoplay's whole game of deal ``seed``."""
    adapter = FortyThieves(hint_nodes=nodes)
    session = Session(adapter, adapter.new_model(seed), seed, "unused", loaded=False)
    seen = {visible_key(session.model)}
    played, run, last = Played(), 0, progress(session.model)
    while session.autoplay_step() is not None:
        played.moves += 1
        key = visible_key(session.model)
        played.repeated = played.repeated or key in seen
        seen.add(key)
        now = progress(session.model)
        run, last = (0 if now != last else run + 1), now
        played.longest_without_progress = max(played.longest_without_progress, run)
    played.home = cards_home(session.model)
    won = session.model.is_win_state()
    played.why = "won" if won else session.why_autoplay_stops() or session.why_no_hint()
    return played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--nodes", type=int, default=5000)
    parser.add_argument("--max-seconds", type=float, default=None)
    args = parser.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.2f}", flush=True)
    start = time.monotonic()
    results: list[Played] = []
    try:
        for seed in range(args.seed, args.seed + args.deals):
            if args.max_seconds and time.monotonic() - start > args.max_seconds:
                break
            p = play(seed, args.nodes)
            results.append(p)
            print(
                f"deal {seed}: {p.moves} moves, {p.home} home, longest run without"
                f" progress {p.longest_without_progress}, repeated={p.repeated}, {p.why}",
                flush=True,
            )
    except KeyboardInterrupt:
        print("interrupted")
    done = len(results)
    print(f"deals done: {done} of {args.deals} in {time.monotonic() - start:.0f} s")
    if done:
        print(
            f"deals that repeated a position: {sum(p.repeated for p in results)} (target 0)"
        )
        print(
            f"per deal: {sum(p.moves for p in results) / done:.1f} moves, "
            f"{sum(p.home for p in results) / done:.1f} cards home"
        )
        longest = max(p.longest_without_progress for p in results)
        print(f"longest run without progress: {longest} (bound {PROGRESS_DEPTH - 1})")
        most = max(p.moves for p in results)
        print(
            f"most moves in one deal: {most} (bound {MOST_MOVES}, ratio {most / MOST_MOVES:.3f})"
        )
        print(f"won: {sum(p.why == 'won' for p in results)}")
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
