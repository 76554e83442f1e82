"""Every full screen fed what a terminal may send, through the shell's
decoder (hypothesis): sequences it does not know never play a move, and
mouse reports anywhere (SGR and X10; presses, drags, releases, wheels)
never break a game. The pty tests (test_terminal_input_end_to_end.py)
show the same on a real terminal under three TERMs."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playmanager.dots.tui.app import App as DotsApp
from playmanager.forty_thieves.tui.view import App as FortyThievesApp
from playmanager.screen.input import Decoder
from playmanager.screen.shell import ControllerApp, deliver
from playmanager.twenty48.tui.view import App as TwentyFortyEightApp
from tests.test_dots_tui_controller import make as dots_controller
from tests.test_forty_thieves_tui import controller as forty_thieves_controller
from tests.test_tui_controller import make as twenty48_controller

NOWHERE = Path("/nonexistent")
WIDTH, HEIGHT = 100, 32

AppMaker = Callable[[], ControllerApp]  # type: ignore[type-arg]
APPS: dict[str, AppMaker] = {
    "2048": lambda: TwentyFortyEightApp(twenty48_controller(NOWHERE)),
    "forty-thieves": lambda: FortyThievesApp(forty_thieves_controller()),
    "dots": lambda: DotsApp(dots_controller(NOWHERE), round_dots=True),
}


def position(app: ControllerApp) -> str:  # type: ignore[type-arg]
    session = app.controller.session
    return str(session.adapter.save_text(session.model, session.seed))


def feed(app: ControllerApp, data: bytes) -> None:  # type: ignore[type-arg]
    decoder = Decoder()
    app.frame(WIDTH, HEIGHT, colour=True)  # the app knows its size, as on screen
    for event in [*decoder.feed(data), *decoder.flush()]:
        deliver(app, event)


PRIVATE = st.builds(
    lambda marker, parameters, final: f"\x1b[{marker}{parameters}{final}".encode(),
    st.sampled_from("?>="),
    st.text(alphabet="0123456789;:", max_size=10),
    st.sampled_from([chr(c) for c in range(0x40, 0x7F)]),
)
"""Private CSI sequences (answers, modes): no key is one."""
MODIFIED = st.builds(
    lambda n, mod, final: f"\x1b[{n};{mod}{final}".encode(),
    st.integers(0, 30),
    st.integers(2, 16),
    st.sampled_from("ABCDHF~PQRS"),
)
"""Keys with Shift, Ctrl or Alt held: no table binds them."""
MOTION = st.builds(
    lambda code, col, row: f"\x1b[<{code};{col};{row}M".encode(),
    st.sampled_from([35, 39, 43, 51, 128, 129, 130]),
    st.integers(1, WIDTH),
    st.integers(1, HEIGHT),
)
"""Mouse reports of motion without a button, and of buttons 8-11."""
NOISE = st.lists(st.one_of(PRIVATE, MODIFIED, MOTION), min_size=1, max_size=12)


@pytest.mark.parametrize("game", list(APPS))
@settings(max_examples=40, deadline=None)
@given(sequences=NOISE)
def test_unknown_sequences_never_play_a_move(game: str, sequences: list[bytes]) -> None:
    app = APPS[game]()
    before = position(app)
    feed(app, b"".join(sequences))
    assert position(app) == before
    assert not app.finished


def sgr(code: int, col: int, row: int, release: bool) -> bytes:
    return f"\x1b[<{code};{col};{row}{'m' if release else 'M'}".encode()


def x10(code: int, col: int, row: int, release: bool) -> bytes:
    return b"\x1b[M" + bytes((32 + (3 if release else code), 32 + col, 32 + row))


REPORT = st.builds(
    lambda encode, code, col, row, release: encode(code, col, row, release),
    st.sampled_from([sgr, x10]),
    st.sampled_from([0, 1, 2, 32, 33, 34, 64, 65]),  # press, drag, wheel
    st.integers(1, WIDTH),
    st.integers(1, HEIGHT),
    st.booleans(),
)


@pytest.mark.parametrize("game", list(APPS))
@settings(max_examples=40, deadline=None)
@given(reports=st.lists(REPORT, max_size=10))
def test_mouse_reports_anywhere_never_break_a_game(
    game: str, reports: list[bytes]
) -> None:
    app = APPS[game]()
    feed(app, b"".join(reports))
    assert app.frame(WIDTH, HEIGHT, colour=True)
