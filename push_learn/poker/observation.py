"""What one seat may know of a stud deal (``observe(seat)``), and how a finished deal came out.

Bots, the coach and the widgets read only these values, so nothing can see a hidden card by
accident: another player's face-down card appears as ``None`` unless the viewer has seen it (for
example a card it pushed face down itself). ``to_dict`` gives JSON for the widgets.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from push_learn.cards import Card
from push_learn.poker.actions import Action
from push_learn.poker.showdown import Award, Direction
from push_learn.poker.wording import YOU, clause, their, whom

if TYPE_CHECKING:
    from push_learn.poker.stud import StudRules

__all__ = ["Decision", "Observation", "Phase", "Result", "SeatView"]


def _freeze_mappings(value: object, *names: str) -> None:
    """Store read-only copies of the named dict fields of a frozen value, so no caller can edit them."""
    for name in names:
        object.__setattr__(value, name, MappingProxyType(dict(getattr(value, name))))


class Phase(Enum):
    """The kind of decision the deal waits for."""

    PUSH = "push"
    EXPOSE = "expose"
    BET = "bet"
    REPLACE = "replace"
    DECLARE = "declare"
    OVER = "over"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Decision:
    """A point where the deal waits: who must choose, and the choices each of them has.

    ``simultaneous`` decisions (replace in Screw Your Neighbor, declarations) are collected from
    every seat in ``seats`` and revealed together. ``reasons`` explains, by action kind, why a
    kind a student might try is not among the choices. ``prompts`` words a seat's own choices
    where they differ from ``prompt`` (a seat that can pay for less than the others).
    """

    phase: Phase
    seats: tuple[int, ...]
    options: Mapping[int, tuple[Action, ...]]
    simultaneous: bool = False
    prompt: str = ""
    reasons: Mapping[str, str] = field(default_factory=dict)
    prompts: Mapping[int, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        _freeze_mappings(self, "options", "reasons", "prompts")

    def prompt_for(self, seat: int | None) -> str:
        """The words of the choice as ``seat`` reads them (``None``: an onlooker, who reads ``prompt``)."""
        return self.prompt if seat is None else self.prompts.get(seat, self.prompt)


@dataclass(frozen=True)
class SeatView:
    """One seat as the viewer sees it."""

    seat: int
    name: str
    stack: int
    committed: int
    round_bet: int
    dealt_in: bool
    folded: bool
    up: tuple[Card, ...]
    down: tuple[Card | None, ...]
    declared: Direction | None
    has_chosen: bool

    @property
    def in_hand(self) -> bool:
        """Dealt in and not folded."""
        return self.dealt_in and not self.folded

    @property
    def all_in(self) -> bool:
        """In the hand with no chips left to bet."""
        return self.in_hand and self.stack == 0

    @property
    def cards_held(self) -> int:
        """Up and down cards together."""
        return len(self.up) + len(self.down)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (hidden cards as ``null``)."""
        return {
            "seat": self.seat, "name": self.name, "stack": self.stack, "committed": self.committed,
            "round_bet": self.round_bet, "dealt_in": self.dealt_in, "folded": self.folded,
            "up": [c.ascii for c in self.up], "down": [None if c is None else c.ascii for c in self.down],
            "declared": None if self.declared is None else str(self.declared), "has_chosen": self.has_chosen,
        }


@dataclass(frozen=True)
class Result:
    """How a finished deal came out: who won what, with the hands named."""

    awards: tuple[Award, ...]
    payouts: tuple[int, ...]
    net: tuple[int, ...]
    lines: tuple[str, ...]
    high_names: Mapping[int, str] = field(default_factory=dict)
    low_names: Mapping[int, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        _freeze_mappings(self, "high_names", "low_names")

    def __str__(self) -> str:
        return "\n".join(self.lines)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "payouts": list(self.payouts), "net": list(self.net), "lines": list(self.lines),
            "awards": [{"pot": a.pot, "way": a.way, "amount": a.amount, "shares": [list(s) for s in a.shares]}
                       for a in self.awards],
            "high": {str(k): v for k, v in self.high_names.items()},
            "low": {str(k): v for k, v in self.low_names.items()},
        }


