"""Dealing again the rummy cards one seat cannot see: for the fair-play tests of the engine and the widgets."""

from __future__ import annotations

import random
from collections.abc import Collection

from push_learn.cards import Card
from push_learn.rummy.engine import Match


def reshuffle_hidden(match: Match, seat: int, rng: random.Random, keep: Collection[int] = ()) -> None:
    """Deal the cards ``seat`` cannot see (other hands but their known cards, the stock) again at random;
    the stock places in ``keep`` (indices into ``deal.stock``, whose last card is the top) keep their cards."""
    deal = match.deal
    size = len(deal.stock)
    pool = [card for i, card in enumerate(deal.stock) if i not in keep]
    kept: dict[int, list[Card]] = {}
    for other, hand in enumerate(deal.hands):
        if other == seat:
            continue
        rest = list(hand)
        kept[other] = []
        for card in deal.known[other]:
            rest.remove(card)
            kept[other].append(card)
        pool += rest
    rng.shuffle(pool)
    for other, hand in enumerate(deal.hands):
        if other != seat:
            need = len(hand) - len(kept[other])
            hand[:] = kept[other] + pool[:need]
            del pool[:need]
    deal.stock[:] = [deal.stock[i] if i in keep else pool.pop() for i in range(size)]
