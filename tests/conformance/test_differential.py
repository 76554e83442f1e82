"""The installed suite's test_differential (see __init__.py)."""

from gamestate.conformance.suite.test_differential import *
