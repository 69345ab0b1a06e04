"""The solver's plans on recorded random questions are exactly the recorded ones (``solver_golden.py``).

The oracle tests check that every answer is optimal; this one checks that a change inside the solver (its
representation, its search order, its memo tables) gives the very same plans, ties included, as the solver
that recorded the file.
"""

from __future__ import annotations

import json

from solver_golden import FULL, GOLDEN, answers

from push_learn.rummy.solver import clear_caches


def test_the_solver_gives_the_recorded_plans() -> None:
    """Every recorded question (about 160, under the three rule sets) gets the recorded answers, from cold
    memo tables and then from the tables the earlier questions filled."""
    recorded = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert len(recorded) >= 150
    clear_caches()
    differ = []
    for number, question in enumerate(recorded):
        expected = question["answers"]
        got = answers(question, number < FULL)
        if got != expected:
            differ.append((number, question["rules"], question["hand"], expected, got))
    assert not differ, f"{len(differ)} questions answered differently; the first: {differ[:3]}"
