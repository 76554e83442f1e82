"""The bytes a terminal sends, read as keys and mouse events.

Why not curses' own ``get_wch`` with ``keypad(True)``: curses knows only
the sequences of the terminfo entry of ``TERM``. Under
``TERM=tmux-256color`` it turns the mouse on in X10 encoding and reads an
SGR report (``ESC [ < 0 ; 39 ; 10 M``) as the keys ``[``, ``<``, ``0``...,
so a stray report played real moves; and it pairs Esc with a key that
follows quickly. The full screens therefore ask for SGR reports (1006)
themselves, read raw bytes from the terminal and decode them here, with
one rule for every terminal:

* a sequence the terminal sends (CSI ``ESC [ ...``, SS3 ``ESC O x``,
  the X10 mouse ``ESC [ M b x y``) is one event, or nothing when it is
  not one this module knows: it is dropped whole, never played as keys;
* Esc followed by any other byte is Esc, then that key (there is no
  Alt-key: ``Esc F 1`` is Esc, ``F``, ``1``);
* Esc alone, with nothing after it within the short delay the caller
  waits (see :meth:`Decoder.flush`), is Esc;
* text is UTF-8 (a byte that is not becomes U+FFFD, bound to nothing).

Key names are curses' so the key tables read the same: ``"a"``,
``"KEY_UP"``, ``"KEY_F(1)"``, ``"^C"``, ``"^["`` (Esc), ``"\\n"``
(Enter), ``"KEY_BACKSPACE"`` (both DEL and ^H). Pure: no terminal, no
curses, no clock; the shell feeds it what it reads.
"""

from __future__ import annotations

import codecs
import re
from typing import Final, NamedTuple


class MouseEvent(NamedTuple):
    """A mouse event at a screen cell (0-based).

    ``action`` is "press", "release", "drag" (motion with ``button``
    held) or "wheel" (``button`` 4 up, 5 down). ``button`` is 1 (left),
    2 (middle) or 3 (right); 0 for an X10 release, which does not say
    which button was let go.
    """

    row: int
    col: int
    action: str
    button: int


Event = str | MouseEvent
"""A key name or a mouse event."""

ESC: Final = 0x1B
ESCAPE_KEY: Final = "^["
MAX_SEQUENCE: Final = 64
"""Longer than any sequence a terminal sends: a run this long is noise."""

_CSI_FINALS: Final = {
    "A": "KEY_UP",
    "B": "KEY_DOWN",
    "C": "KEY_RIGHT",
    "D": "KEY_LEFT",
    "H": "KEY_HOME",
    "F": "KEY_END",
    "Z": "KEY_BTAB",
}
"""``ESC [ x`` (and ``ESC [ 1 x``): cursor keys in normal mode."""
_SS3_FINALS: Final = {
    **{final: name for final, name in _CSI_FINALS.items() if final != "Z"},
    "P": "KEY_F(1)",
    "Q": "KEY_F(2)",
    "R": "KEY_F(3)",
    "S": "KEY_F(4)",
    "M": "\n",  # the keypad's Enter
}
"""``ESC O x``: cursor keys in application mode, F1-F4."""
_TILDE_KEYS: Final = {
    1: "KEY_HOME",
    2: "KEY_IC",
    3: "KEY_DC",
    4: "KEY_END",
    5: "KEY_PPAGE",
    6: "KEY_NPAGE",
    7: "KEY_HOME",
    8: "KEY_END",
    **{code: f"KEY_F({n})" for n, code in enumerate((11, 12, 13, 14, 15), 1)},
    **{code: f"KEY_F({n})" for n, code in enumerate((17, 18, 19, 20, 21), 6)},
    23: "KEY_F(11)",
    24: "KEY_F(12)",
}
"""``ESC [ N ~``: the editing keys and F1-F12 (xterm, VT220, screen, tmux)."""
_LINUX_F_KEYS: Final = {chr(ord("A") + n): f"KEY_F({n + 1})" for n in range(5)}
"""``ESC [ [ x``: F1-F5 on the Linux console."""

