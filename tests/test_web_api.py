"""The web API in-process (FastAPI's TestClient): every endpoint, every
refusal, and the security list of issue 22."""

from __future__ import annotations

import io
import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra: pip install '.[web]'")

from fastapi.testclient import TestClient

from playmanager import cli
from playmanager.dots import savefile as dots_savefile
from playmanager.forty_thieves import savefile as ft_savefile
from playmanager.twenty48 import savefile as t48_savefile
from playmanager.web.app import COOKIE, WebConfig, create_app
from playmanager.web.guard import CONTENT_SECURITY_POLICY
from playmanager.web.live import HISTORY_IN_MEMORY
from playmanager.web.schemas import MAX_SAVE_CHARS

SAVES = Path(__file__).resolve().parent.parent / "saves"
LOCAL = "http://127.0.0.1"


@pytest.fixture
def config(tmp_path: Path) -> WebConfig:
    return WebConfig(tmp_path / "data" / "web.sqlite3", tmp_path / "saves")


@pytest.fixture
def client(config: WebConfig) -> Iterator[TestClient]:
    with TestClient(create_app(config), base_url=LOCAL) as made:
        yield made


def new(client: TestClient, game: str, **options: Any) -> dict[str, Any]:
    response = client.post("/api/games", json={"game": game, **options})
    assert response.status_code == 201, response.text
    out: dict[str, Any] = response.json()
    return out


def intent(client: TestClient, game_id: str, body: dict[str, Any]) -> Any:
    return client.post(f"/api/games/{game_id}/intent", json=body)


def assert_error(response: Any, status: int, field: str | None) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error", "field"}
    assert body["field"] == field
    assert "\n" not in body["error"] and "Traceback" not in body["error"]
    message: str = body["error"]
    return message


# ------------------------------------------------------------ games
def test_a_new_2048_game_sets_an_httponly_cookie_and_answers_its_state(
    client: TestClient,
) -> None:
    response = client.post("/api/games", json={"game": "2048", "seed": 7})
    cookie = response.headers["set-cookie"]
    assert COOKIE + "=" in cookie and "HttpOnly" in cookie
    assert "samesite=strict" in cookie.lower()
    out = response.json()
    assert out["game"] == "2048" and out["can_undo"] is False
    state = out["state"]
    assert state["seed"] == "7" and state["rows"] == state["cols"] == 4
    assert sum(value != 0 for row in state["board"] for value in row) == 2


