"""The n-tuple agent (issue 38): its TD update, its afterstates, its seed,
its resume, its play of the Gymnasium env, and that a short run learns.

The kernels are tested in both forms (numpy and numba) against the same
hand-computed numbers. Training runs use a small network of 4-tuples so
that they take seconds.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import given, settings
from hypothesis import strategies as st

import gamestate.gym
from gamestate._kernels import move_board
from gamestate.agent import (
    GreedyAgent,
    NTupleNetwork,
    Settings,
    Trainer,
    _kernels,
    afterstates,
    curve,
    evaluate,
    greedy_actions,
    lookahead_actions,
    lookahead_values,
    packed,
    play,
)
from gamestate.agent.cli import main
from gamestate.agent.network import (
    SHIPPED,
    SMALL_TUPLES,
    TUPLES,
    symmetries_of,
    tuples_for,
)
from gamestate.agent.training import TILES, Window
from gamestate.batch import Batch, GridBatch
from gamestate.batch.grid import batch_for
from gamestate.direction import Direction

PYTHON_LOOPS = _kernels.Kernels("loops", *_kernels._loops(lambda f: f))
"""The loops numba compiles, run as Python: the same arithmetic, seen by coverage."""
KERNELS = [_kernels.NUMPY, *([k] if (k := _kernels._numba()) else []), PYTHON_LOOPS]


def small_network() -> NTupleNetwork:
    return NTupleNetwork(SMALL_TUPLES)


def corner_network() -> NTupleNetwork:
    """One 1-tuple, cell 0: its 8 symmetric lookups read the 4 corners,
    each twice (a corner lies on its diagonal's mirror)."""
    return NTupleNetwork([(0,)])


def packed_boards(trainer: Trainer) -> np.ndarray[tuple[int], np.dtype[np.uint64]]:
    """The boards of a 4x4 run's games (packed: its engine is Batch)."""
    assert isinstance(trainer.batch, Batch)
    return trainer.batch.boards


ONE_TWO_IN_A_CORNER = packed([[1, 0, 0, 0], [0] * 4, [0] * 4, [0] * 4])


@pytest.mark.parametrize("kernels", KERNELS, ids=lambda k: k.name)
def test_learn_moves_each_lookup_by_alpha_times_error_over_lookups(
    kernels: _kernels.Kernels,
) -> None:
    network = corner_network()
    boards = np.array([ONE_TWO_IN_A_CORNER], dtype=np.uint64)
    # V = 2 * w[1] + 6 * w[0] = 0; the error 8 at alpha 0.5 gives each of
    # the 8 lookups 0.5 * 8 / 8 = 0.5: w[1] gets it twice, w[0] six times.
    kernels.learn(
        network.weights,
        network.features,
        network.owner,
        boards,
        np.array([8.0], dtype=np.float32),
        0.5,
    )
    assert network.weights[0, :3].tolist() == [3.0, 1.0, 0.0]
    out = np.empty(1, dtype=np.float32)
    kernels.values(network.weights, network.features, network.owner, boards, out)
    assert out.tolist() == [2 * 1.0 + 6 * 3.0]


@pytest.mark.parametrize("kernels", KERNELS, ids=lambda k: k.name)
def test_a_board_learns_from_the_value_the_boards_before_it_left(
    kernels: _kernels.Kernels,
) -> None:
    network = corner_network()
    boards = np.array([ONE_TWO_IN_A_CORNER] * 2, dtype=np.uint64)
    kernels.learn(
        network.weights,
        network.features,
        network.owner,
        boards,
        np.array([8.0, 8.0], dtype=np.float32),
        0.5,
    )
    # First: w = (3, 1), V = 20. Second: step 0.5 * (8 - 20) / 8 = -0.75.
    assert network.weights[0, :2].tolist() == [3.0 - 6 * 0.75, 1.0 - 2 * 0.75]


def test_the_two_kernels_agree_on_a_trained_network() -> None:
    if len(KERNELS) < 3:
        pytest.skip("numba is not installed (pip install '.[jit]')")
    trainer = Trainer(Settings(seed=3, parallel=16), small_network())
    trainer.run(16)
    boards = packed_boards(trainer)
    numpy_out = np.empty(len(boards), dtype=np.float32)
    numba_out = np.empty(len(boards), dtype=np.float32)
    net = trainer.network
    _kernels.NUMPY.values(net.weights, net.features, net.owner, boards, numpy_out)
    KERNELS[1].values(net.weights, net.features, net.owner, boards, numba_out)
    np.testing.assert_allclose(numpy_out, numba_out, rtol=1e-5)
    assert np.abs(numpy_out).max() > 0


def test_a_first_move_teaches_its_afterstate_alpha_times_the_next_reward() -> None:
    trainer = Trainer(Settings(seed=5, parallel=1, alpha=0.25), small_network())
    trainer.step()  # no afterstate to learn about yet; all values are 0
    assert not trainer.network.weights.any()
    _after, gains, legal = afterstates(trainer.batch.boards)
    best_gain = int(gains[legal].max())  # V = 0 everywhere: the best move's gain
    trainer.step()
    # TD target r + V(s') = best_gain, error best_gain - 0: the 32 lookups
    # of the last afterstate share alpha * best_gain.
    assert trainer.network.weights.sum() == pytest.approx(0.25 * best_gain)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**40), moves=st.lists(st.integers(0, 3), max_size=40))
