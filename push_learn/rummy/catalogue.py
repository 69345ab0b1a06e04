"""The rummy family in the catalogue of games: Push, Cap-It and 6-7-8-9-10, each listed once.

Every dashboard, widget and command reads the rummy games' ids, names, player counts and bot levels
from here (``push_learn.games`` gathers every family's list):

>>> [(spec.id, spec.title, spec.players, spec.default_players) for spec in RUMMY_GAMES]
[('push', 'Push', (4,), 4), ('cap_it', 'Cap-It', (3, 4, 5, 6), 4), ('six_to_ten', '6-7-8-9-10', (2, 3, 4), 2)]
>>> match = rummy_spec("cap_it").new(seed=3, players=5)
>>> match.players
('Player 1', 'Player 2', 'Player 3', 'Player 4', 'Player 5')
>>> list(rummy_spec("push").bots)
['random', 'greedy', 'search']

Importing this module loads neither the solver nor a bot: the bot factories import them when called.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from push_learn.protocol import GameSpec
from push_learn.records import Record, short
from push_learn.rummy.engine.game import Match
from push_learn.rummy.engine.record import legacy_rummy_record, load_match
from push_learn.rummy.rules import (
    PLAYER_RANGE,
    VARIANT_NAMES,
    RulesError,
    RummyRules,
    cap_it,
    push,
    six_to_ten,
    unknown_game,
)

__all__ = [
    "BOT_LEVELS",
    "RUMMY_GAMES",
    "VARIANT_ALIASES",
    "legacy_rummy_record",
    "make_rummy_bot",
    "rummy_rules",
    "rummy_spec",
]

BOT_LEVELS = ("random", "greedy", "search")
"""The rummy bot levels, weakest first."""

_BOT_CLASSES = {
    "random": ("push_learn.rummy.bots", "RandomBot"),
    "greedy": ("push_learn.rummy.bots", "GreedyBot"),
    "search": ("push_learn.rummy.search_bot", "SearchBot"),
}

_BUILDERS: dict[str, Callable[[int], RummyRules]] = {
    "push": lambda players: push(),
    "cap_it": cap_it,
    "six_to_ten": six_to_ten,
}

VARIANT_ALIASES = {
    "push": "push",
    "r1": "push",
    "cap_it": "cap_it",
    "capit": "cap_it",
    "cap-it": "cap_it",
    "r2": "cap_it",
    "six_to_ten": "six_to_ten",
    "6-7-8-9-10": "six_to_ten",
    "678910": "six_to_ten",
    "r3": "six_to_ten",
}
"""Every name a page address, a widget or a command accepts for a rummy game, lower case."""


def make_rummy_bot(level: str, **options: Any) -> Any:
    """A fresh rummy bot of ``level`` (``random``, ``greedy`` or ``search``), its module imported now."""
    from importlib import import_module

    if level not in _BOT_CLASSES:
        raise ValueError(f"choose a bot level among {', '.join(BOT_LEVELS)}, not {short(level)}")
    module, name = _BOT_CLASSES[level]
    return getattr(import_module(module), name)(**options)


def rummy_rules(game_id: str, players: int | None = None) -> RummyRules:
    """The preset rules of ``game_id`` for ``players`` (the game's usual number when ``None``).

    Raises ``RulesError`` in words for an unknown game or a number of players it is not played by.
    """
    key = VARIANT_ALIASES.get(str(game_id).strip().lower())
    if key is None:
        raise unknown_game(game_id)
    spec = rummy_spec(key)
    count = spec.default_players if players is None else players
    if count not in spec.players:
        raise RulesError(f"{spec.title} is played by {spec.players_words} players, not {short(count)}")
    return _BUILDERS[key](count)


def _new(game_id: str) -> Callable[..., Match]:
    def new(seed: int | str = 0, players: int | Sequence[str] | None = None, *, rules: RummyRules | None = None,
            **options: Any) -> Match:
        """A new match: ``players`` is a count or the entrants' names (seated at random by the seed)."""
        if options:
            raise TypeError(f"a rummy match has no option {short(sorted(options)[0])}")
        names = None if players is None or isinstance(players, int) else tuple(players)
        count = len(names) if names is not None else players
        if rules is None:
            rules = rummy_rules(game_id, count if isinstance(count, int) else None)
        elif rules.variant != game_id:
            raise RulesError(f"these are the rules of {rules.name}, not of {VARIANT_NAMES[game_id]}")
        return Match.new(rules, seed, names)

    return new


def _load(game_id: str) -> Callable[[Record], Match]:
    def load(record: Record) -> Match:
        """Replay a record of this game step by step."""
        if record.game != game_id:
            from push_learn.errors import RecordError

            raise RecordError(f"this is a record of {record.game}, not of {VARIANT_NAMES[game_id]}")
        return load_match(record)

    return load


def _read_action(data: Any) -> Any:
    """One rummy action from its JSON (``ActionFormatError``, a ``ValueError``, in words otherwise)."""
    from push_learn.rummy.engine.actions import action_from_json

    return action_from_json(data)


def _bots() -> Mapping[str, Callable[[], Any]]:
    return {level: (lambda level=level: make_rummy_bot(level)) for level in BOT_LEVELS}  # type: ignore[misc]


_DEFAULT = {"push": push().players, "cap_it": cap_it().players, "six_to_ten": six_to_ten().players}

RUMMY_GAMES: tuple[GameSpec, ...] = tuple(
    GameSpec(
        id=game_id,
        title=title,
        family="rummy",
        players=tuple(range(PLAYER_RANGE[game_id][0], PLAYER_RANGE[game_id][1] + 1)),
        default_players=_DEFAULT[game_id],
        new=_new(game_id),
        load=_load(game_id),
        bots=_bots(),
        read_action=_read_action,
        default_level="greedy",
    )
    for game_id, title in VARIANT_NAMES.items()
)
"""Push, Cap-It and 6-7-8-9-10: ids, names, player counts, default players, start, replay, bots (greedy ones
unless others are chosen)."""

_BY_ID = {spec.id: spec for spec in RUMMY_GAMES}


def rummy_spec(game_id: str) -> GameSpec:
    """The catalogue entry of a rummy game by id (``KeyError`` naming the ids otherwise)."""
    if game_id not in _BY_ID:
        raise KeyError(f"there is no rummy game {short(game_id)}: the games are {', '.join(_BY_ID)}")
    return _BY_ID[game_id]
