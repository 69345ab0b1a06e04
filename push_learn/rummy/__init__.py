"""The rummy family: Push (R1), Cap-It (R2) and 6-7-8-9-10 (R3).

Stable names for tutorials: ``PUSH``, ``CAP_IT``, ``SIX_TO_TEN``, ``RummyRules``, ``interpret_meld``,
``explain_meld``, ``meets_contract``, ``penalty``.

>>> from push_learn.cards import parse_cards
>>> from push_learn.rummy import PUSH, explain_meld
>>> explain_meld(parse_cards("8H 8H 8S"), PUSH)
'a set may not hold two hearts'
"""

from push_learn.rummy.contracts import ContractCheck, meets_contract
from push_learn.rummy.melds import (
    Meld,
    MeldError,
    check_meld,
    explain_meld,
    interpret_meld,
    layoff_options,
    rescue_options,
)
from push_learn.rummy.rules import (
    CAP_IT,
    PUSH,
    SIX_TO_TEN,
    Contract,
    ContractMeld,
    MeldKind,
    RulesError,
    RummyRules,
    Scoring,
    cap_it,
    push,
    six_to_ten,
)
from push_learn.rummy.scoring import card_value, penalty

__all__ = [
    "CAP_IT",
    "PUSH",
    "SIX_TO_TEN",
    "Contract",
    "ContractCheck",
    "ContractMeld",
    "Meld",
    "MeldError",
    "MeldKind",
    "RulesError",
    "RummyRules",
    "Scoring",
    "cap_it",
    "card_value",
    "check_meld",
    "explain_meld",
    "interpret_meld",
    "layoff_options",
    "meets_contract",
    "penalty",
    "push",
    "rescue_options",
    "six_to_ten",
]

# The game engine builds on the names above, so it is imported last.
from push_learn.rummy.engine import Match, Observation, load_match, observe

__all__ += ["Match", "Observation", "load_match", "observe"]

# Analysis (solver, coach, bots, tournaments) loads on first use (PEP 562): it is not needed to play.
_ANALYSIS = {
    "best_turn": "push_learn.rummy.solver", "best_go_down": "push_learn.rummy.solver",
    "contract_options": "push_learn.rummy.solver", "contract_distance": "push_learn.rummy.solver",
    "meld_options": "push_learn.rummy.solver", "advise": "push_learn.rummy.coach",
    "draw_advice": "push_learn.rummy.coach", "suggestions": "push_learn.rummy.coach",
    "explain_illegal": "push_learn.rummy.coach", "RandomBot": "push_learn.rummy.bots",
    "GreedyBot": "push_learn.rummy.bots", "SearchBot": "push_learn.rummy.search_bot",
    "run_tournament": "push_learn.rummy.tournament",
}
__all__ += list(_ANALYSIS)


def __getattr__(name: str) -> object:
    """Load an analysis name (solver, coach, bots, tournament) the first time it is asked for."""
    if name in _ANALYSIS:
        from importlib import import_module

        return getattr(import_module(_ANALYSIS[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

