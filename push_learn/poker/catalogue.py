"""The poker family's games in the catalogue (``push_learn.games``), and its older record formats.

``POKER_GAMES`` lists Push stud (with its Roll Your Own and Substitution options as rules), Screw Your
Neighbor, three-card brag and Three Card Poker: titles, player counts (read from each rules class),
how to start one, how to replay a record and the bot levels. Nothing heavy is imported here: the
games load when one is started and the bots when one is asked for.

>>> spec = POKER_GAMES[0]
>>> spec.id, spec.players[0], spec.default_players
('push_stud', 4, 6)
>>> game = spec.new(seed=3, players=4, roll_your_own=True)
>>> game.rules.roll_your_own, len(game.players)
(True, 4)

``legacy_poker_record(data)`` upgrades a record saved before the one envelope (the stud games'
``push_learn.poker/1`` and the three-card games' version 1) to a ``Record``, or returns ``None`` when
the data is not an older poker record.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from push_learn.errors import RecordError
from push_learn.poker.plain import is_whole
from push_learn.protocol import GameSpec
from push_learn.records import Record, short

__all__ = ["LEGACY_STUD_SCHEMA", "POKER_GAMES", "legacy_poker_record"]

LEGACY_STUD_SCHEMA = "push_learn.poker/1"
"""The schema of the stud games' records before the one envelope."""
_LEGACY_THREE_CARD = {"brag": "brag", "three card poker": "three_card_poker"}
"""The three-card games' ``game`` field in their version 1 records, and their ids today."""


def _names(players: int | Sequence[str] | None, default: int) -> tuple[int, tuple[str, ...] | None]:
    """A player count and the names (``None``: the game's own defaults) from ``players``."""
    if players is None:
        return default, None
    if is_whole(players):
        assert isinstance(players, int)
        return players, None
    if isinstance(players, str) or not isinstance(players, Sequence) or not all(isinstance(p, str) for p in players):
        raise ValueError(f"players is a number of players or their names, not {short(players)}")
    return len(players), tuple(players)


def _split(options: Mapping[str, Any], rules_type: type[Any], setup: Sequence[str]) -> tuple[dict[str, Any],
                                                                                             dict[str, Any]]:
    """Options for the rules and options for the game's set-up; an unknown option is refused in words."""
    fields = {f.name for f in dataclasses.fields(rules_type) if f.init} - {"players", "seats", "name"}
    unknown = sorted(set(options) - fields - set(setup))
    if unknown:
        known = ", ".join(sorted(fields | set(setup)))
        raise ValueError(f"there is no option {short(unknown[0])} (the options are {known})")
    return ({k: v for k, v in options.items() if k in fields}, {k: v for k, v in options.items() if k in setup})


# ---- starting games ---------------------------------------------------------------------------


def _new_push_stud(seed: int | str = 0, players: int | Sequence[str] | None = None, **options: Any) -> Any:
    from push_learn.poker.push_stud import PushStudGame, PushStudRules, push_stud_rules

    count, names = _names(players, 6)
    rules, setup = _split(options, PushStudRules, ("stacks", "dealer", "deck_top"))
    return PushStudGame(push_stud_rules(players=count, **rules), names, seed=seed, **setup)


def _new_screw(seed: int | str = 0, players: int | Sequence[str] | None = None, **options: Any) -> Any:
    from push_learn.poker.screw import ScrewGame, ScrewRules, screw_rules

    count, names = _names(players, 6)
    rules, setup = _split(options, ScrewRules, ("stacks", "dealer", "deck_top"))
    return ScrewGame(screw_rules(players=count, **rules), names, seed=seed, **setup)


def _new_brag(seed: int | str = 0, players: int | Sequence[str] | None = None, **options: Any) -> Any:
    from push_learn.poker.brag import BragGame, BragRules

    count, names = _names(players, 4)
    rules, setup = _split(options, BragRules, ("hands", "dealer", "pack"))
    return BragGame(BragRules(players=count, **rules), seed, players=names, **setup)


def _new_three_card_poker(seed: int | str = 0, players: int | Sequence[str] | None = None, **options: Any) -> Any:
    from push_learn.poker.three_card_poker import ThreeCardPokerGame, ThreeCardPokerRules

    count, names = _names(players, 1)
    rules, setup = _split(options, ThreeCardPokerRules, ("rounds",))
    return ThreeCardPokerGame(ThreeCardPokerRules(seats=count, **rules), seed, players=names, **setup)


