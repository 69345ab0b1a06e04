"""The poker family's conformance cases: where the cards are, and dealing again what a seat cannot see."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from typing import Any

from conformance import Case

from push_learn.cards import Card, standard_deck
from push_learn.games import load_record
from push_learn.poker.brag_types import Bet, Fold
from push_learn.poker.three_card_poker import PlaceBets


def _replica(game: Any) -> Any:
    """An independent copy of ``game``, replayed from its record (a stud game's course cannot be copied)."""
    return load_record(game.record())


def _deal_again(cards: list[Card], rng: random.Random) -> list[Card]:
    shuffled = list(cards)
    rng.shuffle(shuffled)
    return shuffled


# ---- the stud games ------------------------------------------------------------------------------


def stud_cards(game: Any) -> Sequence[Card]:
    """Deck from the top, dead pile, every seat's down and up cards, the card on offer."""
    return game.all_cards()


def stud_reshuffle(game: Any, seat: int, rng: random.Random) -> Any:
    """The deck, the dead cards, other seats' down cards and an unseen offer, dealt again among themselves."""
    other = _replica(game)
    known = other._public | other._seen[seat]
    places: list[tuple[Any, Any]] = []  # (container, index)
    deck = list(other._deck)
    places += [("deck", i) for i, card in enumerate(deck) if card not in known]
    places += [("dead", i) for i, card in enumerate(other._dead) if card not in known]
    for s, down in enumerate(other._down):
        if s != seat:
            places += [(("down", s), i) for i, card in enumerate(down) if card not in known]
    if other._offer is not None and other._offer[0] not in known:
        places.append(("offer", 0))

    def read(place: tuple[Any, Any]) -> Card:
        where, i = place
        if where == "deck":
            return deck[i]
        if where == "dead":
            return other._dead[i]
        if where == "offer":
            return other._offer[0]
        return other._down[where[1]][i]

    cards = _deal_again([read(p) for p in places], rng)
    for (where, i), card in zip(places, cards, strict=True):
        if where == "deck":
            deck[i] = card
        elif where == "dead":
            other._dead[i] = card
        elif where == "offer":
            other._offer = (card, other._offer[1])
        else:
            other._down[where[1]][i] = card
    other._deck = deque(deck)
    return other


def stud_candidates(game: Any, seat: int, rng: random.Random) -> list[Any]:
    """Actions of the seat's kinds with cards it may not hold."""
    from push_learn.poker.actions import Action, ActionKind

    card = rng.choice(standard_deck())
    kinds = [ActionKind.PUSH_OWN, ActionKind.EXPOSE, ActionKind.REPLACE]
    return [Action(seat, rng.choice(kinds), card), Action(seat, rng.choice(list(ActionKind)[:2]))]


# ---- brag ------------------------------------------------------------------------------------------


def brag_cards(game: Any) -> Sequence[Card]:
    """The pack from the top, then each seat's hands."""
    return game.all_cards()


def brag_reshuffle(game: Any, seat: int, rng: random.Random) -> Any:
    """The pack, every other seat's hands and the seat's own hands it has not looked at, dealt again
    (an open player sees the hand it plays; a blind one sees none, or the one it is looking at)."""
    other = _replica(game)
    own = other.seats[seat]
    looked = own.looking_at if own.looking_at is not None else (None if own.blind else 0)
    hands = [(s, h) for s, player in enumerate(other.seats) for h in range(len(player.hands))
             if s != seat or h != looked]
    pool = list(other.pack) + [card for s, h in hands for card in other.seats[s].hands[h]]
    pool = _deal_again(pool, rng)
    other.pack = pool[: len(other.pack)]
    rest = pool[len(other.pack):]
    for s, h in hands:
        size = len(other.seats[s].hands[h])
        other.seats[s].hands[h] = tuple(rest[:size])
        del rest[:size]
    return other


def brag_candidates(game: Any, seat: int, rng: random.Random) -> list[Any]:
    """Bets of any size, and a fold."""
    return [Bet(seat=seat, amount=rng.randint(-2, 60)), Fold(seat=seat)]


# ---- Three Card Poker ------------------------------------------------------------------------------


def tcp_cards(game: Any) -> Sequence[Card]:
    """The deck, each seat's cards and the dealer's."""
    return game.all_cards()


def tcp_reshuffle(game: Any, seat: int, rng: random.Random) -> Any:
    """While hands are out: the deck, the dealer's cards and the other seats' cards dealt again."""
    other = _replica(game)
    if other.phase != "deciding":
        other.deck = _deal_again(other.deck, rng)
        return other
    others = [s for s in range(len(other.cards)) if s != seat]
    pool = list(other.deck) + list(other.dealer_cards) + [card for s in others for card in other.cards[s]]
    pool = _deal_again(pool, rng)
    other.deck = pool[: len(other.deck)]
    rest = pool[len(other.deck):]
    other.dealer_cards, rest = tuple(rest[:3]), rest[3:]
    for s in others:
        size = len(other.cards[s])
        other.cards[s], rest = tuple(rest[:size]), rest[size:]
    return other


def tcp_candidates(game: Any, seat: int, rng: random.Random) -> list[Any]:
    """Bets of any size (negative, zero, above the table limit)."""
    return [PlaceBets(seat=seat, ante=rng.randint(-1, 150), pair_plus=rng.randint(-1, 150))]


POKER_CASES = [
    Case("push_stud", "push_stud", stud_cards, stud_reshuffle, stud_candidates, {"players": 5}, games_per_seed=8),
    Case("push_stud-roll_your_own", "push_stud", stud_cards, stud_reshuffle, stud_candidates,
         {"players": 4, "roll_your_own": True}, games_per_seed=8),
    Case("push_stud-substitution", "push_stud", stud_cards, stud_reshuffle, stud_candidates,
         {"players": 6, "substitution": True}, games_per_seed=8),
    Case("screw", "screw", stud_cards, stud_reshuffle, stud_candidates, {"players": 6}, games_per_seed=8),
    Case("brag", "brag", brag_cards, brag_reshuffle, brag_candidates, {"players": 4, "hands": 4}, games_per_seed=4),
    Case("brag-blind_carry", "brag", brag_cards, brag_reshuffle, brag_candidates,
         {"players": 3, "hands": 4, "blind_carry": True}, games_per_seed=4),
    Case("three_card_poker", "three_card_poker", tcp_cards, tcp_reshuffle, tcp_candidates,
         {"players": 3, "rounds": 4}, games_per_seed=6),
]
"""Every poker game and option that changes the flow of a deal."""
