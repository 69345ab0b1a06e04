"""The poker family: Push stud (P1), Screw Your Neighbor (P2), three-card brag (B1) and casino
Three Card Poker (C1).

Every name below loads on first use (PEP 562, see ``_exports.py``), so importing one module such as
``push_learn.poker.hands`` does not pay for the games and the analyses. No exported name is also a
submodule's name, so importing a submodule never hides one (hence ``push_stud_rules``, not ``push_stud``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from push_learn.poker._exports import EXPORTS
from push_learn.poker._exports import __dir__ as __dir__
from push_learn.poker._exports import __getattr__ as __getattr__

if TYPE_CHECKING:
    from push_learn.poker.actions import Action, ActionKind
    from push_learn.poker.analysis import Advice, Equity, RandomBot, ThresholdBot, coach, equity, play
    from push_learn.poker.betting import BetKind, BettingRound, Chips, Limits, Pot, build_pots, split_pot
    from push_learn.poker.brag import BragGame, BragObservation, BragRules, HandResult, load_brag, pack_dealing
    from push_learn.poker.brag_bots import RandomBragBot, SensibleBragBot, play_to_end
    from push_learn.poker.catalogue import POKER_GAMES, legacy_poker_record
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
    from push_learn.poker.push_stud import PUSH_STUD, ROLL_YOUR_OWN, PushStudGame, PushStudRules, push_stud_rules
    from push_learn.poker.screw import SCREW_YOUR_NEIGHBOR, ScrewGame, ScrewRules, screw_rules
    from push_learn.poker.showdown import Direction, ShowdownMode
    from push_learn.poker.stud import PokerRulesError, StudGame, StudRules
    from push_learn.poker.stud_records import load_stud
    from push_learn.poker.tcp_bots import RandomTcpBot, StrategyTcpBot
    from push_learn.poker.three_card import (
        BRAG,
        THREE_CARD_POKER,
        ThreeCardHand,
        ThreeCardRanking,
        category_counts,
        compare_hands,
    )
    from push_learn.poker.three_card import (
        evaluate as evaluate_three_card,
    )
    from push_learn.poker.three_card_analysis import (
        ThresholdStrategy,
        ante_analysis,
        ante_analysis_with_progress,
        category_probabilities,
        pair_plus_edge,
    )
    from push_learn.poker.three_card_poker import (
        ANTE_BONUS_TABLES,
        PAIR_PLUS_TABLES,
        Paytable,
        ThreeCardPokerGame,
        ThreeCardPokerRules,
        load_three_card_poker,
    )

__all__ = sorted(EXPORTS)
