"""Which games a class table plays, and a new table's rules and seat names, read from the catalogue.

A game's usual bots (``GameSpec.default_level``) and whether it is played against the dealer
(``GameSpec.against_dealer``) are the catalogue's own facts; this module adds only what is the tables' own.

Kept apart from the replica (``push_learn.classroom.tables``) so the class service can read it
without importing the replica's link to the service.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from push_learn.classroom.errors import ClassroomError
from push_learn.errors import PushLearnError
from push_learn.games import GAMES
from push_learn.poker.three_card_session import class_stack
from push_learn.protocol import GameSpec
from push_learn.records import Record, short

__all__ = [
    "ASSIGNMENT_LENGTHS",
    "NAMED_SEATS",
    "OPTION_WORDS",
    "TABLE_FAMILIES",
    "TABLE_GAMES",
    "TABLE_OPTIONS",
    "TABLE_SETUP",
    "Length",
    "assignment_rules",
    "chosen_rules",
    "length_words",
    "options_words",
    "replay_table",
    "split_rules",
    "table_record",
    "table_rules",
    "table_seat_names",
    "table_spec",
    "usual_length",
]

TABLE_FAMILIES = ("rummy", "stud", "three_card")
"""The families a class table plays (D-TBL-01, D-TBL-13, D-TBL-17): rummy, the push stud games, and of the
three-card games brag."""
TABLE_OPTIONS = {"push_stud": ("roll_your_own", "substitution")}
"""The rules options a student may choose when opening a class table, and a teacher when setting the assignment of
the day, by game (true or false each)."""
OPTION_WORDS = {"roll_your_own": "Roll Your Own", "substitution": "Substitution"}
"""Each option of ``TABLE_OPTIONS`` by its name for people (the forms' labels, the refusals)."""
TABLE_GAMES = tuple(spec.id for spec in GAMES.values()
                    if spec.family in TABLE_FAMILIES and not spec.against_dealer and spec.read_action is not None
                    and spec.players[-1] >= 2)
"""The games a class table plays, by id: Push, Cap-It, 6-7-8-9-10, Push stud, Screw Your Neighbor and brag (not
Three Card Poker, played against the dealer)."""
TABLE_SETUP: Mapping[str, Mapping[str, Any]] = {"brag": {"hands": 5}, "three_card_poker": {"rounds": 10}}
"""The set-up a class gives a game besides its rules, by game: a brag table (or a brag assignment) plays a match of
five deals (D-TBL-18), a Three Card Poker assignment a session of ten rounds (D-CLS-10). The stored rules carry
these fields beside the game's own, so the store's log, every replica and the teacher's replay start the same
match."""


class Length(NamedTuple):
    """How long an assignment of a game may be made (D-CLS-12): the set-up field that counts it (``TABLE_SETUP``),
    what it counts (one ``unit``) and the most the teacher may ask for."""

    field: str
    unit: str
    most: int


ASSIGNMENT_LENGTHS: Mapping[str, Length] = {"brag": Length("hands", "deal", 20),
                                            "three_card_poker": Length("rounds", "round", 50)}
"""The games whose assignment of the day the teacher may make shorter or longer than ``TABLE_SETUP``'s (D-CLS-12): a
brag match of 1 to 20 deals, a Three Card Poker session of 1 to 50 rounds. The other games play a whole match."""
NAMED_SEATS = frozenset({"brag"})
"""The games whose class-table records carry their seats' names (the game's own: ``Seat 1`` …). Brag's records always
have, since its default names once counted from 0; they are kept so that those records stay as they were."""


def table_levels() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Every bot level a class-table game offers, in the catalogue's order, each with the titles of the games
    that offer it (for the teacher's "give the seat to a bot" list).

    >>> dict(table_levels())["threshold"]
    ('Push stud', 'Screw Your Neighbor')
    """
    games: dict[str, list[str]] = {}
    for game in TABLE_GAMES:
        for level in GAMES[game].bots:
            games.setdefault(level, []).append(GAMES[game].title)
    return tuple((level, tuple(titles)) for level, titles in games.items())


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


def table_rules(
    game: str, players: object = None, *, setup: Mapping[str, Any] | None = None, **options: Any
) -> dict[str, Any]:
    """The rules of a new table of ``game`` as the store keeps them: the rules its records carry.

    ``players`` is the number of seats (the game's default when None); ``options`` are the game's
    own (Push stud's ``roll_your_own`` and ``substitution``). A choice the game refuses raises
    ``ClassroomError`` saying why. The table's set-up (``TABLE_SETUP``: a brag table's deals) is kept
    beside the rules; ``table_record`` parts them again.

    >>> table_rules("push_stud", 4, roll_your_own=True)["roll_your_own"]
    True
    >>> table_rules("brag", 3)["hands"], table_rules("brag", 3)["players"]
    (5, 3)
    """
    spec = table_spec(game)
    count = spec.default_players if players is None else players
    if isinstance(count, bool) or not isinstance(count, int) or count not in spec.players:
        raise ClassroomError(f"{spec.title} is for {spec.players_words} players, not {short(count)}")
    return _stored_rules(spec, count, options, setup)


def _stored_rules(
    spec: GameSpec, count: int, options: Mapping[str, Any], setup: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The rules of ``spec``'s game for ``count`` players with ``options``, with its class set-up (``TABLE_SETUP``,
    or ``setup``) beside them, as the store keeps them; ``ClassroomError`` saying why the game refuses them."""
    try:
        setup = TABLE_SETUP.get(spec.id, {}) if setup is None else setup
        record = spec.new(seed=0, players=count, **options, **setup).record()
    except (PushLearnError, ValueError, TypeError) as exc:
        raise ClassroomError(f"{spec.title} cannot be set up that way: {exc}") from None
    rules: dict[str, Any] = dict(record.rules)
    rules.update({name: record.setup[name] for name in TABLE_SETUP.get(spec.id, {})})
    return rules


def options_words(game: str) -> str:
    """The options ``game`` offers in words, for a refusal.

    >>> options_words("push_stud"), options_words("screw")
    ('Roll Your Own and Substitution', 'none')
    """
    return " and ".join(OPTION_WORDS[name] for name in TABLE_OPTIONS.get(game, ())) or "none"


def chosen_rules(
    game: object, players: object = None, options: object = None, setup: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The rules (as ``table_rules`` gives them) of what a student or a teacher chose: ``game``, the number of
    ``players`` (None: the game's usual) and ``options``, a mapping of the game's ``TABLE_OPTIONS`` to true or
    false; ``ClassroomError`` in words for anything else.

    >>> chosen_rules("push_stud", 5, {"substitution": True})["name"]
    'Push stud with substitution'
    >>> chosen_rules("screw", 4, {"roll_your_own": True})
    Traceback (most recent call last):
    ...
    push_learn.classroom.errors.ClassroomError: Screw Your Neighbor has no options to choose
    """
    spec = table_spec(game)
    options = {} if options is None else options
    allowed = TABLE_OPTIONS.get(spec.id, ())
    if not isinstance(options, Mapping) or not set(options) <= set(allowed):
        raise ClassroomError(f"{spec.title}'s options are {options_words(spec.id)}" if allowed
                             else f"{spec.title} has no options to choose")
    return table_rules(spec.id, players, setup=setup, **{name: options[name] is True for name in options})


def assignment_rules(
    game: object, players: object = None, options: object = None, length: object = None
) -> dict[str, Any]:
    """The rules of an assignment of the day of ``game`` as the store keeps them: a class table's game's as
    ``chosen_rules`` gives them; a game played against the dealer (Three Card Poker) dealt to the student alone,
    with its class set-up and no options (D-CLS-10). ``length`` (None: the usual) is a brag match's deals or a Three
    Card Poker session's rounds (``ASSIGNMENT_LENGTHS``, D-CLS-12). ``ClassroomError`` in words for anything else.

    >>> assignment_rules("three_card_poker")["rounds"], assignment_rules("three_card_poker")["seats"]
    (10, 1)
    >>> rules = assignment_rules("three_card_poker", length=20)
    >>> rules["rounds"], rules["starting_stack"]
    (20, 200)
    >>> assignment_rules("three_card_poker", 3)
    Traceback (most recent call last):
    ...
    push_learn.classroom.errors.ClassroomError: Three Card Poker is dealt to each student alone, not to 3 players
    """
    spec = GAMES.get(game) if isinstance(game, str) else None
    if spec is None or not spec.against_dealer:  # chosen_rules refuses a game that is not a table's
        return chosen_rules(game, players, options, None if spec is None else _length_setup(spec, length))
    if players is not None and (isinstance(players, bool) or players != 1):
        raise ClassroomError(f"{spec.title} is dealt to each student alone, not to {short(players)} players")
    if options:
        raise ClassroomError(f"{spec.title} has no options to choose")
    setup = _length_setup(spec, length)
    return _stored_rules(spec, 1, {"starting_stack": class_stack(setup["rounds"])}, setup)


def _length_setup(spec: GameSpec, length: object) -> dict[str, Any]:
    """The class set-up of an assignment of ``spec``'s game ``length`` long (None: ``TABLE_SETUP``'s), or
    ``ClassroomError`` in words."""
    usual = dict(TABLE_SETUP.get(spec.id, {}))
    if length is None:
        return usual
    allowed = ASSIGNMENT_LENGTHS.get(spec.id)
    if allowed is None:
        raise ClassroomError(f"{spec.title} plays a whole match: only {length_words()} can be made shorter or longer")
    if isinstance(length, bool) or not isinstance(length, int) or not 1 <= length <= allowed.most:
        raise ClassroomError(f"a {spec.title} assignment is 1 to {allowed.most} {allowed.unit}s long, "
                             f"not {short(length, 20)}")
    usual[allowed.field] = length
    return usual


def usual_length(game: str) -> int:
    """How long an assignment of ``game`` (one of ``ASSIGNMENT_LENGTHS``) is unless the teacher says: its
    ``TABLE_SETUP``.

    >>> usual_length("brag"), usual_length("three_card_poker")
    (5, 10)
    """
    return int(TABLE_SETUP[game][ASSIGNMENT_LENGTHS[game].field])


def length_words() -> str:
    """The games whose assignment may be made shorter or longer, and their units, in words.

    >>> length_words()
    'Three-card brag (deals) and Three Card Poker (rounds)'
    """
    return " and ".join(f"{GAMES[game].title} ({allowed.unit}s)" for game, allowed in ASSIGNMENT_LENGTHS.items())


def table_record(game: str, rules: Mapping[str, Any], seed: int, actions: Sequence[Mapping[str, Any]] = ()) -> Record:
    """The record of a class table of ``game`` whose stored rules are ``rules`` (as ``table_rules`` gives them),
    with the log's ``actions``: its set-up fields parted from the game's rules, its seats named as the table
    names them. Every replica and the teacher's replay start a table's game from this record.

    >>> record = table_record("brag", table_rules("brag", 3), 7)
    >>> record.setup, "hands" in record.rules, record.players
    ({'hands': 5}, False, ('Seat 1', 'Seat 2', 'Seat 3'))
    """
    players = table_seat_names(game, int(rules["players"])) if game in NAMED_SEATS else None
    own, setup = split_rules(game, rules)
    return Record(game, own, seed, players, tuple(dict(action) for action in actions), setup)


def split_rules(game: str, rules: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Stored rules (``table_rules``) parted into the game's own rules and its set-up (``TABLE_SETUP``), as a record
    of the game carries them.

    >>> split_rules("brag", {"players": 3, "hands": 5})
    ({'players': 3}, {'hands': 5})
    """
    setup = set(TABLE_SETUP.get(game, {}))
    return ({key: value for key, value in rules.items() if key not in setup},
            {key: value for key, value in rules.items() if key in setup})


def replay_table(game: str, rules: Mapping[str, Any], seed: int, actions: Sequence[Mapping[str, Any]]) -> Any:
    """The game of a class table replayed from its log's ``actions`` (each checked as a record's are): what the
    teacher replays or downloads once the table is over. ``ClassroomError`` in words for a log that breaks."""
    spec = table_spec(game)
    try:
        return spec.load(table_record(game, rules, seed, actions))
    except (PushLearnError, ValueError) as exc:
        raise ClassroomError(f"this table's log cannot be replayed: {exc}") from None
