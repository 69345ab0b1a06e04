"""The moves a player can make, as small frozen values.

Actions never name a seat: the match knows whose turn it is. Meld-phase actions carry fully
declared melds (what each wild stands for), built with ``Meld.set_of`` / ``Meld.run_of`` or taken
from ``interpret_meld`` / ``layoff_options`` / ``rescue_options``.

>>> from push_learn.cards import parse_card
>>> str(Discard(parse_card("QC")))
'discard Q♣'
>>> action_from_json(Discard(parse_card("QC")).to_json()) == Discard(parse_card("QC"))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from push_learn.cards import Card, CardParseError, parse_card
from push_learn.errors import PushLearnError
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


@dataclass(frozen=True)
class Action:
    """Base class of every action; ``to_json()`` gives a plain dict that ``action_from_json`` reads."""

    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        """A plain dict: ``{"type": ...}`` plus the action's fields, cards as ASCII text."""
        return {"type": self.kind}


@dataclass(frozen=True)
class TakeUpcard(Action):
    """Draw phase: take the face-up card into your hand."""

    kind: ClassVar[str] = "take"

    def __str__(self) -> str:
        return "take the up-card"


@dataclass(frozen=True)
class Push(Action):
    """Draw phase: push the up-card and the top stock card to the next player, then draw from the stock."""

    kind: ClassVar[str] = "push"

    def __str__(self) -> str:
        return "push"


@dataclass(frozen=True)
class GoDown(Action):
    """Meld phase: lay down this deal's contract melds (plus any extra melds) in one action."""

    melds: tuple[Meld, ...]
    kind: ClassVar[str] = "go_down"

    def __post_init__(self) -> None:
        object.__setattr__(self, "melds", tuple(self.melds))

    def to_json(self) -> dict[str, Any]:
        """``{"type": "go_down", "melds": [meld, ...]}``."""
        return {"type": self.kind, "melds": [meld.to_json() for meld in self.melds]}

    def __str__(self) -> str:
        return "go down with " + "; ".join(str(meld) for meld in self.melds)


@dataclass(frozen=True)
class NewMeld(Action):
    """Meld phase, after going down: put one more set or run on the table."""

    meld: Meld
    kind: ClassVar[str] = "meld"

    def to_json(self) -> dict[str, Any]:
        """``{"type": "meld", "meld": meld}``."""
        return {"type": self.kind, "meld": self.meld.to_json()}

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

    def to_json(self) -> dict[str, Any]:
        """``{"type": "lay_off", "target": id, "card": "7H", "result": meld or null}``."""
        return {
            "type": self.kind,
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

    def to_json(self) -> dict[str, Any]:
        """``{"type": "rescue", "target": id, "position": i, "card": "6H"}``."""
        return {"type": self.kind, "target": self.target, "position": self.position, "card": self.card.ascii}

    def __str__(self) -> str:
        return f"rescue the wild at place {self.position + 1} of meld {self.target} with {self.card}"


@dataclass(frozen=True)
class Discard(Action):
    """Discard phase: put ``card`` face up as the new up-card, ending your turn."""

    card: Card
    kind: ClassVar[str] = "discard"

    def to_json(self) -> dict[str, Any]:
        """``{"type": "discard", "card": "QC"}``."""
        return {"type": self.kind, "card": self.card.ascii}

    def __str__(self) -> str:
        return f"discard {self.card}"


def _field(data: dict[str, Any], name: str) -> Any:
    if name not in data:
        raise ActionFormatError(f"a {data.get('type')!r} action needs a {name!r} field")
    return data[name]


def _card(data: dict[str, Any]) -> Card:
    text = _field(data, "card")
    if not isinstance(text, str):
        raise ActionFormatError(f"a card must be written as text such as '7H', not {text!r}")
    try:
        return parse_card(text)
    except CardParseError as exc:
        raise ActionFormatError(str(exc)) from exc


def _int(data: dict[str, Any], name: str) -> int:
    value = _field(data, name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ActionFormatError(f"the {name!r} of a {data['type']!r} action must be a whole number, not {value!r}")
    return value


def _meld(data: Any) -> Meld:
    try:
        return Meld.from_json(data)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ActionFormatError(f"not a meld: {data!r} ({exc})") from exc


def action_from_json(data: Any) -> Action:
    """Read back an action written by ``to_json()``; raises ``ActionFormatError`` on anything else."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ActionFormatError(f"an action must be an object with a 'type', not {data!r}")
    kind = data["type"]
    if kind == TakeUpcard.kind:
        return TakeUpcard()
    if kind == Push.kind:
        return Push()
    if kind == Discard.kind:
        return Discard(_card(data))
    if kind == NewMeld.kind:
        return NewMeld(_meld(_field(data, "meld")))
    if kind == GoDown.kind:
        melds = _field(data, "melds")
        if not isinstance(melds, list):
            raise ActionFormatError("the melds of a 'go_down' action must be a list")
        return GoDown(tuple(_meld(m) for m in melds))
    if kind == LayOff.kind:
        result = data.get("result")
        return LayOff(_int(data, "target"), _card(data), None if result is None else _meld(result))
    if kind == Rescue.kind:
        return Rescue(_int(data, "target"), _int(data, "position"), _card(data))
    raise ActionFormatError(f"unknown action type {kind!r}")
