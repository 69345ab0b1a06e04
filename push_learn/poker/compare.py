"""Where a hand stands among all hands, and why one hand beats another, in words.

Three kinds of ranking are covered: five-card high (``HighHand``), ace-to-five low (``LowHand``)
and the two three-card rankings (``ThreeCardHand`` under ``BRAG`` or ``THREE_CARD_POKER``). The
*class rank* counts distinct hands from the best: 1 is the best hand there is, and two hands with
the same class rank tie.

>>> from push_learn.cards import parse_cards
>>> from push_learn.poker.hands import evaluate_high
>>> class_rank(evaluate_high(parse_cards("AS KS QS JS 10S")))
(1, 7462)
>>> print(explain(evaluate_high(parse_cards("2H 3H 5H 7H 9H")), evaluate_high(parse_cards("AS KD QC JH 10S"))).text)
The first hand wins: a flush ranks above a straight.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from push_learn.cards import Rank
from push_learn.poker.hands import HIGH_CLASSES, LOW_CLASSES, HighHand, LowHand
from push_learn.poker.three_card import ThreeCardHand, ThreeCardRanking, key_table

__all__ = ["Comparison", "Hand", "class_rank", "explain"]

Hand = HighHand | LowHand | ThreeCardHand
"""Any evaluated hand this module can place and compare."""

_ORDINALS = ("first", "second", "third", "fourth", "fifth")


@cache
def _distinct_keys(ranking: ThreeCardRanking) -> tuple[int, ...]:
    """The different keys of all three-card hands under ``ranking``, best first."""
    return tuple(sorted(set(key_table(ranking)), reverse=True))


def class_rank(hand: Hand) -> tuple[int, int]:
    """``(place, classes)``: the hand's place among all distinct hands of its ranking (1 is the best)."""
    if isinstance(hand, HighHand):
        return HIGH_CLASSES + 1 - hand.value, HIGH_CLASSES
    if isinstance(hand, LowHand):
        return LOW_CLASSES + 1 - hand.value, LOW_CLASSES
    keys = _distinct_keys(hand.ranking)
    return keys.index(hand.key) + 1, len(keys)


@dataclass(frozen=True)
class Comparison:
    """How two hands of the same ranking compare: ``order`` is 1 (first wins), -1 (second) or 0 (tie)."""

    order: int
    text: str


def _order(first: int, second: int) -> int:
    return (first > second) - (first < second)


def _winner(order: int) -> str:
    return "The first hand wins" if order > 0 else "The second hand wins"


def explain(first: Hand, second: Hand) -> Comparison:
    """Which of two hands wins under their ranking, and the reason in one sentence."""
    if isinstance(first, HighHand) and isinstance(second, HighHand):
        return _explain_high(first, second)
    if isinstance(first, LowHand) and isinstance(second, LowHand):
        return _explain_low(first, second)
    if isinstance(first, ThreeCardHand) and isinstance(second, ThreeCardHand) and first.ranking == second.ranking:
        return _explain_three(first, second)
    raise TypeError("only two hands of the same ranking can be compared")


def _explain_high(first: HighHand, second: HighHand) -> Comparison:
    order = _order(first.value, second.value)
    if order == 0:
        return Comparison(0, f"The hands tie: both are {first.name}, and suits never break a tie.")
    win, lose = (first, second) if order > 0 else (second, first)
    if win.category != lose.category:
        return Comparison(order, f"{_winner(order)}: {_a(str(win.category))} ranks above {_a(str(lose.category))}.")
    at = next(n for n, (a, b) in enumerate(zip(win.ranks, lose.ranks, strict=False)) if a != b)
    return Comparison(order, (
        f"{_winner(order)}: both are {win.category}, so the ranks are compared from the one that counts most; "
        f"the {_ORDINALS[at]} of them decides, {_a(win.ranks[at].word)} against {_a(lose.ranks[at].word)}."
    ))


def _low_word(rank: int) -> str:
    """A low card's rank (1 is the ace) with its article, in words: ``an ace``, ``a ten``, ``a jack``."""
    return _a(Rank.ACE.word if rank == 1 else Rank(rank).word)


def _explain_low(first: LowHand, second: LowHand) -> Comparison:
    order = _order(first.value, second.value)
    if order == 0:
        return Comparison(0, f"The lows tie: both are {first.full_name}.")
    win, lose = (first, second) if order > 0 else (second, first)
    if win.paired != lose.paired:
        return Comparison(order, f"{_winner(order)}: a low with no pair beats a low with a pair.")
    if win.paired:
        return Comparison(order, f"{_winner(order)}: {win.name} is a better low than {lose.name}.")
    at = next(n for n, (a, b) in enumerate(zip(win.ranks, lose.ranks, strict=False)) if a != b)
    return Comparison(order, (
        f"{_winner(order)}: lows are compared from the highest card down and the lower card wins; "
        f"the {_ORDINALS[at]} card decides, {_low_word(win.ranks[at])} against {_low_word(lose.ranks[at])}."
    ))


def _explain_three(first: ThreeCardHand, second: ThreeCardHand) -> Comparison:
    ranking = first.ranking
    order = _order(first.key, second.key)
    if order == 0:
        return Comparison(0, f"The hands tie in {ranking.name}: both are {first.name}.")
    win, lose = (first, second) if order > 0 else (second, first)
    if win.category != lose.category:
        return Comparison(order, (
            f"{_winner(order)}: in {ranking.name} {_a(win.category.name)} ranks above {_a(lose.category.name)}."
        ))
    return Comparison(order, (
        f"{_winner(order)}: both are {_a(win.category.name)} in {ranking.name}, and {win.name} ranks above {lose.name}."
    ))


def _a(noun: str) -> str:
    """A noun with its article: ``a flush``, ``an eight``; plural category names (``two pair``) keep none."""
    if noun.startswith(("two ", "three ", "four ", "high card")):
        return noun
    return ("an " if noun[0] in "aeiou8" else "a ") + noun
