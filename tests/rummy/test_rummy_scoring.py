"""Card values and penalty points (RULES.md §1.7)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from push_learn.cards import JOKER, Card, Rank, Suit, make_deck, parse_cards
from push_learn.rummy import card_value, penalty


@pytest.mark.parametrize("rank", [Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE])
def test_three_to_nine_score_5(rank: Rank) -> None:
    assert card_value(Card(rank, Suit.CLUBS)) == 5


@pytest.mark.parametrize("rank", [Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING])
def test_ten_to_king_score_10(rank: Rank) -> None:
    assert card_value(Card(rank, Suit.HEARTS)) == 10


def test_an_ace_scores_15() -> None:
    assert card_value(Card(Rank.ACE, Suit.SPADES)) == 15


def test_a_two_wild_or_natural_and_a_joker_score_20() -> None:
    assert card_value(Card(Rank.TWO, Suit.DIAMONDS)) == 20
    assert card_value(JOKER) == 20


def test_penalty_adds_the_cards_left_in_hand() -> None:
    assert penalty(parse_cards("7H KS AD 2C JK")) == 5 + 10 + 15 + 20 + 20
    assert penalty([]) == 0
    assert penalty(make_deck(2, 4)) == 2 * 4 * (7 * 5 + 4 * 10 + 15 + 20) + 4 * 20


@given(st.lists(st.sampled_from(make_deck(1, 1)), max_size=15))
def test_penalty_is_the_sum_of_card_values_and_leaves_the_hand_alone(hand: list[Card]) -> None:
    before = list(hand)
    assert penalty(hand) == sum(card_value(card) for card in hand)
    assert penalty(iter(hand)) == penalty(hand)
    assert hand == before
