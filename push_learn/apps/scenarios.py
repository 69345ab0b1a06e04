"""Positions for the dashboards, found in seeded matches played by the engine's computer players.

Everything here is fixed by the rules and the seed, so a whole class given the same seed sees the
same position. The rules core decides every move; this module only plays and looks.
"""

from __future__ import annotations

import random

from push_learn.rummy.engine import DealEnded, Match, RandomPlayer, Rescue
from push_learn.rummy.engine.playout import play_random_match
from push_learn.rummy.engine.state import Phase
from push_learn.rummy.melds import is_wild_card, rescue_options
from push_learn.rummy.rules import RummyRules

__all__ = ["RESCUE_SEARCH_LIMIT", "deal_end_positions", "demo_match", "rescue_position"]

RESCUE_SEARCH_LIMIT = 3000
"""Moves played at most while looking for a rescue."""


def demo_match(rules: RummyRules, seed: int) -> Match:
    """A whole match of ``rules`` between computer players, fixed by ``seed``."""
    return play_random_match(rules, seed)


def can_rescue(match: Match) -> bool:
    """Whether the player to move may rescue a wild card from a table meld right now."""
    if match.phase is not Phase.MELD:
        return False
    hand = match.hand(match.turn)
    naturals = {card for card in hand if not is_wild_card(card)}
    return any(
        match.can(Rescue(match.turn, table_meld.id, position, card))
        for table_meld in match.deal.melds
        for card in naturals
        for position, _ in rescue_options(table_meld.meld, card, match.rules)
    )


def rescue_position(rules: RummyRules, seed: int, limit: int = RESCUE_SEARCH_LIMIT) -> Match | None:
    """The first moment of a seeded match between computer players when the player to move may rescue a
    wild card, or None if none comes within ``limit`` moves."""
    match = Match.new(rules, seed)
    player, rng = RandomPlayer(), random.Random(f"random-player:{seed}")
    while not match.over and len(match.actions) < limit:
        if can_rescue(match):
            return match
        match.apply(player.choose(match.observe(match.turn), rng))
    return None


def deal_end_positions(match: Match) -> list[int]:
    """For each finished deal, how many moves of the match had been made when it was scored."""
    ends = []
    start = 0
    for count, end in enumerate(match.action_event_ends, start=1):
        if any(isinstance(event, DealEnded) for event in match.events[start:end]):
            ends.append(count)
        start = end
    return ends
