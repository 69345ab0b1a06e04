"""Declaring the solver's plans: runs made of wilds alone never overlap the other runs of the contract."""

from __future__ import annotations

import pytest

from push_learn.cards import JOKER, parse_cards
from push_learn.rummy import CAP_IT, PUSH
from push_learn.rummy.contracts import meets_contract
from push_learn.rummy.rules import RummyRules
from push_learn.rummy.solver import best_go_down


@pytest.mark.parametrize(
    ("hand", "rules", "deal"),
    [
        ("7S 8S 8S 9S 10S JS JS 2D JK JK JK JK", PUSH, 5),  # natural spade run, the other all wild
        ("9S 10S JS QS JK JK JK JK JK JK", CAP_IT, 5),  # run of 7 through Q♠, run of 3 all wild
        ("2C JK JK JK JK JK JK JK", CAP_IT, 3),  # both runs all wild
    ],
)
def test_all_wild_contract_runs_are_declared_clear_of_the_other_runs(hand: str, rules: RummyRules, deal: int) -> None:
    plan = best_go_down(parse_cards(hand), rules, deal, keep_discard=False)
    assert plan is not None
    check = meets_contract(plan.go_down, rules, deal)
    assert check, check.reason
    assert any(all(card in (JOKER,) or (card.rank is not None and card.rank.value == 2) for card in meld.cards)
               for meld in plan.go_down)
