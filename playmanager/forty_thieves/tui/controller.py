"""The Forty Thieves full screen's controller: keys and clicks in, moves on
the session, a description of the screen out. It knows nothing of curses.

A move is two picks: a source (a tableau pile or the waste), then a
target (a tableau pile or a foundation). Piles are picked with keys
(``1``-``9`` and ``0`` for the ten tableau piles, ``w`` the waste, ``f``
"the foundation that takes it", ``F`` then ``1``-``8`` or the function
keys F1-F8 "that foundation"), with the cursor (arrows, then Enter or
Space) or with the mouse (click the source then the target, or drag from
one to the other). Picking the chosen source again sends its card where
it can go (a foundation first). The deck deals a card when picked (``d``).

Naming a foundation takes its own key, ``F`` (Shift-f), so that ``f``
still moves at once and a digit after ``f`` is a tableau pile as ever.
Only the key right after ``F`` is read as a foundation: ``1``-``8`` name
one, ``9`` and ``0`` say there are eight, and any other key ends the
naming and does what it always does (``f``: the foundation that takes
it; Esc: forget the card).

States: playing, help shown, won, no move left (the model's
``valid_mv_exists()``: undo or a new deal) and "save before quitting?".
Every key is in the tables below and nowhere else; the help overlay is
built from them.

After a move the card(s) it moved are marked where they landed for a
moment (the shared :class:`~playmanager.screen.marks.Marks`, as in every
full screen): a deal marks the new waste card, ``a`` every card it sent
home. A key pressed meanwhile is played at once.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Final, NamedTuple

from gamestate.forty_thieves import BoardT, CardT, CategoryT
from gamestate.forty_thieves.board import FOUNDATION_PILES, TABLEAU_PILES
from gamestate.forty_thieves.moves import (
    CardText,
    DeckMove,
    Move,
    TabMove,
    WasteMove,
    is_valid,
)

from ... import messages
from ...controls import footer
from ...rules_text import forty_thieves_rules
from ...screen.keys import Binding, key_label
from ...screen.modal import ModalController, Mode, Overlay, help_line
from ...screen.shell import ESCAPE
from .. import text
from ..adapter import PLAY_SAFE, Effects, FortyThieves, Intent, cards_home
from ..commands import ToFoundation


class Pile(NamedTuple):
    """A pile on screen: its category and number (0 for the deck and waste)."""

    kind: CategoryT
    n: int = 0


DECK: Final = Pile(CategoryT.Deck)
WASTE: Final = Pile(CategoryT.Waste)
TOP_ROW: Final = (
    *(Pile(CategoryT.Foundation, n) for n in range(FOUNDATION_PILES)),
    DECK,
    WASTE,
)
"""The piles of the top row, left to right: the foundations, deck, waste."""
TABLEAU_ROW: Final = tuple(Pile(CategoryT.Tableau, n) for n in range(TABLEAU_PILES))


class Action(enum.Enum):
    """Forty Thieves' own keys; the value is its line in the help."""

    TABLEAU = "pick tableau pile 1-10 (0 is 10)"
    WASTE = "pick the waste"
    DEAL = "deal a card from the deck to the waste"
    FOUNDATION = "send the chosen card to the foundation that takes it"
    NAMED_FOUNDATION = "send it to foundation 1-8 (or F, then 1-8)"
    CURSOR = "move the cursor over the piles"
    PICK = "pick the pile under the cursor"
    CANCEL = "forget the chosen card"
    SAFE = "play every safe card to the foundations"


DIGITS: Final = "1234567890"
NAME_FOUNDATION_KEY: Final = "F"
"""Then ``1``-``8``: that foundation."""
FUNCTION_KEYS: Final = tuple(f"KEY_F({n + 1})" for n in range(FOUNDATION_PILES))
"""F1-F8 (curses key names): foundations 1-8."""
CURSOR_STEPS: Final = {
    "KEY_LEFT": (0, -1),
    "KEY_RIGHT": (0, 1),
    "KEY_UP": (-1, 0),
    "KEY_DOWN": (1, 0),
}
"""Arrow key -> (rows, columns) the cursor moves."""
HELP_LABELS: Final = {
    Action.TABLEAU: "1-9, 0",
    Action.CURSOR: "arrows",
    Action.NAMED_FOUNDATION: "F1-F8",
}
"""How the help shows a binding of many keys."""
PLAYING_KEYS: Final = (
    Binding(tuple(DIGITS), Action.TABLEAU),
    Binding(("w",), Action.WASTE),
    Binding(("d",), Action.DEAL),
    Binding(("f",), Action.FOUNDATION),
    Binding((NAME_FOUNDATION_KEY, *FUNCTION_KEYS), Action.NAMED_FOUNDATION),
    Binding(tuple(CURSOR_STEPS), Action.CURSOR),
    Binding(("\n", " "), Action.PICK),
    Binding((ESCAPE,), Action.CANCEL),
    Binding(("a",), Action.SAFE),
)
FOOTER: Final = f"1-0 pile  w waste  d deal  f home  a safe  {footer()}"
"""Each key with its word: "1-0 w d f a play" left the player to guess."""


