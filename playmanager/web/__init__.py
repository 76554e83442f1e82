"""The three games in a web browser: a local ASGI server and a static page.

Install the extra (``pip install ".[web]"``) and run ``python -m
playmanager --web``. The page sends intents (a direction, a card move, a
path) to one JSON API and draws what the server answers; the rules stay
in :mod:`gamestate`. Live games are kept in SQLite, written at every move,
so a reload or a restarted server resumes them.

Nothing outside this package imports it: the terminal games and
:mod:`gamestate` never load FastAPI (a test checks ``sys.modules``).
"""
