"""The full-screen pieces every game shares: the curses shell, widgets,
keys and marks. Game-free: no module here imports a game."""
