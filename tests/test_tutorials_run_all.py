"""Each tutorial as a student meets it: *Run All* first, then every exercise answered, right and wrong.

The notebook runs top to bottom in a real kernel, so every game in it has moved on to its last
cell. Then each exercise cell runs again in that same kernel with ``answer = ...`` replaced by an
answer, exactly as a student would edit and rerun it, so the verdicts come through ``tutor.check``:

* the right answer from the folded answer cell, and every accepted synonym, is praised;
* every known mistake gets its own words, and an unlisted wrong answer is still refused;
* the number of tries counts up.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient
from notebook_cells import NOTEBOOKS, TUTORIALS, source, tags

from push_learn.tutor_answers import exercises


class Kernel:
    """A notebook's kernel after *Run All*: ``run`` executes more code there and returns what it printed."""

    def __init__(self, client: NotebookClient) -> None:
        self.client = client
        self.count = 0

    def run(self, code: str) -> str:
        """Execute ``code`` as one more cell; its printed text (an error fails the test)."""
        self.count += 1
        cell = nbformat.v4.new_code_cell(code)
        self.client.nb.cells.append(cell)
        self.client.execute_cell(cell, len(self.client.nb.cells) - 1)
        texts = []
        for output in cell.outputs:
            assert output.output_type != "error", f"{code}\nraised {output.get('ename')}: {output.get('evalue')}"
            texts.append(output.get("text") or output.get("data", {}).get("text/plain", ""))
        return "".join(texts)


@pytest.fixture(params=TUTORIALS, ids=lambda p: p.stem, scope="module")
def after_run_all(request: pytest.FixtureRequest) -> Iterator[tuple[Path, Any, Kernel]]:
    """The tutorial executed top to bottom, and its kernel still running."""
    path: Path = request.param
    notebook = nbformat.read(path, as_version=4)
    where = {"metadata": {"path": str(NOTEBOOKS)}}
    client = NotebookClient(notebook, timeout=600, kernel_name="python3", resources=where)
    with client.setup_kernel():
        for index, cell in enumerate(list(notebook.cells)):
            if cell.cell_type == "code":
                client.execute_cell(cell, index)
                errors = [output for output in cell.outputs if output.output_type == "error"]
                assert not errors, f"{path.stem} cell {index} raised {errors[0].get('evalue')}"
        yield path, notebook, Kernel(client)


def right_answers(notebook: Any) -> dict[int, str]:
    """The answer cell's right answers, as source text by exercise number."""
    (cell,) = [cell for cell in notebook.cells if "solution" in tags(cell)]
    text = source(cell)
    call = next(node for node in ast.walk(ast.parse(text)) if isinstance(node, ast.Call))
    (argument,) = call.args
    assert isinstance(argument, ast.Dict)
    answers = {}
    for key, value in zip(argument.keys, argument.values, strict=True):
        assert isinstance(key, ast.Constant)
        segment = ast.get_source_segment(text, value)
        assert segment is not None
        answers[int(key.value)] = segment
    return answers


def unlisted_wrong(right: str) -> str:
    """A wrong answer of the same kind as ``right`` (source text) that no mistake lists."""
    try:
        value = ast.literal_eval(right)
    except ValueError:
        return "[]"  # a list of moves: an empty list is no way to go out
    if isinstance(value, bool):
        return repr(not value)
    if isinstance(value, int):
        return repr(value + 17)
    if isinstance(value, tuple):
        return repr(tuple(number + 17 for number in value))
    if isinstance(value, str) and (len(value) <= 3 or (" " in value and re.fullmatch(r"[\dA-Z ]+", value))):
        return repr("JK")  # a card where cards are wanted
    return repr("no idea")


def answered(kernel: Kernel, cell_source: str, answer: str) -> str:
    """Run the exercise cell with ``answer`` (source text) in place of the ``...``: what it printed."""
    assert cell_source.startswith("answer = ...\n")
    return kernel.run(cell_source.replace("answer = ...", f"answer = {answer}", 1))


def test_every_exercise_answered_after_run_all(after_run_all: tuple[Path, Any, Kernel]) -> None:
    path, notebook, kernel = after_run_all
    cells = [cell for cell in notebook.cells if "exercise" in tags(cell)]
    rights = right_answers(notebook)
    known = exercises(path.stem[:2])
    assert len(cells) == len(rights) == len(known)
    for number, cell in enumerate(cells, start=1):
        exercise = known[number]
        attempts = [(unlisted_wrong(rights[number]), "❌", "")]
        attempts += [
            (f"tutor.exercise({number}).mistakes[{index}].answer", "❌", mistake.say)
            for index, mistake in enumerate(exercise.mistakes)
        ]
        synonyms = range(len(exercise.accept))
        attempts += [(f"tutor.exercise({number}).accept[{index}]", "✅ Right!", "") for index in synonyms]
        attempts.append((rights[number], "✅ Right!", exercise.right))
        for tries, (answer, start, says) in enumerate(attempts, start=1):
            printed = answered(kernel, source(cell), answer)
            assert printed.startswith(f"Exercise {number} (try {tries}): {start}"), f"answer {answer}: {printed}"
            assert says in printed, f"answer {answer}: {printed}"
