"""A fair hint for Forty Thieves: one that sees only what a player sees.

A player sees the tableau, the foundations, the waste and how many cards
the deck holds; knowing the game, they also know WHICH cards those are
(the two decks less every card in view), but never their order.
:func:`fair_hint` uses exactly that (:func:`visible_key`), and so does
:class:`FairPlayer`, which plays whole games the same way for autoplay
and the bench. The solver's :func:`~.solver.solve` and ``--solve`` know
the deck's order: that game, all cards known, is what the literature
calls *thoughtful solitaire*.

The method: perfect-information Monte Carlo (PIMC)
------------------------------------------------
Draw several orders of the unseen cards, solve each of those
perfect-information games with the existing solver within a share of
the budget, and choose the move that is best across them: the first move
of the most sampled wins; among moves with as many wins, the one most
samples chose; then the one whose samples' searches rated their best
positions highest in total (:func:`~.solver.explore`); then the first in
:func:`~.moves.legal_moves`' order.

Why PIMC: the deck is the game's only hidden information and, given what
a player has seen, every order of it is equally likely, so drawing
orders uniformly samples the true belief exactly; the strong
perfect-information solver is reused unchanged; and it is the method
shown to work on this family of games (Bjarnason, Fern and Tadepalli,
"Lower bounding Klondike solitaire with Monte-Carlo planning", ICAPS
2009, who also name the all-cards-known variant thoughtful). Its known
weakness is "strategy fusion": each sample plans as if it will know the
deck, so PIMC may count on luck no real play can have. With budgets this
small (a hint within half a second) the searches' limit bites first.

The sampling's random numbers are seeded from a hash of what the player
sees (:func:`visible_key`), never from the deck: two positions that look
the same get the same samples, hence (with a node budget, which is the
same on every machine) the same hint. The board is never changed; this
module never prints.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from ..java_random import JavaRandom
from .board import FOUNDATION_PILES, TABLEAU_PILES, BoardT, CardStackT
from .card_types import CardT, CategoryT, full_deck
from .deal import java_shuffle
from .moves import DeckMove, Move, apply, legal_moves, safe_move
from .solver import Exploration, explore

FAIR_SAMPLES: Final = 4
"""Deck orders a fair hint solves: enough to outvote one lucky order, few
enough that each search still reaches some depth within the budget."""
FAIR_NODES: Final = 5000
"""Positions each sample's search may expand: sized so that the samples'
searches together fit the hint's 0.5 s target (bench/forty_thieves_fair.py
times them)."""
PATIENCE: Final = 100
"""Moves a :class:`FairPlayer` makes without progress (no card dealt or
sent home) before it gives the game up: once the deck is empty a search
that finds no win can otherwise wander among new tableau positions for
thousands of moves, where a player would call the game lost."""
PROGRESS_DEPTH: Final = 4
"""The longest path to progress (a card home or dealt) the hint plans.
A move that is not progress is hinted only as the first of a path found
within this many moves whose last move is progress; once PROGRESS_DEPTH - 1
moves in a row made none, only as the first of a shortest such path. So
autoplay, which plays the hint, never makes more than PROGRESS_DEPTH - 1
moves in a row without progress, and has none left only when no path this
long is found. Long enough to free a card under two others and send it
home; short enough that the searches stay small (:data:`PATH_NODES`)."""
PATH_NODES: Final = 400
"""Positions one search for a path to progress may visit: a path not found
within them counts as none (the hint stops rather than wander)."""
FAIR_BUDGET_MS: Final = 450.0
"""A wall-clock cap on a whole fair hint, for a loaded machine; on an idle
one the node budget ends the searches first, so the hint depends only on
the position."""


def progress(board: BoardT) -> int:
    """What patience counts: cards home less cards in the deck, which only
    a card sent home or dealt from the stock raises."""
    home = sum(board.get_foundation(n).size() for n in range(FOUNDATION_PILES))
    return home - board.get_deck().size()


_CARD_TEXT: Final = {card: str(card) for card in full_deck()}
"""Each card's text, made once: the hint keys every position its game had."""


def _pile_text(cards: Sequence[CardT]) -> str:
    return " ".join([_CARD_TEXT[card] for card in cards])


def visible_key(board: BoardT) -> bytes:
    """What a player sees of ``board``, as bytes: every pile but the deck
    in order, and the deck's cards sorted (their set, not their order)."""
    parts = [_pile_text(board.get_tab(n).toSeq()) for n in range(TABLEAU_PILES)]
    parts += [
        _pile_text(board.get_foundation(n).toSeq()) for n in range(FOUNDATION_PILES)
    ]
    parts.append(_pile_text(board.get_waste().toSeq()))
    parts.append(_pile_text(sorted(board.get_deck(), key=_card_order)))
    return "|".join(parts).encode()


def _card_order(card: CardT) -> tuple[str, int]:
    return card.s.value, card.r


