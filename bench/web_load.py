"""Load on one web server process (issue 22): simulated players on 127.0.0.1.

Starts ``python -m playmanager --web`` on a free loopback port with its
own data folder, then, with asyncio clients (one connection and cookie per
player: a minimal keep-alive HTTP/1.1 client for the timed phases, since
httpx costs more per request than the server on two shared cores; httpx
for the kill -9 phase):

1. **Players**: PLAYERS players each start a 2048 game, then (the clock
   starts once every player has its game) make MOVES slides at RATE moves
   a second (a fast human), scheduled on a clock so a slow answer does not
   slow the offered load. Reported: errors (anything but 200), p50/p99/max
   latency of a move.
   Target: 0 errors, p99 <= 25 ms.
2. **Throughput**: CONCURRENT players with no think time for SECONDS:
   moves a second one server process sustains.
3. **Memory per live game**: the server's resident memory before and
   after GAMES more games are started and moved once, divided.
4. **In-process**: the same slides through the same Session-based game
   objects and database writes, without HTTP; the server's overhead is the
   ratio of the two per-move times.
5. **Kill -9**: players move with no think time; the server is killed
   with SIGKILL mid-run and started again; every game must be at least at
   the last move the server acknowledged (a move in flight may or may not
   have landed). Target: 0 lost moves.
6. **Hints** (``--hints N``, run alone): N clients ask for Forty Thieves
   hints without pause while the players of phase 1 move; solver work has
   a bounded pool of its own (a refused hint is a quick 503), so the
   moves' p99 stays within 25 ms. Reported: phase 1's figures without
   hints, then with them, and the hints answered and refused.

The load average is printed before and after: the machine is shared, and
every figure is from this run only.

    python bench/web_load.py [--players 200] [--moves 500] [--rate 5]
                             [--concurrent 16] [--seconds 10] [--games 2000]
    python bench/web_load.py --hints 30 [--players 200] [--moves 100]
                             [--tree DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import multiprocessing
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DIRECTIONS = ("left", "down", "right", "down")
OK = (200,)  # a slide that moves nothing is answered 200 with no_change
UNCHANGED = b'"no_change":"'
REQUEST_TIMEOUT_S = 10.0
"""A request unanswered this long fails (status 0): a hung server is
reported as errors, never a bench that hangs with it."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """``python -m playmanager --web`` in a process of its own."""

    def __init__(self, folder: Path, tree: Path = ROOT) -> None:
        self.folder = folder
        self.tree = tree
        """The checkout whose code serves (``--tree``)."""
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = {**os.environ, "XDG_DATA_HOME": str(self.folder)}
        if self.tree != ROOT:
            env["PYTHONPATH"] = str(self.tree)
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "playmanager",
                "--web",
                "--no-browser",
                "--port",
                str(self.port),
                "--saves",
                str(self.folder / "saves"),
            ],
            cwd=self.tree,
            env=env,
            stdout=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise TimeoutError("the server did not start")

    def files_mib(self) -> tuple[float, float]:
        """The database's size and its write-ahead log's, in MiB."""
        database = self.folder / "gamestate2048" / "web.sqlite3"
        sizes = [Path(f"{database}{end}") for end in ("", "-wal")]
        found = [p.stat().st_size / 2**20 if p.exists() else 0.0 for p in sizes]
        return found[0], found[1]

    def rss_kib(self) -> int:
        assert self.process is not None
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        line = next(x for x in status.splitlines() if x.startswith("VmRSS:"))
        return int(line.split()[1])

    def cpu_seconds(self) -> float:
        """User and system CPU time the server has used so far."""
        assert self.process is not None
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1]
        utime, stime = fields.split()[11:13]
        return (int(utime) + int(stime)) / os.sysconf("SC_CLK_TCK")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Connection:
    """One keep-alive HTTP/1.1 connection with a cookie: a few lines of
    asyncio streams, because at a thousand moves a second on two shared
    cores httpx's own cost per request (more than the server's) would be
    measured instead of the server."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookie = b""
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: bytes) -> tuple[int, bytes]:
        """(status, body); TimeoutError (an OSError) after REQUEST_TIMEOUT_S,
        and the connection is then dropped: the next request opens another."""
        try:
            return await asyncio.wait_for(self.exchange(path, body), REQUEST_TIMEOUT_S)
        except TimeoutError:
            await self.close()
            raise

    async def exchange(self, path: str, body: bytes) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(
                "127.0.0.1", self.port
            )
        assert self.reader is not None
        self.writer.write(
            b"POST " + path.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nContent-Length: "
            + str(len(body)).encode()
            + b"\r\n"
            + self.cookie
            + b"\r\n"
            + body
        )
        head = await self.reader.readuntil(b"\r\n\r\n")
        status = int(head[9:12])
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.lower() == b"content-length":
                length = int(value)
            elif name.lower() == b"set-cookie":
                self.cookie = b"Cookie: " + value.strip().split(b";")[0] + b"\r\n"
        return status, await self.reader.readexactly(length)

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def limits() -> httpx.Limits:
    return httpx.Limits(max_connections=1, max_keepalive_connections=1)


