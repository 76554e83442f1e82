"""``--game forty-thieves --solve``: many deals solved, a table, JSON, a journal.

Deal 46 is won within a few hundred positions and deal 45 is not within
1000, so node budgets keep every run here to a fraction of a second and
the same on every machine.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from gamestate.forty_thieves import BoardT, deal, solver
from gamestate.forty_thieves.moves import DeckMove, apply, legal_moves
from gamestate.forty_thieves.solver import Solution, solve
from playmanager.cli import main
from playmanager.forty_thieves import solve_batch, text
from playmanager.forty_thieves.solve_batch import DealResult, verify_win
from tests.forty_thieves_helpers import position

NODES = "1000"
"""Enough for deal 46 (won in 414 positions), not for deal 45."""


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def run(*args: str, stderr: io.StringIO | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), stderr if stderr is not None else io.StringIO()
    status = main(
        ["--game", "forty-thieves", "--solve", *args], io.StringIO(), out, err
    )
    return status, out.getvalue(), err.getvalue()


def test_json_has_a_record_per_deal_and_the_summary() -> None:
    status, out, err = run(
        "--seed", "45", "--deals", "2", "--max-nodes", NODES, "--json"
    )
    assert status == 0 and err == ""
    data = json.loads(out)
    assert [r["seed"] for r in data["results"]] == [45, 46]
    unsolved, solved = data["results"]
    assert unsolved["status"] == "unknown" and unsolved["moves"] == 0
    assert unsolved["nodes"] <= 1000
    assert solved["status"] == "won" and solved["moves"] > 0
    expected = solve(BoardT(deal(46)), max_nodes=int(NODES))
    assert solved["moves"] == len(expected.moves) and solved["nodes"] == expected.nodes
    assert (data["won"], data["lost"], data["unknown"]) == (1, 0, 1)
    assert data["won_rate"] == 0.5 and data["finished"] == data["deals"] == 2
    assert data["max_nodes"] == 1000 and data["budget_ms"] is None
    assert data["nodes_per_second"] > 0 and data["median_seconds"] >= 0
    assert not data["interrupted"]


def test_the_table_counts_won_lost_and_unknown() -> None:
    status, out, _ = run("--seed", "45", "--deals", "2", "--max-nodes", NODES)
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == (
        "Forty Thieves solver: 2 of 2 deals, seeds 45 to 46, 1,000 nodes per deal, 1 job"
    )
    assert lines[2].split()[:3] == ["won", "1", "50.0%"]
    assert lines[3].split()[:4] == ["proven", "lost", "0", "0.0%"]
    assert lines[4].split()[:3] == ["unknown", "1", "50.0%"]
    assert lines[6].startswith("median s per deal")
    assert lines[7].startswith("nodes per second")
    assert lines[8].startswith("total time")


def test_a_time_budget_alone_and_two_jobs() -> None:
    status, out, _ = run("--seed", "17", "--deals", "2", "--budget-ms", "100")
    assert status == 0 and "100 ms per deal" in out
    status, out, _ = run(
        "--seed", "45", "--deals", "2", "--max-nodes", NODES, "--jobs", "2", "--json"
    )
    data = json.loads(out)
    assert status == 0 and data["jobs"] == 2
    assert [(r["seed"], r["status"]) for r in data["results"]] == [
        (45, "unknown"),
        (46, "won"),
    ]


def test_seed_random_prints_the_first_seed_on_stderr(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("playmanager.forty_thieves.cli.draw_seed", lambda: 17)
    status, out, err = run("--seed", "random", "--deals", "1", "--max-nodes", NODES)
    assert status == 0 and err == "Seed: 17\n"
    assert "seeds 17 to 17" in out


def test_progress_only_on_a_terminal() -> None:
    tty = Tty()
    run("--seed", "46", "--deals", "1", "--max-nodes", NODES, stderr=tty)
    assert "1/1 deals" in tty.getvalue() and "won 1" in tty.getvalue()
    _, _, err = run("--seed", "46", "--deals", "1", "--max-nodes", NODES)
    assert err == ""


def test_the_journal_appends_and_a_second_run_skips_its_deals(tmp_path: Path) -> None:
    journal = tmp_path / "deals.jsonl"
    status, _, _ = run(
        "--seed", "45", "--deals", "2", "--max-nodes", NODES, "--jsonl", str(journal)
    )
    assert status == 0
    lines = [json.loads(line) for line in journal.read_text().splitlines()]
    assert [(r["seed"], r["status"]) for r in lines] == [(45, "unknown"), (46, "won")]
    assert lines[0]["max_nodes"] == 1000
    first = journal.read_text()
    status, out, _ = run(
        "--seed", "45", "--deals", "3", "--max-nodes", NODES, "--jsonl", str(journal)
    )
    assert status == 0
    assert journal.read_text().startswith(first)
    added = journal.read_text()[len(first) :].splitlines()
    assert [json.loads(line)["seed"] for line in added] == [47]  # only the new deal
    assert "3 of 3 deals, 2 of them from the file, seeds 45 to 47" in out


def test_a_journal_deal_outside_the_range_is_not_counted(tmp_path: Path) -> None:
    journal = tmp_path / "deals.jsonl"
    record = DealResult(99, "won", 10, 5, 0.5)
    journal.write_text(solve_batch.journal_line(record).rstrip("\n"))  # by hand
    _, out, _ = run(
        "--seed", "46", "--deals", "1", "--max-nodes", NODES, "--jsonl", str(journal)
    )
    assert "1 of 1 deals, seeds 46 to 46" in out and "from the file" not in out
    seeds = [json.loads(line)["seed"] for line in journal.read_text().splitlines()]
    assert seeds == [99, 46]  # the new record on a line of its own


@pytest.mark.parametrize(
    ("text", "detail"),
    [
        ('{"seed": 5, "status": "won"', "line 2: not valid JSON"),
        ("[1, 2]", "line 2: not a JSON object"),
        (
            '{"seed": 5, "status": "maybe", "moves": 0, "nodes": 1, "seconds": 1}',
            "line 2: unknown status 'maybe'",
        ),
        (
            '{"seed": "5", "status": "won", "moves": 0, "nodes": 1, "seconds": 1}',
            "line 2: no valid 'seed' in the record",
        ),
    ],
)
def test_a_corrupt_journal_is_one_line_and_left_alone(
    tmp_path: Path, text: str, detail: str
) -> None:
    journal = tmp_path / "deals.jsonl"
    good = solve_batch.journal_line(DealResult(6, "won", 10, 5, 0.5))
    journal.write_text(good + text + "\n")
    before = journal.read_bytes()
    status, out, err = run("--seed", "6", "--deals", "2", "--jsonl", str(journal))
    assert status == 2 and out == ""
    assert err == f"playmanager: {journal}: {detail}; the file was left as it is\n"
    assert journal.read_bytes() == before


PROG = "playmanager --game forty-thieves"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--tui"], "--solve solves new deals headless: no FILE and no --tui"),
        (
            ["x.forty-thieves"],
            "--solve solves new deals headless: no FILE and no --tui",
        ),
        (["--deals", "0"], "argument --deals: expected 1 or more, got 0"),
        (["--budget-ms", "-5"], "argument --budget-ms: expected more than 0, got -5"),
        (["--jobs", "x"], "argument --jobs: expected a whole number, got 'x'"),
        (
            ["--json", "--jsonl", "f"],
            "argument --jsonl: not allowed with argument --json",
        ),
        (["--jobs", "2", "--ray"], "argument --ray: not allowed with argument --jobs"),
    ],
)
def test_usage_errors(args: list[str], message: str) -> None:
    status, out, err = run(*args)
    assert status == 2 and out == ""
    assert err == f"{PROG}: error: {message} (--help lists the options)\n"


@pytest.mark.parametrize(
    "option", ["--deals=2", "--budget-ms=5", "--json", "--jobs=2", "--ray=auto"]
)
def test_solve_options_need_solve(option: str) -> None:
    err = io.StringIO()
    status = main(
        ["--game", "forty-thieves", option], io.StringIO(), io.StringIO(), err
    )
    name = option.split("=")[0]
    assert status == 2
    assert err.getvalue() == (
        f"{PROG}: error: {name} only applies with --solve (--help lists the options)\n"
    )


def test_ctrl_c_prints_the_finished_deals_and_exits_130(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = solve_batch.solve_deal

    def interrupted(
        seed: int, budget_ms: float | None, nodes: int | None
    ) -> DealResult:
        if seed == 47:
            raise KeyboardInterrupt
        return real(seed, budget_ms, nodes)

    monkeypatch.setattr(solve_batch, "solve_deal", interrupted)
    status, out, _ = run("--seed", "46", "--deals", "3", "--max-nodes", NODES)
    assert status == 130
    assert out.startswith("Forty Thieves solver: 1 of 3 deals (stopped by Ctrl-C)")


def test_every_claimed_win_is_replayed(monkeypatch: pytest.MonkeyPatch) -> None:
    board = BoardT(deal(46))
    line = solve(board, max_nodes=int(NODES)).moves
    assert verify_win(46, line) == len(line)
    with pytest.raises(AssertionError, match="does not win"):
        verify_win(46, line[:-1])
    with pytest.raises(AssertionError, match="is refused"):
        verify_win(2, line)

    def false_win(board: BoardT, **budget: object) -> Solution:
        return Solution("won", line[:-1], 1, 0.0)

    monkeypatch.setattr(solve_batch, "solve", false_win)
    with pytest.raises(AssertionError, match="deal 46: the solver's winning line"):
        run("--seed", "46", "--deals", "1")


# --- a position proven lost by a search, confirmed by brute force ----------------

STUCK = dict(enumerate(["2D", "KH", "KH", "KD", "KD", "KC", "KC", "KS", "KS", "2H"]))
"""Tableau tops that never move: Kings go on nothing, 2D and 2H find no 3
and no Ace (every Ace but the deck's lies under pile 0's 2D), no pile can
empty. Pile 0 holds every card not placed, so it never clears."""


def reachable_win(board: BoardT) -> bool:
    """Whether any sequence of legal moves from ``board`` wins: every
    position reachable, searched exhaustively (small positions only)."""

    def key(b: BoardT) -> tuple[object, ...]:
        return (
            tuple(tuple(b.get_tab(n).toSeq()) for n in range(10)),
            tuple(sorted(tuple(b.get_foundation(n).toSeq()) for n in range(8))),
            tuple(b.get_deck().toSeq()),
            tuple(b.get_waste().toSeq()),
        )

    seen = {key(board)}
    stack = [board]
    while stack:
        current = stack.pop()
        if current.is_win_state():
            return True
        for move in legal_moves(current):
            after = current.copy()
            apply(after, move)
            if key(after) not in seen:
                seen.add(key(after))
                stack.append(after)
    assert len(seen) > 100  # the brute force had a real search to do
    return False


def test_a_position_with_moves_but_no_win_is_proven_lost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Dealt in the order AS, JH, QC, QH, JC, QH, JC, QC, JH: the Ace goes
    # up; the Queens onto the Kings of their suit, the Jacks onto them, in
    # many orders and places, from the waste or pile to pile.
    board = position(tableau=STUCK, deck="JH QC JC QH JC QH QC JH AS", rest=0)
    assert board.valid_mv_exists()
    assert any(not isinstance(move, DeckMove) for move in _after_deals(board, 3))
    # The tops never move (STUCK), so the cards under them never do: a
    # dead card at the start (has_dead_card), lost with no position searched.
    solution = solve(board, max_nodes=100_000)
    assert solution.status == "lost" and solution.moves == ()
    assert solution.nodes == 0
    # Without that rule, the whole search proves it too.
    analyse = solver.analyse  # the dead-card proof and the wait for the deal

    def no_dead_card(position: solver._Position, stock: bytes) -> tuple[bool, bool]:
        return False, analyse(position, stock)[1]

    monkeypatch.setattr(solver, "analyse", no_dead_card)
    searched = solve(board, max_nodes=100_000)
    assert searched.status == "lost" and searched.nodes > 100
    assert not reachable_win(board)


def _after_deals(board: BoardT, deals: int) -> list[object]:
    """The legal moves after ``deals`` deals (some are not deals)."""
    copy = board.copy()
    for _ in range(deals):
        apply(copy, DeckMove())
    return list(legal_moves(copy))


def replay_in_the_line_mode(seed: int, solution: list[str]) -> str:
    """The line mode's output after typing ``solution`` on deal ``seed``."""
    out = io.StringIO()
    keys = "".join(move + "\n" for move in solution)
    main(
        ["--game", "forty-thieves", "--seed", str(seed)],
        io.StringIO(keys),
        out,
        io.StringIO(),
    )
    return out.getvalue()


