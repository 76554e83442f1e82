"""The help's "Press any key to close" holds for the arrows too (issue 36):
Down scrolls a help taller than the screen while lines are left below,
and closes it once none are (or when it fits)."""

from __future__ import annotations

from pathlib import Path

import pytest

from playmanager.screen.modal import Mode
from tests import screens

DOWN = "KEY_DOWN"


@pytest.mark.parametrize("size", [(120, 60), (80, 24)])
def test_down_closes_the_help_once_nothing_is_left_below(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = screens.twenty48(tmp_path, "?")
    for _ in range(200):  # a screenful at a time: the help is shorter
        app.frame(*size, colour=True)
        if app.controller.mode is not Mode.HELP:
            break
        app.controller.press(DOWN)
    assert app.controller.mode is Mode.PLAYING
