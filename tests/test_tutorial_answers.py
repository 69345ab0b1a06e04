"""No tutorial gives its answers away: a scan of the notebooks as stored.

How the cells are marked:

* an **exercise cell** has the tag ``exercise`` and holds exactly ``answer = ...`` and
  ``tutor.check(N, answer)``; its stored output is only the "put your answer in place of the ..."
  prompt. The right answer is worked out in ``push_learn.tutor_answers``, never in the notebook;
* the **answer cell** has the tag ``solution``, is folded, and calls ``tutor.confirm({...})`` with
  one right answer per exercise. It is stored without outputs; running it (nbval) raises unless
  every answer is right.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest
from notebook_cells import TUTORIALS, code_cells, load, output_text, source, tags

from push_learn.tutor import tutorial

TEMPLATE = re.compile(r"answer = \.\.\.\ntutor\.check\((\d+), answer\)")
PROMPT = "Exercise {n}: ✏️ Put your answer in place of the ... and run this cell again.\n"


def exercise_cells(notebook: dict[str, Any]) -> list[dict[str, Any]]:
    """The cells tagged ``exercise``, in order."""
    return [cell for cell in code_cells(notebook) if "exercise" in tags(cell)]


def answer_cell(notebook: dict[str, Any]) -> dict[str, Any]:
    """The one cell tagged ``solution``."""
    (cell,) = [cell for cell in code_cells(notebook) if "solution" in tags(cell)]
    return cell


def confirmed(cell: dict[str, Any]) -> dict[int, ast.expr]:
    """The answers the answer cell passes to ``tutor.confirm``, as expressions by exercise number."""
    calls = [
        node
        for node in ast.walk(ast.parse(source(cell)))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "confirm"
    ]
    assert len(calls) == 1, "the answer cell calls tutor.confirm once"
    (argument,) = calls[0].args
    assert isinstance(argument, ast.Dict)
    answers = {}
    for key, value in zip(argument.keys, argument.values, strict=True):
        assert isinstance(key, ast.Constant) and isinstance(key.value, int)
        answers[key.value] = value
    return answers


def literal_texts(expression: ast.expr) -> list[str]:
    """The distinctive texts of an answer: its strings of three characters or more, and its numbers from 10."""
    texts = []
    for node in ast.walk(expression):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value) >= 3:
            texts.append(node.value)
        elif isinstance(node, ast.Constant) and type(node.value) is int and abs(node.value) >= 10:
            texts.append(str(node.value))
    return texts


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_exercise_cells_hold_no_answer(path: Path) -> None:
    notebook = load(path)
    cells = exercise_cells(notebook)
    assert len(cells) >= 3, "each tutorial has at least three exercises"
    assert len(cells) == len(tutorial(path.stem)), "one exercise cell per exercise of push_learn.tutor_answers"
    for number, cell in enumerate(cells, start=1):
        match = TEMPLATE.fullmatch(source(cell).strip())
        assert match, f"an exercise cell holds only the template, not:\n{source(cell)}"
        assert int(match.group(1)) == number, "exercises are numbered in order"
        assert output_text(cell) == PROMPT.format(n=number)
    untagged = [
        cell for cell in code_cells(notebook) if "answer = ..." in source(cell) and "exercise" not in tags(cell)
    ]
    assert not untagged, "every cell with `answer = ...` is tagged exercise"


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_the_answer_cell_is_folded_stored_empty_and_complete(path: Path) -> None:
    notebook = load(path)
    cell = answer_cell(notebook)
    assert cell["metadata"]["jupyter"]["source_hidden"] is True
    assert cell["outputs"] == [] and cell["execution_count"] is None, "the answers' verdicts are never stored"
    assert not source(cell).startswith("# NBVAL_CHECK_OUTPUT"), "confirm raises on a wrong answer: nothing to compare"
    assert sorted(confirmed(cell)) == list(range(1, len(exercise_cells(notebook)) + 1))
    assert code_cells(notebook)[-1] is cell, "the answers come last"


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_no_stored_output_or_exercise_reveals_an_answer(path: Path) -> None:
    notebook = load(path)
    for cell in code_cells(notebook):
        assert "✅" not in output_text(cell), "no stored verdict says which answer is right"
    answers = confirmed(answer_cell(notebook))
    exercises = exercise_cells(notebook)
    for number, cell in enumerate(exercises, start=1):
        for text in literal_texts(answers[number]):
            assert text not in source(cell) and text not in output_text(cell), f"exercise {number} shows {text!r}"
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            for expression in answers.values():
                for text in literal_texts(expression):
                    for example in (f'like `"{text}"`', f'such as `"{text}"`', f'like "{text}"'):
                        assert example not in source(cell), f"a format example is the answer itself: {example}"
