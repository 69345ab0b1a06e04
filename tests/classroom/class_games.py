"""THE ONE PLACE where the class store's tests make and score real game records.

Today the rummy engine still writes its own record format, so ``sealed_push_record`` plays a real
Push match with ``RandomPlayer`` and wraps it in the shared ``push_learn.records.Record`` envelope
(each action naming its seat), and ``score_push`` replays that envelope with ``MatchRecord``.
At merge time, when ``push_learn.games.load_record`` exists, ``score_push`` becomes
``push_learn.classroom.default_score`` and ``sealed_push_record`` uses ``match.record()`` directly.
"""

from __future__ import annotations

from typing import Any

from push_learn.classroom import Score, hints_of, rummy_score
from push_learn.errors import RecordError
from push_learn.records import Record
from push_learn.rummy import PUSH
from push_learn.rummy.engine import Match, MatchRecord, RandomPlayer, rules_to_json
from push_learn.rummy.engine.record import SCHEMA as MATCH_SCHEMA
from push_learn.rummy.engine.record import VERSION as MATCH_VERSION

SEAL_KEY = b"the server's sealing key"
"""The sealing key of the tests' server."""
PUSH_RULES: dict[str, Any] = rules_to_json(PUSH)
"""Push's rules as the plain values an assignment stores."""


def bots_for(student: str) -> tuple[str, str, str, str]:
    """The four players of a duplicate deal: the student and three bots."""
    return (student, "Bot West", "Bot North", "Bot East")


def sealed_push_record(seed: int, student: str, key: bytes | None, *, player_seed: int = 0, hints: int = 0,
                       stop_after: int | None = None) -> Record:
    """A whole (or, with ``stop_after``, unfinished) Push match of ``seed`` played at random, sealed under ``key``."""
    match = Match.new(PUSH, seed, bots_for(student))
    player = RandomPlayer(player_seed)
    actions: list[dict[str, Any]] = []
    while not match.over and (stop_after is None or len(actions) < stop_after):
        action = player.choose(match)
        actions.append({**action.to_json(), "seat": match.turn})
        match.apply(action)
    record = Record("push", PUSH_RULES, seed, bots_for(student), tuple(actions), {"hints": hints})
    return record.sealed(key) if key else record


def score_push(record: Record, player: str) -> Score:
    """Replay a Push record (the store has checked its seal) and score ``player``: the store's ``score``."""
    if record.game != "push":
        raise RecordError(f"these tests score only Push, not {record.game}")
    data = {"schema": MATCH_SCHEMA, "version": MATCH_VERSION, "rules": dict(record.rules), "seed": record.seed,
            "players": list(record.players or ()),
            "actions": [{k: v for k, v in action.items() if k != "seat"} for action in record.actions]}
    match_record = MatchRecord.from_dict(data, check=False)
    seats: list[int] = []
    final = None
    for index, match in enumerate(match_record.states()):  # one Match object, advancing action by action
        final = match
        if index < len(record.actions):
            if record.actions[index].get("seat") != match.turn:
                raise RecordError(f"step {index + 1} names seat {record.actions[index].get('seat')}, "
                                  f"but seat {match.turn} was to move")
            seats.append(match.turn)
    assert final is not None
    return rummy_score(final, seats, player, hints_of(record))
