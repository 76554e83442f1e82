"""Wording every game shares, in one place: the message catalogue.

A game's own lines live in its folder (2048's Java strings in
:mod:`playmanager.twenty48.messages`); what the games say alike (wins, new
game, saved, not saved, undone, nothing to undo, autoplay, the questions
about files) lives here, for the full screens and the line modes alike,
so it cannot drift between them. Every line is a sentence (capital first,
:func:`sentence`) and counts things in the right number (:func:`count`).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs start-up time (issue 14)
if TYPE_CHECKING:
    from typing import Final


def cannot_load(path: str, reason: str) -> str:
    """A save file that cannot be loaded; the program then exits with 2."""
    return f"playmanager: cannot load {path}: {reason}\n"


EMPTY_FILE_NAME: Final = "playmanager: FILE is empty: give a file name, or leave it out\n"
"""A FILE argument of '' (or blanks), refused at launch in every game."""


def cannot_save(path: str, reason: str) -> str:
    """A save that failed, or a new FILE that could not be saved (launch
    refuses it); the old file is untouched."""
    return f"playmanager: cannot save to {path}: {reason}\n"


def count(number: int, thing: str) -> str:
    """``1 move``, ``3 moves``, ``0 moves``: a number and its noun agreeing."""
    return f"{number} {thing}" if number == 1 else f"{number} {thing}s"


def sentence(text: str) -> str:
    """``text`` with a capital first letter (a model's reason is lower case)."""
    return text[:1].upper() + text[1:]


# ------------------------------------------------------------ what every game says
WIN: Final = "You win!"
"""The title of a won game, in every game and mode."""
NOTHING_TO_UNDO: Final = "Nothing to undo"
NO_MOVE_LEFT: Final = "no move is left"
NO_HINT: Final = f"Hint: {NO_MOVE_LEFT}"
HINT_THINKING: Final = "Hint: thinking..."
"""A full screen's status while a hint that keeps the player waiting is found."""
KEEP_PLAYING: Final = "Keep playing"
AUTOPLAY_ON: Final = "Autoplay on (any key stops)"
AUTOPLAY_STOPPED: Final = "Autoplay stopped"
AUTOPLAY_DONE: Final = f"Autoplay stopped: {NO_MOVE_LEFT}"
HELP_HINT: Final = "? lists the commands"
"""How a line mode points at its help (the full screens: ``? lists the keys``)."""
KEYS_HINT: Final = "? lists the keys"


def no_hint(why: str) -> str:
    """The hint's line when it found no move; ``why`` says why
    (:meth:`~playmanager.session.Session.why_no_hint`)."""
    return f"Hint: {why}"


def autoplay_done(why: str) -> str:
    """Autoplay's line when the hint found no move (``why``)."""
    return f"{AUTOPLAY_STOPPED}: {why}"


def unknown_command(what: str) -> str:
    """A line mode's line that is no command."""
    return f"Unknown command {what!r}: {HELP_HINT}."


def autoplaying_moves(played: int) -> str:
    """A line mode's autoplay, while it plays: the moves so far."""
    return f"Autoplay: {count(played, 'move')} so far (Ctrl-C stops)"


def autoplayed_moves(played: int) -> str:
    """What a line mode's ``A N`` did."""
    return f"Autoplay played {count(played, 'move')}"


def autoplayed(move: str) -> str:
    """The status line while autoplay plays; ``move`` names its last move."""
    return f"Autoplay: {move} (any key stops)" if move else "Autoplay (any key stops)"


def ended_keys(noun: str) -> str:
    """A line mode's line under a game that ended (won, or no move left):
    what its keys do then, as the full screen's end box lists them;
    ``noun`` is what ``n`` deals (``game``, Forty Thieves' ``deal``)."""
    return f"n starts a new {noun}, u undoes, o saves, q quits."


def saved(path: str) -> str:
    """A save that worked."""
    return f"Saved to {path}"


def not_saved(path: str, reason: str) -> str:
    """A save that failed, or a new FILE that could not be saved (launch
    refuses it); the old file is untouched."""
    return f"Not saved to {path}: {reason}"


def undone(left: int) -> str:
    """An undo that worked; ``left`` steps can still be undone."""
    if left == 0:
        return "Undone; nothing more to undo"
    return f"Undone; {count(left, 'more step')} to undo"


def new_game(seed: int) -> str:
    """A new game was dealt (2048, Dots: a seed), in every front end."""
    return f"New game, seed {seed}"


NEW_GAME_SUMMARY: Final = "new game (the next seed)"
"""What ``n`` does, in the help of a game dealt from seeds (2048, Dots)."""
NEW_DEAL_SUMMARY: Final = "new deal (the next deal number)"
"""What ``n`` does in Forty Thieves' help: its status line says ``New deal N``."""


def new_deal(deal: int) -> str:
    """A new deal of Forty Thieves, named as its header names it."""
    return f"New deal {deal}"


def undo_brings_back(news: str) -> str:
    """A terminal's ``news`` of a new game (:func:`new_game`,
    :func:`new_deal`): its ``u`` brings the last game back (one session
    holds both). The web page keeps the game a new one replaced one undo
    away too (it asks with ``replaces``)."""
    return f"{news} (u brings the last one back)"


def quit_question(path: str) -> str:
    """Asked before quitting with play to lose."""
    return f"Save to {path} before quitting?"


def quit_prompt(path: str) -> str:
    """:func:`quit_question` as a line mode asks it, with its answers."""
    return f"{quit_question(path)} y saves and quits, n quits, c keeps playing: "


def unwritable_quit_question(path: str, reason: str) -> str:
    """Asked before quitting with play to lose when the save target cannot
    be written (``reason`` says why): no save is offered there, only what
    works (:data:`KEEP_QUIT_ANSWERS`)."""
    return f"{path} cannot be saved to ({reason}). Keep this game to resume?"


KEEP_QUIT_ANSWERS: Final = "y keeps it and quits, n quits, c keeps playing: "
"""The line modes' answers to :func:`unwritable_quit_question`."""


def unwritable_quit_prompt(path: str, reason: str) -> str:
    """:func:`unwritable_quit_question` as a line mode asks it."""
    return f"{unwritable_quit_question(path, reason)} {KEEP_QUIT_ANSWERS}"


def overwrite_question(path: str, holds: str) -> str:
    """Asked before saving over a file that holds another game than the
    one on screen; ``holds`` names it (game, deal or seed, moves)."""
    return f"{path} holds another game ({holds}). Replace it with this one?"


def rescue_question(path: str, holds: str, when: str) -> tuple[str, ...]:
    """The lines of "resume the game kept in ``path``?" at launch (one
    sentence: the box wraps it at words)."""
    kept = "A game left unfinished or rescued when its terminal closed is kept"
    return (f"{kept} in {path}: {holds}, saved {when}.",)


def saved_when(saved: float, now: float) -> str:
    """When a file was written (``saved``, ``now``: seconds since the epoch),
    in the local time: ``today at 05:10``, ``on 2026-11-25 at 21:04``."""
    import time  # here: start-up stays fast (issue 14)

    then, today = time.localtime(saved), time.localtime(now)
    clock = time.strftime("%H:%M", then)
    if then[:3] == today[:3]:
        return f"today at {clock}"
    return f"on {time.strftime('%Y-%m-%d', then)} at {clock}"


def not_removed(path: str, reason: str) -> str:
    """A rescued game that could not be removed when declined."""
    return f"Cannot remove {path}: {reason}"


def rescue_discarded(path: str) -> str:
    """The player declined the rescued game: its file is gone (the name
    comes last: a narrow status line shortens it, not the news)."""
    return f"Rescued game removed: {path}"


def rescue_left(path: str) -> str:
    """The player put off the rescued game: its file stays."""
    return f"The rescued game stays in {path}; the next launch offers it again"


def resumed(path: str) -> str:
    """The player resumed the rescued game kept in ``path``."""
    return f"Resumed the game rescued in {path}"


def cannot_resume(path: str, reason: str) -> str:
    """A rescued game that cannot be loaded; the game on screen goes on."""
    return f"Cannot resume {path}: {reason}"


def kept_given_up(path: str) -> str:
    """A game given up for a new one (``n``) with moves in it, kept at quit
    or hang-up instead of dropped: where it waits to be resumed."""
    return f"Kept the previous game in {path}"


def not_a_save(game: str) -> str:
    """What a file holds that does not load as a save of ``game``."""
    return f"a file that is not a saved game of {game}"


def kept_file(path: str) -> str:
    """The player said no to replacing ``path``."""
    return f"Not saved; {path} is as it was"


def rescued_game(path: str) -> str:
    """Where a game rescued at a hang-up is, as the command that plays it
    again."""
    # rescued at a hang-up, Ctrl-C or Ctrl-D, or given up with n: the
    # file does not say which, so the words name none
    return f"A game rescued before it was saved is waiting: {_resumes(path)}"


def kept_to_resume(path: str) -> str:
    """Where the game the player chose to keep at quit waits."""
    return f"Kept the game to resume: {_resumes(path)}"


def _resumes(path: str) -> str:
    """The command that plays the game in ``path`` again. The path (quoted
    for the shell if need be) and ``python -m playmanager`` are each glued
    (:data:`GLUE`): where the line wraps, each stays whole, to be copied;
    nothing sticks to the path."""
    import shlex

    from .screen.text_layout import GLUE

    def whole(words: str) -> str:
        return words.replace(" ", GLUE)

    return f"{whole('python -m playmanager')} {whole(shlex.quote(path))} resumes it"


def loaded(path: str, reason: str | None) -> str:
    """A full screen's first status line for a loaded FILE; ``reason`` says
    why it cannot be saved to, if so (the launch's line on stderr is
    hidden under the screen)."""
    if reason is None:
        return f"Loaded {path}"
    return f"Loaded {path}, which cannot be saved to: {reason}"


def cannot_write_there(path: str, reason: str) -> str:
    """A FILE that cannot be saved to, said at launch (the game still starts)."""
    return f"playmanager: {path} cannot be saved to: {reason}\n"


def other_save(path: str) -> str:
    """A new game's save target already holds a game it did not load."""
    return f"{path} holds another game; o asks before replacing it"


def hung_up(why: str, path: str | None) -> str:
    """What a hang-up did: ``path`` None means there was no play to lose."""
    if path is None:
        return f"{why}; nothing to save."
    return f"{why}; game rescued to {path} (no save was touched)"


def not_rescued(why: str, reason: str) -> str:
    """A hang-up whose rescue could not be written."""
    return f"{why}; the game could not be rescued: {reason}"
