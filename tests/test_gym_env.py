"""The Gymnasium environments of issue 15: the single env plays GameState's
game; the vector env matches N single envs under Gymnasium's own
SyncVectorEnv, step for step, autoresets included."""

from __future__ import annotations

import math
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env, data_equivalence
from hypothesis import given, settings
from hypothesis import strategies as st

import gamestate.gym
from gamestate import Direction, GameState
from gamestate.gym import ENV_ID, TwentyFortyEightEnv, TwentyFortyEightVectorEnv
from gamestate.gym.render import CELL, GAP, board_image
from gamestate.palette import BOARD_COLOUR, PALETTE

GYM_GUIDE = Path(__file__).resolve().parent.parent / "docs/research/gymnasium.md"
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"observation": "onehot", "reward": "log2"},
    {"illegal_penalty": -2.0, "end_on_illegal": True, "two_prob": 30},
    {"step_limit": 25, "two_prob": 100},
]


def exponents(game: GameState) -> list[list[int]]:
    return [[v.bit_length() - 1 if v else 0 for v in row] for row in game.getBoard()]


def started(seed: int) -> GameState:
    game = GameState(4, 4, seed=seed)
    game.addTile()
    game.addTile()
    return game


def env(**options: Any) -> TwentyFortyEightEnv:
    made = gym.make(ENV_ID, **options).unwrapped
    assert isinstance(made, TwentyFortyEightEnv)
    return made


@pytest.mark.parametrize("options", OPTION_SETS)
def test_gymnasium_check_env_passes(options: dict[str, Any]) -> None:
    check_env(env(**options), skip_render_check=False)


@settings(max_examples=30)
@given(st.integers(0, (1 << 63) - 1), st.lists(st.integers(0, 3), max_size=150))
def test_the_env_plays_gamestates_game(seed: int, actions: list[int]) -> None:
    single = env()
    obs, info = single.reset(seed=seed)
    game = started(seed)
    assert obs.tolist() == exponents(game) and info["score"] == 0
    for action in actions:
        before = game.getScore()
        obs, reward, terminated, truncated, info = single.step(action)
        moved = game.move(Direction(action))
        assert obs.tolist() == exponents(game)
        assert reward == game.getScore() - before
        assert info["moved"] == moved and info["score"] == game.getScore()
        assert info["highest_tile"] == max(max(row) for row in game.getBoard())
        assert terminated == game.isGameOver() and not truncated
        legal = [game.copy().move(d) for d in Direction]
        assert list(info["action_mask"]) == [int(m) for m in legal]
    assert single.game.rng.getstate() == game.rng.getstate()


def test_reset_without_a_seed_continues_from_the_seeded_generator() -> None:
    a, b = env(), env()
    a.reset(seed=9)
    b.reset(seed=9)
    assert data_equivalence(a.reset(), b.reset())
    assert a.game.getBoard() != started(9).getBoard() or a.game.rng.getstate() != (
        started(9).rng.getstate()
    )


def test_an_illegal_move_changes_nothing_and_by_option_costs_or_ends() -> None:
    for options, reward, ends in (
        ({}, 0.0, False),
        ({"illegal_penalty": -3.0}, -3.0, False),
        ({"end_on_illegal": True}, 0.0, True),
    ):
        single = env(**options)
        obs, info = single.reset(seed=118)
        illegal = [a for a in range(4) if info["action_mask"][a] == 0]
        if not illegal:  # push everything down until DOWN does nothing
            moved = True
            while moved:
                obs, _reward, _end, _cut, info = single.step(Direction.DOWN.value)
                moved = info["moved"]
            illegal = [Direction.DOWN.value]
        state = single.game.rng.getstate()
        after, got, terminated, _truncated, info = single.step(illegal[0])
        assert (after == obs).all() and single.game.rng.getstate() == state
        assert got == reward and terminated == ends and not info["moved"]


def test_step_limit_truncates() -> None:
    single = env(step_limit=3)
    single.reset(seed=1)
    flags = [single.step(a % 4)[3] for a in range(3)]
    assert flags == [False, False, True]


def test_onehot_and_log2() -> None:
    plain, hot = env(), env(observation="onehot", reward="log2")
    a, _ = plain.reset(seed=4)
    b, _ = hot.reset(seed=4)
    for action in [1, 3, 0, 2] * 10:
        a, ra, *_ = plain.step(action)
        b, rb, *_ = hot.step(action)
        assert b.shape == (16, 4, 4) and (b.argmax(axis=0) == a).all()
        assert (b.sum(axis=0) == 1).all()
        assert rb == pytest.approx(math.log2(1 + ra))


def test_a_merge_past_32768_truncates_and_changes_nothing() -> None:
    single = env()
    single.reset(seed=2)
    game = single.game
    game.setBoard([[32768, 32768, 0, 0], [0] * 4, [0] * 4, [0] * 4])
    single.continue_game(game)
    state = single.game.rng.getstate()
    obs, reward, terminated, truncated, info = single.step(Direction.LEFT.value)
    assert truncated and info["tile_overflow"] and not terminated and reward == 0
    assert obs[0].tolist() == [15, 15, 0, 0] and single.game.rng.getstate() == state
    obs, *_, info = single.step(Direction.DOWN.value)
    assert obs[3].tolist()[:2] == [15, 15] and not info["tile_overflow"]


