"""Bots for three-card brag: they read only an observation and answer with an action.

``SensibleBragBot`` plays a plain, readable policy: it stays blind while the stake and the pot are small,
looks when either grows or only one opponent is left, then bets on in proportion to its hand's
strength against the number of opponents, sees with a good hand, and covers rather than folds a
strong hand when short of chips. ``RandomBragBot`` picks any allowed action (for tests and as a
sparring partner). Both answer ``push_learn.protocol.Bot``: ``choose(observation, rng)``.

The coach is the sensible policy explaining itself: ``SensibleBragBot().advise(observation)`` gives the
action it would take with its reasons in words, the numbers it weighed included (``BragAdvice``). It reads
the seat's observation only, so it never knows more than the student asking.

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
from push_learn.protocol import Bot, counted, seat_words

__all__ = ["BragAdvice", "RandomBragBot", "SensibleBragBot", "action_words", "actions_from_observation",
           "play_to_end"]


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


def action_words(action: BragAction, observation: BragObservation) -> str:
    """An action as a student would say it ("bet 2 blind", "see for 8"), with its cost in the seat's own chips."""
    blind = observation.seat is not None and observation.players[observation.seat].blind
    options = observation.options
    if isinstance(action, Bet):
        return f"bet {action.amount}{' blind' if blind else ''}"
    if isinstance(action, See):
        cost = options.see_cost if options is not None else None
        return "see" if cost is None else f"see for {cost}"
    if isinstance(action, Look):
        return "look at your cards" if action.hand == 0 else f"look at hand {action.hand + 1}"
    words = {Fold: "fold", KeepHand: "keep the hand you looked at", DropHand: "drop it and play on blind",
             Cover: "cover the pot with all your chips"}
    return words[type(action)]


@dataclass(frozen=True)
class BragAdvice:
    """What the sensible policy would do now and why, in words (``reasons``: the numbers it weighed)."""

    action: BragAction
    reasons: tuple[str, ...]

    def lines(self, observation: BragObservation) -> list[str]:
        """The suggestion first, then the reasons: the coach's panel."""
        return [f"The sensible player would {action_words(self.action, observation)}.", *self.reasons]


