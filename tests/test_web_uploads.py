"""Uploads keep the game (issue 30, item 3): a download uploaded again is
the same game in every field, by a round-trip property over many games
of each kind; the best score counts only points earned on this server;
a game's own download is always taken back."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra: pip install '.[web]'")

import tempfile
from pathlib import Path

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playmanager.web.app import WebConfig, create_app
from tests.test_web_api import LOCAL, new

# One server for every example (its solver pool starts once).
_FOLDER = Path(tempfile.mkdtemp(prefix="web-uploads-"))
APP = create_app(WebConfig(_FOLDER / "web.sqlite3", _FOLDER / "saves"))
DIRECTIONS = st.sampled_from(["left", "right", "up", "down"])
KINDS = ["2048", "forty-thieves", "dots"]


def client() -> TestClient:
    """A browser of its own (not "with": the app's store stays open)."""
    return TestClient(APP, base_url=LOCAL)


def play(browser: TestClient, game: dict[str, Any], steps: list[str]) -> dict[str, Any]:
    """Play ``steps``: a direction slides (2048), "auto" plays the hint,
    "deal" deals a card (Forty Thieves), "undo" takes one back."""
    for step in steps:
        if step == "undo":
            answer = browser.post(f"/api/games/{game['id']}/undo")
        elif step == "auto":
            answer = browser.post(f"/api/games/{game['id']}/autoplay")
        elif step == "deal":
            body = {"kind": "cards", "source": "deck", "target": "waste"}
            answer = browser.post(f"/api/games/{game['id']}/intent", json=body)
        else:
            body = {"kind": "slide", "direction": step}
            answer = browser.post(f"/api/games/{game['id']}/intent", json=body)
        if answer.status_code != 200:  # nothing to undo, no move left
            assert answer.status_code == 409, answer.text
    return browser.get(f"/api/games/{game['id']}").json()


def upload(browser: TestClient, text: str) -> Any:
    return browser.post("/api/upload", json={"text": text, "filename": "save"})


KEEPS_HISTORY = {"forty-thieves"}
"""The games whose save format keeps the undo history (format 2)."""


def same_game(a: dict[str, Any], b: dict[str, Any]) -> None:
    fields = ["game", "state", "finished", "best"]
    if a["game"] in KEEPS_HISTORY:
        fields.append("can_undo")
    for field in fields:
        assert a[field] == b[field], field


def steps_of(kind: str) -> Any:
    if kind == "2048":
        step = DIRECTIONS
    elif kind == "forty-thieves":
        # Deals mostly: a hint is a solver's search in a process of the idle
        # class, which waits for a free core on a busy machine.
        step = st.sampled_from(["auto", "deal", "deal"])
    else:
        step = st.just("auto")
    return st.lists(st.one_of(step, step, st.just("undo")), max_size=12)


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=15, suppress_health_check=list(HealthCheck))
@given(data=st.data(), seed=st.integers(0, 2**40))
def test_a_download_uploaded_again_is_the_same_game(
    kind: str, data: st.DataObject, seed: int
) -> None:
    browser = client()
    options = (
        {"rules": data.draw(st.sampled_from(["java", "mvc"]))} if kind == "2048" else {}
    )
    game = play(
        browser, new(browser, kind, seed=seed, **options), data.draw(steps_of(kind))
    )
    text = browser.get(f"/api/games/{game['id']}/save").text
    answer = upload(browser, text)
    assert answer.status_code == 201, answer.text
    again = answer.json()
    assert again["id"] != game["id"]
    same_game(again, game)
    assert browser.get(f"/api/games/{again['id']}/save").text == text
    # and both go on alike: the same random tiles, the same hints
    after = data.draw(steps_of(kind).filter(lambda s: "undo" not in s))
    same_game(play(browser, again, after), play(browser, game, after))


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=10, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**40), moves=st.integers(0, 8))
def test_the_file_alone_keeps_every_field_it_holds(
    kind: str, seed: int, moves: int
) -> None:
    """Another browser (which never downloaded it) gets what the file
    holds: its download is the same text, so the same board, score, seed,
    move counter and undo history where the format has them."""
    mine, theirs = client(), client()
    game = play(mine, new(mine, kind, seed=seed), ["auto"] * moves)
    text = mine.get(f"/api/games/{game['id']}/save").text
    answer = upload(theirs, text)
    assert answer.status_code == 201, answer.text
    assert theirs.get(f"/api/games/{answer.json()['id']}/save").text == text
    if kind == "forty-thieves":  # format 2 keeps the history: undo and the counter
        assert answer.json()["state"]["moves"] == game["state"]["moves"]
        assert answer.json()["can_undo"] == game["can_undo"]


