"""Where the games keep files of their own: best scores and rescued games.

The user's data directory, ``$XDG_DATA_HOME`` (when set to an absolute
path, as the XDG spec asks) else ``~/.local/share``, under
``gamestate2048``. Game-free: each game names its own files in it.
"""

from __future__ import annotations

import os
from pathlib import Path

TYPE_CHECKING = False  # typing costs start-up time (issue 14)
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Final

APP_FOLDER: Final = "gamestate2048"


def data_folder(environ: Mapping[str, str]) -> Path:
    """Return the package's data folder for the environment ``environ``."""
    data_home = environ.get("XDG_DATA_HOME", "")
    if not os.path.isabs(data_home):
        home = environ.get("HOME") or str(Path.home())
        data_home = os.path.join(home, ".local", "share")
    return Path(data_home) / APP_FOLDER