# ---- replaying records ------------------------------------------------------------------------


def _load_stud(record: Record) -> Any:
    from push_learn.poker.stud_records import load_stud

    return load_stud(record)


def _load_brag(record: Record) -> Any:
    from push_learn.poker.brag import load_brag

    return load_brag(record)


def _load_three_card_poker(record: Record) -> Any:
    from push_learn.poker.three_card_poker import load_three_card_poker

    return load_three_card_poker(record)


def _read_stud_action(data: Any) -> Any:
    from push_learn.poker.actions import Action

    return Action.from_json(data)


def _read_brag_action(data: Any) -> Any:
    from push_learn.poker.brag_types import brag_action_from_json

    return brag_action_from_json(data)


def _read_tcp_action(data: Any) -> Any:
    from push_learn.poker.three_card_poker import tcp_action_from_json

    return tcp_action_from_json(data)


# ---- bots -------------------------------------------------------------------------------------


def _stud_random() -> Any:
    from push_learn.poker.analysis import RandomBot

    return RandomBot()


def _stud_threshold() -> Any:
    from push_learn.poker.analysis import ThresholdBot

    return ThresholdBot()


def _brag_random() -> Any:
    from push_learn.poker.brag_bots import RandomBragBot

    return RandomBragBot()


def _brag_sensible() -> Any:
    from push_learn.poker.brag_bots import SensibleBragBot

    return SensibleBragBot()


def _tcp_random() -> Any:
    from push_learn.poker.tcp_bots import RandomTcpBot

    return RandomTcpBot()


def _tcp_strategy() -> Any:
    from push_learn.poker.tcp_bots import StrategyTcpBot

    return StrategyTcpBot()


# ---- the coach's words (``GameSpec.advise``) --------------------------------------------------------------
def _stud_advice(game: Any, seat: int, rng: Any) -> list[str]:
    from push_learn.poker.analysis import advice_lines

    return advice_lines(game.observe(seat), rng)


def _brag_advice(game: Any, seat: int, rng: Any) -> list[str]:
    from push_learn.poker.brag_bots import SensibleBragBot

    seen = game.observe(seat)
    return SensibleBragBot().advise(seen).lines(seen)


def _tcp_advice(game: Any, seat: int, rng: Any) -> list[str]:
    from push_learn.poker.three_card_analysis import tcp_advice

    return tcp_advice(game, seat)


def _counts(rules_module: str, rules_class: str) -> tuple[int, ...]:
    """The allowed player counts, read from the rules class's ``MIN_PLAYERS`` and ``MAX_PLAYERS``."""
    from importlib import import_module

    cls = getattr(import_module(f"push_learn.poker.{rules_module}"), rules_class)
    return tuple(range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1))


POKER_GAMES: tuple[GameSpec, ...] = (
    GameSpec("push_stud", "Push stud", "stud", _counts("push_stud", "PushStudRules"), 6, _new_push_stud,
             _load_stud, {"random": _stud_random, "threshold": _stud_threshold}, _read_stud_action,
             default_level="threshold", advise=_stud_advice),
    GameSpec("screw", "Screw Your Neighbor", "stud", _counts("screw", "ScrewRules"), 6, _new_screw, _load_stud,
             {"random": _stud_random, "threshold": _stud_threshold}, _read_stud_action, default_level="threshold",
             advise=_stud_advice),
    GameSpec("brag", "Three-card brag", "three_card", _counts("brag_types", "BragRules"), 4, _new_brag, _load_brag,
             {"random": _brag_random, "sensible": _brag_sensible}, _read_brag_action, default_level="sensible",
             advise=_brag_advice),
    GameSpec("three_card_poker", "Three Card Poker", "three_card",
             _counts("three_card_poker", "ThreeCardPokerRules"), 1, _new_three_card_poker, _load_three_card_poker,
             {"random": _tcp_random, "strategy": _tcp_strategy}, _read_tcp_action, against_dealer=True,
             advise=_tcp_advice),
)
"""The poker family's games, in the order people meet them."""


