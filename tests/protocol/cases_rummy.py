"""The rummy family's conformance cases: where the cards are, and dealing again what a seat cannot see."""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any

from conformance import Case
from rummy_hidden import reshuffle_hidden

from push_learn.cards import Card, make_deck
from push_learn.rummy.engine import Discard, LayOff, Match, Push, Rescue, TakeUpcard


def rummy_cards(match: Match) -> Sequence[Card]:
    """The stock from the bottom, the up-card, every hand, every table meld."""
    deal = match.deal
    cards = list(deal.stock) + ([] if deal.upcard is None else [deal.upcard])
    for hand in deal.hands:
        cards += hand
    for table_meld in deal.melds:
        cards += table_meld.meld.cards
    return cards


def rummy_reshuffle(match: Match, seat: int, rng: random.Random) -> Match:
    """A copy of the match in which other hands' unknown cards and the stock are dealt again."""
    other = copy.deepcopy(match)
    reshuffle_hidden(other, seat, rng)
    return other


def rummy_candidates(match: Match, seat: int, rng: random.Random) -> list[Any]:
    """Draws, discards, lay-offs and rescues with cards and targets picked at random."""
    pack = make_deck(match.rules.decks, match.rules.jokers)
    card = rng.choice(pack)
    held = match.hand(seat)
    own = rng.choice(held) if held else card
    target = rng.randrange(-1, len(match.deal.melds) + 2)
    return [
        rng.choice([TakeUpcard(seat), Push(seat)]),
        Discard(seat, rng.choice([card, own])),
        LayOff(seat, target, rng.choice([card, own])),
        Rescue(seat, target, rng.randrange(-1, 6), own),
    ]


RUMMY_CASES = [
    Case("push", "push", rummy_cards, rummy_reshuffle, rummy_candidates),
    Case("cap_it-5", "cap_it", rummy_cards, rummy_reshuffle, rummy_candidates, {"players": 5}),
    Case("six_to_ten-2", "six_to_ten", rummy_cards, rummy_reshuffle, rummy_candidates, {"players": 2}),
    Case("six_to_ten-4", "six_to_ten", rummy_cards, rummy_reshuffle, rummy_candidates, {"players": 4}),
]
"""Every rummy game, with the player counts that change the pack or the pushes."""
