"""Browser saves round-trip whole (issue 37, item 2): a game downloaded as
a browser save and uploaded in another browser is the same game, its
seed, move count and every undo step included; a bad browser save is one
line naming the step and the field, never a 500."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra: pip install '.[web]'")

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playmanager import messages
from tests.test_web_api import new
from tests.test_web_uploads import DIRECTIONS, KINDS, client, play, upload

SHOWN = ["game", "state", "finished", "can_undo"]


def steps_of(kind: str) -> Any:
    """Moves of each game, undo among them (Forty Thieves deals: a hint is
    a solver's search, slow on a busy machine; its history is what counts)."""
    if kind == "2048":
        step = DIRECTIONS
    elif kind == "forty-thieves":
        step = st.just("deal")
    else:
        step = st.just("auto")
    return st.lists(st.one_of(step, step, step, st.just("undo")), max_size=10)


def shown(game: dict[str, Any]) -> dict[str, Any]:
    """What the page shows of a game, but the last move's marks (an
    upload says what was loaded, not what the last move did) and 2048's
    points earned on this server (another browser's best is not raised by
    a file)."""
    state = {k: v for k, v in game["state"].items() if k not in {"last", "earned"}}
    return {**{field: game[field] for field in SHOWN}, "state": state}


def undo_all(browser: Any, game: dict[str, Any]) -> list[dict[str, Any]]:
    """The game after each undo, until nothing is left to undo; each undo
    says the terminal's line with the undos that did follow it."""
    seen: list[dict[str, Any]] = []
    said: list[str] = []
    while True:
        answer = browser.post(f"/api/games/{game['id']}/undo")
        if answer.status_code == 409:
            left = range(len(said) - 1, -1, -1)
            assert said == [messages.undone(n) for n in left], "the steps left"
            return seen
        assert answer.status_code == 200, answer.text
        seen.append(shown(answer.json()))
        said.append(answer.json()["words"])


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), seed=st.integers(-(2**53) + 1, 2**53 - 1))
def test_a_browser_save_is_the_whole_game_in_a_fresh_browser(
    kind: str, data: st.DataObject, seed: int
) -> None:
    home = client()
    if kind == "forty-thieves":
        seed = seed % 10**6  # a deal number
    options = {"rules": data.draw(st.sampled_from(["java", "mvc"]))} if kind == "2048" else {}
    game = play(home, new(home, kind, seed=seed, **options), data.draw(steps_of(kind)))
    answer = home.get(f"/api/games/{game['id']}/browser-save")
    assert answer.status_code == 200
    assert f'filename="save.{kind}.browser-save"' in answer.headers["content-disposition"]
    elsewhere = client()  # another browser: nothing remembered of the download
    loaded = upload(elsewhere, answer.text)
    assert loaded.status_code == 201, loaded.text
    again = loaded.json()
    assert shown(again) == shown(game)
    assert again["state"]["seed"] == str(seed)
    # Both go on alike (the same random tiles), and undo walks both back alike.
    after = data.draw(steps_of(kind).filter(lambda s: "undo" not in s))
    assert shown(play(elsewhere, again, after)) == shown(play(home, game, after))
    assert undo_all(elsewhere, again) == undo_all(home, game)


def saved_2048() -> dict[str, Any]:
    """A browser save of a 2048 game two moves on, as JSON."""
    home = client()
    game = play(home, new(home, "2048", seed=5), ["left", "up"])
    text = home.get(f"/api/games/{game['id']}/browser-save").text
    header, body = text.split("\n", 1)
    assert header == "browser save 1"
    loaded: dict[str, Any] = json.loads(body)
    return loaded


FIELDS = st.sampled_from(
    ["board", "score", "rules", "seed", "rng", "reached", "moves", "rows"]
)
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.text(max_size=8),
    st.lists(st.lists(st.integers(-4, 4096), max_size=5), max_size=5),
)


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(field=FIELDS, value=VALUES, step=st.integers(0, 2))
def test_every_browser_save_is_a_game_or_a_one_line_refusal(
    field: str, value: Any, step: int
) -> None:
    data = saved_2048()
    data["steps"][step][field] = value
    text = "browser save 1\n" + json.dumps(data)
    answer = upload(client(), text)
    if answer.status_code == 201:
        return
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert "\n" not in error and "Traceback" not in error
    assert f"step {step + 1}" in error


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ("{", "line 2: not JSON"),
        ("[" * 100_000, "nested too deep"),
        ('{"game": "chess", "steps": []}', "the game must be one of 2048"),
        ('{"game": "dots", "steps": []}', "steps must be a list of 1 to 200"),
        ('{"game": "dots", "steps": [1]}', "step 1: a step must be"),
        ('{"game": "dots", "steps": [{"save": "x", "moves": 0}]}', "step 1"),
        ('{"game": "2048", "steps": [{"board": [[2, 3]]}]}', "step 1"),
    ],
)
def test_a_bad_browser_save_is_named_in_one_line(body: str, said: str) -> None:
    answer = upload(client(), "browser save 1\n" + body)
    assert answer.status_code == 422, answer.text
    assert said in answer.json()["error"]
