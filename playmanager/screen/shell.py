"""The curses shell that every full-screen game runs in.

A game's full screen is a :class:`FullScreenApp`: it turns key names and
mouse events into actions on its model and describes each frame as a list
of :class:`Span` (a text at a row and column, with a role). The shell owns
the terminal and nothing else; it never knows which game it runs:

* entering and leaving curses (``curses.wrapper``: the terminal is given
  back on every exit, Ctrl-C and crashes included) and a hidden cursor;
* colours: :meth:`FullScreenApp.styles` maps roles to :class:`Style` s
  (an xterm-256 colour pair, its 8-colour fallback, bold/underline); a
  span is drawn in the style of ``"ROLE:VALUE"`` if the app has one,
  else of ``"ROLE"``. The colours are those of the
  :class:`~playmanager.terminal.Terminal` the command line decided (none
  with ``NO_COLOR``): without colours only bold and underline are used,
  and the app is told (``colour=False``) so it can draw borders instead;
* keys, as names: ``"w"``, ``"KEY_UP"``, ``"^C"``, ``"^["`` (Esc),
  ``"\\n"`` (Enter), ``"KEY_BACKSPACE"``. The shell reads the terminal's
  bytes itself and decodes them with :mod:`.input` (why not curses: see
  there), so Esc answers at once and a sequence it does not know is
  never played as keys;
* the mouse, for an app whose :attr:`~FullScreenApp.wants_mouse` is true:
  presses, releases and drags (xterm's button-event tracking, SGR
  reports asked for, X10 ones read too) as :class:`MouseEvent` s, in
  screen rows and columns;
* time: an app that changes the screen without a key (a highlight that
  fades, autoplay's next move) returns when from
  :meth:`~FullScreenApp.wake_at`; the shell waits for a key only until
  then and calls :meth:`~FullScreenApp.tick`. A key that comes sooner is
  handled at once, so nothing timed ever slows the player down;
* signals: Ctrl-C (SIGINT) becomes the key ``^C`` (the app asks before
  quitting); SIGWINCH redraws at the new size; SIGHUP and SIGTERM (the
  terminal closing) end the game through :meth:`~FullScreenApp.hang_up`,
  which saves unsaved progress, since there is no one left to ask. A
  terminal that disappears without a signal is noticed after
  :data:`MAX_FAILED_READS` failed reads. Signals are acted on between
  keys, never in the middle of a move.

``curses`` is imported only when a game runs, so importing this module
has no effect on the terminal.

Writing a game's full screen: a controller that knows nothing of curses
(keys in, a description of the screen out, testable with plain calls), a
layout that turns that description into spans with the shared pieces of
:mod:`.widgets` (a board of cells with even gaps, rings that mark a cell,
the title and status lines, overlay boxes, the too-small message), the
key tables and the quit prompt of :mod:`.keys`, the marks of the last
move and their timing (:class:`.marks.Marks`, ``score_text``), and a small
:class:`FullScreenApp` joining them; then ``play(make_app, terminal,
environ, stderr)`` checks the terminal, runs it and returns the exit
status. 2048's is :mod:`.view`
(:class:`~.view.App`), :mod:`.controller` and :mod:`.layout`. End-to-end
tests drive the real program on a pty with ``tests/pty_terminal.py``,
whose screen shows erased cells without colour, as tmux does, and whose
``background(row, col)`` reads the colour a person sees.
"""

from __future__ import annotations

import os
import select
import signal
import sys
import time
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from types import FrameType
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Final,
    Generic,
    NamedTuple,
    Protocol,
    TextIO,
    TypeVar,
)

from ..terminal import Terminal
from .input import Decoder, Event, MouseEvent

if TYPE_CHECKING:
    import curses

CTRL_C: Final = "^C"
"""The key name of Ctrl-C; the shell also sends it for SIGINT."""
ESCAPE: Final = "^["
"""The key name of Esc."""
DEFAULT_COLOUR: Final = -1
"""The terminal's own foreground or background (curses.use_default_colors)."""

