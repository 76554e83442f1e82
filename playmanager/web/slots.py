"""Named save slots: save files in one folder (``--saves``).

A slot is ``NAME.EXT``: a plain name the player chose and the game's save
suffix (``2048``, ``forty-thieves``, ``dots``). A name is letters, digits,
spaces, ``.``, ``_`` and ``-``, starting with a letter or digit, at most
64 characters, without ``..``: never a path, so nothing is written outside
the folder. A game saves into a slot through its session (atomic, and never over a
file it did not write without the player's yes).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Final, NamedTuple

from ..storage import read_text

NAME_PATTERN: Final = r"^[A-Za-z0-9][A-Za-z0-9_-]*(?:(?:\.| +)[A-Za-z0-9_-]+)*$"
"""Words of letters, digits, '_' and '-', the first starting with a letter
or digit, parted by one '.' or by spaces: no '..', no '.' or space at the
end. The API's schema holds the same pattern, so that a name the schema
takes is a name the server takes."""
NAME_MAX: Final = 64
_NAME: Final = re.compile(NAME_PATTERN)
SLOT_NAME_RULE: Final = (
    "a slot name is 1 to 64 letters, digits, spaces, '.', '_' or '-', "
    "starting with a letter or digit, without '..' or a '.' or space at the end"
)


def name_problem(name: str) -> str | None:
    """Why ``name`` is not a plain slot name, or None when it is."""
    if len(name) > NAME_MAX or not _NAME.fullmatch(name):
        return SLOT_NAME_RULE
    return None


class Slot(NamedTuple):
    name: str
    extension: str
    size: int
    modified: float


class Slots:
    """The slots of one folder; the folder is made when first written."""

    def __init__(self, folder: Path, extensions: tuple[str, ...]) -> None:
        self.folder = folder
        self.extensions = extensions

    def path(self, name: str, extension: str) -> Path:
        """The file of a slot; ValueError for a name that is not plain."""
        problem = name_problem(name)
        if problem is not None or extension not in self.extensions:
            raise ValueError(problem or f"no game saves as .{extension}")
        path = self.folder / f"{name}.{extension}"
        if path.parent != self.folder:  # the name check makes this impossible
            raise ValueError("a slot name is a plain name")
        return path

    def list(self) -> list[Slot]:
        try:
            entries = list(os.scandir(self.folder))
        except OSError:
            return []
        slots = []
        for entry in entries:
            name, _, extension = entry.name.rpartition(".")
            if extension in self.extensions and name_problem(name) is None:
                stat = entry.stat()
                slots.append(Slot(name, extension, stat.st_size, stat.st_mtime))
        return sorted(slots, key=lambda slot: (-slot.modified, slot.name))

    def read(self, name: str, extension: str) -> str:
        """The slot's text; SaveFileError as the terminal's loader reports."""
        return read_text(str(self.path(name, extension)))
