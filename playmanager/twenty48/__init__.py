"""2048's front end: the Java line mode, its save file, rules presets,
autoplay and the full screen. Imports only the shared rooms of
:mod:`playmanager` and the 2048 model."""
