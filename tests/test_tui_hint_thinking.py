"""2048's full screen says it is thinking while its first hint is found
(issue 36): the expectimax solver builds its tables at its first call,
seconds in which the screen used to show nothing new, as if the key was
lost. The real ``python -m playmanager --tui`` on a pty, read with pyte.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from playmanager import messages
from tests.pty_terminal import Terminal

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")


def test_the_first_hint_says_it_is_thinking_before_its_answer(tmp_path: Path) -> None:
    command = shlex.join(
        [sys.executable, "-m", "playmanager", "--tui", "--seed", "118"]
    )
    term = Terminal(command, tmp_path, rows=24, cols=80, footer="? help  q quit")
    term.wait_for("seed 118")
    term.press("H")
    term.wait_for(messages.HINT_THINKING)  # on screen while the solver warms up
    screen = term.wait_for("Hint: move ")
    assert messages.HINT_THINKING not in screen
    term.press("H")  # the solver is warm: the next hint comes at once
    term.press("q")
    assert term.wait_for_exit() == 0
