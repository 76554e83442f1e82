"""Every screen fits (issue 29): every full screen of every game, with every
box a player can open, at 80x24, 100x32, 60x20 and the smallest size each
game accepts: every line inside the terminal (nothing cut by the shell's
clipping, nothing drawn outside), every box with its four borders, the
status and key lines whole where the terminal has the room; and the
rules at the start of each game's help, the same words in the docs."""

from __future__ import annotations

import dataclasses
import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from gamestate.dots import GameBoardT
from playmanager.cli import main
from playmanager.dots.messages import TYPE_A_KEY
from playmanager.dots.tui import layout as dots_layout
from playmanager.dots.tui.controller import Controller as DotsController
from playmanager.forty_thieves.text import symbol_text
from playmanager.forty_thieves.tui import layout as forty_layout
from playmanager.rules_text import DOTS, DOTS_SQUARES, TWENTY48, forty_thieves_rules
from playmanager.screen.shell import Span
from playmanager.screen.text_layout import (
    ELLIPSIS,
    GLUE,
    HELP_WIDTH,
    KEY_TAB,
    MIN_HEAD,
    elide,
    elide_status,
    key_column,
    key_line,
    wrap_lines,
)
from playmanager.screen.widgets import fit_keys, short_side
from playmanager.twenty48.tui import layout as twenty48_layout
from playmanager.twenty48.tui.view import styles as twenty48_styles

from . import screens, test_tui_layout
from .screens import LONG_FOLDER, Make, all_screens, painted

SIZES = [(80, 24), (100, 32), (60, 20)]
SMALLEST = {
    "2048": twenty48_layout.board_minimum([[0] * 4] * 4),
    "dots": dots_layout.minimum_size(),
    "forty-thieves": forty_layout.minimum_size(),
}
LAYOUTS = (twenty48_layout, dots_layout, forty_layout)
CORNERS = "┌┐└┘"
SIDE = "│"

SCREENS = list(all_screens())


def _strict_clip(spans: list[Span], width: int, height: int) -> list[Span]:
    """The shell's clip, as a check: a layout must not need it."""
    for span in spans:
        room = width - (1 if span.row == height - 1 else 0)
        assert 0 <= span.row < height, f"{span} is off the screen ({width}x{height})"
        assert span.col >= 0 and span.col + len(span.text) <= room, (
            f"{span} does not fit {width}x{height}"
        )
    return spans


