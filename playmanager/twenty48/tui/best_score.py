"""The best score of the full-screen game, kept across runs in one small file.

The file lives in the user's data directory, ``$XDG_DATA_HOME`` (when set
to an absolute path, as the XDG spec asks) else ``~/.local/share``, under
``gamestate2048/best-score``. It holds one decimal number and a newline.
A missing or unreadable file means "no best score yet"; the caller shows
the reason once and the file is written again. Writes are atomic (a
temporary file in the same folder, fsync, rename), so a crash never leaves
half a number behind. This module never prints.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Final

from ...data_folder import data_folder
from ...storage import write_atomically

FILE_NAME: Final = "best-score"
_MAX_BYTES: Final = 64
"""Far more than any int needs; a bigger file is not ours."""


def default_path(environ: Mapping[str, str]) -> Path:
    """Return where the best score lives for the environment ``environ``."""
    return Path(data_folder(environ)) / FILE_NAME


def load_best(path: Path) -> tuple[int | None, str | None]:
    """Read the best score: (score, None), or (None, why there is none).

    A missing file, an unreadable one and one that does not hold a single
    non-negative number all give no score and a one-line reason.
    """
    try:
        with open(path, "rb") as file:
            data = file.read(_MAX_BYTES + 1)
    except FileNotFoundError:
        return None, f"No best score yet (kept in {path})"
    except OSError as error:
        return None, f"Cannot read best score {path}: {error.strerror}; starting anew"
    text = data.decode("ascii", errors="replace").strip()
    if len(data) > _MAX_BYTES or not text.isdigit():
        return None, f"Best score file {path} is corrupt ({text[:20]!r}); starting anew"
    return int(text), None


def store_best(path: Path, score: int) -> None:
    """Write ``score`` atomically, creating the folder; raise OSError."""
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(str(path), f"{score}\n")
