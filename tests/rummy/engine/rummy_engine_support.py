"""Helpers for the engine tests: set up a deal position by hand, build melds, check invariants."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from push_learn.cards import Card, make_deck, parse_card, parse_cards
from push_learn.errors import IllegalAction
from push_learn.rummy.engine import Action, Match
from push_learn.rummy.engine.turn import Referee
from push_learn.rummy.melds import Meld, interpret_meld
from push_learn.rummy.rules import MeldKind, RummyRules


def rig(
    match: Match,
    hands: Sequence[str],
    upcard: str,
    stock: str | None = None,
    turn: int | None = None,
) -> Match:
    """Put the deal in progress into a chosen position: hands, up-card, stock (top card first), turn.

    The rest of the state (table, scores) is kept; the position need not use the whole pack.
    """
    deal = match.deal
    deal.hands = [parse_cards(hand) for hand in hands]
    deal.upcard = parse_card(upcard)
    if stock is not None:
        deal.stock = list(reversed(parse_cards(stock)))
    deal.known = [[] for _ in deal.hands]
    Referee.start_turn(deal, deal.turn if turn is None else turn)
    return match


def reading(text: str, rules: RummyRules, kind: MeldKind | None = None, index: int = 0) -> Meld:
    """A legal reading of the cards ``text`` (the first, or the ``index``-th of ``kind``)."""
    readings = [m for m in interpret_meld(parse_cards(text), rules) if kind is None or m.kind is kind]
    assert readings, f"{text} is not a meld"
    return readings[index]


def pack(rules: RummyRules) -> Counter[Card]:
    """The whole pack of ``rules`` as a multiset."""
    return Counter(make_deck(rules.decks, rules.jokers))


def check_conservation(match: Match) -> None:
    """Every card of the pack is in exactly one place (hands, table, up-card, stock)."""
    assert Counter(match.deal.all_cards()) == pack(match.rules)


def card(text: str) -> Card:
    """One card from text."""
    return parse_card(text)


def refused(match: Match, action: object, words: str) -> str:
    """Assert ``action`` is refused with a reason containing ``words`` and leaves the state exactly as it was."""
    assert isinstance(action, Action)
    before = match.snapshot()
    with pytest.raises(IllegalAction) as verified:
        match.verify(action)
    assert not match.can(action)
    with pytest.raises(IllegalAction):
        match.apply(action)
    assert match.snapshot() == before
    message = str(verified.value)
    assert words in message, message
    return message
