"""Lines a child process writes to a pipe, each waited for until a deadline.

The Java proxy reads its JVM's answers this way, and the module grader
its child's events: a child that goes silent past the deadline is the
caller's to kill.
"""

from __future__ import annotations

import os
import selectors
import time
from collections import deque
from typing import IO


class PipeLines:
    """Lines from a pipe, each waited for until a deadline."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.fd = stream.fileno()
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.fd, selectors.EVENT_READ)
        self.buffer = b""  # the start of a line not yet ended
        self.ready: deque[bytes] = deque()  # whole lines read, oldest first

    def read(self, deadline: float) -> str | None:
        """The next line; None at end of file; TimeoutError past ``deadline``."""
        while not self.ready:
            left = deadline - time.monotonic()
            if left <= 0 or not self.selector.select(left):
                raise TimeoutError
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:
                return None
            # Split a chunk once (a JVM's answers come many to a chunk).
            *lines, self.buffer = (self.buffer + chunk).split(b"\n")
            self.ready.extend(lines)
        return self.ready.popleft().decode("utf-8", errors="replace")

    def close(self) -> None:
        self.selector.close()