def test_a_new_game_says_what_the_terminals_n_says(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The status words come from the server, the terminal's catalogue:
    Forty Thieves names deals ("New deal 6"), the others seeds. A web new
    game has no undo before it, so it leaves out "u brings the last one
    back", which the terminal's n adds."""
    monkeypatch.chdir(tmp_path)
    terminal = io.StringIO()
    cli.main(
        ["--game", "forty-thieves", "--seed", "5"],
        io.StringIO("n\nq\n"),
        terminal,
        io.StringIO(),
    )
    web = new(client, "forty-thieves", seed=6)
    assert web["words"] == "New deal 6" and web["can_undo"] is False
    assert f"> {web['words']} (u brings the last one back)\n" in terminal.getvalue()
    assert new(client, "2048", seed=7)["words"] == "New game, seed 7"
    assert new(client, "dots", seed=7)["words"] == "New game, seed 7"


def test_game_ids_are_long_and_unguessable(client: TestClient) -> None:
    ids = {new(client, "dots")["id"] for _ in range(5)}
    assert len(ids) == 5 and all(len(i) >= 22 for i in ids)


def test_a_slide_moves_the_tiles_and_undo_takes_it_back(client: TestClient) -> None:
    game = new(client, "2048", seed=3)
    moved = intent(client, game["id"], {"kind": "slide", "direction": "left"}).json()
    assert moved["state"]["moves"] == 1 and moved["can_undo"]
    last = moved["state"]["last"]
    assert last["direction"] == "left" and last["new_tile"] is not None
    assert client.get(f"/api/games/{game['id']}").json() == moved
    undone = client.post(f"/api/games/{game['id']}/undo").json()
    assert undone["state"]["board"] == game["state"]["board"]
    assert undone["can_undo"] is False
    assert_error(client.post(f"/api/games/{game['id']}/undo"), 409, None)


def test_a_slide_that_moves_nothing_answers_the_game_unchanged(
    client: TestClient,
) -> None:
    """As the original ignores such a key: 200, the same game and version,
    and ``no_change`` saying why, for a page that wants to."""
    game = new(client, "2048", seed=3)
    answers = [
        intent(client, game["id"], {"kind": "slide", "direction": d}).json()
        for d in ["up", "down", "left", "right"]
        for _ in range(3)
    ]
    unchanged = [a for a in answers if a["no_change"] is not None]
    assert unchanged, "three slides the same way leave nothing to move"
    first = answers.index(unchanged[0])
    before = answers[first - 1] if first else game
    assert unchanged[0]["no_change"] == "nothing moves that way"
    assert unchanged[0]["state"] == before["state"]
    assert unchanged[0]["version"] == before["version"]


def test_forty_thieves_deal_move_home_and_refusal(client: TestClient) -> None:
    game = new(client, "forty-thieves", seed=1)
    assert game["state"]["deck"] == 64
    dealt = intent(
        client, game["id"], {"kind": "cards", "source": "deck", "target": "waste"}
    ).json()
    assert dealt["state"]["deck"] == 63 and len(dealt["state"]["waste"]) == 1
    assert dealt["state"]["last"]["target"] == "waste"
    hint = client.post(f"/api/games/{game['id']}/hint").json()
    assert hint["hint"]["kind"] == "cards" and hint["words"]
    played = intent(client, game["id"], hint["hint"]).json()
    assert played["state"]["moves"] == 2
    refused = intent(
        client, game["id"], {"kind": "cards", "source": "t0", "target": "f0"}
    )
    if refused.status_code == 409:
        assert assert_error(refused, 409, "target")


def test_a_double_click_home_plays_the_first_foundation_that_takes_the_card(
    client: TestClient,
) -> None:
    text = (SAVES / "two_moves_from_winning.forty-thieves").read_text()
    game = client.post("/api/upload", json={"text": text}).json()
    hint = client.post(f"/api/games/{game['id']}/hint").json()["hint"]
    home = {"kind": "cards", "source": hint["source"], "target": "home"}
    out = intent(client, game["id"], home).json()
    assert out["state"]["last"]["target"].startswith("f")


def test_dots_path_clears_dots_and_autoplay_plays_the_hint(client: TestClient) -> None:
    game = new(client, "dots", seed=5, moves=3, objective=30)
    hint = client.post(f"/api/games/{game['id']}/hint").json()
    played = intent(client, game["id"], hint["hint"]).json()
    assert played["state"]["moves_left"] == 2
    assert len(played["state"]["last"]["cleared"]) >= len(hint["hint"]["path"])
    auto = client.post(f"/api/games/{game['id']}/autoplay").json()
    assert auto["played"]["kind"] == "path" and auto["words"].startswith("join")
    client.post(f"/api/games/{game['id']}/autoplay")
    over = client.get(f"/api/games/{game['id']}").json()
    assert over["finished"] and over["state"]["moves_left"] == 0
    assert_error(client.post(f"/api/games/{game['id']}/autoplay"), 409, None)
    assert client.post(f"/api/games/{game['id']}/hint").json()["hint"] is None


def test_a_path_the_rules_refuse_says_why(client: TestClient) -> None:
    game = new(client, "dots", seed=5)
    grid = game["state"]["grid"]
    other = next(c for c in range(1, 6) if grid[0][c] != grid[0][c - 1])
    body = {"kind": "path", "path": [[0, other - 1], [0, other]]}
    message = assert_error(intent(client, game["id"], body), 409, "path")
    assert "the path is" in message


def test_an_intent_of_another_game_is_refused(client: TestClient) -> None:
    game = new(client, "2048")
    message = assert_error(
        intent(client, game["id"], {"kind": "path", "path": [[0, 0], [0, 1]]}),
        409,
        "intent",
    )
    assert message == "this game is 2048: it takes a slide (a direction)"


def test_the_list_shows_this_browsers_games_latest_first(client: TestClient) -> None:
    first, second = new(client, "2048"), new(client, "dots")
    listed = client.get("/api/games").json()
    assert [g["id"] for g in listed] == [second["id"], first["id"]]


def test_best_score_keeps_the_highest_2048_score(client: TestClient) -> None:
    game = new(client, "2048", seed=1)
    best = 0
    for direction in ["left", "down", "right", "down"] * 10:
        out = intent(client, game["id"], {"kind": "slide", "direction": direction})
        if out.status_code == 200:
            best = max(best, out.json()["state"]["score"])
            assert out.json()["best"] == best
    fresh = new(client, "2048", seed=2)
    assert fresh["best"] == best > 0


def test_the_best_score_is_read_from_the_store_once_per_browser(
    config: WebConfig, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = create_app(config)
    store = app.state.server.store
    reads: list[str] = []
    read = store.best_2048

    def counted(token: str) -> int:
        reads.append(token)
        return int(read(token))

    monkeypatch.setattr(store, "best_2048", counted)
    with TestClient(app, base_url=LOCAL) as client:
        game = new(client, "2048", seed=1)
        for direction in ["left", "down", "right", "down"] * 3:
            intent(client, game["id"], {"kind": "slide", "direction": direction})
    assert len(reads) == 1


# ------------------------------------------------------------ saves
@pytest.mark.parametrize(
    ("game", "options", "load"),
    [
        ("2048", {"seed": 4}, lambda text: t48_savefile.parse_save(text, "x")),
        ("forty-thieves", {"seed": 4}, lambda text: ft_savefile.loads(text, "x")),
        ("dots", {"seed": 4}, lambda text: dots_savefile.parse_save(text, "x")),
    ],
)
def test_download_is_the_terminals_save_and_upload_plays_it_on(
    client: TestClient, game: str, options: dict[str, Any], load: Any
) -> None:
    out = new(client, game, **options)
    client.post(f"/api/games/{out['id']}/autoplay")
    response = client.get(f"/api/games/{out['id']}/save")
    assert response.headers["content-type"].startswith("text/plain")
    extension = {"2048": "2048"}.get(game, game)
    assert f'filename="save.{extension}"' in response.headers["content-disposition"]
    load(response.text)  # the terminal's loader takes it
    uploaded = client.post(
        "/api/upload", json={"text": response.text, "filename": "mine"}
    )
    assert uploaded.status_code == 201
    again = client.get(f"/api/games/{uploaded.json()['id']}/save").text
    assert again == response.text


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("bad.2048", "4 4\nx\n"),
        ("bad.forty-thieves", "forty-thieves save 1\nseed: x\n"),
        ("bad.dots", "dots save 1\nR R R\n"),
        ("bad.txt", "dots save 99\n"),
        ("empty.2048", ""),
        ("garbled.dots", "garbled\n"),
        ("empty.forty-thieves", ""),
    ],
)
def test_a_bad_upload_gets_the_terminals_one_line_message(
    client: TestClient,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    text: str,
) -> None:
    (tmp_path / name).write_text(text)
    monkeypatch.chdir(tmp_path)  # the terminal names the file as given
    stderr = io.StringIO()
    assert cli.main([name], io.StringIO(""), io.StringIO(), stderr) == 2
    terminal = stderr.getvalue().strip().splitlines()[-1]
    response = client.post("/api/upload", json={"text": text, "filename": name})
    assert assert_error(response, 422, "text") == terminal