SLIDES = {d: json.dumps({"kind": "slide", "direction": d}).encode() for d in DIRECTIONS}


async def new_game(connection: Connection, seed: int) -> str:
    status, body = await connection.post(
        "/api/games", json.dumps({"game": "2048", "seed": seed}).encode()
    )
    assert status == 201, body
    game_id: str = json.loads(body)["id"]
    return game_id


async def slide(
    connection: Connection, game_id: str, direction: str
) -> tuple[int, float, bool]:
    """(status, seconds, whether tiles moved); status 0 for a failed request."""
    start = time.perf_counter()
    body = b""
    try:
        status, body = await connection.post(
            f"/api/games/{game_id}/intent", SLIDES[direction]
        )
    except (OSError, asyncio.IncompleteReadError):
        status = 0
    return status, time.perf_counter() - start, status == 200 and UNCHANGED not in body


# ---------------------------------------------------------------- 1. players
async def player(
    connection: Connection,
    game_id: str,
    seed: int,
    moves: int,
    rate: float,
    start: float,
    latencies: list[float],
    errors: list[int],
) -> None:
    """``moves`` slides at ``rate`` a second from ``start`` (perf_counter)."""
    start += (seed % 100) / 100 / rate  # spread the players over a move's time
    for n, direction in zip(range(moves), itertools.cycle(DIRECTIONS)):
        delay = start + n / rate - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        status, took, moved = await slide(connection, game_id, direction)
        latencies.append(took)
        if status not in OK:
            errors.append(status)
        elif not moved:  # nothing moved: a new game keeps the load real
            game_id = await new_game(connection, seed + n)


async def players(
    server: Server, count: int, moves: int, rate: float, label: str = "1."
) -> float:
    latencies: list[float] = []
    errors: list[int] = []
    # Every player has its game before the clock starts: a burst of
    # `count` new games at once is not what the moves' latency measures.
    connections = [Connection(server.port) for _ in range(count)]
    game_ids = await asyncio.gather(
        *(new_game(c, seed) for seed, c in enumerate(connections))
    )
    began, cpu, rss = time.perf_counter(), server.cpu_seconds(), server.rss_kib()
    start = began + 0.1
    try:
        await asyncio.gather(
            *(
                player(c, game_id, seed, moves, rate, start, latencies, errors)
                for seed, (c, game_id) in enumerate(
                    zip(connections, game_ids, strict=True)
                )
            )
        )
    finally:
        await asyncio.gather(*(c.close() for c in connections))
    took = time.perf_counter() - began
    cpu = server.cpu_seconds() - cpu
    ms = [x * 1000 for x in latencies]
    print(
        f"{label} {count} players x {moves} moves at {rate:g}/s: {len(ms)} moves in "
        f"{took:.1f} s ({len(ms) / took:.0f} moves/s), errors {len(errors)}, "
        f"latency p50 {percentile(ms, 0.5):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms, "
        f"max {max(ms):.1f} ms (target p99 <= 25 ms)\n"
        f"   server CPU {cpu * 1000 / len(ms):.2f} ms a move ({cpu / took:.0%} of a "
        f"core); resident memory +{(server.rss_kib() - rss) / 1024:.1f} MiB "
        "(each game's undo history is kept in memory); database "
        "{:.1f} MiB, its log {:.1f} MiB".format(*server.files_mib())
    )
    return percentile(ms, 0.5)


