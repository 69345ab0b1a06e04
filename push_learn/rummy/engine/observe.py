"""What one seat may know, as a frozen value that bots, the coach and widgets read.

Public: hand sizes, the table melds with their declarations and owners, the up-card, the stock
count, the wilds buried at the deal, the pushed stock card (Push, Cap-It), who has gone down, the
scores, and the cards everyone knows to be in each hand (taken up-cards, public pushed cards,
rescued wilds). Private: the seat's own hand, its own drawn cards and, in 6-7-8-9-10, the face-down
card pushed to it. ``observe(match, None)`` is a spectator's view (public cards only, no hand);
``full_view(match)`` is the all-hands-open view used by replays and teaching (D-ENG-16).

>>> from push_learn.rummy import PUSH
>>> from push_learn.rummy.engine import Match, observe
>>> view = observe(Match.new(PUSH, seed=7), 0)
>>> len(view.hand), view.hand_sizes, view.stock, view.phase
(6, (6, 6, 6, 6), 83, 'draw')
>>> import json; _ = json.dumps(view.to_json())
>>> spectator = observe(Match.new(PUSH, seed=7), None)
>>> spectator.hand, spectator.hands, spectator.legal
(None, None, ())

``verify_in_view(view, action)`` judges a move of the seat to move from that seat's own view, exactly
as the engine would (the coach explains refusals with it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from push_learn.cards import JOKER, Card
from push_learn.errors import IllegalAction
from push_learn.protocol import seat_outside
from push_learn.rummy.engine.actions import Action
from push_learn.rummy.engine.events import DealEnded, Event
from push_learn.rummy.engine.serial import rules_to_json
from push_learn.rummy.engine.state import DealState, Phase, TableMeld
from push_learn.rummy.engine.turn import Referee
from push_learn.rummy.rules import Contract, RummyRules

if TYPE_CHECKING:
    from push_learn.rummy.engine.game import Match

__all__ = ["Observation", "full_view", "observe", "verify_in_view"]


def _cards(cards: tuple[Card, ...] | None) -> list[str] | None:
    return None if cards is None else [card.ascii for card in cards]


@dataclass(frozen=True)
class Observation:
    """One seat's view of a match at one moment. ``seat is None``: a spectator's view (no hand), or
    the all-hands-open view when ``hands`` is set (``full_view``).

    Seats are numbers 0..players-1 clockwise; ``names[seat]`` is who sits there. Scores are per
    unit (a team in Push: unit 0 holds seats 0 and 2).
    """

    seat: int | None
    rules: RummyRules
    names: tuple[str, ...]
    units: tuple[str, ...]
    deal: int
    dealer: int
    contract: Contract
    turn: int
    phase: str
    hand: tuple[Card, ...] | None
    """The seat's own cards (``None`` for a spectator and in the all-hands-open view: see ``hands``)."""
    hands: tuple[tuple[Card, ...], ...] | None
    """Every hand, only in the all-hands-open view."""
    hand_sizes: tuple[int, ...]
    melds: tuple[TableMeld, ...]
    upcard: Card | None
    stock: int
    buried: tuple[Card, ...]
    down: tuple[bool, ...]
    taken: Card | None
    """The up-card the player to move took this turn (public), while it may not be discarded (R3)."""
    known: tuple[tuple[Card, ...], ...]
    """Cards everyone knows to be in each hand."""
    deal_scores: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    pot: int
    pot_shares: tuple[int, ...]
    log: tuple[Event, ...]
    """This deal's events as the seat sees them (earlier deals: see ``last_deal`` and the scores)."""
    last_deal: DealEnded | None
    """How the previous deal ended, with the hands shown at its scoring."""
    over: bool
    winners: tuple[int, ...]
    legal: tuple[Action, ...]
    """The seat's listed choices when it is to move (take/push or discards); empty otherwise."""
    lift_taken: bool = False
    """A-R3-05 in force this turn: the taken up-card may be discarded after all (seen by the mover)."""
    allow_wild_discard: bool = False
    """A-R3-05 in force this turn: a wild may be discarded after all (seen by the mover)."""

    @property
    def open(self) -> bool:
        """True in the all-hands-open view (``full_view``)."""
        return self.hands is not None

    @property
    def my_turn(self) -> bool:
        """True when this seat is to move."""
        return self.seat is not None and self.seat == self.turn and not self.over

    def __str__(self) -> str:
        """``North's view of deal 1 of 5 (2 sets of 3): North to draw; hand 7♥ …; up-card K♥; stock 83``."""
        who = (f"{self.names[self.seat]}'s view" if self.seat is not None
               else "The open view" if self.open else "A spectator's view")
        state = "the match is over" if self.over else f"{self.names[self.turn]} to {self.phase}"
        cards = "" if self.hand is None else "; hand " + " ".join(str(card) for card in self.hand)
        up = "none" if self.upcard is None else str(self.upcard)
        return (
            f"{who} of deal {self.deal} of {self.rules.deals} ({self.contract}): {state}{cards}; "
            f"up-card {up}; stock {self.stock}; {len(self.melds)} melds on the table"
        )

    def lines(self) -> list[str]:
        """The deal's log as text."""
        return [event.text(self.names) for event in self.log]

    def to_json(self) -> dict[str, Any]:
        """Plain dicts, lists, strings and numbers; cards as ASCII text (``"7H"``, ``"JK"``)."""
        return {
            "seat": self.seat,
            "rules": rules_to_json(self.rules),
            "names": list(self.names),
            "units": list(self.units),
            "deal": self.deal,
            "dealer": self.dealer,
            "contract": str(self.contract),
            "turn": self.turn,
            "phase": self.phase,
            "hand": _cards(self.hand),
            "hands": None if self.hands is None else [_cards(h) for h in self.hands],
            "hand_sizes": list(self.hand_sizes),
            "melds": [{"id": tm.id, "owner": tm.owner, "meld": tm.meld.to_json(), "text": str(tm.meld)}
                      for tm in self.melds],
            "upcard": None if self.upcard is None else self.upcard.ascii,
            "stock": self.stock,
            "buried": _cards(self.buried),
            "down": list(self.down),
            "taken": None if self.taken is None else self.taken.ascii,
            "known": [_cards(k) for k in self.known],
            "deal_scores": [list(row) for row in self.deal_scores],
            "totals": list(self.totals),
            "pot": self.pot,
            "pot_shares": list(self.pot_shares),
            "log": [{**event.to_json(), "text": event.text(self.names)} for event in self.log],
            "last_deal": None if self.last_deal is None else {
                **self.last_deal.to_json(), "text": self.last_deal.text(self.names)
            },
            "over": self.over,
            "winners": list(self.winners),
            "legal": [action.to_json() for action in self.legal],
            "lift_taken": self.lift_taken,
            "allow_wild_discard": self.allow_wild_discard,
        }


