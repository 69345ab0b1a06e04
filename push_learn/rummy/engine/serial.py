"""``RummyRules`` to and from plain JSON values (records and observations carry the rules they use).

>>> from push_learn.rummy.rules import CAP_IT
>>> rules_from_json(rules_to_json(CAP_IT)) == CAP_IT
True
"""

from __future__ import annotations

from dataclasses import fields
from enum import Enum
from typing import Any

from push_learn.records import listed, short
from push_learn.rummy.rules import Contract, ContractMeld, MeldKind, RulesError, RummyRules, Scoring

__all__ = ["rules_from_json", "rules_to_json"]


def rules_to_json(rules: RummyRules) -> dict[str, Any]:
    """Every field of ``rules`` as plain values; contracts as lists of ``[kind, min_length]`` pairs."""
    data: dict[str, Any] = {}
    for f in fields(rules):
        value = getattr(rules, f.name)
        if f.name == "contracts":
            value = [[[part.kind.value, part.min_length] for part in contract.melds] for contract in value]
        elif isinstance(value, Enum):
            value = value.value
        elif isinstance(value, tuple):
            value = list(value)
        data[f.name] = value
    return data


def _contract(parts: Any) -> Contract:
    if not isinstance(parts, list) or not parts:
        raise RulesError(f"a contract must be a non-empty list of [kind, length] pairs, not {short(parts)}")
    melds = []
    for part in parts:
        if not (isinstance(part, list) and len(part) == 2 and isinstance(part[1], int)):
            raise RulesError(f"a contract part must be [kind, length], not {short(part)}")
        try:
            kind = MeldKind(part[0])
        except ValueError as exc:
            raise RulesError(f"{short(part[0])} is not a meld kind (set or run)") from exc
        melds.append(ContractMeld(kind, part[1]))
    return Contract(tuple(melds))


_SIMPLE_TYPES: dict[str, type] = {"bool": bool, "int": int, "str": str}


def rules_from_json(data: Any) -> RummyRules:
    """Rebuild the rules written by ``rules_to_json``; raises ``RulesError`` saying what is wrong."""
    if not isinstance(data, dict):
        raise RulesError(f"rules must be an object of settings, not {short(data)}")
    known = {f.name: f for f in fields(RummyRules)}
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise RulesError(f"unknown rules settings: {listed(unknown)}")
    kwargs: dict[str, Any] = {}
    for name, value in data.items():
        if name == "contracts":
            if not isinstance(value, list):
                raise RulesError("contracts must be a list, one per deal")
            kwargs[name] = tuple(_contract(parts) for parts in value)
        elif name == "scoring":
            try:
                kwargs[name] = Scoring(value)
            except ValueError as exc:
                raise RulesError(f"{short(value)} is not a scoring mode (team or individual)") from exc
        elif name == "hand_sizes":
            if not isinstance(value, list) or not all(isinstance(v, int) for v in value):
                raise RulesError("hand_sizes must be a list of whole numbers")
            kwargs[name] = tuple(value)
        else:
            expected = _SIMPLE_TYPES.get(str(known[name].type))
            if expected is not None and type(value) is not expected:
                raise RulesError(f"the rules setting {short(name)} must be a {expected.__name__}, not {short(value)}")
            kwargs[name] = value
    try:
        return RummyRules(**kwargs)
    except TypeError as exc:
        raise RulesError(f"incomplete rules: {exc}") from exc
