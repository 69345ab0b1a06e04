"""Rummy matches in the one record envelope (``push_learn.records.Record``), replayed step by step.

>>> from push_learn.rummy import PUSH
>>> from push_learn.rummy.engine import Match, Push
>>> match = Match.new(PUSH, seed=3)
>>> _ = match.apply(Push(match.turn))
>>> record = match.record()
>>> record.game, record.actions[0]
('push', {'type': 'push', 'seat': 1})
>>> load_match(read_match_record(record.to_json())).snapshot() == match.snapshot()
True

``load_match`` checks everything: rules that cannot be read, players that do not fit, an action
that cannot be read or is illegal at its step raise ``RecordError`` naming the first bad step
(``push_learn.records.step_error``: the message counts from 1, ``error.index`` from 0); nothing
partial is returned. Matches saved in the older rummy format (schema ``push_learn.rummy.match``,
version 1, actions without seats) are upgraded by ``legacy_rummy_record`` (D-ENG-16).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from push_learn.errors import IllegalAction, PushLearnError, RecordError
from push_learn.records import Record, listed, load_json, short, step_error
from push_learn.rummy.engine.actions import Action, ActionFormatError, action_from_json
from push_learn.rummy.engine.game import Match
from push_learn.rummy.engine.serial import rules_from_json
from push_learn.rummy.rules import VARIANT_NAMES

__all__ = [
    "LEGACY_SCHEMA",
    "LEGACY_VERSION",
    "legacy_rummy_record",
    "load_match",
    "match_states",
    "read_match_record",
]

LEGACY_SCHEMA = "push_learn.rummy.match"
"""The ``schema`` of the rummy family's own record format (version 1), still read."""
LEGACY_VERSION = 1
"""The only version of the older format."""


def _start(record: Record) -> Match:
    """The match a record starts from, after checking its game, rules and players."""
    if record.game not in VARIANT_NAMES:
        raise RecordError(f"this is a record of {short(record.game)}, not of a rummy game "
                          f"({', '.join(VARIANT_NAMES)})")
    try:
        rules = rules_from_json(dict(record.rules))
    except PushLearnError as exc:
        raise RecordError(f"the record's rules cannot be read: {exc}") from None
    if rules.variant != record.game:
        raise RecordError(f"the record says it is {record.game} but its rules are those of {rules.name}")
    unknown = sorted(set(record.setup) - {"entrants"})
    if unknown:
        raise RecordError(f"a rummy record's set-up has no field {short(unknown[0])}")
    entrants = record.setup.get("entrants")
    if entrants is not None and not (isinstance(entrants, list) and all(isinstance(e, str) for e in entrants)):
        raise RecordError("the record's entrants must be a list of names")
    count = len(entrants) if entrants is not None else len(record.players or ())
    if (entrants is not None or record.players is not None) and count != rules.players:
        raise RecordError(f"{rules.name} as recorded is played by {rules.players} players, not {count}")
    try:
        match = Match.new(rules, record.seed, None if entrants is None else tuple(entrants))
    except ValueError as exc:
        raise RecordError(f"the record's match cannot be started: {exc}") from None
    if record.players is not None and tuple(record.players) != match.players:
        raise RecordError(
            f"the record's players ({listed(record.players)}) are not the ones its seed seats "
            f"({listed(match.players)})"
        )
    return match


def _read_action(raw: Mapping[str, Any], index: int) -> Action:
    try:
        return action_from_json(dict(raw))
    except (ActionFormatError, ValueError) as exc:
        raise step_error(index, raw, str(exc)) from None


def _step(match: Match, action: Action, index: int) -> None:
    try:
        match.apply(action)
    except IllegalAction as exc:
        raise step_error(index, str(action), str(exc)) from None


def match_states(record: Record) -> Iterator[Match]:
    """The match before the first action and after each one (the same ``Match`` object, advancing)."""
    match = _start(record)
    yield match
    for index, raw in enumerate(record.actions):
        _step(match, _read_action(raw, index), index)
        yield match


def load_match(record: Record, n: int | None = None) -> Match:
    """Replay ``record`` to the match after its first ``n`` actions (all by default).

    Raises ``RecordError`` naming the first step that cannot be read or is not legal where it stands.
    """
    record = record.prefix(n)
    match = _start(record)
    for index, raw in enumerate(record.actions):
        _step(match, _read_action(raw, index), index)
    return match


def legacy_rummy_record(data: Any) -> Record | None:
    """A rummy match saved in the older format, upgraded to a ``Record``; ``None`` for anything else.

    The older format (schema ``push_learn.rummy.match``, version 1) wrote actions without seats: each
    one belongs to the seat to move at its step, so the record is replayed to fill the seats in. A
    step that cannot be read or played raises ``RecordError`` (``step_error``).
    """
    if not isinstance(data, Mapping) or data.get("schema") != LEGACY_SCHEMA:
        return None
    if data.get("version") != LEGACY_VERSION:
        raise RecordError(
            f"rummy record version {short(data.get('version'))} is not supported (this code reads "
            f"{LEGACY_VERSION} and the envelope {Record.__module__}.Record)"
        )
    try:
        rules = rules_from_json(data.get("rules"))
    except PushLearnError as exc:
        raise RecordError(f"the record's rules cannot be read: {exc}") from None
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise RecordError(f"the record's seed must be a whole number or text, not {short(seed)}")
    entrants = data.get("players")
    if entrants is not None and not (isinstance(entrants, list) and all(isinstance(p, str) for p in entrants)):
        raise RecordError("the record's players must be a list of names")
    raw_actions = data.get("actions")
    if not isinstance(raw_actions, list):
        raise RecordError("the record's actions must be a list")
    try:
        match = Match.new(rules, seed, None if entrants is None else tuple(entrants))
    except ValueError as exc:
        raise RecordError(f"the record's match cannot be started: {exc}") from None
    for index, raw in enumerate(raw_actions):
        if match.over:
            raise step_error(index, raw, "the match is over")
        try:
            action = action_from_json(raw, seat=match.turn)
        except (ActionFormatError, ValueError) as exc:
            raise step_error(index, raw, str(exc)) from None
        _step(match, action, index)
    # Read back through the envelope, which checks what the older format did not (names of whole Unicode text).
    return Record.from_dict(match.record().to_dict())


def read_match_record(source: str | bytes | Mapping[str, Any] | Record) -> Record:
    """A rummy record from JSON text, plain values or a ``Record``; the older format is upgraded.

    Only the envelope is read here: ``load_match`` replays and checks the steps.
    """
    if isinstance(source, Record):
        return source
    data = load_json(source) if isinstance(source, str | bytes) else source
    return legacy_rummy_record(data) or Record.from_dict(dict(data) if isinstance(data, Mapping) else data)
