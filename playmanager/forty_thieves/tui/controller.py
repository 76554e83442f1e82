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
moment (the shared :class:`~playmanager.tui.marks.Marks`, as in every
full screen): a deal marks the new waste card, ``a`` every card it sent
home. A key pressed meanwhile is played at once.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Final, NamedTuple

from gamestate.forty_thieves import CardT, CategoryT
from gamestate.forty_thieves.board import FOUNDATION_PILES, TABLEAU_PILES
from gamestate.forty_thieves.moves import (
    CardText,
    DeckMove,
    Move,
    TabMove,
    WasteMove,
    is_valid,
)

from ...rules import next_game_seed
from ...storage import describe_os_error
from ...tui.keys import (
    CONFIRM_QUIT_KEYS,
    QUIT_TITLE,
    Binding,
    QuitChoice,
    find_action,
    key_label,
    quit_question,
    rescue,
)
from ...tui.marks import Clock, Marks
from ...tui.shell import CTRL_C, ESCAPE
from .. import savefile, text
from ..session import Session

RESCUE_FILE: Final = "rescued.forty-thieves"
"""Where a game goes when the terminal closes and the save file cannot be written."""

Hinter = Callable[[Session], Move | None]


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
    """What a key asks for; the value is its line in the help."""

    TABLEAU = "pick tableau pile 1-10 (0 is 10)"
    WASTE = "pick the waste"
    DEAL = "deal a card from the deck to the waste"
    FOUNDATION = "send the chosen card to the foundation that takes it"
    NAMED_FOUNDATION = "send it to foundation 1-8 (or F, then 1-8)"
    CURSOR = "move the cursor over the piles"
    PICK = "pick the pile under the cursor"
    CANCEL = "forget the chosen card"
    SAFE = "play every safe card to the foundations"
    UNDO = "undo (as often as you like)"
    HINT = "hint: shown on the board"
    SAVE = "save to the save file"
    NEW_DEAL = "new deal (the next seed; u brings this game back)"
    HELP = "show this help"
    QUIT = "quit (asks to save unsaved moves)"


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
    Binding(("u",), Action.UNDO),
    Binding(("h",), Action.HINT),
    Binding(("s",), Action.SAVE),
    Binding(("n",), Action.NEW_DEAL),
    Binding(("?",), Action.HELP),
    Binding(("q", CTRL_C), Action.QUIT),
)
END_KEYS: Final = (
    Binding(("u",), Action.UNDO),
    Binding(("n",), Action.NEW_DEAL),
    Binding(("s",), Action.SAVE),
    Binding(("q", CTRL_C), Action.QUIT),
)
"""The keys of the win and no-move-left screens."""
END_SUMMARY: Final = "u undo   n new deal   s save   q quit"
"""END_KEYS in one line, for the win and no-move-left boxes."""
FOOTER: Final = (
    "1-0 w pick  d deal  f home  a safe  u undo  h hint  s save  ? help  q quit"
)


class Mode(enum.Enum):
    PLAYING = "playing"
    HELP = "help"
    WON = "won"
    STUCK = "no move left"
    CONFIRM_QUIT = "confirm quit"


class Overlay(NamedTuple):
    """A box drawn over the board; ``low`` ones sit under the tableau's
    first rows, so that the position that ended the game stays in view."""

    title: str
    lines: tuple[str, ...]
    low: bool = False


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
        f"{HELP_LABELS.get(b.action) or ' '.join(map(key_label, b.keys)):<14}"
        f"{b.action.value}"
        for b in PLAYING_KEYS
    )


