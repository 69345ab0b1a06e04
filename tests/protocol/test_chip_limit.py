"""Every game's chip settings are at most ``CHIP_LIMIT`` (D-POK-20): in code, in a record, and at a stud table; and a
game's length is bounded as well."""

from __future__ import annotations

from typing import Any

import pytest

from push_learn.errors import RecordError
from push_learn.games import GAMES, load_record, new_game
from push_learn.poker.betting import MAX_RAISES, Limits
from push_learn.poker.brag_types import MAX_ORBITS, BragRules
from push_learn.poker.screw import ScrewGame, ScrewRules
from push_learn.poker.three_card_poker import ROUNDS_LIMIT, ThreeCardPokerGame, ThreeCardPokerRules
from push_learn.records import CHIP_LIMIT

CHIP_SETTINGS = {
    "brag": ("starting_stack", "ante", "max_first_bet", "raise_limit"),
    "cap_it": ("pot_ante", "pot_round_prize"),
    "push": ("pot_ante", "pot_round_prize"),
    "six_to_ten": ("pot_ante", "pot_round_prize"),
    "push_stud": ("starting_stack", "ante", "small_bet", "big_bet", "push_price", "substitution_price"),
    "screw": ("starting_stack", "ante", "small_bet", "big_bet", "push_price", "replace_up_price",
              "replace_down_price"),
    "three_card_poker": ("starting_stack", "max_bet"),
}
"""Per game, the rules' settings that name chips (the smaller bets are bounded by these)."""


def test_every_game_is_covered() -> None:
    assert set(CHIP_SETTINGS) == set(GAMES)


@pytest.mark.parametrize(("game_id", "name"), [(game, name) for game, names in CHIP_SETTINGS.items() for name in names])
def test_a_record_naming_too_many_chips_is_refused_in_words(game_id: str, name: str) -> None:
    record: dict[str, Any] = new_game(game_id, seed=1).record().to_dict()
    rules = dict(record["rules"])
    if name == "small_bet":
        rules["big_bet"] = CHIP_LIMIT + 1  # so that only the limit can refuse it
    rules[name] = CHIP_LIMIT + 1
    with pytest.raises(RecordError, match=f"the setting {name} is at most 1,000,000 chips, not 1000001"):
        load_record({**record, "rules": rules})


def test_a_table_may_hold_the_limit_itself() -> None:
    assert BragRules(starting_stack=CHIP_LIMIT, raise_limit=CHIP_LIMIT).starting_stack == CHIP_LIMIT
    assert ThreeCardPokerRules(starting_stack=CHIP_LIMIT, max_bet=CHIP_LIMIT).max_bet == CHIP_LIMIT
    rules = ScrewRules(starting_stack=CHIP_LIMIT, small_bet=CHIP_LIMIT, big_bet=CHIP_LIMIT)
    game = ScrewGame(rules, seed=1)
    assert game.initial_stacks == (CHIP_LIMIT,) * rules.players


def test_a_stud_table_refuses_a_stack_over_the_limit() -> None:
    with pytest.raises(ValueError, match="stacks are whole numbers of chips from 0 to 1,000,000"):
        ScrewGame(ScrewRules(), seed=1, stacks=[200] * 5 + [CHIP_LIMIT + 1])


def test_a_betting_round_has_a_first_round_and_a_bounded_number_of_raises() -> None:
    assert Limits(2, 4, big_bet_from=1, max_raises=MAX_RAISES).max_bets == MAX_RAISES + 1
    with pytest.raises(ValueError, match="at most 20 raises, not 21"):
        Limits(2, 4, max_raises=MAX_RAISES + 1)
    with pytest.raises(ValueError, match="round 1 or later, not 0"):
        Limits(2, 4, big_bet_from=0)
    with pytest.raises(ValueError, match="at most 20 raises"):
        ScrewRules(max_raises=10**9)


def test_a_games_length_is_bounded_too() -> None:
    """A brag school's orbits before the showdown and a Three Card Poker game's rounds: a record asking for a billion
    is refused in words, like a billion chips (the limits themselves are allowed)."""
    assert BragRules(max_orbits=MAX_ORBITS).max_orbits == MAX_ORBITS
    assert ThreeCardPokerGame(rounds=ROUNDS_LIMIT).rounds == ROUNDS_LIMIT
    brag: dict[str, Any] = new_game("brag", seed=1).record().to_dict()
    with pytest.raises(RecordError, match=r"max_orbits is 1 to 1,000 \(or None\), not 1000000000"):
        load_record({**brag, "rules": {**brag["rules"], "max_orbits": 10**9}})
    tcp: dict[str, Any] = new_game("three_card_poker", seed=1).record().to_dict()
    with pytest.raises(RecordError, match=r"at least one round and at most 100,000 \(a whole number\), not 1000000000"):
        load_record({**tcp, "setup": {"rounds": 10**9}})
