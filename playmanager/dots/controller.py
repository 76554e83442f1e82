"""The MIS's Controller module: it moves the model and refreshes the view.

The MIS: the Controller "acts as an intermediate or communicator to update
the model and view when the state information of the gameboard(model)
changes". :meth:`Controller.execute_move` is ``gameboard.move(path)``, then
the view shows the new grid and status; a refused path raises the model's
exception (the MIS: "These exceptions propagate from GameBoardT module")
before anything is printed. The getters are the model's, under the MIS's
names. The line mode (:mod:`.loop`) plays through this class.
"""

from __future__ import annotations

from collections.abc import Sequence

from gamestate.dots import CellT, GameBoardT

from .view import View


class Controller:
    """The MIS's Controller: state variables gameboard and view."""

    def __init__(self, gameboard: GameBoardT, view: View) -> None:
        """The MIS: "Controller(gameboard, view): transition: gameboard :=
        gameboard, view := view"."""
        self._gameboard = gameboard
        self._view = view

    def execute_move(self, path: Sequence[Sequence[int]] | None) -> None:
        """The MIS: "execute_move(path): transition: gameboard.move(path)";
        then the view shows the grid and status. Raises what move raises
        (:class:`~gamestate.dots.RefusedMoveError` for a refused path)."""
        self._gameboard.move(path)
        self.update_view()

    def get_game_moves(self) -> int:
        """The MIS: "out := gameboard.get_moves()"."""
        return self._gameboard.get_moves()

    def get_game_obj(self) -> tuple[CellT, int]:
        """The MIS: "out := gameboard.get_obj()"."""
        return self._gameboard.get_obj()

    def get_game_score(self) -> int:
        """The MIS: "out := gameboard.get_score()"."""
        return self._gameboard.get_score()

    def get_game_boardT(self) -> list[list[CellT]]:  # noqa: N802 -- the MIS name
        """The MIS: "out := gameboard.get_boardT()" (a copy)."""
        return self._gameboard.get_boardT()

    def is_win(self) -> bool:
        """The MIS: "out := get_game_obj()[1] <= 0", which is the
        gameboard's is_win: asked of it, so the rule lives in one place."""
        return self._gameboard.is_win()

    def game_over(self) -> bool:
        """The MIS: "out := get_game_moves() <= 0", the gameboard's game_over."""
        return self._gameboard.game_over()

    # ------------------------------------------------------------ beyond the MIS
    @property
    def gameboard(self) -> GameBoardT:
        """The game being played (undo and play again replace it)."""
        return self._gameboard

    @gameboard.setter
    def gameboard(self, gameboard: GameBoardT) -> None:
        self._gameboard = gameboard

    def update_view(self) -> None:
        """Show the grid, then the status line (print_boardT, print_info)."""
        self._view.print_boardT(self.get_game_boardT())
        colour, target = self.get_game_obj()
        self._view.print_info(
            colour, target, self.get_game_score(), self.get_game_moves()
        )
