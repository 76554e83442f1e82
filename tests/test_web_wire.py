"""An answer leaves the server in one write (playmanager/web/wire.py): the
writes made in one turn of the event loop reach the socket as one."""

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


def test_a_head_and_its_body_leave_in_one_write() -> None:
    async def run() -> list[bytes]:
        socket = Socket()
        wire = CoalescingTransport(socket)
        wire.write(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n")
        wire.write(b"{}")
        assert socket.writes == [] and wire.get_write_buffer_size() == 40
        await next_turn()
        wire.write(b"HTTP/1.1 204 No Content\r\n\r\n")  # the next answer
        await next_turn()
        return socket.writes

    assert asyncio.run(run()) == [
        b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}",
        b"HTTP/1.1 204 No Content\r\n\r\n",
    ]


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
