"""The terminal's bytes as keys and mouse events (playmanager.screen.input).

Sequences a terminal sends are one event or nothing, never keys; Esc and
a key are two keys; how the bytes were split between reads never
changes what they mean; no input makes the decoder raise.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from playmanager.screen.input import Decoder, Event, MouseEvent


def decode(*chunks: bytes) -> list[Event]:
    """Feed the chunks as separate reads; then no more bytes come."""
    decoder = Decoder()
    events = [event for chunk in chunks for event in decoder.feed(chunk)]
    return events + decoder.flush()


@pytest.mark.parametrize(
    ("data", "events"),
    [
        (b"a", ["a"]),
        (b"\xc3\xa9", ["\u00e9"]),
        (b"\r", ["\n"]),
        (b"\n", ["\n"]),
        (b"\x03", ["^C"]),
        (b"\x7f", ["KEY_BACKSPACE"]),
        (b"\x08", ["KEY_BACKSPACE"]),
        (b"\t", ["^I"]),
        (b"\x1b", ["^["]),
        (b"\x1b[A", ["KEY_UP"]),
        (b"\x1b[1B", ["KEY_DOWN"]),
        (b"\x1bOC", ["KEY_RIGHT"]),  # application cursor keys
        (b"\x1bOD", ["KEY_LEFT"]),
        (b"\x1bOP", ["KEY_F(1)"]),
        (b"\x1b[11~", ["KEY_F(1)"]),
        (b"\x1b[24~", ["KEY_F(12)"]),
        (b"\x1b[3~", ["KEY_DC"]),
        (b"\x1b[[A", ["KEY_F(1)"]),  # the Linux console
        (b"\x1b[Z", ["KEY_BTAB"]),
        (b"\x1bOM", ["\n"]),
    ],
)
def test_keys(data: bytes, events: list[Event]) -> None:
    assert decode(data) == events


@pytest.mark.parametrize(
    "data",
    [
        b"\x1b[1;5A",  # Ctrl-Up: no table binds it
        b"\x1b[?1;2c",  # a device attributes answer
        b"\x1b[I",  # focus in
        b"\x1b[200~",  # bracketed paste start
        b"\x1b[99~",
        b"\x1b[<0;0;5M",  # a report at column 0 does not exist
        b"\x1b[<0;1M",  # too few numbers
        b"\x1b[<1:2;3M",
        b"\x1b[<35;4;4M",  # motion without a button (not asked for)
        b"\x1b[<128;4;4M",  # buttons 8-11
        b"\x1bOz",
    ],
)
def test_a_sequence_it_does_not_know_is_dropped_whole(data: bytes) -> None:
    assert decode(data) == []
    assert decode(b"x" + data + b"y") == ["x", "y"]


def test_an_sgr_report_is_one_event_not_keys() -> None:
    """Under TERM=tmux-256color curses read this as Esc [ < 0 ... and the
    0 picked tableau 10 in Forty Thieves."""
    assert decode(b"\x1b[<0;39;10M") == [MouseEvent(9, 38, "press", 1)]


@pytest.mark.parametrize(
    ("data", "event"),
    [
        (b"\x1b[<0;5;3M", MouseEvent(2, 4, "press", 1)),
        (b"\x1b[<2;5;3M", MouseEvent(2, 4, "press", 3)),
        (b"\x1b[<32;6;3M", MouseEvent(2, 5, "drag", 1)),
        (b"\x1b[<0;6;3m", MouseEvent(2, 5, "release", 1)),
        (b"\x1b[<64;1;1M", MouseEvent(0, 0, "wheel", 4)),
        (b"\x1b[<65;1;1M", MouseEvent(0, 0, "wheel", 5)),
        (b"\x1b[<4;300;200M", MouseEvent(199, 299, "press", 1)),  # with Shift
        # X10: ESC [ M, then button, column and row as bytes from 32
        (b"\x1b[M %#", MouseEvent(2, 4, "press", 1)),
        (b"\x1b[M@&#", MouseEvent(2, 5, "drag", 1)),
        (b"\x1b[M#&#", MouseEvent(2, 5, "release", 0)),
        (b"\x1b[M`!!", MouseEvent(0, 0, "wheel", 4)),
        (b"\x1b[M \xff\xff", MouseEvent(222, 222, "press", 1)),  # raw bytes
    ],
)
def test_mouse_reports_sgr_and_x10(data: bytes, event: MouseEvent) -> None:
    assert decode(data) == [event]


def test_esc_then_a_key_is_two_keys_never_an_alt_key() -> None:
    """The issue saw Esc quickly followed by F eaten as Alt-F; here there
    is no Alt-key at all."""
    assert decode(b"\x1bF1") == ["^[", "F", "1"]
    assert decode(b"\x1b\x1b") == ["^[", "^["]
    assert decode(b"\x1b", b"F", b"1") == ["^[", "F", "1"]


def test_a_lone_introducer_is_two_keys_and_a_cut_sequence_is_dropped() -> None:
    assert decode(b"\x1b[") == ["^[", "["]
    assert decode(b"\x1bO") == ["^[", "O"]
    assert decode(b"\x1b[<0;39") == []
    assert decode(b"\x1b[M ") == []


def test_a_sequence_split_between_reads_is_waited_for() -> None:
    decoder = Decoder()
    assert decoder.feed(b"\x1b[<0;3") == []
    assert decoder.waiting
    assert decoder.feed(b"9;10M") == [MouseEvent(9, 38, "press", 1)]
    assert not decoder.waiting
    assert decoder.feed(b"\xe2\x99") == []  # half a character
    assert decoder.feed(b"\xa0") == ["\u2660"]


def test_a_control_byte_inside_a_sequence_ends_it() -> None:
    assert decode(b"\x1b[1\x03") == ["^C"]
    assert decode(b"\x1b[\x1b[A") == ["KEY_UP"]


def test_noise_longer_than_any_sequence_is_dropped() -> None:
    assert decode(b"\x1b[" + b"1;" * 100) == []


@given(st.binary(max_size=200), st.lists(st.integers(0, 200), max_size=8))
def test_how_the_bytes_are_split_never_matters(data: bytes, cuts: list[int]) -> None:
    points = sorted({min(cut, len(data)) for cut in cuts})
    chunks = [
        data[a:b] for a, b in zip([0, *points], [*points, len(data)], strict=True)
    ]
    assert decode(*chunks) == decode(data)


@given(st.binary(max_size=300))
def test_any_bytes_give_key_names_or_mouse_events_on_the_screen(data: bytes) -> None:
    for event in decode(data):
        if isinstance(event, MouseEvent):
            assert event.row >= 0 and event.col >= 0
            assert event.action in ("press", "release", "drag", "wheel")
        else:
            assert isinstance(event, str) and event


PARAMETERS = st.text(alphabet="0123456789:;<=>?", max_size=12)
INTERMEDIATES = st.text(alphabet=" !\"#$%&'()*+,-./", max_size=2)
FINALS = st.sampled_from([chr(code) for code in range(0x40, 0x7F)])


@given(PARAMETERS, INTERMEDIATES, FINALS)
def test_a_random_csi_sequence_is_never_played_as_keys(
    parameters: str, intermediates: str, final: str
) -> None:
    """An escape sequence is one event or none: none of its characters
    becomes a key (the issue's SGR report played '0' as tableau 10)."""
    body = parameters + intermediates + final
    if body.startswith(("M", "[")):  # X10 and the Linux console: own shapes
        return
    events = decode(b"(" + b"\x1b[" + body.encode() + b")")
    assert events[0] == "(" and events[-1] == ")"
    assert len(events) <= 3
    if len(events) == 3:
        middle = events[1]
        assert isinstance(middle, MouseEvent) or middle.startswith("KEY_")


def test_the_rest_of_a_sequence_cut_by_a_slow_link_is_not_played() -> None:
    """Its start waited out the delay and was dropped; its rest comes
    later and is dropped too, so '9' does not pick tableau 9."""
    decoder = Decoder()
    assert decoder.feed(b"\x1b[<0;3") == []
    assert decoder.flush() == []
    assert decoder.feed(b"9;10M") == []
    assert decoder.feed(b"9") == ["9"]  # afterwards keys are keys again


def test_a_key_after_a_cut_sequence_is_a_key() -> None:
    decoder = Decoder()
    decoder.feed(b"\x1b[<0;3")
    decoder.flush()
    assert decoder.feed(b"q") == ["q"]
    decoder.feed(b"\x1b")
    assert decoder.flush() == ["^["]
    assert decoder.feed(b"1;5A") == ["1", ";", "5", "A"]  # after a lone Esc
