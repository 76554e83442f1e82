"""A loaded machine, made to order: a process let run a small share of the time.

:func:`throttled` stops and continues a process (SIGSTOP / SIGCONT) in short
cycles, as the ``cpulimit`` tool does, so that its calls take several
times longer on the wall clock while using the same CPU time: the load a
busy machine puts on it, without burning a core to make it.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Iterator
from typing import Final

PERIOD: Final = 0.05  # seconds of one stop-and-continue cycle


@contextlib.contextmanager
def throttled(pid: int, share: float) -> Iterator[None]:
    """Let process ``pid`` run only ``share`` of each cycle while inside."""
    done = threading.Event()

    def cycle() -> None:
        while not done.is_set():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)
            done.wait(PERIOD * share)
            if done.is_set():
                break
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGSTOP)
            done.wait(PERIOD * (1 - share))

    thread = threading.Thread(target=cycle, daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGCONT)