EXIT_NO_TERMINAL: Final = 2
"""The exit status when a full screen cannot start (as a usage error)."""
MAX_FAILED_READS: Final = 20
"""Failed key reads in a row after which the terminal counts as closed."""
MAX_TYPED_AHEAD: Final = 1000
"""Keys typed before a hang-up that are still played (a bound, not a wait)."""

# xterm: report presses and releases (1000), motion while a button is held
# (1002), in SGR encoding (1006: any column, and a release says its
# button). A terminal without 1006 sends X10 reports, which are read too.
# Turned off again, in reverse order, however the game ends.
_MOUSE_ON: Final = "\x1b[?1000h\x1b[?1002h\x1b[?1006h"
_MOUSE_OFF: Final = "\x1b[?1006l\x1b[?1002l\x1b[?1000l"
ESCAPE_DELAY: Final = 0.05
"""Seconds to wait for the rest of a sequence the terminal split between
writes; an Esc with nothing after it within this is the Esc key."""


class Span(NamedTuple):
    """Text to draw at (row, col), styled by its role.

    ``value`` refines the role when it is not 0: a 2048 tile's number, a
    dot's colour. The shell looks up the style ``"role:value"`` first,
    then ``"role"``.
    """

    row: int
    col: int
    text: str
    role: str
    value: int = 0


class Style(NamedTuple):
    """How a role looks, on 256-colour and on 8-colour terminals.

    Colours are xterm-256 indexes (:func:`xterm_index` finds the nearest
    to a ``#rrggbb``) and, for terminals with 8 colours, the curses colour
    numbers 0-7; -1 is the terminal's own colour.
    """

    fg: int = DEFAULT_COLOUR
    bg: int = DEFAULT_COLOUR
    fg8: int = DEFAULT_COLOUR
    bg8: int = DEFAULT_COLOUR
    bold: bool = False
    underline: bool = False


class FullScreenApp(ABC):
    """What a game's full screen does; the shell calls nothing else.

    Subclasses implement :meth:`frame`, :meth:`press`, :meth:`hang_up` and
    :attr:`finished`; the rest is optional.
    """

    wants_mouse: ClassVar[bool] = False
    """True to receive :meth:`mouse` events."""

    @property
    @abstractmethod
    def finished(self) -> bool:
        """True once the player has quit: the shell gives the terminal back."""

    def styles(self) -> Mapping[str, Style]:
        """Role (or "role:value") -> style. Roles not listed are plain text."""
        return {}

    @abstractmethod
    def frame(self, width: int, height: int, *, colour: bool) -> list[Span]:
        """Describe the screen for a ``width`` x ``height`` terminal."""

    @abstractmethod
    def press(self, key: str) -> None:
        """Act on one key (a curses key name, see the module docstring)."""

    def mouse(self, event: MouseEvent) -> None:
        """Act on a mouse event (only when :attr:`wants_mouse`); by default none."""
        return

    def wake_at(self) -> float | None:
        """When (``time.monotonic()``) to call :meth:`tick`; None: only keys."""
        return None

    def tick(self) -> None:
        """Time has come (see :meth:`wake_at`): fade a mark, play a move...;
        by default nothing."""
        return

    @abstractmethod
    def hang_up(self, why: str) -> str:
        """End without asking (the terminal went away, or a crash).

        Save unsaved progress; return one line that says what happened.
        """

    def farewell(self) -> str:
        """A last line once the player has quit (where a game kept to
        resume waits: the screen that said so is gone); by default none."""
        return ""


class Controls(Protocol):
    """What a game's controller answers, for :class:`ControllerApp`."""

    @property
    def finished(self) -> bool: ...

    def press(self, key: str) -> None: ...

    def wake_at(self) -> float | None: ...

    def tick(self) -> None: ...

    def hang_up(self, why: str) -> str: ...

    def farewell(self) -> str: ...


C = TypeVar("C", bound=Controls)


