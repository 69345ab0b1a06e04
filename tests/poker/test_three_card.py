"""Three-card rankings: category counts, brag quirks, Three Card Poker order, names and records."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from push_learn.cards import Card, parse_cards, standard_deck
from push_learn.errors import RecordError
from push_learn.poker.catalogue import legacy_poker_record
from push_learn.poker.three_card import (
    BRAG,
    THREE_CARD_POKER,
    Shape,
    ThreeCardRanking,
    all_hand_indices,
    card_index,
    category_counts,
    compare_hands,
    evaluate,
    hand_key,
    key_table,
    strength,
)

COUNTS = {"straight flush": 48, "trips": 52, "straight": 720, "flush": 1096, "pair": 3744, "high card": 16440}


def test_three_card_poker_category_counts() -> None:
    assert category_counts(THREE_CARD_POKER) == {
        "straight flush": 48,
        "three of a kind": 52,
        "straight": 720,
        "flush": 1096,
        "pair": 3744,
        "high card": 16440,
    }
    assert sum(category_counts(THREE_CARD_POKER).values()) == 22100


def test_brag_category_counts_in_brag_order() -> None:
    counts = category_counts(BRAG)
    assert list(counts) == ["prial", "running flush", "run", "flush", "pair", "high card"]
    assert counts == {"prial": 52, "running flush": 48, "run": 720, "flush": 1096, "pair": 3744, "high card": 16440}


def test_counts_by_direct_enumeration_of_cards() -> None:
    shapes: dict[Shape, int] = {}
    for hand in combinations(standard_deck(), 3):
        shape = evaluate(hand, THREE_CARD_POKER).shape
        shapes[shape] = shapes.get(shape, 0) + 1
    assert shapes[Shape.TRIPS] == COUNTS["trips"]
    assert shapes[Shape.STRAIGHT_FLUSH] == COUNTS["straight flush"]
    assert shapes[Shape.HIGH_CARD] == COUNTS["high card"]


def beats(a: str, b: str, ranking: ThreeCardRanking) -> bool:
    return compare_hands(a, b, ranking) == 1


def test_brag_quirks() -> None:
    assert beats("3C 3D 3H", "AC AD AH", BRAG)  # 3-3-3 is the top prial
    assert beats("AC AD AH", "KC KD KH", BRAG)
    assert beats("2C 2D 2H", "AS KS QS", BRAG)  # any prial beats any running flush
    assert beats("AS 2S 3S", "AH KH QH", BRAG)  # A-2-3 tops A-K-Q
    assert beats("AS 2D 3S", "AH KD QH", BRAG)  # also as plain runs
    assert beats("4S 3S 2S", "AH 2D 3C", BRAG)  # any running flush beats any run
    assert beats("4S 3D 2S", "AH KH JH", BRAG)  # a run beats a flush in brag
    assert beats("AH KH JH", "AS AD KC", BRAG)  # a flush beats a pair
    assert beats("2S 2D 3C", "AH KD JC", BRAG)


def test_three_card_poker_order() -> None:
    assert beats("2S 3S 4S", "AC AD AH", THREE_CARD_POKER)  # a straight flush beats trips
    assert beats("AC AD AH", "3C 3D 3H", THREE_CARD_POKER)
    assert beats("2S 3D 4S", "AH 2D 3C", THREE_CARD_POKER)  # A-2-3 is the lowest straight
    assert beats("AH 2D 3C", "AH KH JH", THREE_CARD_POKER)  # still a straight, above every flush
    assert beats("AS KD QC", "KS QD JC", THREE_CARD_POKER)
    assert str(evaluate("AH 2D 3C", THREE_CARD_POKER)) == "straight A-2-3"
    lowest = min(
        (evaluate(hand, THREE_CARD_POKER) for hand in combinations(standard_deck(), 3)
         if evaluate(hand, THREE_CARD_POKER).shape is Shape.STRAIGHT),
    )
    assert {card.rank for card in lowest.cards} == {r.rank for r in parse_cards("AS 2S 3S")}


@pytest.mark.parametrize("ranking", [BRAG, THREE_CARD_POKER])
def test_king_ace_two_is_not_a_run(ranking: ThreeCardRanking) -> None:
    hand = evaluate("KH AD 2C", ranking)
    assert hand.shape is Shape.HIGH_CARD
    assert str(hand) == "high card A-K-2"
    assert evaluate("KH AH 2H", ranking).shape is Shape.FLUSH


def test_readable_names() -> None:
    assert str(evaluate("3H 3S 3D", BRAG)) == "prial of threes"
    assert str(evaluate("6H 6S 6D", THREE_CARD_POKER)) == "three sixes"
    assert str(evaluate("AS 2S 3S", BRAG)) == "running flush A-2-3"
    assert str(evaluate("10S JS QS", THREE_CARD_POKER)) == "straight flush Q-J-10"
    assert str(evaluate("QS QD 9C", BRAG)) == "pair of queens, 9 kicker"
    assert str(evaluate("QS 6D 4C", THREE_CARD_POKER)) == "high card Q-6-4"
    assert str(evaluate("5H 3H 2H", BRAG)) == "flush 5-3-2"
    assert evaluate("QS QD 9C", BRAG).category.name == "pair"
    assert "running flush A-2-3" in repr(evaluate("AS 2S 3S", BRAG))


def test_pairs_compare_pair_then_kicker_and_ties_are_equal() -> None:
    assert beats("QS QD 9C", "QH QC 8S", BRAG)
    assert beats("KS KD 2C", "QH QC AS", THREE_CARD_POKER)
    assert compare_hands("AH KD 4D", "AS KS 4C", BRAG) == 0
    assert evaluate("AH KD 4D", BRAG) == evaluate("AS KS 4C", BRAG)
    with pytest.raises(TypeError):
        _ = evaluate("AH KD 4D", BRAG) < evaluate("AS KS 4C", THREE_CARD_POKER)


def test_bad_hands_are_refused_in_words() -> None:
    with pytest.raises(ValueError, match="3 cards"):
        evaluate("AS KS", BRAG)
    with pytest.raises(ValueError, match="same card twice"):
        evaluate("AS AS KS", BRAG)
    with pytest.raises(ValueError, match="no jokers"):
        evaluate("AS jk KS", BRAG)


def test_key_table_matches_evaluate_and_strength_is_a_share() -> None:
    deck = standard_deck()
    for ranking in (BRAG, THREE_CARD_POKER):
        table = key_table(ranking)
        for i in range(0, len(table), 997):
            a, b, c = all_hand_indices()[i]
            assert table[i] == hand_key([deck[a], deck[b], deck[c]], ranking)
    assert strength("3H 3S 3D", BRAG) == (22100 - 4) / 22100  # only the other 3 prials of threes tie
    assert strength("5H 3D 2C", BRAG) == 0.0
    assert all(card_index(card) == i for i, card in enumerate(deck))


@given(st.lists(st.sampled_from(standard_deck()), min_size=6, max_size=6, unique=True))
def test_order_is_total_and_antisymmetric(cards: list[Card]) -> None:
    for ranking in (BRAG, THREE_CARD_POKER):
        a, b = cards[:3], cards[3:]
        assert compare_hands(a, b, ranking) == -compare_hands(b, a, ranking)
        assert (hand_key(a, ranking) == hand_key(b, ranking)) == (evaluate(a, ranking) == evaluate(b, ranking))


def test_older_three_card_records_are_recognised_and_checked() -> None:
    assert legacy_poker_record({"game": "other"}) is None
    with pytest.raises(RecordError, match="version"):
        legacy_poker_record({"game": "brag", "version": 99, "actions": []})
