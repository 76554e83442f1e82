"""The installed suite's test_moves (see __init__.py)."""

from gamestate.conformance.suite.test_moves import *
