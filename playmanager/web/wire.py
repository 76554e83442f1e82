"""An answer leaves the server in one write.

uvicorn writes a response's head when the app starts it and its body when
the app sends it: two system calls and two TCP segments for every move,
and a client that wakes for the head and again for the body. On loopback
each write also runs the receiving side's network stack, so the writes
were a quarter of the server's time a move under load (py-spy).
:class:`CoalescingTransport` holds a write back until the next one and
sends the two as one, at once: a head leaves with its body as soon as the
body comes, never later than without it. A write held alone (a head
whose body comes later, as a streamed file's) leaves at the end of the
event loop's turn. :class:`HttpProtocol` is uvicorn's httptools protocol
with it.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


class CoalescingTransport(asyncio.Transport):
    """A transport that sends a write with the next one (module docstring)."""

    def __init__(self, transport: asyncio.Transport) -> None:
        super().__init__()
        self._transport = transport
        self._held = b""

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if self._held:
            self._transport.write(self._held + data)
            self._held = b""
        elif data:
            self._held = bytes(data)
            asyncio.get_running_loop().call_soon(self.flush)

    def flush(self) -> None:
        """Send a write still held (nothing once the connection is closing)."""
        if self._held and not self._transport.is_closing():
            self._transport.write(self._held)
        self._held = b""

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def write_eof(self) -> None:
        self.flush()
        self._transport.write_eof()

    def abort(self) -> None:
        self._held = b""
        self._transport.abort()

    def get_write_buffer_size(self) -> int:
        return len(self._held) + self._transport.get_write_buffer_size()

    # The rest as the socket's own transport does it.
    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return self._transport.get_extra_info(name, default)

    def is_closing(self) -> bool:
        return self._transport.is_closing()

    def set_protocol(self, protocol: asyncio.BaseProtocol) -> None:
        self._transport.set_protocol(protocol)

    def get_protocol(self) -> asyncio.BaseProtocol:
        return self._transport.get_protocol()

    def is_reading(self) -> bool:
        return self._transport.is_reading()

    def pause_reading(self) -> None:
        self._transport.pause_reading()

    def resume_reading(self) -> None:
        self._transport.resume_reading()

    def can_write_eof(self) -> bool:
        return self._transport.can_write_eof()

    def set_write_buffer_limits(
        self, high: int | None = None, low: int | None = None
    ) -> None:
        self._transport.set_write_buffer_limits(high, low)

    def get_write_buffer_limits(self) -> tuple[int, int]:
        return self._transport.get_write_buffer_limits()


class HttpProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, writing through :class:`CoalescingTransport`."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.transport = CoalescingTransport(transport)
