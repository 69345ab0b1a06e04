"""The one discard heuristic before going down, shared by ``GreedyBot`` and the play-outs (``rollout.Sim``).

A natural card is worth keeping for the partners of its rank (sets) and the neighbours of its suit
(runs), less its extra copies and a little of its penalty points; the card worth least is discarded.

>>> keep_value(same_rank=2, near_one=1, near_two=0, copies=1, points=10, sets=True, runs=True)
3.8666666666666667
"""

from __future__ import annotations

__all__ = ["GAP_ONE", "GAP_TWO", "PER_COPY", "PER_RANK_MATE", "POINTS_PER_UNIT", "WILD_KEEP", "keep_value"]

PER_RANK_MATE = 1.5
"""Worth of each other suit of the card's rank in hand (toward a set)."""
GAP_ONE = 1.2
"""Worth of each card of the same suit one rank away (toward a run)."""
GAP_TWO = 0.7
"""Worth of each card of the same suit two ranks away (toward a run)."""
PER_COPY = 0.3
"""Taken off for each extra copy of the card held."""
POINTS_PER_UNIT = 30
"""The card's penalty points divided by this are taken off (a king's 10 points: a third)."""
WILD_KEEP = 100.0
"""A wild is always kept."""


def keep_value(*, same_rank: int, near_one: int, near_two: int, copies: int, points: int, sets: bool,
               runs: bool) -> float:
    """How much a natural card helps the contract (higher: keep it).

    ``same_rank``: other suits of its rank held; ``near_one`` / ``near_two``: distinct ranks of its
    suit held one / two ranks away; ``copies``: how many of it are held; ``sets`` / ``runs``: whether
    the deal's contract asks for sets / runs.
    """
    score = 0.0
    if sets:
        score += PER_RANK_MATE * same_rank
    if runs:
        score += GAP_ONE * near_one + GAP_TWO * near_two
    return score - PER_COPY * (copies - 1) - points / POINTS_PER_UNIT
