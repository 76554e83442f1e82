"""bench/forty_thieves_study.py: the study's interval counts every unknown
deal both ways, and a bad journal line is a one-line error."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import forty_thieves_study as study  # bench/ is not a package: found through sys.path


@given(st.integers(0, 5000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_the_wilson_interval_holds_the_observed_share(case: tuple[int, int]) -> None:
    successes, trials = case
    low, high = study.wilson(successes, trials)
    assert 0.0 <= low <= high <= 1.0
    if trials:
        assert low <= successes / trials <= high


def test_the_wilson_interval_of_a_textbook_case() -> None:
    # 5 of 10 at 95%: 0.2366 to 0.7634 (Wilson 1927, as tabulated by Newcombe 1998)
    low, high = study.wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)


def _journal(path: Path, statuses: list[str], budget_ms: float = 1000.0) -> Path:
    path.write_text(
        "".join(
            json.dumps({"seed": seed, "status": status, "budget_ms": budget_ms}) + "\n"
            for seed, status in enumerate(statuses, 1)
        )
    )
    return path


def test_the_winnable_interval_counts_unknown_deals_both_ways(tmp_path: Path) -> None:
    statuses = ["won"] * 30 + ["lost"] * 50 + ["unknown"] * 20
    budget = study.read_budget(_journal(tmp_path / "j.jsonl", statuses))
    low, high = budget.winnable_interval()
    assert low == study.wilson(30, 100)[0]  # every unknown lost
    assert high == study.wilson(50, 100)[1]  # every unknown won
    assert "| 1 s | 100 | 30 (30.0%) | 50 (50.0%) | 20 (20.0%) |" in study.table(
        [budget]
    )


def test_a_line_that_is_no_record_names_the_file_and_line(tmp_path: Path) -> None:
    path = _journal(tmp_path / "j.jsonl", ["won"])
    path.write_text(path.read_text() + "{not json\n")
    with pytest.raises(SystemExit, match=r"j\.jsonl: line 2: not a --solve record"):
        study.read_budget(path)


def test_the_plot_is_a_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason='pip install -e ".[bench]"')
    budgets = [
        study.read_budget(_journal(tmp_path / f"{ms}.jsonl", ["won", s], ms))
        for ms, s in ((1000.0, "unknown"), (3000.0, "lost"))
    ]
    study.plot(budgets, tmp_path / "study.png")
    assert (tmp_path / "study.png").read_bytes().startswith(b"\x89PNG")


def test_journals_of_one_budget_are_merged_into_one_row(tmp_path: Path) -> None:
    """A decisive verdict beats an unknown one; each deal is counted once."""
    first = _journal(tmp_path / "a.jsonl", ["won", "unknown", "unknown"])
    second = _journal(tmp_path / "b.jsonl", ["won", "lost", "unknown", "won"])
    (budget,) = study.merged([study.read_budget(first), study.read_budget(second)])
    assert budget.status == {1: "won", 2: "lost", 3: "unknown", 4: "won"}


def test_a_deal_won_in_one_journal_and_lost_in_another_is_an_error(
    tmp_path: Path,
) -> None:
    first = study.read_budget(_journal(tmp_path / "a.jsonl", ["won"]))
    second = study.read_budget(_journal(tmp_path / "b.jsonl", ["lost"]))
    with pytest.raises(SystemExit, match=r"b\.jsonl: deal 1 is lost, but won in"):
        study.merged([first, second])


def test_a_plot_into_a_missing_folder_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = _journal(tmp_path / "j.jsonl", ["won"])
    target = tmp_path / "no such folder" / "study.png"
    assert study.main([str(journal), "--plot", str(target)]) == 2
    error = capsys.readouterr().err
    assert error == f"--plot {target}: no folder {target.parent}\n"


def test_the_help_says_what_each_argument_is(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        study.main(["--help"])
    shown = capsys.readouterr().out
    for said in ("--solve", "fair autoplay", "PNG", "merged", "Example"):
        assert said in shown


def test_one_budget_still_shows_its_interval(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason='pip install -e ".[bench]"')
    import matplotlib.pyplot as plt
    from matplotlib.collections import LineCollection

    budget = study.read_budget(_journal(tmp_path / "j.jsonl", ["won", "unknown"]))
    study.plot([budget], tmp_path / "study.png")
    (bar,) = [c for c in plt.gcf().axes[0].collections if isinstance(c, LineCollection)]
    ((_, low), (_, high)) = bar.get_segments()[0]
    assert (low, high) == pytest.approx(budget.winnable_interval())
