"""axe-core on the three game pages, as a desktop and as a phone: no
serious or critical violation, with a game in progress and with the
overlay or message each game shows.

axe-core comes from the ``axe-playwright-python`` package (the ``test``
extra); the browser is Debian's chromium, as in test_web_browser.py.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe  # the test extra

from tests.test_web_browser import (
    SAVES,
    Page,
    after_answer,
    browser,
    expect,
    open_game,
    open_saves,
    page,
    server,
    state,
)
from tests.test_web_keyboard import card_name

__all__ = ["browser", "page", "server"]  # fixtures used by name

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
BLOCKING = ("serious", "critical")
# WCAG 2.0 to 2.2, A and AA, and axe's best practices, not only its defaults.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


@pytest.fixture(params=list(SIZES))
def sized_page(request: Any, page: Page) -> Page:
    """The browser test's page, at a desktop's or a phone's size."""
    width, height = SIZES[request.param]
    page.set_viewport_size({"width": width, "height": height})
    return page


def blocking_violations(page: Page) -> list[str]:
    """axe's serious and critical violations, one line each."""
    # Overlays fade in: axe must read the final colours, so every finite
    # animation is waited for (a pulse that repeats forever is not).
    page.evaluate(
        """Promise.all(document.getAnimations()
            .filter(a => a.effect.getComputedTiming().endTime !== Infinity)
            .map(a => a.finished.catch(() => null))).then(() => true)"""
    )
    options = {
        "runOnly": {"type": "tag", "values": AXE_TAGS},
        # WCAG 2.5.3 (accessible names start with the visible text): an
        # experimental rule, which the tags alone leave out.
        "rules": {"label-content-name-mismatch": {"enabled": True}},
    }
    results = Axe().run(page, options=options)
    found = []
    for rule in results.response["violations"]:
        if rule["impact"] in BLOCKING:
            targets = [str(node["target"]) for node in rule["nodes"]][:4]
            found.append(f"{rule['id']} ({rule['impact']}): {rule['help']} {targets}")
    return found


def upload(page: Page, name: str | Path) -> None:
    open_saves(page)
    after_answer(page, lambda: page.set_input_files("#upload", str(SAVES / name)))


def press(page: Page, *keys: str) -> None:
    for key in keys:
        after_answer(page, lambda key=key: page.keyboard.press(key))


def twenty48_in_progress(page: Page) -> None:
    open_game(page, "2048")
    page.focus("#board-2048")
    press(page, "ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown")


def twenty48_won(page: Page) -> None:
    open_game(page, "2048")
    upload(page, "one_merge_from_2048.2048")
    page.focus("#board-2048")
    for key in ["a", "d"]:  # one of them merges the two 1024s
        press(page, key)
        if state(page)["state"]["reached"]:
            break
    expect(page.locator("#board-2048 .overlay")).to_be_visible()


def twenty48_lost(page: Page) -> None:
    open_game(page, "2048")
    upload(page, "lost.2048")
    expect(page.locator("#board-2048 .overlay")).to_be_visible()


def thieves_picked_and_refused(page: Page) -> None:
    """A card picked, and a refusal in the message line (red)."""
    open_game(page, "forty-thieves")
    top = state(page)["state"]["tableau"]
    bad = next(n for n, cards in enumerate(top) if not cards[-1].startswith("A"))
    page.locator(f'[data-pile="t{bad}"]').click()
    after_answer(page, lambda: page.click('[data-pile="f7"]'))
    expect(page.locator("#message.error")).to_be_visible()
    page.locator(f'[data-pile="t{bad}"]').click()
    expect(page.locator('.ft [aria-selected="true"]')).to_have_count(1)


def thieves_stuck(page: Page) -> None:
    open_game(page, "forty-thieves")
    upload(page, "no_move_left.forty-thieves")
    expect(page.locator(".ft .overlay")).to_be_visible()


def dots_path_in_progress(page: Page) -> None:
    out = open_game(page, "dots")
    path = page.request.post(f"{page.base}/api/games/{out['id']}/hint").json()
    first = path["hint"]["path"][0]
    page.focus(f'#board-dots [data-row="{first[0]}"][data-col="{first[1]}"]')
    page.keyboard.press(" ")
    expect(page.locator("#board-dots .in-path")).to_have_count(1)


def dots_won(page: Page) -> None:
    open_game(page, "dots")
    upload(page, "one_move_from_winning.dots")
    page.click("#autoplay")  # its one move wins
    expect(page.locator(".dots .overlay")).to_be_visible()
    assert state(page)["state"]["won"]


