"""push_learn.poker.compare: a hand's place among all hands, and why one hand beats another."""

from __future__ import annotations

import random
from itertools import combinations, pairwise

import pytest

from push_learn.cards import parse_cards
from push_learn.poker.compare import class_rank, explain
from push_learn.poker.hands import evaluate_high, evaluate_low
from push_learn.poker.three_card import BRAG, DECK, THREE_CARD_POKER, ThreeCardRanking, evaluate


@pytest.mark.parametrize("ranking", [BRAG, THREE_CARD_POKER], ids=str)
def test_three_card_places_follow_the_ranking(ranking: ThreeCardRanking) -> None:
    hands = [evaluate(list(cards), ranking) for cards in combinations(DECK[::3], 3)]
    for a, b in pairwise(hands):
        assert (class_rank(a)[0] < class_rank(b)[0]) == (a > b)
        assert (class_rank(a)[0] == class_rank(b)[0]) == (a == b)


def test_the_extremes_of_each_ranking() -> None:
    assert class_rank(evaluate("3S 3D 3C", BRAG)) == (1, class_rank(evaluate("5S 3D 2C", BRAG))[1])
    assert class_rank(evaluate("AS KS QS", THREE_CARD_POKER))[0] == 1
    assert class_rank(evaluate_high(parse_cards("7H 5C 4H 3H 2C"))) == (7462, 7462)
    assert class_rank(evaluate_low(parse_cards("5H 4C 3H 2H AC"))) == (1, 6175)


def test_the_winner_named_agrees_with_the_order_of_the_hands() -> None:
    rng = random.Random(4)
    deck = list(DECK)
    for _ in range(300):
        rng.shuffle(deck)
        for read in (evaluate_high, evaluate_low):
            a, b = read(deck[:5]), read(deck[5:10])
            verdict = explain(a, b)
            assert verdict.order == (a.value > b.value) - (a.value < b.value)
            assert verdict.text.startswith(("The first", "The second", "The hands tie", "The lows tie"))
        x, y = evaluate(deck[:3], BRAG), evaluate(deck[3:6], BRAG)
        assert explain(x, y).order == (x > y) - (x < y)


def test_hands_of_different_rankings_are_not_compared() -> None:
    with pytest.raises(TypeError):
        explain(evaluate("AS KS QS", BRAG), evaluate("AS KS QS", THREE_CARD_POKER))


@pytest.mark.parametrize(("first", "second", "words"), [
    ("2C 8D 5H QH 10S", "8S JC 3S QS 10D", "the second card decides, a ten against a jack."),
    ("AH 3C 5D 7S 9H", "2H 3D 5S 7C 9D", "the fifth card decides, an ace against a two."),
])
def test_a_low_names_the_deciding_cards_in_words(first: str, second: str, words: str) -> None:
    verdict = explain(evaluate_low(parse_cards(first)), evaluate_low(parse_cards(second)))
    assert verdict.order > 0 and verdict.text.endswith(words)  # was "10 against 11": a jack is no 11 to a student
