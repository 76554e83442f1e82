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


class RayMissingError(Exception):
    """--ray was asked for, and Ray is not installed."""


def connect(address: str) -> None:
    """Start or join Ray: a new local one for :data:`LOCAL`, else the
    cluster at ``address`` (``auto``, ``ray://host:10001``). Joining a Ray
    already started in this process (a test's ``ray.init``) is a no-op."""
    try:
        import ray
    except ImportError:
        raise RayMissingError(INSTALL_HINT) from None
    if not ray.is_initialized():
        ray.init(address=None if address == LOCAL else address)


def imap_unordered(
    function: Callable[[Item], Result], items: Iterable[Item], address: str
) -> Generator[Result, None, None]:
    """``function(item)`` for each item as a Ray task, each result as soon
    as it is done. Closing the generator early cancels the tasks left."""
    connect(address)
    import ray

    remote = ray.remote(max_retries=MAX_RETRIES)(function)
    pending = [remote.remote(item) for item in items]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
