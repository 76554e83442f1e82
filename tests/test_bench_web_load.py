"""bench/web_load.py's client gives up on a hung server (issue 37): a
request unanswered within its timeout fails as status 0, the bench goes on
and a later request opens a new connection."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

pytest.importorskip("httpx", reason="the web extra: pip install '.[web]'")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import web_load  # bench/ is not a package: found through sys.path


def test_a_hung_server_fails_the_move_instead_of_hanging_the_bench(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(web_load, "REQUEST_TIMEOUT_S", 0.2)

    async def run() -> tuple[tuple[int, float, bool], int]:
        accepted: list[asyncio.StreamWriter] = []

        async def never_answer(_: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
            accepted.append(w)  # read nothing, answer nothing

        server = await asyncio.start_server(never_answer, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        connection = web_load.Connection(port)
        first = await web_load.slide(connection, "g", "left")
        await web_load.slide(connection, "g", "left")
        await connection.close()
        server.close()
        for writer in accepted:
            writer.close()
        return first, len(accepted)

    (status, seconds, moved), connections = asyncio.run(asyncio.wait_for(run(), 5))
    assert status == 0 and not moved
    assert 0.2 <= seconds < 2
    assert connections == 2, "the hung connection was dropped, a new one opened"
