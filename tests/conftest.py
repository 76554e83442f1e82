"""Shared test configuration.

Hypothesis runs without deadlines: the machines that run these tests are
shared and noisy, and speed is measured in bench/, never in unit tests.
"""

from hypothesis import settings

settings.register_profile("default", deadline=None)
settings.load_profile("default")