def sampler(board: BoardT) -> JavaRandom:
    """The random numbers of the samples: seeded from what the player sees
    (the model's own generator, never the global one)."""
    digest = hashlib.sha256(visible_key(board)).digest()
    return JavaRandom(int.from_bytes(digest[:8], "big", signed=True))


def sampled_boards(board: BoardT, samples: int) -> list[BoardT]:
    """``samples`` copies of ``board`` whose decks hold the same cards in
    orders drawn by :func:`sampler` (the board's own order is never read:
    the cards are sorted before they are shuffled)."""
    rng = sampler(board)
    unseen = sorted(board.get_deck(), key=_card_order)
    boards = []
    for _ in range(samples):
        deck = list(unseen)
        java_shuffle(deck, rng)
        boards.append(
            BoardT.from_piles(
                [board.get_tab(n) for n in range(TABLEAU_PILES)],
                [board.get_foundation(n) for n in range(FOUNDATION_PILES)],
                deck,
                board.get_waste(),
            )
        )
    return boards


def leads_elsewhere(board: BoardT, move: Move, seen: frozenset[bytes]) -> bool:
    """Whether ``move`` leads to a position whose visible key is not in ``seen``."""
    if not seen or isinstance(move, DeckMove):  # a deal always shows a new card
        return True
    after = board.copy()
    apply(after, move)
    return visible_key(after) not in seen


def is_progress(move: Move) -> bool:
    """Whether ``move`` raises :func:`progress`: a deal, or a card home."""
    return isinstance(move, DeckMove) or move.c is CategoryT.Foundation


def moves_without_progress(positions: Sequence[BoardT]) -> int:
    """The moves made since the last progress, from a game's ``positions``
    (first first, the current one last): progress never goes down."""
    now = progress(positions[-1])
    since = 0
    for board in reversed(positions[:-1]):
        if progress(board) != now:
            break
        since += 1
    return since


def _table_key(board: BoardT) -> tuple[CardStackT, ...]:
    """The piles a move that is not progress can change: tableau and waste
    (within one search the foundations and the deck stay as they are)."""
    return (*(board.get_tab(n) for n in range(TABLEAU_PILES)), board.get_waste())


def progress_distance(board: BoardT, limit: int) -> int | None:
    """The fewest moves from ``board`` to progress, the last of them a
    progress move (1: one is valid now), when found within ``limit`` moves
    and :data:`PATH_NODES` positions; else None. Breadth first."""
    layer, visited, visits = [board], {_table_key(board)}, 0
    for distance in range(1, limit + 1):
        moves_of = [(position, legal_moves(position)) for position in layer]
        if any(is_progress(move) for _, moves in moves_of for move in moves):
            return distance
        layer = []
        for position, moves in moves_of if distance < limit else ():
            for move in moves:
                after = position.copy()
                apply(after, move)
                key = _table_key(after)
                visits += 1
                if visits > PATH_NODES:
                    return None
                if key not in visited:
                    visited.add(key)
                    layer.append(after)
    return None


def onward_moves(
    board: BoardT, seen: frozenset[bytes], without_progress: int
) -> list[Move]:
    """The valid moves the hint may give on ``board``: none back to a
    position in ``seen`` (visible keys), and each progress or the first of
    a path to progress within reach (:data:`PROGRESS_DEPTH`), after
    ``without_progress`` moves in a row made none (see there)."""
    moves = [move for move in legal_moves(board) if leads_elsewhere(board, move, seen)]
    nearest = progress_distance(board, PROGRESS_DEPTH)
    if nearest is None:
        return []
    reach = max(nearest, PROGRESS_DEPTH - without_progress)
    return [move for move in moves if is_progress(move) or _on_path(board, move, reach)]


def _on_path(board: BoardT, move: Move, reach: int) -> bool:
    """Whether ``move`` starts a path to progress at most ``reach`` long."""
    after = board.copy()
    apply(after, move)
    return reach > 1 and progress_distance(after, reach - 1) is not None


@dataclass(frozen=True)
class Decision:
    """A fair move and the sampled searches it was chosen from."""

    move: Move
    explorations: tuple[Exploration, ...]

    @property
    def wins(self) -> int:
        """How many samples' searches won with this move first."""
        return sum(
            found.status == "won" and found.line[:1] == (self.move,)
            for found in self.explorations
        )


