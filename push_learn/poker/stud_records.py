"""Replaying the stud games' records: Push stud (with Roll Your Own and Substitution) and Screw Your Neighbor.

The games register themselves with ``StudGame`` when their modules load; this module loads both, so
``stud.py`` never imports the games built on it.
"""

from __future__ import annotations

import push_learn.poker.push_stud
import push_learn.poker.screw  # noqa: F401 - importing the game modules registers them
from push_learn.errors import RecordError
from push_learn.poker.actions import Action
from push_learn.poker.plain import read_cards
from push_learn.poker.stud import StudGame
from push_learn.records import Record, short, step_error

__all__ = ["load_stud"]

_SETUP = ("dealer", "stacks", "deck_top")


def load_stud(record: Record, upto: int | None = None) -> StudGame:
    """Replay a stud record (``push_stud`` or ``screw``), checking every step; ``upto``: only the first steps.

    A bad step raises ``RecordError`` numbered as ``push_learn.records.step_error`` does ("step 3 ...").
    """
    game_type = StudGame.registry.get(record.game)
    if game_type is None:
        raise RecordError(f"{short(record.game)} is not a stud game (the stud games are "
                          f"{', '.join(sorted(StudGame.registry))})")
    setup = dict(record.setup)
    unknown = sorted(set(setup) - set(_SETUP))
    if unknown:
        raise RecordError(f"a {record.game} record's set-up has no field {short(unknown[0])}")
    rules = game_type.rules_type.from_dict(record.rules)
    stacks = setup.get("stacks")
    if stacks is not None and not isinstance(stacks, list):
        raise RecordError(f"the record's stacks must be a list of whole numbers, not {short(stacks)}")
    try:
        game = game_type(rules, record.players, stacks, setup.get("dealer", 0), record.seed,
                         read_cards(setup.get("deck_top", []), "the cards stacked on the deck"))
    except ValueError as error:
        raise RecordError(f"the record's set-up is not valid: {error}") from None
    steps = record.actions if upto is None else record.actions[:upto]
    for index, data in enumerate(steps):
        try:
            action = Action.from_json(data)
        except RecordError as error:
            raise step_error(index, data, str(error)) from None
        reason = game.refusal(action)
        if reason is not None:
            raise step_error(index, action.describe(game.players), reason)
        game.apply(action)
    return game
