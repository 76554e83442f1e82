"""Shared test configuration.

Hypothesis runs without deadlines: the machines that run these tests are
shared and noisy, and speed is measured in bench/, never in unit tests.
"""

import pytest
from hypothesis import settings

settings.register_profile("default", deadline=None)
settings.load_profile("default")

# --- conformance suite (issue 4) --------------------------------------------
# Registers --impl/--direction and the per-requirement table; loaded here so
# the options exist for `pytest tests/conformance --impl ...` and a plain
# `pytest` alike. See gamestate/conformance/plugin.py.
pytest_plugins = ("gamestate.conformance.plugin",)


# --- the player's data folder ------------------------------------------------
# Statistics, the best score and rescued games live in the XDG data folder.
# Every test gets an empty one of its own (inherited by the programs it
# starts), so that no test reads or writes the real player's folder, and a
# game rescued there never changes what a test sees.
@pytest.fixture(autouse=True)
def _own_data_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("xdg-data")))
