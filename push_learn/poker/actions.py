"""The actions of the push stud games: keep or push a card, bet, replace a card, declare.

An ``Action`` names the seat that acts, what it does and, where needed, the card or the
direction. Actions are plain values; the game decides whether one is legal now.

>>> Action.push_own(2, "2s")
Action(seat=2, kind=ActionKind.PUSH_OWN, card=Card(Rank.TWO, Suit.SPADES), direction=None)
>>> Action.push_own(2, "2s").to_json()
{'type': 'push_own', 'seat': 2, 'card': '2S'}
>>> Action.from_json({"type": "push_own", "seat": 2, "card": "2S"}) == Action.push_own(2, "2s")
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from push_learn.cards import Card, parse_card
from push_learn.errors import RecordError
from push_learn.poker.betting import BetKind
from push_learn.poker.plain import read_cards, read_seat
from push_learn.poker.showdown import Direction
from push_learn.poker.wording import says
from push_learn.protocol import seat_words
from push_learn.records import short

__all__ = ["Action", "ActionKind"]


class ActionKind(Enum):
    """Every kind of decision in Push stud and Screw Your Neighbor.

    The betting kinds share their values with ``BetKind``.
    """

    KEEP = "keep"
    PUSH = "push"
    PUSH_OWN = "push_own"
    EXPOSE = "expose"
    BRING_IN = "bring_in"
    COMPLETE = "complete"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    REPLACE = "replace"
    STAND = "stand"
    DECLARE = "declare"

    @property
    def bet_kind(self) -> BetKind | None:
        """The matching ``BetKind`` for a betting action, else ``None``."""
        try:
            return BetKind(self.value)
        except ValueError:
            return None

    @property
    def needs_card(self) -> bool:
        """True for the kinds that name a card."""
        return self in (ActionKind.PUSH_OWN, ActionKind.EXPOSE, ActionKind.REPLACE)

    def __str__(self) -> str:
        return self.value.replace("_", " ")

    def __repr__(self) -> str:
        return f"ActionKind.{self.name}"


def _card(card: Card | str) -> Card:
    return parse_card(card) if isinstance(card, str) else card


@dataclass(frozen=True)
class Action:
    """One decision by one seat."""

    seat: int
    kind: ActionKind
    card: Card | None = None
    direction: Direction | None = None

    def __post_init__(self) -> None:
        if self.kind.needs_card != (self.card is not None):
            raise ValueError(f"a {self.kind} action {'needs' if self.kind.needs_card else 'takes no'} card")
        if (self.kind is ActionKind.DECLARE) != (self.direction is not None):
            raise ValueError("a declaration, and only a declaration, has a direction")

    # -- constructors ------------------------------------------------------------------------

    @classmethod
    def of(cls, seat: int, kind: ActionKind | str, card: Card | str | None = None,
           direction: Direction | str | None = None) -> Action:
        """Build from plain values: ``Action.of(2, "push_own", "2S")``, ``Action.of(1, "declare", direction="low")``."""
        kind = ActionKind(kind) if isinstance(kind, str) else kind
        if isinstance(direction, str):
            direction = Direction[direction.upper()]
        return cls(seat, kind, None if card is None else _card(card), direction)

    @classmethod
    def keep(cls, seat: int) -> Action:
        """Keep (accept) the card offered."""
        return cls(seat, ActionKind.KEEP)

    @classmethod
    def push(cls, seat: int) -> Action:
        """Pay to push the card offered on to the next player."""
        return cls(seat, ActionKind.PUSH)

    @classmethod
    def push_own(cls, seat: int, card: Card | str) -> Action:
        """Keep the card offered and pay to push one of your own cards (Screw Your Neighbor)."""
        return cls(seat, ActionKind.PUSH_OWN, _card(card))

    @classmethod
    def expose(cls, seat: int, card: Card | str) -> Action:
        """Turn one of your two face-down cards face up (Roll Your Own)."""
        return cls(seat, ActionKind.EXPOSE, _card(card))

    @classmethod
    def replace(cls, seat: int, card: Card | str) -> Action:
        """Pay to discard a card and get a new one (Substitution / replace)."""
        return cls(seat, ActionKind.REPLACE, _card(card))

    @classmethod
    def stand(cls, seat: int) -> Action:
        """Replace nothing."""
        return cls(seat, ActionKind.STAND)

    @classmethod
    def declare(cls, seat: int, direction: Direction | str) -> Action:
        """Declare low, high or both."""
        return cls.of(seat, ActionKind.DECLARE, direction=direction)

    @classmethod
    def betting(cls, seat: int, kind: BetKind) -> Action:
        """A betting action."""
        return cls(seat, ActionKind(kind.value))

    # -- text and JSON -----------------------------------------------------------------------

    def describe(self, names: tuple[str, ...] | None = None) -> str:
        """A sentence such as ``RIZ keeps the offered card and pushes 2♠``."""
        known = bool(names) and isinstance(self.seat, int) and 0 <= self.seat < len(names or ())
        if names and known:
            who = names[self.seat]
        else:
            whole = isinstance(self.seat, int) and not isinstance(self.seat, bool)
            who = seat_words(self.seat) if whole else f"seat {short(self.seat)}"
        text = {
            ActionKind.KEEP: "keeps the card",
            ActionKind.PUSH: "pushes the card",
            ActionKind.PUSH_OWN: f"keeps the card and pushes {self.card}",
            ActionKind.EXPOSE: f"turns up {self.card}",
            ActionKind.REPLACE: f"replaces {self.card}",
            ActionKind.STAND: "replaces nothing",
            ActionKind.DECLARE: f"declares {self.direction}",
        }.get(self.kind)
        if text is None:
            bet = self.kind.bet_kind
            text = bet.verb if bet else str(self.kind)
        return says(who, text)

    def __str__(self) -> str:
        return self.describe()

    def to_json(self) -> dict[str, Any]:
        """Plain JSON values: ``{"type": "push_own", "seat": 2, "card": "2S"}``."""
        data: dict[str, Any] = {"type": self.kind.value, "seat": self.seat}
        if self.card is not None:
            data["card"] = self.card.ascii
        if self.direction is not None:
            data["direction"] = self.direction.name.lower()
        return data

    @classmethod
    def from_json(cls, data: object) -> Action:
        """Read back ``to_json`` output; anything else raises ``RecordError`` in plain words."""
        if not isinstance(data, dict):
            raise RecordError(f"an action is written as an object such as {{\"type\": \"keep\"}}, not {short(data)}")
        kinds = [k.value for k in ActionKind]
        kind = data.get("type")
        if not isinstance(kind, str) or kind not in kinds:
            raise RecordError(f"{short(kind)} is not an action of the stud games (the actions are {', '.join(kinds)})")
        unknown = sorted(set(data) - {"type", "seat", "card", "direction"})
        if unknown:
            raise RecordError(f"a {kind} action has no field {short(unknown[0])}")
        seat = read_seat(data)
        card = None
        if "card" in data:
            cards = read_cards([data["card"]], f"the card of a {kind} action")
            card = cards[0]
        direction = data.get("direction")
        if direction is not None and (not isinstance(direction, str)
                                      or direction.upper() not in Direction.__members__):
            raise RecordError(f"a declaration is low, high or both, not {short(direction)}")
        try:
            return cls.of(seat, kind, card, direction)
        except ValueError as error:
            raise RecordError(str(error)) from None
