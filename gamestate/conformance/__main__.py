"""``python -m gamestate.conformance TARGET``: see cli.py."""

import sys

from gamestate.conformance.cli import main

sys.exit(main())
