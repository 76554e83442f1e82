"""Forty Thieves solitaire in the terminal: the line mode, the full screen
and their save files, over the model :mod:`gamestate.forty_thieves`."""
