"""The moves a player can make, as small frozen values.

Every action names its seat first (``Push(0)``, ``Discard(2, card)``): the match refuses an action
from a seat whose turn it is not (D-ENG-16). Meld-phase actions carry fully declared melds (what
each wild stands for), built with ``Meld.set_of`` / ``Meld.run_of`` or taken from ``interpret_meld``
/ ``layoff_options`` / ``rescue_options``.

>>> from push_learn.cards import parse_card
>>> str(Discard(2, parse_card("QC")))
'discard Q♣'
>>> Discard(2, parse_card("QC")).to_json()
{'type': 'discard', 'seat': 2, 'card': 'QC'}
>>> action_from_json(Discard(2, parse_card("QC")).to_json()) == Discard(2, parse_card("QC"))
True

Fields of the wrong type are refused when the action is built, so that any action the engine
accepts is written to its record and read back equal:

>>> LayOff(0, 1.0, parse_card("7H"))
Traceback (most recent call last):
...
push_learn.rummy.engine.actions.ActionFormatError: the meld number of a lay-off must be a whole number, not 1.0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from push_learn.cards import Card, CardParseError, parse_card
from push_learn.errors import PushLearnError
from push_learn.records import short
from push_learn.rummy.melds import Meld

__all__ = [
    "Action",
    "ActionFormatError",
    "Discard",
    "GoDown",
    "LayOff",
    "NewMeld",
    "Push",
    "Rescue",
    "TakeUpcard",
    "action_from_json",
]


class ActionFormatError(PushLearnError, ValueError):
    """Text or JSON that does not describe an action (unknown type, bad card, missing field)."""


def _check_whole(value: object, what: str, action: str) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ActionFormatError(f"the {what} of {action} must be a whole number, not {short(value)}")


def _check_card(value: object, action: str) -> None:
    if not isinstance(value, Card):
        raise ActionFormatError(f"the card of {action} must be a card such as 7♥, not {short(value)}")


def _check_meld(value: object, action: str) -> None:
    if not isinstance(value, Meld):
        raise ActionFormatError(f"{action} needs a declared meld (Meld.set_of, Meld.run_of), not {short(value)}")


@dataclass(frozen=True)
class Action:
    """Base class of every action: ``seat`` is who acts; ``to_json()`` gives what ``action_from_json`` reads."""

    seat: int
    """The seat (0-based, clockwise) taking the action."""
    kind: ClassVar[str] = ""
    label: ClassVar[str] = "an action"
    """The action's name in a sentence ("a lay-off")."""

    def __post_init__(self) -> None:
        _check_whole(self.seat, "seat", self.label)
        if self.seat < 0:
            raise ActionFormatError(f"the seat of {self.label} must be 0 or more, not {self.seat}")

    def to_json(self) -> dict[str, Any]:
        """A plain dict: ``{"type": ..., "seat": ...}`` plus the action's fields, cards as ASCII text."""
        return {"type": self.kind, "seat": self.seat}


@dataclass(frozen=True)
class TakeUpcard(Action):
    """Draw phase: take the face-up card into your hand."""

    kind: ClassVar[str] = "take"
    label: ClassVar[str] = "taking the up-card"

    def __str__(self) -> str:
        return "take the up-card"


@dataclass(frozen=True)
class Push(Action):
    """Draw phase: push the up-card and the top stock card to the next player, then draw from the stock."""

    kind: ClassVar[str] = "push"
    label: ClassVar[str] = "a push"

    def __str__(self) -> str:
        return "push"


@dataclass(frozen=True)
class GoDown(Action):
    """Meld phase: lay down this deal's contract melds (plus any extra melds) in one action."""

    melds: tuple[Meld, ...]
    kind: ClassVar[str] = "go_down"
    label: ClassVar[str] = "going down"

    def __post_init__(self) -> None:
        super().__post_init__()
        if isinstance(self.melds, Meld) or not isinstance(self.melds, tuple | list):
            raise ActionFormatError(f"going down needs a list of melds, not {short(self.melds)}")
        object.__setattr__(self, "melds", tuple(self.melds))
        for meld in self.melds:
            _check_meld(meld, self.label)

    def to_json(self) -> dict[str, Any]:
        """``{"type": "go_down", "seat": s, "melds": [meld, ...]}``."""
        return {**super().to_json(), "melds": [meld.to_json() for meld in self.melds]}

    def __str__(self) -> str:
        return "go down with " + "; ".join(str(meld) for meld in self.melds)


@dataclass(frozen=True)
class NewMeld(Action):
    """Meld phase, after going down: put one more set or run on the table."""

    meld: Meld
    kind: ClassVar[str] = "meld"
    label: ClassVar[str] = "a new meld"

    def __post_init__(self) -> None:
        super().__post_init__()
        _check_meld(self.meld, self.label)

    def to_json(self) -> dict[str, Any]:
        """``{"type": "meld", "seat": s, "meld": meld}``."""
        return {**super().to_json(), "meld": self.meld.to_json()}

    def __str__(self) -> str:
        return f"meld {self.meld}"