def decide(
    board: BoardT,
    *,
    samples: int = FAIR_SAMPLES,
    max_nodes: int | None = FAIR_NODES,
    budget_ms: float | None = FAIR_BUDGET_MS,
    seen: frozenset[bytes] = frozenset(),
    without_progress: int | None = None,
) -> Decision | None:
    """The PIMC choice for ``board`` (see the module docstring), or None
    when no move is valid. ``max_nodes`` and ``budget_ms`` bound each
    sample's search (the time as a share of ``budget_ms``). Moves back to
    a position in ``seen`` (visible keys) are never chosen: the game's hint
    passes the positions of its game, so that it cannot go round in a
    circle. Given ``without_progress`` (the moves since the last progress),
    only :func:`onward_moves` are: the hint, and autoplay which plays it,
    never wander without progress."""
    if without_progress is None:
        moves = [m for m in legal_moves(board) if leads_elsewhere(board, m, seen)]
    else:
        moves = onward_moves(board, seen, without_progress)
    if not moves:
        return None
    if board.get_deck().size() <= 1:  # one order only: one search, all the budget
        max_nodes = None if max_nodes is None else max_nodes * samples
        samples = 1
    share = None if budget_ms is None else budget_ms / samples
    explorations = tuple(
        explore(sample, budget_ms=share, max_nodes=max_nodes)
        for sample in sampled_boards(board, samples)
    )
    votes: dict[Move, list[float]] = defaultdict(lambda: [0, 0, 0.0])
    for found in explorations:
        if found.line and found.line[0] in moves:
            vote = votes[found.line[0]]
            vote[0] += found.status == "won"
            vote[1] += 1
            vote[2] += found.rating
    if not votes:  # every search saw nothing better than here
        first = next((m for m in moves if not isinstance(m, DeckMove)), moves[0])
        return Decision(first, explorations)
    order = {move: index for index, move in enumerate(moves)}
    best = max(votes, key=lambda move: (*votes[move], -order.get(move, len(moves))))
    return Decision(best, explorations)


def fair_hint(
    board: BoardT,
    *,
    samples: int = FAIR_SAMPLES,
    max_nodes: int | None = FAIR_NODES,
    budget_ms: float | None = FAIR_BUDGET_MS,
) -> Move | None:
    """A good next move for ``board`` that uses only what a player sees
    (:func:`decide`'s move), or None when no move is valid."""
    decision = decide(board, samples=samples, max_nodes=max_nodes, budget_ms=budget_ms)
    return None if decision is None else decision.move


@dataclass
class FairPlayer:
    """Plays a game fairly, a move at a time (autoplay, the bench).

    Each move: a safe card to a foundation when there is one (it can never
    cost the game, :func:`~.moves.safe_move`), the only valid move when
    there is one, else a PIMC decision. When that decision's sample was
    won, its line is followed up to its next deal: the moves before it
    touch only cards in view, so they are what the player planned, not
    knowledge of the deck; the deal shows a new card, and the next move
    is decided afresh. It never goes back to a position it has seen, and
    gives up (no move: None) after :data:`PATIENCE` moves without a card
    dealt or sent home.
    """

    samples: int = FAIR_SAMPLES
    max_nodes: int | None = FAIR_NODES
    budget_ms: float | None = FAIR_BUDGET_MS
    decisions: int = 0
    """PIMC decisions taken so far (each a full search of the samples)."""
    _plan: list[Move] = field(default_factory=list)
    _expected: bytes | None = None
    _seen: set[bytes] = field(default_factory=set)
    _progress: tuple[int, int] = (-1, 0)
    """Cards dealt or home when last counted, and the moves made since."""

    def next_move(self, board: BoardT) -> Move | None:
        """The move to play on ``board``, or None when no move is valid,
        every valid move goes back to a position this player has seen, or
        its patience is out."""
        if self._out_of_patience(board):
            return None
        key = visible_key(board)
        self._seen.add(key)
        if self._plan and self._expected == key:
            return self._take(board)
        self._plan = []
        move = safe_move(board)
        if move is not None:
            return move
        seen = frozenset(self._seen)
        moves = [
            move for move in legal_moves(board) if leads_elsewhere(board, move, seen)
        ]
        if len(moves) <= 1:
            return moves[0] if moves else None
        decision = decide(
            board,
            samples=self.samples,
            max_nodes=self.max_nodes,
            budget_ms=self.budget_ms,
            seen=seen,
        )
        assert decision is not None  # there were moves
        self.decisions += 1
        won = [
            found.line
            for found in decision.explorations
            if found.status == "won" and found.line[:1] == (decision.move,)
        ]
        if won:
            self._plan = list(won[0])
            return self._take(board)
        return decision.move

    def _out_of_patience(self, board: BoardT) -> bool:
        """Count a move; True after PATIENCE of them without progress."""
        now = progress(board)
        last, moves = self._progress
        self._progress = (now, 0 if now != last else moves + 1)
        return self._progress[1] > PATIENCE

    def _take(self, board: BoardT) -> Move:
        """The plan's next move; the plan ends after a deal."""
        move = self._plan.pop(0)
        if isinstance(move, DeckMove):
            self._plan = []
        after = board.copy()
        apply(after, move)
        self._expected = visible_key(after)
        return move


def play_fair_game(board: BoardT, player: FairPlayer | None = None) -> bool:
    """Play ``board`` (changed) to the end with a :class:`FairPlayer`;
    whether it was won."""
    player = player or FairPlayer()
    while not board.is_win_state():
        move = player.next_move(board)
        if move is None:
            return False
        apply(board, move)
    return True
