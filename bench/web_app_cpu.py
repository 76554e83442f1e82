"""The web app's own CPU a move (issue 37): moves driven through ASGI.

No socket, no uvicorn, no client: the app as uvicorn calls it, so the
figure is the app's alone (FastAPI, the Guard, the game, the database
commit) and is steadier on a shared machine than the server's CPU a move
that ``bench/web_load.py`` prints (which adds uvicorn and the kernel).
Each tree named is run in a fresh process, in turn, ROUNDS times, so that
old and new code meet the same minutes of load:

    python bench/web_app_cpu.py [--moves 3000] [--rounds 2] [TREE ...]

A TREE is a checkout's folder (``git archive REV | tar -x -C DIR``);
none: this tree. The load average is printed before and after.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DRIVER = r"""
import asyncio, itertools, json, sys, tempfile, time
from pathlib import Path
from playmanager.web.app import create_app
from playmanager.web.deps import WebConfig

async def call(app, path, body, cookie):
    headers = [(b"host", b"127.0.0.1"), (b"content-type", b"application/json"),
               (b"content-length", str(len(body)).encode())]
    if cookie:
        headers.append((b"cookie", cookie))
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "POST", "scheme": "http", "path": path,
             "raw_path": path.encode(), "root_path": "", "query_string": b"",
             "headers": headers, "client": ("127.0.0.1", 1),
             "server": ("127.0.0.1", 80)}
    sent = []
    async def receive():
        return {"type": "http.request", "body": body, "more_body": False}
    async def send(message):
        sent.append(message)
    await app(scope, receive, send)
    cookies = [v for k, v in sent[0]["headers"] if k == b"set-cookie"]
    return sent[0]["status"], b"".join(m.get("body", b"") for m in sent[1:]), cookies

async def main(moves):
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(WebConfig(Path(folder) / "web.sqlite3", Path(folder) / "saves"))
        cookie = b""
        async def new(seed):
            nonlocal cookie
            status, body, cookies = await call(
                app, "/api/games", json.dumps({"game": "2048", "seed": seed}).encode(), cookie)
            assert status == 201, body
            cookie = cookies[0].split(b";")[0] if cookies else cookie
            return json.loads(body)["id"]
        game_id = await new(1)
        slides = [json.dumps({"kind": "slide", "direction": d}).encode()
                  for d in ("left", "down", "right", "down")]
        began = time.process_time()
        for n, slide in zip(range(moves), itertools.cycle(slides)):
            status, body, _ = await call(app, f"/api/games/{game_id}/intent", slide, cookie)
            assert status == 200, body
            if b'"no_change":"' in body:  # nothing moved: a new game keeps it real
                game_id = await new(n)
        print((time.process_time() - began) / moves)
        app.state.server.close()

asyncio.run(main(int(sys.argv[1])))
"""


def cpu_a_move(tree: Path, moves: int) -> float:
    """Seconds of CPU a move of the app in ``tree``, in a fresh process."""
    out = subprocess.run(
        [sys.executable, "-c", DRIVER, str(moves)],
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree)},
        check=True,
        capture_output=True,
        text=True,
    )
    return float(out.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("trees", nargs="*", type=Path, default=[ROOT])
    args = parser.parse_args()
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load average before: {load} on {os.cpu_count()} cores")
    figures: dict[Path, list[float]] = {tree: [] for tree in args.trees}
    for _ in range(args.rounds):
        for tree in args.trees:
            figures[tree].append(cpu_a_move(tree, args.moves) * 1000)
    first = min(figures[args.trees[0]])
    for tree, ms in figures.items():
        shown = ", ".join(f"{x:.3f}" for x in ms)
        print(
            f"{tree}: {shown} ms of CPU a move ({args.moves} moves a round); "
            f"best {min(ms) / first:.2f}x the first tree's"
        )
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load average after: {load}")


if __name__ == "__main__":
    main()
