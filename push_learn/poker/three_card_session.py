"""A Three Card Poker session marked against the exact strategy: one tally for the trainer and the class store.

``SessionTally`` watches a ``ThreeCardPokerGame`` action by action (``before(game, action)``, called just
before the action is applied): each Play or Fold becomes a ``Decision`` marked against the exact
analysis of the hand, and each bet adds what the exact strategy is expected to win at that stake.
The ThreeCardTrainer widget keeps one while the student plays; ``replay_session`` rebuilds the same
tally from a record, which is how the class store checks a session it is sent.

>>> from push_learn.games import new_game
>>> game = new_game("three_card_poker", seed=3, players=("Ann",), rounds=2)
>>> tally = SessionTally(game.rules)
>>> for action in (PlaceBets(0, 5, 0), Play(0)):
...     tally.before(game, action)
...     game.apply(action)
>>> len(tally.decisions), tally.expected < 0
(1, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from push_learn.cards import Card
from push_learn.errors import IllegalAction, RecordError
from push_learn.poker.plain import describe_step
from push_learn.poker.three_card_analysis import AnteAnalysis, ante_analysis, pair_plus_edge
from push_learn.poker.three_card_poker import (
    Fold,
    PlaceBets,
    Play,
    TcpAction,
    ThreeCardPokerGame,
    ThreeCardPokerRules,
    load_three_card_poker,
    tcp_action_from_json,
)
from push_learn.records import Record, step_error

__all__ = ["CLASS_ANTE", "Decision", "SessionTally", "class_stack", "replay_session"]

CLASS_ANTE = 5
"""The Ante everyone bets every round of a class's Three Card Poker session, with no Pair Plus: the same stakes for
everyone (D-CLS-10)."""


def class_stack(rounds: int) -> int:
    """The chips a class's session of ``rounds`` rounds starts with: the usual rules' stack (100), or two Antes a
    round (the Ante and the Play) where that is more, so that a session never runs short before its last round
    (D-CLS-12).

    >>> class_stack(10), class_stack(20)
    (100, 200)
    """
    return max(ThreeCardPokerRules.starting_stack, 2 * CLASS_ANTE * rounds)


@dataclass(frozen=True)
class Decision:
    """One play-or-fold choice, marked against the exact strategy."""

    round: int
    cards: tuple[Card, ...]
    hand: str
    ante: int
    played: bool
    play_ev: Fraction
    """The exact value of playing this hand, in antes (folding is always -1)."""

    @property
    def best_is_play(self) -> bool:
        """What the exact strategy does with this hand."""
        return self.play_ev > -1

    @property
    def agrees(self) -> bool:
        """True when the choice is the exact strategy's."""
        return self.played == self.best_is_play

    @property
    def cost(self) -> Fraction:
        """Chips given up on average by this choice (0 when it agrees with the strategy)."""
        chosen = self.play_ev if self.played else Fraction(-1)
        return (max(self.play_ev, Fraction(-1)) - chosen) * self.ante


@dataclass
class SessionTally:
    """The decisions of one seat and the exact strategy's expected result at the stakes it bet."""

    rules: ThreeCardPokerRules
    seat: int = 0
    decisions: list[Decision] = field(default_factory=list)
    expected: Fraction = Fraction(0)
    """What the exact strategy is expected to win (negative: lose) at the stakes the seat bet."""

    @cached_property
    def analysis(self) -> AnteAnalysis:
        """The exact play-or-fold analysis of these rules (computed once per set of rules)."""
        return ante_analysis(self.rules)

    @cached_property
    def ante_ev(self) -> Fraction:
        """The exact strategy's expected result per ante."""
        return self.analysis.report().expected_value

    @cached_property
    def pair_plus_ev(self) -> Fraction:
        """The Pair Plus bet's expected result per chip."""
        return -pair_plus_edge(self.rules.pair_plus)

    @property
    def agreed(self) -> int:
        """How many decisions were the exact strategy's."""
        return sum(decision.agrees for decision in self.decisions)

    @property
    def cost(self) -> Fraction:
        """Chips the other decisions gave up on average."""
        return sum((decision.cost for decision in self.decisions), Fraction(0))

    def before(self, game: ThreeCardPokerGame, action: TcpAction) -> None:
        """Note ``action`` of this tally's seat, about to be applied to ``game`` (other seats are ignored)."""
        if action.seat != self.seat:
            return
        if isinstance(action, PlaceBets):
            self.expected += action.ante * self.ante_ev + action.pair_plus * self.pair_plus_ev
        elif isinstance(action, Play | Fold) and game.phase == "deciding" and game.cards[self.seat]:
            cards = game.cards[self.seat]
            self.decisions.append(Decision(game.round, cards, game.hand(self.seat).name, game.antes[self.seat],
                                           isinstance(action, Play), self.analysis.hand(cards).play_ev))


def replay_session(record: Record, player: str) -> tuple[ThreeCardPokerGame, SessionTally]:
    """Replay a Three Card Poker record step by step and tally ``player``'s decisions.

    Raises ``RecordError`` in words for a record of another game, one that does not name ``player``,
    or a step the rules refuse.
    """
    if record.game != ThreeCardPokerGame.GAME:
        raise RecordError(f"this is a record of {record.game}, not of a Three Card Poker session")
    game = load_three_card_poker(record.with_actions(()))
    if player not in game.players:
        raise RecordError(f"{player} did not play in this session (its players are {', '.join(game.players)})")
    tally = SessionTally(game.rules, game.players.index(player))
    for index, data in enumerate(record.actions):
        try:
            action = tcp_action_from_json(data)
            tally.before(game, action)
            game.apply(action)
        except (RecordError, IllegalAction) as error:
            raise step_error(index, describe_step(data, game.players), str(error)) from None
    return game, tally
