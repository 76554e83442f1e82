"""Deal numbers a person can type, and --winnable (Forty Thieves)."""

from __future__ import annotations

import io
import re

import pytest

from gamestate.forty_thieves import BoardT, deal
from gamestate.forty_thieves.solver import solve
from playmanager.cli import main
from playmanager.forty_thieves import deal_numbers

GAME = ["--game", "forty-thieves"]


def run(argv: list[str], keys: str = "q\n") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdin=io.StringIO(keys), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_a_new_random_deal_is_numbered_from_1_to_2_31_minus_1() -> None:
    numbers = set()
    for _ in range(20):
        status, out, _ = run(GAME)
        assert status == 0
        found = re.search(r"deal (-?\d+) \(--seed \1 deals it again\)", out)
        assert found is not None
        numbers.add(int(found.group(1)))
    assert all(1 <= n <= 2**31 - 1 for n in numbers)
    assert len(numbers) > 1


@pytest.mark.parametrize("seed", [-(2**63), 2**63 - 1, 0, 118])
def test_any_java_long_is_still_a_deal(seed: int) -> None:
    status, out, _ = run([*GAME, "--seed", str(seed)])
    assert status == 0
    said = " ".join(out.split())  # a long greeting wraps at 79 columns
    assert f"deal {seed} (--seed {seed} deals it again)" in said


def test_winnable_returns_the_first_deal_proven_won() -> None:
    tries = iter([45, 46, 5, 3])  # 45 is not won within 2,000 positions, 46 is
    found = deal_numbers.winnable(tries.__next__, tries=4, max_nodes=2000)
    assert found is not None
    assert solve(BoardT(deal(found)), max_nodes=2000).status == "won"


def test_winnable_gives_up_after_its_tries() -> None:
    # Deal 1 is not proven within 1 position: no deal is found.
    assert deal_numbers.winnable(lambda: 1, tries=2, max_nodes=1) is None


def test_the_winnable_option_shows_a_deal_the_solver_wins() -> None:
    status, out, _ = run([*GAME, "--winnable"])
    assert status == 0
    found = re.match(r"Deal (\d+): the solver proved it can be won\.\n", out)
    assert found is not None
    number = int(found.group(1))
    assert 1 <= number < 2**31
    assert f"deal {number} (--seed {number} deals it again)" in out
    # The same proof again: a node budget makes it the same on any machine.
    assert solve(BoardT(deal(number)), max_nodes=deal_numbers.WINNABLE_NODES).status == "won"


@pytest.mark.parametrize("extra", [["--seed", "3"], ["--solve"]])
def test_winnable_draws_its_own_deal(extra: list[str]) -> None:
    status, _, err = run([*GAME, "--winnable", *extra])
    assert status == 2
    assert "--winnable draws a new deal" in err