@pytest.mark.parametrize("text", ["garbled\nstuff\n", "", "\x00\x01 junk"])
@pytest.mark.parametrize(
    ("name", "header"),
    [
        ("broken.dots", "dots save 1"),
        ("broken.forty-thieves", "forty-thieves save 2"),
        ("some/folder/broken.dots", "dots save 1"),
    ],
)
def test_a_garbled_upload_gets_the_error_of_the_game_its_name_says(
    client: TestClient, name: str, header: str, text: str
) -> None:
    """Before, a header that named no game meant 2048, whose loader spoke
    of a 2048 save; the page sends the file's name, which says the game."""
    response = client.post("/api/upload", json={"text": text, "filename": name})
    shown = name.rpartition("/")[2]
    assert assert_error(response, 422, "text").startswith(
        f"playmanager: cannot load {shown}: line 1: expected '{header}', got "
    )


def test_an_upload_names_the_file_by_its_base_name_only(client: TestClient) -> None:
    response = client.post(
        "/api/upload", json={"text": "x", "filename": "/home/me/../secret/a.2048"}
    )
    assert assert_error(response, 422, "text").startswith(
        "playmanager: cannot load a.2048:"
    )


def test_a_big_2048_board_is_left_to_the_terminal(client: TestClient) -> None:
    text = "13 13\n0\n" + "0 " * 169 + "\n"
    message = assert_error(client.post("/api/upload", json={"text": text}), 422, "text")
    assert "13x13" in message and "terminal" in message


