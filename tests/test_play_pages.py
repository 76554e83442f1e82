"""The Play pages lead with what a player needs (issue 36, item 7): each
game's page opens with its rules, then its keys, before the line mode's
details and the options; no unexplained jargon in what a reader sees."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PLAY = Path(__file__).resolve().parent.parent / "docs" / "play"
PAGES = {"2048.md": "2048", "forty-thieves.md": "Forty Thieves", "dots.md": "Dots"}
JARGON = re.compile(r"\bMIS\b|\bwriteup\b|\bPA4\b|\bspec\b|§", re.IGNORECASE)


def _sections(text: str) -> list[str]:
    return re.findall(r"^## (.+)$", text, re.MULTILINE)


@pytest.mark.parametrize("page", sorted(PAGES))
def test_a_play_page_opens_with_the_rules_then_the_keys(page: str) -> None:
    text = (PLAY / page).read_text()
    game = PAGES[page]
    assert _sections(text)[0] == f"{game}: the rules"
    keys = text.index("| keys | what they do |")
    assert keys < text.index(f"## {game}: the line mode")
    options = re.search(rf"^## {re.escape(game)}: (options|rule presets)", text, re.MULTILINE)
    assert options is not None and keys < options.start()


@pytest.mark.parametrize("page", sorted(PAGES))
def test_a_play_page_says_no_jargon(page: str) -> None:
    text = (PLAY / page).read_text()
    seen = re.sub(r"\]\([^)]*\)|<!--.*?-->", "", text, flags=re.DOTALL)  # not links' targets
    assert JARGON.findall(seen) == []