def test_afterstates_are_the_engines_moves_before_their_tile(
    seed: int, moves: list[int]
) -> None:
    batch = Batch([seed])
    for action in [*moves, 0, 1, 2, 3]:
        board = batch.boards.copy()
        after, gains, legal = afterstates(board)
        assert legal[0].tolist() == batch.legal_mask()[0].tolist()
        result = batch.step(np.array([action]))
        assert result.gains[0] == (gains[0, action] if legal[0, action] else 0)
        if legal[0, action]:
            new_tile = int(batch.boards[0]) ^ int(after[0, action])
            # exactly one cell, empty in the afterstate, gained a 2 or a 4
            cell = (new_tile.bit_length() - 1) // 4
            assert new_tile >> (4 * cell) in (1, 2)
            assert (int(after[0, action]) >> (4 * cell)) & 0xF == 0
        if result.over[0]:
            break


def test_one_seed_gives_identical_weights_and_another_seed_does_not() -> None:
    runs = []
    for seed in (7, 7, 8):
        trainer = Trainer(Settings(seed=seed, parallel=8), small_network())
        trainer.run(12)
        runs.append(trainer.network.weights)
    assert np.array_equal(runs[0], runs[1])
    assert not np.array_equal(runs[0], runs[2])


def test_a_resumed_run_ends_with_the_weights_of_an_unbroken_one(tmp_path: Path) -> None:
    config = Settings(seed=2, parallel=8, report_every=5)
    unbroken = Trainer(config, small_network())
    unbroken.run(20)
    first = Trainer(config, small_network())
    first.run(10, checkpoint=tmp_path / "run.npz")
    resumed = Trainer.resume(tmp_path / "run.npz")
    resumed.run(20)
    assert np.array_equal(resumed.network.weights, unbroken.network.weights)
    assert [p["mean_score"] for p in resumed.curve] == [
        p["mean_score"] for p in unbroken.curve
    ]


def test_the_greedy_agent_plays_the_env_as_evaluate_plays_the_batch() -> None:
    trainer = Trainer(Settings(seed=4, parallel=16), small_network())
    trainer.run(16)
    env = gymnasium.make(gamestate.gym.ENV_ID)
    check_env(env.unwrapped)
    agent = GreedyAgent(trainer.network)
    observation, info = env.reset(seed=11)
    done = False
    while not done:
        action = agent.act(observation)
        assert info["action_mask"][action] == 1
        observation, _reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    batch_play = evaluate(trainer.network, [11])
    assert info["score"] == batch_play.scores[0]
    assert info["highest_tile"] == batch_play.highest[0]


