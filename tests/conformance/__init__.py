"""The PA4 spec-conformance suite: the writeup's GameState rules as tests.

Aim it at any class with the Java-shaped API::

    python -m pytest tests/conformance --impl module:Class [--direction module:Enum]

See plugin.py for the options and the per-requirement table, requirements.py
for the catalogue, and mutants/ for the broken classes it must catch.
"""
