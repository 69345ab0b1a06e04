"""The poker family: Push stud (P1), Screw Your Neighbor (P2), three-card brag (B1) and casino
Three Card Poker (C1).

Each game family keeps its exports in its own clearly marked block below; a later block adds its
names with ``__all__ += [...]``.
"""

# --- Push stud (P1) and Screw Your Neighbor (P2): hands, betting, games, records, analysis --------
from push_learn.poker.actions import Action, ActionKind
from push_learn.poker.analysis import (
    Advice,
    Bot,
    Equity,
    RandomBot,
    ThresholdBot,
    coach,
    equity,
    play,
)
from push_learn.poker.betting import BetKind, BettingRound, Chips, Limits, Pot, build_pots, split_pot
from push_learn.poker.hands import (
    HandCategory,
    HighHand,
    LowHand,
    Showing,
    bring_in_card,
    bring_in_seat,
    evaluate_high,
    evaluate_low,
    highest_showing,
    showing,
)
from push_learn.poker.observation import Decision, Observation, Phase, Result, SeatView
from push_learn.poker.push_stud import PUSH_STUD, ROLL_YOUR_OWN, PushStudGame, PushStudRules, push_stud
from push_learn.poker.records import GameRecord, replay
from push_learn.poker.screw import SCREW_YOUR_NEIGHBOR, ScrewGame, ScrewRules, screw
from push_learn.poker.showdown import Direction, ShowdownMode
from push_learn.poker.stud import PokerRulesError, StudGame, StudRules

__all__ = [
    "PUSH_STUD",
    "ROLL_YOUR_OWN",
    "SCREW_YOUR_NEIGHBOR",
    "Action",
    "ActionKind",
    "Advice",
    "BetKind",
    "BettingRound",
    "Bot",
    "Chips",
    "Decision",
    "Direction",
    "Equity",
    "GameRecord",
    "HandCategory",
    "HighHand",
    "Limits",
    "LowHand",
    "Observation",
    "Phase",
    "PokerRulesError",
    "Pot",
    "PushStudGame",
    "PushStudRules",
    "RandomBot",
    "Result",
    "ScrewGame",
    "ScrewRules",
    "SeatView",
    "ShowdownMode",
    "Showing",
    "StudGame",
    "StudRules",
    "ThresholdBot",
    "bring_in_card",
    "bring_in_seat",
    "build_pots",
    "coach",
    "equity",
    "evaluate_high",
    "evaluate_low",
    "highest_showing",
    "play",
    "push_stud",
    "replay",
    "screw",
    "showing",
    "split_pot",
]
# --- end of the Push stud / Screw Your Neighbor block ----------------------------------------------
