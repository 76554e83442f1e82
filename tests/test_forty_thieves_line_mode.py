"""The Forty Thieves line mode through playmanager.cli.main: keys in, exact
output out; commands, refusals, undo, save, load, win, no move left, end
of input and bad command lines."""

from __future__ import annotations

import io
import os
import re
import shlex
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamestate.forty_thieves import BoardT, CategoryT, deal
from gamestate.forty_thieves.moves import DeckMove, Move, TabMove, WasteMove
from playmanager import messages, terminal
from playmanager.cli import main
from playmanager.forty_thieves import text
from playmanager.forty_thieves.adapter import NO_SAFE_CARD, FortyThieves
from playmanager.forty_thieves.commands import (
    Action,
    FromFoundation,
    ToFoundation,
    command_text,
    parse,
)
from playmanager.forty_thieves.line_mode import LineGame
from playmanager.forty_thieves.savefile import load
from playmanager.session import Session
from tests.pty_terminal import Terminal as PtyTerminal
from tests.test_terminal import FakeTerminal as Terminal

from .test_forty_thieves_deal import java_deals

SAVES = Path(__file__).parent.parent / "saves"
GAME = ["--game", "forty-thieves"]
T, F = CategoryT.Tableau, CategoryT.Foundation
DEAL_118 = dict(java_deals())[118].split()
"""Deal 118 as Java's Collections.shuffle makes it (tests/data/forty_thieves)."""


def run(argv: list[str], keys: str, cwd: Path | None = None) -> tuple[int, str, str]:
    """Run the command line with ``keys`` as input; (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    old = os.getcwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        status = main(argv, stdin=io.StringIO(keys), stdout=out, stderr=err)
    finally:
        os.chdir(old)
    return status, out.getvalue(), err.getvalue()


def cell(text: str) -> str:
    return text.rjust(6)


def fresh_board(cards: list[str], deck: int = 64, waste: str = "--") -> str:
    """The board of a deal before any tableau move, as the README shows it:
    foundation tops, deck count, waste top; then pile i in column i, the
    deal's cards 4i..4i+3 from the bottom down."""
    labels = [f"f{n}" for n in range(1, 9)] + ["deck", "waste"]
    tops = ["--"] * 8 + [str(deck), waste]
    rows = [row(labels), row(tops), ""]
    rows.append(row(str(n) for n in range(1, 11)))
    for depth in range(4):
        rows.append(row(cards[4 * pile + depth] for pile in range(10)))
    return "\n" + "\n".join(rows) + "\n"


def row(cells: Iterable[str]) -> str:
    """Ten columns of six, less the first column's first: 59 columns, so
    that a 60-column terminal does not wrap them (issue 36)."""
    return "".join(map(cell, cells))[1:]


# --- transcripts ---------------------------------------------------------


def test_a_new_deal_prints_its_number_and_board_then_quits() -> None:
    status, out, err = run([*GAME, "--seed", "118"], "q\n")
    assert status == 0 and err == ""
    assert out == (
        "Forty Thieves, deal 118 (--seed 118 deals it again). ? lists the commands.\n"
        + fresh_board(DEAL_118)
        + "> "
    )


def test_moves_refusals_and_undo() -> None:
    keys = "d\n1 2\n3 7\nu\nu\nu\n"
    status, out, _ = run([*GAME, "--seed", "118"], keys)
    assert status == 0
    after_deal = fresh_board(DEAL_118, deck=63, waste=DEAL_118[-1])
    moved = after_deal.split("\n")
    # 3S (the top of pile 3) goes onto 4S (the top of pile 7): pile 3 is
    # left three cards high and 3S hangs one row below pile 7's cards.
    moved[8] = moved[8][:11] + " " * 6 + moved[8][17:]
    moved.insert(9, " " * 35 + cell("3S"))
    assert DEAL_118[11] == "3S" and DEAL_118[27] == "4S"
    assert out == (
        "Forty Thieves, deal 118 (--seed 118 deals it again). ? lists the commands.\n"
        + fresh_board(DEAL_118)
        + "> "
        + after_deal
        + "> 7C cannot go on 3C: tableau piles build down in suit\n"
        + "> "
        + "\n".join(moved)
        + "> Undone; 1 more step to undo\n"
        + after_deal
        + "> Undone; nothing more to undo\n"
        + fresh_board(DEAL_118)
        + "> Nothing to undo\n"
        + "> \n"
    )


HELP = "\n".join(text.help_lines()) + "\n"


