"""2048's front end: the Java line mode, its save file, rules presets,
autoplay and the full screen. Imports only the shared rooms of
:mod:`playmanager` and the 2048 model."""

RESCUE_NAME = "rescued.2048"
"""The file a hung-up 2048 game is rescued to, in the data folder (here,
not in the adapter, so that the line mode can name it without loading
the session at start-up)."""
