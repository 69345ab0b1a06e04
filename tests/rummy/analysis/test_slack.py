"""The search asks the suits only for entries that could still beat its best plan.

A suit's map asked for with a *slack* must hold exactly the entries of the full map that leave less
than the slack in hand (with the same values): an entry that leaves more can never be part of a plan
that beats the best one found, and one that leaves less must never be lost, or the answer would be
wrong. Both maps are built from empty memo tables, so neither is a memoised superset.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st
from test_solver_oracle import VARIANTS, budget

from push_learn.cards import JOKER, Card, Rank, Suit
from push_learn.rummy.solver import clear_caches
from push_learn.rummy.solver.search import Search, Setup


def random_hand(rng: random.Random, size: int) -> list[Card]:
    """``size`` cards of the two-deck pack with jokers, most of them natural."""
    pack = [Card(rank, suit) for rank in Rank for suit in Suit for _ in range(2)] + [JOKER] * 4
    return rng.sample(pack, size)


def suit_maps(
    setup: Setup, decided: dict[int, tuple[int, ...]], relaxed: bool, pivot: int | None, slack: int | None
) -> list[dict]:
    """Each suit's map at a node, from empty memo tables (``slack`` None: the full map)."""
    clear_caches()
    search = Search(setup)
    if slack is None:
        return [search.suit_entries(s, decided, relaxed, pivot) for s in range(4)]
    return [search.suit_entries(s, decided, relaxed, pivot, slack) for s in range(4)]


@budget(40)
@given(
    st.randoms(use_true_random=False),
    st.sampled_from(sorted(VARIANTS)),
    st.integers(6, 24),
    st.sampled_from([(), (("set", 3), ("set", 3)), (("set", 3), ("run", 4)), (("run", 4), ("run", 4))]),
    st.booleans(),
    st.none() | st.integers(1, 14),
    st.sampled_from([5, 10, 15, 30]),
)
def test_a_slack_keeps_exactly_the_entries_that_leave_less(
    rng: random.Random, variant: str, size: int, parts: tuple, relaxed: bool, pivot: int | None, slack: int
) -> None:
    """Whether the sweep is split at a pivot (forward and backward halves) or swept from its start."""
    rules = VARIANTS[variant]
    setup = Setup(rules, tuple(random_hand(rng, size)), parts=parts)
    search = Search(setup)
    decided = {r: rng.choice(search.options[r])[0] for r in search.branch if rng.random() < 0.5}
    full = suit_maps(setup, decided, relaxed, pivot, None)
    asked = suit_maps(setup, decided, relaxed, pivot, slack)
    for s in range(4):
        least = sum(problem.weight for problem in search.segment_problems(s, decided, relaxed, 0)) - slack
        expected = {key: value for key, value in full[s].items() if value > least}
        assert asked[s] == expected, f"suit {s}: {sorted(asked[s].items())} != {sorted(expected.items())}"
