"""A match of five deals as a state machine: ``verify`` / ``can`` / ``apply`` actions, whoever's turn it is.

>>> from push_learn.rummy import PUSH
>>> from push_learn.rummy.engine import Match, Push
>>> match = Match.new(PUSH, seed=7)
>>> match.to_move                            # South (seat 2) is to move
(2,)
>>> match.legal_actions(2)
[TakeUpcard(seat=2), Push(seat=2)]
>>> match.verify(Push(3))                    # West may not act on South's turn
Traceback (most recent call last):
...
push_learn.errors.IllegalAction: it is South's turn, not West's
>>> [event.kind for event in match.apply(Push(2))]
['pushed']
>>> match.phase
<Phase.MELD: 'meld'>

``Match`` answers the one game protocol (``push_learn.protocol.Game``). A deal that ends is scored
at once and the next deal is dealt in the same ``apply``; after the last deal the phase is ``over``
and ``result`` holds the totals and winners. Everything is fixed by the rules, the seed and the
actions, so ``match.record()`` saves a match (a ``push_learn.records.Record``) and ``match.fork(n)``
replays its first ``n`` actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from push_learn.cards import Card
from push_learn.errors import IllegalAction
from push_learn.protocol import refuse_wrong_seat
from push_learn.records import Record, short
from push_learn.rummy.engine.actions import Action, Discard
from push_learn.rummy.engine.events import DealEnded, Event, MatchEnded
from push_learn.rummy.engine.scores import deal_scores, pot_payout, split_pot, totals, unit_names, winners
from push_learn.rummy.engine.serial import rules_to_json
from push_learn.rummy.engine.setup import Seed, choose_seating, deal_hand
from push_learn.rummy.engine.state import DealResult, DealState, EndReason, Phase, seat_names
from push_learn.rummy.engine.turn import Outcome, Plan, Referee
from push_learn.rummy.rules import RummyRules

if TYPE_CHECKING:
    from push_learn.rummy.engine.observe import Observation

__all__ = ["Match", "MatchResult"]


@dataclass(frozen=True)
class MatchResult:
    """How a finished match came out: each scoring unit's total, the winning seats and the pot."""

    units: tuple[str, ...]
    """The scoring units' names (the two teams in Push, else the players)."""
    totals: tuple[int, ...]
    """Each unit's final penalty points (the lowest total wins)."""
    winners: tuple[int, ...]
    """The winning seats (both partners of a winning team)."""
    pot_shares: tuple[int, ...]
    """What each seat received from the pot."""

    def __str__(self) -> str:
        scores = ", ".join(f"{unit} {total}" for unit, total in zip(self.units, self.totals, strict=True))
        return f"final totals: {scores}"


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
        self.entrants = None if players is None else tuple(players)
        """The player names as given (they are seated at random by the seed), or ``None``."""
        self.seat_names = seat_names(rules.players)
        """The seats' own names: North, East, South, West for four players."""
        seated, self.first_dealer = choose_seating(rules, seed, self.entrants)
        self.players: tuple[str, ...] = seated or self.seat_names
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
        self._seen: dict[int | None, list[Event]] = {}
        """Each seat's version of ``events`` so far (events never change, so it only grows)."""
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
    def names(self) -> tuple[str, ...]:
        """The name of the player in each seat: the same as ``players``."""
        return self.players

    @property
    def to_move(self) -> tuple[int, ...]:
        """The seat to move, as a tuple of one seat (empty once the match is over)."""
        return () if self.over else (self.deal.turn,)

    @property
    def result(self) -> MatchResult | None:
        """The final totals, winners and pot shares; ``None`` until the match is over."""
        if not self.over:
            return None
        return MatchResult(self.units, self.totals, self.winners, tuple(self.pot_shares))

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

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Take/push in the draw phase, one discard per distinct legal card in the meld phase.

        The choices of ``seat`` (the seat to move when left out): empty when it is not its move.
        Meld-phase moves (go down, meld, lay off, rescue) are not listed: build them and ``verify``.
        """
        if self.over or (seat is not None and seat != self.deal.turn):
            return []
        return self._referee.legal_actions(self.deal)

    # ---- acting ---------------------------------------------------------------------------
    def _check(self, action: Action) -> Plan:
        if not isinstance(action, Action):
            raise IllegalAction(f"{short(action)} is not a rummy action")
        if self.over:
            raise IllegalAction("the match is over")
        refuse_wrong_seat(action.seat, self.to_move, self.players)
        return self._referee.check(self.deal, action)

    def verify(self, action: Action) -> None:
        """Raise ``IllegalAction`` with a plain reason if ``action`` is not allowed now; never changes state.

        An action from a seat whose turn it is not is refused first, naming both seats.
        """
        self._check(action)

    def can(self, action: Action) -> bool:
        """True when ``action`` is allowed now."""
        try:
            self._check(action)
        except IllegalAction:
            return False
        return True

    def apply(self, action: Action) -> list[Event]:
        """Carry out ``action`` for the seat to move and return what happened.

        Raises ``IllegalAction`` (changing nothing) when it is not allowed.
        """
        plan = self._check(action)
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
        """What ``seat`` may know now; ``None``: a spectator, who sees no hand."""
        from push_learn.rummy.engine.observe import observe

        return observe(self, seat)

    def full_view(self) -> Observation:
        """The all-hands-open view, for replays and teaching (not for a player or a bot)."""
        from push_learn.rummy.engine.observe import full_view

        return full_view(self)

    def record(self) -> Record:
        """The match as a ``push_learn.records.Record``: game, rules, seed, seated names, actions.

        The entrants as given (before the seed seated them) are kept in the set-up.
        """
        setup: dict[str, Any] = {} if self.entrants is None else {"entrants": list(self.entrants)}
        actions = tuple(action.to_json() for action in self.actions)
        return Record(self.rules.variant, rules_to_json(self.rules), self.seed, self.players, actions, setup)

    def fork(self, n: int | None = None) -> Match:
        """A new, independent match replaying this one's first ``n`` actions (all by default)."""
        match = Match(self.rules, self.seed, self.entrants)
        for action in self.actions[:n]:
            match.apply(action)  # each was legal here before, so it is legal again
        return match

    def seen_events(self, seat: int | None) -> list[Event]:
        """Every event so far as ``seat`` sees it (``None``: a spectator); kept, as events never change."""
        seen = self._seen.setdefault(seat, [])
        if len(seen) < len(self.events):
            seen.extend(event.seen_by(seat) for event in self.events[len(seen):])
        return seen

    def log(self, seat: int | Literal["open"] | None = "open") -> list[str]:
        """Every event so far as a line of text: all hands open by default, else as ``seat`` sees it
        (``None``: a spectator)."""
        if seat == "open":
            return [event.text(self.names) for event in self.events]
        return [event.text(self.names) for event in self.seen_events(seat)]

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