@pytest.fixture(autouse=True)
def strict_clip(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for layout in LAYOUTS:
        monkeypatch.setattr(layout, "clip", _strict_clip)
    yield


def frame(make: Make, tmp_path: Path, size: tuple[int, int]) -> list[Span]:
    return make(tmp_path).frame(*size, colour=True)


def boxes(spans: list[Span]) -> list[list[str]]:
    """The boxes drawn: each a list of rows from its top border to its
    bottom one (margins left out)."""
    rows = sorted((s for s in spans if s.role == "overlay"), key=lambda s: s.row)
    found: list[list[str]] = []
    current: list[str] = []
    for span in rows:
        text = span.text.strip()
        if text.startswith("┌"):
            current = [text]
        elif current:
            current.append(text)
            if text.startswith("└"):
                found.append(current)
                current = []
    assert not current, f"a box without its bottom border: {current}"
    return found


def assert_bordered(box: list[str]) -> None:
    width = len(box[0])
    assert box[0][0] == "┌" and box[0][-1] == "┐", box[0]
    assert box[-1][0] == "└" and box[-1][-1] == "┘", box[-1]
    for row in box[1:-1]:
        assert row[0] == SIDE and row[-1] == SIDE and len(row) == width, row


def sizes_of(game: str) -> list[tuple[int, int]]:
    return [*SIZES, SMALLEST[game]]


@pytest.mark.parametrize(
    ("game", "state", "make", "size"),
    [
        pytest.param(game, state, make, size, id=f"{game}-{state}-{size[0]}x{size[1]}")
        for game, state, make in SCREENS
        for size in sizes_of(game)
    ],
)
def test_every_screen_fits_and_every_box_has_four_borders(
    game: str, state: str, make: Make, size: tuple[int, int], tmp_path: Path
) -> None:
    spans = frame(make, tmp_path, size)  # the strict clip checks every span
    page = painted(spans, *size)
    overlays = [s for s in spans if s.role == "overlay"]
    if state in ("help", "statistics", "win", "game-over", "quit", "resume"):
        assert overlays, f"{state}: no box"
    for box in boxes(spans):
        assert_bordered(box)
        assert "\n".join(box) in "\n".join(line.strip() for line in page) or all(
            row in "\n".join(page) for row in box
        ), "the box is covered"
    if not overlays:
        assert any("? help" in line for line in page), f"? is always shown: {page}"


def _status(page: list[str]) -> str:
    return "\n".join(page)


@pytest.mark.parametrize("game", ["2048", "dots", "forty-thieves"])
@pytest.mark.parametrize("size", SIZES)
def test_a_long_save_path_keeps_its_file_name_in_the_whole_width(
    game: str, size: tuple[int, int], tmp_path: Path
) -> None:
    """Issue 29 (7): status lines were cut to the board's width."""
    make = screens.GAMES[game]()["saved-long-path"]
    page = painted(frame(make, tmp_path, size), *size)
    line = next(line for line in page if "Saved to" in line)
    assert line.rstrip().endswith(f"save.{game}")
    if len(f"Saved to {tmp_path}{LONG_FOLDER}/save.{game}") <= size[0]:
        assert LONG_FOLDER in line


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
def test_a_long_seed_and_a_hint_are_said_whole(
    size: tuple[int, int], tmp_path: Path
) -> None:
    """Issue 29 (7): "New game, seed 5537001596250599359 (u brings the last
    one..." and the Dots hint lost their end at 80x24."""
    twenty48 = screens.twenty48_states()
    page = painted(frame(twenty48["long-seed"], tmp_path, size), *size)
    assert any(
        "seed -9223372036854775807" in line and "(u brings the last one back)" in line
        for line in page
    )
    dots = screens.dots_states()["hint"]
    app = dots(tmp_path)
    status = app.controller.screen().status
    assert len(status) <= size[0]
    assert any(status in line for line in painted(app.frame(*size, colour=True), *size))


def test_the_key_line_drops_the_least_used_keys_first_and_keeps_help() -> None:
    """Issue 29 (9): Dots at 80x24 dropped ``A auto  n new``; 2048 at 60
    columns hid ``u undo``."""
    twenty48 = screens.twenty48(Path("/nonexistent"))
    keys = twenty48.controller.screen().footer
    at_60 = fit_keys(keys, 59)
    assert "u undo" in at_60 and "? help" in at_60 and "q quit" in at_60
    assert "A auto" not in at_60
    assert at_60.startswith("arrows")
    assert fit_keys(keys, 10).endswith("? help") or "? help" in fit_keys(keys, 10)
    for width in range(1, 100):
        assert len(fit_keys(keys, width)) <= width


def test_forty_thieves_keeps_save_and_undo_on_its_key_line_at_60_columns() -> None:
    """Issue 36 (new user, 7): at 60 columns ``o save`` and ``u undo`` went
    while ``w waste  d deal  a safe`` stayed: the game's own keys go first
    (its help lists them), then save, undo and quit; ``?`` always stays."""
    from playmanager.forty_thieves.tui.controller import FOOTER

    at_60 = fit_keys(FOOTER, 59)
    for entry in ("1-0 pile", "o save", "u undo", "? help", "q quit"):
        assert entry in at_60
    assert "a safe" not in at_60
    narrow = fit_keys(FOOTER, 45)
    assert narrow == "1-0 pile  o save  u undo  ? help  q quit"
    for width in range(1, 100):
        assert len(fit_keys(FOOTER, width)) <= width


def test_2048_keeps_undo_on_its_key_line_at_60_columns(tmp_path: Path) -> None:
    page = painted(
        frame(screens.twenty48_states()["playing"], tmp_path, (60, 20)), 60, 20
    )
    keys = next(line for line in page if "? help" in line)
    assert "u undo" in keys and "q quit" in keys and "arrows" in keys


def test_dots_shows_every_key_at_80x24(tmp_path: Path) -> None:
    page = painted(frame(screens.dots_states()["playing"], tmp_path, (80, 24)), 80, 24)
    keys = next(line for line in page if "? help" in line)
    for entry in ("A auto", "n new", "u undo", "q quit", "Space draw", "Esc drop"):
        assert entry in keys


@pytest.mark.parametrize(
    ("game", "size"), [(g, s) for g in screens.GAMES for s in SIZES]
)
def test_the_last_position_stays_in_view_under_the_end_box(
    game: str, size: tuple[int, int], tmp_path: Path
) -> None:
    """Issue 29 (10): the 2048 win and game-over boxes covered the board."""
    for state in ("win", "game-over"):
        app = screens.GAMES[game]()[state](tmp_path / state)
        spans = app.frame(*size, colour=True)
        top = min(s.row for s in spans if s.role == "overlay")
        board_rows = {
            s.row for s in spans if s.role in ("tile", "dot", "card", "covered")
        }
        assert board_rows and max(board_rows) < top, (
            f"{state}: the box covers the board"
        )


def test_forty_thieves_fits_60x20_and_its_smallest_size(tmp_path: Path) -> None:
    """Issue 29 (11): refused at 60x20 (it needed 61x13)."""
    assert forty_layout.minimum_size()[0] <= 60
    page = painted(frame(screens.forty_states()["playing"], tmp_path, (60, 20)), 60, 20)
    assert page[0].startswith("Forty Thieves") and "Terminal too small" not in "".join(
        page
    )
    assert all(f"{n:^5}".strip() in page[5] for n in range(1, 11))


@pytest.mark.parametrize(
    ("game", "state"), [(g, s) for g in screens.GAMES for s in ("playing", "resume")]
)
def test_too_small_is_a_box_with_the_question_under_it(
    game: str, state: str, tmp_path: Path
) -> None:
    """Issue 29 (11): the refusal and the rescue question printed over it
    were unboxed and clipped."""
    make = screens.GAMES[game]()[state]
    width, height = SMALLEST[game]
    spans = frame(make, tmp_path, (width - 2, height - 1))
    found = boxes(spans)
    assert len(found) == 1
    assert_bordered(found[0])
    assert "Too small" in found[0][0]


def test_a_question_taller_than_the_screen_scrolls_with_the_arrows(
    tmp_path: Path,
) -> None:
    """Its letters are its answers: the arrows scroll it, as they do the
    help (which j and k scroll too)."""
    app = screens.forty_states()["resume"](tmp_path)
    first = "\n".join(boxes(app.frame(50, 12, colour=True))[0])
    assert "Up/Down scrolls" in first and "Esc Ctrl-C" not in first
    for _ in range(10):
        app.press("KEY_DOWN")
    last = "\n".join(boxes(app.frame(50, 12, colour=True))[0])
    assert "Esc Ctrl-C" in last
    app.press("KEY_UP")
    assert app.controller.screen().overlay is not None  # still asking
    app.press("y")
    assert app.controller.screen().overlay is None


@pytest.mark.parametrize("game", list(screens.GAMES))
def test_help_starts_with_the_rules_and_scrolls_to_its_end(
    game: str, tmp_path: Path
) -> None:
    """Issue 29 (8, 14, 15): the help lost its last rows at 60x20, ran off
    the bottom at 80x24; Dots' never said how to play."""
    # tests/screens.py's Forty Thieves writes cards with letters (7S)
    rules = {"2048": TWENTY48, "dots": DOTS, "forty-thieves": forty_thieves_rules()}[
        game
    ]
    app = screens.GAMES[game]()["help"](tmp_path)
    overlay = app.controller.screen().overlay
    assert overlay is not None and overlay.lines[: len(rules)] == rules
    seen = ""
    for _ in range(40):
        spans = app.frame(60, 20, colour=True)
        if app.controller.screen().overlay is None:
            break  # Down at its end closes it, as any key does (issue 36)
        seen += "\n".join(boxes(spans)[0])
        app.press("KEY_DOWN")
    text = " ".join(seen.replace(SIDE, " ").split())
    assert " ".join(rules[0].split()) in text
    assert "Press any key to close this help." in text
    assert app.controller.screen().overlay is None


def test_help_keys_and_shared_keys_share_one_column(tmp_path: Path) -> None:
    """Issue 29 (8): long lines wrapped to column 1; the game's keys and the
    shared keys stood in two columns."""
    app = screens.forty_states()["help"](tmp_path)
    box = boxes(app.frame(80, 24, colour=True))[0]
    inside = [row[2:-2] for row in box[1:-1]]
    starts = {
        row.index("  ")
        + len(row[row.index("  ") :])
        - len(row[row.index("  ") :].lstrip())
        for row in inside
        if row[:1] not in (" ", "")
        and "  " in row.rstrip()
        and row.split()[0] in ("w", "d", "f", "o", "u")
    }
    assert len(starts) == 1
    column = starts.pop()
    wrapped = [row for row in inside if row.startswith(" ") and row.strip()]
    assert wrapped and all(len(row) - len(row.lstrip()) == column for row in wrapped)


@given(
    st.lists(
        st.tuples(
            st.text("abcdef-", min_size=1, max_size=12),
            st.text("abc de fgh ijklm ", min_size=0, max_size=120),
        ),
        min_size=1,
        max_size=6,
    ),
    st.integers(20, 100),
)
def test_wrapped_key_lines_fit_and_go_on_under_their_text(
    rows: list[tuple[str, str]], width: int
) -> None:
    lines = [key_line(keys, what) for keys, what in rows]
    wrapped = wrap_lines(lines, width)
    column = key_column(lines, width)
    for line in wrapped:  # only a word longer than the room goes past it
        assert len(line) <= width or len(line.split()[-1]) > width - column, line
    assert all(KEY_TAB not in line for line in wrapped)
    if all(len(keys) + 2 <= column for keys, _ in rows) and all(
        len(word) <= width - column for _, what in rows for word in what.split()
    ):  # nothing cut: every word kept, continuations under the text column
        expected = " ".join(f"{keys} {what}" for keys, what in rows).split()
        assert " ".join(wrapped).split() == expected
        continued = [line for line in wrapped if line.startswith(" ")]
        assert all(line[:column].strip() == "" for line in continued)


@given(st.text("ab cd/ef gh", max_size=120), st.integers(1, 90))
def test_elide_fits_its_width(text: str, width: int) -> None:
    shortened = elide(text, width)
    assert len(shortened) <= width
    if len(text) <= width:
        assert shortened == text


@given(st.text("abc ,;:(", max_size=120), st.integers(4, 90))
@example("a bbbbbbbbbbbbbbbbbbbb", 10)
def test_elide_cuts_at_a_word(text: str, width: int) -> None:
    """Issue 36 (new user, 5): "save.forty-thie..." was cut mid-word."""
    shortened = elide(text, width)
    if shortened == text:
        return
    kept = shortened.removesuffix(ELLIPSIS)
    assert text.startswith(kept)
    room = width - len(ELLIPSIS)
    first_word_too_long = " " not in text[: room + 1]
    assert first_word_too_long or text[len(kept)] in " ,;:("


def test_two_neighbouring_new_dots_keep_two_rings(tmp_path: Path) -> None:
    """Issue 29 (13): two adjacent new-dot rings merged into one bar."""
    game = GameBoardT(seed=5)
    from playmanager.dots.adapter import Dots
    from playmanager.session import Session

    session = Session(Dots(game.level), game, 5, str(tmp_path / "s.dots"), loaded=False)
    screen = DotsController(session, rescue_folder=str(tmp_path)).screen()
    screen = screen.__class__(
        **{**screen.__dict__, "fresh": frozenset({(2, 2), (3, 2)})}
    )
    grid = dots_layout.grid_for(80, 24)
    assert grid is not None
    spans = dots_layout.render(screen, 80, 24, colour=True, round_dots=True)
    gap_row = grid.cell_top(3) - 1
    left, right = grid.cell_left(2), grid.cell_left(2) + grid.cell_width
    between = [s for s in spans if s.row == gap_row and left <= s.col < right]
    assert between
    for span in between:
        fg, _, bg = span.role.partition("/")
        assert fg != bg, f"one bar: {span}"


def test_two_merged_neighbours_in_2048_keep_two_rings() -> None:
    """The same as Dots' new dots, for 2048's merged tiles (one column)."""
    board = ((4, 0, 0, 0), (4, 0, 0, 0), (0,) * 4, (0,) * 4)
    screen = dataclasses.replace(
        test_tui_layout.screen_of(board=board), merged=frozenset({(0, 0), (1, 0)})
    )
    spans = twenty48_layout.render(screen, 80, 24, colour=True)
    size = twenty48_layout.tile_size(screen, 80, 24)
    assert size is not None
    tiles = sorted(s.row for s in spans if s.role == "tile" and s.value == 4)
    gap_row = tiles[-1] - size.height  # the row between the two tiles
    between = [s for s in spans if s.row == gap_row and "/" in s.role]
    assert between
    assert all(s.role.split("/")[0] != s.role.split("/")[1] for s in between)
    assert {"merged", "merged2"} <= {
        part for s in between for part in s.role.split("/")
    }
    assert {s.role for s in spans if "/" in s.role} <= set(twenty48_styles())


@pytest.mark.parametrize(
    "argv",
    [
        ["--game", "2048", "--help"],
        ["--game", "dots", "--help"],
        ["--game", "forty-thieves", "--help"],
        ["--web", "--help"],
    ],
)
def test_help_lines_fit_79_columns(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 29 (12): --help had lines of 83 and 92 characters."""
    monkeypatch.setenv("COLUMNS", "200")  # argparse would fill a wide terminal
    out, err = io.StringIO(), io.StringIO()
    status: int | str | None
    try:
        status = main(argv, io.StringIO(""), out, err)
    except SystemExit as done:  # --web's parser prints and exits as argparse does
        status = done.code
    printed = out.getvalue() + capsys.readouterr().out
    assert status == 0 and "usage:" in printed
    assert all(len(line) <= HELP_WIDTH for line in printed.splitlines())


def test_the_stats_footer_fits_79_columns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 29 (12): the --stats footer was 88 characters."""
    deep = tmp_path / LONG_FOLDER.strip("/")
    monkeypatch.setenv("XDG_DATA_HOME", str(deep))
    out, err = io.StringIO(), io.StringIO()
    main(["--stats"], io.StringIO(""), out, err)
    lines = out.getvalue().splitlines()
    footer = lines[lines.index("(kept in") :]
    assert str(deep) in footer[1]  # a path longer than the line stays whole
    for line in lines:
        assert len(line) <= HELP_WIDTH or line == footer[1], line


DOCS = Path(__file__).parent.parent / "docs" / "play"


@pytest.mark.parametrize(
    ("page", "rules"),
    [
        ("2048.md", TWENTY48),
        ("dots.md", (*DOTS, DOTS_SQUARES)),
        # both ways a terminal writes the cards (7\u2660, or 7S without UTF-8)
        ("forty-thieves.md", forty_thieves_rules(symbol_text)),
        ("forty-thieves.md", forty_thieves_rules()),
    ],
)
def test_the_docs_quote_the_rules_the_games_show(
    page: str, rules: tuple[str, ...]
) -> None:
    """Issue 29 (14, 15): one text of the rules, on screen and in the docs."""
    text = " ".join((DOCS / page).read_text().split())
    for line in rules:
        assert " ".join(line.split()) in text, line


@pytest.mark.parametrize(
    ("game", "rules"), [("dots", DOTS), ("forty-thieves", forty_thieves_rules())]
)
def test_the_line_modes_help_shows_the_same_rules(
    game: str, rules: tuple[str, ...], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    out, err = io.StringIO(), io.StringIO()
    main(["--game", game, "--seed", "5"], io.StringIO("?\nq\n"), out, err)
    help_part = " ".join(out.getvalue().split("> ", 1)[1].split())
    for line in rules:
        assert " ".join(line.split()) in help_part


def _first_shown(spans: list[Span]) -> int | None:
    """The first line a scrolled box shows, from its bottom border
    (" 5-16 of 30: Up/Down scrolls "); None when the box is not scrolled."""
    found = re.search(r" (\d+)-\d+ of \d+[: ]", boxes(spans)[-1][-1])
    return None if found is None else int(found.group(1))


BOXES = ("help", "statistics", "resume", "quit", "win", "game-over")


@pytest.mark.parametrize(
    ("game", "state"),
    [
        pytest.param(game, state, id=f"{game}-{state}")
        for game in screens.GAMES
        for state in BOXES
    ],
)
def test_up_moves_a_box_scrolled_past_its_end_at_once(
    game: str, state: str, tmp_path: Path
) -> None:
    """Scrolled far past its end, a box stays at its end, and one Up moves
    it one line (the controller went on counting past the end, so Up took
    as many presses as Down had gone too far): at 60x20 and at sizes where
    each box scrolls (under a game's smallest, inside Too small)."""
    scrolled = 0
    for size in ((60, 20), (60, 10), (30, 6)):
        folder = tmp_path / f"{size[0]}x{size[1]}"
        folder.mkdir()
        app = screens.GAMES[game]()[state](folder)
        if _first_shown(app.frame(*size, colour=True)) is None:
            continue  # the box fits: nothing scrolls
        for _ in range(60):
            app.press("KEY_DOWN")
        end = _first_shown(app.frame(*size, colour=True))
        assert end is not None and end > 1
        app.press("KEY_UP")
        assert _first_shown(app.frame(*size, colour=True)) == end - 1, size
        scrolled += 1
    assert scrolled


LINE_MODES = {
    "2048 java": (["--rules", "java"], "x\nq\n"),  # x: Java's help block
    "2048 mvc": (["--rules", "mvc"], "x\nq\n"),
    "dots": (["--game", "dots", "--seed", "5"], "?\nq\n"),
    "dots squares": (["--game", "dots", "--seed", "5", "--squares"], "?\nq\n"),
    "forty-thieves": (["--game", "forty-thieves", "--seed", "5"], "?\nq\n"),
}


@pytest.mark.parametrize(("argv", "typed"), LINE_MODES.values(), ids=list(LINE_MODES))
def test_every_line_mode_s_help_fits_79_columns(
    argv: list[str], typed: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dots' "A path is a row and a column..." was 90 characters, the save
    line 81; the key column stays one column when a line wraps."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    out, err = io.StringIO(), io.StringIO()
    main(argv, io.StringIO(typed), out, err)
    printed = out.getvalue()
    assert "Possible commands:" in printed or "? or help" in printed
    for line in printed.splitlines():
        assert len(line) <= HELP_WIDTH, line
    keys = [re.match(r"  \S or \w+ +", line) for line in printed.splitlines()]
    assert len({key.end() for key in keys if key is not None}) <= 1  # one column


@pytest.mark.parametrize("game", ["dots", "forty-thieves"])
def test_line_mode_messages_and_questions_fit_79_columns(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A message or a question naming a long path wraps at words (the
    path kept whole, the answer typed after the question's last line)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = tmp_path / "a-folder-with-a-rather-long-name-for-saved-games"
    folder.mkdir()
    path = folder / f"the-game-of-this-afternoon.{game}"
    out, err = io.StringIO(), io.StringIO()
    typed = f"o {path}\nn\no\nn\nq\nn\n"  # save, a new game, save over the first
    main(["--game", game, "--seed", "5"], io.StringIO(typed), out, err)
    # piped answers are not echoed: what follows a prompt starts a line
    printed = out.getvalue().replace("> ", "\n").replace("(y/n) ", "(y/n)\n")
    assert str(path) in printed and "(y/n)" in printed, printed
    for line in printed.splitlines():
        assert len(line) <= HELP_WIDTH or line.strip() == str(path), line


@pytest.mark.parametrize(
    ("game", "state"),
    [(game, state) for game in screens.GAMES for state in ("win", "game-over")],
)
def test_help_opens_on_a_won_or_lost_game_and_closes_back_to_its_box(
    game: str, state: str, tmp_path: Path
) -> None:
    """? did nothing at the end of a game; the end box now lists it."""
    app = screens.GAMES[game]()[state](tmp_path)
    ended = app.controller.screen().overlay
    assert ended is not None and f"?{GLUE}help" in ended.lines[-1]
    app.press("?")
    helped = app.controller.screen().overlay
    assert helped is not None and helped.title == "How to play"
    app.press("x")
    back = app.controller.screen().overlay
    assert back is not None and back.title == ended.title


@pytest.mark.parametrize(
    ("game", "state", "make", "size"),
    [
        pytest.param(game, state, make, size, id=f"{game}-{state}-{size[0]}x{size[1]}")
        for game, state, make in SCREENS
        for size in SIZES
    ],
)
def test_a_box_never_cuts_the_status_or_key_line_in_pieces(
    game: str, state: str, make: Make, size: tuple[int, int], tmp_path: Path
) -> None:
    """Dots' statistics at 60x20: the box's blank margin lay over the middle
    of the status line, leaving `Sp` and `e...` of it. A line under a box
    is whole, or under the box's body (between its borders)."""
    spans = frame(make, tmp_path, size)
    page = painted(spans, *size)
    for span in spans:
        if span.role == "status" and span.text.strip():
            row = page[span.row]
            assert span.text.strip() in row or SIDE in row or "─" in row, row


def test_the_dots_greeting_is_whole_at_80x24(tmp_path: Path) -> None:
    """It ended `or use the mouse; ? lists...` at 80 columns."""
    app = screens.dots_states()["playing"](tmp_path)
    screen = dataclasses.replace(app.controller.screen(), status=TYPE_A_KEY)
    page = painted(dots_layout.render(screen, 80, 24, colour=True), 80, 24)
    assert any(row.strip() == TYPE_A_KEY for row in page), TYPE_A_KEY


@pytest.mark.parametrize(
    ("game", "state", "size"),
    [
        pytest.param(game, state, size, id=f"{game}-{state}-{size[0]}x{size[1]}")
        for game in screens.GAMES
        for state in ("win", "game-over")
        for size in SIZES
    ],
)
def test_an_ended_game_shows_only_the_keys_it_takes(
    game: str, state: str, size: tuple[int, int], tmp_path: Path
) -> None:
    """Forty Thieves kept its key line (`1-0 pile  w waste ... H hint A
    auto`) under the end box, which lists the keys an ended game takes."""
    app = screens.GAMES[game]()[state](tmp_path)
    page = "\n".join(painted(app.frame(*size, colour=True), *size))
    assert "? help" in page  # the end box's line
    assert "H hint" not in page and "A auto" not in page


# ---------------------------------------------------------------- issue 36, item 4
# The line modes and --help at the terminal's width, 60 to 200 columns.

WIDTHS = [60, 80, 120]


class TerminalText(io.StringIO):
    """What a terminal shows, as a stream: a tty whose width ``COLUMNS``
    gives (as argparse and shutil read it)."""

    def isatty(self) -> bool:
        return True


def on_a_terminal(
    argv: list[str], typed: str, columns: int, tmp_path: Path
) -> tuple[str, str]:
    """Stdout and stderr of a game played on a ``columns``-wide terminal."""
    out, err = TerminalText(), io.StringIO()
    environ = {"COLUMNS": str(columns), "XDG_DATA_HOME": str(tmp_path / "data")}
    main(argv, io.StringIO(typed), out, err, environ=environ)
    return out.getvalue(), err.getvalue()


def words(text: str) -> list[str]:
    return text.split()


@pytest.mark.parametrize("columns", WIDTHS)
@pytest.mark.parametrize("game", ["2048", "dots", "forty-thieves"])
def test_help_fits_the_terminal_and_breaks_no_word(
    game: str, columns: int, tmp_path: Path
) -> None:
    """``--help`` was 80 wide whatever the terminal ("[--s" / "eed N]" at 60)."""
    shown, _ = on_a_terminal(["--game", game, "--help"], "", columns, tmp_path)
    widest, _ = on_a_terminal(["--game", game, "--help"], "", 200, tmp_path)
    assert max(len(line) for line in shown.splitlines()) <= columns - 1
    assert words(shown) == words(widest)  # only the line breaks moved
    if columns > 80:
        assert max(len(line) for line in shown.splitlines()) > HELP_WIDTH


def test_help_says_each_game_and_range_once_without_brackets_in_brackets(
    tmp_path: Path,
) -> None:
    """ "2048 (2048, the CSE 8B PA4 game (the default))", "(default 70) (0-100)"."""
    shown, _ = on_a_terminal(["--help"], "", 200, tmp_path)
    assert ") (" not in shown and "))" not in shown
    assert "(default 70; takes 0-100)" in shown
    assert "2048 (slide the tiles to make 2048; the default)" in shown


@pytest.mark.parametrize("columns", WIDTHS)
@pytest.mark.parametrize(
    ("game", "typed"),
    [
        ("dots", "?\n9,9\nH\nu\no\nn\n0,0 0,1 0,2\nq\nn\n"),
        ("forty-thieves", "?\n9 9\nH\nd\nu\no\nn\nd\nq\nn\n"),
    ],
)
def test_line_mode_prompts_and_messages_fit_the_terminal(
    game: str, typed: str, columns: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Words were broken at the edge at 60 columns ("new o" / "nes drop
    in.", "Moves left:" / "10"): every line, prompts and questions too, now
    fits, and the words are those a 200-column terminal shows."""
    argv = ["--game", game, "--seed", "5"]
    (tmp_path / "here").mkdir()
    (tmp_path / "wide").mkdir()
    monkeypatch.chdir(tmp_path / "here")
    shown, err = on_a_terminal(argv, typed, columns, tmp_path / "here")
    monkeypatch.chdir(tmp_path / "wide")
    widest, _ = on_a_terminal(argv, typed, 200, tmp_path / "wide")
    assert "Saved to" in shown and "before quitting?" in shown, shown
    # a terminal echoes the answer and its Enter: what follows a prompt starts a line
    for line in (shown.replace("> ", "\n") + err).splitlines():
        assert len(line) <= columns - 1, line
    assert words(shown) == words(widest)


def test_forty_thieves_board_rows_stay_whole_at_60_columns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its rows were 60 wide, one more than a 60-column terminal's text
    width: "waste" and each tenth pile's cards went to a line of their own."""
    monkeypatch.chdir(tmp_path)
    argv = ["--game", "forty-thieves", "--seed", "5"]
    shown, _ = on_a_terminal(argv, "q\n", 60, tmp_path)
    assert re.search(r"^ +f1 .* f8 +deck +waste$", shown, re.MULTILINE), shown
    assert re.search(r"^ +1 .* 9 +10$", shown, re.MULTILINE), shown


def test_dots_keeps_moves_left_with_its_number_at_60_columns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    shown, _ = on_a_terminal(["--game", "dots", "--seed", "5"], "q\n", 60, tmp_path)
    assert re.search(r"^.*Moves left: \d+$", shown, re.MULTILINE), shown


@pytest.mark.parametrize("game", ["dots", "forty-thieves"])
def test_a_path_too_long_for_the_terminal_loses_its_middle_not_its_name(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "Not saved; /t" / "mp/...": the terminal broke a path at its edge."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / ("a-folder-that-is-not-there-" * 3) / f"game.{game}"
    _, err = on_a_terminal(
        ["--game", game, "--seed", "5"], f"o {path}\nq\n", 60, tmp_path
    )
    lines = err.splitlines()
    assert any(f".../game.{game}" in line for line in lines), err
    assert all(len(line) <= 59 for line in lines), err
    piped = io.StringIO()
    main(
        ["--game", game, "--seed", "5"],
        io.StringIO(f"o {path}\nq\n"),
        io.StringIO(),
        piped,
    )
    assert str(path) in piped.getvalue()  # a pipe has no edge: whole, one line


@pytest.mark.parametrize(
    ("environ", "tty", "columns"),
    [
        ({"COLUMNS": "30"}, True, 60),
        ({"COLUMNS": "300"}, True, 200),
        ({"COLUMNS": "120"}, True, 120),
        ({"COLUMNS": "120"}, False, 80),  # a pipe: 80, whatever COLUMNS says
        ({}, False, 80),
    ],
)
def test_the_text_width_is_the_terminal_s_within_60_to_200(
    environ: dict[str, str], tty: bool, columns: int
) -> None:
    from playmanager.terminal import detect

    stream = TerminalText() if tty else io.StringIO()
    assert detect(environ, stream).columns == columns


# ---------------------------------------------------------------- issue 36, round four
# One rule for every line mode's text (2048's too), status lines that keep
# their end, and the small screens.

STATUS_ENDS = [
    # (game, the status line the issue saw cut, the end it must keep at 60, 80, 120)
    (
        "dots",
        (
            "Not next to the last dot (it is two rows away): the cursor leaves the "
            "path (Space adds a dot that continues it)"
        ),
        "(Space adds a dot that continues it)",
    ),
    (
        "dots",
        (
            "Hint: 0,2 0,3 1,3 1,2 (a square: clears all 14 R): Enter plays it, "
            "Esc drops it"
        ),
        "Enter plays it, Esc drops it",
    ),
    (
        "forty-thieves",
        (
            "Deal 1008033510: the solver proved it can be won. New deal; o saves to "
            "game.forty-thieves; ? lists the keys"
        ),
        "? lists the keys",
    ),
    (
        "forty-thieves",
        (
            "Resumed the game rescued in /root/.local/share/playmanager/"
            "rescued-save-15f3a9c2.forty-thieves"
        ),
        "/rescued-save-15f3a9c2.forty-thieves",
    ),
    # issue 36, new user (5): shorter wordings, so that they read at 60
    (
        "2048",
        (
            "Kept the previous game in /root/.local/share/gamestate2048/rescued-3.2048"
            "; q quits"
        ),
        "/rescued-3.2048; q quits",
    ),
    (
        "forty-thieves",
        "save.forty-thieves holds another game; o asks before replacing it",
        "o asks before replacing it",
    ),
]


@pytest.mark.parametrize("columns", WIDTHS)
@pytest.mark.parametrize(("game", "status", "end"), STATUS_ENDS)
def test_a_status_line_keeps_its_end_and_loses_its_middle(
    game: str, status: str, end: str, columns: int, tmp_path: Path
) -> None:
    """ "...the cursor leaves the..." (113 characters at 80), "Hint: ...
    Enter...", "...New...": the end, what to do, was what went; a path
    lost its file name ("rescued-save-15f...")."""
    app = screens.GAMES[game]()["playing"](tmp_path)
    app.controller.status = status
    rows = painted(app.frame(columns, 24, colour=True), columns, 24)
    shown = [row.strip() for row in rows if row.strip().endswith(end)]
    assert shown, (end, rows)
    assert len(shown[0]) <= columns and shown[0].split()[0] == status.split()[0]
    if len(status) > columns:
        assert ELLIPSIS in shown[0]


@given(
    st.text(alphabet="ab /.:;(", max_size=150),
    st.integers(min_value=1, max_value=200),
)
def test_a_status_line_always_fits_and_is_whole_when_it_can_be(
    text: str, width: int
) -> None:
    fitted = elide_status(text, width)
    assert len(fitted) <= width
    if len(text) <= width:
        assert fitted == text


@given(st.lists(st.sampled_from(["go", "play", "it", "now"]), min_size=1, max_size=30))
def test_a_status_line_s_last_sentence_stays_whole(sentence: list[str]) -> None:
    head = "The start of a rather long status line that says what happened"
    tail = " ".join(sentence)
    text = f"{head}. {tail}"
    for width in (60, 80, 120):
        if len(tail) <= width - MIN_HEAD - 1:
            assert elide_status(text, width).endswith(tail), width


TWENTY48_TYPED = "a\nz\nxx\no\nq\n"
"""A move, an unknown key (the help block), a long line, a save, quit."""


@pytest.mark.parametrize("columns", WIDTHS)
def test_2048_s_line_mode_fits_its_messages_to_the_terminal(
    columns: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """2048's line mode printed its long lines whole ("Attempting to load
    game from" a long path, "Saved current state to:" it): on a terminal
    they now wrap at words as every line mode's do, the path whole or its
    middle left out."""
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "a-folder-with-a-rather-long-name-for-saved-games" / "2048"
    folder.mkdir(parents=True)
    path = str(folder / "the-game-of-this-afternoon.2048")
    shown, err = on_a_terminal([path], TWENTY48_TYPED, columns, tmp_path)
    assert "Saved current state to:" in shown, shown
    for line in (shown.replace("> ", "\n") + err).splitlines():
        assert len(line) <= columns - 1, line
    if len(path) + len("Saved current state to: ") > columns - 1:
        assert "Saved current state to:\n" in shown  # wrapped at a word


def test_2048_s_piped_output_stays_one_line_per_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Piped, 2048 prints Java's bytes: the long line is not wrapped."""
    monkeypatch.chdir(tmp_path)
    path = str(tmp_path / ("a-folder-with-a-rather-long-name-" * 3)) + ".2048"
    out = io.StringIO()
    main([path], io.StringIO("o\nq\n"), out, io.StringIO())
    assert f"Attempting to load game from {path}..\n" in out.getvalue()
    assert f"Saved current state to: {path}\n" in out.getvalue()


@pytest.mark.parametrize("columns", WIDTHS)
def test_2048_s_quit_question_wraps_and_the_answer_follows_it(
    columns: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-D on a terminal with moves to lose asks the shared question; at
    60 columns it broke at the edge ("...y saves and quits, n quit" / "s,
    c keeps playing:")."""
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "a-folder-with-a-rather-long-name-for-saved-games"
    folder.mkdir()
    path = str(folder / "game.2048")
    typed = TerminalText("a\nd\n")  # then Ctrl-D: the end of a terminal's input
    out, err = TerminalText(), io.StringIO()
    environ = {"COLUMNS": str(columns), "XDG_DATA_HOME": str(tmp_path / "data")}
    main([path], typed, out, err, environ=environ)
    shown = out.getvalue()
    assert shown.endswith("playing: "), shown  # the answer is typed after it
    for line in shown.replace("> ", "\n").splitlines():
        assert len(line) <= columns - 1, line
    assert "y saves and quits, n quits, c keeps playing:" in " ".join(words(shown))


def test_2048_s_name_stays_whole_on_a_small_screen(tmp_path: Path) -> None:
    """At 40x12 the one-line header shortened the name to "204..."."""
    app = screens.twenty48_states()["playing"](tmp_path)
    top = painted(app.frame(40, 12, colour=True), 40, 12)[0]
    assert top.split()[0] == "2048" and "204..." not in top


@pytest.mark.parametrize(
    ("size", "need", "said"),
    [
        ((40, 12), (32, 17), "This terminal is 12 rows high; the game needs 17."),
        ((28, 10), (29, 7), "This terminal is 28 columns wide; the game needs 29."),
        ((20, 6), (21, 7), "the game needs 21x7: wider and taller."),
    ],
)
def test_too_small_says_which_side_is_short(
    size: tuple[int, int], need: tuple[int, int], said: str
) -> None:
    """ "This terminal is 40x12; the game needs 32x17": 40 is more than 32."""
    assert said in short_side(*size, need)


@pytest.mark.parametrize("game", list(screens.GAMES))
@pytest.mark.parametrize("size", [(20, 6), (16, 5), (14, 6)])
def test_the_too_small_box_keeps_its_border(
    game: str, size: tuple[int, int], tmp_path: Path
) -> None:
    """At 20x6 the scroll note ("1-4 of 7: Up/Do") ran over the bottom
    border's corner edge: each border now keeps an edge at both ends."""
    app = screens.GAMES[game]()["playing"](tmp_path)
    (box,) = boxes(app.frame(*size, colour=True))
    assert box[0].startswith("┌─") and box[0].endswith("─┐"), box[0]
    assert box[-1].startswith("└─") and box[-1].endswith("─┘"), box[-1]
    assert all(row.startswith(SIDE) and row.endswith(SIDE) for row in box[1:-1])


@pytest.mark.parametrize("game", list(screens.GAMES))
@pytest.mark.parametrize("size", SIZES)
def test_the_statistics_box_explains_only_the_columns_it_shows(
    game: str, size: tuple[int, int], tmp_path: Path
) -> None:
    """Dots at 60x20 left out the Loaded column and still explained it."""
    app = screens.GAMES[game]()["statistics"](tmp_path)
    box = boxes(app.frame(*size, colour=True))[-1]
    header = next(row for row in box if "Played" in row).strip("│ ").split()
    notes = [row.strip("│ ") for row in box if ": " in row]
    for note in notes:
        named = note.split(":")[0].split(", ")
        assert all(column in header for column in named), (note, header)
    assert len(notes) >= 2  # Streak and Score are shown at every size


@pytest.mark.parametrize("size", SIZES)
def test_dots_keys_are_on_the_screen_s_last_line(
    size: tuple[int, int], tmp_path: Path
) -> None:
    """Dots at 60x20 left three empty rows under its key line."""
    app = screens.dots_states()["playing"](tmp_path)
    page = painted(app.frame(*size, colour=True), *size)
    assert "? help" in page[-1], page


# ---------------------------------------------------------------- issue 36, item 4: wording


def test_the_launch_notice_does_not_say_how_a_game_was_rescued(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "A game rescued when its terminal closed" was said of a game rescued
    by Ctrl-D or Ctrl-C too: the rescue file does not know which."""
    monkeypatch.chdir(tmp_path)
    data = tmp_path / "data"
    environ = {"XDG_DATA_HOME": str(data)}
    typed = TerminalText("d\n")  # a move, then Ctrl-D, then Ctrl-D at the question
    main(
        ["--game", "forty-thieves", "--seed", "5"],
        typed,
        TerminalText(),
        io.StringIO(),
        environ=environ,
    )
    out = TerminalText()
    main(
        ["--game", "forty-thieves", "--seed", "6"],
        io.StringIO("q\n"),
        out,
        io.StringIO(),
        environ=environ,
    )
    shown = " ".join(out.getvalue().split())
    assert "A game rescued before it was saved is waiting" in shown, shown
    assert "terminal closed" not in shown


@pytest.mark.parametrize("game", ["dots", "forty-thieves"])
def test_a_new_random_game_has_a_short_number_in_every_game(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dots showed a 19-digit seed where Forty Thieves shows deal numbers
    a person can type: both now draw from 1 to 2^31 - 1."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    for _ in range(5):
        out = io.StringIO()
        main(["--game", game], io.StringIO("q\n"), out, io.StringIO())
        found = re.search(r"(?:seed|deal) (-?\d+)", out.getvalue())
        assert found is not None, out.getvalue()
        assert 1 <= int(found.group(1)) < 2**31


def test_forty_thieves_key_line_names_what_each_key_does(tmp_path: Path) -> None:
    """`1-0 w d f a play` named one action for five keys."""
    app = screens.forty_states()["playing"](tmp_path)
    keys = painted(app.frame(80, 24, colour=True), 80, 24)[-1].split("  ")
    entries = [entry.strip() for entry in keys if entry.strip()]
    assert entries[:4] == ["1-0 pile", "w waste", "d deal", "f home"], entries


def test_a_dealt_card_is_said_as_done_not_as_a_command(tmp_path: Path) -> None:
    """ "Deal J♣" read like a command (or a deal's number)."""
    app = screens.forty_states()["playing"](tmp_path)
    app.press("d")
    assert app.controller.screen().status.startswith("Dealt ")


@pytest.mark.parametrize("columns", WIDTHS)
@pytest.mark.parametrize("game", ["2048", "dots", "forty-thieves"])
def test_a_launch_error_fits_the_terminal(
    game: str, columns: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new FILE in a missing folder: the one line broke at the edge
    ("...a-l" / "ong-name..."); on a terminal it now wraps at words, and
    piped it stays one whole line."""
    monkeypatch.chdir(tmp_path)
    path = str(tmp_path / "a-folder-with-a-long-name-for-games" / f"game.{game}")
    out, err = TerminalText(), TerminalText()
    environ = {"COLUMNS": str(columns), "XDG_DATA_HOME": str(tmp_path)}
    status = main(["--game", game, path], io.StringIO("q\n"), out, err, environ=environ)
    assert status == 2
    for line in err.getvalue().splitlines():
        assert len(line) <= columns - 1, line
    assert "does not exist" in " ".join(words(err.getvalue()))
    piped = io.StringIO()
    main(["--game", game, path], io.StringIO("q\n"), io.StringIO(), piped)
    assert piped.getvalue().count("\n") == 1 and path in piped.getvalue()