# ---------------------------------------------------------------- 2. throughput
async def flat_out(port: int, seed: int, until: float, counts: list[int]) -> None:
    connection = Connection(port)
    try:
        game_id = await new_game(connection, seed)
        for n, direction in enumerate(itertools.cycle(DIRECTIONS)):
            if time.perf_counter() >= until:
                return
            status, _, moved = await slide(connection, game_id, direction)
            counts.append(status)
            if not moved:
                game_id = await new_game(connection, seed * 1000 + n)
    finally:
        await connection.close()


async def throughput(port: int, concurrent: int, seconds: float) -> float:
    counts: list[int] = []
    began = time.perf_counter()
    until = began + seconds
    await asyncio.gather(*(flat_out(port, s, until, counts) for s in range(concurrent)))
    rate = len(counts) / (time.perf_counter() - began)
    bad = sum(status not in OK for status in counts)
    print(
        f"2. no think time, {concurrent} players for {seconds:g} s: "
        f"{rate:.0f} moves/s (errors {bad})"
    )
    return rate


# ---------------------------------------------------------------- 3. memory
async def memory(server: Server, games: int) -> None:
    before = server.rss_kib()
    connection = Connection(server.port)
    for seed in range(games):
        game_id = await new_game(connection, 10_000 + seed)
        await slide(connection, game_id, "left")
    await connection.close()
    after = server.rss_kib()
    print(
        f"3. memory (a fresh server): {games} live games: resident {before / 1024:.1f} -> "
        f"{after / 1024:.1f} MiB, {(after - before) * 1024 / games:.0f} bytes a game"
    )


# ---------------------------------------------------------------- 4. in-process
def in_process(moves: int, folder: Path) -> float:
    """Seconds a move takes through the same game objects and database."""
    from playmanager.web.games import RefusedError
    from playmanager.web.games.twenty48 import Slide, Twenty48Game
    from playmanager.web.live import LiveGames
    from playmanager.web.store import Store

    games = LiveGames(Store(str(folder / "in-process.sqlite3")))
    client = games.new_client()
    live = games.create(client, Twenty48Game.new({"seed": 1}))
    began = time.perf_counter()
    for n, direction in zip(range(moves), itertools.cycle(DIRECTIONS)):
        try:
            live.game.play(Slide(direction))
            games.record(live)
            live.game.view()
        except RefusedError:
            live = games.create(client, Twenty48Game.new({"seed": n}))
    return (time.perf_counter() - began) / moves


# ---------------------------------------------------------------- 5. kill -9
async def mover(
    base: str, seed: int, acknowledged: dict[str, Any], stop: asyncio.Event
) -> None:
    async with httpx.AsyncClient(base_url=base, limits=limits(), timeout=5) as client:
        game = {"game": "2048", "seed": seed}
        try:
            game_id = (await client.post("/api/games", json=game)).json()["id"]
            for direction in itertools.cycle(DIRECTIONS):
                if stop.is_set():
                    return
                answer = await client.post(
                    f"/api/games/{game_id}/intent",
                    json={"kind": "slide", "direction": direction},
                )
                out = answer.json()
                if answer.status_code == 200 and out["no_change"] is None:
                    acknowledged[game_id] = out
                else:
                    game_id = (await client.post("/api/games", json=game)).json()["id"]
        except httpx.HTTPError:
            return  # the server is gone


async def kill_nine(server: Server, count: int) -> None:
    acknowledged: dict[str, Any] = {}
    stop = asyncio.Event()
    # The movers' cookies are their own; the check reads with the same ones.
    clients = [
        asyncio.create_task(mover(server.base, 50_000 + s, acknowledged, stop))
        for s in range(count)
    ]
    await asyncio.sleep(2)
    server.kill()
    stop.set()
    await asyncio.gather(*clients)
    server.start()
    lost = in_flight = 0
    from playmanager.web.store import Store

    store = Store(str(server.folder / "gamestate2048" / "web.sqlite3"))
    for game_id, last in acknowledged.items():
        stored = store.game(game_id)
        assert stored is not None
        moves_now, moves_then = stored.dump["moves"], last["state"]["moves"]
        if moves_now < moves_then or (
            moves_now == moves_then and stored.dump["board"] != last["state"]["board"]
        ):
            lost += 1
        in_flight += moves_now == moves_then + 1
    store.close()
    print(
        f"5. kill -9 after 2 s of {count} players with no think time: "
        f"{len(acknowledged)} games, {lost} lost acknowledged moves (target 0); "
        f"{in_flight} games kept the move in flight when the server died"
    )


