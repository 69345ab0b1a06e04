"""The coach's words for every poker-family game (``GameSpec.advise``): what ``push-learn hint`` prints.

The coach must read the seat to move's own observation and the table's rules, nothing else: each position is
also asked through a stand-in that offers only those two, and the advice must be the same word for word.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from push_learn.games import GAMES
from push_learn.poker.three_card_analysis import ante_analysis

POKER = [spec for spec in GAMES.values() if spec.family != "rummy"]
PLAYERS = {"push_stud": 4, "screw": 3, "brag": 3, "three_card_poker": 2}


class SeatOnly:
    """A game seen as the coach may see it: the rules, and one seat's observation."""

    def __init__(self, game: Any, seat: int) -> None:
        self.rules = game.rules
        self._game, self._seat = game, seat

    def observe(self, seat: int) -> Any:
        """The observation of the seat being advised; any other is refused."""
        assert seat == self._seat, f"the coach of seat {self._seat} asked for seat {seat}'s view"
        return self._game.observe(seat)


def test_every_game_has_a_coach_in_words() -> None:
    """Every poker-family game gives advice through the protocol; the rummy family's coach reads the record."""
    assert {spec.id for spec in POKER} == set(PLAYERS)
    assert all(spec.advise is not None for spec in POKER)
    assert all(spec.advise is None for spec in GAMES.values() if spec.family == "rummy")


@pytest.mark.parametrize("spec", POKER, ids=lambda spec: spec.id)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_coach_reads_only_the_seat_to_move_and_the_rules(spec: Any, seed: int) -> None:
    game = spec.new(seed=seed, players=PLAYERS[spec.id])
    bot = spec.bots["random"]()
    rng = random.Random(seed)
    asked = 0
    while not game.over and asked < 12:
        seat = game.to_move[0]
        assert spec.advise is not None
        lines = spec.advise(SeatOnly(game, seat), seat, random.Random(7))
        assert lines and all(isinstance(line, str) and line.strip() for line in lines)
        assert lines == spec.advise(game, seat, random.Random(7))
        asked += 1
        game.apply(bot.choose(game.observe(seat), rng))
    assert asked


def test_three_card_poker_says_the_exact_strategys_verdict() -> None:
    """Q-6-4 is the least hand the exact strategy plays; Q-6-3 it folds (D-3C-13)."""
    analysis = ante_analysis()
    assert analysis.verdict("QS 6H 4D").startswith("The exact strategy (play Q-6-4 or better) plays this hand.")
    assert analysis.verdict("QS 6H 3D").startswith("The exact strategy (play Q-6-4 or better) folds this hand.")
    assert "folding always loses the ante (-1)" in analysis.verdict("2S 3H 5D")
