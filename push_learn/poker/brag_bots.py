"""Bots for three-card brag: they read only an observation and answer with an action.

``SensibleBragBot`` plays a plain, readable policy: it stays blind while the stake is cheap, looks
when the stake grows or only one opponent is left, then bets on in proportion to its hand's
strength against the number of opponents, sees with a good hand, and covers rather than folds a
strong hand when short of chips. ``RandomBragBot`` picks any allowed action (for tests and as a
sparring partner). Both answer ``push_learn.protocol.Bot``: ``choose(observation, rng)``.

>>> from push_learn.poker.brag import BragGame, BragRules
>>> game = BragGame(BragRules(players=4), seed=3, hands=5)
>>> play_to_end(game, [SensibleBragBot() for _ in range(4)], random.Random(1))
>>> game.over and sum(game.stacks) == 400
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from push_learn.poker.brag import (
    Bet,
    BragAction,
    BragGame,
    BragObservation,
    Cover,
    DropHand,
    Fold,
    KeepHand,
    Look,
    See,
)
from push_learn.poker.three_card import BRAG, strength
from push_learn.protocol import Bot

__all__ = ["RandomBragBot", "SensibleBragBot", "actions_from_observation", "play_to_end"]


def actions_from_observation(observation: BragObservation, bets: Sequence[int] = ()) -> list[BragAction]:
    """Every allowed action (bets at the smallest and largest amount, plus any in ``bets`` within range)."""
    seat, options = observation.seat, observation.options
    if options is None or seat is None:
        return []
    if options.must_choose:
        return [KeepHand(seat), DropHand(seat)]
    actions: list[BragAction] = [Fold(seat), *(Look(seat, i) for i in options.look)]
    if options.bet_min is not None and options.bet_max is not None:
        amounts = {options.bet_min, options.bet_max, *bets}
        actions += [Bet(seat, a) for a in sorted(amounts) if options.bet_min <= a <= options.bet_max]
    if options.see_cost is not None:
        actions.append(See(seat))
    if options.cover:
        actions.append(Cover(seat))
    return actions


@dataclass(frozen=True)
class RandomBragBot:
    """Chooses uniformly among the allowed actions, with a random bet size (from the ``rng`` it is given)."""

    def choose(self, observation: BragObservation, rng: random.Random) -> BragAction:
        """A random allowed action."""
        options = observation.options
        extra: tuple[int, ...] = ()
        if options is not None and options.bet_min is not None and options.bet_max is not None:
            extra = (rng.randint(options.bet_min, options.bet_max),)
        return rng.choice(actions_from_observation(observation, extra))


@dataclass(frozen=True)
class SensibleBragBot:
    """A readable policy with a few knobs.

    - ``blind_stake``: stay blind while the stake (open units) is at most this share of the stack.
    - ``call_margin``: keep betting when the chance of holding the best hand, estimated as
      strength ** opponents, is at least the price share ``cost / (pot + cost)`` times this margin.
    - ``see_strength`` / ``raise_strength``: hand strength (share of hands beaten) to see or to raise.
    """

    blind_stake: float = 0.05
    call_margin: float = 1.5
    see_strength: float = 0.6
    raise_strength: float = 0.93
    keep_strength: float = 0.5

    def choose(self, observation: BragObservation, rng: random.Random) -> BragAction:
        """The action this policy takes (it uses no chance)."""
        seat, options = observation.seat, observation.options
        if options is None or seat is None:
            raise ValueError(f"it is not seat {seat}'s turn")
        me = observation.players[seat]
        opponents = [p for p in observation.players if p.status == "in" and p.seat != seat]
        if options.must_choose:
            mine = strength(observation.cards[0], BRAG)
            return KeepHand(seat) if mine >= self.keep_strength else DropHand(seat)
        if me.blind:
            cheap = (observation.stake or 0) <= self.blind_stake * max(me.stack, 1)
            if cheap and len(opponents) > 1 and options.bet_min is not None:
                return Bet(seat, options.bet_min)
            return Look(seat, 0)
        return self._open(observation, strength(observation.cards[0], BRAG), len(opponents))

    def _open(self, observation: BragObservation, mine: float, opponents: int) -> BragAction:
        seat, options = observation.seat, observation.options
        assert options is not None and seat is not None
        if options.bet_min is None:
            return Cover(seat) if mine >= self.see_strength else Fold(seat)
        pot = sum(amount for amount, _ in observation.pots)
        if options.see_cost is not None and mine >= self.see_strength and mine < self.raise_strength:
            return See(seat)
        chance = mine**opponents
        price = options.bet_min / (pot + options.bet_min)
        if chance < price * self.call_margin:
            return Fold(seat)
        if mine >= self.raise_strength and options.bet_max is not None:
            stake_share = options.bet_min / max(observation.players[seat].stack, 1)
            if options.see_cost is not None and stake_share > 0.25:
                return See(seat)
            return Bet(seat, (options.bet_min + options.bet_max + 1) // 2)
        return Bet(seat, options.bet_min)


def play_to_end(game: BragGame, bots: Sequence[Bot[BragObservation, BragAction]], rng: random.Random | None = None,
                max_actions: int = 100_000) -> None:
    """Let ``bots[seat]`` act for each seat until the match is over (``rng``: the bots' chance)."""
    rng = rng if rng is not None else random.Random(0)
    for _ in range(max_actions):
        if game.over:
            return
        seat = game.to_move[0]
        game.apply(bots[seat].choose(game.observe(seat), rng))
    raise RuntimeError(f"the match did not end within {max_actions} actions")
