"""The command-line parser every game builds: argparse with one-line errors.

argparse answers a usage error with its usage text (several lines) and
then the error; here the error is one line that names what was wrong
and points to ``--help``, as every other refusal of the package is.
Imported only when a parser is built (start-up builds none).
"""

from __future__ import annotations

import argparse

TYPE_CHECKING = False  # typing costs start-up time
if TYPE_CHECKING:
    from typing import NoReturn


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line, exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (--help lists the options)\n")
