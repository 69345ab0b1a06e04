"""Bots for the rummy family, weakest first; each reads only its seat's observation.

Every bot answers ``push_learn.protocol.Bot``: ``choose(observation, rng) -> Action`` for the seat to
move, returning an action that names that seat:

* ``RandomBot``: picks uniformly among the legal moves it can see (the draw choices, the discards,
  a few ways to meet the contract, a set and a run found greedily, every lay-off and rescue).
* ``GreedyBot``: goes down as soon as it can with the solver's best plan and then plays the best
  turn; takes the up-card when it brings the contract closer (or, once down, lowers the points the
  best play leaves), else pushes; discards what the contract needs least.
* ``SearchBot`` (``search_bot.py``): the same melding, but it holds back a contract it could meet
  until it can go out in the same turn (or its partner is down, or the stock runs low), weighing each
  hold against going down now by determinized Monte Carlo (sampled hidden hands, deals played out by ``rollout.Sim``);
  it avoids discarding cards that fit what the next player is known to hold; optionally it weighs
  its draws and discards by play-outs too.

>>> import random
>>> from push_learn.rummy import PUSH
>>> from push_learn.rummy.engine import Match
>>> match = Match.new(PUSH, seed=1)
>>> action = GreedyBot().choose(match.observe(match.turn), random.Random(0))
>>> match.can(action)
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from push_learn.cards import Card
from push_learn.protocol import Bot
from push_learn.rummy.coach import engine_reason
from push_learn.rummy.discard_heuristic import WILD_KEEP, keep_value
from push_learn.rummy.engine import Action, Discard, GoDown, LayOff, NewMeld, Observation, Push, Rescue, TakeUpcard
from push_learn.rummy.engine.playout import greedy_meld
from push_learn.rummy.melds import is_wild_card, layoff_options, rescue_options
from push_learn.rummy.rules import MeldKind
from push_learn.rummy.scoring import card_value
from push_learn.rummy.solver import best_go_down, best_turn, contract_distance, contract_ways

__all__ = ["GreedyBot", "RandomBot", "RummyBot", "hand_of", "keep_score", "legal_discards", "seat_of"]

RummyBot = Bot[Observation, Action]
"""A bot of the rummy family: ``push_learn.protocol.Bot`` reading an ``Observation``, choosing an ``Action``.
Every rummy bot also has a ``name`` (its level)."""


def seat_of(view: Observation) -> int:
    """The seat the observation belongs to (the seat to move in an all-hands view)."""
    return view.turn if view.seat is None else view.seat


def hand_of(view: Observation) -> list[Card]:
    """The cards of the seat to move, as its observation shows them."""
    if view.hand is not None:
        return list(view.hand)
    return list((view.hands or ())[view.turn])


def legal_discards(view: Observation) -> list[Discard]:
    """The discards the observation offers as legal."""
    return [action for action in view.legal if isinstance(action, Discard)]


class RandomBot:
    """Uniform random play among the legal moves it sees (draws, discards and the solver's table moves)."""

    name = "random"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """A uniformly random legal move."""
        view = observation
        if view.phase == "draw":
            return rng.choice(list(view.legal))
        moves: list[Action] = [*legal_discards(view), *self._table_moves(view)]
        legal = [move for move in moves if isinstance(move, Discard) or engine_reason(view, move) is None]
        if not legal:
            raise RuntimeError("no legal move found for the seat to move")
        return rng.choice(legal)

    @staticmethod
    def _table_moves(view: Observation) -> list[Action]:
        hand = hand_of(view)
        seat = seat_of(view)
        if not view.down[seat]:
            return [GoDown(view.turn, way) for way in contract_ways(hand, view.rules, view.deal, limit=3)]
        moves: list[Action] = []
        for kind in (MeldKind.SET, MeldKind.RUN):
            meld = greedy_meld(hand, kind, 3, view.rules)
            if meld is not None:
                moves.append(NewMeld(view.turn, meld))
        for table_meld in view.melds:
            for card in set(hand):
                for result in layoff_options(table_meld.meld, card, view.rules):
                    moves.append(LayOff(view.turn, table_meld.id, card, result))
                if not is_wild_card(card):
                    places = rescue_options(table_meld.meld, card, view.rules)
                    moves += [Rescue(view.turn, table_meld.id, place, card) for place, _ in places]
        return moves


class _Memo:
    """Small per-bot caches of solver answers keyed by the cards involved."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self.distance: dict[tuple, int | None] = {}

    def contract_distance(self, view: Observation, cards: Sequence[Card]) -> int | None:
        key = (view.rules, view.deal, tuple(sorted(card.ascii for card in cards)))
        if key not in self.distance:
            if len(self.distance) > self.size:
                self.distance.clear()
            self.distance[key] = contract_distance(cards, view.rules, view.deal)
        return self.distance[key]


def keep_score(card: Card, hand: Sequence[Card], view: Observation) -> float:
    """How much a natural card helps the contract: partners of its rank and neighbours of its suit.

    Used to pick a discard before going down (higher means keep); wilds score highest. The weights
    are ``discard_heuristic.keep_value``'s, which the play-outs use too.
    """
    if is_wild_card(card):
        return WILD_KEEP
    kinds = {part.kind.value for part in view.contract.melds}
    assert card.rank is not None
    mates = {c.suit for c in hand if c.rank is card.rank and c != card and not is_wild_card(c)}
    gaps = Counter(
        abs(int(other.rank) - int(card.rank))
        for other in set(hand)
        if other.suit is card.suit and other.rank is not None and other != card and not is_wild_card(other)
    )
    return keep_value(same_rank=len(mates), near_one=gaps[1], near_two=gaps[2], copies=Counter(hand)[card],
                      points=card_value(card), sets="set" in kinds, runs="run" in kinds)


class GreedyBot:
    """Goes down as soon as it can and then plays the solver's best turn; a simple take-or-push rule."""

    name = "greedy"

    def __init__(self) -> None:
        self.memo = _Memo()

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """Draw: take or push by the contract distance (or the best turn once down); then meld, then discard."""
        view = observation
        if view.phase == "draw":
            return self.draw(view)
        action = self.table_move(view)
        return action if action is not None else self.discard(view, rng)

    # ---- draw ------------------------------------------------------------------------------
    def take_gain(self, view: Observation) -> float:
        """How much taking the up-card is worth compared with pushing (positive: take)."""
        up = view.upcard
        assert up is not None
        hand = hand_of(view)
        if is_wild_card(up):
            return 1.0
        if not view.down[seat_of(view)]:
            now = self.memo.contract_distance(view, hand)
            after = self.memo.contract_distance(view, [*hand, up])
            if now is None or after is None:
                return -1.0
            return float(now - after) - 0.5
        without = best_turn(hand, view.rules, view.melds).points_left
        with_up = best_turn([*hand, up], view.rules, view.melds, taken=up).points_left
        return (without - with_up) / 10 - 0.5

    def draw(self, view: Observation) -> Action:
        """Take or push."""
        if Push(view.turn) not in view.legal:
            return TakeUpcard(view.turn)
        if TakeUpcard(view.turn) not in view.legal:
            return Push(view.turn)
        return TakeUpcard(view.turn) if self.take_gain(view) > 0 else Push(view.turn)

    # ---- meld phase -------------------------------------------------------------------------
    def table_move(self, view: Observation) -> Action | None:
        """The first table move of the solver's best plan (go down first, then the best turn), or None."""
        hand = hand_of(view)
        if not view.down[seat_of(view)]:
            plan = best_go_down(hand, view.rules, view.deal, table=view.melds, taken=view.taken)
            plan = None if plan is None else plan.for_seat(view.turn)
        else:
            plan = best_turn(hand, view.rules, view.melds, taken=view.taken).for_seat(view.turn)
        if plan is None or not plan.table_actions:
            return None
        return plan.table_actions[0]

    def discard(self, view: Observation, rng: random.Random) -> Action:
        """Once down, the solver's discard; before, the card the contract needs least (most points first)."""
        legal = legal_discards(view)
        hand = hand_of(view)
        if view.down[seat_of(view)]:
            plan = best_turn(hand, view.rules, view.melds, taken=view.taken).for_seat(view.turn)
            if plan.discard is not None and Discard(view.turn, plan.discard) in legal:
                return Discard(view.turn, plan.discard)
        scored = sorted(legal, key=lambda action: (keep_score(action.card, hand, view), action.card.ascii))
        if not scored:
            raise RuntimeError("no legal discard")
        del rng
        return scored[0]