def test_a_few_seconds_of_training_triple_random_plays_mean_score() -> None:
    seeds = list(range(1000, 1040))
    random_scores = _random_play(seeds)
    trainer = Trainer(Settings(seed=0, parallel=32), small_network())
    trainer.run(150)
    trained = evaluate(trainer.network, seeds)
    assert trained.scores.mean() >= 3 * random_scores.mean()


def _random_play(seeds: list[int], rows: int = 4, cols: int = 4) -> np.ndarray:
    """Uniformly random legal moves on rows x cols, seeded."""
    rng = np.random.default_rng(0)
    batch = batch_for(seeds, rows=rows, cols=cols, two_prob=None)
    playing = np.ones(len(seeds), dtype=np.bool_)
    while playing.any():
        mask = batch.legal_mask()
        choice = np.where(mask, rng.random(mask.shape), -1.0).argmax(axis=1)
        playing &= ~batch.step(choice, playing=playing).finished
    return batch.scores


def test_the_cli_trains_evaluates_and_plots(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    train = ["train", "--games", "6", "--parallel", "4", "--tuples", "4x4"]
    assert main([*train, "--out", str(out)]) == 0
    for name in ("checkpoint.npz", "network.npz", "curve.csv", "curve.png"):
        assert (out / name).stat().st_size > 0
    assert (out / "curve.png").read_bytes().startswith(b"\x89PNG")
    assert main(["evaluate", str(out / "network.npz"), "--games", "3"]) == 0
    printed = capsys.readouterr().out
    assert printed.count("  reached ") == 3 and "  highest tile: " in printed
    with pytest.raises(SystemExit) as again:
        main(["train", "--games", "6", "--out", str(out)])
    assert again.value.code == 2
    assert "add --resume" in capsys.readouterr().err
    for minutes, message in (
        ("0", "--minutes must be more than 0, got 0.0"),
        ("1e-9", "no game ended within --minutes 1e-09"),
    ):
        with pytest.raises(SystemExit):
            main([*train, "--minutes", minutes, "--out", str(tmp_path / minutes)])
        assert message in capsys.readouterr().err


def test_bad_files_get_one_line_naming_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    junk = tmp_path / "junk.npz"
    junk.write_text("not a network")
    with pytest.raises(SystemExit):
        main(["evaluate", str(junk)])
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "junk.npz: not an n-tuple network file" in error
    bad_csv = tmp_path / "curve.csv"
    bad_csv.write_text(
        "games,moves,seconds,mean_score,rate_2048,rate_4096,rate_8192\n1,2,3,x,0,0,0\n"
    )
    with pytest.raises(SystemExit):
        main(["plot", str(bad_csv), str(tmp_path / "c.png")])
    error = capsys.readouterr().err
    assert "curve.csv, line 2: field 'mean_score' is 'x'" in error
    bad_csv.write_text("games,moves,seconds,mean_score,rate_64\n")
    with pytest.raises(SystemExit):
        main(["plot", str(bad_csv), str(tmp_path / "c.png")])
    assert "curve.csv: no curve points" in capsys.readouterr().err
    assert not (tmp_path / "c.png").exists()


def test_kernels_are_chosen_by_name_and_an_unknown_name_is_refused() -> None:
    try:
        assert _kernels.select("numpy") is _kernels.NUMPY
        assert _kernels.kernels() is _kernels.NUMPY
        with pytest.raises(ValueError, match="no 'fortran' kernels"):
            _kernels.select("fortran")
    finally:
        _kernels._chosen.clear()


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Settings(parallel=0), "parallel must be at least 1, got 0"),
        (lambda: Settings(alpha=0.0), r"alpha must be in \(0, 1\], got 0.0"),
        (lambda: Settings(two_prob=101), "two_prob must be 0 to 100, got 101"),
        (lambda: Settings(report_every=0), "report_every must be at least 1, got 0"),
        (lambda: NTupleNetwork([(0, 1), (2,)]), "tuples must be one length"),
        (lambda: NTupleNetwork([(0, 16)]), "tuple cells must be 0..15"),
        (
            lambda: NTupleNetwork([(0,)], np.zeros((1, 3), dtype=np.float32)),
            r"weights must have shape \(1, 16\), got \(1, 3\)",
        ),
        (
            lambda: packed([[16, 0, 0, 0]] + [[0] * 4] * 3),
            "exponents must be 0..15, got 16",
        ),
    ],
)
def test_bad_settings_and_shapes_are_named(
    make: Callable[[], object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        make()


def test_a_saved_network_loads_with_its_values(tmp_path: Path) -> None:
    trainer = Trainer(Settings(seed=9, parallel=8), small_network())
    trainer.run(8)
    trainer.network.save(tmp_path / "full.npz")
    trainer.network.save(tmp_path / "half.npz", half=True)
    boards = trainer.batch.boards
    full = NTupleNetwork.load(tmp_path / "full.npz")
    half = NTupleNetwork.load(tmp_path / "half.npz")
    assert full.tuples == SMALL_TUPLES
    np.testing.assert_array_equal(full.values(boards), trainer.network.values(boards))
    np.testing.assert_allclose(
        half.values(boards), full.values(boards), rtol=2e-3, atol=1
    )
    assert full.value(int(boards[0])) == full.values(boards[:1])[0]


def test_an_optimistic_network_values_every_board_at_its_initial_value() -> None:
    network = NTupleNetwork(SMALL_TUPLES, initial=3200.0)
    boards = Batch(list(range(5))).boards
    np.testing.assert_array_equal(network.values(boards), np.full(5, 3200.0))
    trainer = Trainer(Settings(seed=1, parallel=4, initial=3200.0))
    assert trainer.network.value(int(boards[0])) == pytest.approx(3200.0)


def test_a_run_out_of_seconds_stops_after_the_step_then_checkpoints(
    tmp_path: Path,
) -> None:
    trainer = Trainer(Settings(seed=1, parallel=4, report_every=2), small_network())
    trainer.run(2)
    moves = trainer.moves
    trainer.run(10**6, checkpoint=tmp_path / "c.npz", seconds=0.0)
    assert moves < trainer.moves <= moves + 4  # one step of 4 games
    resumed = Trainer.resume(tmp_path / "c.npz")
    assert (resumed.games, resumed.moves) == (trainer.games, trainer.moves)


@pytest.mark.parametrize("initial", [0.0, 3200.0])
def test_a_network_file_stores_only_the_weights_training_changed(
    tmp_path: Path, initial: float
) -> None:
    network = NTupleNetwork(SMALL_TUPLES, initial=initial)
    trainer = Trainer(Settings(seed=2, parallel=8, initial=initial), network)
    trainer.run(4)
    trainer.network.save(tmp_path / "net.npz")
    untouched = trainer.network.weights.size - np.count_nonzero(
        trainer.network.weights != np.float32(initial / 32)
    )
    assert untouched > 0.9 * trainer.network.weights.size
    assert (tmp_path / "net.npz").stat().st_size < 100_000  # dense: 1 MB
    loaded = NTupleNetwork.load(tmp_path / "net.npz")
    assert loaded.initial == initial
    np.testing.assert_array_equal(loaded.weights, trainer.network.weights)


def test_a_dense_network_file_of_the_first_format_still_loads(tmp_path: Path) -> None:
    weights = np.arange(4 * 16**4, dtype=np.float32).reshape(4, -1)
    np.savez_compressed(
        tmp_path / "old.npz", tuples=np.array(SMALL_TUPLES), weights=weights
    )
    old = NTupleNetwork.load(tmp_path / "old.npz")
    np.testing.assert_array_equal(old.weights, weights)
    assert old.two_prob == 70  # files from before two_prob was kept: Java's


def test_a_network_file_from_before_two_prob_was_kept_plays_the_java_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with np.load(SHIPPED) as saved:
        assert "two_prob" not in saved.files  # the shipped one is such a file
    network = NTupleNetwork(tuples_for(3, 3), size=(3, 3), two_prob=90)
    network.save(tmp_path / "new.npz")
    with np.load(tmp_path / "new.npz") as saved:
        arrays = {name: saved[name] for name in saved.files if name != "two_prob"}
    np.savez_compressed(tmp_path / "old.npz", **arrays)
    assert NTupleNetwork.load(tmp_path / "new.npz").two_prob == 90
    assert NTupleNetwork.load(tmp_path / "old.npz").two_prob == 70
    assert main(["evaluate", str(tmp_path / "old.npz"), "--games", "1"]) == 0
    assert "two_prob=70" in capsys.readouterr().out


def test_a_network_keeps_its_two_prob_and_is_played_under_another_only_if_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    train = ["train", "--rows", "3", "--cols", "3", "--games", "4", "--parallel", "4"]
    assert main([*train, "--two-prob", "90", "--out", str(out)]) == 0
    network = NTupleNetwork.load(out / "network.npz")
    assert network.two_prob == 90
    seeds = [3, 4]
    play = ["evaluate", str(out / "network.npz"), "--games", "2", "--seed", "3"]
    assert main(play) == 0
    printed = capsys.readouterr().out
    own = evaluate(network, seeds)
    assert "two_prob=90" in printed and f"mean score {own.scores.mean():.0f}" in printed
    refused = (
        (play, "play it"),
        ([*train, "--games", "8", "--resume", "--out", str(out)], "go on"),
    )
    for command, doing in refused:
        with pytest.raises(SystemExit) as error:
            main([*command, "--two-prob", "70"])
        assert error.value.code == 2
        message = capsys.readouterr().err
        assert message.count("\n") == 1
        assert (
            f"trained with two_prob=90, not 70 (add --other-two-prob to {doing}"
            " under 70 anyway)" in message
        )
    assert main([*play, "--two-prob", "70", "--other-two-prob"]) == 0
    java = evaluate(network, seeds, two_prob=70)
    assert not np.array_equal(java.scores, own.scores)  # other tiles, other games
    printed = capsys.readouterr().out
    assert f"two_prob=70): mean score {java.scores.mean():.0f}" in printed
    resume = [*train, "--games", "8", "--resume", "--out", str(out)]
    assert main([*resume, "--two-prob", "70", "--other-two-prob"]) == 0
    resumed = Trainer.resume(out / "checkpoint.npz")
    assert resumed.settings.two_prob == 70
    assert resumed.batch.two_prob.tolist() == [70] * 4
    assert NTupleNetwork.load(out / "network.npz").two_prob == 70


def _plain_search(
    network: NTupleNetwork, board: list[list[int]], depth: int, p_two: float
) -> dict[int, float]:
    """Action -> expected ``gain + V`` ``depth`` moves deep, for every legal
    move of a board of exponents: an expectimax written as plain recursion
    on lists, moving by GameState's slide (``_kernels.move_board``)."""
    leaves: dict[str, float] = {}  # a board's value, once

    def moves(exponents: list[list[int]]) -> dict[int, tuple[list[list[int]], int]]:
        tiles = [[1 << e if e else 0 for e in row] for row in exponents]
        found = {}
        for action in range(4):
            moved, gain = move_board(tiles, Direction(action).getRotationCount())
            after = [[v.bit_length() - 1 if v else 0 for v in row] for row in moved]
            if after != exponents:
                found[action] = (after, gain)
        return found

    def chance(after: list[list[int]], depth: int) -> float:
        if depth == 0:
            key = str(after)
            if key not in leaves:
                leaves[key] = float(network.values(np.array([after], np.int8))[0])
            return leaves[key]
        empty = [
            (r, c) for r, row in enumerate(after) for c, e in enumerate(row) if not e
        ]
        total = 0.0
        for r, c in empty:
            for exponent, odds in ((1, p_two), (2, 1 - p_two)):
                child = [list(row) for row in after]
                child[r][c] = exponent
                rated = [
                    gain + chance(a, depth - 1) for a, gain in moves(child).values()
                ]
                total += odds * max(rated, default=0.0)
        return total / len(empty)

    return {
        action: gain + chance(after, depth - 1)
        for action, (after, gain) in moves(board).items()
    }


@pytest.mark.parametrize(
    ("rows", "cols", "two_prob"),
    [(4, 4, 70), (3, 3, 90), (2, 5, 70), (4, 3, 90), (5, 5, 70)],
)
def test_greedy_and_lookahead_pick_the_moves_of_a_plain_search_at_equal_depth(
    rows: int, cols: int, two_prob: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(play, "_CHILDREN_AT_ONCE", 7)  # its boards, a few at a time
    network = NTupleNetwork(tuples_for(rows, cols, "small"), size=(rows, cols))
    trainer = Trainer(Settings(seed=6, parallel=4, rows=rows, cols=cols), network)
    for _move in range(40):  # some weights trained, and boards in mid-game
        trainer.step()
    boards = trainer.batch.boards
    grid = np.stack([_exponents(board, rows, cols) for board in boards])
    values = lookahead_values(network, boards, two_prob=two_prob)
    chosen = lookahead_actions(network, boards, two_prob=two_prob)
    greedy = greedy_actions(network, boards)
    for i, board in enumerate(grid.tolist()):
        for depth, actions in ((1, greedy), (2, chosen)):
            plain = _plain_search(network, board, depth, two_prob / 100)
            # the best move, or one worth as much: mirror images (DOWN and
            # UP of a symmetric board) are equal but for float32 rounding
            assert plain[actions[i]] == pytest.approx(max(plain.values()), rel=1e-6)
        legal = values[i] > -np.inf
        assert sorted(plain) == np.flatnonzero(legal).tolist()
        # float32 sums: the packed kernel adds a board's weights in another order
        assert values[i][legal].tolist() == pytest.approx(
            [plain[a] for a in sorted(plain)], rel=1e-6
        )
    if (rows, cols) == (4, 4):  # the packed boards' lookahead is the grid's
        np.testing.assert_array_equal(lookahead_actions(network, grid), chosen)


def _exponents(board: object, rows: int, cols: int) -> np.ndarray:
    """A board of the batch (packed 4x4, or exponents) as exponents."""
    if isinstance(board, np.uint64):
        cells = [(int(board) >> (4 * cell)) & 15 for cell in range(16)]
        return np.array(cells, dtype=np.int8).reshape(4, 4)
    return np.asarray(board, dtype=np.int8).reshape(rows, cols)


def test_the_lookahead_plays_a_3x3_board_otherwise_than_greedy() -> None:
    trainer = Trainer(Settings(seed=6, parallel=6, rows=3, cols=3))
    trainer.run(30)
    greedy = evaluate(trainer.network, [5, 6])
    ahead = evaluate(trainer.network, [5, 6], lookahead=True)
    assert not np.array_equal(greedy.moves, ahead.moves)  # it plays otherwise


def test_the_shipped_network_is_small_and_plays_far_better_than_random() -> None:
    assert SHIPPED.stat().st_size < 10_000_000
    seeds = list(range(2000, 2004))
    shipped = evaluate(GreedyAgent().network, seeds)
    assert shipped.scores.mean() >= 5 * _random_play(seeds).mean()
    assert NTupleNetwork.shipped().tuples == TUPLES


# ------------------------------------------------ boards of other sizes


def test_a_few_seconds_of_training_on_3x3_triple_random_plays_mean_score() -> None:
    # Measured: random play's mean is about 176 on these seeds, the
    # network's about 800 after 100 training games: 3 times leaves room.
    seeds = list(range(1000, 1200))
    random_scores = _random_play(seeds, 3, 3)
    trainer = Trainer(Settings(seed=0, parallel=32, rows=3, cols=3))
    trainer.run(150)
    trained = evaluate(trainer.network, seeds)
    assert trainer.network.size == (3, 3)
    assert trained.scores.mean() >= 3 * random_scores.mean()


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (3, 3), (2, 5), (4, 3), (6, 6)])
def test_every_board_gets_tuples_that_fit_and_its_symmetries(
    rows: int, cols: int
) -> None:
    tuples = tuples_for(rows, cols)
    assert tuples and all(max(t) < rows * cols for t in tuples)
    symmetries = symmetries_of(rows, cols)
    assert len(symmetries) == (8 if rows == cols else 4)
    for symmetry in symmetries:  # each a permutation of the cells
        assert sorted(symmetry) == list(range(rows * cols))
    seen = {symmetry[cell] for symmetry in symmetries for t in tuples for cell in t}
    assert seen == set(range(rows * cols))  # every cell is in some lookup
    board = np.arange(rows * cols).reshape(rows, cols)
    images = {tuple(board.reshape(-1)[symmetry]) for symmetry in symmetries}
    # the mirrors and the half turn of the board are among them
    for image in (board[:, ::-1], board[::-1], board[::-1, ::-1]):
        assert tuple(image.reshape(-1)) in images


def test_tuples_are_the_literatures_where_they_fit() -> None:
    assert tuples_for(4, 4) == TUPLES
    assert tuples_for(6, 6)[0] == (0, 1, 2, 3, 6, 7)  # a row of four, two under
    assert tuples_for(2, 2) == ((0, 1, 2, 3),)  # the whole board
    with pytest.raises(ValueError, match="no tuple of 4x6 fits a 2x2 board"):
        tuples_for(2, 2, "4x6")


def test_the_network_values_a_grid_board_as_the_packed_one_on_4x4() -> None:
    trainer = Trainer(Settings(seed=4, parallel=8), small_network())
    trainer.run(8)
    packed_boards = trainer.batch.boards
    grid = np.stack(
        [
            np.array(
                [(int(b) >> (4 * c)) & 15 for c in range(16)], dtype=np.int8
            ).reshape(4, 4)
            for b in packed_boards
        ]
    )
    np.testing.assert_array_equal(
        trainer.network.values(grid), trainer.network.values(packed_boards)
    )


def test_a_network_file_keeps_its_board_size_and_refuses_another(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    train = ["train", "--rows", "3", "--cols", "3", "--games", "4", "--parallel", "4"]
    assert main([*train, "--out", str(out)]) == 0
    network = NTupleNetwork.load(out / "network.npz")
    assert network.size == (3, 3) and len(network.features) == 8 * len(network.tuples)
    assert main(["evaluate", str(out / "network.npz"), "--games", "2"]) == 0
    printed = capsys.readouterr().out
    assert "2 greedy games on 3x3" in printed and "  highest tile: " in printed
    for command, message in (
        (
            ["evaluate", str(out / "network.npz"), "--rows", "4"],
            "network.npz: a network for 3x3 boards, not 4x4",
        ),
        (
            [*train[:3], "--cols", "4", "--games", "8", "--resume", "--out", str(out)],
            "checkpoint.npz: a run on 3x3 boards, not 3x4",
        ),
    ):
        with pytest.raises(SystemExit) as refused:
            main(command)
        assert refused.value.code == 2
        error = capsys.readouterr().err
        assert error.count("\n") == 1 and message in error
    resumed = Trainer.resume(out / "checkpoint.npz", size=(3, 3))
    assert (resumed.settings.rows, resumed.settings.cols) == (3, 3)
    assert isinstance(resumed.batch, GridBatch)


def test_a_resumed_run_on_3x4_ends_with_the_weights_of_an_unbroken_one(
    tmp_path: Path,
) -> None:
    config = Settings(seed=2, parallel=8, report_every=5, rows=3, cols=4)
    unbroken = Trainer(config, NTupleNetwork(tuples_for(3, 4, "4x4"), size=(3, 4)))
    unbroken.run(16)
    first = Trainer(config, NTupleNetwork(tuples_for(3, 4, "4x4"), size=(3, 4)))
    first.run(8, checkpoint=tmp_path / "run.npz")
    resumed = Trainer.resume(tmp_path / "run.npz")
    resumed.run(16)
    assert np.array_equal(resumed.network.weights, unbroken.network.weights)


def test_the_greedy_agent_plays_a_3x3_board_as_evaluate_does() -> None:
    trainer = Trainer(Settings(seed=4, parallel=8, rows=3, cols=3))
    trainer.run(8)
    agent = GreedyAgent(trainer.network)
    batch = GridBatch([11], rows=3, cols=3)
    while not batch.step(np.array([agent.act(batch.boards[0])])).finished[0]:
        pass
    assert batch.scores[0] == evaluate(trainer.network, [11]).scores[0]


# ------------------------------------------ the tiles a curve follows


def test_a_window_counts_the_games_reaching_each_tile_and_shows_the_top_three() -> None:
    window = Window()
    window.add(np.array([10, 20, 30, 40]), np.array([8, 16, 16, 64]))
    assert (window.games, window.score) == (4, 100)
    counts = {tile: window.reached[tile] for tile in (2, 4, 8, 16, 32, 64, 128)}
    assert counts == {2: 4, 4: 4, 8: 4, 16: 3, 32: 1, 64: 1, 128: 0}
    rates = {tile: count / window.games for tile, count in window.reached.items()}
    assert curve.shown_tiles(rates) == [16, 32, 64]
    # nothing reached: the lowest of the tiles given, as a 3x3 run's 2048s
    assert curve.shown_tiles(dict.fromkeys((8192, 2048, 4096), 0.0)) == [
        2048,
        4096,
        8192,
    ]


def test_a_3x3_runs_curve_and_evaluation_show_the_top_three_tiles_reached(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    train = ["train", "--rows", "3", "--cols", "3", "--games", "48", "--parallel", "16"]
    assert main([*train, "--report-every", "16", "--out", str(out)]) == 0
    points = Trainer.resume(out / "checkpoint.npz").curve  # every tile's rate
    top = max(t for t in TILES if any(p[f"rate_{t}"] > 0 for p in points))
    assert all(p[f"rate_{2 * top}"] == 0 for p in points)
    shown = [top // 4, top // 2, top]
    rates = [f"rate_{tile}" for tile in shown]
    written = (out / "curve.csv").read_text().splitlines()
    assert written[0] == ",".join(["games", "moves", "seconds", "mean_score", *rates])
    read = curve.read_csv(out / "curve.csv")
    assert [[p[name] for name in rates] for p in read] == [
        [p[name] for name in rates] for p in points
    ]
    assert f"{top} in {100 * points[-1][rates[-1]]:.1f}%" in capsys.readouterr().out
    figure = curve.draw(read, title="3x3")
    legend = figure.axes[0].get_legend()
    assert legend is not None
    assert [text.get_text() for text in legend.get_texts()] == [
        "mean score",
        *(f"{tile} rate" for tile in shown),
    ]
    assert main(["evaluate", str(out / "network.npz"), "--games", "20"]) == 0
    played = evaluate(NTupleNetwork.load(out / "network.npz"), list(range(20)))
    best = int(played.highest.max())
    reached = [
        line for line in capsys.readouterr().out.splitlines() if "reached" in line
    ]
    assert reached == [
        f"  reached {tile}: {100 * played.rate(tile):.1f}%"
        for tile in (best // 4, best // 2, best)
    ]


def test_a_checkpoint_from_before_every_tile_was_followed_goes_on_with_its_tiles(
    tmp_path: Path,
) -> None:
    trainer = Trainer(Settings(seed=3, parallel=4, report_every=4, rows=3, cols=3))
    trainer.run(4, checkpoint=tmp_path / "c.npz")
    with np.load(tmp_path / "c.npz") as saved:
        arrays = {name: saved[name] for name in saved.files}
    state = json.loads(str(arrays["state"]))
    old = ("rate_2048", "rate_4096", "rate_8192")
    state["curve"] = [
        {k: v for k, v in p.items() if not k.startswith("rate_") or k in old}
        for p in state["curve"]
    ]
    state["window"]["reached"] = [0, 0, 0]
    arrays["state"] = np.array(json.dumps(state))
    np.savez_compressed(tmp_path / "old.npz", **arrays)
    resumed = Trainer.resume(tmp_path / "old.npz")
    resumed.run(12)
    assert len(resumed.curve) >= 2 and "rate_64" in resumed.curve[-1]
    assert curve.curve_tiles(resumed.curve) == [2048, 4096, 8192]