# ---------------------------------------------------------------- 6. hints
HINT_PAUSE = 2.0
"""A refused hint asks again after the server's Retry-After, as the page."""


async def hinter(port: int, seed: int, until: float, counts: list[int]) -> None:
    """Ask for Forty Thieves hints (about 0.1 s of CPU each) without pause."""
    connection = Connection(port)
    try:
        body = json.dumps({"game": "forty-thieves", "seed": seed}).encode()
        _, answer = await connection.post("/api/games", body)
        game_id = json.loads(answer)["id"]
        while time.perf_counter() < until:
            try:
                status, _ = await connection.post(f"/api/games/{game_id}/hint", b"{}")
            except (OSError, asyncio.IncompleteReadError):
                status = 0
            counts.append(status)
            if status != 200:
                await asyncio.sleep(HINT_PAUSE)
    finally:
        await connection.close()


def hint_load(port: int, count: int, seconds: float) -> None:
    """``count`` hinting clients for ``seconds``, in a process of their own
    (so that they never delay the timing of the players' moves); prints
    what they got."""

    async def run() -> list[int]:
        counts: list[int] = []
        until = time.perf_counter() + seconds
        await asyncio.gather(*(hinter(port, s, until, counts) for s in range(count)))
        return counts

    counts = asyncio.run(run())
    answered, busy = counts.count(200), counts.count(503)
    print(
        f"   meanwhile {count} clients asked for Forty Thieves hints without pause "
        f"(after a 503, again after Retry-After): {answered} answered, {busy} "
        f"refused at once with 503, {len(counts) - answered - busy} other",
        flush=True,
    )


async def hints_while_moving(server: Server, args: argparse.Namespace) -> None:
    # The same players first without hints: on a shared machine that is
    # the figure to compare with, from the same minute.
    await players(server, args.players, args.moves, args.rate, label="6a. no hints:")
    seconds = args.moves / args.rate + 2
    hinting = multiprocessing.Process(
        target=hint_load, args=(server.port, args.hints, seconds)
    )
    hinting.start()
    await asyncio.sleep(1.0)  # the hints are under way before the moves
    label = f"6b. {args.hints} hinting:"
    await players(server, args.players, args.moves, args.rate, label=label)
    await asyncio.to_thread(hinting.join)


async def main_async(args: argparse.Namespace, server: Server) -> tuple[float, float]:
    await memory(server, args.games)
    p50 = await players(server, args.players, args.moves, args.rate)
    rate = await throughput(server.port, args.concurrent, args.seconds)
    await kill_nine(server, args.concurrent)
    return p50, rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--moves", type=int, default=500)
    parser.add_argument("--rate", type=float, default=5.0)
    parser.add_argument("--concurrent", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument(
        "--hints",
        type=int,
        default=0,
        metavar="N",
        help="only phase 6: N clients asking for hints while the players move",
    )
    parser.add_argument(
        "--tree",
        type=Path,
        default=ROOT,
        help="serve the code of this checkout (git worktree add DIR REV), "
        "to compare trees with the same clients; default: this one",
    )
    args = parser.parse_args()
    print(
        f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
        f"on {os.cpu_count()} cores"
    )
    with tempfile.TemporaryDirectory(prefix="web-load-") as folder:
        server = Server(Path(folder), args.tree.resolve())
        server.start()
        try:
            if args.hints:
                asyncio.run(hints_while_moving(server, args))
                return
            p50, rate = asyncio.run(main_async(args, server))
        finally:
            server.stop()
        per_move = in_process(2000, Path(folder))
        print(
            f"4. in-process, the same game objects and database writes: "
            f"{per_move * 1e3:.3f} ms a move ({1 / per_move:.0f} moves/s); "
            f"server p50 / in-process = {p50 / (per_move * 1e3):.1f}x, "
            f"in-process moves/s / server's = {1 / per_move / rate:.1f}x"
        )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
