"""``python -m gamestate.agent``: train, evaluate and plot an n-tuple agent.

    python -m gamestate.agent train --games 20000 --out run
    python -m gamestate.agent evaluate run/network.npz --games 1000
    python -m gamestate.agent plot run/curve.csv run/curve.png

``train`` writes into its ``--out`` folder: ``checkpoint.npz`` (the whole
run, for ``--resume``), ``network.npz`` (the weights alone, float16),
``curve.csv`` and ``curve.png``. Bad input ends with one line naming it.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

import numpy as np

from . import curve
from .network import FAMILIES, JAVA_TWO_PROB, SHIPPED, NTupleNetwork, tuples_for
from .play import evaluate
from .training import TILES, Progress, Settings, Trainer

CHECKPOINT = "checkpoint.npz"
NETWORK = "network.npz"


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "train":
            return _train(args)
        if args.command == "evaluate":
            return _evaluate(args)
        curve.write_png(curve.read_csv(args.csv), args.png, title=str(args.csv))
    except (ValueError, OSError) as error:
        parser.exit(2, f"{parser.prog}: error: {error}\n")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m gamestate.agent",
        description="An n-tuple network that learns 2048 by TD(0) on afterstates.",
    )
    # The rules both train and evaluate play by: one definition, shared.
    rules = argparse.ArgumentParser(add_help=False)
    rules.add_argument(
        "--two-prob",
        type=int,
        metavar="P",
        help=f"percent chance of a 2 (default {JAVA_TWO_PROB}, the Java rules;"
        " a run or network file keeps its own, and another is refused)",
    )
    rules.add_argument(
        "--other-two-prob",
        action="store_true",
        help="play or go on under a --two-prob other than the file's",
    )
    for side, what, name in (("rows", "R", "rows"), ("cols", "C", "columns")):
        rules.add_argument(
            f"--{side}",
            type=int,
            metavar=what,
            help=f"{name} of the board (default 4; a run or network file"
            " keeps its own, and another is refused)",
        )
    commands = parser.add_subparsers(dest="command", required=True)
    train = commands.add_parser(
        "train", parents=[rules], help="train (or --resume) a network"
    )
    train.add_argument("--games", type=int, required=True, help="games to train in all")
    train.add_argument(
        "--out", type=Path, required=True, help="folder for the run's files"
    )
    train.add_argument(
        "--resume", action="store_true", help="go on from --out's checkpoint"
    )
    train.add_argument(
        "--tuples",
        choices=list(FAMILIES),
        help="4x6: four 6-tuples (4 x 16**6 weights), 4x4: four 4-tuples (small,"
        " fast), small: squares and an L of four, for boards under 4 wide;"
        " each placed where it fits (default: 4x6 where it fits, else 4x4, else"
        " small)",
    )
    _setting(train, "seed", int, "one seed, one run: the same weights")
    _setting(train, "parallel", int, "games played at once")
    _setting(train, "alpha", float, "learning rate")
    _setting(train, "report_every", int, "games per curve point and checkpoint")
    _setting(
        train,
        "initial",
        float,
        "every board's value before training; large is optimistic (OTD, e.g. 320000)",
    )
    train.add_argument(
        "--minutes",
        type=float,
        help="stop after this many minutes even if --games is not reached",
    )
    play = commands.add_parser(
        "evaluate", parents=[rules], help="greedy play of N seeded games"
    )
    play.add_argument(
        "network",
        type=Path,
        nargs="?",
        default=SHIPPED,
        help="a network.npz (default: the one shipped in the package)",
    )
    play.add_argument("--games", type=int, default=1000)
    play.add_argument(
        "--seed", type=int, default=0, help="games use seeds seed..seed+games-1"
    )
    play.add_argument(
        "--lookahead",
        action="store_true",
        help="rate each move by the average over the next tile of the best"
        " next move (expectimax, depth 2) instead of greedily",
    )
    plot = commands.add_parser("plot", help="draw a curve.csv as a PNG")
    plot.add_argument("csv", type=Path)
    plot.add_argument("png", type=Path)
    return parser


def _setting(
    parser: argparse.ArgumentParser, field: str, kind: type, help: str
) -> None:
    """An option for one field of :class:`Settings`, whose default it shows."""
    parser.add_argument(
        "--" + field.replace("_", "-"),
        type=kind,
        default=getattr(Settings(), field),
        help=f"{help} (default %(default)s)",
    )


def _train(args: argparse.Namespace) -> int:
    out: Path = args.out
    if args.games < 1:
        raise ValueError(f"--games must be at least 1, got {args.games}")
    if args.minutes is not None and not args.minutes > 0:
        raise ValueError(f"--minutes must be more than 0, got {args.minutes}")
    checkpoint = out / CHECKPOINT
    if args.resume:
        trainer = Trainer.resume(checkpoint, size=_asked_size(args))
        if _other_two_prob(checkpoint, trainer.settings.two_prob, args, "go on"):
            trainer.change_two_prob(args.two_prob)
    elif checkpoint.exists():
        raise ValueError(
            f"{checkpoint} exists: add --resume to go on, or choose another --out"
        )
    else:
        rows, cols = _asked_size(args) or (4, 4)
        settings = Settings(
            args.seed,
            args.parallel,
            args.alpha,
            JAVA_TWO_PROB if args.two_prob is None else args.two_prob,
            args.report_every,
            args.initial,
            rows,
            cols,
        )
        size = (rows, cols)
        network = NTupleNetwork(
            tuples_for(rows, cols, args.tuples), initial=settings.initial, size=size
        )
        out.mkdir(parents=True, exist_ok=True)
        trainer = Trainer(settings, network)
    bar = ProgressBar(sys.stderr)
    try:
        seconds = None if args.minutes is None else 60 * args.minutes
        trainer.run(
            args.games, checkpoint=checkpoint, progress=bar.show, seconds=seconds
        )
    except KeyboardInterrupt:
        bar.close()
        print(
            f"stopped; {checkpoint} holds the run as of its last curve point:"
            " --resume goes on from there"
        )
        return 130
    bar.close()
    if not trainer.curve:
        raise ValueError(
            f"no game ended within --minutes {args.minutes}: give it longer"
            f" (--resume goes on from {checkpoint})"
        )
    trainer.network.save(out / NETWORK, half=True)
    curve.write_csv(trainer.curve, out / "curve.csv")
    curve.write_png(trainer.curve, out / "curve.png", title=_title(trainer.settings))
    last = trainer.curve[-1]
    window = last["games"] - (
        trainer.curve[-2]["games"] if len(trainer.curve) > 1 else 0
    )
    reached = ", ".join(
        f"{tile} in {100 * last[f'rate_{tile}']:.1f}%"
        for tile in curve.curve_tiles(trainer.curve)
    )
    print(
        f"{trainer.games} games, {trainer.moves} moves in {trainer.seconds:.0f} s;"
        f" last {window:.0f} games: mean score {last['mean_score']:.0f}, {reached}"
    )
    print(f"wrote {out / NETWORK}, {out / 'curve.csv'}, {out / 'curve.png'}")
    return 0


def _asked_size(args: argparse.Namespace) -> tuple[int, int] | None:
    """(rows, cols) when --rows or --cols was given (the other 4), else None."""
    if args.rows is None and args.cols is None:
        return None
    return (
        4 if args.rows is None else args.rows,
        4 if args.cols is None else args.cols,
    )


def _other_two_prob(
    path: Path, trained: int, args: argparse.Namespace, doing: str
) -> bool:
    """Whether --two-prob asks for another two_prob than the file's
    ``trained`` one; ValueError saying how to ask, unless --other-two-prob."""
    asked: int | None = args.two_prob
    if asked is None or asked == trained:
        return False
    if not args.other_two_prob:
        raise ValueError(
            f"{path}: trained with two_prob={trained}, not {asked}"
            f" (add --other-two-prob to {doing} under {asked} anyway)"
        )
    return True


def _title(settings: Settings) -> str:
    title = (
        f"TD(0) n-tuple network, {settings.rows}x{settings.cols},"
        f" two_prob={settings.two_prob}, seed={settings.seed}, alpha={settings.alpha}"
    )
    return title + (f", initial={settings.initial:g}" if settings.initial else "")


def _evaluate(args: argparse.Namespace) -> int:
    network = NTupleNetwork.load(args.network, size=_asked_size(args))
    if args.games < 1:
        raise ValueError(f"--games must be at least 1, got {args.games}")
    two_prob = network.two_prob
    if _other_two_prob(args.network, two_prob, args, "play it"):
        two_prob = args.two_prob
    seeds = list(range(args.seed, args.seed + args.games))
    result = evaluate(network, seeds, two_prob=two_prob, lookahead=args.lookahead)
    how = "lookahead" if args.lookahead else "greedy"
    rows, cols = network.size
    print(
        f"{args.games} {how} games on {rows}x{cols} (seeds {args.seed}..{seeds[-1]},"
        f" two_prob={two_prob}):"
        f" mean score {result.scores.mean():.0f}"
    )
    rates = {tile: result.rate(tile) for tile in TILES}
    for tile in curve.shown_tiles(rates):
        print(f"  reached {tile}: {100 * rates[tile]:.1f}%")
    tiles, counts = np.unique(result.highest, return_counts=True)
    shares = ", ".join(
        f"{tile} in {100 * count / args.games:.1f}%"
        for tile, count in zip(tiles[::-1], counts[::-1], strict=True)
    )
    print(f"  highest tile: {shares}")
    print(
        f"  {result.microseconds_per_move:.1f} us a move ({int(result.moves.sum())} moves,"
        f" {args.games} games side by side, {result.seconds:.1f} s)"
    )
    return 0


class ProgressBar:
    """One line on a terminal, redrawn at most ten times a second."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.drawn = 0.0

    def show(self, progress: Progress) -> None:
        now = time.monotonic()
        if now - self.drawn < 0.1 and progress.games < progress.target:
            return
        self.drawn = now
        done = min(1.0, progress.games / progress.target)
        filled = int(30 * done)
        rate = progress.moves / progress.seconds if progress.seconds else 0.0
        line = (
            f"\r[{'#' * filled}{'.' * (30 - filled)}] {progress.games}/{progress.target}"
            f" games, {rate / 1000:.0f}k moves/s"
        )
        if progress.curve:
            line += f", mean score {progress.curve[-1]['mean_score']:.0f}"
        self.stream.write(line)
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()
