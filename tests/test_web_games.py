"""The web's game objects on the shared sessions, without a server: what
they send the page agrees with the models, and a dump restores a game
exactly."""

from __future__ import annotations

import itertools
import re
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamestate import Direction, GameState
from gamestate.dots import GameBoardT
from gamestate.forty_thieves import BoardT, fair
from gamestate.forty_thieves.moves import DeckMove
from playmanager.forty_thieves import savefile as ft_savefile
from playmanager.options import DRAWN
from playmanager.web.games import GAME_KINDS, RefusedError, WebGame
from playmanager.web.games.dots import DotsGame, DotsPath, fall_distances
from playmanager.web.games.forty_thieves import (
    CardMove,
    FortyThievesGame,
    spoken_card,
)
from playmanager.web.games.twenty48 import Slide, Twenty48Game, tile_motion


def autoplay(game: WebGame) -> object:
    """Play the game's hint, as the server's autoplay does; return it."""
    found = game.hint()
    if found is not None:
        game.play(found[0])
    return found


SAVES = Path(__file__).resolve().parent.parent / "saves"
tiles = st.sampled_from([0, 0, 0, 2, 2, 4, 4, 8, 16])
boards = st.integers(1, 6).flatmap(
    lambda rows: st.integers(1, 6).flatmap(
        lambda cols: st.lists(
            st.lists(tiles, min_size=cols, max_size=cols), min_size=rows, max_size=rows
        )
    )
)


class SlideOnly(GameState):
    """A game whose moves add no tile: its board after a move is the slide's."""

    def addTile(self) -> int:
        return 0


def slid(board: list[list[int]], direction: Direction) -> list[list[int]]:
    """The board after the model slides ``board`` towards ``direction``."""
    game = SlideOnly(len(board), len(board[0]))
    game.setBoard(board)
    game.move(direction)
    return game.getBoard()


@given(boards, st.sampled_from(list(Direction)))
def test_the_slide_animation_lands_every_tile_where_the_model_puts_it(
    board: list[list[int]], direction: Direction
) -> None:
    motion = tile_motion(board, direction)
    landed = [[0] * len(board[0]) for _ in board]
    for (fr, fc), (tr, tc) in motion:
        landed[tr][tc] += board[fr][fc]
    assert landed == slid(board, direction)
    assert len(motion) == sum(value != 0 for row in board for value in row)


@given(st.integers(0, 2**40), st.booleans())
def test_dots_fall_distances_say_where_each_dot_came_from(
    seed: int, squares: bool
) -> None:
    game = DotsGame.new({"seed": seed, "squares": squares, "moves": 5})
    found = game.hint()
    if found is None:
        return
    before = game.game.get_boardT()
    game.play(found[0])
    assert game.last is not None
    after = game.game.get_boardT()
    fall = game.last["fall"]
    cleared = {tuple(cell) for cell in game.last["cleared"]}
    assert fall == fall_distances(frozenset(cleared))
    for r in range(6):
        for c in range(6):
            origin = r - fall[r][c]
            if origin >= 0:  # an old dot that fell: the same colour
                assert (origin, c) not in cleared
                assert after[r][c] == before[origin][c]