def test_slots_save_list_open_and_ask_before_replacing(
    client: TestClient, config: WebConfig
) -> None:
    first = new(client, "2048", seed=9)
    saved = client.post("/api/slots", json={"name": "my game", "game_id": first["id"]})
    assert saved.status_code == 201
    (slot,) = config.saves.glob("browsers/*/my game.2048")  # this browser's shelf
    assert slot.read_text() == client.get(f"/api/games/{first['id']}/save").text
    again = client.post("/api/slots", json={"name": "my game", "game_id": first["id"]})
    assert again.status_code == 201, "the game that wrote the slot replaces it"
    second = new(client, "2048", seed=10)
    body = {"name": "my game", "game_id": second["id"]}
    assert "replace" in assert_error(client.post("/api/slots", json=body), 409, "name")
    assert slot.read_text() == client.get(f"/api/games/{first['id']}/save").text
    replaced = client.post("/api/slots", json={**body, "overwrite": True})
    assert replaced.status_code == 201
    assert [s["name"] for s in client.get("/api/slots").json()] == ["my game"]
    opened = client.post("/api/slots/open", json={"name": "my game", "game": "2048"})
    assert opened.json()["state"]["board"] == second["state"]["board"]
    missing = client.post("/api/slots/open", json={"name": "nope", "game": "dots"})
    assert "cannot load nope.dots" in assert_error(missing, 404, "name")


HOSTILE_NAMES = [
    "../escape",
    "..",
    "a/b",
    "/etc/passwd",
    "a\\b",
    "C:\\x",
    "nul\x00byte",
    "",
    " lead",
    ".hidden",
    "trail.",
    "x" * 65,
    "a..b",
    "new\nline",
]


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_a_slot_name_that_is_not_plain_is_refused_and_nothing_is_written(
    client: TestClient, config: WebConfig, tmp_path: Path, name: str
) -> None:
    game = new(client, "dots")
    before = sorted(p for p in tmp_path.rglob("*") if "data" not in p.parts)
    response = client.post("/api/slots", json={"name": name, "game_id": game["id"]})
    assert_error(response, 422, "name")
    opened = client.post("/api/slots/open", json={"name": name, "game": "dots"})
    assert_error(opened, 422, "name")
    assert sorted(p for p in tmp_path.rglob("*") if "data" not in p.parts) == before