class Screen(NamedTuple):
    """Everything the layout draws; it reads this and changes nothing."""

    tableau: tuple[tuple[CardT, ...], ...]
    foundations: tuple[tuple[CardT, ...], ...]
    deck_size: int
    waste: tuple[CardT, ...]
    seed: int
    steps: int
    """Steps taken that undo can take back."""
    home: int
    """Cards on the foundations."""
    cursor: Pile
    selected: Pile | None
    hint: tuple[Pile, Pile] | None
    status: str
    overlay: Overlay | None
    footer: str
    moved: frozenset[Pile] = frozenset()
    """The piles whose top card the last move put there, while marked."""


def move_piles(move: Move) -> tuple[Pile, Pile]:
    """The source and target piles of a move, to show it on the board."""
    if isinstance(move, DeckMove):
        return DECK, WASTE
    if isinstance(move, TabMove):
        return Pile(CategoryT.Tableau, move.n0), Pile(move.c, move.n1)
    return WASTE, Pile(move.c, move.n)


def key_text(move: Move) -> str:
    """The keys that make ``move`` on this screen: ``3 7``, ``0 F2``,
    ``w 1``, ``d`` (the line mode's ``10`` and ``f2`` would be other keys
    here: 1 then 0, and f then tableau 2)."""
    source, target = move_piles(move)
    if source == DECK:
        return "d"

    def key(pile: Pile) -> str:
        if pile == WASTE:
            return "w"
        if pile.kind is CategoryT.Foundation:
            return f"{NAME_FOUNDATION_KEY}{pile.n + 1}"
        return DIGITS[pile.n]

    return f"{key(source)} {key(target)}"


def help_lines() -> tuple[str, ...]:
    """The help overlay's key lines, from PLAYING_KEYS."""
    return tuple(
        help_line(
            HELP_LABELS.get(b.action) or " ".join(map(key_label, b.keys)),
            b.action.value,
        )
        for b in PLAYING_KEYS
    )


