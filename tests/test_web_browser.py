"""The three games in a real browser: headless Chromium driven by
Playwright against a real ``python -m playmanager --web`` server.

Every step reads the page's DOM and compares it with the server's state:
the page draws exactly what the server answered. Debian's chromium is
used (``playwright install`` cannot download browsers here); without it
these tests are skipped, saying how to install it.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
if not os.path.exists(CHROMIUM) and not shutil.which("chromium"):
    pytest.skip(
        "install Debian's chromium: apt-get install -y chromium",
        allow_module_level=True,
    )
pytest.importorskip("fastapi", reason="the web extra: pip install '.[web]'")
sync_api = pytest.importorskip("playwright.sync_api")

from playmanager.dots import savefile as dots_savefile
from playmanager.forty_thieves import savefile as ft_savefile
from playmanager.twenty48 import savefile as t48_savefile

ROOT = Path(__file__).resolve().parent.parent
SAVES = ROOT / "saves"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
Page = Any
# How long a test waits for the page to reach a state: generous, for CI runs
# these files beside the rest of the suite on two busy cores.
WAIT_S = 30
expect = sync_api.expect
expect.set_options(timeout=WAIT_S * 1000)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


STARTUP_SECONDS = 60.0
"""How long a test server may take to listen: generous, since a loaded CI
machine (two cores, other jobs) has taken more than 20 s to start one."""


def wait_for_port(
    port: int, process: subprocess.Popen[bytes], seconds: float = STARTUP_SECONDS
) -> None:
    """Return once ``process`` listens on ``port``; a server that does not
    within ``seconds`` is killed (no test leaves one running) and the wait
    fails with TimeoutError, one that exits fails with its stderr."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(process.stderr.read().decode() if process.stderr else "")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    process.kill()
    process.wait()
    raise TimeoutError(f"no server on port {port} after {seconds:g} s")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("web")
    port = free_port()
    env = {**os.environ, "XDG_DATA_HOME": str(folder / "data")}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "playmanager",
            "--web",
            "--no-browser",
            "--port",
            str(port),
            "--saves",
            str(folder / "saves"),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        wait_for_port(port, process)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS
        )
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Page]:
    context = browser.new_context(
        viewport={"width": 1280, "height": 800}, accept_downloads=True
    )
    made = context.new_page()
    errors: list[str] = []
    made.on("pageerror", lambda error: errors.append(str(error)))
    made.base = server
    yield made
    context.close()
    assert errors == [], "the page threw"


def open_game(page: Page, kind: str) -> dict[str, Any]:
    page.goto(f"{page.base}/?game={kind}")
    page.wait_for_selector(f'body[data-kind="{kind}"][data-game-id]')
    return state(page)


def state(page: Page) -> dict[str, Any]:
    game_id = page.evaluate("document.body.dataset.gameId")
    response = page.request.get(f"{page.base}/api/games/{game_id}")
    assert response.ok
    out: dict[str, Any] = response.json()
    return out


def answers(page: Page) -> int:
    return int(page.evaluate("Number(document.body.dataset.answers || 0)"))


def wait_until(page: Page, check: Any, what: str) -> None:
    """Wait until ``check()`` holds, asking again every 10 ms.
    (Polled from here: the page's CSP (no eval) forbids wait_for_function.)"""
    deadline = time.monotonic() + WAIT_S
    while not check():
        assert time.monotonic() < deadline, what
        page.wait_for_timeout(10)


def after_answer(page: Page, action: Any, count: int = 1) -> None:
    """Do ``action`` and wait until the page has drawn the server's next
    ``count`` answers (api.js counts an answer once its caller has drawn it)."""
    before = answers(page)
    action()
    wait_until(page, lambda: answers(page) >= before + count, "no answer drawn")


def open_saves(page: Page) -> None:
    """Open the Saves panel (by a click) once its slot list has come: that
    answer must not be taken for the next action's."""
    if page.locator("#saves").is_hidden():
        after_answer(page, lambda: page.click("#saves-toggle"))


# ------------------------------------------------------------ 2048
def board_2048(page: Page) -> list[list[int]]:
    rows = int(page.get_attribute("#board-2048", "data-rows"))
    cols = int(page.get_attribute("#board-2048", "data-cols"))
    board = [[0] * cols for _ in range(rows)]
    tiles = page.eval_on_selector_all(
        "#board-2048 .tile:not(.ghost)",
        "tiles => tiles.map(t => [+t.dataset.row, +t.dataset.col, +t.dataset.value])",
    )
    for r, c, value in tiles:
        assert board[r][c] == 0, "two tiles in one cell"
        board[r][c] = value
    return board


