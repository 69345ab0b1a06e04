"""Reading the poker games' plain values safely: whole chips, seats, rules, actions and packs.

Every poker game writes its actions as ``{"type": ..., "seat": ..., <fields>}`` and its rules as a
dict of settings. The readers here turn such values back into objects and refuse anything else in
plain words (a ``RecordError``), never with a bare ``TypeError`` or ``KeyError``:

>>> whole(2.5, "a bet")
Traceback (most recent call last):
...
ValueError: a bet is a whole number of chips, not 2.5
>>> read_seat({"type": "fold", "seat": "2"})
Traceback (most recent call last):
...
push_learn.errors.RecordError: an action's seat is a whole number such as 2, not '2'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from push_learn.cards import Card, parse_card
from push_learn.errors import RecordError
from push_learn.protocol import seat_words
from push_learn.records import cut, listed, short

__all__ = [
    "as_tuple", "describe_step", "is_whole", "read_action", "read_cards", "read_seat", "rules_from_plain", "whole",
    "whole_fields",
]

T = TypeVar("T")


def is_whole(value: object) -> bool:
    """True for a whole number (``bool`` is not one, nor is ``2.0``)."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole(value: object, what: str, error: type[Exception] = ValueError) -> int:
    """``value`` when it is a whole number; else ``error`` saying that ``what`` is counted in whole chips."""
    if not is_whole(value):
        raise error(f"{what} is a whole number of chips, not {short(value)}")
    assert isinstance(value, int)
    return value


def whole_fields(obj: object, names: Sequence[str], error: type[Exception] = ValueError,
                 optional: Sequence[str] = ()) -> None:
    """Check that the fields ``names`` of a settings value are whole numbers (``optional`` ones may be None)."""
    for name in names:
        value = getattr(obj, name)
        if value is None and name in optional:
            continue
        if not is_whole(value):
            raise error(f"the setting {name} is a whole number, not {short(value)}")
    for name in (f.name for f in dataclasses.fields(obj)):  # type: ignore[arg-type]
        value = getattr(obj, name)
        if isinstance(value, float):
            raise error(f"the setting {name} is a whole number, not {short(value)}")


def as_tuple(value: object, what: str, error: type[Exception] = ValueError) -> tuple[Any, ...]:
    """``value`` as a tuple when it is a list or tuple (not text); else ``error`` naming ``what``."""
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise error(f"{what} must be a list, not {short(value)}")
    return tuple(value)


def describe_step(data: object, players: Sequence[str] | None) -> str:
    """A short text for a recorded action, for refusals: ``seat 1: bet 4`` (or its JSON when it is garbled)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("type"), str):
        return short(data)
    seat = data.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        who = f"seat {short(seat)}"
    else:
        who = players[seat] if players is not None and 0 <= seat < len(players) else seat_words(seat)
    rest = " ".join(short(value, 24) if not isinstance(value, str | int) or isinstance(value, bool) else str(value)
                    for key, value in data.items() if key not in ("type", "seat"))
    text = f"{who}: {data['type']}" + (f" {rest}" if rest else "")
    return text if len(text) <= 80 else text[:79] + "…"


def read_seat(data: Mapping[str, Any]) -> int:
    """The seat of an action written as JSON (``RecordError`` when it is missing or not a whole number)."""
    if "seat" not in data:
        raise RecordError("an action must name its seat")
    seat = data["seat"]
    if not is_whole(seat):
        raise RecordError(f"an action's seat is a whole number such as 2, not {short(seat)}")
    return int(seat)


def read_action(data: object, kinds: Mapping[str, type[T]], game: str) -> T:
    """An action of a three-card game from ``{"type": ..., "seat": ..., <whole-number fields>}``."""
    if not isinstance(data, Mapping):
        raise RecordError(f"an action is written as an object such as {{\"type\": ...}}, not {short(data)}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in kinds:
        raise RecordError(f"{short(kind)} is not an action of {game} (the actions are {', '.join(kinds)})")
    cls = kinds[kind]
    fields = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    unknown = sorted(set(data) - {"type", *fields})
    if unknown:
        raise RecordError(f"a {kind} action has no field {short(unknown[0])}")
    values: dict[str, Any] = {"seat": read_seat(data)}
    for name in fields:
        if name == "seat":
            continue
        if name not in data:
            raise RecordError(f"a {kind} action needs its {name}")
        if not is_whole(data[name]):
            raise RecordError(f"the {name} of a {kind} action is a whole number, not {short(data[name])}")
        values[name] = data[name]
    return cls(**values)


def read_cards(value: object, what: str) -> tuple[Card, ...]:
    """Cards written as a list of card texts (``["AS", "10H"]``) or one text (``"AS 10H"``)."""
    if isinstance(value, str):
        items: list[object] = list(value.split())
    elif isinstance(value, list | tuple):
        items = list(value)
    else:
        raise RecordError(f"{what} must be a list of cards such as [\"AS\", \"10H\"], not {short(value)}")
    cards = []
    for item in items:
        if not isinstance(item, str):
            raise RecordError(f"{what} hold {short(item)}, which is not a card")
        try:
            card = parse_card(item)
        except ValueError:
            raise RecordError(f"{what} hold {short(item)}, which is not a card") from None
        if card.is_joker:
            raise RecordError(f"{what} hold a joker, and the poker games use none")
        cards.append(card)
    return tuple(cards)


def rules_from_plain(cls: type[T], data: object, convert: Mapping[str, Callable[[Any], Any]] | None = None) -> T:
    """Rebuild a frozen rules dataclass from plain values, refusing unknown or ill-typed settings in words."""
    if not isinstance(data, Mapping):
        raise RecordError(f"the rules must be an object of settings, not {short(data)}")
    names = {f.name for f in dataclasses.fields(cls) if f.init}  # type: ignore[arg-type]
    unknown = sorted(set(data) - names)
    if unknown:
        raise RecordError(f"unknown rules settings: {listed(unknown)}")
    convert = convert or {}
    try:
        values = {k: convert[k](v) if k in convert and v is not None else v for k, v in data.items()}
        return cls(**values)
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as error:
        raise RecordError(f"the rules are not valid: {cut(str(error), 300)}") from None
