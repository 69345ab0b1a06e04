"""A match of five deals as a state machine: ``verify`` / ``can`` / ``apply`` actions, whoever's turn it is.

>>> from push_learn.rummy import PUSH
>>> from push_learn.rummy.engine import Match, Push
>>> match = Match.new(PUSH, seed=7)
>>> match.legal_actions()
[TakeUpcard(), Push()]
>>> [event.kind for event in match.apply(Push())]
['pushed']
>>> match.phase
<Phase.MELD: 'meld'>

A deal that ends is scored at once and the next deal is dealt in the same ``apply``; after the last
deal the phase is ``over``. Everything is fixed by the rules, the seed and the actions, so
``match.record()`` saves a match and ``match.fork(n)`` replays its first ``n`` actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from push_learn.cards import Card
from push_learn.errors import IllegalAction
from push_learn.rummy.engine.actions import Action, Discard
from push_learn.rummy.engine.events import DealEnded, Event, MatchEnded
from push_learn.rummy.engine.scores import deal_scores, pot_payout, split_pot, totals, unit_names, winners
from push_learn.rummy.engine.setup import Seed, choose_seating, deal_hand
from push_learn.rummy.engine.state import DealResult, DealState, EndReason, Phase, seat_names
from push_learn.rummy.engine.turn import Outcome, Referee
from push_learn.rummy.rules import RummyRules

if TYPE_CHECKING:
    from push_learn.rummy.engine.observe import Observation
    from push_learn.rummy.engine.record import MatchRecord

__all__ = ["Match"]


class Match:
    """One match: the rules, the seed, the players, the deal in progress and every action so far.

    Build with ``Match.new(rules, seed)``. Read the state through the properties and ``observe``;
    change it only with ``apply``.
    """

    def __init__(
        self, rules: RummyRules, seed: Seed = 0, players: Sequence[str] | None = None
    ) -> None:
        """Seat the players, choose the first dealer and deal the first hand (all from ``seed``)."""
        if players is not None and len(players) != rules.players:
            raise ValueError(f"{rules.name} needs {rules.players} player names, not {len(players)}")
        self.rules = rules
        self.seed = seed
        self.players = None if players is None else tuple(players)
        """The player names as given (they are seated at random by the seed), or ``None``."""
        self.seat_names = seat_names(rules.players)
        """The seats' own names: North, East, South, West for four players."""
        seated, self.first_dealer = choose_seating(rules, seed, self.players)
        self.names = seated or self.seat_names
        """The name of the player in each seat (the seat names when no players were named)."""
        self.units = unit_names(rules, self.names)
        """The name of each scoring unit (team or player)."""
        self._referee = Referee(rules)
        self.results: list[DealResult] = []
        self.actions: list[Action] = []
        self.events: list[Event] = []
        self.action_event_ends: list[int] = []
        """``events[action_event_ends[k-1]:action_event_ends[k]]`` are the events of action ``k``."""
        self.deal_event_start = 0
        """Index in ``events`` of the current deal's first event."""
        self.pot = rules.pot_ante * rules.players
        self.pot_shares = [0] * rules.players
        """What each seat has received from the pot so far."""
        self.winners: tuple[int, ...] = ()
        self.last_ended: DealEnded | None = None
        """The event that scored the last finished deal."""
        self.deal = self._start_deal(1, self.first_dealer)

    @classmethod
    def new(cls, rules: RummyRules, seed: Seed = 0, players: Sequence[str] | None = None) -> Match:
        """A new match of ``rules`` fixed by ``seed``; ``players`` optionally names the players."""
        return cls(rules, seed, players)

    # ---- reading the state ----------------------------------------------------------------
    @property
    def deal_no(self) -> int:
        """The number of the deal in progress (the last deal once the match is over)."""
        return self.deal.number

    @property
    def phase(self) -> Phase:
        """``Phase.DRAW``, ``Phase.MELD`` or ``Phase.OVER``."""
        return self.deal.phase

    @property
    def turn(self) -> int:
        """The seat to move."""
        return self.deal.turn

    @property
    def over(self) -> bool:
        """True once the last deal has been scored."""
        return self.deal.phase is Phase.OVER

    @property
    def deal_scores(self) -> list[tuple[int, ...]]:
        """The points each unit added in each deal played."""
        return [result.scores for result in self.results]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each unit's running total (zeros before the first deal is scored)."""
        return totals(self.deal_scores) or (0,) * self.rules.scoring_units

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards in ``seat``'s hand (hidden information: use ``observe`` for a player's view)."""
        return tuple(self.deal.hands[seat])

    def legal_discards(self) -> list[Card]:
        """The distinct cards the player to move may discard now."""
        return self._referee.legal_discards(self.deal)

    def legal_actions(self) -> list[Action]:
        """Take/push in the draw phase, one discard per distinct legal card in the meld phase.

        Meld-phase moves (go down, meld, lay off, rescue) are not listed: build them and ``verify``.
        """
        if self.over:
            return []
        return self._referee.legal_actions(self.deal)

    # ---- acting ---------------------------------------------------------------------------
    def verify(self, action: Action) -> None:
        """Raise ``IllegalAction`` with a plain reason if ``action`` is not allowed now; never changes state."""
        self._referee.check(self.deal, action)

    def can(self, action: Action) -> bool:
        """True when ``action`` is allowed now."""
        try:
            self._referee.check(self.deal, action)
        except IllegalAction:
            return False
        return True

    def apply(self, action: Action) -> list[Event]:
        """Carry out ``action`` for the player to move and return what happened.

        Raises ``IllegalAction`` (changing nothing) when it is not allowed.
        """
        plan = self._referee.check(self.deal, action)
        events, outcome = self._referee.carry_out(self.deal, plan)
        if outcome.ended is None and isinstance(action, Discard):
            outcome = self._referee.end_turn(self.deal)
        self.actions.append(action)
        self.events.extend(events)
        if outcome.ended is not None:
            events += self._end_deal(outcome)
        self.action_event_ends.append(len(self.events))
        return events

    # ---- deals and scoring ----------------------------------------------------------------
    def _start_deal(self, number: int, dealer: int) -> DealState:
        deal, started = deal_hand(self.rules, self.seed, number, dealer)
        self.deal_event_start = len(self.events)
        self.events.append(started)
        return deal

    def _end_deal(self, outcome: Outcome) -> list[Event]:
        rules, deal = self.rules, self.deal
        went_out = outcome.went_out if outcome.ended is EndReason.WENT_OUT else None
        penalties, scores = deal_scores(rules, deal.hands, went_out)
        payout = pot_payout(rules, self.pot, went_out)
        if went_out is not None and payout:
            self.pot -= payout
            self.pot_shares[went_out] += payout
        assert outcome.ended is not None
        result = DealResult(
            deal.number,
            deal.dealer,
            outcome.ended,
            went_out,
            tuple(tuple(hand) for hand in deal.hands),
            penalties,
            scores,
            payout,
        )
        self.results.append(result)
        self.last_ended = DealEnded(
            deal.number, outcome.ended.value, went_out, result.hands, penalties, self.units, scores, self.totals, payout
        )
        ended: list[Event] = [self.last_ended]
        self.events.extend(ended)
        if deal.number == rules.deals:
            self.winners = winners(rules, self.deal_scores)
            shares = split_pot(rules, self.pot, self.winners, self.first_dealer)
            for seat, share in enumerate(shares):
                self.pot_shares[seat] += share
            self.pot -= sum(shares)
            deal.phase = Phase.OVER
            teams = rules.scoring_units < rules.players
            final = MatchEnded(self.units, self.totals, self.winners, tuple(self.pot_shares), teams)
            self.events.append(final)
            return [*ended, final]
        first = len(self.events)
        self.deal = self._start_deal(deal.number + 1, (deal.dealer + 1) % rules.players)
        return ended + self.events[first:]

    # ---- views, records, comparisons ------------------------------------------------------
    def observe(self, seat: int | None) -> Observation:
        """What ``seat`` may know now (RULES.md §1.9); ``None`` gives the all-hands-open view."""
        from push_learn.rummy.engine.observe import observe

        return observe(self, seat)

    def full_view(self) -> Observation:
        """The all-hands-open view (for replays and teaching), the same as ``observe(None)``."""
        return self.observe(None)

    def record(self) -> MatchRecord:
        """The match as a record: rules, seed, player names and actions."""
        from push_learn.rummy.engine.record import MatchRecord

        return MatchRecord(self.rules, self.seed, tuple(self.actions), self.players)

    def fork(self, n: int | None = None) -> Match:
        """A new, independent match replaying this one's first ``n`` actions (all by default)."""
        return self.record().replay(n)

    def log(self, seat: int | None = None) -> list[str]:
        """Every event so far as a line of text, as ``seat`` sees it (``None``: all hands open)."""
        return [event.seen_by(seat).text(self.names) for event in self.events]

    def snapshot(self) -> tuple[object, ...]:
        """An immutable copy of the whole state, for comparing two matches or a state before and after."""
        return (
            self.rules,
            self.seed,
            self.names,
            self.first_dealer,
            self.deal.snapshot(),
            tuple(self.results),
            tuple(self.actions),
            tuple(self.events),
            tuple(self.action_event_ends),
            self.deal_event_start,
            self.pot,
            tuple(self.pot_shares),
            self.winners,
            self.last_ended,
        )

    def __repr__(self) -> str:
        return (
            f"<Match {self.rules.name} seed={self.seed!r} deal {self.deal_no}/{self.rules.deals} "
            f"{self.phase.value}, {self.names[self.turn]} to move, {len(self.actions)} actions>"
        )
