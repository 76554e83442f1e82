"""The PA4 spec-conformance suite, as the project's own tests run it.

The suite itself is installed with the package (gamestate/conformance/);
each test_*.py here imports one of its modules, so that

    python -m pytest tests/conformance --impl TARGET [--direction module:Enum]

still runs it against any class, Java file or folder (see
gamestate/conformance/plugin.py for the options). mutants/ holds the broken
classes the suite must catch (tests/test_conformance_meta.py).
"""
