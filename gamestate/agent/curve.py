"""The learning curve: a CSV of the training's points and a PNG of it.

Each point is one window of training games (``report_every`` of them):
games trained so far, moves, seconds, the window's mean score and the
share of its games that reached 2048, 4096 and 8192. The games are the
learner's own greedy games, so the curve is the agent's strength as it
learned. The PNG needs matplotlib (the ``agent`` extra). Files are
written whole or not at all.
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Sequence
from pathlib import Path

from .training import CURVE_FIELDS, MILESTONES


def write_csv(curve: Sequence[dict[str, float]], path: str | os.PathLike[str]) -> None:
    """The curve's points as CSV, one row per point."""
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=CURVE_FIELDS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(curve)
    _write_whole(Path(path), text.getvalue().encode())


def read_csv(path: str | os.PathLike[str]) -> list[dict[str, float]]:
    """Points written by :func:`write_csv`; ValueError naming the file,
    line and field of anything else."""
    with Path(path).open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    points = []
    for line, row in enumerate(rows, start=2):
        point = {}
        for name in CURVE_FIELDS:
            try:
                point[name] = float(row[name])
            except (KeyError, TypeError, ValueError):
                raise ValueError(
                    f"{path}, line {line}: field {name!r} is {row.get(name)!r},"
                    " not a number"
                ) from None
        points.append(point)
    return points


def write_png(
    curve: Sequence[dict[str, float]], path: str | os.PathLike[str], *, title: str
) -> None:
    """Mean score (left axis) and the 2048/4096/8192 rates (right axis)
    against games trained."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no display
    from matplotlib import pyplot

    games = [point["games"] for point in curve]
    figure, score_axis = pyplot.subplots(figsize=(8, 4.5), dpi=100)
    score_axis.plot(
        games, [p["mean_score"] for p in curve], color="black", label="mean score"
    )
    score_axis.set_xlabel("games trained")
    score_axis.set_ylabel("mean score")
    score_axis.set_ylim(bottom=0)
    rate_axis = score_axis.twinx()
    for tile, colour in zip(
        MILESTONES, ("tab:orange", "tab:red", "tab:purple"), strict=True
    ):
        rate_axis.plot(
            games,
            [100 * p[f"rate_{tile}"] for p in curve],
            color=colour,
            label=f"{tile} rate",
        )
    rate_axis.set_ylabel("games reaching the tile (%)")
    rate_axis.set_ylim(0, 100)
    lines = score_axis.get_legend_handles_labels()
    rates = rate_axis.get_legend_handles_labels()
    score_axis.legend(lines[0] + rates[0], lines[1] + rates[1], loc="upper left")
    score_axis.set_title(title)
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    pyplot.close(figure)
    _write_whole(Path(path), buffer.getvalue())


def _write_whole(path: Path, data: bytes) -> None:
    temporary = path.with_name(path.name + ".part")
    temporary.write_bytes(data)
    os.replace(temporary, path)
