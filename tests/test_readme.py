"""The README's Python examples run as printed (doctest on each ```python block)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def python_blocks() -> list[str]:
    return re.findall(
        r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL
    )


def test_the_readme_has_python_examples() -> None:
    assert any(">>>" in block for block in python_blocks())


def test_every_readme_python_example_runs_as_printed() -> None:
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for number, block in enumerate(python_blocks()):
        test = parser.get_doctest(block, {}, f"README block {number}", str(README), 0)
        runner.run(test)
    results = runner.summarize(verbose=False)
    assert results.failed == 0
