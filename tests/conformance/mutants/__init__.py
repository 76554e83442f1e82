"""Deliberately broken GameState classes the conformance suite must catch.

writeup_style.py is a correct control; every other module subclasses it and
adds one classic student bug, named in its docstring with the requirement
it breaks. Try one: ``pytest tests/conformance --impl
tests.conformance.mutants.merge_top_first:GameState``.
"""
