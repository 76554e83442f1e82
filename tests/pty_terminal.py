"""A program on a pseudo-terminal, seen through a terminal emulator.

pexpect runs the program on a pty; pyte turns what it prints into a
screen that tests read as a person would, text and colours cell by cell.
Every full-screen game's end-to-end tests use it. Waiting for the screen
has a generous limit, so a slow machine only makes a test slower.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

import pexpect
import pyte

WAIT_LIMIT = 20.0


class StrictEraseScreen(pyte.Screen):  # type: ignore[misc]
    """A screen whose erase sequences (ECH, EL) leave cells without colour.

    xterm fills erased cells with the current background ("back colour
    erase"), and curses relies on it; tmux's captures and some terminals
    do not. A game must look right on both, so the tests read the
    stricter one: a coloured area drawn by erasing shows as uncoloured.
    """

    def _erase_plainly(self, erase: Callable[[], None]) -> None:
        cursor_attrs = self.cursor.attrs
        self.cursor.attrs = self.default_char
        try:
            erase()
        finally:
            self.cursor.attrs = cursor_attrs

    def erase_characters(self, count: int | None = None) -> None:
        self._erase_plainly(
            lambda: super(StrictEraseScreen, self).erase_characters(count)
        )

    def erase_in_line(self, how: int = 0, private: bool = False) -> None:
        self._erase_plainly(
            lambda: super(StrictEraseScreen, self).erase_in_line(how, private)
        )


class Terminal:
    """A program on a pty, seen through a pyte screen."""

    def __init__(
        self,
        command: str,
        cwd: Path,
        *,
        rows: int = 30,
        cols: int = 80,
        env: dict[str, str] | None = None,
        footer: str = "",
    ) -> None:
        """Run ``command`` (a shell command line) in ``cwd`` on a
        ``rows`` x ``cols`` terminal; ``footer`` is a text the app's every
        complete frame ends with (see :meth:`wait_for`)."""
        self.footer = footer
        self.screen = StrictEraseScreen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""
        base = {
            "PATH": os.environ.get("PATH", ""),
            "HOME": str(cwd),
            "TERM": "xterm-256color",
            "XDG_DATA_HOME": str(cwd / "data"),
        }
        self.child = pexpect.spawn(
            "/bin/sh",
            ["-c", command],
            cwd=str(cwd),
            env={**base, **(env or {})},
            dimensions=(rows, cols),
        )

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def _pump(self) -> bool:
        """Feed what the program printed to the screen; False at its end."""
        try:
            data = self.child.read_nonblocking(65536, timeout=0.05)
        except pexpect.TIMEOUT:
            return True
        except pexpect.EOF:
            return False
        self.raw += data
        self.stream.feed(data)
        return True

    def wait_until(self, check: Callable[[str], bool], what: str) -> str:
        """Read until ``check(screen text)`` holds; fail after WAIT_LIMIT."""
        deadline = _now() + WAIT_LIMIT
        while not check(self.text()):
            if not self._pump() or _now() > deadline:
                if check(self.text()):
                    break
                raise AssertionError(f"the screen never showed {what}:\n{self.text()}")
        return self.text()

    def wait_for(self, *texts: str) -> str:
        """Read until every one of ``texts`` is on the screen at once, with
        ``self.footer`` (the key line at the bottom: curses draws top to
        bottom, so the frame above it is complete)."""
        return self.wait_until(
            lambda screen: all(text in screen for text in (*texts, self.footer)),
            repr(texts),
        )

    def background(self, row: int, col: int) -> str:
        """The background colour a person sees at a cell (pyte's name or
        hex), reverse video taken into account."""
        char = self.screen.buffer[row][col]
        return char.fg if char.reverse else char.bg

    def foreground(self, row: int, col: int) -> str:
        """The text colour a person sees at a cell."""
        char = self.screen.buffer[row][col]
        return char.bg if char.reverse else char.fg

    def press(self, keys: str) -> None:
        self.child.send(keys)

    def wait_for_exit(self) -> int:
        deadline = _now() + WAIT_LIMIT
        while self._pump():
            assert _now() < deadline, f"the program did not end:\n{self.text()}"
        # The pty can report its end before the process has exited; wait for
        # the exit so close() does not kill a child that is still finishing.
        self.child.wait()
        self.child.close()
        status = self.child.exitstatus
        assert status is not None, f"killed by signal {self.child.signalstatus}"
        return int(status)


def _now() -> float:
    return time.monotonic()