# ------------------------------------------------------------ opening FILE
def test_the_command_lines_file_opens_as_a_new_game(tmp_path: Path) -> None:
    from playmanager.web.app import Opening, opening_of

    opening = opening_of(None, str(SAVES / "in_progress.forty-thieves"))
    assert isinstance(opening, Opening) and opening.game == "forty-thieves"
    config = WebConfig(tmp_path / "db", tmp_path / "s", opening=opening)
    with TestClient(create_app(config), base_url=LOCAL) as client:
        assert client.get("/api/opening").json() == {
            "game": "forty-thieves",
            "file": opening.file,
            "largest_save": MAX_SAVE_CHARS,
        }
        out = client.post("/api/opening").json()
        saved = client.get(f"/api/games/{out['id']}/save").text
        file_text = (SAVES / "in_progress.forty-thieves").read_text()  # format 1
        assert saved == ft_savefile.dumps(*ft_savefile.loads(file_text, "x"))


def test_without_a_file_there_is_nothing_to_open(client: TestClient) -> None:
    assert client.get("/api/opening").json() == {
        "game": None,
        "file": None,
        "largest_save": MAX_SAVE_CHARS,
    }
    assert_error(client.post("/api/opening"), 404, None)


# ------------------------------------------------------------ persistence
def test_a_restarted_server_resumes_every_game_and_its_undo(config: WebConfig) -> None:
    with TestClient(create_app(config), base_url=LOCAL) as client:
        game = new(client, "2048", seed=11)
        for direction in ["left", "up", "right"]:
            intent(client, game["id"], {"kind": "slide", "direction": direction})
        before = client.get(f"/api/games/{game['id']}").json()
        cookie = client.cookies[COOKIE]
    with TestClient(create_app(config), base_url=LOCAL) as client:
        client.cookies[COOKIE] = cookie
        assert client.get(f"/api/games/{game['id']}").json() == before
        undone = client.post(f"/api/games/{game['id']}/undo").json()
        assert undone["state"]["moves"] == before["state"]["moves"] - 1
        for _ in range(undone["state"]["moves"]):
            client.post(f"/api/games/{game['id']}/undo")
        assert (
            client.get(f"/api/games/{game['id']}").json()["state"]["board"]
            == (game["state"]["board"])
        )


def test_undo_in_memory_and_undo_from_the_database_agree(config: WebConfig) -> None:
    """The session's undo (in memory) and the database's must give the same game."""
    with TestClient(create_app(config), base_url=LOCAL) as client:
        game = new(client, "forty-thieves", seed=3)
        for _ in range(4):
            client.post(f"/api/games/{game['id']}/autoplay")
        memory = client.post(f"/api/games/{game['id']}/undo").json()
        cookie = client.cookies[COOKIE]
        client.post(f"/api/games/{game['id']}/autoplay")
    with TestClient(create_app(config), base_url=LOCAL) as client:
        client.cookies[COOKIE] = cookie
        database = client.post(f"/api/games/{game['id']}/undo").json()
    assert database["version"] == memory["version"] + 2  # autoplay, undo
    assert {**database, "version": 0} == {**memory, "version": 0}


def test_a_long_game_keeps_a_short_history_in_memory_and_undoes_it_all(
    config: WebConfig,
) -> None:
    app = create_app(config)
    with TestClient(app, base_url=LOCAL) as client:
        game = new(client, "2048", seed=12, rows=8, cols=8)
        moves = 0
        for direction in itertools.cycle(["left", "up", "right", "down"]):
            body = {"kind": "slide", "direction": direction}
            moves += intent(client, game["id"], body).json()["no_change"] is None
            if moves == HISTORY_IN_MEMORY + 8:
                break
        live = app.state.server.games.get(client.cookies[COOKIE], game["id"])
        assert live.game.session.undo_depth <= HISTORY_IN_MEMORY
        for _ in range(HISTORY_IN_MEMORY + 8):
            assert client.post(f"/api/games/{game['id']}/undo").status_code == 200
        back = client.get(f"/api/games/{game['id']}").json()
        assert back["state"] == game["state"] and not back["can_undo"]