def assert_2048_shows_server(page: Page) -> dict[str, Any]:
    out = state(page)
    assert board_2048(page) == out["state"]["board"]
    assert page.text_content("#score") == str(out["state"]["score"])
    assert page.text_content("#best") == str(out["best"])
    return out


def test_2048_plays_by_keys_and_by_a_swipe(page: Page) -> None:
    start = open_game(page, "2048")
    assert_2048_shows_server(page)
    for key in ["ArrowLeft", "ArrowDown", "d", "w", "h", "j"]:
        after_answer(page, lambda key=key: page.keyboard.press(key))
        assert_2048_shows_server(page)
    moved = state(page)["state"]["moves"]
    assert moved > 0
    box = page.locator("#board-2048").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    for dx, dy in [(120, 0), (0, 120), (-120, 0), (0, -120)]:

        def swipe(dx: int = dx, dy: int = dy) -> None:
            page.mouse.move(x, y)
            page.mouse.down()
            page.mouse.move(x + dx, y + dy, steps=5)
            page.mouse.up()

        after_answer(page, swipe)
        assert_2048_shows_server(page)
    assert state(page)["state"]["moves"] > moved, "the swipes moved tiles"
    assert state(page)["id"] == start["id"]


def test_2048_undo_and_reload_resume_where_it_was(page: Page) -> None:
    open_game(page, "2048")
    for key in ["ArrowLeft", "ArrowUp", "ArrowRight"]:
        after_answer(page, lambda key=key: page.keyboard.press(key))
    before = assert_2048_shows_server(page)
    page.reload()
    page.wait_for_selector(f'body[data-game-id="{before["id"]}"]')
    assert assert_2048_shows_server(page) == before
    after_answer(page, lambda: page.click("#undo"))
    assert (
        assert_2048_shows_server(page)["state"]["moves"] == before["state"]["moves"] - 1
    )


# ------------------------------------------------------------ Forty Thieves
def piles(page: Page) -> dict[str, list[str]]:
    found = page.eval_on_selector_all(
        ".ft [data-pile]", "ps => ps.map(p => [p.dataset.pile, p.dataset.cards || ''])"
    )
    return {pile: cards.split() for pile, cards in found}


def assert_ft_shows_server(page: Page) -> dict[str, Any]:
    out = state(page)
    shown = piles(page)
    game = out["state"]
    for n, cards in enumerate(game["tableau"]):
        assert shown[f"t{n}"] == cards
    for n, cards in enumerate(game["foundations"]):
        assert shown[f"f{n}"] == cards
    assert shown["waste"] == game["waste"]
    assert page.get_attribute('[data-pile="deck"]', "data-count") == str(game["deck"])
    assert page.text_content("#ft-moves") == str(game["moves"])
    return out


def hint(page: Page, game_id: str) -> dict[str, Any]:
    response = page.request.post(f"{page.base}/api/games/{game_id}/hint")
    found: dict[str, Any] = response.json()["hint"]
    return found


def top_card(page: Page, pile: str) -> Any:
    return page.locator(f'[data-pile="{pile}"] .card').last


def test_forty_thieves_by_drag_and_drop_click_and_double_click(page: Page) -> None:
    out = open_game(page, "forty-thieves")
    assert_ft_shows_server(page)
    after_answer(page, lambda: page.click('[data-pile="deck"]'))  # deal by a click
    assert len(assert_ft_shows_server(page)["state"]["waste"]) == 1
    for moves in range(3):  # drag the hinted card to its pile
        move = hint(page, out["id"])
        if move["source"] == "deck":
            after_answer(page, lambda: page.click('[data-pile="deck"]'))
        else:
            target = page.locator(f'[data-pile="{move["target"]}"]')
            after_answer(
                page,
                lambda move=move, target=target: top_card(page, move["source"]).drag_to(
                    target
                ),
            )
        now = assert_ft_shows_server(page)
        assert now["state"]["moves"] == moves + 2
        marked = page.locator(".card.marked")
        assert marked.count() == 1
        assert marked.get_attribute("data-card") == piles(page)[move["target"]][-1]


