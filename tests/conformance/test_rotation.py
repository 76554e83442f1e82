"""The installed suite's test_rotation (see __init__.py)."""

from gamestate.conformance.suite.test_rotation import *