# ---- older formats ----------------------------------------------------------------------------


def _field(data: Mapping[str, Any], name: str, what: str) -> Any:
    if name not in data:
        raise RecordError(f"this older {what} record has no {name}")
    return data[name]


def _legacy_stud(data: Mapping[str, Any]) -> Record:
    """A ``push_learn.poker/1`` record as the one envelope (actions' ``kind`` becomes ``type``)."""
    names = _field(data, "names", "stud")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RecordError(f"this older stud record's names must be a list of names, not {short(names)}")
    actions = _field(data, "actions", "stud") if "actions" in data else []
    if not isinstance(actions, list):
        raise RecordError("this older stud record's actions must be a list")
    upgraded = []
    for index, action in enumerate(actions):
        if not isinstance(action, dict):
            raise RecordError(f"step {index + 1} of this older stud record is not an action", index)
        upgraded.append({"type": action.get("kind"), **{k: v for k, v in action.items() if k != "kind"}})
    deck_top = data.get("deck_top", [])
    return Record.from_dict({
        "schema": "push_learn.record", "version": 2, "game": _field(data, "game", "stud"),
        "rules": _field(data, "rules", "stud"), "seed": _field(data, "seed", "stud"), "players": names,
        "setup": {"dealer": _field(data, "dealer", "stud"), "stacks": _field(data, "stacks", "stud"),
                  "deck_top": deck_top},
        "actions": upgraded,
    })


def _legacy_three_card(data: Mapping[str, Any], game: str) -> Record:
    """A version 1 brag or Three Card Poker record as the one envelope."""
    what = "brag" if game == "brag" else "Three Card Poker"
    rules = _field(data, "rules", what)
    if game == "brag":
        if not isinstance(rules, dict):
            raise RecordError(f"this older brag record's rules must be an object, not {short(rules)}")
        # Version 1 records were played before D-3C-14 and D-3C-15: they replay under the rules of their day.
        rules = {"raise_limit_above_stake": True, "open_may_raise_blind": True, **rules}
        setup: dict[str, Any] = {"hands": _field(data, "hands", what), "dealer": _field(data, "dealer", what)}
        if data.get("pack") is not None:
            setup["pack"] = data["pack"]
    else:
        setup = {"rounds": _field(data, "rounds", what)}
    unknown = sorted(set(data) - {"game", "version", "rules", "seed", "actions", *setup, "pack"})
    if unknown:
        raise RecordError(f"this older {what} record has no field {short(unknown[0])}")
    return Record.from_dict({
        "schema": "push_learn.record", "version": 2, "game": game, "rules": rules,
        "seed": _field(data, "seed", what), "players": _names_of_their_day(game, rules), "setup": setup,
        "actions": _field(data, "actions", what),
    })


def _names_of_their_day(game: str, rules: object) -> list[str] | None:
    """The seat names a version 1 brag or Three Card Poker record was played under: it kept no names, and the
    games then named their seats from 0 (``seat 0``, ``seat 1`` …), so the replay reads as the game did. Today's
    games name nameless seats ``Seat 1`` … (``protocol.default_names``). ``None`` (today's names) when the rules
    give no seat count the game allows: loading then refuses the rules in words.
    """
    count = rules.get("players" if game == "brag" else "seats") if isinstance(rules, Mapping) else None
    spec = next(spec for spec in POKER_GAMES if spec.id == game)
    if not is_whole(count) or count not in spec.players:
        return None
    return [f"seat {seat}" for seat in range(count)]


def legacy_poker_record(data: object) -> Record | None:
    """An older poker record upgraded to the one envelope; ``None`` when ``data`` is not one.

    Reads the stud games' ``push_learn.poker/1`` records and the three-card games' version 1
    records; a malformed one raises ``RecordError`` in plain words.
    """
    if not isinstance(data, Mapping):
        return None
    if data.get("schema") == LEGACY_STUD_SCHEMA:
        return _legacy_stud(data)
    game = data.get("game")
    if "schema" not in data and isinstance(game, str) and game in _LEGACY_THREE_CARD:
        if data.get("version") != 1:
            raise RecordError(f"{game} record version {short(data.get('version'))} is not supported")
        return _legacy_three_card(data, _LEGACY_THREE_CARD[game])
    return None
