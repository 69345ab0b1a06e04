"""Moves on a meld already on the table: laying off a card and rescuing a wild card.

A run grows only at its ends (it is never split or joined); a wild laid off on a run
is declared as the exact end card it stands for, so it can give one option per end. A set simply
gains the card. A rescue puts a natural card in the place of the wild that stands for it; the wild
goes back to the player's hand, and a 2 that stands for itself is never a wild to rescue.
Import these names from ``push_learn.rummy.melds``.
"""

from __future__ import annotations

from push_learn.cards import Card
from push_learn.rummy.meld_value import ACE_HIGH, ACE_LOW, Meld, meld_problem
from push_learn.rummy.rules import MeldKind, RummyRules

__all__ = ["layoff_options", "rescue_options"]


def layoff_options(meld: Meld, card: Card, rules: RummyRules) -> list[Meld]:
    """Each legal meld that ``meld`` becomes when ``card`` is laid off on it; empty when it does not fit.

    A run lists the low end first, then the high end; a set gains the card at its end.
    """
    if meld.kind is MeldKind.SET:
        assert meld.rank is not None
        candidates = [Meld.set_of((*meld.cards, card), meld.rank)]
    else:
        assert meld.suit is not None
        candidates = []
        if meld.low_value > ACE_LOW:
            candidates.append(Meld.run_of((card, *meld.cards), meld.suit, meld.start - 1))
        if meld.high_value < ACE_HIGH:
            candidates.append(Meld.run_of((*meld.cards, card), meld.suit, meld.start))
    return [candidate for candidate in candidates if meld_problem(candidate, rules) is None]


def rescue_options(meld: Meld, card: Card, rules: RummyRules) -> list[tuple[int, Meld]]:
    """Each ``(place, meld after)`` where the natural ``card`` may take the place of a wild in ``meld``.

    The wild returned to the hand is ``meld.cards[place]``. In a run the natural must be the exact card
    the wild stands for (a 2 may take the place of a wild standing for itself, where twos can be
    natural); in a set it must have the set's rank and, where set suits differ, a suit not yet in the
    set. Two identical wilds in a set give two options with the same outcome, one per place.
    """
    options = []
    for place in meld.wild_positions:
        after = meld.replace_card(place, card)
        if not after.is_wild(place) and meld_problem(after, rules) is None:
            options.append((place, after))
    return options
