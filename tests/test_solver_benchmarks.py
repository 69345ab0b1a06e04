"""The solver's benchmark scripts run end to end on a few hands (their figures are not checked: timings are noise).

``benchmarks/solver.py`` (the targets of issue 27, with its hands and tables kept as numbers) and
``benchmarks/solver_ab.py`` (two checkouts side by side, here this one against itself) are what the solver's
speed is measured with; a change to one that the other reads (as ``random_table`` once returned melds and then
kept tables) must not break it unnoticed; ``benchmarks/solver_anatomy.py`` replays a seed of the first and times
the solver's steps inside chosen questions. ``benchmarks/hints.py`` times the rummy Hint, which asks the solver.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from push_learn.rummy.rules import VARIANT_NAMES

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> str:
    done = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_solver_benchmark_runs_every_section_on_a_few_hands() -> None:
    out = _run("benchmarks/solver.py", "--hands", "4", "--adversarial", "1", "--cold", "1", "--small", "2",
               "--in-play", "1", "--seeds", "1", "--baseline", "0")
    assert "random 30 cards, 8 wilds: contract" in out and "Summary (steady state): targets" in out
    assert "answers agree" in out and " p99 " in out and "by deal: deal 1 median" in out
    assert all(f"in play, {name}: " in out for name in VARIANT_NAMES.values())  # every variant in play
    assert "; without the collector " in out  # each steady-state worst also without the pauses inside it
    assert "at the start, machine pace: reference loop " in out and "through the seed, machine pace:" in out
    assert "seed 1  machine pace: reference loop " in out.split("Machine pace (")[-1]


def test_the_side_by_side_benchmark_runs_this_checkout_against_itself() -> None:
    out = _run("benchmarks/solver_ab.py", "--old", str(ROOT), "--hands", "4", "--seeds", "1")
    assert "answers that differ: 0" in out and "old/new: median of per-hand ratios" in out
    assert "the old side's, old/new:" in out and "the new side's, old/new:" in out


def test_the_anatomy_aid_times_the_steps_of_a_chosen_question() -> None:
    out = _run("benchmarks/solver_anatomy.py", "--seed", "1", "4")
    assert "hand 4 (deal 5):" in out and "steps:  take-all look" in out and "suit sweeps" in out
    assert "transitions stepped (no memo held them):" in out and "collector's oldest generation" in out


def test_the_hints_benchmark_times_the_coach_beside_its_baseline() -> None:
    out = _run("benchmarks/hints.py", "--matches", "1", "--positions", "12")
    for game in ("Push:", "Cap-It:", "6-7-8-9-10:"):
        assert game in out
    assert "take or push (not yet down)" in out and "baseline median" in out
    assert "advice texts that differ from the baseline's: 0" in out