def test_continue_game_plays_on_from_a_gamestate() -> None:
    game = started(77)
    for direction in (Direction.LEFT, Direction.UP, Direction.RIGHT):
        game.move(direction)
    single = env()
    single.reset(seed=1)
    single.continue_game(game)
    obs, reward, *_ = single.step(Direction.DOWN.value)
    before = game.getScore()
    game.move(Direction.DOWN)
    assert obs.tolist() == exponents(game) and reward == game.getScore() - before
    assert single.game.rng.getstate() == game.rng.getstate()
    wide = GameState(4, 5)
    with pytest.raises(ValueError, match="4x4"):
        single.continue_game(wide)


def test_render_ansi_is_the_java_tostring_and_rgb_uses_the_palette() -> None:
    single = env(render_mode="ansi")
    single.reset(seed=118)
    assert single.render() == started(118).toString()
    image = board_image(np.array([[0, 1, 2, 11]] * 4, dtype=np.uint8))
    assert image.shape == (4 * CELL + 5 * GAP,) * 2 + (3,)

    def rgb(colour: str) -> list[int]:
        return [int(colour[i : i + 2], 16) for i in (1, 3, 5)]

    assert image[0, 0].tolist() == rgb(BOARD_COLOUR)
    middle_top = GAP + 2  # inside the first row of cells, above the digits
    for col, value in enumerate((0, 2, 4, 2048)):
        x = GAP + col * (CELL + GAP) + CELL // 2
        assert image[middle_top, x].tolist() == rgb(PALETTE[value][0])
    text_pixels = (
        image[GAP : GAP + CELL, GAP + 3 * (CELL + GAP) :][..., 0] == 0xF9
    ).sum()
    assert text_pixels > 0  # 2048's digits, in its text colour


def test_module_prefixed_id_and_bad_options() -> None:
    made = gym.make("gamestate.gym:" + ENV_ID)
    assert isinstance(made.unwrapped, TwentyFortyEightEnv)
    for bad in (
        {"observation": "pixels"},
        {"reward": "square"},
        {"step_limit": 0},
        {"two_prob": 101},
        {"render_mode": "human"},
    ):
        with pytest.raises(ValueError):
            TwentyFortyEightEnv(**bad)
    with pytest.raises(ValueError, match="0..3"):
        env().step(4)


# ------------------------------------------------------------ vector env
@pytest.mark.parametrize("options", OPTION_SETS)
def test_vector_env_matches_single_envs_step_for_step(options: dict[str, Any]) -> None:
    count = 6
    ours = gym.make_vec(
        ENV_ID, num_envs=count, vectorization_mode="vector_entry_point", **options
    )
    assert isinstance(ours.unwrapped, TwentyFortyEightVectorEnv)
    reference = gym.make_vec(
        ENV_ID, num_envs=count, vectorization_mode="sync", **options
    )
    assert data_equivalence(ours.reset(seed=31), reference.reset(seed=31), exact=True)
    rng = np.random.default_rng(7)
    ended = 0
    for _ in range(400):
        actions = rng.integers(0, 4, count)
        got = ours.step(actions)
        assert data_equivalence(got, reference.step(actions), exact=True)
        assert ours.observation_space.contains(got[0])
        ended += int(got[2].sum() + got[3].sum())
    assert ended > 0  # autoresets were exercised
    seeds = [5, None, 7, None, 9, 11]
    assert data_equivalence(ours.reset(seed=seeds), reference.reset(seed=seeds))
    # Without a seed, each sub-environment draws its next game's seed.
    assert data_equivalence(ours.reset(), reference.reset())


def test_vector_env_metadata_render_and_errors() -> None:
    envs = TwentyFortyEightVectorEnv(3, render_mode="ansi")
    assert envs.metadata["autoreset_mode"] == gym.vector.AutoresetMode.NEXT_STEP
    envs.reset(seed=118)
    frames = envs.render()
    assert frames is not None and frames[0] == started(118).toString()
    images = TwentyFortyEightVectorEnv(2, render_mode="rgb_array")
    images.reset(seed=1)
    rendered = images.render()
    assert rendered is not None and rendered[0].shape[2] == 3
    assert TwentyFortyEightVectorEnv(1).render() is None
    assert TwentyFortyEightEnv().render() is None
    with pytest.raises(ValueError):
        envs.reset(seed=[1, 2])
    with pytest.raises(ValueError):
        TwentyFortyEightVectorEnv(0)


# ---------------------------------------------------------------- README
def gym_section_blocks() -> list[str]:
    text = GYM_GUIDE.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.DOTALL)
    # Blocks with >>> prompts are doctests, run by tests/test_readme.py.
    return [block for block in blocks if ">>>" not in block]


def test_the_readme_gym_loops_run_as_printed(tmp_path: Path) -> None:
    blocks = gym_section_blocks()
    assert len(blocks) >= 2
    for number, block in enumerate(blocks):
        script = tmp_path / f"block{number}.py"
        script.write_text(block, encoding="utf-8")
        run = subprocess.run(
            [sys.executable, str(script)],
            check=False,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert run.returncode == 0, run.stderr
        assert run.stdout


def test_registration_is_done_once() -> None:
    assert gym.spec(ENV_ID).vector_entry_point is not None
    assert gamestate.gym.ENV_ID == ENV_ID