# ------------------------------------------------------------ security
def test_another_browser_cannot_reach_a_game(config: WebConfig) -> None:
    app = create_app(config)
    with (
        TestClient(app, base_url=LOCAL) as owner,
        TestClient(app, base_url=LOCAL) as other,
    ):
        game = new(owner, "2048")
        new(other, "dots")
        game_id = game["id"]
        for response in [
            other.get(f"/api/games/{game_id}"),
            other.post(f"/api/games/{game_id}/undo"),
            other.post(f"/api/games/{game_id}/hint"),
            other.post(f"/api/games/{game_id}/autoplay"),
            other.get(f"/api/games/{game_id}/save"),
            intent(other, game_id, {"kind": "slide", "direction": "up"}),
            other.post("/api/slots", json={"name": "stolen", "game_id": game_id}),
        ]:
            assert assert_error(response, 404, "id") == "no such game in this browser"
        assert game_id not in {g["id"] for g in other.get("/api/games").json()}
        assert owner.get(f"/api/games/{game_id}").json()["state"]["moves"] == 0


def test_no_cookie_reaches_no_game_and_lists_none(config: WebConfig) -> None:
    app = create_app(config)
    with (
        TestClient(app, base_url=LOCAL) as owner,
        TestClient(app, base_url=LOCAL) as bare,
    ):
        game = new(owner, "2048")
        assert_error(bare.get(f"/api/games/{game['id']}"), 404, "id")
        assert bare.get("/api/games").json() == []
        bare.cookies[COOKIE] = "forged-token-of-nobody"
        assert_error(bare.get(f"/api/games/{game['id']}"), 404, "id")


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "chess"}, "game"),
        ({"game": "2048", "rows": 1}, "rows"),
        ({"game": "2048", "rows": 13}, "rows"),
        ({"game": "2048", "rows": "4"}, "rows"),
        ({"game": "2048", "rules": "house"}, "rules"),
        ({"game": "2048", "seed": "12x"}, "seed"),
        ({"game": "2048", "seed": 1 << 60}, "seed"),
        ({"game": "dots", "moves": 0}, "moves"),
        ({"game": "dots", "colour": "P"}, "colour"),
        ({"game": "dots", "squares": 1}, "squares"),
        ({"game": "dots", "extra": 1}, "extra"),
        ({}, "game"),
    ],
)
def test_a_bad_new_game_is_refused_naming_the_field(
    client: TestClient, body: dict[str, Any], field: str
) -> None:
    message = assert_error(client.post("/api/games", json=body), 422, field)
    assert message


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"kind": "slide", "direction": "sideways"}, "direction"),
        ({"kind": "cards", "source": "t10", "target": "f0"}, "source"),
        ({"kind": "cards", "source": "t1", "target": "../f0"}, "target"),
        ({"kind": "path", "path": [[0, 6], [0, 5]]}, "path"),
        ({"kind": "path", "path": []}, "path"),
        ({"kind": "path", "path": [[0, 0]] * 65}, "path"),
        ({"kind": "jump"}, "kind"),
    ],
)
def test_a_malformed_intent_is_refused_naming_the_field(
    client: TestClient, body: dict[str, Any], field: str
) -> None:
    game = new(client, "dots")
    assert_error(intent(client, game["id"], body), 422, field)


def test_a_body_that_is_not_json_is_refused(client: TestClient) -> None:
    game = new(client, "dots")
    response = client.post(
        f"/api/games/{game['id']}/intent",
        content=b"{not json",
        headers={"content-type": "application/json"},
    )
    assert_error(response, 422, "body")


@pytest.mark.parametrize(
    "game_id", ["short", "x" * 65, "has space in it xxxxx", "ü" * 20]
)
def test_a_malformed_game_id_is_refused(client: TestClient, game_id: str) -> None:
    new(client, "2048")
    response = client.get(f"/api/games/{game_id}")
    assert response.status_code in (404, 422)
    assert set(response.json()) == {"error", "field"}


