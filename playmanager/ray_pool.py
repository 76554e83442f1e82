"""Run one function over many items as Ray tasks (the ``--ray`` option).

Ray (``pip install "gamestate2048[ray]"``) is an optional extra: it is
imported only when a study asks for it, and without it the process pool
of the caller stays. The driver (this process) gets each result as soon
as its task finishes, so the caller can journal it at once, exactly as
with the process pool.

A task whose worker process dies (killed, out of memory, a node lost) is
run again by Ray on another worker, up to :data:`MAX_RETRIES` times: a
deal is a pure function of its seed and budget, so running it twice is
harmless.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable, Generator, Iterable
from typing import Final, TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")

LOCAL: Final = "local"
"""The --ray value (also the option given bare) that starts a Ray on this
machine, as ``ray.init()`` does."""

MAX_RETRIES: Final = 3
"""How many times Ray reruns a task whose worker died."""

INSTALL_HINT: Final = (
    "--ray needs Ray: pip install 'gamestate2048[ray]' (or pip install 'ray>=2.9')"
)


CONNECT_SECONDS: Final = 5.0
"""How long a cluster's address may take to answer before --ray gives up
(Ray itself retries for minutes)."""


class RayError(Exception):
    """--ray cannot be used; the message is one line for the user."""


class RayMissingError(RayError):
    """--ray was asked for, and Ray is not installed."""


class RayAddressError(RayError):
    """No Ray could be joined at the --ray address."""


def _check_reachable(address: str) -> None:
    """RayAddressError unless ``host:port`` (after an optional ``ray://``)
    accepts a connection within :data:`CONNECT_SECONDS`: a wrong address
    fails at once instead of after Ray's minutes of retries."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        raise RayAddressError(
            f"--ray {address}: not an address (local, auto, host:port or "
            "ray://host:port)"
        )
    try:
        socket.create_connection((host, int(port)), CONNECT_SECONDS).close()
    except OSError as error:
        reason = error.strerror or str(error) or type(error).__name__
        raise RayAddressError(
            f"--ray {address}: no Ray answers there ({reason})"
        ) from None


def connect(address: str) -> bool:
    """Start or join Ray: a new local one for :data:`LOCAL`, else the
    cluster at ``address`` (``auto``, ``ray://host:10001``). Joining a Ray
    already started in this process (a test's ``ray.init``) is a no-op.
    Whether this call started it (then the caller shuts it down). Ray's
    own log lines (its start, its workers' output) are kept off stderr."""
    try:
        import ray
    except ImportError:
        raise RayMissingError(INSTALL_HINT) from None
    if ray.is_initialized():
        return False
    if address not in (LOCAL, "auto"):
        _check_reachable(address)
    try:
        ray.init(
            address=None if address == LOCAL else address,
            logging_level=logging.ERROR,
            log_to_driver=False,
            include_dashboard=False if address == LOCAL else None,
        )
    except (ConnectionError, RuntimeError, ValueError) as error:
        reason = str(error).strip().splitlines()[0] if str(error).strip() else ""
        raise RayAddressError(f"--ray {address}: cannot join Ray: {reason}") from None
    return True


def imap_unordered(
    function: Callable[[Item], Result], items: Iterable[Item], address: str
) -> Generator[Result, None, None]:
    """``function(item)`` for each item as a Ray task, each result as soon
    as it is done. Closing the generator early (Ctrl-C included) cancels
    the tasks left, and shuts down the Ray this call started: left to the
    interpreter's exit, that shutdown crashed the process (exit 139)."""
    started = connect(address)
    import ray

    remote = ray.remote(max_retries=MAX_RETRIES)(function)
    pending = [remote.remote(item) for item in items]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        if started:
            ray.shutdown()  # ends the tasks left with their workers
        else:
            for ref in pending:
                ray.cancel(ref, force=True)
