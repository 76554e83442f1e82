"""``python -m playmanager --web``: serve the three games to a browser.

    python -m playmanager --web [--no-browser] [--host H] [--port P]
                                [--saves DIR] [--shared-slots] [--game NAME]
                                [FILE]

The server listens on 127.0.0.1:8048 by default and opens the browser
on it. FILE (a save of any game, checked as the terminal checks it) is
what the page opens first; ``--game NAME`` starts that game. The server
only reads FILE: the page saves to downloads and to named slots in
``--saves`` (default: the data folder's ``saves``), each browser on a
shelf of its own unless ``--shared-slots``. Live games are kept in the
data folder's ``web.sqlite3``.

A port that is taken is one line naming it (exit 2); a host that is not
the loopback interface is said loudly, since every computer that reaches
it can then play here.
"""

from __future__ import annotations

import argparse
import gc
import ipaddress
import os
import signal
import socket
import webbrowser
from collections.abc import Mapping
from pathlib import Path
from typing import Final, TextIO

from ..data_folder import data_folder
from ..games import GAMES, WEB_OPTION
from ..parser import HelpFormatter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from fastapi import FastAPI
from ..options import EXIT_OK, EXIT_USAGE

DEFAULT_HOST: Final = "127.0.0.1"
DEFAULT_PORT: Final = 8048
DATABASE: Final = "web.sqlite3"
SAVES: Final = "saves"
GAME_NAMES: Final = tuple(GAMES)
NEEDS_EXTRA: Final = (
    "playmanager: --web needs the web extra: pip install '.[web]' "
    "(FastAPI and uvicorn)\n"
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        formatter_class=HelpFormatter,
        prog="playmanager --web",
        description="Play 2048, Forty Thieves and Dots in a web browser, "
        "served by a local server.",
    )
    parser.add_argument(WEB_OPTION, action="store_true", help="serve the games (this)")
    parser.add_argument(
        "file", nargs="?", metavar="FILE", help="a save file the page opens first"
    )
    parser.add_argument(
        "--game",
        choices=GAME_NAMES,
        metavar="NAME",
        help="the game the page starts: " + ", ".join(GAME_NAMES),
    )
    parser.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=f"the address to listen on (default {DEFAULT_HOST}, this computer "
        "only; 0.0.0.0 opens the games to the network)",
    )
    parser.add_argument(
        "--port",
        type=_port,
        default=DEFAULT_PORT,
        help=f"the port, 1 to 65535 (default {DEFAULT_PORT})",
    )
    parser.add_argument(
        "--saves",
        metavar="DIR",
        help="the folder of the named save slots (default: "
        f"$XDG_DATA_HOME/gamestate2048/{SAVES})",
    )
    parser.add_argument(
        "--shared-slots",
        action="store_true",
        help="one shelf of named slots for every browser (default: each "
        "browser sees and writes only its own)",
    )
    parser.add_argument(
        "--no-browser", action="store_true", help="do not open a browser"
    )
    return parser


def _port(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"the port must be 1 to 65535, got {text!r}")
    return int(text)


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def network_warning(host: str, port: int) -> str:
    line = "!" * 72
    return (
        f"{line}\n"
        f"WARNING: listening on {host}:{port}, not on this computer alone.\n"
        "Every computer that can reach this one can play here and write the\n"
        "save slots. Use it only on a network you trust (a class), and stop\n"
        "the server (Ctrl-C) when you are done.\n"
        f"{line}\n"
    )


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on (host, port); OSError when it cannot be."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def main(
    argv: list[str],
    stdin: TextIO,
    stdout: TextIO,
    stderr: TextIO,
    environ: Mapping[str, str] | None = None,
) -> int:
    args = build_parser().parse_args(argv)
    try:
        from .app import WebConfig, create_app, opening_of
    except ImportError:
        stderr.write(NEEDS_EXTRA)
        return EXIT_USAGE
    opening = opening_of(args.game, args.file)
    if isinstance(opening, str):
        stderr.write(f"{opening}\n")
        return EXIT_USAGE
    folder = Path(data_folder(os.environ if environ is None else environ))
    saves = Path(args.saves) if args.saves else folder / SAVES
    try:
        sock = listen(args.host, args.port)
    except OSError as error:
        stderr.write(
            f"playmanager: cannot listen on {args.host} port {args.port}: "
            f"{error.strerror or error}; choose another with --port N\n"
        )
        return EXIT_USAGE
    loopback = is_loopback(args.host)
    if not loopback:
        stderr.write(network_warning(args.host, args.port))
    config = WebConfig(
        folder / DATABASE, saves, loopback, opening, shared_slots=args.shared_slots
    )
    return serve(create_app(config), sock, args, stdout)


def serve(
    app: FastAPI, sock: socket.socket, args: argparse.Namespace, stdout: TextIO
) -> int:
    import uvicorn

    url = page_url(args.host, args.port)
    stdout.write(f"Playing at {url} (Ctrl-C stops the server)\n")
    stdout.flush()
    if not args.no_browser:
        webbrowser.open(url)
    config = uvicorn.Config(
        app,
        log_level="warning",
        access_log=False,
        lifespan="off",
        # No proxy stands in front (the Host check assumes none): a client
        # must not name its own address in X-Forwarded-For.
        proxy_headers=False,
    )
    # The app and its imports live as long as the server: out of the
    # collector's sight, so its full collections (which pause every
    # request) walk only the games.
    gc.collect()
    gc.freeze()
    # uvicorn stops on SIGTERM as on SIGINT, then raises the signal again
    # with the handler it found: Python's default for SIGTERM ends the
    # process at once, before the store's close; this one unwinds to it.
    signal.signal(signal.SIGTERM, _exit_on_signal)
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        app.state.server.close()
    return EXIT_OK


def page_url(host: str, port: int) -> str:
    """The address a browser opens: every-address hosts shown as loopback."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def _exit_on_signal(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)