def test_forty_thieves_double_click_sends_a_card_home(
    page: Page, tmp_path: Path
) -> None:
    open_game(page, "forty-thieves")
    open_saves(page)
    after_answer(
        page,
        lambda: page.set_input_files(
            "#upload", str(SAVES / "two_moves_from_winning.forty-thieves")
        ),
    )
    out = assert_ft_shows_server(page)
    move = hint(page, out["id"])
    assert move["target"].startswith("f")
    after_answer(page, lambda: top_card(page, move["source"]).dblclick())
    after = assert_ft_shows_server(page)
    assert after["state"]["moves"] == 1
    assert (
        sum(map(len, after["state"]["foundations"]))
        == sum(map(len, out["state"]["foundations"])) + 1
    )


def refuse_a_card(page: Page) -> None:
    """Click a card, then a foundation that cannot take it (not an ace)."""
    bad = next(
        f"t{n}"
        for n, cards in enumerate(state(page)["state"]["tableau"])
        if cards and not cards[-1].startswith("A")
    )
    top_card(page, bad).click()
    after_answer(page, lambda: page.click('[data-pile="f7"]'))


def test_forty_thieves_click_then_click_and_a_refusal_is_one_line(page: Page) -> None:
    out = open_game(page, "forty-thieves")
    move = hint(page, out["id"])
    while move["source"] == "deck":  # deal until a card can move
        after_answer(page, lambda: page.click('[data-pile="deck"]'))
        move = hint(page, out["id"])
    top_card(page, move["source"]).click()
    assert page.locator(".card.selected").count() == 1
    after_answer(page, lambda: page.click(f'[data-pile="{move["target"]}"]'))
    assert_ft_shows_server(page)
    refuse_a_card(page)
    message = page.locator("#message")
    assert "error" in message.get_attribute("class")
    assert message.text_content() and "\n" not in message.text_content()
    assert_ft_shows_server(page)


# ------------------------------------------------------------ Dots
def grid(page: Page) -> list[list[str]]:
    dots = page.eval_on_selector_all(
        "#board-dots .dot",
        "ds => ds.map(d => [+d.dataset.row, +d.dataset.col, d.dataset.colour])",
    )
    shown = [[""] * 6 for _ in range(6)]
    for r, c, colour in dots:
        shown[r][c] = colour
    return shown


def assert_dots_shows_server(page: Page) -> dict[str, Any]:
    out = state(page)
    game = out["state"]
    assert grid(page) == game["grid"]
    assert page.text_content("#dots-score") == str(game["score"])
    assert page.text_content("#dots-moves") == str(game["moves_left"])
    assert page.text_content("#dots-objective") == str(game["objective"]["left"])
    return out


def test_dots_by_a_mouse_drag_along_the_hinted_path(page: Page) -> None:
    out = open_game(page, "dots")
    assert_dots_shows_server(page)
    for _ in range(2):
        path = hint(page, out["id"])["path"]
        # Aim at the grid, not at the dots: they may still be falling in.
        board = page.locator("#board-dots").bounding_box()
        cell = board["width"] / 6
        centres = [
            (board["x"] + (c + 0.5) * cell, board["y"] + (r + 0.5) * cell)
            for r, c in path
        ]

        def drag(centres: list[tuple[float, float]] = centres) -> None:
            page.mouse.move(*centres[0])
            page.mouse.down()
            for x, y in centres[1:]:
                page.mouse.move(x, y, steps=4)
            page.mouse.up()

        before = state(page)["state"]
        after_answer(page, drag)
        after = assert_dots_shows_server(page)["state"]
        assert after["moves_left"] == before["moves_left"] - 1
        assert after["last"]["path"] == path


# ------------------------------------------------------------ saves
LOADERS = {
    "2048": lambda path: t48_savefile.read_save(path),
    "forty-thieves": lambda path: ft_savefile.load(path),
    "dots": lambda path: dots_savefile.load(path),
}


