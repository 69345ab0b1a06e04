"""The rummy family: Push (R1), Cap-It (R2) and 6-7-8-9-10 (R3).

Stable names for tutorials: ``PUSH``, ``CAP_IT``, ``SIX_TO_TEN``, ``RummyRules``, ``interpret_meld``,
``explain_meld``, ``meets_contract``, ``penalty``.
"""

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

__all__ = [
    "CAP_IT",
    "PUSH",
    "SIX_TO_TEN",
    "Contract",
    "ContractMeld",
    "MeldKind",
    "RulesError",
    "RummyRules",
    "Scoring",
    "cap_it",
    "push",
    "six_to_ten",
]
