"""The page's help (each game's rules and keys) and this browser's statistics."""

from __future__ import annotations

from fastapi import APIRouter

from .. import guide, schemas
from ..deps import MaybeClient, ServerDep
from ..tally import tally_of

router = APIRouter(prefix="/api")


@router.get("/help/{game}", response_model=schemas.HelpOut)
async def help_of(game: schemas.GameName, squares: bool = True) -> schemas.HelpOut:
    """The game's rules (the terminal's text) and the page's keys;
    ``squares``: a Dots level's square rule."""
    return schemas.HelpOut(
        title=guide.TITLES[game],
        rules=list(guide.rules(game, squares=squares)),
        keys=[list(pair) for pair in guide.keys(game)],
    )


@router.get("/statistics/{game}", response_model=schemas.StatisticsOut)
async def statistics(
    game: schemas.GameName, token: MaybeClient, found: ServerDep
) -> schemas.StatisticsOut:
    """This browser's games of ``game``: played, won, streaks, best time,
    counted as the terminal's ``--stats`` counts them."""
    return schemas.StatisticsOut(**tally_of(found.store, token, game))