def test_a_line_that_is_no_command_says_so_and_help_lists_them() -> None:
    status, out, _ = run([*GAME, "--seed", "1"], "jump\n37\n?\nhelp\nHELP\n\n")
    assert status == 0
    assert "> Unknown command 'jump': ? lists the commands.\n" in out
    assert "> Unknown command '37': ? lists the commands.\n" in out
    assert out.count(HELP) == 3
    assert "  3 7" in HELP
    assert "  q or quit     quit (asks to save unsaved play; so do Ctrl-C and Ctrl-D)" in out
    assert out.endswith("> > \n")  # an empty line does nothing


def test_a_foundation_as_the_source_says_why_in_one_line() -> None:
    """Not the help: the command is clear, the rules refuse it (as the full
    screen says, in the same words)."""
    status, out, _ = run([*GAME, "--seed", "118"], "f1 2\nF 7\nf2f3\n")
    assert status == 0
    refusal = "> " + text.FOUNDATION_STAYS + "\n"
    assert out.endswith(refusal * 3 + "> \n")
    assert HELP not in out
    assert text.FOUNDATION_STAYS.startswith("Cards on a foundation stay there")


def test_the_end_of_input_quits_with_status_zero() -> None:
    status, out, _ = run([*GAME, "--seed", "2"], "d\nd")
    assert status == 0
    assert out.endswith("> \n")


QUESTION = (
    "Save to save.forty-thieves before quitting? y saves and quits, n quits, "
    "c\nkeeps playing: "
)
"""The quit question, wrapped to 79 columns as every line mode's messages,
its last line keeping a column for the cursor (issue 36)."""


def flat(text: str) -> str:
    """``text`` with its line breaks and runs of spaces as single spaces: a
    message naming a long path wraps at 79 columns."""
    return " ".join(text.split())


def test_quit_with_unsaved_moves_asks_as_every_game_does(tmp_path: Path) -> None:
    status, out, _ = run([*GAME, "--seed", "3"], "d\nq\nn\nd\n", cwd=tmp_path)
    assert status == 0
    assert out.endswith("> " + QUESTION)  # n quit: the last d was never read
    status, out, _ = run([*GAME, "--seed", "3"], "d\nq\nc\nd\nq\ny\n", cwd=tmp_path)
    assert out.count(QUESTION) == 2
    assert "Keep playing\n" in out
    assert out.endswith("Saved to save.forty-thieves\n")
    assert load(str(tmp_path / "save.forty-thieves")).board.get_deck().size() == 62


def test_save_writes_the_file_and_quit_needs_no_confirmation(tmp_path: Path) -> None:
    path = tmp_path / "game.forty-thieves"
    status, out, _ = run([*GAME, "--seed", "4", str(path)], "d\nd\no\nq\n")
    assert status == 0
    assert f"{path} does not exist yet: a new deal, o saves there." in flat(out)
    assert flat(out).endswith(f"> Saved to {path} >")
    board = BoardT(deal(4))
    board.deck_mv()
    board.deck_mv()
    assert load(str(path)) == (board, 4)


def test_without_file_the_game_saves_to_the_default_file(tmp_path: Path) -> None:
    status, out, _ = run([*GAME, "--seed", "5"], "save\n", cwd=tmp_path)
    assert status == 0
    assert "Saved to save.forty-thieves\n" in out
    assert load(str(tmp_path / "save.forty-thieves")) == (BoardT(deal(5)), 5)


def test_a_failed_save_says_why_and_play_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "missing" / "game.forty-thieves"  # refused at launch as FILE
    status, out, err = run([*GAME, "--seed", "6"], f"o {path}\nd\n")
    assert status == 0
    assert err == f"playmanager: Not saved to {path}: the folder {path.parent} does not exist\n"
    assert "deck waste" in out.split("> ")[-2]  # the deal was still made


def test_a_save_file_names_its_game(tmp_path: Path) -> None:
    path = tmp_path / "near.forty-thieves"
    path.write_bytes((SAVES / "two_moves_from_winning.forty-thieves").read_bytes())
    status, out, _ = run([str(path)], "w f\n1 f\n")
    assert status == 0
    assert flat(out).startswith(f"Loaded {path} (deal 0). ? lists the commands. ")
    assert out.endswith(text.WON + messages.ended_keys("deal") + "\n> \n")
    assert "f4" in out and "QS" in out


def test_no_move_left_is_said_and_undo_or_quit_remain() -> None:
    status, out, _ = run([str(SAVES / "no_move_left.forty-thieves")], "d\nq\n")
    assert status == 0
    assert text.NO_MOVE_LEFT + "n starts a new deal, u undoes, o saves, q quits.\n" in out
    assert "The deck is empty (Forty Thieves deals the deck only once)\n" in out


