"""Which games a class table plays, and a new table's rules, bots and seat names, read from the catalogue.

Kept apart from the replica (``push_learn.classroom.tables``) so the class service can read it
without importing the replica's link to the service.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from push_learn.classroom.errors import ClassroomError
from push_learn.errors import PushLearnError
from push_learn.games import GAMES
from push_learn.protocol import GameSpec
from push_learn.records import Record, short

__all__ = ["DEFAULT_LEVEL", "TABLE_FAMILIES", "TABLE_GAMES", "TABLE_OPTIONS", "replay_table", "table_rules",
           "table_seat_names", "table_spec"]

TABLE_FAMILIES = ("rummy", "stud")
"""The families a class table plays (D-TBL-01, D-TBL-13): rummy, and the push stud games."""
TABLE_OPTIONS = {"push_stud": ("roll_your_own", "substitution")}
"""The rules options a student may choose when opening a class table, by game (true or false each)."""
DEFAULT_LEVEL = {"rummy": "greedy", "stud": "threshold"}
"""The bots of a new table when none are chosen, by family."""
TABLE_GAMES = tuple(spec.id for spec in GAMES.values()
                    if spec.family in TABLE_FAMILIES and spec.read_action is not None and spec.players[-1] >= 2)
"""The games a class table plays, by id: Push, Cap-It, 6-7-8-9-10, Push stud and Screw Your Neighbor."""


def table_spec(game: object) -> GameSpec:
    """The catalogue entry of a game a class table plays; ``ClassroomError`` in words for any other."""
    if not isinstance(game, str) or game not in TABLE_GAMES:
        raise ClassroomError(f"a class table plays {', '.join(TABLE_GAMES)}, not {short(game, 30)}")
    return GAMES[game]


@functools.cache
def table_seat_names(game: str, seats: int) -> tuple[str, ...]:
    """The names of the seats of a ``seats``-seat table of ``game`` (``North`` ..., ``Seat 1`` ...).

    >>> table_seat_names("screw", 3)
    ('Seat 1', 'Seat 2', 'Seat 3')
    """
    names: tuple[str, ...] = table_spec(game).new(seed=0, players=seats).players
    return names


def table_rules(game: str, players: int | None = None, **options: Any) -> dict[str, Any]:
    """The rules of a new table of ``game`` as the store keeps them: the rules its records carry.

    ``players`` is the number of seats (the game's default when None); ``options`` are the game's
    own (Push stud's ``roll_your_own`` and ``substitution``). A choice the game refuses raises
    ``ClassroomError`` saying why.

    >>> table_rules("push_stud", 4, roll_your_own=True)["roll_your_own"]
    True
    """
    spec = table_spec(game)
    count = spec.default_players if players is None else players
    if isinstance(count, bool) or not isinstance(count, int) or count not in spec.players:
        raise ClassroomError(f"{spec.title} is for {spec.players[0]} to {spec.players[-1]} players, "
                             f"not {short(count)}")
    try:
        rules: dict[str, Any] = dict(spec.new(seed=0, players=count, **options).record().rules)
    except (PushLearnError, ValueError, TypeError) as exc:
        raise ClassroomError(f"{spec.title} cannot be set up that way: {exc}") from None
    return rules


def replay_table(game: str, rules: Mapping[str, Any], seed: int, actions: Sequence[Mapping[str, Any]]) -> Any:
    """The game of a class table replayed from its log's ``actions`` (each checked as a record's are): what the
    teacher replays or downloads once the table is over. ``ClassroomError`` in words for a log that breaks."""
    spec = table_spec(game)
    try:
        return spec.load(Record(game, dict(rules), seed, actions=tuple(dict(action) for action in actions)))
    except (PushLearnError, ValueError) as exc:
        raise ClassroomError(f"this table's log cannot be replayed: {exc}") from None
