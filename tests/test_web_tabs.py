"""Two tabs on one game (issue 30, item 2), in two browser contexts that
share the browser's cookie: a stale tab's move is refused (as an answer,
``?refusal=answer``: not a failed request the console logs) and the tab
redraws the real board; undo in one tab cannot take back the other's
move; a tab that becomes visible again shows the game as it is."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

# browser and server are pytest fixtures, passed by name: a linter sees the
# import unused and each parameter redefining it (F401, F811).
from tests.test_web_browser import (  # noqa: F401
    after_answer,
    board_2048,
    browser,
    open_game,
    server,
    state,
)

Page = Any


@pytest.fixture
def tabs(browser: Any, server: str) -> Iterator[tuple[Page, Page]]:  # noqa: F811
    """Two tabs (contexts) of one browser, both showing one 2048 game."""
    first = browser.new_context(viewport={"width": 1280, "height": 800})
    one = first.new_page()
    one.base = server
    game = open_game(one, "2048")
    second = browser.new_context(viewport={"width": 1280, "height": 800})
    second.add_cookies(first.cookies())
    remembered = json.dumps({"2048": game["id"], "last": "2048"})
    second.add_init_script(f"localStorage.setItem('playmanager.games', {remembered!r})")
    two = second.new_page()
    two.base = server
    two.goto(f"{server}/?game=2048")
    two.wait_for_selector(f'body[data-game-id="{game["id"]}"]')
    try:
        yield one, two
    finally:
        first.close()
        second.close()


def statuses(page: Page) -> list[int]:
    seen: list[int] = []
    page.on(
        "response", lambda r: seen.append(r.status) if "/api/games/" in r.url else None
    )
    return seen


def move(page: Page) -> dict[str, Any]:
    """Press arrows until one moves tiles; the game after it."""
    before = state(page)["version"]
    for key in ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]:
        after_answer(page, lambda key=key: page.keyboard.press(key))
        now = state(page)
        if now["version"] > before:
            return now
    raise AssertionError("no arrow moves this board")


def test_a_stale_move_is_refused_and_the_tab_shows_the_real_board(
    tabs: tuple[Page, Page],
) -> None:
    one, two = tabs
    seen = statuses(two)
    moved = move(one)  # tab two still shows the game before it
    after_answer(two, lambda: two.keyboard.press("ArrowDown"))
    assert seen and set(seen) == {200}, "refused as an answer, not a 409"
    now = state(two)
    assert now["version"] == moved["version"], "the stale move was not played"
    assert now["state"]["moves"] == moved["state"]["moves"]
    assert board_2048(two) == now["state"]["board"], "tab two redrew the real board"
    assert "another tab" in (two.text_content("#message") or "")


def test_undo_in_one_tab_cannot_take_back_the_others_move(
    tabs: tuple[Page, Page],
) -> None:
    one, two = tabs
    move(one)
    after_answer(two, lambda: two.keyboard.press("ArrowDown"))  # two catches up
    caught_up = state(two)
    assert board_2048(two) == caught_up["state"]["board"]
    moved = move(one)  # one moves again: two is stale once more
    seen = statuses(two)
    after_answer(two, lambda: two.click("#undo"))
    assert seen and set(seen) == {200}, "refused as an answer, not a 409"
    now = state(one)
    assert now["version"] == moved["version"] and now["state"] == moved["state"]
    assert board_2048(two) == moved["state"]["board"]
    after_answer(one, lambda: one.click("#undo"))  # one's own undo works
    assert state(one)["state"]["moves"] == moved["state"]["moves"] - 1


def test_a_tab_that_becomes_visible_again_shows_the_game_as_it_is(
    tabs: tuple[Page, Page],
) -> None:
    one, two = tabs
    moved = move(one)
    assert board_2048(two) != moved["state"]["board"], "tab two shows the old board"
    after_answer(
        two,
        lambda: two.evaluate("document.dispatchEvent(new Event('visibilitychange'))"),
    )
    assert board_2048(two) == moved["state"]["board"]
    assert two.evaluate("document.body.dataset.gameId") == moved["id"]
