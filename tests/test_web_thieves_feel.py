"""The page's help and a Forty Thieves a solitaire player would keep, in a
real browser (Debian's chromium, as in test_web_browser.py): the help
dialog and its focus, the terminal's keys, drag and drop by mouse and by
touch, auto-finish, statistics, replay, the timer, motion (and none under
reduced motion), the win, the phone layout, and axe on the new views."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.test_web_a11y import blocking_violations, upload
from tests.test_web_browser import (
    WAIT_S,
    Page,
    after_answer,
    assert_ft_shows_server,
    browser,
    expect,
    open_game,
    page,
    server,
    state,
    top_card,
)

__all__ = ["browser", "page", "server"]  # fixtures used by name

DIALOG = "#panel-dialog"


def in_dialog(page: Page) -> bool:
    inside: bool = page.evaluate(
        "document.activeElement.closest('#panel-dialog[open]') !== null"
    )
    return inside


def focused_pile(page: Page) -> str | None:
    found: str | None = page.evaluate("document.activeElement.dataset.pile || null")
    return found


def patient_hint(page: Page, game_id: str) -> dict[str, Any]:
    """The server's hint, asked again while the solvers are busy (503)."""
    for _ in range(WAIT_S):
        response = page.request.post(f"{page.base}/api/games/{game_id}/hint")
        if response.status != 503:
            found: dict[str, Any] = response.json()["hint"]
            return found
        page.wait_for_timeout(1000)
    raise AssertionError("the solvers stayed busy")


def movable_hint(page: Page, game_id: str) -> dict[str, Any]:
    """A hinted move of a card (dealing until there is one)."""
    move = patient_hint(page, game_id)
    while move["source"] == "deck":
        after_answer(page, lambda: page.click('[data-pile="deck"]'))
        move = patient_hint(page, game_id)
    return move


# ------------------------------------------------------------ help
@pytest.mark.parametrize(
    ("kind", "title"), [("2048", "2048"), ("forty-thieves", "Forty Thieves"), ("dots", "Dots")]
)
def test_question_mark_opens_the_games_rules_from_the_server(
    page: Page, kind: str, title: str
) -> None:
    open_game(page, kind)
    page.keyboard.press("?")
    expect(page.locator(DIALOG)).to_be_visible()
    expect(page.locator("#panel-title")).to_have_text(f"{title}: rules and keys")
    served = page.request.get(f"{page.base}/api/help/{kind}").json()
    shown = page.locator(".help-rules li").all_text_contents()
    assert shown[: len(served["rules"]) - 1] == served["rules"][:-1]
    assert page.locator(".help-keys th").all_text_contents()[-7:] == [
        "?, F1", "H", "A", "u", "n", "o", "b"
    ]


def test_the_help_dialog_takes_traps_and_gives_back_the_focus(page: Page) -> None:
    open_game(page, "forty-thieves")
    page.locator('[data-pile="t3"]').focus()
    page.keyboard.press("F1")
    expect(page.locator(DIALOG)).to_be_visible()
    assert in_dialog(page), "the dialog takes the focus"
    for key in ["Tab"] * 5 + ["Shift+Tab"] * 5:
        page.keyboard.press(key)
        assert in_dialog(page), f"{key} left the dialog"
    assert page.evaluate("document.querySelector('main').matches(':modal *')") is False
    page.keyboard.press("Escape")
    expect(page.locator(DIALOG)).to_be_hidden()
    assert focused_pile(page) == "t3", "the focus is back where it was"


def test_the_rules_link_is_visible_in_forty_thieves(page: Page) -> None:
    open_game(page, "forty-thieves")
    rules = page.locator(".ft-rules")
    expect(rules).to_be_visible()
    rules.click()
    expect(page.locator("#panel-title")).to_have_text("Forty Thieves: rules and keys")
    page.click(".panel-close")
    expect(page.locator(DIALOG)).to_be_hidden()
    assert page.evaluate("document.activeElement.className") == "ft-rules"


def test_the_terminals_keys_hint_and_new(page: Page) -> None:
    open_game(page, "forty-thieves")
    after_answer(page, lambda: page.keyboard.press("H"))
    # the hint, or the solvers' one line when a busy machine keeps them busy
    expect(page.locator("#message")).to_contain_text(
        re.compile("^Hint: |^hints are busy")
    )
    page.keyboard.press("n")
    expect(page.locator("#new-dialog")).to_be_visible()


