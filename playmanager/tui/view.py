"""The curses layer of the full-screen game: draw spans, read keys, nothing else.

Everything here is about the terminal: colours (the original web game's
palette, matched to the nearest of the 256 xterm colours, or to the 8
basic ones), key names, signals and always giving the terminal back.
What to draw comes from :mod:`.layout`; what a key means is the
controller's business. ``curses`` is imported only when the game runs, so
importing this module has no effect on the terminal.

Signals: Ctrl-C (SIGINT) becomes the key ``^C``, which asks before
quitting. When the terminal closes (SIGHUP, or SIGTERM) there is no one to
ask, so the controller saves unsaved progress to the save file. A signal
is acted on between keys, never in the middle of a move.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from types import FrameType
from typing import TYPE_CHECKING, Any, Final

from gamestate.palette import BOARD_COLOUR, PALETTE, palette_key

from .controller import CTRL_C, Controller
from .layout import Span, render

if TYPE_CHECKING:
    import curses

# The 8 basic colours (curses COLOR_BLACK ... COLOR_WHITE are 0 to 7).
BLACK, RED, GREEN, YELLOW, BLUE, CYAN, WHITE = 0, 1, 2, 3, 4, 6, 7
# With only 8 colours: (text, background) per tile, in bands that follow
# the original (pale, orange-red, yellow, dark). Never plain magenta
# (term2048#24: it reads badly on many terminals).
EIGHT_COLOURS: Final[Mapping[int, tuple[int, int]]] = {
    0: (BLACK, WHITE),
    2: (BLACK, WHITE),
    4: (BLACK, CYAN),
    8: (BLACK, YELLOW),
    16: (WHITE, RED),
    32: (YELLOW, RED),
    64: (WHITE, BLUE),
    128: (BLACK, GREEN),
    256: (WHITE, GREEN),
    512: (BLUE, YELLOW),
    1024: (RED, YELLOW),
    2048: (WHITE, YELLOW),
    4096: (YELLOW, BLACK),
}
EIGHT_BOARD: Final = BLACK


def tile_colours(rich: bool) -> dict[int, tuple[int, int]]:
    """(text, background) colour numbers per PALETTE key.

    ``rich``: the terminal has 256 colours, so the web palette is matched
    to the nearest xterm colours; otherwise the 8-colour bands.
    """
    if not rich:
        return dict(EIGHT_COLOURS)
    colours: dict[int, tuple[int, int]] = {}
    for value, (background, text) in PALETTE.items():
        used = frozenset(pair[1] for pair in colours.values())
        colours[value] = (xterm_index(text), xterm_index(background, avoid=used))
    return colours


def _xterm_rgb(index: int) -> tuple[int, int, int]:
    """The colour of xterm-256 entry ``index`` (16 to 255)."""
    if index >= 232:
        grey = 8 + 10 * (index - 232)
        return grey, grey, grey
    levels = (0, 95, 135, 175, 215, 255)
    cube = index - 16
    return levels[cube // 36], levels[cube // 6 % 6], levels[cube % 6]


def xterm_index(hex_colour: str, avoid: frozenset[int] = frozenset()) -> int:
    """Return the xterm-256 colour nearest to ``#rrggbb``, not one in ``avoid``.

    Candidates are the 6x6x6 cube (16-231) and the grey ramp (232-255);
    ``avoid`` keeps two close tiles (16 and 32) from getting the same one.
    """
    target = tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))

    def distance(index: int) -> int:
        rgb = _xterm_rgb(index)
        return sum((a - b) ** 2 for a, b in zip(rgb, target, strict=True))

    return min((i for i in range(16, 256) if i not in avoid), key=distance)


def wants_colour(environ: Mapping[str, str]) -> bool:
    """False when NO_COLOR is set to anything but the empty string."""
    return not environ.get("NO_COLOR")


@dataclass
class _Styles:
    """curses attributes for each span role, made after curses starts."""

    by_role: dict[str, int] = field(default_factory=dict)
    by_tile: dict[int, int] = field(default_factory=dict)

    def attr(self, span: Span) -> int:
        if span.role == "tile":
            return self.by_tile.get(palette_key(span.value), 0)
        return self.by_role.get(span.role, 0)


def _make_styles(curses_module: Any, *, colour: bool) -> _Styles:
    """Colour pairs when the terminal has colours and they are wanted."""
    c = curses_module
    bold = {"title": c.A_BOLD, "status": c.A_BOLD, "overlay": c.A_BOLD}
    styles = _Styles(by_role=bold)
    if not c.has_colors():
        return styles
    # curses.wrapper has started colours; without this the text would be
    # white on black (pair 0) even with NO_COLOR, on light terminals too.
    with suppress(c.error):
        c.use_default_colors()  # -1 = the terminal's own colours
    available_pairs: int = c.COLOR_PAIRS
    if not colour or available_pairs <= len(PALETTE) + 1:
        return styles  # plain text: no colours wanted, or too few pairs
    rich = c.COLORS >= 256
    for number, (value, (text, background)) in enumerate(tile_colours(rich).items(), 1):
        c.init_pair(number, text, background)
        styles.by_tile[value] = c.color_pair(number) | c.A_BOLD
    board = xterm_index(BOARD_COLOUR) if rich else EIGHT_BOARD
    c.init_pair(len(PALETTE) + 1, board, board)
    styles.by_role["board"] = c.color_pair(len(PALETTE) + 1)
    return styles


AUTOPLAY_PAUSE_MS: Final = 150
"""How long autoplay shows each board before its next move."""

MAX_FAILED_READS: Final = 20
"""Failed key reads in a row after which the terminal counts as closed."""


class _SignalArrivedError(Exception):
    """Raised by the signal handler while waiting for a key."""


class _Signals:
    """Turns signals into events handled between keys.

    SIGINT is Ctrl-C, SIGHUP and SIGTERM the terminal closing, SIGWINCH a
    resize. Handling SIGWINCH ourselves (curses then leaves it alone) is
    deterministic: curses' own handler missed a resize now and then.
    """

    WATCHED: Final = (signal.SIGINT, signal.SIGHUP, signal.SIGTERM, signal.SIGWINCH)
    CLOSED: Final = (signal.SIGHUP, signal.SIGTERM)

    def __init__(self) -> None:
        self.pending: list[int] = []
        self.waiting = False

    def handle(self, signum: int, frame: FrameType | None) -> None:
        self.pending.append(signum)
        if self.waiting:
            raise _SignalArrivedError  # break out of the blocking key read

    @contextmanager
    def installed(self) -> Iterator[None]:
        previous = {sig: signal.signal(sig, self.handle) for sig in self.WATCHED}
        try:
            yield
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)

    def hung_up(self) -> bool:
        return any(sig in self.CLOSED for sig in self.pending)

    def take(self, signum: int) -> int:
        """Return how many ``signum`` came, and forget them."""
        count = self.pending.count(signum)
        self.pending = [sig for sig in self.pending if sig != signum]
        return count


def key_name(curses_module: Any, key: int | str) -> str:
    """The controller's name of a key: "w", "KEY_UP", "^C", "^[" (Esc)."""
    if isinstance(key, int):
        return str(curses_module.keyname(key).decode("ascii", "replace"))
    if len(key) == 1 and (ord(key) < 32 or ord(key) == 127):
        return str(curses_module.keyname(ord(key)).decode("ascii", "replace"))
    return key


