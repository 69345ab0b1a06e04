"""Lazy loading of the names exported by ``push_learn.poker``.

The package binds ``__getattr__`` and ``__dir__`` from here (PEP 562): a name such as
``push_learn.poker.ScrewGame`` is imported from its module the first time it is asked for, so that
``import push_learn.poker.hands`` stays cheap for code (and Voila kernels) that only evaluate hands.
"""

from __future__ import annotations

import sys
from importlib import import_module
from typing import Any

__all__ = ["EXPORTS"]

PACKAGE = "push_learn.poker"

EXPORTS: dict[str, tuple[str, str]] = {
    "Action": ("actions", "Action"),
    "ActionKind": ("actions", "ActionKind"),
    "Advice": ("analysis", "Advice"),
    "Equity": ("analysis", "Equity"),
    "RandomBot": ("analysis", "RandomBot"),
    "ThresholdBot": ("analysis", "ThresholdBot"),
    "coach": ("analysis", "coach"),
    "equity": ("analysis", "equity"),
    "play": ("analysis", "play"),
    "BetKind": ("betting", "BetKind"),
    "BettingRound": ("betting", "BettingRound"),
    "Chips": ("betting", "Chips"),
    "Limits": ("betting", "Limits"),
    "Pot": ("betting", "Pot"),
    "build_pots": ("betting", "build_pots"),
    "split_pot": ("betting", "split_pot"),
    "BragGame": ("brag", "BragGame"),
    "BragObservation": ("brag", "BragObservation"),
    "BragRules": ("brag", "BragRules"),
    "HandResult": ("brag", "HandResult"),
    "pack_dealing": ("brag", "pack_dealing"),
    "load_brag": ("brag", "load_brag"),
    "RandomBragBot": ("brag_bots", "RandomBragBot"),
    "SensibleBragBot": ("brag_bots", "SensibleBragBot"),
    "play_to_end": ("brag_bots", "play_to_end"),
    "POKER_GAMES": ("catalogue", "POKER_GAMES"),
    "legacy_poker_record": ("catalogue", "legacy_poker_record"),
    "HandCategory": ("hands", "HandCategory"),
    "HighHand": ("hands", "HighHand"),
    "LowHand": ("hands", "LowHand"),
    "Showing": ("hands", "Showing"),
    "bring_in_card": ("hands", "bring_in_card"),
    "bring_in_seat": ("hands", "bring_in_seat"),
    "evaluate_high": ("hands", "evaluate_high"),
    "evaluate_low": ("hands", "evaluate_low"),
    "highest_showing": ("hands", "highest_showing"),
    "showing": ("hands", "showing"),
    "Decision": ("observation", "Decision"),
    "Observation": ("observation", "Observation"),
    "Phase": ("observation", "Phase"),
    "Result": ("observation", "Result"),
    "SeatView": ("observation", "SeatView"),
    "PUSH_STUD": ("push_stud", "PUSH_STUD"),
    "PushStudGame": ("push_stud", "PushStudGame"),
    "PushStudRules": ("push_stud", "PushStudRules"),
    "ROLL_YOUR_OWN": ("push_stud", "ROLL_YOUR_OWN"),
    "push_stud_rules": ("push_stud", "push_stud_rules"),
    "SCREW_YOUR_NEIGHBOR": ("screw", "SCREW_YOUR_NEIGHBOR"),
    "ScrewGame": ("screw", "ScrewGame"),
    "ScrewRules": ("screw", "ScrewRules"),
    "screw_rules": ("screw", "screw_rules"),
    "Direction": ("showdown", "Direction"),
    "ShowdownMode": ("showdown", "ShowdownMode"),
    "PokerRulesError": ("stud", "PokerRulesError"),
    "StudGame": ("stud", "StudGame"),
    "StudRules": ("stud", "StudRules"),
    "load_stud": ("stud_records", "load_stud"),
    "BRAG": ("three_card", "BRAG"),
    "THREE_CARD_POKER": ("three_card", "THREE_CARD_POKER"),
    "ThreeCardHand": ("three_card", "ThreeCardHand"),
    "ThreeCardRanking": ("three_card", "ThreeCardRanking"),
    "category_counts": ("three_card", "category_counts"),
    "compare_hands": ("three_card", "compare_hands"),
    "evaluate_three_card": ("three_card", "evaluate"),
    "ThresholdStrategy": ("three_card_analysis", "ThresholdStrategy"),
    "ante_analysis": ("three_card_analysis", "ante_analysis"),
    "ante_analysis_with_progress": ("three_card_analysis", "ante_analysis_with_progress"),
    "category_probabilities": ("three_card_analysis", "category_probabilities"),
    "pair_plus_edge": ("three_card_analysis", "pair_plus_edge"),
    "ANTE_BONUS_TABLES": ("three_card_poker", "ANTE_BONUS_TABLES"),
    "PAIR_PLUS_TABLES": ("three_card_poker", "PAIR_PLUS_TABLES"),
    "Paytable": ("three_card_poker", "Paytable"),
    "ThreeCardPokerGame": ("three_card_poker", "ThreeCardPokerGame"),
    "ThreeCardPokerRules": ("three_card_poker", "ThreeCardPokerRules"),
    "load_three_card_poker": ("three_card_poker", "load_three_card_poker"),
    "RandomTcpBot": ("tcp_bots", "RandomTcpBot"),
    "StrategyTcpBot": ("tcp_bots", "StrategyTcpBot"),
}
"""Each exported name, with the module of ``push_learn.poker`` and the attribute that define it."""


def __getattr__(name: str) -> Any:
    """Import an exported name from its module the first time it is asked for, then keep it."""
    where = EXPORTS.get(name)
    if where is None:
        raise AttributeError(f"module {PACKAGE!r} has no attribute {name!r}")
    module, attribute = where
    value = getattr(import_module(f"{PACKAGE}.{module}"), attribute)
    setattr(sys.modules[PACKAGE], name, value)
    return value


def __dir__() -> list[str]:
    """The package's names, including those not loaded yet."""
    return sorted({*vars(sys.modules[PACKAGE]), *EXPORTS})
