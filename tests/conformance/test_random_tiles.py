"""The installed suite's test_random_tiles (see __init__.py)."""

from gamestate.conformance.suite.test_random_tiles import *
