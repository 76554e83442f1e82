"""gamestate.batch: N Java-exact 4x4 games of 2048 at once, with numpy.

    from gamestate.batch import Batch
    batch = Batch(seeds=range(4096))           # GameState(4, 4, seed=s) + 2 tiles
    result = batch.step(actions)               # 0 DOWN, 1 LEFT, 2 UP, 3 RIGHT

Needs numpy (``pip install "gamestate2048[gym]"``); ``import gamestate``
alone never imports it. See :mod:`gamestate.batch.engine` for the rules;
:class:`PackedGame` is the same step for one game in plain Python;
:class:`GridBatch` the same games on any R x C board (int8 exponents)::

    batch = GridBatch(seeds=range(256), rows=3, cols=5)
"""

from ._tables import Tables, tables
from .engine import Batch, StepResult, transpose
from .grid import GridBatch
from .single import PackedGame

__all__ = [
    "Batch",
    "GridBatch",
    "PackedGame",
    "StepResult",
    "Tables",
    "tables",
    "transpose",
]
