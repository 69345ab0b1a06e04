"""The closed form for all-set contracts agrees with the solver's general search for the fewest missing cards."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from test_solver_oracle import VARIANTS, budget, hands

from push_learn.cards import Card, parse_cards
from push_learn.rummy import PUSH, SIX_TO_TEN
from push_learn.rummy.rules import RummyRules
from push_learn.rummy.solver import contract_distance
from push_learn.rummy.solver.api import _parts, _searched_distance


def searched_distance(hand: list[Card], rules: RummyRules, deal: int) -> int | None:
    """The fewest missing cards by the solver's general search (what the closed form replaces)."""
    return _searched_distance(hand, rules, _parts(rules.contract(deal)))


def test_four_of_a_rank_make_two_short_sets() -> None:
    hand = parse_cards("3H 3S JK 3D 3C 7D")  # 3♥ 3♠ 🃏 + 3♦ 3♣ _ + 7♦ _ _: three cards short of three sets
    assert contract_distance(hand, PUSH, 4) == searched_distance(hand, PUSH, 4) == 3
    one_deck = parse_cards("9D 4D 2S 4S 4H 4C 2D 9C 2C")  # 4♦ 4♠ 4♥, 4♣ 2 2, 9♦ 9♣ 2: all three sets now
    assert contract_distance(one_deck, SIX_TO_TEN, 4) == 0


@budget(60)
@given(st.data(), st.sampled_from(sorted(VARIANTS)), st.sampled_from([1, 4]))
def test_all_set_contracts_match_the_general_search(data: st.DataObject, variant: str, deal: int) -> None:
    rules = VARIANTS[variant]
    hand = data.draw(hands(rules, most=14))
    assert contract_distance(hand, rules, deal) == searched_distance(hand, rules, deal)