def test_a_body_over_the_cap_is_refused_before_any_route(client: TestClient) -> None:
    text = "0 " * (9 << 20)  # 18 MiB, and its JSON a few bytes more
    response = client.post("/api/upload", json={"text": text})
    assert assert_error(response, 413, None) == (
        "this save is 18 MiB; the largest accepted is 16 MiB"
    )

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it comes
        for _ in range(17 << 10):
            yield b"x" * 1024

    streamed = client.post("/api/upload", content=chunks())
    assert assert_error(streamed, 413, None) == (
        "this save is over 16 MiB; the largest accepted is 16 MiB"
    )


def test_the_biggest_save_the_command_line_writes_is_read_and_answered(
    client: TestClient,
) -> None:
    """A 1024x1024 board of the biggest tiles (11 MiB) passes the limit,
    and the page says in words why it plays in the terminal."""
    row = " ".join(["1073741824"] * 1024)
    text = "1024 1024\n0\n" + "\n".join([row] * 1024) + "\n"
    response = client.post("/api/upload", json={"text": text, "filename": "big.2048"})
    assert assert_error(response, 422, "text") == (
        "big.2048: the board is 1024x1024; the page shows boards up to 12x12: "
        "play it in the terminal"
    )


@pytest.mark.parametrize("host", ["evil.example", "127.0.0.1.evil.example", "10.0.0.1"])
def test_a_foreign_host_header_is_refused_on_loopback(
    client: TestClient, host: str
) -> None:
    response = client.get("/api/games", headers={"host": host})
    assert_error(response, 400, "host")


@pytest.mark.parametrize("host", ["127.0.0.1:8048", "localhost", "[::1]:8048"])
def test_the_loopback_names_are_accepted(client: TestClient, host: str) -> None:
    assert client.get("/api/games", headers={"host": host}).status_code == 200


def test_a_server_open_to_the_network_takes_any_host(tmp_path: Path) -> None:
    config = WebConfig(tmp_path / "db", tmp_path / "s", loopback=False)
    with TestClient(create_app(config), base_url="http://192.168.1.5") as client:
        assert client.get("/api/games").status_code == 200


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/"),
        ("GET", "/static/app.js"),
        ("GET", "/docs"),
        ("GET", "/openapi.json"),
        ("GET", "/api/games"),
        ("GET", "/nowhere"),
        ("DELETE", "/api/games"),
        ("POST", "/api/games"),
    ],
)
def test_every_response_carries_the_security_headers(
    client: TestClient, method: str, path: str
) -> None:
    response = client.request(method, path)
    policy = response.headers["content-security-policy"]
    assert policy == CONTENT_SECURITY_POLICY and "unsafe" not in policy
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["x-frame-options"] == "DENY"
    if response.status_code >= 400:
        assert set(response.json()) == {"error", "field"}


def test_a_405_lists_every_method_of_the_path(client: TestClient) -> None:
    response = client.delete("/api/games")
    assert response.status_code == 405
    assert response.headers["allow"] == "GET, POST"


def test_the_page_and_its_scripts_come_from_this_server_only(
    client: TestClient,
) -> None:
    page = client.get("/").text
    for script in ["app.js", "api.js", "twenty48.js", "thieves.js", "dots.js"]:
        body = client.get(f"/static/{script}").text
        body = body.replace('"http://www.w3.org/2000/svg"', "")  # a name, not fetched
        assert "http://" not in body and "https://" not in body
        assert "eval(" not in body and "new Function" not in body
    assert "<script>" not in page and "http" not in page.replace("http-equiv", "")


def test_an_unexpected_failure_is_a_json_500_without_a_traceback(
    config: WebConfig, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = create_app(config)
    with TestClient(app, base_url=LOCAL, raise_server_exceptions=False) as client:
        game = new(client, "2048")
        live = app.state.server.games.get(client.cookies[COOKIE], game["id"])

        def broken() -> None:
            raise RuntimeError("secret internals")

        monkeypatch.setattr(live.game, "view", broken)
        response = client.get(f"/api/games/{game['id']}")
        message = assert_error(response, 500, None)
        assert "secret" not in message and "RuntimeError" not in message
