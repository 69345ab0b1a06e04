"""The tutorials as stored: executed, clean, with exercises whose stored answers the core accepts.

nbval (``pytest notebooks --nbval-lax``) re-runs each notebook and compares the cells marked
``# NBVAL_CHECK_OUTPUT``; these tests check what nbval does not: the shape of every tutorial. The
exercises and answers are checked in test_tutorial_answers.py (stored form) and
test_tutorials_run_all.py (executed, then answered).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from notebook_cells import TUTORIALS, code_cells, load, output_text, source, tags

ABSOLUTE_PATH = re.compile(r"(?<![\w.])/(?:work|home|tmp|root|usr|Users)/")
ADDRESS = re.compile(r"0x[0-9a-fA-F]{6,}")


def test_the_tutorials_are_there() -> None:
    names = [path.stem for path in TUTORIALS]
    for wanted in (
        "01-cards-and-melds",
        "02-wild-cards-and-rescues",
        "03-push-or-take",
        "04-going-out-and-scoring",
        "05-a-whole-deal-step-by-step",
        "06-variants-cap-it-and-6-to-10",
        "07-play-against-bots",
        "08-push-poker",
        "09-three-card-games",
    ):
        assert wanted in names


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_metadata_is_clean(path: Path) -> None:
    notebook = load(path)
    assert notebook["metadata"]["kernelspec"]["name"] == "python3"
    assert set(notebook["metadata"]) <= {"kernelspec", "language_info"}
    for cell in notebook["cells"]:
        assert "execution" not in cell.get("metadata", {})


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_stored_with_outputs_and_no_errors(path: Path) -> None:
    for cell in code_cells(load(path)):
        if "widget" in tags(cell):
            assert cell["outputs"] == [], "live widget cells are stored without outputs (a view needs a kernel)"
            continue
        if "solution" in tags(cell):
            continue  # stored without outputs: see test_tutorial_answers.py
        assert cell["execution_count"] is not None, source(cell)[:80]
        assert all(output["output_type"] != "error" for output in cell["outputs"])


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_no_absolute_paths_or_addresses(path: Path) -> None:
    for cell in load(path)["cells"]:
        assert not ABSOLUTE_PATH.search(source(cell)), source(cell)[:80]
        if cell["cell_type"] == "code":
            assert not ABSOLUTE_PATH.search(output_text(cell)), output_text(cell)[:200]
            assert not ADDRESS.search(output_text(cell)), output_text(cell)[:200]


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_randomness_is_seeded(path: Path) -> None:
    for cell in code_cells(load(path)):
        text = source(cell)
        for call in re.findall(r"(?:Match\.new|play_random_match)\(([^)]*)\)", text):
            assert "seed" in call or re.match(r"\s*[\w.]+\s*,\s*\d+", call), f"unseeded call in {path.stem}: {call}"
        # bots and random players take their chance from the rng they are given: it must be seeded
        for call in re.findall(r"\brandom\.Random\(([^)]*)\)", text):
            assert call.strip(), f"unseeded random.Random() in {path.stem}"
        unseeded = [name for name in re.findall(r"\brandom\.(\w+)\(", text) if name != "Random"]
        assert not unseeded, f"use a seeded random.Random in {path.stem}, not random.{unseeded[0]}"
