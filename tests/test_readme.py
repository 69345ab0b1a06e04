"""The README's examples are real, and so are the widget guide's: every Python block runs as written."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
WIDGET_GUIDE = ROOT / "docs" / "widgets.md"


def python_blocks(path: Path) -> list[str]:
    """The ```python blocks of a Markdown file."""
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), flags=re.S)


BLOCKS = python_blocks(README)
GUIDE_BLOCKS = python_blocks(WIDGET_GUIDE)


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


def test_the_widget_guide_has_an_example_for_every_widget() -> None:
    import push_learn.widgets

    examples = "\n".join(GUIDE_BLOCKS)
    for name in push_learn.widgets.__all__:
        assert f"{name}(" in examples, f"docs/widgets.md has no example of {name}"


@pytest.mark.parametrize("number", range(len(GUIDE_BLOCKS)))
def test_widget_guide_example_runs(number: int) -> None:
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(compile(GUIDE_BLOCKS[number], f"docs/widgets.md example {number + 1}", "exec"), {"__name__": "__guide__"})
    if "MeldExplorer" in GUIDE_BLOCKS[number]:
        assert "one found (7♥ 8♥ 9♥ 10♥), the other needs 5♠, 9♠ or a wild" in output.getvalue()
