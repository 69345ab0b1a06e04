"""Dealing again the brag cards nobody has seen: for the fair-play tests of BragTable and the brag class tables."""

from __future__ import annotations

import random

from push_learn.poker.brag import BragGame


def deal_differently(game: BragGame, rng: random.Random, keep: int | None) -> None:
    """Deal every unseen hand (all but seat ``keep``'s) and the pack again from the same unseen cards."""
    seats = [s for s, player in enumerate(game.seats) if player.hands and s != keep]
    unseen = [c for s in seats for hand in game.seats[s].hands for c in hand] + game.pack
    before = [list(game.seats[s].hands) for s in seats]
    while True:
        rng.shuffle(unseen)
        cards = iter(unseen)
        for s in seats:
            game.seats[s].hands = [tuple(next(cards) for _ in range(3)) for _ in game.seats[s].hands]
        if [list(game.seats[s].hands) for s in seats] != before:
            break
    game.pack = list(cards)
