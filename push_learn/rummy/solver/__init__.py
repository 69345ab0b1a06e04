"""The exact meld solver of the rummy family: melds for a selection, the contract, the best turn.

>>> from push_learn.cards import parse_cards
>>> from push_learn.rummy import PUSH
>>> plan = best_turn(parse_cards("5H 6H 7H 9C 9D JK QS"), PUSH)
>>> [str(meld) for meld in plan.melds], plan.discard, plan.points_left
(['set of nines: 9♣ 9♦ 🃏', 'run 5♥ 6♥ 7♥'], Card(Rank.QUEEN, Suit.SPADES), 0)

Hands are counted per suit over run positions with the wilds pooled; a branch and bound over the
set questions of each rank, with an exact sweep per suit, gives exact answers quickly even for
hands of 40 cards and 12 wilds (see ``benchmarks/solver.py``). A go-down first asks whether the hand's
naturals can be covered at all (``cover.py``): if so, a quick look for a plan that takes every card out
(``take_all.py``), which no plan beats; if not, the search may stop at the first plan that keeps only the
hand's lightest card (D-SOL-36).
"""

from push_learn.rummy.solver.api import (
    ContractAnswer,
    MeldOptions,
    TurnPlan,
    best_go_down,
    best_turn,
    clear_caches,
    contract_distance,
    contract_options,
    contract_ways,
    meld_options,
    table_pairs,
)

__all__ = [
    "ContractAnswer",
    "MeldOptions",
    "TurnPlan",
    "best_go_down",
    "best_turn",
    "clear_caches",
    "contract_distance",
    "contract_options",
    "contract_ways",
    "meld_options",
    "table_pairs",
]
