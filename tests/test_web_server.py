"""``python -m playmanager --web`` as a process: its command line, its
messages, a server killed with SIGKILL, and the import wall around it."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra: pip install '.[web]'")
httpx = pytest.importorskip("httpx")

from playmanager.web.cli import page_url
from tests.test_web_browser import free_port, wait_for_port

ROOT = Path(__file__).resolve().parent.parent
ANSWER_SECONDS = 30.0
"""A request's wait: a loaded CI machine (two cores, other jobs) has made a
restarted server's first answers wait past httpx's 5 s."""
WEB_STACK = ("fastapi", "starlette", "uvicorn", "pydantic", "anyio", "playmanager.web")


STARTED: list[subprocess.Popen[bytes]] = []
"""The servers this test started, for :func:`no_server_left`."""


@pytest.fixture(autouse=True)
def no_server_left() -> Iterator[None]:
    """A test that fails midway leaves no server running (a failed request
    skipped its test's own terminate, and the server outlived the run)."""
    yield
    while STARTED:
        process = STARTED.pop()
        if process.poll() is None:
            process.kill()
        process.wait()


def start(folder: Path, *arguments: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "XDG_DATA_HOME": str(folder / "data")}
    process = subprocess.Popen(
        [sys.executable, "-m", "playmanager", "--web", "--no-browser", *arguments],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    STARTED.append(process)
    return process


def run(folder: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_DATA_HOME": str(folder / "data")}
    return subprocess.run(
        [sys.executable, "-m", "playmanager", "--web", "--no-browser", *arguments],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )


@pytest.fixture
def occupied() -> Iterator[int]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield sock.getsockname()[1]


def test_a_taken_port_is_one_line_naming_it(tmp_path: Path, occupied: int) -> None:
    done = run(tmp_path, "--port", str(occupied))
    assert done.returncode == 2
    expected = (
        f"playmanager: cannot listen on 127.0.0.1 port {occupied}: Address already "
        "in use; choose another with --port N"
    )
    assert done.stderr.splitlines() == [expected]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["nowhere.2048"], "playmanager: nowhere.2048 does not exist"),
        (
            ["--game", "dots", "saves/fresh.2048"],
            "playmanager: saves/fresh.2048 holds a game of 2048, not dots",
        ),
        (["--port", "0"], "the port must be 1 to 65535"),
    ],
)
def test_a_bad_command_line_is_one_line(
    tmp_path: Path, arguments: list[str], message: str
) -> None:
    done = run(tmp_path, *arguments)
    assert done.returncode == 2
    assert message in done.stderr.splitlines()[-1]