def draw(window: curses.window, spans: list[Span], styles: _Styles) -> None:
    """Clear the window and write every span."""
    window.erase()
    for span in spans:
        window.addstr(span.row, span.col, span.text, styles.attr(span))
    window.noutrefresh()


class _Session:
    """One run of the game on a curses window."""

    def __init__(
        self, controller: Controller, signals: _Signals, environ: Mapping[str, str]
    ) -> None:
        self.controller = controller
        self.signals = signals
        self.environ = environ
        self.farewell = ""
        self.failed_reads = 0

    def run(self, window: curses.window) -> None:
        import curses

        with suppress(curses.error):
            curses.curs_set(0)  # some terminals cannot hide the cursor
        curses.set_escdelay(25)  # Esc answers at once, not after a second
        window.keypad(True)
        colour = wants_colour(self.environ)
        styles = _make_styles(curses, colour=colour)
        colour = colour and bool(styles.by_tile)
        while not self.controller.finished:
            if self.signals.hung_up():
                self.farewell = self.controller.hang_up()
                return
            height, width = window.getmaxyx()
            draw(
                window,
                render(self.controller.screen(), width, height, colour=colour),
                styles,
            )
            curses.doupdate()
            if self.controller.autoplaying:
                key = self._key_or_autoplay_move(window)
            else:
                key = self._read_key(window)
            if key is not None:
                self.controller.press(key)
            for _ in range(self.signals.take(signal.SIGINT)):
                self.controller.press(CTRL_C)
            if self.signals.take(signal.SIGWINCH):
                _follow_resize()

    def _key_or_autoplay_move(self, window: curses.window) -> str | None:
        """Wait one autoplay pause for a key; if none comes, autoplay moves.

        The pause keeps the moves at a pace a person can follow; a signal
        only queues itself here (it is handled after the pause).
        """
        import curses

        window.timeout(AUTOPLAY_PAUSE_MS)
        try:
            return key_name(curses, window.get_wch())
        except curses.error:  # no key within the pause
            self.controller.autoplay_step()
            return None
        finally:
            window.timeout(-1)

    def _read_key(self, window: curses.window) -> str | None:
        """Wait for a key; None when a signal came instead."""
        import curses

        self.signals.waiting = True
        try:
            if self.signals.pending:
                return None
            key = key_name(curses, window.get_wch())
        except _SignalArrivedError:
            return None
        except curses.error:
            # A read right after a signal can fail once; a terminal that
            # has gone away (closed without SIGHUP) fails every time.
            self.failed_reads += 1
            if self.failed_reads >= MAX_FAILED_READS:
                self.signals.pending.append(signal.SIGHUP)
            return None
        finally:
            self.signals.waiting = False
        self.failed_reads = 0
        return key


def _follow_resize() -> None:
    """Tell curses the terminal's new size; the next frame is drawn to fit."""
    import curses

    with suppress(OSError):
        columns, lines = os.get_terminal_size(1)  # curses draws on stdout
        curses.resizeterm(lines, columns)


def open_terminal_problem() -> str | None:
    """Why curses cannot drive this terminal (say TERM is unknown), or None."""
    import curses

    try:
        curses.setupterm()
    except curses.error as error:
        return str(error)
    if curses.tigetstr("cup") is None:  # TERM=dumb, say: no way to draw a screen
        term = os.environ.get("TERM", "")
        return f"this terminal (TERM={term}) cannot move the cursor"
    return None


def play(controller: Controller, environ: Mapping[str, str]) -> str:
    """Play until the player quits or the terminal closes; return a farewell.

    curses.wrapper gives the terminal back on every exit, Ctrl-C and
    exceptions included.
    """
    import curses

    signals = _Signals()
    session = _Session(controller, signals, environ)
    with signals.installed():
        try:
            curses.wrapper(session.run)
        except curses.error:
            # endwin() on a terminal that has gone away; nothing to restore.
            if not signals.hung_up():
                raise
    return session.farewell


def say(message: str) -> None:
    """Print a last line on stderr, if there is still somewhere to print."""
    if not message:
        return
    with suppress(OSError):
        print(message, file=sys.stderr)
