"""Versioned JSON records of push stud deals, and replaying them.

A record holds what decides a deal: the game, its rules, the players, the dealer, the stacks, the
seed (and any cards stacked on top of the deck for a scripted deal) and the actions in order.
Replaying it reproduces every state; replaying a prefix steps back; a corrupt record raises
``RecordError`` naming the first bad event.

>>> from push_learn.poker.screw import ScrewGame
>>> game = ScrewGame(seed=7)
>>> GameRecord.from_json(game.record().to_json()).replay().observe(0) == game.observe(0)
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from push_learn.errors import RecordError

if TYPE_CHECKING:
    from push_learn.poker.stud import StudGame

__all__ = ["SCHEMA", "GameRecord", "replay"]

SCHEMA = "push_learn.poker/1"
"""The record format this version writes and reads."""


@dataclass(frozen=True)
class GameRecord:
    """One deal as data: replay it with ``replay()``."""

    game: str
    rules: dict[str, Any]
    names: tuple[str, ...]
    dealer: int
    stacks: tuple[int, ...]
    seed: int
    deck_top: tuple[str, ...] = ()
    actions: tuple[dict[str, Any], ...] = ()
    schema: str = SCHEMA

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "schema": self.schema, "game": self.game, "rules": dict(self.rules), "names": list(self.names),
            "dealer": self.dealer, "stacks": list(self.stacks), "seed": self.seed, "deck_top": list(self.deck_top),
            "actions": [dict(a) for a in self.actions],
        }

    def to_json(self, indent: int | None = None) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Read a record dict, refusing unknown versions and malformed fields with ``RecordError``."""
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if data.get("schema") != SCHEMA:
            raise RecordError(f"unknown record version {data.get('schema')!r}: this version reads {SCHEMA!r}")
        try:
            actions = tuple(dict(a) for a in data.get("actions", []))
            return cls(
                game=str(data["game"]), rules=dict(data["rules"]), names=tuple(str(n) for n in data["names"]),
                dealer=int(data["dealer"]), stacks=tuple(int(s) for s in data["stacks"]), seed=int(data["seed"]),
                deck_top=tuple(str(c) for c in data.get("deck_top", [])), actions=actions,
            )
        except (KeyError, TypeError, ValueError) as error:
            raise RecordError(f"the record is missing or garbles a field: {error}") from None

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record from JSON text."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"the record is not valid JSON: {error}") from None
        return cls.from_dict(data)

    def replay(self, upto: int | None = None) -> StudGame:
        """The game after the first ``upto`` actions (all of them by default)."""
        return replay(self, upto)


def replay(record: GameRecord, upto: int | None = None) -> StudGame:
    """Rebuild a deal from its record, checking every action as it is applied."""
    import push_learn.poker.push_stud
    import push_learn.poker.screw  # noqa: F401 - importing the game modules registers them
    from push_learn.poker.actions import Action
    from push_learn.poker.stud import StudGame

    game_type = StudGame.registry.get(record.game)
    if game_type is None:
        raise RecordError(f"unknown game {record.game!r}")
    try:
        rules = game_type.rules_type.from_dict(record.rules)
        game = game_type(rules, record.names, record.stacks, record.dealer, record.seed, record.deck_top)
    except ValueError as error:
        raise RecordError(f"the record's set-up is not valid: {error}") from None
    events = record.actions if upto is None else record.actions[:upto]
    for index, data in enumerate(events):
        try:
            action = Action.from_dict(data)
        except (KeyError, TypeError, ValueError) as error:
            raise RecordError(f"event {index} is not an action: {error}", index) from None
        reason = game.refusal(action)
        if reason is not None:
            raise RecordError(f"event {index} ({action.describe(game.names)}) is not legal: {reason}", index)
        game.apply(action)
    return game
