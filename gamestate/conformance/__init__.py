"""The PA4 GameState conformance suite, and a grader built on it.

The writeup's GameState rules as 32 requirements (R01-R30, E1, E2) and an
optional one (O1), each checked by tests in :mod:`gamestate.conformance.suite`.
Aim them at a Python class, a student's GameState.java or a folder of
submissions::

    python -m gamestate.conformance TARGET        # or: gamestate-grade TARGET
    python -m pytest tests/conformance --impl TARGET   # in a checkout

``--spec adt`` and ``--spec mvc`` grade the module specs 004 (the
functional ADT, adt_suite.py) and 000 (the 2AA4 MVC modules,
mvc_suite.py) the same way (module_grade.py).

Needs the ``[grade]`` extra (pytest, hypothesis); Java targets need a JDK.
"""