_INCOMPLETE: Final = -1
_CSI_REST: Final = re.compile(rb"[0-?]+[ -/]*[@-~]")
"""The rest of a CSI sequence (parameters, then its final byte)."""


def control_key(byte: int) -> str:
    """The name of a C0 control byte or DEL, as curses names it."""
    if byte in (0x0A, 0x0D):
        return "\n"
    if byte in (0x08, 0x7F):
        return "KEY_BACKSPACE"
    return "^" + chr(byte + 64)


def _csi_end(data: bytes, start: int) -> tuple[int, bool]:
    """Where the CSI sequence whose parameters start at ``start`` ends:
    (after its final byte, True); (the first byte no CSI sequence holds,
    False); (_INCOMPLETE, False) when the data stops first."""
    for index in range(start, len(data)):
        byte = data[index]
        if 0x40 <= byte <= 0x7E:
            return index + 1, True
        if not 0x20 <= byte <= 0x3F:
            return index, False
    return _INCOMPLETE, False


def _numbers(text: str) -> list[int] | None:
    """``"0;39;10"`` as numbers; None when it is not that."""
    parts = text.split(";")
    if not all(part.isdigit() and part.isascii() for part in parts):
        return None
    return [int(part) for part in parts]


def _mouse(code: int, col: int, row: int, *, released: bool) -> MouseEvent | None:
    """The event of an xterm button code (the low two bits are the button,
    32 marks motion, 64 the wheel); None for motion without a button and
    for buttons the games have no use for."""
    if row < 1 or col < 1 or code & 128:
        return None
    low = code & 3
    if code & 64:
        return (
            None
            if released or low > 1
            else MouseEvent(row - 1, col - 1, "wheel", 4 + low)
        )
    if code & 32:
        return None if low == 3 else MouseEvent(row - 1, col - 1, "drag", low + 1)
    if released:
        return MouseEvent(row - 1, col - 1, "release", low + 1)
    if low == 3:  # X10: a release, which does not say which button
        return MouseEvent(row - 1, col - 1, "release", 0)
    return MouseEvent(row - 1, col - 1, "press", low + 1)


def _csi_event(body: str) -> Event | None:
    """The event of ``ESC [ body`` (body: parameters and final byte)."""
    params, final = body[:-1], body[-1]
    if params.startswith("<") and final in "Mm":
        numbers = _numbers(params[1:])
        if numbers is None or len(numbers) != 3:
            return None
        code, col, row = numbers
        return _mouse(code, col, row, released=final == "m")
    if final == "~":
        numbers = _numbers(params)
        return (
            None
            if numbers is None or len(numbers) != 1
            else _TILDE_KEYS.get(numbers[0])
        )
    if params in ("", "1"):
        return _CSI_FINALS.get(final)
    return None


class Decoder:
    """Turns the bytes read from a terminal into events, however they
    were split between reads.

    :meth:`feed` returns the events of every complete sequence and keeps
    an unfinished one; when no more bytes come within a short delay the
    caller calls :meth:`flush` (:attr:`waiting` says whether to).
    """

    def __init__(self) -> None:
        self._pending = b""
        self._cut = False

    @property
    def waiting(self) -> bool:
        """True when the bytes so far end in an unfinished sequence."""
        return bool(self._pending)

    def feed(self, data: bytes) -> list[Event]:
        """The events ``data`` completes (with what was kept before)."""
        if self._cut:
            self._cut = False
            rest = _CSI_REST.match(data)
            if rest is not None:
                data = data[rest.end() :]
        events, self._pending = _decode(self._pending + data, final=False)
        return events

    def flush(self) -> list[Event]:
        """No more bytes came: a lone Esc is Esc, Esc and one byte are two
        keys, a longer unfinished sequence is dropped. A sequence cut that
        way (a slow link split it) has its rest dropped too, if the next
        bytes are one (parameters, then a final byte): never keys."""
        self._cut = self._pending.startswith(b"\x1b[") and len(self._pending) > 2
        events, self._pending = _decode(self._pending, final=True)
        return events


