"""Melds of the rummy family: declared melds, every reading of a group of cards, lay-offs and rescues.

>>> from push_learn.cards import parse_cards
>>> from push_learn.rummy import PUSH
>>> [str(m) for m in interpret_meld(parse_cards("6H 2C JK"), PUSH)]  # doctest: +NORMALIZE_WHITESPACE
['set of sixes: 6♥ 2♣ 🃏', 'run 4♥ 5♥ 6♥ (2♣ as 4♥, 🃏 as 5♥)', 'run 5♥ 6♥ 7♥ (2♣ as 5♥, 🃏 as 7♥)',
 'run 6♥ 7♥ 8♥ (2♣ as 7♥, 🃏 as 8♥)']
>>> explain_meld(parse_cards("KS AS 2S 3S"), PUSH)
'an ace cannot be both high and low: K-A-2-3 is not a run'

This module gathers the public names; the code lives in ``meld_value`` (the ``Meld`` value object
and ``check_meld``), ``meld_reading`` (``interpret_meld``, ``explain_meld``) and ``table_moves``
(``layoff_options``, ``rescue_options``).
"""

from __future__ import annotations

from push_learn.rummy.meld_reading import SET_RANKS, explain_meld, interpret_meld, reading_label, why_not_a_meld
from push_learn.rummy.meld_value import (
    Meld,
    MeldError,
    check_meld,
    is_wild_card,
    max_run_length,
    meld_problem,
    rank_at,
    run_value_range,
)
from push_learn.rummy.table_moves import (
    RESCUE_MEANING,
    layoff_options,
    rescue_options,
    rescue_outcomes,
    why_no_rescue,
    why_no_rescues,
)

__all__ = [
    "RESCUE_MEANING",
    "SET_RANKS",
    "Meld",
    "MeldError",
    "check_meld",
    "explain_meld",
    "interpret_meld",
    "is_wild_card",
    "layoff_options",
    "max_run_length",
    "meld_problem",
    "rank_at",
    "reading_label",
    "rescue_options",
    "rescue_outcomes",
    "run_value_range",
    "why_no_rescue",
    "why_no_rescues",
    "why_not_a_meld",
]
