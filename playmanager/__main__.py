"""``python -m playmanager``: run the command line."""

from .cli import main

raise SystemExit(main())
