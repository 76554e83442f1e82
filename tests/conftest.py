"""Shared test configuration.

Hypothesis runs without deadlines: the machines that run these tests are
shared and noisy, and speed is measured in bench/, never in unit tests.
"""

from hypothesis import settings

settings.register_profile("default", deadline=None)
settings.load_profile("default")

# --- conformance suite (issue 4) --------------------------------------------
# Registers --impl/--direction and the per-requirement table; loaded here so
# the options exist for `pytest tests/conformance --impl ...` and a plain
# `pytest` alike. See gamestate/conformance/plugin.py.
pytest_plugins = ("gamestate.conformance.plugin",)
