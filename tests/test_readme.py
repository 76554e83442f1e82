"""The README's and the docs' Python examples run as printed (doctest on each
```python block that holds a ``>>>`` prompt)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def python_blocks(page: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.DOTALL)


def test_the_docs_have_python_examples() -> None:
    assert any(">>>" in block for page in PAGES for block in python_blocks(page))


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_python_example_runs_as_printed(page: Path) -> None:
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for number, block in enumerate(python_blocks(page)):
        name = f"{page.name} block {number}"
        runner.run(parser.get_doctest(block, {}, name, str(page), 0))
    assert runner.summarize(verbose=False).failed == 0
