"""Penalty points of the rummy family: the cards left in a hand count against you.

>>> from push_learn.cards import parse_cards
>>> penalty(parse_cards("7H KS AD 2C JK"))
70
"""

from __future__ import annotations

from collections.abc import Iterable

from push_learn.cards import Card, Rank
from push_learn.rummy.rules import RummyRules, Scoring

__all__ = ["CARD_POINTS", "card_value", "how_scoring_works", "penalty"]

CARD_POINTS = {
    **{rank: 5 for rank in Rank if Rank.THREE <= rank <= Rank.NINE},
    **{rank: 10 for rank in (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)},
    Rank.ACE: 15,
    Rank.TWO: 20,
}
"""Points of each rank: 3-9 score 5, 10-K score 10, an ace 15 and a 2 (wild or natural) 20."""
JOKER_POINTS = 20
"""Points of a joker."""


def card_value(card: Card) -> int:
    """The penalty points of one card: 5 (3 to 9), 10 (10 to K), 15 (A) or 20 (a 2 or a joker)."""
    return JOKER_POINTS if card.rank is None else CARD_POINTS[card.rank]


def penalty(cards: Iterable[Card]) -> int:
    """The total penalty points of the cards left in a hand."""
    return sum(card_value(card) for card in cards)


def how_scoring_works(rules: RummyRules) -> str:
    """How a score pad of ``rules`` is read, in plain sentences: who adds which cards, and
    that the lowest total wins. It says what "does not count" means on a pad of a partnership game.

    >>> from push_learn.rummy.rules import PUSH
    >>> how_scoring_works(PUSH).split(". ")[0]
    'The lowest total after 5 deals wins'
    """
    wins = f"The lowest total after {rules.deals} deals wins."
    if rules.scoring is Scoring.TEAM:
        return (
            f"{wins} When a deal ends, the cards left in a hand count against its team; but when a player goes out, "
            "their team scores 0 for that deal, so their partner's cards do not count. "
            "If the stock runs out instead, both teams add their cards."
        )
    return (
        f"{wins} When a deal ends, each player adds the points of the cards left in their hand; "
        "the player who went out adds nothing."
    )
