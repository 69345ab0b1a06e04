"""Seeded set-up: seating, the first dealer, and each deal's shuffle, hands and up-card.

Every random choice comes from a ``random.Random`` built from the match seed and a purpose string,
so the same seed gives the same seating and the same five deals on any machine, whatever the
players do (a fork or what-if keeps the deals).
"""

from __future__ import annotations

import random

from push_learn.cards import Card, make_deck
from push_learn.rummy.engine.events import DealStarted
from push_learn.rummy.engine.state import DealState, is_wild_card
from push_learn.rummy.rules import RummyRules

__all__ = ["Seed", "choose_seating", "deal_hand", "seeded_random"]

Seed = int | str
"""A match seed: a whole number (or text)."""


def seeded_random(seed: Seed, purpose: str) -> random.Random:
    """A generator fixed by the seed and what it is for (``"seating"``, ``"deal 3"``)."""
    return random.Random(f"push_learn.rummy:{seed}:{purpose}")


def choose_seating(rules: RummyRules, seed: Seed, players: tuple[str, ...] | None) -> tuple[tuple[str, ...], int]:
    """The players' names by seat and the first dealer, both drawn at random from the seed (A-R1-01).

    Named players are placed in random seats, which makes random partnerships in Push; without
    names each seat is its own name.
    """
    rng = seeded_random(seed, "seating")
    if players is None:
        names: list[str] = []
    else:
        names = list(players)
        rng.shuffle(names)
    return tuple(names), rng.randrange(rules.players)


def deal_hand(rules: RummyRules, seed: Seed, deal_no: int, dealer: int) -> tuple[DealState, DealStarted]:
    """Shuffle, deal one card at a time clockwise from the first player, and turn the up-card.

    The first player, dealt first and moving first, is the dealer's left, or the dealer's right in
    6-7-8-9-10 (``RummyRules.first_player``).

    A wild up-card is buried at a random place among the stock cards under the top card and the
    next card is turned, until a card that is not wild shows (A-R1-02).
    """
    rng = seeded_random(seed, f"deal {deal_no}")
    pack = list(make_deck(rules.decks, rules.jokers))
    rng.shuffle(pack)
    players, size = rules.players, rules.hand_size(deal_no)
    hands: list[list[Card]] = [[] for _ in range(players)]
    first = rules.first_player(dealer)
    for i in range(players * size):
        hands[(first + i) % players].append(pack.pop())
    stock = pack  # the top of the stock is the end of the list
    buried: list[Card] = []
    upcard = stock.pop()
    while is_wild_card(upcard, rules):
        buried.append(upcard)
        stock.insert(rng.randrange(len(stock)), upcard)
        upcard = stock.pop()
    deal = DealState(deal_no, dealer, hands, stock, upcard, tuple(buried))
    deal.turn = first
    deal.started_at_one = len(stock) <= 1
    event = DealStarted(
        deal=deal_no,
        deals=rules.deals,
        dealer=dealer,
        hand_size=size,
        contract=str(rules.contract(deal_no)),
        upcard=upcard,
        buried=tuple(buried),
        stock=len(stock),
    )
    return deal, event
