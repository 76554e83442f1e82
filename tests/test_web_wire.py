"""An answer leaves the server in one write (playmanager/web/wire.py): a
head is held until its body comes and leaves with it."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason="the web extra: pip install '.[web]'")

from playmanager.web.wire import CoalescingTransport


class Socket(asyncio.Transport):
    """What a socket's transport was asked to do."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[bytes] = []
        self.closed = self.aborted = False

    def write(self, data: Any) -> None:
        self.writes.append(bytes(data))

    def close(self) -> None:
        self.closed = True

    def abort(self) -> None:
        self.aborted = True

    def is_closing(self) -> bool:
        return self.closed or self.aborted

    def get_write_buffer_size(self) -> int:
        return 0


async def next_turn() -> None:
    await asyncio.sleep(0)


def test_a_head_leaves_with_its_body_at_once() -> None:
    async def run() -> None:
        socket = Socket()
        wire = CoalescingTransport(socket)
        head = b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n"
        wire.write(head)
        assert socket.writes == [] and wire.get_write_buffer_size() == len(head)
        wire.write(b"{}")  # not held to the turn's end: no later than before
        assert socket.writes == [head + b"{}"]
        await next_turn()
        assert socket.writes == [head + b"{}"]

    asyncio.run(run())


def test_a_head_alone_leaves_at_the_end_of_the_turn() -> None:
    async def run() -> list[bytes]:
        socket = Socket()
        CoalescingTransport(socket).write(b"HTTP/1.1 200 OK\r\n\r\n")
        await next_turn()
        return socket.writes

    assert asyncio.run(run()) == [b"HTTP/1.1 200 OK\r\n\r\n"]


def test_close_sends_what_was_written_first_and_abort_drops_it() -> None:
    async def run() -> tuple[Socket, Socket]:
        closed, aborted = Socket(), Socket()
        wire = CoalescingTransport(closed)
        wire.write(b"bye")
        wire.close()
        dropped = CoalescingTransport(aborted)
        dropped.write(b"never sent")
        dropped.abort()
        await next_turn()  # the flush scheduled finds nothing left to send
        return closed, aborted

    closed, aborted = asyncio.run(run())
    assert closed.writes == [b"bye"] and closed.closed
    assert aborted.writes == [] and aborted.aborted
