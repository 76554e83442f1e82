"""The installed suite's test_board_and_score (see __init__.py)."""

from gamestate.conformance.suite.test_board_and_score import *
