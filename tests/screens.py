"""Every full screen of every game, in every state a player can open, as
apps ready to draw: the fit test (tests/test_fit.py) draws each one at
several terminal sizes; ``python -m tests.screens WIDTH HEIGHT`` prints
them all, to look at."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from gamestate.dots import CellT, GameBoardT
from gamestate.forty_thieves import BoardT, deal
from playmanager.dots.adapter import Dots
from playmanager.dots.tui import variant as dots_variant
from playmanager.dots.tui.app import App as DotsApp
from playmanager.dots.tui.controller import Controller as DotsController
from playmanager.forty_thieves.adapter import FortyThieves
from playmanager.forty_thieves.savefile import load as load_forty
from playmanager.forty_thieves.tui.controller import Controller as FortyController
from playmanager.forty_thieves.tui.view import App as FortyApp
from playmanager.screen.shell import ControllerApp, Span
from playmanager.session import Session
from playmanager.statistics import Tracker
from playmanager.twenty48.play2048 import start_game
from playmanager.twenty48.rules import JAVA
from playmanager.twenty48.tui.controller import new_controller
from playmanager.twenty48.tui.view import App as TwentyApp

from .forty_thieves_helpers import position

SAVES = Path(__file__).parent.parent / "saves"
LONG_FOLDER = "/home/someone/a/rather/long/folder/of/saved/games/for/this/test"
"""A save path as long as real ones get, for the status lines."""
HUGE_SEED = -(1 << 63)

Make = Callable[[Path], ControllerApp[Any]]


# ------------------------------------------------------------------ 2048
def twenty48(
    tmp: Path,
    keys: Sequence[str] = (),
    *,
    goal: int | None = 2048,
    board: list[list[int]] | None = None,
    rescued: str | None = None,
    save: str = "save.2048",
    seed: int = 118,
) -> TwentyApp:
    game = start_game(4, 4, seed, None)
    if board is not None:
        game.setBoard(board)
    controller = new_controller(
        game,
        rules=JAVA._replace(goal=goal),
        seed=seed,
        new_game=lambda seed: start_game(4, 4, seed, None),
        save_target=save,
        statistics_path=tmp / "statistics.json",
        loaded=False,
        rescue_folder=str(tmp / "rescued"),
        rescued=rescued,
    )
    for key in keys:
        controller.press(key)
    return TwentyApp(controller)


def _rescue(tmp: Path, name: str, text: str) -> str:
    path = tmp / name
    path.write_text(text)
    return str(path)


def twenty48_states() -> dict[str, Make]:
    full = [[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 8]]
    return {
        "playing": lambda tmp: twenty48(tmp),
        "help": lambda tmp: twenty48(tmp, "?"),
        "statistics": lambda tmp: twenty48(tmp, "anaS"),
        "win": lambda tmp: twenty48(
            tmp, "a", goal=8, board=[[4, 4, 0, 0], [0] * 4, [0] * 4, [0, 0, 0, 2]]
        ),
        "game-over": lambda tmp: twenty48(tmp, "", board=full),
        "quit": lambda tmp: twenty48(tmp, "aq"),
        "quit-read-only": lambda tmp: twenty48(tmp, "aq", save=_read_only(tmp)),
        "replace": lambda tmp: twenty48(tmp, "ao", save=_existing(tmp)),
        "resume": lambda tmp: twenty48(
            tmp, rescued=_rescue(tmp, "rescued-1.2048", _twenty48_save(tmp))
        ),
        "saved-long-path": lambda tmp: twenty48(
            tmp, "o", save=f"{_folder(tmp)}/save.2048"
        ),
        "long-seed": lambda tmp: twenty48(tmp, "n", seed=HUGE_SEED),
        "hint": lambda tmp: twenty48(tmp, "H"),
    }


def _twenty48_save(tmp: Path) -> str:
    app = twenty48(tmp / "x", "ao", save=str(tmp / "made.2048"))
    del app
    return (tmp / "made.2048").read_text()


def _existing(tmp: Path) -> str:
    path = tmp / f"{LONG_FOLDER.replace('/', '_')}.2048"
    (tmp / "x").mkdir(exist_ok=True)
    twenty48(tmp / "x", "do", save=str(path), seed=7)
    return str(path)


def _read_only(tmp: Path) -> str:
    """A 2048 save, in a long folder, that nobody may write."""
    path = Path(_folder(tmp)) / "ro.2048"
    (tmp / "x").mkdir(exist_ok=True)
    twenty48(tmp / "x", "do", save=str(path))
    path.chmod(0o444)
    return str(path)


def _folder(tmp: Path) -> str:
    folder = Path(str(tmp) + LONG_FOLDER)
    folder.mkdir(parents=True, exist_ok=True)
    return str(folder)


# ------------------------------------------------------------------ Dots
def dots(
    tmp: Path,
    keys: Sequence[str] = (),
    *,
    game: GameBoardT | None = None,
    rescued: str | None = None,
    save: str = "save.dots",
) -> DotsApp:
    game = game or GameBoardT(seed=5)
    session = Session(Dots(game.level), game, game.level.seed, save, loaded=False)
    controller = DotsController(
        session, rescue_folder=str(tmp / "rescued"), rescued=rescued
    )
    tracker = Tracker(tmp / "statistics.json", "dots")
    tracker.start(dots_variant(game.level), from_file=False)
    controller.follow(tracker)
    for key in keys:
        controller.press(key)
    return DotsApp(controller, round_dots=True)


RIGHT, DOWN, UP = "KEY_RIGHT", "KEY_DOWN", "KEY_UP"
TO_WIN = [UP, UP, UP, RIGHT, " ", RIGHT, " "]
"""From the middle to (0, 4), then a path of two reds (seed 5)."""


def dots_states() -> dict[str, Make]:
    return {
        "playing": lambda tmp: dots(tmp),
        "help": lambda tmp: dots(tmp, "?"),
        "statistics": lambda tmp: dots(
            tmp, [UP, UP, UP, RIGHT, " ", RIGHT, "\n", "n", "S"]
        ),
        "win": lambda tmp: dots(
            tmp, TO_WIN, game=GameBoardT(seed=5, objective=(CellT.R, 2))
        ),
        "game-over": lambda tmp: dots(
            tmp,
            [UP, " ", RIGHT, "\n"],
            game=GameBoardT(seed=5, moves=1),
        ),
        "quit": lambda tmp: dots(tmp, [UP, UP, UP, RIGHT, " ", RIGHT, "\n", "q"]),
        "resume": lambda tmp: dots(tmp, rescued=_dots_rescue(tmp)),
        "saved-long-path": lambda tmp: dots(tmp, "o", save=f"{_folder(tmp)}/save.dots"),
        "hint": lambda tmp: dots(tmp, "H"),
    }


def _dots_rescue(tmp: Path) -> str:
    path = tmp / "rescued-1.dots"
    dots(tmp, [UP, UP, UP, RIGHT, " ", RIGHT, "\n", "o"], save=str(path))
    return str(path)


# ------------------------------------------------------------------ Forty Thieves
def forty(
    tmp: Path,
    keys: Sequence[str] = (),
    *,
    board: BoardT | None = None,
    seed: int = 118,
    rescued: str | None = None,
    save: str = "save.forty-thieves",
) -> FortyApp:
    session = Session(
        FortyThieves(), board or BoardT(deal(seed)), seed, save, loaded=False
    )
    controller = FortyController(
        session, rescue_folder=str(tmp / "rescued"), rescued=rescued
    )
    tracker = Tracker(tmp / "statistics.json", FortyThieves.name)
    tracker.start("", from_file=False)
    controller.follow(tracker)
    for key in keys:
        controller.press(key)
    return FortyApp(controller, drawn=True)


def forty_states() -> dict[str, Make]:
    return {
        "playing": lambda tmp: forty(tmp),
        "help": lambda tmp: forty(tmp, "?"),
        "statistics": lambda tmp: forty(tmp, "dnS"),
        "win": lambda tmp: forty(
            tmp,
            "wf1f",
            board=load_forty(str(SAVES / "two_moves_from_winning.forty-thieves")).board,
        ),
        "game-over": lambda tmp: forty(
            tmp, board=load_forty(str(SAVES / "no_move_left.forty-thieves")).board
        ),
        "long-pile": lambda tmp: forty(tmp, board=position({1: "KH"}, rest=0)),
        "quit": lambda tmp: forty(tmp, "dq"),
        "resume": lambda tmp: forty(tmp, rescued=_forty_rescue(tmp)),
        "saved-long-path": lambda tmp: forty(
            tmp, "o", save=f"{_folder(tmp)}/save.forty-thieves"
        ),
        "hint": lambda tmp: forty(tmp, "H"),
    }


def _forty_rescue(tmp: Path) -> str:
    path = tmp / "rescued-1.forty-thieves"
    forty(tmp, "do", save=str(path))
    return str(path)


GAMES: dict[str, Callable[[], dict[str, Make]]] = {
    "2048": twenty48_states,
    "dots": dots_states,
    "forty-thieves": forty_states,
}


def all_screens() -> Iterator[tuple[str, str, Make]]:
    """(game, state, make) for every screen of every game."""
    for game, states in GAMES.items():
        for state, make in states().items():
            yield game, state, make


def painted(spans: list[Span], width: int, height: int) -> list[str]:
    """The screen's text, as curses would paint the spans."""
    page = [[" "] * width for _ in range(height)]
    for span in spans:
        for i, char in enumerate(span.text):
            if 0 <= span.row < height and 0 <= span.col + i < width:
                page[span.row][span.col + i] = char
    return ["".join(row).rstrip() for row in page]


def main() -> None:  # pragma: no cover (a tool to look with)
    import tempfile

    width, height = int(sys.argv[1]), int(sys.argv[2])
    only = sys.argv[3:]
    for game, state, make in all_screens():
        if only and game not in only and state not in only:
            continue
        with tempfile.TemporaryDirectory() as folder:
            app = make(Path(folder))
            page = painted(app.frame(width, height, colour=True), width, height)
        print(f"=== {game} {state} {width}x{height}")
        print("+" + "-" * width + "+")
        for line in page:
            print(f"|{line:<{width}}|")
        print("+" + "-" * width + "+")


if __name__ == "__main__":
    main()
