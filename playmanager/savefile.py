"""2048's save files, where the README has always said they are.

The module moved to :mod:`playmanager.twenty48.savefile` with the rest of
2048's front end; this name stays so that ``from playmanager.savefile
import load, save`` keeps working.
"""

from __future__ import annotations

from .storage import SaveFileError
from .twenty48.savefile import (
    SaveData,
    format_save,
    load,
    parse_save,
    read_save,
    save,
)

__all__ = [
    "SaveData",
    "SaveFileError",
    "format_save",
    "load",
    "parse_save",
    "read_save",
    "save",
]
