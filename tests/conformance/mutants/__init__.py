"""Deliberately broken GameState classes the conformance suite must catch.

writeup_style.py holds the correct controls (GameState, and
GameStateWithoutRotation without the optional rotateCounterClockwise);
every other module subclasses one of them and adds one classic student
bug, named in its docstring with the requirement it breaks. Try one: ``pytest tests/conformance --impl
tests.conformance.mutants.merge_top_first:GameState``.
"""