def _decode(data: bytes, *, final: bool) -> tuple[list[Event], bytes]:
    """(events, the unfinished rest) of ``data``."""
    events: list[Event] = []
    index = 0
    while index < len(data):
        byte = data[index]
        if byte == ESC:
            step = _escape(data, index, events, final=final)
        elif byte < 0x20 or byte == 0x7F:
            events.append(control_key(byte))
            step = index + 1
        else:
            step = _text(data, index, events, final=final)
        if step == _INCOMPLETE:
            return events, data[index:]
        index = step
    return events, b""


def _text(data: bytes, start: int, events: list[Event], *, final: bool) -> int:
    """Decode the run of text from ``start``; return where it ends."""
    end = start
    while end < len(data) and data[end] >= 0x20 and data[end] not in (ESC, 0x7F):
        end += 1
    text, used = codecs.utf_8_decode(
        data[start:end], "replace", final or end < len(data)
    )
    events.extend(text)
    if used == 0 and end > start:
        return _INCOMPLETE  # the first character's bytes have not all come
    return start + used


def _escape(data: bytes, start: int, events: list[Event], *, final: bool) -> int:
    """Read the sequence at ``data[start]`` (Esc); return where it ends."""
    if start + 1 >= len(data):
        if not final:
            return _INCOMPLETE
        events.append(ESCAPE_KEY)
        return start + 1
    kind = data[start + 1]
    if kind == ord("["):
        return _csi(data, start, events, final=final)
    if kind == ord("O"):
        return _ss3(data, start, events, final=final)
    events.append(ESCAPE_KEY)  # Esc, then a key: never an Alt-key
    return start + 1


def _lone_introducer(data: bytes, start: int, events: list[Event]) -> int:
    """``ESC [`` or ``ESC O`` and nothing more came: two keys."""
    events.extend((ESCAPE_KEY, chr(data[start + 1])))
    return start + 2


def _unfinished(data: bytes, start: int, events: list[Event], *, final: bool) -> int:
    """A sequence the data stops inside: wait for the rest, or, when no
    more comes, drop it (or two keys, if it was only its introducer)."""
    if not final:
        return _INCOMPLETE
    if len(data) - start == 2:
        return _lone_introducer(data, start, events)
    return len(data)


def _csi(data: bytes, start: int, events: list[Event], *, final: bool) -> int:
    body = start + 2
    if data[body : body + 1] == b"M":  # X10 mouse: three raw bytes follow
        if len(data) < body + 4:
            return _unfinished(data, start, events, final=final)
        code, col, row = (byte - 32 for byte in data[body + 1 : body + 4])
        report = _mouse(code, col, row, released=False)
        if report is not None:
            events.append(report)
        return body + 4
    if data[body : body + 1] == b"[":  # the Linux console's F1-F5
        if len(data) < body + 2:
            return _unfinished(data, start, events, final=final)
        key = _LINUX_F_KEYS.get(chr(data[body + 1]))
        if key is not None:
            events.append(key)
        return body + 2
    end, complete = _csi_end(data, body)
    if end == _INCOMPLETE:
        if len(data) - start > MAX_SEQUENCE:
            return len(data)  # noise: drop it
        return _unfinished(data, start, events, final=final)
    if not complete:
        return end  # a byte no sequence holds: drop what came before it
    found = _csi_event(data[body:end].decode("ascii"))
    if found is not None:
        events.append(found)
    return end


def _ss3(data: bytes, start: int, events: list[Event], *, final: bool) -> int:
    if start + 2 >= len(data):
        return _unfinished(data, start, events, final=final)
    key = _SS3_FINALS.get(chr(data[start + 2]))
    if key is not None:
        events.append(key)
    if not 0x20 <= data[start + 2] <= 0x7E:
        return start + 2  # not a sequence after all: the byte is read anew
    return start + 3