def test_a_bad_save_file_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.forty-thieves"
    path.write_text("forty-thieves save 1\nseed: x\n")
    status, out, err = run([str(path)], "q\n")
    assert status == 2 and out == ""
    assert err == (
        f"playmanager: cannot load {path}: line 2: the seed must be a whole number "
        "(a Java long), got 'x'\n"
    )
    assert path.read_text() == "forty-thieves save 1\nseed: x\n"


def test_seed_with_an_existing_file_is_a_usage_error(tmp_path: Path) -> None:
    status, _, err = run([*GAME, "--seed", "3", str(SAVES / "fresh.forty-thieves")], "")
    assert status == 2
    assert "--seed only chooses a new deal, but" in err


def test_a_2048_save_is_not_a_forty_thieves_game() -> None:
    status, _, err = run([*GAME, str(SAVES / "fresh.2048")], "")
    assert status == 2
    assert err == (
        f"playmanager: {SAVES / 'fresh.2048'} holds a game of 2048, not "
        "forty-thieves; leave out --game or use --game 2048\n"
    )


def test_random_seed_is_printed_and_replays_the_deal() -> None:
    _, out, _ = run([*GAME, "--seed", "random"], "q\n")
    seed = int(out.split("deal ")[1].split(" ")[0])
    _, again, _ = run([*GAME, "--seed", str(seed)], "q\n")
    assert again == out
    _, default, _ = run(GAME, "q\n")
    assert default.startswith("Forty Thieves, deal ")


def test_help_option_lists_the_commands() -> None:
    status, out, _ = run([*GAME, "--help"], "")
    assert status == 0
    assert "--seed N" in out and "3 f" in out


class Hinted(FortyThieves):
    """Forty Thieves whose hints are given in advance."""

    def __init__(self, hints: list[Move | None]) -> None:
        super().__init__()
        self.hints = hints

    def hint_onward(self, model: BoardT, earlier: Sequence[BoardT]) -> Move | None:
        return self.hints.pop(0)


def test_the_hint_is_printed_as_a_command_and_in_words(tmp_path: Path) -> None:
    adapter = Hinted([TabMove(T, 2, 6), None])
    session = Session(adapter, adapter.new_model(118), 118, "unused", loaded=False)
    out = io.StringIO()
    game = LineGame(
        session,
        stdin=io.StringIO("H\nhint\n"),
        stdout=out,
        stderr=io.StringIO(),
        rescue_folder=str(tmp_path),
    )
    assert game.play() == 0
    assert (
        "> Hint: 3 7 (3S from tableau 3 to tableau 7)\n"
        # no hint where moves that repeat nothing are left: none leads to progress
        "> Hint: no move brings a card home or opens the stock\n" in out.getvalue()
    )


def test_the_hint_comes_from_the_solver() -> None:
    near = str(SAVES / "two_moves_from_winning.forty-thieves")
    status, out, _ = run([near], "H\n")
    assert status == 0
    hints = (
        "> Hint: w f4 (KS from waste to foundation 4)\n",
        "> Hint: 1 f1 (KH from tableau 1 to foundation 1)\n",
    )
    assert any(hint in out for hint in hints)
    status, out, _ = run([str(SAVES / "no_move_left.forty-thieves")], "H\n")
    assert "> " + messages.NO_HINT + "\n" in out


# --- cards, commands -------------------------------------------------------