def _share(value: float) -> str:
    """A measured share in words: "about 47%", never a rounded "0%" or "100%" for one that is neither."""
    if value in (0, 1):
        return f"{value:.0%}"
    if value < 0.005:
        return "under 1%"
    if 0.995 <= value < 1:
        return "over 99%"
    return f"about {value:.0%}"


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
    - ``blind_pot``: and while the pot is at most this share of the stack (blind players pay the least, so
      several blind ones would otherwise bet on blind until their chips ran low: some 300 bets a deal).
    - ``call_margin``: keep betting when the chance of holding the best hand, estimated as
      strength ** opponents, is at least the price share ``cost / (pot + cost)`` times this margin.
    - ``see_strength`` / ``raise_strength``: hand strength (share of hands beaten) to see or to raise.
    """

    blind_stake: float = 0.05
    blind_pot: float = 0.25
    call_margin: float = 1.5
    see_strength: float = 0.6
    raise_strength: float = 0.93
    keep_strength: float = 0.5

    def choose(self, observation: BragObservation, rng: random.Random) -> BragAction:
        """The action this policy takes (it uses no chance)."""
        return self.advise(observation).action

    def advise(self, observation: BragObservation) -> BragAdvice:
        """The action this policy takes for the seat to act, with its reasons in words."""
        seat, options = observation.seat, observation.options
        if options is None or seat is None:
            raise ValueError(f"it is not {'a spectator' if seat is None else seat_words(seat)}'s turn")
        me = observation.players[seat]
        opponents = [p for p in observation.players if p.status == "in" and p.seat != seat]
        if options.must_choose:
            mine = strength(observation.cards[0], BRAG)
            keep = mine >= self.keep_strength
            return BragAdvice(
                KeepHand(seat) if keep else DropHand(seat),
                (f"The hand you looked at beats {_share(mine)} of all hands; a hand beating at least "
                 f"{self.keep_strength:.0%} is worth keeping, otherwise play on blind with the other.",))
        if me.blind:
            return self._blind(observation, len(opponents))
        return self._open(observation, strength(observation.cards[0], BRAG), len(opponents))

    def _big_pot(self, pot: int, stack: int) -> bool:
        """Whether the pot is worth playing for: more than ``blind_pot`` of the seat's chips."""
        return pot > self.blind_pot * max(stack, 1)

    def _blind(self, observation: BragObservation, opponents: int) -> BragAdvice:
        seat, options = observation.seat, observation.options
        assert options is not None and seat is not None
        stack, stake, pot = observation.players[seat].stack, observation.stake or 0, observation.pot
        cheap = stake <= self.blind_stake * max(stack, 1)
        big_pot = self._big_pot(pot, stack)
        if cheap and not big_pot and opponents > 1 and options.bet_min is not None:
            return BragAdvice(Bet(seat, options.bet_min), (
                f"Blind, you pay half the stake: {options.bet_min} of your {stack} chips. While the stake is "
                f"at most {self.blind_stake:.0%} of your chips and {opponents} opponents are in, staying "
                f"blind is cheap, and it makes the others pay double to stay with you.",))
        if not cheap:
            why = f"The stake ({stake}) is more than {self.blind_stake:.0%} of your {stack} chips"
        elif big_pot:
            why = f"The pot ({pot} chips) is more than {self.blind_pot:.0%} of your {stack} chips, worth playing for"
        elif opponents <= 1:
            why = "Only one opponent is left, so the hand will soon be shown"
        else:
            why = "You cannot bet more than you have"
        return BragAdvice(Look(seat, 0), (f"{why}: look at your cards before you pay more.",))

    def _open(self, observation: BragObservation, mine: float, opponents: int) -> BragAdvice:
        seat, options = observation.seat, observation.options
        assert options is not None and seat is not None
        hand = f"Your {observation.hand_name or 'hand'} beats {_share(mine)} of all hands"
        if options.bet_min is None:
            good = mine >= self.see_strength
            return BragAdvice(Cover(seat) if good else Fold(seat), (
                f"{hand}. You cannot afford another bet: cover the pot with a hand beating at least "
                f"{self.see_strength:.0%}, otherwise fold.",))
        pot, stack = observation.pot, observation.players[seat].stack
        if options.see_cost is not None and self.see_strength <= mine < self.raise_strength:
            return BragAdvice(See(seat), (
                f"{hand}: good enough to see (at least {self.see_strength:.0%}), not strong enough to raise "
                f"(at least {self.raise_strength:.0%}).",))
        chance = mine**opponents
        price = options.bet_min / (pot + options.bet_min)
        odds = (f"{hand}; against {counted(opponents, 'opponent')} still in, the chance it is "
                f"the best is {_share(chance)}. Staying in costs {options.bet_min} into a pot of {pot}: "
                f"a price of {price:.0%} of what you could win.")
        if chance < price * self.call_margin:
            return BragAdvice(Fold(seat), (odds, f"That chance is below {self.call_margin:g} times the price: fold."))
        if opponents > 1 and chance < 1 / (opponents + 1):
            return BragAdvice(Fold(seat), (odds, (
                f"With {counted(opponents, 'opponent')} in nobody can see, so the stake is paid again every round "
                f"until some fold: a hand less likely than its fair share (1 in {opponents + 1}) to be the best "
                "folds now rather than pay on.")))
        big_pot = self._big_pot(pot, stack)
        if opponents == 1 and options.see_cost is not None and big_pot:
            return BragAdvice(See(seat), (odds, (
                f"One opponent left and the pot is more than {self.blind_pot:.0%} of your {stack} chips: see now "
                "rather than pay the stake round after round.")))
        if (opponents > 1 and options.bet_max is not None and options.bet_max > options.bet_min
                and big_pot and mine < self.raise_strength):
            return BragAdvice(Bet(seat, min(options.bet_max, 2 * options.bet_min)), (odds, (
                f"At least your fair share, and the pot is more than {self.blind_pot:.0%} of your {stack} chips while "
                "nobody can see: raise to twice the stake, so that weaker hands fold and the betting ends.")))
        if mine >= self.raise_strength and options.bet_max is not None:
            stake_share = options.bet_min / max(stack, 1)
            if options.see_cost is not None and stake_share > 0.25:
                return BragAdvice(See(seat), (odds, "A very strong hand, but staying in already costs more than a "
                                              "quarter of your chips: see now rather than raise."))
            return BragAdvice(Bet(seat, (options.bet_min + options.bet_max + 1) // 2), (
                odds, f"A very strong hand (at least {self.raise_strength:.0%}): raise, half-way to the limit."))
        return BragAdvice(Bet(seat, options.bet_min), (odds, "That chance is worth the price: stay in at the stake."))


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
