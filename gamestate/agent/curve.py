"""The learning curve: a CSV of the training's points and a PNG of it.

Each point is one window of training games (``report_every`` of them):
games trained so far, moves, seconds, the window's mean score and the
share of its games that reached each tile. The games are the learner's
own greedy games, so the curve is the agent's strength as it learned.
The CSV and the PNG show the rates of the tiles that matter for the run
(:func:`shown_tiles`: the three highest reached), whatever the board: a
3x3 game never reaches 2048, a 5x5 one passes it. The PNG needs
matplotlib (the ``agent`` extra). Files are written whole or not at all.
"""

from __future__ import annotations

import csv
import io
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final

from .training import CURVE_FIELDS

if TYPE_CHECKING:
    from matplotlib.figure import Figure

SHOWN: Final = 3
"""How many tiles' rates a curve or an evaluation shows."""
_RATE = re.compile(r"rate_(\d+)")
_COLOURS: Final = ("tab:orange", "tab:red", "tab:purple", "tab:blue", "tab:green")


def shown_tiles(rates: Mapping[int, float], count: int = SHOWN) -> list[int]:
    """The tiles whose rates say most, lowest first: the ``count`` highest
    tiles reached (rate above 0), or where none was, the ``count`` lowest
    of those given."""
    reached = sorted(tile for tile, rate in rates.items() if rate > 0)
    return reached[-count:] if reached else sorted(rates)[:count]


def curve_tiles(curve: Sequence[Mapping[str, float]]) -> list[int]:
    """:func:`shown_tiles` of a curve: among the tiles every point has a
    rate for, the highest reached in any point."""
    if not curve:
        return []
    followed = set.intersection(*(set(_rated(point)) for point in curve))
    return shown_tiles(
        {tile: max(point[f"rate_{tile}"] for point in curve) for tile in followed}
    )


def _rated(names: Iterable[str]) -> list[int]:
    """The tiles a point's (or a CSV header's) ``rate_<tile>`` names."""
    return [int(match[1]) for name in names if (match := _RATE.fullmatch(name))]


def write_csv(curve: Sequence[dict[str, float]], path: str | os.PathLike[str]) -> None:
    """The curve's points as CSV, one row per point, with the rates of
    :func:`curve_tiles`."""
    fields = [*CURVE_FIELDS, *(f"rate_{tile}" for tile in curve_tiles(curve))]
    text = io.StringIO()
    writer = csv.DictWriter(
        text, fieldnames=fields, lineterminator="\n", extrasaction="ignore"
    )
    writer.writeheader()
    writer.writerows(curve)
    _write_whole(Path(path), text.getvalue().encode())


def read_csv(path: str | os.PathLike[str]) -> list[dict[str, float]]:
    """Points written by :func:`write_csv` (any ``rate_<tile>`` columns);
    ValueError naming the file, line and field of anything else."""
    with Path(path).open(newline="") as handle:
        reader = csv.DictReader(handle)
        rows = list(reader)
        header = reader.fieldnames or []
    fields = [*CURVE_FIELDS, *(f"rate_{tile}" for tile in _rated(header))]
    points = []
    for line, row in enumerate(rows, start=2):
        point = {}
        for name in fields:
            try:
                point[name] = float(row[name])
            except (KeyError, TypeError, ValueError):
                raise ValueError(
                    f"{path}, line {line}: field {name!r} is {row.get(name)!r},"
                    " not a number"
                ) from None
        points.append(point)
    if not points:
        raise ValueError(f"{path}: no curve points")
    return points


def write_png(
    curve: Sequence[dict[str, float]], path: str | os.PathLike[str], *, title: str
) -> None:
    """Mean score (left axis) and the rates of :func:`curve_tiles` (right
    axis) against games trained."""
    from matplotlib import pyplot

    figure = draw(curve, title=title)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    pyplot.close(figure)
    _write_whole(Path(path), buffer.getvalue())


def draw(curve: Sequence[dict[str, float]], *, title: str) -> Figure:
    """The curve's figure (what :func:`write_png` saves)."""
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
    for tile, colour in zip(curve_tiles(curve), _COLOURS, strict=False):
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
    return figure


def _write_whole(path: Path, data: bytes) -> None:
    temporary = path.with_name(path.name + ".part")
    temporary.write_bytes(data)
    os.replace(temporary, path)
