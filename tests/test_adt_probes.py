"""Issue 35 item 2: wrong values built from a submission's own valid ones.

Every probe keeps the valid value's shape but can be no valid value of it:
it differs from the value it was built from, and never holds a component a
representation may accept in its place (0, 1.0, another index 1 to 4).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gamestate.conformance.adt_probes import (
    NOT_COMPONENTS,
    wrong_boards,
    wrong_coordinates,
)

INDICES = st.integers(min_value=1, max_value=4)
COORDINATES = st.one_of(
    st.tuples(INDICES, INDICES),
    st.lists(INDICES, min_size=2, max_size=2),
    st.fixed_dictionaries({"l": INDICES, "c": INDICES}),
)


def components(value: object) -> list[object]:
    if isinstance(value, dict):
        return list(value.values())
    assert isinstance(value, (list, tuple))
    return list(value)


@given(COORDINATES)
def test_each_wrong_coordinate_differs_from_its_own_in_a_way_no_index_can(valid: object) -> None:
    probes = wrong_coordinates(valid)
    assert probes
    for probe in probes:
        assert type(probe.value) is type(valid)
        assert probe.value != valid, probe.how
        items = components(probe.value)
        changed = [item for item in items if item not in (1, 2, 3, 4)]
        assert not items or any(item in NOT_COMPONENTS for item in changed), probe.how


def test_a_scalar_coordinate_gets_no_probe_since_any_change_may_be_another_code() -> None:
    assert wrong_coordinates(6) == []


def test_a_list_board_gets_a_short_row_and_a_row_that_is_no_list() -> None:
    board = [0, [[0] * 4 for _ in range(4)]]
    values = [probe.value for probe in wrong_boards(board)]
    assert [0, [[0] * 4] * 3] in values
    assert [0, [[0] * 4, [0] * 4, [0] * 4, [0] * 3]] in values
    assert [0, [[0] * 4, "a", [0] * 4, [0] * 4]] in values
    assert all(value != board for value in values)


def test_a_dict_board_gets_a_key_renamed_and_a_tile_made_a_string() -> None:
    board: dict[object, int] = {(r, c): 0 for r in range(1, 5) for c in range(1, 5)} | {"score": 0}
    probes = wrong_boards(board)
    renamed = [probe.value for probe in probes if "renamed" in probe.how]
    assert renamed == [{("renamed", (1, 1)) if key == (1, 1) else key: 0 for key in board}]
    assert any(probe.value == board | {(1, 1): "2"} for probe in probes)
    assert not any(probe.value == board | {"score": "2"} for probe in probes)