NO_PATH_LEFT = """dots save 1
R O R O R O
G B G B G B
R O R O R O
G B G B G B
R O R O R O
G B G B G B
moves 3
objective G 15
score 0
squares off
generator 110227850857212
level seed 99 board default moves 3 objective 15
"""
"""A Dots board with moves left and no two neighbours of one colour."""


def dots_no_path_left(page: Page, folder: Path) -> None:
    open_game(page, "dots")
    save = folder / "no_path_left.dots"
    save.write_text(NO_PATH_LEFT)
    upload(page, save)
    expect(page.locator(".dots .overlay")).to_be_visible()
    assert state(page)["state"]["stuck"]


def new_game_dialog(page: Page) -> None:
    open_game(page, "dots")
    page.click("#new")
    expect(page.locator("#new-dialog")).to_be_visible()


def saves_panel(page: Page) -> None:
    open_game(page, "2048")
    open_saves(page)
    expect(page.locator("#saves")).to_be_visible()


def help_panel(page: Page) -> None:
    open_game(page, "2048")
    page.click("#help")
    expect(page.locator("#panel-dialog .help-keys")).to_be_visible()


def api_explorer(page: Page) -> None:
    page.goto(f"{page.base}/docs")
    page.wait_for_selector(".opblock-summary-method")


SCENES: dict[str, Callable[[Page], None]] = {
    "2048 in progress": twenty48_in_progress,
    "2048 won": twenty48_won,
    "2048 lost": twenty48_lost,
    "Forty Thieves picked, refused": thieves_picked_and_refused,
    "Forty Thieves no move left": thieves_stuck,
    "Dots path in progress": dots_path_in_progress,
    "Dots won": dots_won,
    "the New game dialog": new_game_dialog,
    "the Saves panel": saves_panel,
    "the help panel": help_panel,
    "the API explorer": api_explorer,
}


@pytest.mark.parametrize("scene", list(SCENES))
def test_no_serious_or_critical_axe_violation(sized_page: Page, scene: str) -> None:
    SCENES[scene](sized_page)
    assert blocking_violations(sized_page) == []


def test_no_serious_or_critical_axe_violation_with_no_dots_path_left(
    sized_page: Page, tmp_path: Path
) -> None:
    dots_no_path_left(sized_page, tmp_path)
    assert blocking_violations(sized_page) == []


OVERLAID: dict[str, Callable[[Page], None]] = {
    "2048 lost": twenty48_lost,
    "Forty Thieves no move left": thieves_stuck,
    "Dots won": dots_won,
}


@pytest.mark.parametrize("scene", [*OVERLAID, "Dots no path left"])
def test_an_overlay_leaves_the_game_heading_heard(
    page: Page, scene: str, tmp_path: Path
) -> None:
    """What an overlay makes inert is around the game's h1, not over it
    (axe's page-has-heading-one: the page had no h1 while one was up)."""
    if scene in OVERLAID:
        OVERLAID[scene](page)
    else:
        dots_no_path_left(page, tmp_path)
    assert page.locator("main h1").evaluate("h => h.closest('[inert]') === null")
    only = {"runOnly": {"type": "rule", "values": ["page-has-heading-one"]}}
    assert Axe().run(page, options=only).response["violations"] == []


REFLOWED = {"320px": ((320, 640), 1), "200% zoom of 1280x800": ((640, 400), 2)}
"""A narrow window, and a 1280x800 one at 200% zoom: its CSS pixels halve
and each is drawn with two device pixels a side."""
IN_PROGRESS = {
    "2048": twenty48_in_progress,
    "Forty Thieves": thieves_picked_and_refused,
    "Dots": dots_path_in_progress,
}


@pytest.mark.parametrize("size", list(REFLOWED))
@pytest.mark.parametrize("game", list(IN_PROGRESS))
def test_no_serious_or_critical_axe_violation_reflowed(
    browser: Any, server: str, game: str, size: str
) -> None:
    (width, height), scale = REFLOWED[size]
    context = browser.new_context(
        viewport={"width": width, "height": height}, device_scale_factor=scale
    )
    try:
        reflowed: Any = context.new_page()
        reflowed.base = server
        IN_PROGRESS[game](reflowed)
        assert blocking_violations(reflowed) == []
    finally:
        context.close()


# ------------------------------------------------------------ on a phone
def phone(page: Page) -> None:
    page.set_viewport_size({"width": SIZES["phone"][0], "height": SIZES["phone"][1]})


