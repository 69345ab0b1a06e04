"""Moves on a meld already on the table: laying off a card and rescuing a wild card.

A run grows only at its ends (it is never split or joined); a wild laid off on a run
is declared as the exact end card it stands for, so it can give one option per end. A set simply
gains the card. A rescue puts a natural card in the place of the wild that stands for it; the wild
goes back to the player's hand, and a 2 that stands for itself is never a wild to rescue.
Import these names from ``push_learn.rummy.melds``.
"""

from __future__ import annotations

from collections.abc import Sequence

from push_learn.cards import Card
from push_learn.rummy.meld_value import ACE_HIGH, ACE_LOW, Meld, is_wild_card, meld_problem
from push_learn.rummy.rules import MeldKind, RummyRules

__all__ = [
    "RESCUE_MEANING",
    "layoff_options",
    "rescue_options",
    "rescue_outcomes",
    "why_no_rescue",
    "why_no_rescues",
]

RESCUE_MEANING = (
    "A rescue takes a wild card (a 2 or a joker) back from a meld on the table: after you have gone down, on your "
    "turn, you put the natural card the wild stands for in its place, and the wild comes into your hand to use again."
)
"""What a rescue is, in two plain sentences for a page."""


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


def rescue_outcomes(meld: Meld, card: Card, rules: RummyRules) -> list[tuple[int, Meld]]:
    """``rescue_options`` with one place per distinct outcome: two identical wilds in a set give one option
    (a set's cards have no order, so freeing either leaves the same set and brings the same wild home)."""
    seen: set[tuple[object, ...]] = set()
    options = []
    for place, after in rescue_options(meld, card, rules):
        cards: tuple[object, ...] = tuple(sorted(map(str, after.cards))) if after.kind is MeldKind.SET else after.cards
        key = (meld.cards[place], cards)
        if key not in seen:
            seen.add(key)
            options.append((place, after))
    return options


def why_no_rescue(melds: Sequence[Meld], card: Card, rules: RummyRules) -> str:
    """One plain sentence: why ``card`` cannot rescue any wild card of the table ``melds`` (say it only when
    ``rescue_options`` finds nothing for it on any of them)."""
    if is_wild_card(card, rules):
        return f"{card} is wild itself: only a natural card can take a wild card's place"
    for meld in melds:
        for place in meld.wild_positions:
            stands = meld.stands_for(place)
            if stands == card or stands is card.rank:  # what the wild stands for: only a rule of the meld refuses it
                problem = meld_problem(meld.replace_card(place, card), rules)
                if problem is not None:
                    return f"{card} cannot take a wild card's place in the {meld.describe()}: {problem}"
    if not any(meld.wild_positions for meld in melds):
        return "there is no wild card on the table to rescue"
    return f"{card} {_NOT_WANTED} ({_stand_for(melds)})"


_NOT_WANTED = "is not what any wild card on the table stands for"


def _stand_for(melds: Sequence[Meld]) -> str:
    """``they stand for 6♥ or any ten of a new suit``: what the table's wild cards stand for."""
    wanted = [
        f"{stands}" if isinstance(stands, Card) else f"any {stands.word} of a new suit"
        for meld in melds
        for stands in (meld.stands_for(place) for place in meld.wild_positions)
    ]
    return f"they stand for {_either(wanted)}"


def why_no_rescues(melds: Sequence[Meld], cards: Sequence[Card], rules: RummyRules) -> list[str]:
    """``why_no_rescue`` for several cards that rescue nothing, with the cards that fail for the same
    reason (none is what a wild stands for) named together in one sentence, in the order given."""
    reasons: list[str] = []
    unwanted: list[Card] = []
    for card in dict.fromkeys(cards):
        reason = why_no_rescue(melds, card, rules)
        if _NOT_WANTED in reason:
            if not unwanted:
                reasons.append("")  # the shared sentence takes the place of the first such card
            unwanted.append(card)
        else:
            reasons.append(reason)
    if len(unwanted) > 1:
        names = _either([str(card) for card in unwanted]).replace(" or ", " and ")
        shared = f"{names} are not what any wild card on the table stands for ({_stand_for(melds)})"
    else:
        shared = "" if not unwanted else why_no_rescue(melds, unwanted[0], rules)
    return [reason or shared for reason in reasons]


def _either(words: list[str]) -> str:
    unique = list(dict.fromkeys(words))
    return unique[0] if len(unique) == 1 else ", ".join(unique[:-1]) + " or " + unique[-1]
