"""The installed suite's test_sliding (see __init__.py)."""

from gamestate.conformance.suite.test_sliding import *
