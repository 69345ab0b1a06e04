"""The README's examples are real: every Python block in it runs as written."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)


def test_the_readme_has_examples() -> None:
    assert len(BLOCKS) >= 2


@pytest.mark.parametrize("number", range(len(BLOCKS)))
def test_readme_example_runs(number: int) -> None:
    source = BLOCKS[number]
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(compile(source, f"README.md example {number + 1}", "exec"), {"__name__": "__readme__"})


def test_the_core_example_prints_what_its_comments_promise() -> None:
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(compile(BLOCKS[0], "README.md example 1", "exec"), {"__name__": "__readme__"})
    text = output.getvalue()
    assert "set of sixes" in text and "run 6♥ 7♥ 8♥" in text
    assert "an ace cannot be both high and low" in text and "high only" in text
    assert "\n70\n" in text and "meets 2 sets of 3" in text
