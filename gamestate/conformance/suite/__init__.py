"""The conformance tests: one module per part of the writeup's GameState.

Collected by pytest with the plugin :mod:`gamestate.conformance.plugin`,
which supplies the fixtures (``GameState``, ``Direction``, ``new_game``).
"""
