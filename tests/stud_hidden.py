"""Dealing again the stud cards one seat cannot see: for the fair-play tests of PokerTable and the class tables."""

from __future__ import annotations

import random
from collections import deque

from push_learn.cards import Card
from push_learn.poker.actions import Action
from push_learn.poker.showdown import Direction
from push_learn.poker.stud import StudGame


def hidden_from(game: StudGame, seat: int) -> set[Card]:
    """The cards ``seat`` cannot see now (the truth, read from the game's own state)."""
    view = game.observe(seat)
    seen = {c for s in view.seats for c in (*s.up, *s.down) if c is not None} | set(view.known_out)
    if view.offered is not None:
        seen.add(view.offered)
    return set(game.all_cards()) - seen



def redeal_hidden(game: StudGame, seat: int, rng: random.Random) -> None:
    """Deal again, at random, every card ``seat`` cannot see (other seats' unseen face-down cards, a face-down
    card on offer to another seat, the deck, unseen dead cards), and change the other seats' declarations
    that are made but not yet revealed. The seat's own observation is unchanged."""
    known = game._known(seat)
    places: list[tuple[list[Card], int]] = []
    for other in range(len(game.players)):
        if other != seat:
            places += [(game._down[other], i) for i, c in enumerate(game._down[other]) if c not in known]
    deck, dead = list(game._deck), game._dead
    places += [(deck, i) for i in range(len(deck))] + [(dead, i) for i, c in enumerate(dead) if c not in known]
    offer = [game._offer[0]] if game._offer is not None and game._offer[0] not in known else []
    old = [where[i] for where, i in places] + offer
    new = list(old)
    while new == old:
        rng.shuffle(new)
    moved = dict(zip(old, new, strict=True))
    for (where, i), card in zip(places, new, strict=False):
        where[i] = card
    game._deck = deque(deck)
    if offer:
        assert game._offer is not None
        game._offer = (new[-1], game._offer[1])
    for other, seen in enumerate(game._seen):
        if other != seat:
            game._seen[other] = {moved.get(c, c) for c in seen}
    for other, action in list(game._chosen.items()):
        if other != seat and action.direction is not None:
            others = [d for d in Direction if d is not action.direction]
            game._chosen[other] = Action.declare(other, rng.choice(others))
    assert game.observe(seat).seats[seat] is not None
