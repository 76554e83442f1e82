"""What every request passes before the app sees it, as one ASGI layer.

* The Host header must name the loopback interface when the server is
  bound to it, so that a web page on another site cannot reach it by
  rebinding its own name to 127.0.0.1 (DNS rebinding).
* A request body is read whole, up to ``max_body`` bytes; a bigger one is
  refused with 413 before any route runs.
* Every response carries a Content-Security-Policy (scripts and styles of
  this server only, no ``eval``, no inline script, no framing) and the
  other headers that keep a browser from guessing.

Errors are JSON: ``{"error": "one line", "field": ...}``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Final

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)
SECURITY_HEADERS: Final = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
)
LOOPBACK_NAMES: Final = frozenset({"127.0.0.1", "localhost", "::1", "[::1]"})


def host_name(value: str) -> str:
    """The host of a Host header, without its port."""
    if value.startswith("["):  # [::1]:8048
        return value.partition("]")[0] + "]"
    return value.rpartition(":")[0] if value.count(":") == 1 else value


class Guard:
    """The ASGI layer described in the module docstring."""

    def __init__(
        self, app: ASGIApp, *, max_body: int, allowed_hosts: Iterable[str] | None
    ) -> None:
        """``allowed_hosts`` None: any Host (a server opened to the network)."""
        self.app = app
        self.max_body = max_body
        self.allowed_hosts = None if allowed_hosts is None else frozenset(allowed_hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        problem = self._header_problem(scope)
        if problem is not None:
            await _refuse(send_with_headers, *problem)
            return
        body = await self._read_body(receive)
        if body is None:
            await _refuse(send_with_headers, 413, self._too_big(), None)
            return
        await self.app(scope, replay(body, receive), send_with_headers)

    def _header_problem(self, scope: Scope) -> tuple[int, str, str | None] | None:
        headers = dict(scope["headers"])
        if self.allowed_hosts is not None:
            host = host_name(headers.get(b"host", b"").decode("latin-1"))
            if host not in self.allowed_hosts:
                return (
                    400,
                    "the Host header must name this computer (127.0.0.1)",
                    "host",
                )
        length = headers.get(b"content-length")
        if length is not None and not length.isdigit():
            return 413, self._too_big(), None
        if length is not None and int(length) > self.max_body:
            return 413, self._too_big(int(length)), None
        return None

    def _too_big(self, size: int | None = None) -> str:
        """The refusal in words, with the size when it is known (a body
        sent in chunks is stopped as soon as it passes the limit)."""
        largest = f"the largest accepted is {size_words(self.max_body)}"
        if size is None:
            return f"this save is over {size_words(self.max_body)}; {largest}"
        return f"this save is {size_words(size)}; {largest}"

    async def _read_body(self, receive: Receive) -> bytes | None:
        """The whole body, or None once it passes ``max_body``."""
        chunks = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        return b"".join(chunks)


def size_words(size: int) -> str:
    """A size in bytes as a person reads it: 3 MiB, 2.5 MiB, 300 KiB."""
    for unit, scale in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size >= scale:
            shown = f"{size / scale:.1f}".removesuffix(".0")
            return f"{shown} {unit}"
    return f"{size} bytes"


def replay(body: bytes, receive: Receive) -> Receive:
    """A receive that gives ``body`` whole, then what ``receive`` gives."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


async def _refuse(send: Send, status: int, message: str, field: str | None) -> None:
    body = json.dumps({"error": message, "field": field}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
