"""Meld Lab: a practice hand from the game's own pack, shuffled by the seed, in a MeldExplorer.

Pick cards and every legal reading appears (what each wild stands for), or the core's reason why
the group is no meld; keep melds and the contract line measures them against a deal's contract.
The hand has as many cards as the game's largest deal and is reshuffled (a fixed number of times at
most) until it holds a few three-card melds, so there is something to find; the same seed gives
every student the same hand.
"""

from __future__ import annotations

from itertools import combinations

from push_learn.apps.base import App
from push_learn.cards import Card, make_deck
from push_learn.rummy.engine.setup import Seed, seeded_random
from push_learn.rummy.melds import interpret_meld
from push_learn.rummy.rules import RummyRules
from push_learn.widgets import MeldExplorer

__all__ = ["MeldLab", "practice_hand"]


WANTED_MELDS = 4
"""A practice hand should hold at least this many three-card groups that are melds."""
SHUFFLES = 50
"""Reshuffles tried at most; the hand with the most melds among them is used if none has enough."""


def meld_triples(hand: list[Card], rules: RummyRules) -> int:
    """How many three-card groups of the hand have a legal reading."""
    return sum(1 for group in combinations(hand, 3) if interpret_meld(list(group), rules))


def practice_hand(rules: RummyRules, seed: Seed) -> list[Card]:
    """A hand of the game's largest size from its pack shuffled by ``seed``, holding a few melds."""
    pack = list(make_deck(rules.decks, rules.jokers))
    shuffler = seeded_random(seed, "meld lab")
    size = max(rules.hand_sizes)
    best: tuple[int, list[Card]] = (-1, [])
    for _ in range(SHUFFLES):
        shuffler.shuffle(pack)
        hand = pack[:size]
        found = meld_triples(hand, rules)
        if found >= WANTED_MELDS:
            return hand
        best = max(best, (found, hand), key=lambda pair: pair[0])
    return best[1]


class MeldLab(App):
    """Meld Lab: find the melds in a practice hand fixed by the seed (``?seed=N&variant=...``)."""

    slug = "meld_lab"

    def build(self) -> MeldExplorer:
        """A MeldExplorer over the practice hand, measured against deal 1's contract to begin with."""
        hand = practice_hand(self.rules, self.query.seed)
        return MeldExplorer(hand=hand, rules=self.rules, deal=1, title=f"A practice hand of {len(hand)} cards")