@pytest.mark.parametrize("kind", ["2048", "forty-thieves", "dots"])
def test_a_downloaded_save_loads_in_the_terminal_and_uploads_back(
    page: Page, tmp_path: Path, kind: str
) -> None:
    out = open_game(page, kind)
    page.request.post(f"{page.base}/api/games/{out['id']}/autoplay")
    page.reload()
    page.wait_for_selector(f'body[data-game-id="{out["id"]}"]')
    open_saves(page)
    with page.expect_download() as download:
        page.click("#download")
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert path.suffix == "." + kind
    text = path.read_text()
    assert text == page.request.get(f"{page.base}/api/games/{out['id']}/save").text()
    LOADERS[kind](str(path))  # the terminal's loader takes it
    shown = subprocess.run(  # and the terminal plays it: a line-mode board
        [sys.executable, "-m", "playmanager", str(path)],
        check=False,
        cwd=tmp_path,
        input="q\n" if kind != "2048" else "q\nn\n",
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert "cannot load" not in shown.stderr
    after_answer(page, lambda: page.set_input_files("#upload", str(path)))
    uploaded = state(page)
    assert uploaded["id"] != out["id"]
    assert (
        page.request.get(f"{page.base}/api/games/{uploaded['id']}/save").text() == text
    )


def test_a_hostile_slot_name_and_an_oversize_upload_show_one_line(
    page: Page, tmp_path: Path
) -> None:
    open_game(page, "dots")
    open_saves(page)
    page.fill("#slot-name", "../../etc/evil")
    after_answer(page, lambda: page.click("#slot-save"))
    message = page.locator("#message")
    page.wait_for_selector("#message.error")
    assert "slot name" in message.text_content()
    assert message.evaluate("m => m.scrollHeight <= m.clientHeight + 2"), "one line"
    big = tmp_path / "big.2048"
    big.write_text("0 " * (9 << 20))
    page.set_input_files("#upload", str(big))  # refused by its own size, unsent
    expect(message).to_have_text(
        "big.2048: this save is 18 MiB; the largest accepted is 12 MiB"
    )
    assert "error" in message.get_attribute("class")
    page.fill("#slot-name", "good one")
    after_answer(page, lambda: page.click("#slot-save"), count=2)  # saved, listed
    expect(message).to_have_text("Saved in slot good one")
    page.wait_for_selector('#slot-list option:has-text("good one")', state="attached")


def test_an_empty_slot_list_says_so_until_a_slot_is_saved(page: Page) -> None:
    open_game(page, "2048")  # a new browser: its slots are its own, none yet
    open_saves(page)
    slots = page.locator("#slot-list")
    expect(slots).to_be_disabled()
    expect(slots.locator("option")).to_have_text(["no slots yet"])
    expect(page.locator("#slot-open")).to_be_disabled()
    page.fill("#slot-name", "first")
    after_answer(page, lambda: page.click("#slot-save"), count=2)  # saved, listed
    expect(slots).to_be_enabled()
    expect(slots.locator("option")).to_have_text(["first (2048)"])
    expect(page.locator("#slot-open")).to_be_enabled()


@pytest.mark.parametrize(
    ("kind", "said"),
    [
        ("forty-thieves", "New deal 5 (u brings the last one back)"),
        ("2048", "New game, seed 5 (u brings the last one back)"),
    ],
)
def test_the_status_of_a_new_game_is_the_terminals(
    page: Page, kind: str, said: str
) -> None:
    """Forty Thieves said "New game, seed 5" here and "New deal 5" in the
    terminal: the page now shows the server's words, and, as the
    terminal's n, that u brings the game it replaced back."""
    open_game(page, kind)
    page.click("#new")
    page.fill('#new-form input[name="seed"]', "5")
    after_answer(page, lambda: page.click("#new-ok"))
    expect(page.locator("#message")).to_have_text(said)
    assert state(page)["state"]["seed"] == "5"


def test_2048_win_overlay_keeps_going_and_game_over_tries_again(page: Page) -> None:
    open_game(page, "2048")
    open_saves(page)
    after_answer(
        page,
        lambda: page.set_input_files(
            "#upload", str(SAVES / "one_merge_from_2048.2048")
        ),
    )
    overlay = page.locator("#board-2048 .overlay")
    expect(overlay).to_be_hidden()
    for key in ["a", "d"]:  # one of them merges the two 1024s
        after_answer(page, lambda key=key: page.keyboard.press(key))
        if 2048 in [v for row in board_2048(page) for v in row]:
            break
    assert_2048_shows_server(page)
    expect(overlay).to_be_visible()
    expect(overlay.locator(".overlay-text")).to_have_text("You win!")
    overlay.locator(".keep-going").click()
    expect(overlay).to_be_hidden()
    page.reload()  # a seen win is not shown again
    page.wait_for_selector("#board-2048 .tile")
    assert_2048_shows_server(page)
    expect(overlay).to_be_hidden()
    after_answer(
        page, lambda: page.set_input_files("#upload", str(SAVES / "lost.2048"))
    )
    lost = state(page)
    expect(overlay).to_be_visible()
    expect(overlay.locator(".overlay-text")).to_have_text("Game over!")
    expect(overlay.locator(".keep-going")).to_be_hidden()
    after_answer(page, lambda: overlay.locator(".try-again").click())
    fresh = assert_2048_shows_server(page)
    assert fresh["id"] != lost["id"] and fresh["state"]["moves"] == 0
    expect(overlay).to_be_hidden()