class ControllerApp(FullScreenApp, Generic[C]):
    """An app whose keys, time and hang-up are its controller's.

    A game's app then only draws (:meth:`frame`, :meth:`styles`) and, if
    it wants the mouse, turns screen cells into what its controller
    understands (:meth:`mouse`).
    """

    def __init__(self, controller: C) -> None:
        self.controller = controller

    @property
    def finished(self) -> bool:
        return self.controller.finished

    def press(self, key: str) -> None:
        self.controller.press(key)

    def wake_at(self) -> float | None:
        return self.controller.wake_at()

    def tick(self) -> None:
        self.controller.tick()

    def hang_up(self, why: str) -> str:
        return self.controller.hang_up(why)

    def farewell(self) -> str:
        return self.controller.farewell()


# ------------------------------------------------------------ colours
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
    ``avoid`` keeps two close colours (2048's 16 and 32 tiles) apart.
    """
    target = tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))

    def distance(index: int) -> int:
        rgb = _xterm_rgb(index)
        return sum((a - b) ** 2 for a, b in zip(rgb, target, strict=True))

    return min((i for i in range(16, 256) if i not in avoid), key=distance)


class _Attributes:
    """curses attributes for each style key, made after curses starts."""

    def __init__(self, by_key: dict[str, int], coloured: bool) -> None:
        self.by_key = by_key
        self.coloured = coloured

    def of(self, span: Span) -> int:
        if span.value:
            found = self.by_key.get(f"{span.role}:{span.value}")
            if found is not None:
                return found
        return self.by_key.get(span.role, 0)


def _make_attributes(
    curses_module: Any, styles: Mapping[str, Style], *, colours: int
) -> _Attributes:
    """Turn styles into curses attributes: colour pairs when the terminal
    has ``colours`` (0, 8 or 256) and curses can make them.

    Every coloured style is drawn as a *reversed* pair (background as the
    pair's foreground, and A_REVERSE): it looks the same, but curses never
    clears a reversed run of spaces with an erase sequence (ECH/EL), which
    tmux and some terminals show without its background colour; a board
    background would show as black bars.
    """
    c = curses_module
    plain = {
        key: (c.A_BOLD if style.bold else 0) | (c.A_UNDERLINE if style.underline else 0)
        for key, style in styles.items()
    }
    if not c.has_colors():
        return _Attributes(plain, coloured=False)
    # curses.wrapper has started colours; without this the text would be
    # white on black (pair 0) even with NO_COLOR, on light terminals too.
    with suppress(c.error):
        c.use_default_colors()
    rich = colours >= 256 and c.COLORS >= 256

    def pair_of(style: Style) -> tuple[int, int] | None:
        pair = (style.fg, style.bg) if rich else (style.fg8, style.bg8)
        return None if pair == (DEFAULT_COLOUR, DEFAULT_COLOUR) else pair

    pairs: dict[tuple[int, int], int] = {}
    for style in styles.values():
        found = pair_of(style)
        if found is not None:
            pairs.setdefault(found, len(pairs) + 1)
    available: int = c.COLOR_PAIRS
    if not colours or len(pairs) >= available:
        return _Attributes(plain, coloured=False)
    for (fg, bg), number in pairs.items():
        c.init_pair(number, bg, fg)  # reversed: see the docstring
    by_key = dict(plain)
    for key, style in styles.items():
        found = pair_of(style)
        if found is not None:
            by_key[key] |= c.color_pair(pairs[found]) | c.A_REVERSE
    return _Attributes(by_key, coloured=True)


# ------------------------------------------------------------ signals
class _SignalArrivedError(Exception):
    """Raised by the signal handler while waiting for a key."""


class _Signals:
    """Turns signals into events handled between keys.

    Handling SIGWINCH ourselves (curses then leaves it alone) is
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


# ------------------------------------------------------------ the loop
_TIMED_OUT: Final = "timed out"
_TERMINAL_INPUT: Final = 0
"""stdin: the full screen checks that it is the terminal."""


def draw(window: curses.window, spans: list[Span], attributes: _Attributes) -> None:
    """Clear the window and write every span."""
    window.erase()
    for span in spans:
        window.addstr(span.row, span.col, span.text, attributes.of(span))
    window.noutrefresh()


class _Session:
    """One run of an app on a curses window."""

    def __init__(
        self, app: FullScreenApp, signals: _Signals, terminal: Terminal
    ) -> None:
        self.app = app
        self.signals = signals
        self.terminal = terminal
        self.farewell = ""
        self.failed_reads = 0
        self.decoder = Decoder()
        self.events: deque[Event] = deque()

    def run(self, window: curses.window) -> None:
        import curses

        with suppress(curses.error):
            curses.curs_set(0)  # some terminals cannot hide the cursor
        # The shell reads the keys (see _read); curses must not hold a
        # frame back because input is waiting that it will never read.
        curses.typeahead(-1)
        attributes = _make_attributes(
            curses, self.app.styles(), colours=self.terminal.colours
        )
        with self._mouse():
            self._loop(window, attributes)

    @contextmanager
    def _mouse(self) -> Iterator[None]:
        """Mouse reporting on for the game, off again however it ends."""
        if not (self.app.wants_mouse and self.terminal.mouse):
            yield
            return
        _write_terminal(_MOUSE_ON)
        try:
            yield
        finally:
            _write_terminal(_MOUSE_OFF)

    def _loop(self, window: curses.window, attributes: _Attributes) -> None:
        import curses

        while not self.app.finished:
            if self.signals.hung_up():
                self._play_typed_ahead()
                if not self.app.finished:
                    self.farewell = self.app.hang_up("Terminal closed")
                return
            if not self.events:
                height, width = window.getmaxyx()
                spans = self.app.frame(width, height, colour=attributes.coloured)
                draw(window, clip(spans, width, height), attributes)
                curses.doupdate()
            event = self._next_event()
            if event == _TIMED_OUT:
                self.app.tick()
            elif event is not None:
                deliver(self.app, event)
            for _ in range(self.signals.take(signal.SIGINT)):
                self.app.press(CTRL_C)
            if self.signals.take(signal.SIGWINCH):
                _follow_resize()
        self.farewell = self.app.farewell()

    def _play_typed_ahead(self) -> None:
        """Play the keys the player typed before the terminal closed (read
        or still waiting), so that the game saved is the one they saw."""
        for _ in range(MAX_TYPED_AHEAD):
            if not self.events:
                if not self._readable_now():
                    return
                self._read()
            if self.app.finished or not self.events:
                return
            deliver(self.app, self.events.popleft())

    def _readable_now(self) -> bool:
        with suppress(OSError, ValueError):
            return bool(select.select([_TERMINAL_INPUT], [], [], 0)[0])
        return False

    def _timeout(self) -> float | None:
        """How long to wait for a key: until the app's wake-up, or for ever."""
        wake_at = self.app.wake_at()
        if wake_at is None:
            return None
        return max(wake_at - time.monotonic(), 0.0)

    def _next_event(self) -> Event | None:
        """The next key or mouse event; _TIMED_OUT at the app's wake-up;
        None for a signal or a failed read."""
        if not self.events:
            timeout = self._timeout()
            if not self._wait(timeout):
                return None if self.signals.pending or timeout is None else _TIMED_OUT
            self._read()
        return self.events.popleft() if self.events else None

    def _wait(self, timeout: float | None) -> bool:
        """Wait until the terminal has bytes to read (True) or ``timeout``
        seconds pass or a signal comes (False)."""
        self.signals.waiting = True
        try:
            if self.signals.pending:
                return False
            ready, _, _ = select.select([_TERMINAL_INPUT], [], [], timeout)
        except _SignalArrivedError:
            return False
        finally:
            self.signals.waiting = False
        return bool(ready)

    def _read(self) -> None:
        """Read what the terminal sent, and the rest of a sequence it split,
        into :attr:`events`."""
        data = self._read_bytes()
        if data is None:
            return
        self.events.extend(self.decoder.feed(data))
        while self.decoder.waiting:
            more = self._read_bytes() if self._wait(ESCAPE_DELAY) else None
            if more is None:
                self.events.extend(self.decoder.flush())
            else:
                self.events.extend(self.decoder.feed(more))

    def _read_bytes(self) -> bytes | None:
        """Bytes from the terminal; None when the read fails. A terminal
        that has gone away (closed without SIGHUP) fails every time."""
        try:
            data = os.read(_TERMINAL_INPUT, 4096)
        except OSError:
            data = b""
        if data:
            self.failed_reads = 0
            return data
        self.failed_reads += 1
        if self.failed_reads >= MAX_FAILED_READS:
            self.signals.pending.append(signal.SIGHUP)
        return None


def deliver(app: FullScreenApp, event: Event) -> None:
    """Hand a decoded key or mouse event to the app."""
    if isinstance(event, MouseEvent):
        if app.wants_mouse:
            app.mouse(event)
    else:
        app.press(event)


def clip(spans: list[Span], width: int, height: int) -> list[Span]:
    """Drop what falls outside the terminal; curses errors on the last cell."""
    kept = []
    for span in spans:
        if not 0 <= span.row < height or span.col >= width or span.col < 0:
            continue
        room = width - span.col
        if span.row == height - 1:
            room -= 1  # writing the bottom-right cell makes curses raise
        if room > 0:
            kept.append(span._replace(text=span.text[:room]))
    return kept


def _write_terminal(sequence: str) -> None:
    """Send a control sequence straight to the terminal (curses draws on stdout)."""
    with suppress(OSError, ValueError):
        sys.stdout.write(sequence)
        sys.stdout.flush()


def _follow_resize() -> None:
    """Tell curses the terminal's new size; the next frame is drawn to fit."""
    import curses

    with suppress(OSError):
        columns, lines = os.get_terminal_size(1)  # curses draws on stdout
        curses.resizeterm(lines, columns)


def terminal_problem(environ: Mapping[str, str]) -> str | None:
    """Why a full screen cannot start here, or None when it can.

    stdin and stdout must be a terminal that curses can drive (a known
    TERM that can move the cursor). curses reads TERM from the process's
    own environment; ``environ`` only names it in the message.
    """
    if not (os.isatty(0) and os.isatty(1)):
        return "stdin and stdout must be a terminal"
    import curses

    try:
        curses.setupterm()
    except curses.error as error:
        return str(error)
    if curses.tigetstr("cup") is None:  # TERM=dumb, say: no way to draw a screen
        term = environ.get("TERM", "")
        return f"this terminal (TERM={term}) cannot move the cursor"
    return None


def play(
    make_app: Callable[[], FullScreenApp],
    terminal: Terminal,
    environ: Mapping[str, str],
    stderr: TextIO,
) -> int:
    """A game's ``--tui``: check the terminal, run the app, say its farewell.

    ``make_app`` is called only when the terminal can be used. Returns the
    exit status: 0, or 2 after one line on ``stderr`` when there is no
    terminal curses can drive.
    """
    problem = terminal_problem(environ)
    if problem is not None:
        stderr.write(f"playmanager: --tui cannot start: {problem}\n")
        return EXIT_NO_TERMINAL
    say(run(make_app(), terminal), terminal.text_width)
    return 0


def run(app: FullScreenApp, terminal: Terminal) -> str:
    """Run ``app`` until the player quits or the terminal closes.

    Returns the app's farewell (empty unless it hung up). A crash in the
    app gives the terminal back, lets the app save (:meth:`hang_up`), says
    so on stderr, and re-raises, so the traceback tells what went wrong.
    """
    import curses

    signals = _Signals()
    session = _Session(app, signals, terminal)
    with signals.installed():
        try:
            curses.wrapper(session.run)
        except curses.error:
            # endwin() on a terminal that has gone away; nothing to restore.
            if not signals.hung_up():
                say(app.hang_up("playmanager crashed"), terminal.text_width)
                raise
        except Exception:
            say(app.hang_up("playmanager crashed"), terminal.text_width)
            raise
    return session.farewell


def say(message: str, width: int) -> None:
    """Print a last line on stderr, if there is still somewhere to print,
    wrapped at words to ``width`` as the line modes print
    (:func:`~.text_layout.message_lines`): no path breaks mid-word. A path
    is never shortened, even one longer than a line: it is what resumes
    the game, to be copied whole once the screen is gone."""
    if not message:
        return
    from .text_layout import message_lines

    message = "\n".join(message_lines(message, width, shorten=False))
    with suppress(OSError):
        print(message, file=sys.stderr)