@pytest.mark.parametrize("kind", list(GAME_KINDS))
def test_a_dump_restores_the_game_exactly_and_goes_on_alike(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # One instant for the whole test: a running clock's elapsed time is read
    # at each dump, so two dumps a millisecond apart would differ in it.
    now = time.time()
    monkeypatch.setattr(time, "time", lambda: now)
    game = GAME_KINDS[kind].new({"seed": 42})
    for _ in range(3):
        autoplay(game)
    copy = GAME_KINDS[kind].restore(game.dump())
    assert copy.view() == game.view() and copy.save_text() == game.save_text()
    for _ in range(2):  # the same random draws afterwards
        assert autoplay(game) == autoplay(copy)
    assert copy.dump() == game.dump()


def test_undo_is_the_sessions_and_takes_back_the_marks() -> None:
    game = Twenty48Game.new({"seed": 8})
    start = game.dump()
    autoplay(game)
    assert game.session.undo_depth == 1
    assert game.undo()
    game.restore_marks(start)
    assert game.dump() == start
    assert not game.undo()


@pytest.mark.parametrize(
    ("game", "intent", "field", "message"),
    [
        (Twenty48Game, DotsPath(((0, 0), (0, 1))), "intent", "this game is 2048"),
        (Twenty48Game, Slide("sideways"), "direction", "the direction must be"),
        (FortyThievesGame, CardMove("f0", "t1"), "source", "stays there"),
        (FortyThievesGame, CardMove("deck", "t1"), "target", "goes to the waste"),
        (FortyThievesGame, CardMove("t1", "deck"), "target", "tableau pile or a"),
        (FortyThievesGame, CardMove("t12", "t1"), "source", "t0 to t9"),
        (DotsGame, DotsPath(((0, 0),)), "path", "at least 2 dots"),
        (DotsGame, DotsPath(((0, 0), (0, 9))), "path", "(0,9)"),
    ],
)
def test_refusals_name_the_field_and_change_nothing(
    game: type, intent: object, field: str, message: str
) -> None:
    made = game.new({"seed": 3})
    before = made.dump()
    with pytest.raises(RefusedError) as refused:
        made.play(intent)
    assert refused.value.field == field and message in refused.value.message
    assert made.dump() == before


@pytest.mark.parametrize(
    "name",
    ["midgame.2048", "in_progress.forty-thieves", "square_ready.dots", "fresh.dots"],
)
def test_a_save_loads_and_saves_back_as_the_terminal_writes_it(name: str) -> None:
    text = (SAVES / name).read_text()
    kind = next(k for k in GAME_KINDS.values() if name.endswith("." + k.extension))
    if kind is FortyThievesGame:  # the terminal writes a format 1 save back as 2
        text = ft_savefile.dumps(*ft_savefile.loads(text, name))
        assert text.startswith("forty-thieves save 2\n")
    assert kind.load(text, name).save_text() == text


def test_a_2048_save_loads_with_the_terminals_seed() -> None:
    text = (SAVES / "midgame.2048").read_text()
    game = Twenty48Game.load(text, "midgame.2048")
    expected = GameState(4, 4, seed=118)
    assert (
        game.session.seed == 118 and game.game.rng.getstate() == expected.rng.getstate()
    )


def test_a_dots_load_counts_the_moves_already_made() -> None:
    game = DotsGame.load((SAVES / "last_move.dots").read_text(), "last_move.dots")
    model: GameBoardT = game.game
    assert game.moves == model.level.moves - model.get_moves()


def test_a_new_forty_thieves_deal_has_a_readable_number() -> None:
    assert FortyThievesGame.new({}).session.seed in DRAWN
    assert FortyThievesGame.new({"seed": -5}).session.seed == -5


def test_the_forty_thieves_hint_is_the_fair_one_and_never_names_the_deck_s_top(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[BoardT] = []

    def deal_one(board: BoardT, **options: object) -> fair.Decision:
        """The fair decision (which the hint reaches through ``decide``, with
        the positions seen), stubbed: it always deals."""
        seen.append(board.copy())
        return fair.Decision(DeckMove(), ())

    monkeypatch.setattr(fair, "decide", deal_one)
    game = FortyThievesGame.new({"seed": 118})
    assert game.hint() == (CardMove("deck", "waste"), "deal a card")  # no card named
    assert seen == [game.board]
    assert autoplay(game) is not None  # autoplay plays the fair hint too
    assert len(seen) == 2 and game.board.get_waste().size() == 1


@pytest.mark.parametrize("seed", [1, 7, 118])
def test_words_count_rows_and_piles_from_1_and_read_cards_aloud(seed: int) -> None:
    """One convention for people, as the page's accessible names: the
    API's pointers count from 0, its words from 1."""
    dots = DotsGame.new({"seed": seed})
    found = dots.hint()
    assert found is not None
    path, words = found
    assert words == "join " + ", ".join(
        f"row {r + 1} column {c + 1}" for r, c in path.path
    )
    thieves = FortyThievesGame.new({"seed": seed})
    for _ in range(6):
        found = thieves.hint()
        assert found is not None
        move, words = found
        if move.source.startswith("t"):
            number = int(move.source[1:]) + 1
            assert f" from tableau {number} " in words
            assert " of " in words.split(" from ")[0]  # "7 of hearts", never "7H"
        if move.target.startswith("f"):
            assert words.endswith(f"to foundation {int(move.target[1:]) + 1}")
        thieves.play(move)
        assert thieves.last is not None and thieves.last["words"]


@given(seed=st.integers(0, 2**40))
def test_forty_thieves_says_cards_in_words_and_the_card_a_move_uncovers(
    seed: int,
) -> None:
    """On any deal: no card code ("8D") in a refusal or in a move's words,
    and a move from a tableau pile names the card it left on top."""
    game = FortyThievesGame.new({"seed": seed})
    code = re.compile(r"\b(10|[2-9AJQK])[SHDC]\b")
    for source, target in itertools.product(range(10), range(10)):
        try:
            game.play(CardMove(f"t{source}", f"t{target}"))
        except RefusedError as error:
            assert not code.search(error.message), error.message
            continue
        assert game.last is not None and not code.search(game.last["words"])
        pile = list(game.board.get_tab(source))
        uncovered = (
            f"; {spoken_card(pile[-1])} is uncovered"
            if pile
            else "; the pile it left is empty"
        )
        assert game.last["words"].endswith(uncovered), game.last["words"]
        return