def observe(match: Match, seat: int | None) -> Observation:
    """The view of ``seat`` (0-based) of ``match`` now; ``None``: a spectator, who sees no hand."""
    outside = None if seat is None else seat_outside(seat, match.rules.players,
                                                     f"a {match.rules.players}-player game")
    if outside is not None:
        raise ValueError(outside)
    return _view(match, seat, open_hands=False)


def full_view(match: Match) -> Observation:
    """The all-hands-open view of ``match`` (replays and teaching): every hand, the seat to move's choices."""
    return _view(match, None, open_hands=True)


def _view(match: Match, seat: int | None, open_hands: bool) -> Observation:
    deal = match.deal
    events = match.events if open_hands else match.seen_events(seat)
    log = tuple(events[match.deal_event_start:])
    hands = tuple(tuple(hand) for hand in deal.hands)
    to_move = open_hands or seat == deal.turn
    return Observation(
        seat=seat,
        rules=match.rules,
        names=match.names,
        units=match.units,
        deal=deal.number,
        dealer=deal.dealer,
        contract=match.rules.contract(deal.number),
        turn=deal.turn,
        phase=deal.phase.value,
        hand=None if seat is None else hands[seat],
        hands=hands if open_hands else None,
        hand_sizes=tuple(len(hand) for hand in hands),
        melds=tuple(deal.melds),
        upcard=deal.upcard,
        stock=len(deal.stock),
        buried=deal.buried,
        down=tuple(deal.down),
        taken=deal.taken,
        known=tuple(tuple(k) for k in deal.known),
        deal_scores=tuple(match.deal_scores),
        totals=match.totals,
        pot=match.pot,
        pot_shares=tuple(match.pot_shares),
        log=log,
        last_deal=match.last_ended,
        over=match.over,
        winners=match.winners,
        legal=tuple(match.legal_actions()) if to_move else (),
        lift_taken=deal.lift_taken if to_move else False,
        allow_wild_discard=deal.allow_wild_discard if to_move else False,
    )


def verify_in_view(view: Observation, action: Action) -> None:
    """Judge ``action`` by the seat to move from ``view`` alone, as the engine would; ``IllegalAction`` if refused.

    ``view`` must show the hand of the seat to move (its own observation, or the open view). The
    referee's checks of a move read only that hand, the table, the up-card, the stock's size and the
    turn's flags, so hidden cards are stood in for by placeholders.
    """
    seat = view.turn
    if (view.seat is not None and view.seat != seat) or (view.hand is None and view.hands is None):
        raise ValueError("verify_in_view needs the view of the seat to move (or the open view)")
    if not isinstance(action, Action):
        raise IllegalAction(f"{action!r} is not a rummy action")
    if view.over:
        raise IllegalAction("the match is over")
    if action.seat != seat:
        from push_learn.protocol import refuse_wrong_seat

        refuse_wrong_seat(action.seat, (seat,), view.names)
    hands: list[list[Card]] = [[] for _ in range(view.rules.players)]
    hands[seat] = list(view.hand if view.hand is not None else (view.hands or ())[seat])
    deal = DealState(view.deal, view.dealer, hands, [JOKER] * view.stock, view.upcard or JOKER, view.buried)
    deal.upcard = view.upcard
    deal.melds = list(view.melds)
    deal.next_meld_id = max((tm.id for tm in view.melds), default=-1) + 1
    deal.down = list(view.down)
    deal.turn = seat
    deal.phase = Phase(view.phase)
    deal.taken = view.taken
    deal.lift_taken = view.lift_taken
    deal.allow_wild_discard = view.allow_wild_discard
    Referee(view.rules).check(deal, action)
