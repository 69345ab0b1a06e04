"""Hand evaluation: exhaustive counts, a cross-check against treys, names, showing hands, bring-in."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, pairwise

import pytest
from treys import Card as TreysCard
from treys import Evaluator

from push_learn.cards import JOKER, Card, Rank, parse_cards, standard_deck
from push_learn.poker.hands import (
    HIGH_CLASSES,
    LOW_CLASSES,
    HandCategory,
    best_high,
    best_low,
    bring_in_card,
    bring_in_seat,
    card_code,
    card_codes,
    category_of,
    evaluate_high,
    evaluate_low,
    high5,
    high_value,
    highest_showing,
    low5,
    low_value,
    showing,
)

DECK = standard_deck()


def hand(text: str) -> list[Card]:
    return parse_cards(text)


# -- exhaustive -------------------------------------------------------------------------------

def test_every_five_card_hand_counts_by_category_and_class() -> None:
    """All 2,598,960 hands through the real evaluator, high and low in one pass."""
    high: Counter[int] = Counter()
    low: Counter[int] = Counter()
    h5, l5 = high5, low5
    for a, b, c, d, e in combinations(card_codes(DECK), 5):
        high[h5(a, b, c, d, e)] += 1
        low[l5(a, b, c, d, e)] += 1
    assert sum(high.values()) == 2_598_960
    assert len(high) == HIGH_CLASSES == 7462
    assert set(high) == set(range(1, 7463))
    assert len(low) == LOW_CLASSES == 6175
    assert set(low) == set(range(1, 6176))
    categories: Counter[HandCategory] = Counter()
    for value, count in high.items():
        categories[category_of(value)] += count
    assert categories == {
        HandCategory.STRAIGHT_FLUSH: 40,
        HandCategory.FOUR_OF_A_KIND: 624,
        HandCategory.FULL_HOUSE: 3744,
        HandCategory.FLUSH: 5108,
        HandCategory.STRAIGHT: 10200,
        HandCategory.THREE_OF_A_KIND: 54912,
        HandCategory.TWO_PAIR: 123552,
        HandCategory.PAIR: 1098240,
        HandCategory.HIGH_CARD: 1302540,
    }
    assert high[HIGH_CLASSES] == 4  # the four royal flushes
    assert low[LOW_CLASSES] == 4**5  # A-2-3-4-5 in any suits, straights and flushes included


# -- cross-checks -----------------------------------------------------------------------------

def _treys(card: Card) -> int:
    rank = "T" if card.rank is Rank.TEN else card.rank.symbol  # type: ignore[union-attr]
    return int(TreysCard.new(rank + card.suit.letter.lower()))  # type: ignore[union-attr]


@pytest.mark.parametrize("size", [5, 6, 7])
def test_high_classes_match_treys_exactly(size: int) -> None:
    """treys ranks 1 (best) .. 7462; ours is the same order turned round."""
    evaluator = Evaluator()
    rng = random.Random(size)
    for _ in range(4000):
        cards = rng.sample(DECK, size)
        theirs = evaluator.evaluate([_treys(c) for c in cards[:2]], [_treys(c) for c in cards[2:]])
        assert high_value(card_codes(cards)) == HIGH_CLASSES + 1 - theirs
        assert evaluate_high(cards).value == HIGH_CLASSES + 1 - theirs


def _naive_low_key(cards: list[Card]) -> tuple[int, ...]:
    """A plain reading of ace-to-five: fewer repeats first, then the ranks high to low (smaller wins)."""
    ranks = [1 if c.rank is Rank.ACE else int(c.rank) for c in cards]  # type: ignore[arg-type]
    counts = Counter(ranks)
    shape = sorted(counts.values(), reverse=True)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    return (-len(counts), *shape, *order)


def test_low_order_matches_a_plain_reading() -> None:
    rng = random.Random(5)
    hands = [rng.sample(DECK, 5) for _ in range(3000)]
    ours = sorted(hands, key=lambda h: low_value(card_codes(h)), reverse=True)
    plain = sorted(hands, key=_naive_low_key)
    assert [low_value(card_codes(h)) for h in ours] == [low_value(card_codes(h)) for h in plain]
    for a, b in pairwise(plain):
        assert (_naive_low_key(a) == _naive_low_key(b)) == (low_value(card_codes(a)) == low_value(card_codes(b)))


def test_best_of_seven_picks_the_five_that_play() -> None:
    best = evaluate_high(hand("2C 9S JS 4S 3S 2S KH"))
    assert best.name == "flush, jack high"
    assert set(best.cards) == set(hand("9S JS 4S 3S 2S"))
    low = evaluate_low(hand("KH 8H 7C 6H 3H 2C 2S"))
    assert low.full_name == "8-7-6-3-2 low"


# -- names ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("cards", "name", "category"), [
    ("AS KS QS JS TS", "royal flush", HandCategory.STRAIGHT_FLUSH),
    ("5H 4H 3H 2H AH", "straight flush, five high", HandCategory.STRAIGHT_FLUSH),
    ("QC QD QH QS 2C", "four of a kind, queens", HandCategory.FOUR_OF_A_KIND),
    ("KC KH KS 7D 7C", "full house, kings full of sevens", HandCategory.FULL_HOUSE),
    ("9S JS 4S 3S 2S", "flush, jack high", HandCategory.FLUSH),
    ("5C 4D 3H 2S AH", "straight, five high", HandCategory.STRAIGHT),
    ("TC JD QH KS AH", "straight, ace high", HandCategory.STRAIGHT),
    ("KC KH KS QD TD", "three of a kind, kings", HandCategory.THREE_OF_A_KIND),
    ("KH KC 7S 7D 2C", "two pair, kings and sevens", HandCategory.TWO_PAIR),
    ("6H 6C AS 7D 2C", "pair of sixes", HandCategory.PAIR),
    ("8H 7C 6H 3H 2C", "eight high", HandCategory.HIGH_CARD),
])
def test_high_names(cards: str, name: str, category: HandCategory) -> None:
    result = evaluate_high(hand(cards))
    assert str(result) == name
    assert result.category is category


def test_named_hand_lists_cards_in_playing_order() -> None:
    assert [str(c) for c in evaluate_high(hand("7S KH 7D 2C KC")).cards] == ["K♥", "K♣", "7♠", "7♦", "2♣"]
    assert [str(c) for c in evaluate_high(hand("AH 2D 3C 4S 5H")).cards] == ["5♥", "4♠", "3♣", "2♦", "A♥"]
    assert evaluate_high(hand("KH KC 7S 7D 2C")).ranks == (Rank.KING, Rank.SEVEN, Rank.TWO)


@pytest.mark.parametrize(("cards", "name", "full"), [
    ("8H 7C 6H 3H 2C", "8-7 low", "8-7-6-3-2 low"),
    ("5C 4D 3H 2S AH", "5-4 low", "5-4-3-2-A low"),
    ("AH 2D 4D 6D AC", "low with a pair of aces", "A-A-6-4-2 low"),
    ("KH KC 7S 7D 2C", "low with two pair, kings and sevens", "K-K-7-7-2 low"),
])
def test_low_names(cards: str, name: str, full: str) -> None:
    result = evaluate_low(hand(cards))
    assert str(result) == name
    assert result.full_name == full


def test_low_ordering_rules() -> None:
    def low(text: str) -> int:
        return evaluate_low(hand(text)).value

    assert low("AH 2H 3H 4H 5H") == LOW_CLASSES  # a straight flush is the best low: neither counts
    assert low("6C 4D 3H 2S AH") > low("6C 5D 3H 2S AH")  # 6-4 beats 6-5
    assert low("8H 7C 6H 3H 2C") > low("8H 7C 6H 4H 2C")  # 8-7-6-3 beats 8-7-6-4
    assert low("KC QD JH 9S 8C") > low("2C 2D 3H 4S 5C")  # any unpaired hand beats a pair
    assert low("AC AD 3H 4S 5C") > low("2C 2D 3H 4S 5C")  # aces are the lowest pair
    assert evaluate_low(hand("2C 2D 3H 4S 5C")).paired
    assert not evaluate_low(hand("8H 7C 6H 3H 2C")).paired


def test_best_high_and_best_low_report_ties() -> None:
    hands = {0: hand("KH KC 7S 7D 2C"), 1: hand("KS KD 7H 7C 2D"), 2: hand("8H 7H 6C 3D 2S")}
    winners, evaluated = best_high(hands)
    assert winners == [0, 1]
    assert evaluated[0] == evaluated[1]
    assert best_low(hands)[0] == [2]


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="five cards"):
        evaluate_high(hand("AS KS"))
    with pytest.raises(ValueError, match="twice"):
        evaluate_high(hand("AS AS KS QS JS"))
    with pytest.raises(ValueError, match="jokers"):
        card_code(JOKER)
    with pytest.raises(ValueError, match="five cards"):
        low_value(card_codes(hand("AS KS QS")))


# -- showing and bring-in ---------------------------------------------------------------------

def test_showing_counts_only_groups() -> None:
    assert showing(hand("KH KS 7C")).name == "pair of kings"
    assert showing(hand("AH")).name == "ace high"
    assert showing([]).name == "nothing showing"
    # no straights or flushes among up cards
    assert showing(hand("9H 8H 7H 6H")).category is HandCategory.HIGH_CARD
    order = ["AH KD QC 2S", "2C 2D", "2C 2D 3C 3D", "4C 4D 4H", "5C 5D 5H 5S"]
    keys = [showing(hand(text)).key for text in order]
    assert keys == sorted(keys)


def test_showing_ties_go_to_the_higher_suit_of_the_deciding_card() -> None:
    """A-P1-03: ranks first, then the suit of the top card of the top group, ♣ < ♦ < ♥ < ♠."""
    up = {0: hand("KH KC 7D"), 1: hand("KS KD 7C"), 2: hand("AS QH 3C")}
    assert highest_showing(up, [2, 0, 1]) == 1  # K♠ beats K♥
    assert highest_showing({0: hand("KS KC"), 1: hand("KH KD")}, [1, 0]) == 0  # the pair's highest suit decides
    assert highest_showing(up, [2, 0, 1], by_suit=False) == 0  # option: first tied seat in order
    assert highest_showing({0: [], 1: []}, [1, 0]) == 1  # nothing showing: first from the dealer's left
    # a kicker decides before any suit
    assert highest_showing({0: hand("9H 8C"), 1: hand("9C 7S")}, [1, 0]) == 0


def test_showing_with_unequal_numbers_of_cards() -> None:
    """After a Substitution of an up card a player shows three cards; equal ranks so far lose to more cards."""
    assert showing(hand("AH KD 7C 2S")) > showing(hand("AS KC 7H"))
    assert showing(hand("AS KC 8H")) > showing(hand("AH KD 7C 2S"))


def test_bring_in_is_the_lowest_card_with_suits_breaking_ties() -> None:
    """Seed 004: 8♦ brings in over 8♥; the ace is high for the bring-in (A-P2-04)."""
    ups = {0: hand("8D")[0], 1: hand("KH")[0], 2: hand("8H")[0],
           3: hand("JS")[0], 4: hand("JC")[0], 5: hand("KS")[0]}
    assert bring_in_seat(ups) == 0
    assert bring_in_card(hand("AC 2S 3D")) == hand("2S")[0]
    assert bring_in_card(hand("2S 2C")) == hand("2C")[0]
