"""The solver's optional compiled build: loaded only while it matches the sources, and it answers exactly as
the sources do (``make test`` runs the solver's tests once more on the sources alone)."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from push_learn.rummy.solver import NATIVE, native

ANSWERS = """
import json, random, sys
from push_learn.cards import make_deck
from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN
from push_learn.rummy.solver import NATIVE, best_go_down, best_turn, contract_distance

def plan_text(plan):
    return None if plan is None else [str(plan), [str(card) for card in plan.left]]

deck = make_deck(2, 4)
rng = random.Random(int(sys.argv[1]))
answers = []
for number in range(int(sys.argv[2])):
    rules = (PUSH, CAP_IT, SIX_TO_TEN)[number % 3]
    hand = rng.sample(deck, rng.randint(8, 30))
    deal = number % 5 + 1
    answers.append([
        plan_text(best_go_down(hand, rules, deal)),
        plan_text(best_turn(hand, rules)),
        contract_distance(hand, rules, deal),
    ])
print(json.dumps({"native": NATIVE, "answers": answers}))
"""


def _answers(pure: bool, seed: int, count: int) -> dict[str, object]:
    environment = {key: value for key, value in os.environ.items() if key != native.PURE_VARIABLE}
    if pure:
        environment[native.PURE_VARIABLE] = "1"
    run = subprocess.run(
        [sys.executable, "-c", ANSWERS, str(seed), str(count)],
        capture_output=True, text=True, env=environment, check=True, timeout=600,
    )
    return dict(json.loads(run.stdout))


def _copy_sources(target: Path) -> Path:
    target.mkdir()
    for name in native.COMPILED_MODULES:
        shutil.copyfile(native.PACKAGE_DIR / f"{name}.py", target / f"{name}.py")
    return target


def test_a_build_loads_only_while_it_matches_the_sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(native.PURE_VARIABLE, raising=False)
    sources = _copy_sources(tmp_path / "solver")
    build = tmp_path / "solver" / "_native"
    assert not native.wanted(build, sources)  # no build at all
    build.mkdir()
    (build / native.STAMP_NAME).write_text("0" * 64 + "\n")
    assert not native.wanted(build, sources)  # a build of other sources
    (build / native.STAMP_NAME).write_text(native.sources_digest(sources) + "\n")
    assert native.wanted(build, sources)
    monkeypatch.setenv(native.PURE_VARIABLE, "1")
    assert not native.wanted(build, sources)  # the sources on request
    monkeypatch.delenv(native.PURE_VARIABLE)
    search = sources / "search.py"
    search.write_text(search.read_text() + "\n# an edit after the build\n")
    assert not native.wanted(build, sources)  # a stale build never shadows an edited source


def test_a_build_the_interpreter_cannot_load_gives_way_to_the_sources(tmp_path: Path) -> None:
    """A copy of the package whose build matches its sources but cannot load (here a broken file): the
    solver still imports, from the sources, and answers."""
    package = Path(native.PACKAGE_DIR).parents[2] / "push_learn"
    copy = tmp_path / "push_learn"
    shutil.copytree(package, copy, ignore=shutil.ignore_patterns("_native", "__pycache__"))
    build = copy / "rummy" / "solver" / "_native"
    build.mkdir()
    (build / f"api{sysconfig.get_config_var('EXT_SUFFIX')}").write_bytes(b"not a compiled module")
    (build / native.STAMP_NAME).write_text(native.sources_digest(copy / "rummy" / "solver") + "\n")
    environment = {key: value for key, value in os.environ.items() if key != native.PURE_VARIABLE}
    environment["PYTHONPATH"] = str(tmp_path)
    check = (
        "import push_learn.rummy.solver as solver; from push_learn.cards import parse_cards;"
        f"from push_learn.rummy import PUSH; assert solver.__file__.startswith({str(tmp_path)!r});"
        "print(solver.NATIVE, solver.best_turn(parse_cards('5H 6H 7H 9C 9D JK QS'), PUSH).points_left)"
    )
    run = subprocess.run(
        [sys.executable, "-c", check], capture_output=True, text=True, env=environment, cwd=tmp_path, timeout=120
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["False", "0"]


def test_the_compiled_build_answers_as_the_sources_do() -> None:
    """Two child processes answer the same random questions, one free to load the compiled build, one on the
    sources. Under CI=true the first must have loaded it (make install builds it there), and so must this
    process unless it runs the sources on purpose (the second pass of make test)."""
    seed = random.Random().randrange(10**6)
    compiled, sources = _answers(False, seed, 60), _answers(True, seed, 60)
    assert sources["native"] is False
    assert (compiled["native"] and not os.environ.get(native.PURE_VARIABLE)) == NATIVE
    if os.environ.get("CI") == "true":
        assert compiled["native"] is True, "CI=true: make install must build the compiled solver for its tests"
    assert compiled["answers"] == sources["answers"], f"the builds disagree on seed {seed}"
