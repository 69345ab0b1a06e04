"""The solver reads wildness and card points from the rules core: its values are pinned to the core's."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from push_learn.cards import JOKER, Card, Rank, Suit, make_deck
from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN
from push_learn.rummy.melds import is_wild_card
from push_learn.rummy.rules import RummyRules
from push_learn.rummy.scoring import card_value, penalty
from push_learn.rummy.solver import api
from push_learn.rummy.solver.encoding import (
    ACE_LOW,
    WILD_POINTS,
    card_position,
    encode_hand,
    position_card,
    position_points,
    position_weight,
    wild_weight,
)


@pytest.mark.parametrize("rules", [PUSH, CAP_IT, SIX_TO_TEN], ids=lambda rules: rules.name)
def test_the_solver_counts_as_wild_exactly_the_cores_wild_cards(rules: RummyRules) -> None:
    """Every card of a pack the core calls wild is a pooled wild to the solver, and the points add up."""
    pack = make_deck(2, 2)
    hand = encode_hand(pack, rules)
    assert Counter(hand.wilds) == Counter(card for card in pack if is_wild_card(card, rules))
    assert hand.total_points() == penalty(pack)


def test_without_wild_jokers_a_joker_is_a_dead_card_to_the_solver() -> None:
    """Where the core says jokers are not wild, the solver never melds one (its ``_wild`` is gone)."""
    rules = replace(PUSH, jokers_wild=False)
    hand = encode_hand([JOKER, Card(Rank.TWO, Suit.CLUBS), Card(Rank.FIVE, Suit.HEARTS)], rules)
    assert hand.wilds == (Card(Rank.TWO, Suit.CLUBS),) and hand.dead == (JOKER,)
    assert not api._can_complete([JOKER, Card(Rank.FIVE, Suit.HEARTS)], Counter(), rules)


def test_the_solvers_card_points_are_the_cores() -> None:
    """Every natural's points and the one value of a wild come from ``scoring.card_value``."""
    for rank in Rank:
        if rank is Rank.TWO:
            continue
        for suit in Suit:
            card = Card(rank, suit)
            assert position_points(card_position(card)) == card_value(card)
            assert position_weight(card_position(card), False) == card_value(card)
    assert position_points(ACE_LOW) == card_value(position_card(ACE_LOW, 0)) == card_value(Card(Rank.ACE, Suit.CLUBS))
    # the search pools the wilds: every wild is worth the same to the core, and that is what it counts
    assert {card_value(card) for card in make_deck(2, 4) if is_wild_card(card, PUSH)} == {WILD_POINTS}
    assert wild_weight(False) == WILD_POINTS == card_value(JOKER) == card_value(Card(Rank.TWO, Suit.SPADES))