@dataclass(frozen=True)
class Observation:
    """Everything ``seat`` may know now (``seat=None``: a spectator who sees only public cards).

    ``offered`` is the card on offer in a push round (``None`` if there is none or the viewer may
    not see it), ``offered_to`` the seat deciding on it, and ``pass_to`` the seat a push would send
    a card to (``None``: the decider is the round's last player, so a pushed card leaves play).
    ``can_push`` says whether that seat's legal actions hold a push (a seat that cannot pay the
    price must keep, D-POK-09): every viewer may know it, since the stacks are on the table.
    ``known_out`` lists cards the viewer knows are out of every hand (dead, buried or discarded).
    """

    game: str
    variant: str
    rules: StudRules
    seat: int | None
    dealer: int
    phase: Phase
    round: int
    seats: tuple[SeatView, ...]
    to_move: tuple[int, ...]
    prompt: str
    legal: tuple[Action, ...]
    pot: int
    stock: int
    bet_size: int
    to_call: int
    offered: Card | None
    offered_to: int | None
    pass_to: int | None
    can_push: bool
    known_out: tuple[Card, ...]
    log: tuple[str, ...]
    result: Result | None

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names by seat."""
        return tuple(view.name for view in self.seats)

    @property
    def me(self) -> SeatView | None:
        """The viewer's own seat."""
        return None if self.seat is None else self.seats[self.seat]

    @property
    def my_turn(self) -> bool:
        """True when the viewer has a choice to make now."""
        return bool(self.legal)

    @property
    def live(self) -> tuple[int, ...]:
        """Seats still in the hand."""
        return tuple(view.seat for view in self.seats if view.in_hand)

    @property
    def push_choice(self) -> bool:
        """True while a card is on offer in the push phase: a keep-or-push choice, which the coach weighs."""
        return self.phase is Phase.PUSH and self.offered is not None

    @property
    def offer_text(self) -> str | None:
        """The card on offer in words for the viewer: the choices its decider has, and where a push sends it.

        ``None`` when no card is on offer. The choices are the decider's legal actions (``can_push``)."""
        if self.phase is not Phase.PUSH or self.offered_to is None:
            return None
        mine = self.offered_to == self.seat
        name = self.names[self.offered_to]
        to = "you" if mine else whom(name)
        price = self.rules.push_price
        if not self.can_push:
            stack = self.seats[self.offered_to].stack
            return (f"Offered to {to}: keep it; a push costs ${price}, more than the ${stack} "
                    f"{'you have' if mine else clause(name, 'has')}.")
        onward = "leaves play" if self.pass_to is None else f"goes to {whom(self.names[self.pass_to])}"
        if self.rules.offers_own_push:  # Screw Your Neighbor: keep it and push one of your own
            own = f"keep it and push one of {their(YOU if mine else name)} cards"
            choices = (f"keep it free, push it for ${price}, or {own} for ${price}" if price
                       else f"keep it, push it, or {own} (all free)")
        else:
            choices = f"keep it free, or push it for ${price}" if price else "keep it or push it (both free)"
        return f"Offered to {to}: {choices}; a pushed card {onward}."

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form for the widgets."""
        return {
            "game": self.game, "variant": self.variant, "rules": self.rules.to_dict(), "seat": self.seat,
            "dealer": self.dealer,
            "phase": str(self.phase), "round": self.round, "seats": [v.to_dict() for v in self.seats],
            "to_move": list(self.to_move), "prompt": self.prompt, "legal": [a.to_json() for a in self.legal],
            "pot": self.pot, "stock": self.stock, "bet_size": self.bet_size, "to_call": self.to_call,
            "offered": None if self.offered is None else self.offered.ascii, "offered_to": self.offered_to,
            "pass_to": self.pass_to, "can_push": self.can_push,
            "known_out": [c.ascii for c in self.known_out], "log": list(self.log),
            "result": None if self.result is None else self.result.to_dict(),
        }
