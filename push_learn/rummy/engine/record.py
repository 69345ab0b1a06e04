"""Match records: rules + seed + players + actions, saved as versioned JSON and replayed exactly.

>>> from push_learn.rummy import PUSH
>>> from push_learn.rummy.engine import Match, MatchRecord, Push
>>> match = Match.new(PUSH, seed=3)
>>> _ = match.apply(Push())
>>> text = match.record().to_json()
>>> MatchRecord.from_json(text).replay().snapshot() == match.snapshot()
True

``from_json`` checks everything before returning: bad JSON, an unknown schema or version, bad card
text or an action that is illegal at its step raise ``RecordError`` naming the first bad action
(``error.index`` is its 0-based number); nothing partial is returned.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from push_learn.errors import IllegalAction, PushLearnError, RecordError
from push_learn.rummy.engine.actions import Action, ActionFormatError, action_from_json
from push_learn.rummy.engine.game import Match
from push_learn.rummy.engine.serial import rules_from_json, rules_to_json
from push_learn.rummy.engine.setup import Seed
from push_learn.rummy.rules import RummyRules

__all__ = ["SCHEMA", "VERSION", "MatchRecord"]

SCHEMA = "push_learn.rummy.match"
"""The ``schema`` field of every rummy match record."""
VERSION = 1
"""The record format version this code writes and reads."""


@dataclass(frozen=True)
class MatchRecord:
    """Everything that fixes a match: its rules, seed, player names and the actions taken."""

    rules: RummyRules
    seed: Seed
    actions: tuple[Action, ...] = ()
    players: tuple[str, ...] | None = None

    def __len__(self) -> int:
        return len(self.actions)

    # ---- replay ---------------------------------------------------------------------------
    def replay(self, n: int | None = None) -> Match:
        """The match after the first ``n`` actions (all by default). Stepping back is ``replay(n - 1)``.

        Raises ``RecordError`` naming the first action that is not legal where it stands.
        """
        count = len(self.actions) if n is None else n
        if not 0 <= count <= len(self.actions):
            raise RecordError(f"this record has {len(self.actions)} actions, so it cannot be replayed to {n}")
        match = Match.new(self.rules, self.seed, self.players)
        for index, action in enumerate(self.actions[:count]):
            _apply_step(match, action, index)
        return match

    def states(self) -> Iterator[Match]:
        """The match before the first action and after each one (the same ``Match`` object, advancing)."""
        match = Match.new(self.rules, self.seed, self.players)
        yield match
        for index, action in enumerate(self.actions):
            _apply_step(match, action, index)
            yield match

    def extended(self, *actions: Action) -> MatchRecord:
        """A new record with ``actions`` added at the end (not checked until replayed)."""
        return MatchRecord(self.rules, self.seed, self.actions + actions, self.players)

    # ---- JSON -----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The record as plain JSON values."""
        return {
            "schema": SCHEMA,
            "version": VERSION,
            "rules": rules_to_json(self.rules),
            "seed": self.seed,
            "players": None if self.players is None else list(self.players),
            "actions": [action.to_json() for action in self.actions],
        }

    def to_json(self, indent: int | None = None) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Any, check: bool = True) -> MatchRecord:
        """Read a record written by ``to_dict``; with ``check`` (the default) replay it to prove every action."""
        if not isinstance(data, dict):
            raise RecordError("a match record must be a JSON object")
        if data.get("schema") != SCHEMA:
            raise RecordError(f"this is not a rummy match record (schema {data.get('schema')!r}, expected {SCHEMA!r})")
        if data.get("version") != VERSION:
            raise RecordError(f"record version {data.get('version')!r} is not supported (this code reads {VERSION})")
        try:
            rules = rules_from_json(data.get("rules"))
        except PushLearnError as exc:
            raise RecordError(f"the record's rules cannot be read: {exc}") from exc
        seed = data.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            raise RecordError(f"the record's seed must be a whole number or text, not {seed!r}")
        players = data.get("players")
        if players is not None and not (isinstance(players, list) and all(isinstance(p, str) for p in players)):
            raise RecordError("the record's players must be a list of names")
        raw_actions = data.get("actions")
        if not isinstance(raw_actions, list):
            raise RecordError("the record's actions must be a list")
        actions = []
        for index, raw in enumerate(raw_actions):
            try:
                actions.append(action_from_json(raw))
            except (ActionFormatError, ValueError) as exc:
                raise RecordError(f"action {index + 1} cannot be read: {exc}", index) from exc
        try:
            record = cls(rules, seed, tuple(actions), None if players is None else tuple(players))
            if check:
                record.replay()
        except ValueError as exc:
            if isinstance(exc, RecordError):
                raise
            raise RecordError(f"the record cannot be replayed: {exc}") from exc
        return record

    @classmethod
    def from_json(cls, text: str | bytes, check: bool = True) -> MatchRecord:
        """Read a record from JSON text (see ``from_dict``)."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise RecordError(f"the record is not valid JSON: {exc}") from exc
        return cls.from_dict(data, check)


def _apply_step(match: Match, action: Action, index: int) -> None:
    try:
        match.apply(action)
    except IllegalAction as exc:
        raise RecordError(f"action {index + 1} ({action}) is not allowed there: {exc}", index) from exc
