"""One voice (issue 29 finding 17): the three games say the same things
in the same words, in the full screens and the line modes, as sentences,
with numbers in the right grammatical number."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from playmanager import messages
from playmanager.cli import main
from playmanager.storage import SaveFileError
from playmanager.twenty48.savefile import parse_save
from tests.test_controls import full_screens
from tests.test_statistics_screens import a_level_won_by_the_hint, dots


@given(st.integers(min_value=0, max_value=10**6))
def test_counts_agree_with_their_number(number: int) -> None:
    said = messages.count(number, "move")
    assert said == (f"{number} move" if number == 1 else f"{number} moves")
    undone = messages.undone(number)
    assert undone.startswith("Undone; ") and " 0 " not in f" {undone} "
    assert ("1 more step to undo" in undone) == (number == 1)


def run(game: str, keys: str, tmp_path: Path, *args: str) -> str:
    out = io.StringIO()
    main(["--game", game, "--seed", "5", *args], io.StringIO(keys), out, io.StringIO())
    return out.getvalue()


@pytest.mark.parametrize("game", ["forty-thieves", "dots"])
def test_the_line_modes_say_the_same_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    monkeypatch.chdir(tmp_path)
    out = run(game, "fly\nA 1\n?\nq\nn\n", tmp_path)
    assert "Unknown command 'fly': ? lists the commands.\n" in out
    assert "Autoplay played 1 move\n" in out  # not "1 moves"
    autoplay_help = [
        line for line in out.splitlines() if line.startswith("  A or auto")
    ]
    assert autoplay_help == [
        "  A or auto     autoplay: A N plays N moves (20 without N)"
    ]
    assert "any key stops" not in out  # a line mode takes A N, not a key


def test_a_refusal_in_a_line_mode_is_a_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    out = run("forty-thieves", "w 1\nq\n", tmp_path)
    assert "> The waste is empty" in out
    out = run("dots", "9\nq\n", tmp_path)
    assert "> Row 9 has no column: " in out


def test_forty_thieves_n_says_new_deal_as_its_header_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert "> New deal 6 (u brings the last one back)\n" in run(
        "forty-thieves", "n\nq\n", tmp_path
    )
    controller = full_screens(tmp_path)["forty-thieves"]
    controller.press("n")
    assert controller.status == "New deal 119 (u brings the last one back)"


def test_forty_thieves_help_says_new_deal_as_its_status_line_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its shared help said "new game (the next seed)" where ``n`` says
    "New deal N": every help of Forty Thieves names deals, the others seeds."""
    monkeypatch.chdir(tmp_path)
    screens = full_screens(tmp_path)
    for game, controller in screens.items():
        controller.press("?")
        overlay = controller.overlay()
        assert overlay is not None
        text = " ".join(" ".join(overlay.lines).split())
        deals = game == "forty-thieves"
        assert ("n new deal (the next deal number)" in text) == deals, game
        assert ("n new game (the next seed)" in text) != deals, game
    line_help = run("forty-thieves", "?\nq\n", tmp_path)
    assert "  n or new      new deal (the next deal number)\n" in line_help
    assert "next seed" not in line_help
    assert "new game (the next seed)" in run("dots", "?\nq\n", tmp_path)
    out = io.StringIO()
    main(["--game", "forty-thieves", "--help"], io.StringIO(), out, io.StringIO())
    assert "next seed" not in out.getvalue()
    assert squeezed_count(out.getvalue(), "new deal (the next deal number)") == 2


def squeezed_count(text: str, words: str) -> int:
    return " ".join(text.split()).count(words)


