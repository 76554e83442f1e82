"""``python -m gamestate.agent``: see :mod:`gamestate.agent.cli`."""

import sys

from .cli import main

sys.exit(main())