class Controller(ModalController[BoardT, Intent, Effects, Action]):
    """Turns keys and clicks into moves on one session; describes the screen."""

    game_keys = PLAYING_KEYS

    def prepare(self) -> None:
        """Its session's adapter is a :class:`FortyThieves`."""
        self._cursor = TABLEAU_ROW[0]
        self._selected: Pile | None = None
        self._hint: tuple[Pile, Pile] | None = None
        self._pressed: Pile | None = None
        self._naming_foundation = False
        """``F`` was the last key: a digit names a foundation."""
        self._before: BoardT | None = None
        self._last_intent: Intent | None = None

    @property
    def card_text(self) -> CardText:
        """How cards are written in the status line (symbols or letters)."""
        adapter = self.session.adapter
        assert isinstance(adapter, FortyThieves)
        return adapter.card_text

    @card_text.setter
    def card_text(self, card_text: CardText) -> None:
        adapter = self.session.adapter
        assert isinstance(adapter, FortyThieves)
        adapter.card_text = card_text

    # ------------------------------------------------------------ queries
    def screen(self) -> Screen:
        board = self.session.model
        foundations = tuple(
            tuple(board.get_foundation(n).toSeq()) for n in range(FOUNDATION_PILES)
        )
        moves = self.marks.shown or ()
        return Screen(
            tableau=tuple(
                tuple(board.get_tab(n).toSeq()) for n in range(TABLEAU_PILES)
            ),
            foundations=foundations,
            deck_size=board.get_deck().size(),
            waste=tuple(board.get_waste().toSeq()),
            seed=self.session.seed,
            steps=len(self.session.past),
            home=self.game_score(),
            cursor=self._cursor,
            selected=self._selected,
            hint=self._hint,
            status=self.status,
            overlay=self.overlay(),
            footer=FOOTER,
            moved=frozenset(move_piles(move)[1] for move in moves),
        )

    # ------------------------------------------------------------ the game's part
    def press(self, key: str) -> None:
        """Do what ``key`` means now; unknown keys do nothing. ``F`` then a
        digit names a foundation; any key clears the hint on the board."""
        naming, self._naming_foundation = self._naming_foundation, False
        if naming and self.mode is Mode.PLAYING and len(key) == 1 and key in DIGITS:
            self._hint = None
            self._name_foundation(key)
            return
        if self.mode in (Mode.PLAYING, Mode.ENDED):
            self._hint = None
        super().press(key)

    def do(self, action: Action, key: str) -> None:
        handlers: dict[Action, Callable[[], None]] = {
            Action.TABLEAU: lambda: self._pick_key(TABLEAU_ROW[DIGITS.index(key)]),
            Action.WASTE: lambda: self._pick_key(WASTE),
            Action.DEAL: lambda: self._pick_key(DECK),
            Action.FOUNDATION: self._to_foundation,
            Action.NAMED_FOUNDATION: lambda: self._named_foundation(key),
            Action.CURSOR: lambda: self._move_cursor(*CURSOR_STEPS[key]),
            Action.PICK: lambda: self.pick(self._cursor),
            Action.CANCEL: self._cancel,
            Action.SAFE: lambda: self._play(PLAY_SAFE),
        }
        handlers[action]()

    def moved(self, effects: Effects) -> str:
        before = self._before if self._before is not None else self.session.model
        if len(effects) > 1 or (effects and self._last_intent is PLAY_SAFE):
            return text.played_safe(effects).rstrip(".\n")
        return _sentence(text.step_words(effects, before, self.card_text))

    def jumped(self) -> None:
        self._selected = None

    def show_hint(self, intent: Intent) -> None:
        if not isinstance(intent, Move):  # pragma: no cover (the solver gives moves)
            return
        self._selected = None
        self._hint = move_piles(intent)
        words = text.hint_words(intent, self.session.model, self.card_text)
        self.status = f"Hint: {words} (keys {key_text(intent)})"

    def settle(self) -> None:
        """As every game settles; then, when every card left can go home,
        offer to play the game out."""
        super().settle()
        if self.mode is Mode.PLAYING and FortyThieves.can_finish(self.session.model):
            self.status = text.CAN_FINISH.rstrip(".\n")

    def intent_text(self, intent: Intent) -> str:
        if isinstance(intent, Move):
            return key_text(intent)
        return ""

    def help_lines(self) -> tuple[str, ...]:
        return (
            *help_lines(),
            help_line("Mouse", "click a card, then where it goes (or drag it)"),
        )

    def rules(self) -> tuple[str, ...]:
        return forty_thieves_rules(self.card_text)  # cards as the board draws them

    def won_game(self) -> bool:
        return self.session.model.is_win_state()

    def game_score(self) -> int:
        """The cards on the foundations (104 when won)."""
        return cards_home(self.session.model)

    def ended_overlay(self) -> Overlay:
        if self.session.model.is_win_state():
            return Overlay(
                messages.WIN,
                ("All 104 cards are on the foundations.", *self.ended_help()),
                low=True,
            )
        return Overlay(
            "No move left",
            ("No card can move and the deck is empty.", *self.ended_help()),
            low=True,
        )

    def mouse_press(self, pile: Pile | None) -> None:
        """A button went down on ``pile`` (None: not on a pile)."""
        self._pressed = pile

    def mouse_release(self, pile: Pile | None) -> None:
        """The button came up on ``pile``: a click (the same pile) picks it;
        a drag from another pile moves that pile's card here."""
        pressed, self._pressed = self._pressed, None
        self._naming_foundation = False
        if self.mode is not Mode.PLAYING or self._finished:
            return
        self._hint = None
        if pile is None:
            self._selected = None
            return
        if pressed is not None and pressed != pile:
            self._selected = None
            self.pick(pressed)
            if self._selected != pressed:
                return  # the press did something of its own (the deck dealt)
        self._cursor = pile
        self.pick(pile)

    # ------------------------------------------------------------ picking
    def pick(self, pile: Pile) -> None:
        """Pick ``pile``: the source if none is chosen, else the target."""
        if pile == DECK:
            self._selected = None
            self._play(DeckMove())
        elif pile == self._selected:
            self._send_home_or_anywhere(pile)
        elif self._selected is None or pile == WASTE:  # the waste is never a target
            self._choose_source(pile)
        else:
            source, self._selected = self._selected, None
            self._play(self._move_between(source, pile))

    def _choose_source(self, pile: Pile) -> None:
        if pile.kind is CategoryT.Foundation:
            self.status = text.FOUNDATION_STAYS
            return
        stack = self._stack(pile)
        if stack is None:
            self.status = _sentence(f"{self._name(pile)} is empty")
            self._selected = None
            return
        self._selected = pile
        self.status = (
            f"{self.card_text(stack)} chosen: now where it goes"
            " (1-0, f or F1-F8, or click)"
        )

    def _send_home_or_anywhere(self, pile: Pile) -> None:
        """The chosen pile picked again: its card to a foundation if one
        takes it, else to the first tableau pile that does."""
        self._selected = None
        targets = [*TOP_ROW[:FOUNDATION_PILES], *TABLEAU_ROW]
        for target in targets:
            move = self._move_between(pile, target)
            if target != pile and is_valid(self.session.model, move):
                self._play(move)
                return
        card = self._stack(pile)
        what = self._name(pile) if card is None else self.card_text(card)
        self.status = _sentence(f"{what} cannot move now")

    def _move_between(self, source: Pile, target: Pile) -> Move:
        if source == WASTE:
            return WasteMove(target.kind, target.n)
        return TabMove(target.kind, source.n, target.n)

    def _play(self, intent: Intent) -> None:
        self._selected = None
        self._before = self.session.model.copy()
        self._last_intent = intent
        self.play(intent)
        self._before = None

    # ------------------------------------------------------------ actions
    def _pick_key(self, pile: Pile) -> None:
        self._cursor = pile
        self.pick(pile)

    def _to_foundation(self) -> None:
        if self._selected is None:
            self.status = "Choose a card first (1-0 or w), then f"
            return
        source = self._selected
        self._play(ToFoundation(None if source == WASTE else source.n))

    def _named_foundation(self, key: str) -> None:
        """``F`` (a digit names the foundation next) or F1-F8."""
        if self._selected is None:
            self.status = "Choose a card first (1-0 or w), then F and 1-8"
        elif key in FUNCTION_KEYS:
            self._pick_key(TOP_ROW[FUNCTION_KEYS.index(key)])
        else:
            self._naming_foundation = True
            card = self._stack(self._selected)
            what = self._name(self._selected) if card is None else self.card_text(card)
            self.status = f"{what} to which foundation? 1-8 (f: the one that takes it)"

    def _name_foundation(self, digit: str) -> None:
        """The digit after ``F``: foundation 1-8; 9 and 0 are none."""
        n = DIGITS.index(digit)
        if n < FOUNDATION_PILES:
            self._pick_key(TOP_ROW[n])
        else:
            self.status = f"There are {FOUNDATION_PILES} foundations: F, then 1-8"

    def _move_cursor(self, rows: int, cols: int) -> None:
        row = (
            0
            if self._cursor.kind
            in (CategoryT.Foundation, CategoryT.Deck, CategoryT.Waste)
            else 1
        )
        piles = (TOP_ROW, TABLEAU_ROW)
        col = piles[row].index(self._cursor)
        row = min(max(row + rows, 0), 1)
        col = (col + cols) % len(piles[row])
        self._cursor = piles[row][col]

    def _cancel(self) -> None:
        self._selected = None
        self.status = ""

    def _stack(self, pile: Pile) -> CardT | None:
        """The top card of ``pile``, or None when it is empty."""
        board = self.session.model
        if pile.kind is CategoryT.Tableau:
            stack = board.get_tab(pile.n)
        elif pile.kind is CategoryT.Foundation:
            stack = board.get_foundation(pile.n)
        else:
            stack = board.get_waste() if pile == WASTE else board.get_deck()
        return stack.top() if stack.size() else None

    @staticmethod
    def _name(pile: Pile) -> str:
        if pile.kind in (CategoryT.Deck, CategoryT.Waste):
            return f"the {pile.kind.value}"
        return f"{pile.kind.value} {pile.n + 1}"


def _sentence(words: str) -> str:
    """``words`` with a capital first letter (and the rest as it was)."""
    return words[:1].upper() + words[1:]
