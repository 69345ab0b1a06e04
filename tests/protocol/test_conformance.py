"""The conformance suite over every game and variant, through the one protocol (see conformance.py).

The default run is sized for CI (one seed: about a minute on a quiet machine); ``-m slow`` runs 21 more seeds, and
210 more when hunting (``HYPOTHESIS_PROFILE=hunt make test-slow``, see ``budgets.py``).
"""

from __future__ import annotations

import random

import pytest
from budgets import examples
from cases_poker import POKER_CASES
from cases_rummy import RUMMY_CASES
from conformance import Case, bots_finish, check_blind, check_replay, random_play

from push_learn.games import GAMES

CASES: list[Case] = [*RUMMY_CASES, *POKER_CASES]
SEEDS = (1,)
SLOW_SEEDS = tuple(range(2, 2 + examples(21)))


def test_every_game_of_the_catalogue_has_a_case() -> None:
    assert {case.game for case in CASES} == set(GAMES)


def _play(case: Case, seed: int) -> None:
    for number in range(case.games_per_seed):
        game_seed = seed * 1000 + number
        rng = random.Random(game_seed)
        game = None
        for step, game in enumerate(random_play(case, game_seed)):
            if not game.over and (step % 37 == 5 or (step < 37 and step % 7 == 3)):
                check_blind(case, game, rng)
        assert game is not None
        check_replay(case, game)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_random_play_keeps_every_promise(case: Case, seed: int) -> None:
    _play(case, seed)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_every_bot_level_finishes_the_game(case: Case) -> None:
    steps = bots_finish(case, seed=7)
    assert set(steps) == set(GAMES[case.game].bots) and all(steps.values())


@pytest.mark.slow
@pytest.mark.parametrize("seed", SLOW_SEEDS)
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_random_play_keeps_every_promise_on_many_seeds(case: Case, seed: int) -> None:
    _play(case, seed)