@dataclass(frozen=True)
class LayOff(Action):
    """Meld phase, after going down: add ``card`` to the table meld with id ``target``.

    ``result`` is the meld as it will read afterwards (one of ``layoff_options``); it may be left
    out when the card fits in only one way.
    """

    target: int
    card: Card
    result: Meld | None = None
    kind: ClassVar[str] = "lay_off"
    label: ClassVar[str] = "a lay-off"

    def __post_init__(self) -> None:
        super().__post_init__()
        _check_whole(self.target, "meld number", self.label)
        _check_card(self.card, self.label)
        if self.result is not None:
            _check_meld(self.result, self.label)

    def to_json(self) -> dict[str, Any]:
        """``{"type": "lay_off", "seat": s, "target": id, "card": "7H", "result": meld or null}``."""
        return {
            **super().to_json(),
            "target": self.target,
            "card": self.card.ascii,
            "result": None if self.result is None else self.result.to_json(),
        }

    def __str__(self) -> str:
        return f"lay off {self.card} on meld {self.target}"


@dataclass(frozen=True)
class Rescue(Action):
    """Meld phase, after going down: put the natural ``card`` in place of the wild at ``position``
    of table meld ``target``; the wild comes into your hand."""

    target: int
    position: int
    card: Card
    kind: ClassVar[str] = "rescue"
    label: ClassVar[str] = "a rescue"

    def __post_init__(self) -> None:
        super().__post_init__()
        _check_whole(self.target, "meld number", self.label)
        _check_whole(self.position, "place", self.label)
        _check_card(self.card, self.label)

    def to_json(self) -> dict[str, Any]:
        """``{"type": "rescue", "seat": s, "target": id, "position": i, "card": "6H"}``."""
        return {**super().to_json(), "target": self.target, "position": self.position, "card": self.card.ascii}

    def __str__(self) -> str:
        return f"rescue the wild at place {self.position + 1} of meld {self.target} with {self.card}"


@dataclass(frozen=True)
class Discard(Action):
    """Discard phase: put ``card`` face up as the new up-card, ending your turn."""

    card: Card
    kind: ClassVar[str] = "discard"
    label: ClassVar[str] = "a discard"

    def __post_init__(self) -> None:
        super().__post_init__()
        _check_card(self.card, self.label)

    def to_json(self) -> dict[str, Any]:
        """``{"type": "discard", "seat": s, "card": "QC"}``."""
        return {**super().to_json(), "card": self.card.ascii}

    def __str__(self) -> str:
        return f"discard {self.card}"


def _field(data: dict[str, Any], name: str) -> Any:
    if name not in data:
        raise ActionFormatError(f"a {short(data.get('type'))} action needs a {name!r} field")
    return data[name]


def _card(data: dict[str, Any]) -> Card:
    text = _field(data, "card")
    if not isinstance(text, str):
        raise ActionFormatError(f"a card must be written as text such as '7H', not {short(text)}")
    try:
        return parse_card(text)
    except CardParseError as exc:
        raise ActionFormatError(str(exc)) from exc


def _int(data: dict[str, Any], name: str) -> int:
    value = _field(data, name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ActionFormatError(f"the {name!r} of a {short(data['type'])} action must be a whole number, "
                                f"not {short(value)}")
    return value


def _meld(data: Any) -> Meld:
    try:
        return Meld.from_json(data)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ActionFormatError(f"not a meld: {short(data)} ({exc})") from exc


def action_from_json(data: Any, seat: int | None = None) -> Action:
    """Read back an action written by ``to_json()``; raises ``ActionFormatError`` on anything else.

    ``seat`` fills in the seat of an action written without one (records of format version 1);
    an action that names its seat keeps it.
    """
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ActionFormatError(f"an action must be an object with a 'type', not {short(data)}")
    kind = data["type"]
    if "seat" in data or seat is None:
        seat = _int(data, "seat")
    if kind == TakeUpcard.kind:
        return TakeUpcard(seat)
    if kind == Push.kind:
        return Push(seat)
    if kind == Discard.kind:
        return Discard(seat, _card(data))
    if kind == NewMeld.kind:
        return NewMeld(seat, _meld(_field(data, "meld")))
    if kind == GoDown.kind:
        melds = _field(data, "melds")
        if not isinstance(melds, list):
            raise ActionFormatError("the melds of a 'go_down' action must be a list")
        return GoDown(seat, tuple(_meld(m) for m in melds))
    if kind == LayOff.kind:
        result = data.get("result")
        return LayOff(seat, _int(data, "target"), _card(data), None if result is None else _meld(result))
    if kind == Rescue.kind:
        return Rescue(seat, _int(data, "target"), _int(data, "position"), _card(data))
    raise ActionFormatError(f"unknown action type {short(kind)}")