# ------------------------------------------------------------ drag and drop
def test_a_mouse_drag_carries_the_card_and_moves_it(page: Page) -> None:
    out = open_game(page, "forty-thieves")
    move = movable_hint(page, out["id"])
    card = top_card(page, move["source"]).bounding_box()
    target = page.locator(f'[data-pile="{move["target"]}"]').bounding_box()
    x, y = card["x"] + card["width"] / 2, card["y"] + card["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 30, y + 40, steps=5)
    carried = page.locator(".card.dragging").bounding_box()
    assert carried is not None, "a copy of the card follows the pointer"
    assert abs(carried["x"] - (card["x"] + 30)) < 2 and abs(carried["y"] - (card["y"] + 40)) < 2
    before = state(page)["state"]["moves"]

    def drop() -> None:
        page.mouse.move(target["x"] + 10, target["y"] + 10, steps=5)
        page.mouse.up()

    after_answer(page, drop)
    assert assert_ft_shows_server(page)["state"]["moves"] == before + 1


def touch(cdp: Any, kind: str, x: float, y: float) -> None:
    points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def test_a_touch_drag_moves_a_card(browser: Any, server: str) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    phone = context.new_page()
    phone.base = server
    try:
        out = open_game(phone, "forty-thieves")
        move = movable_hint(phone, out["id"])
        card = top_card(phone, move["source"]).bounding_box()
        target = phone.locator(f'[data-pile="{move["target"]}"]').bounding_box()
        x, y = card["x"] + card["width"] / 2, card["y"] + card["height"] / 2
        tx, ty = target["x"] + target["width"] / 2, target["y"] + 8
        cdp = context.new_cdp_session(phone)
        before = state(phone)["state"]["moves"]

        def drag() -> None:
            touch(cdp, "touchStart", x, y)
            for step in range(1, 9):
                touch(cdp, "touchMove", x + (tx - x) * step / 8, y + (ty - y) * step / 8)
            touch(cdp, "touchEnd", tx, ty)

        after_answer(phone, drag)
        now = assert_ft_shows_server(phone)
        assert now["state"]["moves"] == before + 1
        assert now["state"]["last"]["target"] == move["target"]
    finally:
        context.close()


# ------------------------------------------------------------ the bar
def test_auto_finish_plays_the_game_out_and_the_win_moves(page: Page) -> None:
    open_game(page, "forty-thieves")
    upload(page, "two_moves_from_winning.forty-thieves")
    expect(page.locator(".ft-finish")).to_be_enabled()
    slow_motion(page)  # a busy machine still sees the kings in the air
    after_answer(page, lambda: page.click(".ft-finish"))
    out = assert_ft_shows_server(page)
    assert out["state"]["won"]
    expect(page.locator(".ft.won .overlay")).to_be_visible()
    jumping = page.evaluate(
        """document.getAnimations().filter(a => a.effect.getTiming().iterations === 3)
            .map(a => a.effect.target.dataset.card)"""
    )
    assert sorted(jumping) == sorted(["KS", "KH", "KD", "KC"] * 2), "each king jumps"
    expect(page.locator(".ft-finish")).to_be_disabled()
    # The overlay has the focus; the piles under it are out of reach.
    assert page.evaluate("document.activeElement.closest('.overlay') !== null")
    assert page.locator(".ft-table").evaluate("t => t.closest('[inert]') !== null")
    page.locator('[data-pile="f0"]').click(force=True)  # a click through it...
    expect(page.locator(".ft .card.selected")).to_have_count(0)  # ... picks nothing


def test_statistics_count_a_given_up_deal_and_replay_deals_it_again(page: Page) -> None:
    out = open_game(page, "forty-thieves")
    after_answer(page, lambda: page.click('[data-pile="deck"]'))
    after_answer(page, lambda: page.click(".ft-replay"))
    again = state(page)
    assert again["id"] != out["id"]
    assert again["state"]["seed"] == out["state"]["seed"]
    assert again["state"]["moves"] == 0 and again["state"]["deck"] == out["state"]["deck"]
    after_answer(page, lambda: page.click(".ft-stats"))
    expect(page.locator(DIALOG)).to_be_visible()
    rows = page.locator(".ft-statistics tr")
    expect(rows.nth(0)).to_have_text("Played1")
    expect(rows.nth(1)).to_have_text("Won0")
    expect(rows.nth(3)).to_have_text("Current streak0")


def test_the_timer_runs_hides_and_stays_hidden(page: Page) -> None:
    open_game(page, "forty-thieves")
    expect(page.locator("#ft-time")).to_have_text("0:00")
    after_answer(page, lambda: page.click('[data-pile="deck"]'))
    expect(page.locator("#ft-time")).to_have_text("0:01", timeout=5000)
    page.click(".ft-timer-toggle")
    expect(page.locator(".ft-timer")).to_be_hidden()
    expect(page.locator(".ft-timer-toggle")).to_have_text("Show timer")
    page.reload()
    page.wait_for_selector('body[data-kind="forty-thieves"][data-game-id]')
    expect(page.locator(".ft-timer")).to_be_hidden()
    page.click(".ft-timer-toggle")
    expect(page.locator(".ft-timer")).to_be_visible()


# ------------------------------------------------------------ motion
def card_animations(page: Page) -> list[str]:
    """The cards in motion on the felt (their card codes)."""
    found: list[str] = page.evaluate(
        """document.getAnimations().map(a => a.effect.target)
            .filter(t => t.closest('.ft') && t.dataset.card).map(t => t.dataset.card)"""
    )
    return found


def settle(page: Page) -> None:
    """Wait until every finite animation has run."""
    page.evaluate(
        """Promise.all(document.getAnimations()
            .filter(a => a.effect.getComputedTiming().endTime !== Infinity)
            .map(a => a.finished.catch(() => null))).then(() => true)"""
    )


def slow_motion(page: Page) -> None:
    """Animations at a tenth of their speed: a busy test machine still sees
    them running (Chromium's DevTools protocol sets the rate)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 0.1})


@pytest.fixture
def calm_page(browser: Any, server: str) -> Iterator[Page]:
    context = browser.new_context(
        viewport={"width": 1280, "height": 800}, reduced_motion="reduce"
    )
    made = context.new_page()
    made.base = server
    yield made
    context.close()


def test_cards_move_and_deal_with_motion(page: Page) -> None:
    out = open_game(page, "forty-thieves")
    settle(page)
    slow_motion(page)
    after_answer(page, lambda: page.click(".ft-replay"))
    assert len(card_animations(page)) == 40, "the deal's 40 cards fly out of the deck"
    settle(page)
    out = state(page)
    move = movable_hint(page, out["id"])
    settle(page)
    page.locator(f'[data-pile="{move["source"]}"] .card').last.click()
    after_answer(page, lambda: page.click(f'[data-pile="{move["target"]}"]'))
    moved = page.locator(f'[data-pile="{move["target"]}"] .card').last
    assert card_animations(page) == [moved.get_attribute("data-card")], "it slides"


def test_no_motion_under_reduced_motion(calm_page: Page) -> None:
    out = open_game(calm_page, "forty-thieves")
    slow_motion(calm_page)
    after_answer(calm_page, lambda: calm_page.click(".ft-replay"))
    assert card_animations(calm_page) == []
    out = state(calm_page)
    move = movable_hint(calm_page, out["id"])
    calm_page.locator(f'[data-pile="{move["source"]}"] .card').last.click()
    after_answer(calm_page, lambda: calm_page.click(f'[data-pile="{move["target"]}"]'))
    assert_ft_shows_server(calm_page)
    assert card_animations(calm_page) == []
    upload(calm_page, "two_moves_from_winning.forty-thieves")
    after_answer(calm_page, lambda: calm_page.click(".ft-finish"))
    expect(calm_page.locator(".ft.won .overlay")).to_be_visible()
    assert card_animations(calm_page) == []


# ------------------------------------------------------------ phone
def test_a_phone_shows_no_empty_felt_and_readable_fans(page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, "forty-thieves")
    settle(page)  # the deal has landed
    felt = page.locator(".ft").bounding_box()
    lowest = page.evaluate(
        "Math.max(...[...document.querySelectorAll('.tableau .card')]"
        ".map(c => c.getBoundingClientRect().bottom))"
    )
    assert felt["y"] + felt["height"] - lowest < 24, "the felt ends under the cards"
    corner = page.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('.tableau .corner')).fontSize)"
    )
    steps = page.evaluate(
        "[...document.querySelector('[data-pile=\"t0\"]').querySelectorAll('.card')]"
        ".map(c => c.getBoundingClientRect().top).map((t, i, all) => i ? t - all[i - 1] : 0)"
    )
    assert min(steps[1:]) >= corner, "each card's corner shows above the next card"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


# ------------------------------------------------------------ axe
def test_no_serious_axe_violation_on_help_statistics_and_win(page: Page) -> None:
    open_game(page, "forty-thieves")
    page.keyboard.press("?")
    expect(page.locator(DIALOG)).to_be_visible()
    assert blocking_violations(page) == []
    page.keyboard.press("Escape")
    after_answer(page, lambda: page.click(".ft-stats"))
    assert blocking_violations(page) == []
    page.keyboard.press("Escape")
    upload(page, "two_moves_from_winning.forty-thieves")
    after_answer(page, lambda: page.click(".ft-finish"))
    expect(page.locator(".ft.won .overlay")).to_be_visible()
    assert blocking_violations(page) == []
