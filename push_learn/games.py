"""The catalogue of every game push_learn plays, and the one way to start or replay any of them.

>>> from push_learn.games import GAMES, new_game
>>> sorted(GAMES)[:3]
['brag', 'cap_it', 'push']
>>> game = new_game("screw", seed=4)
>>> game.to_move, game.over
((...,), False)

``load_record(text_or_record, key=...)`` reads any record (today's envelope, or a rummy match saved
in the older format), checks its seal when a key is given, and replays it step by step.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from push_learn.errors import RecordError
from push_learn.poker.catalogue import POKER_GAMES, legacy_poker_record
from push_learn.protocol import GameSpec
from push_learn.records import Record, load_json, short
from push_learn.rummy.catalogue import RUMMY_GAMES, legacy_rummy_record

__all__ = ["GAMES", "GameSpec", "load_record", "new_game", "read_record", "record_spec", "title_of"]

GAMES: Mapping[str, GameSpec] = {spec.id: spec for spec in (*RUMMY_GAMES, *POKER_GAMES)}
"""Every game by id, in the order people meet them (the rummy family first)."""

_LEGACY_READERS = (legacy_rummy_record, legacy_poker_record)


def spec_of(game_id: object) -> GameSpec:
    """The catalogue entry of ``game_id``; ``KeyError`` with the known ids otherwise."""
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise KeyError(f"there is no game {short(game_id)}: the games are {', '.join(GAMES)}")
    return GAMES[game_id]


def record_spec(record: Record) -> GameSpec:
    """The catalogue entry of the game ``record`` describes; ``RecordError`` with the known ids otherwise."""
    try:
        return spec_of(record.game)
    except KeyError as exc:
        raise RecordError(str(exc.args[0])) from None


def title_of(game_id: str) -> str:
    """The game's name for people (``Screw Your Neighbor``), or its id when it is none of the catalogue's (a record
    or a table of a game this version does not know)."""
    spec = GAMES.get(game_id)
    return game_id if spec is None else spec.title


def new_game(game_id: str, seed: int | str = 0, players: int | tuple[str, ...] | None = None,
             **options: Any) -> Any:
    """A new game of ``game_id`` fixed by ``seed`` (players: a count or the names)."""
    return spec_of(game_id).new(seed=seed, players=players, **options)


def read_record(source: str | bytes | Mapping[str, Any] | Record) -> Record:
    """The envelope of a record given as JSON text, plain values or a ``Record`` (older formats upgraded)."""
    if isinstance(source, Record):
        return source
    data = load_json(source) if isinstance(source, str | bytes) else source
    for legacy in _LEGACY_READERS:
        upgraded = legacy(data)
        if upgraded is not None:
            return upgraded
    return Record.from_dict(data)


def load_record(source: str | bytes | Mapping[str, Any] | Record, key: bytes | None = None,
                sealed: bool = False) -> Any:
    """Replay any record to the game it describes.

    With ``key`` a sealed record's seal is checked (an edited one is refused); with ``sealed`` an
    unsealed record is refused too. Everything malformed raises ``RecordError`` in plain words.
    """
    record = read_record(source)
    if record.seal is not None and key is not None:
        record.check_seal(key)
    elif sealed:
        if key is None:
            raise RecordError("no key to check the record's seal with")
        record.check_seal(key)
    return record_spec(record).load(record)
