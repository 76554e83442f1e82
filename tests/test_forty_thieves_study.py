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
