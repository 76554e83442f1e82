"""Lines a child process writes to a pipe, each waited for until a deadline.

The Java proxy reads its JVM's answers this way, and the module grader
its child's events: a child that goes silent past the deadline is the
caller's to kill.
"""

from __future__ import annotations

import os
import selectors
import time
from typing import IO


class PipeLines:
    """Lines from a pipe, each waited for until a deadline."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.fd = stream.fileno()
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.fd, selectors.EVENT_READ)
        self.buffer = b""

    def read(self, deadline: float) -> str | None:
        """The next line; None at end of file; TimeoutError past ``deadline``."""
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not self.selector.select(left):
                raise TimeoutError
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:
                return None
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode("utf-8", errors="replace")

    def close(self) -> None:
        self.selector.close()