class Controller:
    """Turns keys and clicks into moves on one session; describes the screen."""

    def __init__(
        self,
        session: Session,
        *,
        hinter: Hinter,
        rescue_folder: Path,
        greeting: str = "",
        card_text: CardText = str,
        clock: Clock = time.monotonic,
    ) -> None:
        """``hinter`` answers the hint key;
        ``rescue_folder`` takes the game when the terminal closes and the
        save file cannot be written; ``card_text`` writes cards in the
        status line; ``clock`` times the marks of moved cards."""
        self.session = session
        self._marks: Marks[frozenset[Pile]] = Marks(frozenset(), clock)
        self.card_text = card_text
        self._hinter = hinter
        self._rescue_folder = rescue_folder
        self._status = greeting
        self._mode = Mode.PLAYING
        self._mode_before_quit = Mode.PLAYING
        self._cursor = TABLEAU_ROW[0]
        self._selected: Pile | None = None
        self._hint: tuple[Pile, Pile] | None = None
        self._pressed: Pile | None = None
        self._naming_foundation = False
        """``F`` was the last key: a digit names a foundation."""
        self._finished = False
        self._settle()

    # ------------------------------------------------------------ queries
    @property
    def finished(self) -> bool:
        return self._finished

    def wake_at(self) -> float | None:
        """When the marks of the moved cards end (then :meth:`tick`)."""
        return self._marks.wake_at()

    def tick(self) -> None:
        """Let the marks of the moved cards fade once their moment is over."""
        self._marks.tick()

    def screen(self) -> Screen:
        board = self.session.board
        foundations = tuple(
            tuple(board.get_foundation(n).toSeq()) for n in range(FOUNDATION_PILES)
        )
        return Screen(
            tableau=tuple(
                tuple(board.get_tab(n).toSeq()) for n in range(TABLEAU_PILES)
            ),
            foundations=foundations,
            deck_size=board.get_deck().size(),
            waste=tuple(board.get_waste().toSeq()),
            seed=self.session.seed,
            steps=self.session.moves,
            home=sum(len(pile) for pile in foundations),
            cursor=self._cursor,
            selected=self._selected,
            hint=self._hint,
            status=self._status,
            overlay=self._overlay(),
            footer=FOOTER,
            moved=self._marks.shown,
        )

    def _overlay(self) -> Overlay | None:
        if self._mode is Mode.HELP:
            lines = help_lines() + (
                "",
                "Tableau piles build down in suit; foundations up from the Ace.",
                "Click a card, then where it goes (or drag it). Any key: back.",
            )
            return Overlay("Forty Thieves: keys", lines)
        if self._mode is Mode.WON:
            return Overlay(
                "You won!",
                ("All 104 cards are on the foundations.", END_SUMMARY),
                low=True,
            )
        if self._mode is Mode.STUCK:
            return Overlay(
                "No move left",
                ("No card can move and the deck is empty.", END_SUMMARY),
                low=True,
            )
        if self._mode is Mode.CONFIRM_QUIT:
            return Overlay(QUIT_TITLE, quit_question(self.session.save_target))
        return None

    # ------------------------------------------------------------ input
    def press(self, key: str) -> None:
        """Do what ``key`` means now; unknown keys do nothing."""
        if self._finished:
            return
        if self._mode is Mode.HELP:
            self._mode = Mode.PLAYING
            if key != CTRL_C:
                return
        if self._mode is Mode.CONFIRM_QUIT:
            choice = find_action(CONFIRM_QUIT_KEYS, key)
            if choice is not None:
                self._answer_quit(choice)
            return
        naming, self._naming_foundation = self._naming_foundation, False
        if naming and len(key) == 1 and key in DIGITS:
            self._hint = None
            self._name_foundation(key)
            return
        keys = PLAYING_KEYS if self._mode is Mode.PLAYING else END_KEYS
        action = find_action(keys, key)
        if action is not None:
            self._hint = None
            self._do(action, key)

    def mouse_press(self, pile: Pile | None) -> None:
        """A button went down on ``pile`` (None: not on a pile)."""
        self._pressed = pile

    def mouse_release(self, pile: Pile | None) -> None:
        """The button came up on ``pile``: a click (the same pile) picks it;
        a drag from another pile moves that pile's card here."""
        pressed, self._pressed = self._pressed, None
        self._naming_foundation = False
        if self._mode is not Mode.PLAYING or self._finished:
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
            self._status = text.FOUNDATION_STAYS
            return
        stack = self._stack(pile)
        if stack is None:
            self._status = _sentence(f"{self._name(pile)} is empty")
            self._selected = None
            return
        self._selected = pile
        self._status = (
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
            if target != pile and is_valid(self.session.board, move):
                self._play(move)
                return
        card = self._stack(pile)
        what = self._name(pile) if card is None else self.card_text(card)
        self._status = _sentence(f"{what} cannot move now")

    def _move_between(self, source: Pile, target: Pile) -> Move:
        if source == WASTE:
            return WasteMove(target.kind, target.n)
        return TabMove(target.kind, source.n, target.n)

    def _play(self, move: Move) -> None:
        before = self.session.board.copy()
        reason = self.session.play(move, self.card_text)
        if reason is not None:
            self._status = _sentence(reason)
            return
        self._status = _sentence(text.step_words((move,), before, self.card_text))
        self._mark((move,))
        self._settle()

    # ------------------------------------------------------------ actions
    def _do(self, action: Action, key: str) -> None:
        handlers: dict[Action, Callable[[], None]] = {
            Action.TABLEAU: lambda: self._pick_key(TABLEAU_ROW[DIGITS.index(key)]),
            Action.WASTE: lambda: self._pick_key(WASTE),
            Action.DEAL: lambda: self._pick_key(DECK),
            Action.FOUNDATION: self._to_foundation,
            Action.NAMED_FOUNDATION: lambda: self._named_foundation(key),
            Action.CURSOR: lambda: self._move_cursor(*CURSOR_STEPS[key]),
            Action.PICK: lambda: self.pick(self._cursor),
            Action.CANCEL: self._cancel,
            Action.SAFE: self._play_safe,
            Action.UNDO: self._undo,
            Action.HINT: self._show_hint,
            Action.SAVE: self._save_now,
            Action.NEW_DEAL: self._new_deal,
            Action.HELP: self._show_help,
            Action.QUIT: self._quit,
        }
        handlers[action]()

    def _pick_key(self, pile: Pile) -> None:
        self._cursor = pile
        self.pick(pile)

    def _to_foundation(self) -> None:
        if self._selected is None:
            self._status = "Choose a card first (1-0 or w), then f"
            return
        source, self._selected = self._selected, None
        n0 = None if source == WASTE else source.n
        before = self.session.board.copy()
        reason = self.session.to_foundation(n0, self.card_text)
        if reason is not None:
            self._status = _sentence(reason)
            return
        moves = self.session.history[-1].moves
        self._status = _sentence(text.step_words(moves, before, self.card_text))
        self._mark(moves)
        self._settle()

    def _named_foundation(self, key: str) -> None:
        """``F`` (a digit names the foundation next) or F1-F8."""
        if self._selected is None:
            self._status = "Choose a card first (1-0 or w), then F and 1-8"
        elif key in FUNCTION_KEYS:
            self._pick_key(TOP_ROW[FUNCTION_KEYS.index(key)])
        else:
            self._naming_foundation = True
            card = self._stack(self._selected)
            what = self._name(self._selected) if card is None else self.card_text(card)
            self._status = f"{what} to which foundation? 1-8 (f: the one that takes it)"

    def _name_foundation(self, digit: str) -> None:
        """The digit after ``F``: foundation 1-8; 9 and 0 are none."""
        n = DIGITS.index(digit)
        if n < FOUNDATION_PILES:
            self._pick_key(TOP_ROW[n])
        else:
            self._status = f"There are {FOUNDATION_PILES} foundations: F, then 1-8"

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
        self._status = ""

    def _play_safe(self) -> None:
        self._selected = None
        moves = self.session.play_safe()
        self._status = text.played_safe(moves).rstrip(".\n")
        self._mark(moves)
        self._settle()

    def _undo(self) -> None:
        self._selected = None
        step = self.session.undo()
        if step is None:
            self._status = "Nothing to undo"
            return
        self._marks.clear()
        words = text.step_words(step.moves, self.session.board, self.card_text)
        self._status = f"Undone: {words}; {len(self.session.history)} more to undo"
        self._mode = Mode.PLAYING
        self._settle()

    def _show_hint(self) -> None:
        move = self._hinter(self.session)
        if move is None:
            self._status = "Hint: no move left"
            return
        self._selected = None
        self._hint = move_piles(move)
        words = text.hint_words(move, self.session.board, self.card_text)
        self._status = f"Hint: {words} (keys {key_text(move)})"

    def _new_deal(self) -> None:
        self._selected = None
        seed = next_game_seed(self.session.seed)
        self.session.new_deal(seed)
        self._marks.clear()
        self._status = f"Deal {seed} (u brings the last game back)"
        self._mode = Mode.PLAYING
        self._settle()

    def _show_help(self) -> None:
        self._mode = Mode.HELP

    def _save_now(self) -> None:
        if self._try_save():
            self._status = f"Saved to {self.session.save_target}"

    def _quit(self) -> None:
        if not self.session.unsaved:
            self._finished = True
            return
        self._mode_before_quit = self._mode
        self._mode = Mode.CONFIRM_QUIT

    def _answer_quit(self, choice: QuitChoice) -> None:
        if choice is QuitChoice.CANCEL:
            self._mode = self._mode_before_quit
            self._status = ""
        elif choice is QuitChoice.QUIT_UNSAVED or self._try_save():
            self._finished = True
        else:
            self._mode = self._mode_before_quit

    def hang_up(self, why: str) -> str:
        """End without asking: save unsaved moves (to the save file, else to
        the rescue folder); one line saying what happened."""
        self._finished = True
        if not self.session.unsaved:
            return f"{why}; nothing to save."
        board, seed = self.session.board, self.session.seed
        history = [step.moves for step in self.session.deal_history()]
        return rescue(
            lambda path: savefile.save(board, seed, path, history),
            self.session.save_target,
            self._rescue_folder / RESCUE_FILE,
            why,
        )

    # ------------------------------------------------------------ helpers
    def _mark(self, moves: Iterable[Move]) -> None:
        """Mark the cards ``moves`` moved, on the piles they went to; no
        moves (nothing was safe), no marks."""
        targets = frozenset(move_piles(move)[1] for move in moves)
        if targets:
            self._marks.show(targets)

    def _try_save(self) -> bool:
        try:
            self.session.save()
        except OSError as error:
            self._status = (
                f"Cannot save {self.session.save_target}: {describe_os_error(error)}"
            )
            return False
        return True

    def _settle(self) -> None:
        """After a change: won, stuck, or playing on."""
        if self.session.won:
            self._mode = Mode.WON
        elif self.session.stuck:
            self._mode = Mode.STUCK
        else:
            self._mode = Mode.PLAYING
            if self.session.can_finish:
                self._status = text.CAN_FINISH.rstrip(".\n")

    def _stack(self, pile: Pile) -> CardT | None:
        """The top card of ``pile``, or None when it is empty."""
        board = self.session.board
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