def test_json_carries_each_win_s_moves_and_they_replay(tmp_path: Path) -> None:
    _, out, _ = run("--seed", "45", "--deals", "2", "--max-nodes", NODES, "--json")
    unsolved, solved = json.loads(out)["results"]
    assert unsolved["solution"] == []
    assert len(solved["solution"]) == solved["moves"]
    assert text.WON in replay_in_the_line_mode(46, solved["solution"])
    journal = tmp_path / "deals.jsonl"
    run("--seed", "46", "--deals", "1", "--max-nodes", NODES, "--jsonl", str(journal))
    assert json.loads(journal.read_text())["solution"] == solved["solution"]


def test_a_journal_written_before_solutions_were_kept_still_reads(
    tmp_path: Path,
) -> None:
    journal = tmp_path / "old.jsonl"
    journal.write_text(
        '{"seed": 6, "status": "won", "moves": 3, "nodes": 9, "seconds": 0.1}\n'
    )
    assert solve_batch.read_journal(str(journal))[6].solution == ()


def test_ray_without_ray_installed_is_one_line_and_the_journal_untouched(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails
    journal = tmp_path / "deals.jsonl"
    status, out, err = run("--seed", "2", "--ray", "--jsonl", str(journal))
    assert status == 2 and out == ""
    assert err == (
        "playmanager: --ray needs Ray: pip install 'gamestate2048[ray]' "
        "(or pip install 'ray>=2.9')\n"
    )
    assert journal.read_text() == ""
