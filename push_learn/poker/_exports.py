"""Lazy loading of the Push stud / Screw Your Neighbor names exported by ``push_learn.poker``.

The package binds ``__getattr__`` and ``__dir__`` from here (PEP 562): a name such as
``push_learn.poker.ScrewGame`` is imported from its module the first time it is asked for, so that
``import push_learn.poker.hands`` stays cheap for code that only evaluates hands.
"""

from __future__ import annotations

import sys
from importlib import import_module
from typing import Any

__all__ = ["STUD_EXPORTS"]

PACKAGE = "push_learn.poker"

STUD_EXPORTS = {
    "Action": "actions",
    "ActionKind": "actions",
    "Advice": "analysis",
    "Bot": "analysis",
    "Equity": "analysis",
    "RandomBot": "analysis",
    "ThresholdBot": "analysis",
    "coach": "analysis",
    "equity": "analysis",
    "play": "analysis",
    "BetKind": "betting",
    "BettingRound": "betting",
    "Chips": "betting",
    "Limits": "betting",
    "Pot": "betting",
    "build_pots": "betting",
    "split_pot": "betting",
    "HandCategory": "hands",
    "HighHand": "hands",
    "LowHand": "hands",
    "Showing": "hands",
    "bring_in_card": "hands",
    "bring_in_seat": "hands",
    "evaluate_high": "hands",
    "evaluate_low": "hands",
    "highest_showing": "hands",
    "showing": "hands",
    "Decision": "observation",
    "Observation": "observation",
    "Phase": "observation",
    "Result": "observation",
    "SeatView": "observation",
    "PUSH_STUD": "push_stud",
    "ROLL_YOUR_OWN": "push_stud",
    "PushStudGame": "push_stud",
    "PushStudRules": "push_stud",
    "push_stud_rules": "push_stud",
    "GameRecord": "records",
    "replay": "records",
    "SCREW_YOUR_NEIGHBOR": "screw",
    "ScrewGame": "screw",
    "ScrewRules": "screw",
    "screw_rules": "screw",
    "Direction": "showdown",
    "ShowdownMode": "showdown",
    "PokerRulesError": "stud",
    "StudGame": "stud",
    "StudRules": "stud",
}
"""Each exported name and the module of ``push_learn.poker`` that defines it."""


def __getattr__(name: str) -> Any:
    """Import an exported name from its module the first time it is asked for, then keep it."""
    module = STUD_EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {PACKAGE!r} has no attribute {name!r}")
    value = getattr(import_module(f"{PACKAGE}.{module}"), name)
    setattr(sys.modules[PACKAGE], name, value)
    return value


def __dir__() -> list[str]:
    """The package's names, including those not loaded yet."""
    return sorted({*vars(sys.modules[PACKAGE]), *STUD_EXPORTS})