def test_forty_thieves_undo_walks_back_an_uploaded_history_to_the_deal() -> None:
    mine, theirs = client(), client()
    dealt = new(mine, "forty-thieves", seed=118)
    game = play(mine, dealt, ["auto"] * 5)
    answer = upload(theirs, mine.get(f"/api/games/{game['id']}/save").text).json()
    for left in range(4, -1, -1):
        answer = theirs.post(f"/api/games/{answer['id']}/undo").json()
        assert answer["state"]["moves"] == left
    assert answer["state"]["tableau"] == dealt["state"]["tableau"]
    assert not answer["can_undo"]
    assert theirs.post(f"/api/games/{answer['id']}/undo").status_code == 409


def test_an_uploaded_score_is_shown_as_best_but_never_kept_as_it() -> None:
    """Best is never below Score on the board; what is kept as this
    browser's best is only what it earned here."""
    browser = client()
    game = upload(browser, "2 2\n23608\n2 2\n0 0\n").json()
    assert game["best"] == game["state"]["score"] == 23608
    moved = browser.post(
        f"/api/games/{game['id']}/intent", json={"kind": "slide", "direction": "left"}
    ).json()
    assert moved["best"] == moved["state"]["score"] == 23612
    fresh = browser.post("/api/games", json={"game": "2048"}).json()
    assert fresh["best"] == moved["state"]["last"]["gained"] == 4


def test_a_games_own_download_is_always_taken_back() -> None:
    """Two 2^30 tiles merge into Java's int wrap (-2^31): the model holds
    it, the save format refuses it; the browser that downloaded it gets
    the game back, another browser gets one line, never a 500."""
    browser = client()
    game = upload(browser, "1 2\n0\n1073741824 1073741824\n").json()
    moved = browser.post(
        f"/api/games/{game['id']}/intent", json={"kind": "slide", "direction": "left"}
    ).json()
    assert -(2**31) in moved["state"]["board"][0]
    text = browser.get(f"/api/games/{game['id']}/save").text
    again = upload(browser, text)
    assert again.status_code == 201 and again.json()["state"] == moved["state"]
    refused = upload(client(), text)
    assert refused.status_code == 422 and "\n" not in refused.json()["error"]


FIRST_LINES = st.sampled_from(
    ["dots save 1", "forty-thieves save 2", "forty-thieves save 1", "dots save 9"]
) | st.from_regex(r"\A-?[0-9]{1,4} -?[0-9]{1,4}\Z")
"""First lines each loader reads on past (a header, a 2048 board's size)."""


@st.composite
def boards(draw: st.DrawFn) -> str:
    """2048 save files, most of them loadable (a tile of 3 or -2 is not)."""
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    tiles = st.sampled_from([0, 0, 2, 4, 1024, 3, -2])
    lines = [" ".join(str(draw(tiles)) for _ in range(cols)) for _ in range(rows)]
    score = draw(st.integers(-1, 2**31))
    return f"{rows} {cols}\n{score}\n" + "\n".join(lines) + "\n"


TEXTS = (
    st.text(max_size=300)
    | st.builds("{}\n{}".format, FIRST_LINES, st.text(max_size=300))
    | boards()
)
NAMES = st.sampled_from(
    ["broken.dots", "broken.forty-thieves", "broken.2048", "a/b.dots", "", "x" * 256]
) | st.text(max_size=300)


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=TEXTS, filename=NAMES)
def test_every_upload_is_a_game_or_a_one_line_refusal(text: str, filename: str) -> None:
    """Whatever the text and the file's name, never a 500: a new game, or
    a 4xx whose error is one line naming no traceback."""
    answer = client().post("/api/upload", json={"text": text, "filename": filename})
    if answer.status_code == 201:
        assert answer.json()["game"] in KINDS
        return
    assert 400 <= answer.status_code < 500, answer.text
    body = answer.json()
    assert set(body) == {"error", "field"} and body["field"] in {"text", "filename"}
    assert "\n" not in body["error"] and "Traceback" not in body["error"]


def test_a_forty_thieves_browser_save_carries_the_time_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Downloaded at 0:03 of play, uploaded in another browser a day later:
    the timer goes on from 0:03 (not 0:00, not a day); a bad clock is one line."""
    from playmanager.web.games import forty_thieves

    now = [1_000_000.0]
    monkeypatch.setattr(forty_thieves.time, "time", lambda: now[0])
    mine, theirs = client(), client()
    game = play(mine, new(mine, "forty-thieves", seed=7), ["deal", "deal"])
    now[0] += 3
    saved = mine.get(f"/api/games/{game['id']}/browser-save").text
    now[0] += 86_400
    loaded = upload(theirs, saved).json()
    assert loaded["clock"] == {"started": now[0] - 3, "stopped": None}
    bad = saved.replace('"elapsed":3.0', '"elapsed":"3"', 1)
    assert bad != saved
    refused = upload(theirs, bad)
    assert refused.status_code == 422
    assert "clock elapsed must be seconds from 0 to" in refused.json()["error"]
