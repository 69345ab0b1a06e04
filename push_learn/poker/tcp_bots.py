"""Bots for casino Three Card Poker: they read only an observation and answer with an action.

Both answer ``push_learn.protocol.Bot`` (``choose(observation, rng)``). ``RandomTcpBot`` bets a
random Ante and Pair Plus within the limits and plays or folds at random; ``StrategyTcpBot`` bets a
fixed Ante (and Pair Plus) and plays by a threshold strategy, by default the optimal "Q-6-4 or
better" (see ``three_card_analysis``).

>>> import random
>>> from push_learn.poker.three_card_poker import ThreeCardPokerGame, ThreeCardPokerRules
>>> game = ThreeCardPokerGame(ThreeCardPokerRules(seats=2), seed=5, rounds=3)
>>> bots = [StrategyTcpBot(), RandomTcpBot()]
>>> while not game.over:
...     seat = game.to_move[0]
...     game.apply(bots[seat].choose(game.observe(seat), random.Random(seat)))
>>> len(game.result)
3
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from push_learn.poker.three_card_poker import Fold, PlaceBets, Play, TcpAction, TcpObservation
from push_learn.protocol import seat_words

__all__ = ["RandomTcpBot", "StrategyTcpBot"]

OPTIMAL = "Q-6-4"
"""The optimal play-or-fold threshold under the default paytables (D-3C-13)."""


def _seat(observation: TcpObservation) -> int:
    seat = observation.seat
    if seat is None or seat not in observation.to_move:
        raise ValueError(f"it is not {'a spectator' if seat is None else seat_words(seat)}'s turn")
    return seat


def _affordable(observation: TcpObservation, seat: int, ante: int, pair_plus: int) -> PlaceBets:
    """The bets asked for, lowered to what the seat can afford (the Ante twice plus the Pair Plus), or none."""
    stack = observation.stacks[seat]
    ante = min(ante, stack // 2, observation.max_bet)
    ante = ante if ante >= observation.min_bet else 0
    pair_plus = min(pair_plus, stack - 2 * ante, observation.max_bet)
    pair_plus = pair_plus if pair_plus >= observation.min_bet else 0
    return PlaceBets(seat, ante, pair_plus)


@dataclass(frozen=True)
class RandomTcpBot:
    """Random bets within the limits (sometimes none), then plays or folds at random."""

    def choose(self, observation: TcpObservation, rng: random.Random) -> TcpAction:
        """A random legal action."""
        seat = _seat(observation)
        if observation.phase == "deciding":
            return rng.choice((Play(seat), Fold(seat)))
        low, high = observation.min_bet, observation.max_bet
        return _affordable(observation, seat, rng.choice((0, rng.randint(low, high))),
                           rng.choice((0, rng.randint(low, high))))


@dataclass(frozen=True)
class StrategyTcpBot:
    """Bets ``ante`` (and ``pair_plus``) each round and plays every hand at least as good as ``threshold``."""

    ante: int = 5
    pair_plus: int = 0
    threshold: str = OPTIMAL
    """Ranks such as ``"Q-6-4"``: play this hand or better, fold the rest."""

    def choose(self, observation: TcpObservation, rng: random.Random) -> TcpAction:
        """Bet the fixed amounts, then play by the threshold (no chance used)."""
        from push_learn.poker.three_card_analysis import ThresholdStrategy

        seat = _seat(observation)
        if observation.phase == "deciding":
            plays = ThresholdStrategy.at_least(self.threshold).plays_cards(observation.cards)
            return Play(seat) if plays else Fold(seat)
        return _affordable(observation, seat, max(self.ante, observation.min_bet) if self.ante else 0,
                           max(self.pair_plus, observation.min_bet) if self.pair_plus else 0)
