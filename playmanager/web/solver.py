"""Solver work (hints, autoplay) in a bounded pool of worker processes.

A hint's search is seconds of CPU at worst; run in the server's process
it would hold the interpreter's lock and stall every other request. Here
it runs in :data:`WORKERS` process(es) of its own, at the lowest CPU
priority (:func:`lower_priority`), with at most
:data:`WAITING` more waiting; beyond that a request is refused at once
(:class:`SolverBusyError`: the API's 503 with Retry-After) rather than
queued behind work the player may never see. The idle class waits for a
free core: on a machine other programs keep busy, a hint could wait as
long as they run, so a request gives up after :data:`DEADLINE_SECONDS`
(the same 503); its work keeps its place in the pool until the worker
is done with it, so the pool stays bounded.

A worker gets the game's dump (JSON) and answers the hint as the API's
JSON intent and its words, so nothing but plain data crosses processes.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import multiprocessing.connection
import os
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Final, TypeVar

from .games import GAME_KINDS

WORKERS: Final = 1
"""Solver processes: one, so that the server's own process keeps a core
of the two a small machine has."""
WAITING: Final = 2
"""Hints that may wait for a worker; beyond them a request gets 503."""
RETRY_SECONDS: Final = 2
"""What Retry-After says."""
DEADLINE_SECONDS: Final = 10.0
"""How long a request waits for its answer before it is refused (503)."""
NICENESS: Final = 19
"""The workers' CPU priority where the idle class is not to be had."""


def start_worker() -> None:
    """A worker's start: the lowest priority, and an end with the server."""
    lower_priority()
    end_with_parent()


def lower_priority() -> None:
    """Linux's idle class (the worker runs only when no other process wants
    the core), else the lowest niceness, so that a move never waits behind a
    search for a core."""
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):
        os.nice(NICENESS)


def end_with_parent() -> None:
    """Exit when the server's process is gone. A server killed (``kill
    -9``) never shuts its pool down, and a worker holds both ends of its
    own work pipe, so it would wait for work forever."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def wait_then_exit() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=wait_then_exit, name="end-with-server", daemon=True).start()


Hint = tuple[dict[str, Any], str] | None
T = TypeVar("T")


class SolverBusyError(Exception):
    """Every worker is busy and the waiting places are taken."""


def hint_of(kind: str, dump: dict[str, Any]) -> Hint:
    """The hint for the game ``dump`` holds (in a worker process)."""
    game = GAME_KINDS[kind].restore(dump)
    found = game.hint()
    if found is None:
        return None
    return game.intent_json(found[0]), found[1]


class Solver:
    """The bounded pool (started at the first hint)."""

    def __init__(
        self,
        workers: int = WORKERS,
        waiting: int = WAITING,
        deadline: float = DEADLINE_SECONDS,
    ) -> None:
        self.workers = workers
        self.limit = workers + waiting
        self.deadline = deadline
        self.busy = 0
        self._counting = threading.Lock()  # the pool's thread frees places
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: a fork of a threaded server could copy a held lock
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=context,
                initializer=start_worker,
            )
        return self._pool

    async def hint(self, kind: str, dump: dict[str, Any]) -> Hint:
        """The hint, from a worker; SolverBusyError when the pool is full."""
        return await self.run(hint_of, kind, dump)

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in a worker; SolverBusyError at once when every
        worker is busy and the waiting places are taken, or when no answer
        came within the deadline."""
        with self._counting:
            if self.busy >= self.limit:
                raise SolverBusyError
            self.busy += 1  # until the worker is done with it, waited for or not
        try:
            done = self._executor().submit(work, *args)
        except BrokenProcessPool:  # a worker died (killed, out of memory)
            self._pool = None  # the next request starts a fresh one
            self._free()
            raise SolverBusyError from None
        done.add_done_callback(self._free)  # in the pool's own thread
        try:
            return await asyncio.wait_for(asyncio.wrap_future(done), self.deadline)
        except TimeoutError:  # its place stays taken until the worker is done
            raise SolverBusyError from None
        except BrokenProcessPool:  # the worker died on it
            self._pool = None
            raise SolverBusyError from None

    def _free(self, _: object = None) -> None:
        with self._counting:
            self.busy -= 1

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