def test_every_game_says_you_win(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from playmanager.forty_thieves import text

    assert text.WON.startswith("You win! ")
    level = a_level_won_by_the_hint()
    controller = dots(tmp_path, level)
    controller.press("A")
    controller.autoplay_step()
    overlay = controller.overlay()
    assert overlay is not None and overlay.title == "You win!"
    # the autoplay line does not stay under the win
    assert not controller.status.startswith("Autoplay")


def test_statistics_before_any_game_say_when_one_counts(tmp_path: Path) -> None:
    controller = dots(tmp_path, a_level_won_by_the_hint())
    controller.press("S")
    overlay = controller.overlay()
    assert overlay is not None
    text = " ".join(overlay.lines)
    assert "No game counted yet" in text and "counts when it ends" in text


def test_a_first_line_of_three_numbers_is_reported_on_line_1() -> None:
    with pytest.raises(SaveFileError) as raised:
        parse_save("4 4 4\n0\n", "x.2048")
    assert raised.value.line == 1
    assert "the first line should be the rows and the columns" in str(raised.value)
    with pytest.raises(SaveFileError) as later:
        parse_save("\n\n4 4 4\n0\n", "x.2048")
    assert later.value.line == 3
    assert parse_save("2\n2\n0\n0 0\n0 2\n", "x.2048").score == 0  # Java reads it


@pytest.mark.parametrize("game", ["2048", "forty-thieves", "dots"])
def test_help_lists_the_statistics_key_of_the_full_screen(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = io.StringIO()
    main(["--game", game, "--help"], io.StringIO(), out, io.StringIO())
    full_screen = out.getvalue().split("keys in the full screen")[1]
    assert any(
        line.split()[:2] == ["S", "statistics:"] for line in full_screen.splitlines()
    )


def test_messages_are_sentences() -> None:
    said = [
        messages.NOTHING_TO_UNDO,
        messages.NO_HINT,
        messages.KEEP_PLAYING,
        messages.AUTOPLAY_ON,
        messages.AUTOPLAY_STOPPED,
        messages.AUTOPLAY_DONE,
        messages.WIN,
        messages.saved("f"),
        messages.not_saved("f", "why"),
        messages.undone(2),
        messages.new_game(1),
        messages.new_deal(1),
        messages.autoplayed("up"),
        messages.autoplayed_moves(3),
        messages.rescue_discarded("f"),
        messages.rescue_left("f"),
        messages.rescue_question("f", "a game", "today at 05:00")[0],
    ]
    assert all(line[:1].isupper() for line in said), said


def page(name: str) -> str:
    text = (Path(__file__).parent.parent / "docs" / "play" / name).read_text()
    return " ".join(text.split())


def test_the_docs_quote_the_catalogue() -> None:
    """The same words on the page as on the screen."""
    from playmanager.screen.modal import Resume
    from playmanager.statistics import Statistics, text_table

    controls = page("controls.md")
    for said in (
        messages.WIN,
        messages.undone(2),
        messages.NOTHING_TO_UNDO,
        messages.autoplayed_moves(1),
        messages.unknown_command("x"),
        messages.new_deal(0).split(" 0")[0],
        messages.ended_keys("game"),
    ):
        assert f"`{said}" in controls, said
    safe = page("saves-are-safe.md")
    for answer in Resume:
        assert answer.value in safe, answer
    assert messages.overwrite_question("a.forty-thieves", "X").split("(")[0] in safe
    empty = " ".join(text_table(Statistics(), {"dots": ""}))
    assert empty in page("statistics.md")


def test_a_level_of_one_move_is_named_in_the_singular() -> None:
    """The statistics' row of ``--moves 1`` read "1 moves"."""
    from gamestate.dots import CellT
    from gamestate.dots.board import Level
    from playmanager.dots.tui import variant

    assert variant(Level(seed=5, moves=1, objective=(CellT.R, 2))) == "1 move, 2 R"
    assert variant(Level(seed=5, moves=2, objective=(CellT.R, 1))) == "2 moves, 1 R"


def test_both_line_modes_end_a_game_with_the_same_keys_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dots said "n plays again, u undoes, o saves, q quits.", Forty
    Thieves "No move left: u undoes a move, n deals anew, q quits."."""
    monkeypatch.chdir(tmp_path)
    saves = Path(__file__).parent.parent / "saves"
    stuck = str(saves / "no_move_left.forty-thieves")
    forty = io.StringIO()
    main([stuck], io.StringIO("q\n"), forty, io.StringIO())
    dots_out = run("dots", "A 99\nq\nn\n", tmp_path, "--moves", "1")
    for out, noun in ((forty.getvalue(), "deal"), (dots_out, "game")):
        line = f"n starts a new {noun}, u undoes, o saves, q quits.\n"
        assert messages.ended_keys(noun) + "\n" == line
        assert line in out