def test_a_save_that_does_not_load_gets_the_terminals_message(tmp_path: Path) -> None:
    bad = tmp_path / "bad.dots"
    bad.write_text("dots save 1\nR R\n")
    web = run(tmp_path, str(bad))
    terminal = subprocess.run(
        [sys.executable, "-m", "playmanager", str(bad)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        input="",
        timeout=30,
        check=False,
    )
    assert web.returncode == terminal.returncode == 2
    assert web.stderr.strip() == terminal.stderr.strip().splitlines()[-1]


def test_a_server_open_to_the_network_says_so_loudly(tmp_path: Path) -> None:
    port = free_port()
    process = start(tmp_path, "--host", "0.0.0.0", "--port", str(port))
    try:
        wait_for_port(port, process)
    finally:
        process.terminate()
        _, stderr = process.communicate(timeout=10)
    warning = stderr.decode()
    assert f"WARNING: listening on 0.0.0.0:{port}" in warning
    assert "Every computer that can reach this one can play here" in warning


def test_a_server_that_never_listens_is_killed_when_the_wait_runs_out() -> None:
    """A start-up wait that runs out leaves no server process behind."""
    silent = subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(60)"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        with pytest.raises(TimeoutError, match="no server on port"):
            wait_for_port(free_port(), silent, seconds=0.3)
        assert silent.poll() is not None, "the process still runs"
    finally:
        silent.kill()
        silent.wait()


def test_without_the_web_extra_it_says_how_to_install_it(tmp_path: Path) -> None:
    code = (
        "import sys; sys.modules['fastapi'] = None\n"
        "from playmanager.cli import main\n"
        "sys.exit(main(['--web', '--no-browser']))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr == (
        "playmanager: --web needs the web extra: pip install '.[web]' "
        "(FastAPI and uvicorn)\n"
    )


def test_a_killed_server_loses_no_acknowledged_move(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    process = start(tmp_path, "--port", str(port))
    wait_for_port(port, process)
    with httpx.Client(base_url=base, timeout=ANSWER_SECONDS) as client:
        games = [
            client.post("/api/games", json={"game": game, "seed": 5}).json()["id"]
            for game in ("2048", "forty-thieves", "dots")
        ]
        acknowledged = {}
        for game_id in games * 3:
            answer = client.post(f"/api/games/{game_id}/autoplay")
            if answer.status_code == 200:
                acknowledged[game_id] = answer.json()
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        process = start(tmp_path, "--port", str(port))
        try:
            wait_for_port(port, process)
            for game_id, last in acknowledged.items():
                now = client.get(f"/api/games/{game_id}").json()
                assert now["state"] == last["state"]
        finally:
            process.terminate()
            process.wait(10)


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_sigterm_closes_the_store_as_ctrl_c_does(
    tmp_path: Path, stop: signal.Signals
) -> None:
    """A plain ``kill`` (systemd's stop) leaves no write-ahead log and
    loses no acknowledged move, as Ctrl-C."""
    port = free_port()
    process = start(tmp_path, "--port", str(port))
    wait_for_port(port, process)
    wal = tmp_path / "data" / "gamestate2048" / "web.sqlite3-wal"
    with httpx.Client(
        base_url=f"http://127.0.0.1:{port}", timeout=ANSWER_SECONDS
    ) as client:
        game = client.post("/api/games", json={"game": "2048", "seed": 5}).json()
        last = game
        for direction in ["left", "up", "right", "down"] * 5:
            body = {"kind": "slide", "direction": direction}
            last = client.post(f"/api/games/{game['id']}/intent", json=body).json()
        assert wal.exists(), "the server writes through the log"
        process.send_signal(stop)
        assert process.wait(20) in (0, 128 + stop, -stop)
        assert not wal.exists()
        process = start(tmp_path, "--port", str(port))
        try:
            wait_for_port(port, process)
            now = client.get(f"/api/games/{game['id']}").json()
            assert now["state"] == last["state"] and now["version"] == last["version"]
        finally:
            process.terminate()
            process.wait(10)


def test_the_models_and_terminal_games_never_import_the_web_stack() -> None:
    code = (
        "import sys, json\n"
        "import gamestate, gamestate.dots, gamestate.forty_thieves\n"
        "import playmanager.cli, playmanager.games, playmanager.session\n"
        "import playmanager.twenty48.play2048, playmanager.dots.cli\n"
        "import playmanager.forty_thieves.cli\n"
        "print(json.dumps(sorted(sys.modules)))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    loaded = json.loads(done.stdout)
    assert [m for m in loaded if m.startswith(WEB_STACK)] == []


def test_a_terminal_game_run_never_imports_the_web_stack(tmp_path: Path) -> None:
    code = (
        "import io, sys, json\n"
        "from playmanager.cli import main\n"
        "for game in ('2048', 'forty-thieves', 'dots'):\n"
        "    main(['--game', game], io.StringIO('q\\nq\\ny\\n'), io.StringIO(),\n"
        "         io.StringIO())\n"
        "print(json.dumps(sorted(sys.modules)))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT), "XDG_DATA_HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    loaded = json.loads(done.stdout.splitlines()[-1])
    assert [m for m in loaded if m.startswith(WEB_STACK)] == []


@pytest.mark.parametrize(
    ("host", "url"),
    [
        ("127.0.0.1", "http://127.0.0.1:8048/"),
        ("0.0.0.0", "http://127.0.0.1:8048/"),  # every address: open this one
        ("::", "http://127.0.0.1:8048/"),
        ("::1", "http://[::1]:8048/"),  # an IPv6 address in brackets
        ("localhost", "http://localhost:8048/"),
    ],
)
def test_the_address_printed_and_opened(host: str, url: str) -> None:
    assert page_url(host, 8048) == url
