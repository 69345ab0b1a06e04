"""Hand rankings: two poker hands dealt from a deck shuffled by the seed, in a HandRanker.

The address chooses the hand size (``size``: 5 for poker hands, read high and ace-to-five low; 3 for
Three Card Poker and brag side by side); the deal number fixes the two hands, so a class sees the same
pair. The student then picks other cards from the deck or types them.
"""

from __future__ import annotations

import random

from push_learn.apps.base import App
from push_learn.cards import Card
from push_learn.poker.three_card import DECK
from push_learn.widgets import HandRanker
from push_learn.widgets.hand_ranker import SIZES

__all__ = ["HandRankings", "dealt_hands"]


def dealt_hands(seed: int | str, size: int) -> tuple[list[Card], list[Card]]:
    """Two hands of ``size`` cards from one deck shuffled by ``seed`` (the same seed, the same hands)."""
    deck = list(DECK)
    random.Random(f"push_learn.poker:{seed}:hand rankings").shuffle(deck)
    return deck[:size], deck[size:2 * size]


class HandRankings(App):
    """Hand rankings: name, place and compare two hands (``?seed=N&size=3``)."""

    slug = "hand_rankings"

    def build(self) -> HandRanker:
        """A HandRanker holding the two hands the seed deals."""
        size = int(self.option("size", tuple(str(n) for n in SIZES), "5"))
        first, second = dealt_hands(self.query.seed, size)
        return HandRanker(first=first, second=second, size=size, title=f"Two hands of {size} cards")

    @property
    def subtitle(self) -> str:
        """The deal number that chose the two hands."""
        return f"Poker hands · deal number {self.seed}"