@pytest.mark.parametrize(
    ("stream", "environ", "locale_encoding", "seven_of_spades"),
    [
        (Terminal("utf-8"), {}, "UTF-8", "7\u2660"),
        # NO_COLOR takes colours away, never symbols (it used to give 7S)
        (Terminal("utf-8"), {"NO_COLOR": "1"}, "UTF-8", "7\u2660"),
        (Terminal("utf-8"), {"NO_COLOR": ""}, "UTF-8", "7\u2660"),  # empty: no effect
        (Terminal("ascii"), {}, "UTF-8", "7S"),
        (Terminal("latin-1"), {}, "UTF-8", "7S"),
        (Terminal("no-such-codec"), {}, "UTF-8", "7S"),
        (io.StringIO(), {}, "UTF-8", "7S"),  # a pipe or a file
        # LC_ALL=C: Python's UTF-8 mode writes UTF-8, the locale is ASCII
        (Terminal("utf-8"), {}, "ANSI_X3.4-1968", "7S"),
        (Terminal("utf-8"), {}, "ISO-8859-1", "7S"),
    ],
)
def test_suit_symbols_only_where_they_show(
    stream: io.StringIO,
    environ: dict[str, str],
    locale_encoding: str,
    seven_of_spades: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from gamestate.forty_thieves import CardT, SuitT

    monkeypatch.setattr(terminal, "locale_encoding", lambda: locale_encoding)
    card_text = text.card_style(terminal.detect(environ, stream))
    assert card_text(CardT(SuitT.Spade, 7)) == seven_of_spades


@pytest.mark.parametrize(
    ("stream", "seven", "eight", "eight_hearts"),
    [
        (Terminal("utf-8"), "7\u2660", "8\u2660", "8\u2665"),
        (io.StringIO(), "7S", "8S", "8H"),
    ],
)
def test_the_help_names_cards_as_the_board_writes_them(
    stream: io.StringIO,
    seven: str,
    eight: str,
    eight_hearts: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The rules said "7S goes on 8S" under a board of 7\u2660s."""
    monkeypatch.setattr(terminal, "locale_encoding", lambda: "UTF-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    main([*GAME, "--seed", "118"], io.StringIO("?\nq\n"), stream, io.StringIO())
    board, help_text = stream.getvalue().split("> ", 1)
    suits = set(re.findall(r"(?:10|[2-9AJQK])(\S)(?=\s)", board))
    assert {seven[-1], eight_hearts[-1]} <= suits  # the board writes them so
    assert f": {seven} goes on {eight}, never on {eight_hearts}.\n" in help_text


def test_a_terminal_in_the_c_locale_gets_letters(tmp_path: Path) -> None:
    """On a real pty with LC_ALL=C (Python's UTF-8 mode, an ASCII locale)
    the line mode writes ASCII only: the cards as letters."""
    command = [sys.executable, "-m", "playmanager", *GAME, "--seed", "118"]
    env = {"LC_ALL": "C", "LANG": "C"}
    term = PtyTerminal(shlex.join(command), tmp_path, rows=30, cols=80, env=env)
    screen = term.wait_for("deal 118", "\n> ")
    board = BoardT(deal(118))
    top_cards = " ".join(str(board.get_tab(n).top()) for n in range(10))
    assert top_cards in " ".join(screen.split())
    term.press("3 7\n")  # 3S onto 4S: the board again, then the prompt
    term.wait_until(lambda _screen: term.raw.count(b"\n> ") == 2, "the board again")
    term.press("q\n")
    term.press("n\n")
    assert term.wait_for_exit() == 0
    assert term.raw.isascii()


@pytest.mark.parametrize(
    ("line", "command"),
    [
        ("d", DeckMove()),
        (" D ", DeckMove()),
        ("3 7", TabMove(T, 2, 6)),
        ("10  1", TabMove(T, 9, 0)),
        ("3f", ToFoundation(2)),
        ("3 F", ToFoundation(2)),
        ("3 f2", TabMove(F, 2, 1)),
        ("wf", ToFoundation(None)),
        ("w f8", WasteMove(F, 7)),
        ("w7", WasteMove(T, 6)),
        ("W 10", WasteMove(T, 9)),
        ("11 3", TabMove(T, 10, 2)),  # parsed: the rules say there is no tableau 11
        ("a", Action.SAFE),
        ("A", Action.SAFE),  # the line mode reads A as autoplay before parse
        ("u", None),  # the shared controls are read before parse
        ("s", None),
        ("f1 2", FromFoundation(0)),
        ("F8 w", None),  # the waste is never a target
        ("f 10", FromFoundation(None)),
        ("f2f3", FromFoundation(1)),
        ("f1 f", FromFoundation(0)),
        ("f12", None),
        ("37", None),  # 3 7 or 37? ask for a space
        ("110", None),
        ("f3", None),
        ("3 f10", None),
        ("3 7 1", None),
        ("", None),
        ("dd", None),
        ("w w", None),
    ],
)
def test_parse(line: str, command: object) -> None:
    assert parse(line) == command


tableau, foundations = st.integers(0, 9), st.integers(0, 7)
moves = st.one_of(
    st.builds(TabMove, st.just(T), tableau, tableau),
    st.builds(TabMove, st.just(F), tableau, foundations),
    st.builds(WasteMove, st.just(T), tableau),
    st.builds(WasteMove, st.just(F), foundations),
    st.just(DeckMove()),
)


@given(moves)
def test_command_text_is_what_parse_reads(move: Move) -> None:
    assert parse(command_text(move)) == move


def test_a_plays_every_safe_card_and_undo_takes_them_back() -> None:
    status, out, _ = run([str(SAVES / "two_moves_from_winning.forty-thieves")], "a\n")
    assert status == 0
    assert "> 2 cards to the foundations.\n" in out
    assert out.endswith(text.WON + messages.ended_keys("deal") + "\n> \n")
    # in_progress: the Ace of Clubs on the waste is safe, nothing after it
    status, out, _ = run([str(SAVES / "in_progress.forty-thieves")], "a\nu\na\na\n")
    assert "> 1 card to the foundations.\n" in out
    assert "> Undone; nothing more to undo\n" in out
    assert out.endswith("> " + NO_SAFE_CARD + "\n> \n")
