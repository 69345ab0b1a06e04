"""Shared set-ups for the analysis tests: whole matches played by bots, and rigged positions of real matches."""

from __future__ import annotations

import random
from collections.abc import Sequence

from push_learn.cards import parse_card, parse_cards
from push_learn.rummy import PUSH
from push_learn.rummy.bots import Bot
from push_learn.rummy.engine import Match, Observation, Push, TakeUpcard
from push_learn.rummy.engine.state import TableMeld
from push_learn.rummy.melds import Meld
from push_learn.rummy.rules import RummyRules


def play(rules: RummyRules, bots: Sequence[Bot], seed: int, steps: int | None = None) -> Match:
    """A match of ``rules`` played by ``bots`` (one a seat), every action checked, ``steps`` actions or to the end."""
    match = Match.new(rules, seed=seed)
    rng = random.Random(seed)
    count = 0
    while not match.over and (steps is None or count < steps):
        view = match.observe(match.turn)
        assert view.hands is None  # a bot is only ever shown its own seat's view
        action = bots[match.turn].choose(view, rng)
        match.verify(action)
        match.apply(action)
        count += 1
    return match


def rigged(hand: str, upcard: str, *, rules: RummyRules = PUSH, melds: tuple[Meld, ...] = (), down: bool = False,
           took: bool = False, pushed: bool = False, seed: int = 4) -> tuple[Match, Observation]:
    """A match whose player to move holds ``hand`` with ``upcard`` offered and ``melds`` on the table;
    with ``took`` or ``pushed`` that player has already drawn (the rigged hand is what they hold then)."""
    match = Match.new(rules, seed=seed)
    deal = match.deal
    seat = deal.turn
    deal.upcard = parse_card(upcard)
    deal.melds = [TableMeld(i, (seat + 1) % rules.players, meld) for i, meld in enumerate(melds)]
    deal.next_meld_id = len(melds)
    deal.down[seat] = down
    if took:
        deal.hands[seat] = parse_cards(hand)
        match.apply(TakeUpcard(match.turn))
    elif pushed:
        match.apply(Push(match.turn))
        deal.hands[seat] = parse_cards(hand)
    else:
        deal.hands[seat] = parse_cards(hand)
    return match, match.observe(seat)