def fits(page: Page, selector: str) -> bool:
    """Whether every element ``selector`` shows all its text, unscrolled."""
    found: bool = page.eval_on_selector_all(
        selector, "all => all.every(e => e.scrollWidth <= e.clientWidth + 1)"
    )
    return found


def no_sideways_scroll(page: Page) -> bool:
    found: bool = page.evaluate(
        "document.documentElement.scrollWidth <= window.innerWidth"
    )
    return found


def test_a_long_tile_number_shrinks_to_fit_its_tile(page: Page, tmp_path: Path) -> None:
    phone(page)
    open_game(page, "2048")
    save = tmp_path / "overflow.2048"  # two 2^30: one merge makes Java's -2^31
    save.write_text("4 4\n0\n1073741824 1073741824 0 0\n" + "0 0 0 0\n" * 3)
    upload(page, save)
    press(page, "ArrowLeft")
    assert state(page)["state"]["board"][0][0] == -2147483648
    expect(page.locator('.tile[data-value="-2147483648"]')).to_have_count(1)
    assert fits(page, "#board-2048 .tile")


def test_plus_n_does_not_stack_on_quick_moves(page: Page, tmp_path: Path) -> None:
    open_game(page, "2048")
    save = tmp_path / "merges.2048"  # every row merges, left and right
    save.write_text("4 4\n0\n" + "".join(f"{v} {v} {v} {v}\n" for v in (2, 4, 8, 16)))
    upload(page, save)
    page.focus("#board-2048")
    # The most +N shown at once, counted by the page as they come and go.
    page.evaluate(
        """() => {
        window.mostPlus = 0;
        new MutationObserver(() => {
          const now = document.querySelectorAll(".score-addition").length;
          window.mostPlus = Math.max(window.mostPlus, now);
        }).observe(document.querySelector(".scores"), { childList: true, subtree: true });
      }"""
    )
    before = state(page)["state"]["moves"]

    def three_quick_keys() -> None:  # quicker than a +N's 600 ms
        for key in ["ArrowLeft", "ArrowRight", "ArrowLeft"]:
            page.keyboard.press(key)

    after_answer(page, three_quick_keys, count=3)
    assert state(page)["state"]["moves"] == before + 3
    assert page.evaluate("window.mostPlus") == 1


def test_a_long_message_and_slot_name_wrap_on_a_phone(page: Page) -> None:
    phone(page)
    open_game(page, "dots")
    open_saves(page)
    long_name = "a-very-long-slot-name-" * 3
    page.fill("#slot-name", long_name[:64])
    after_answer(page, lambda: page.click("#slot-save"), count=2)  # saved, listed
    page.wait_for_selector(
        f'#slot-list option:has-text("{long_name[:64]}")', state="attached"
    )
    page.fill("#slot-name", "../" + "x" * 60)  # refused: a long red line
    after_answer(page, lambda: page.click("#slot-save"))
    message = page.locator("#message.error")
    expect(message).to_be_visible()
    assert fits(page, "#message") and message.evaluate(
        "m => getComputedStyle(m).textOverflow !== 'ellipsis'"
    )
    assert no_sideways_scroll(page)


# ------------------------------------------------------------ names
COLOURS = {"R": "red", "O": "orange", "G": "green", "B": "blue"}


def test_every_cell_pile_and_dot_has_its_name_counted_from_1(page: Page) -> None:
    """Names as the accessibility tree computes them (role and name)."""
    open_game(page, "2048")
    upload(page, "one_merge_from_2048.2048")
    board = state(page)["state"]["board"]
    for r, row in enumerate(board):
        for c, value in enumerate(row):
            name = f"{value or 'empty'} at row {r + 1}, column {c + 1}"
            assert page.get_by_role("cell", name=name, exact=True).count() == 1
    open_game(page, "forty-thieves")
    game = state(page)["state"]
    for n, cards in enumerate(game["tableau"]):
        name = f"{card_name(cards[-1])}, tableau {n + 1}, top card"
        assert page.get_by_role("gridcell", name=name, exact=True).count() == 1
    for n in range(8):
        name = f"foundation {n + 1}, empty"
        assert page.get_by_role("gridcell", name=name, exact=True).count() == 1
    deck = f"deck, {game['deck']} cards: Enter deals one"
    assert page.get_by_role("gridcell", name=deck, exact=True).count() == 1
    open_game(page, "dots")
    for r, row in enumerate(state(page)["state"]["grid"]):
        for c, colour in enumerate(row):
            name = f"{COLOURS[colour]} dot, row {r + 1}, column {c + 1}"
            assert page.get_by_role("gridcell", name=name, exact=True).count() == 1
