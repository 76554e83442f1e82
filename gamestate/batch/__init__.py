"""gamestate.batch: N Java-exact 4x4 games of 2048 at once, with numpy.

    from gamestate.batch import Batch
    batch = Batch(seeds=range(4096))           # GameState(4, 4, seed=s) + 2 tiles
    result = batch.step(actions)               # 0 DOWN, 1 LEFT, 2 UP, 3 RIGHT

Needs numpy (``pip install "gamestate2048[gym]"``); ``import gamestate``
alone never imports it. See :mod:`gamestate.batch.engine` for the rules;
:class:`PackedGame` is the same step for one game in plain Python.
"""

from ._tables import Tables, tables
from .engine import Batch, StepResult, transpose
from .single import PackedGame

__all__ = ["Batch", "PackedGame", "StepResult", "Tables", "tables", "transpose"]
