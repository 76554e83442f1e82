"""Wrong values built from a submission's own valid ones (spec 004's ADTs).

The representation-free probes (adt_suite.NOT_COORDINATES, NOT_BOARDS)
hold values no representation has; a recognizer or selector that breaks
only on a wrong value *of its own shape* passes them. So the grader also
takes a value the submission made itself (a coordinate from its
create_coordinate, a board from its create_board) and changes one
component into something no valid value of that shape can hold: a string,
1.5, None, 9 or an empty container in a coordinate; a board with one key
renamed, one value a string, one row too short or one row that is no list
(a string, one as long as the row, or 0).

Never a value that some representation may accept: no 0 (0-based
indices), no 1.0 (which equals 1), no other integer of 1 to 4. A
coordinate that is no container (an int code, say) gets no such probe:
any change of it may be another valid code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

# What no component of a valid coordinate can be, whatever the indexing.
NOT_COMPONENTS: Final[tuple[object, ...]] = ("a", 1.5, None, 9)


@dataclass(frozen=True)
class Probe:
    """A wrong value and how it was built from a valid one."""

    value: object
    how: str


def wrong_coordinates(valid: object) -> list[Probe]:
    """Wrong coordinates of ``valid``'s own shape (none for a scalar)."""
    if isinstance(valid, (tuple, list)):
        probes = [Probe(type(valid)(), f"{valid!r} emptied")]
        for index in range(len(valid)):
            for wrong in NOT_COMPONENTS:
                changed = list(valid)
                changed[index] = wrong
                probes.append(Probe(type(valid)(changed), f"{valid!r} with item {index} made {wrong!r}"))
        return probes
    if isinstance(valid, dict):
        probes = [Probe({}, f"{valid!r} emptied")]
        for key in valid:
            for wrong in NOT_COMPONENTS:
                probes.append(Probe(valid | {key: wrong}, f"{valid!r} with {key!r} made {wrong!r}"))
        return probes
    return []


def wrong_boards(valid: object) -> list[Probe]:
    """Wrong boards of ``valid``'s own shape: a dict with a key renamed, a
    tile made a string or its rows changed as a list's; a list or tuple with a row too short or a row
    made no list (its nested rows found at any depth)."""
    if isinstance(valid, dict):
        return _wrong_dicts(valid)
    if isinstance(valid, (list, tuple)):
        return [Probe(value, how) for value, how in _wrong_sequences(valid, "the board")]
    return []


def _wrong_dicts(valid: dict[object, object]) -> list[Probe]:
    probes = []
    keys = list(valid)
    if keys:
        first = keys[0]
        renamed = {("renamed", first) if key == first else key: value for key, value in valid.items()}
        probes.append(Probe(renamed, f"the board with its key {first!r} renamed ('renamed', {first!r})"))
    for key, value in valid.items():
        # A tile keyed by its coordinate (a str key may be the score's, which
        # some recognizers rightly leave to board_update_score).
        if not isinstance(key, str) and isinstance(value, int) and not isinstance(value, bool):
            probes.append(Probe(valid | {key: "2"}, f"the board with the tile at {key!r} made '2'"))
            break
    for key, value in valid.items():  # rows kept under a key: {'grid': [...], ...}
        if isinstance(value, (list, tuple)):
            probes += [
                Probe(valid | {key: changed}, how)
                for changed, how in _wrong_sequences(value, f"the board's {key!r}")
            ]
    return probes


def _wrong_sequences(valid: list[object] | tuple[object, ...], where: str) -> list[tuple[object, str]]:
    """Each row of ``valid`` (an item that is itself a list or tuple) cut
    short by one, made a string (short, or as long as the row) or made 0;
    then the same inside each item."""
    found: list[tuple[object, str]] = []
    for index, item in enumerate(valid):
        if not isinstance(item, (list, tuple)):
            continue
        here = f"{where}, item {index}"
        # A string as long as the row passes a check of lengths alone; 0
        # has no length at all.
        as_long = "a" * len(item)
        replacements = ((item[:-1], "one shorter"), ("a", "made 'a'"), (as_long, f"made {as_long!r}"), (0, "made 0"))
        for replacement, how in replacements:
            changed = list(valid)
            changed[index] = replacement
            found.append((type(valid)(changed), f"{here} {how}"))
        for deeper, how in _wrong_sequences(item, here):
            changed = list(valid)
            changed[index] = deeper
            found.append((type(valid)(changed), how))
    return found
