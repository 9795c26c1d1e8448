"""docs/python.md: its python blocks marked <!-- doc-test --> run in order, in one namespace,
from the project root (where ../shared/data is beside it)."""

import os
import re

from conftest import ROOT

PAGE = ROOT / "docs" / "python.md"


def marked_python_blocks(text: str):
    return re.findall(r"<!-- doc-test -->\n```python\n(.*?)\n```", text, flags=re.S)


def test_the_walk_through_runs(data_dir, monkeypatch):
    blocks = marked_python_blocks(PAGE.read_text())
    assert len(blocks) >= 5
    monkeypatch.chdir(ROOT)
    namespace: dict = {}
    for number, block in enumerate(blocks, 1):
        code = compile(block, f"{PAGE}:block {number}", "exec")
        exec(code, namespace)  # noqa: S102 - the documentation's own code
    assert os.getcwd() == str(ROOT)
