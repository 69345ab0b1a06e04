"""Reading a group of cards as melds: every legal reading, or the one reason there is none.

``interpret_meld`` builds each reading directly (a set of which rank; a run in which suit and from
which place, with a 2 read as natural or wild where both are possible), so it stays fast enough for
a widget to call on every click. Wild cards are interchangeable: each reading fills its wild places
with the wild cards in the order they were given. Import these names from ``push_learn.rummy.melds``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from push_learn.cards import Card, Rank, Suit, format_cards
from push_learn.rummy.meld_value import (
    ACE_HIGH,
    ACE_LOW,
    Meld,
    group_problem,
    is_wild_card,
    max_run_length,
    meld_problem,
    min_naturals_reason,
    rank_at,
    run_value_range,
)
from push_learn.rummy.rules import RummyRules

__all__ = ["explain_meld", "interpret_meld", "reading_label"]

SET_RANKS = tuple(rank for rank in Rank if rank is not Rank.TWO)
"""The ranks a set may be declared as: a 2 in a set is always wild, so there is no set of twos."""
_LISTED_READINGS = 8
"""``explain_meld`` lists at most this many readings by name and counts the rest."""


def interpret_meld(cards: Iterable[Card], rules: RummyRules) -> list[Meld]:
    """Every legal reading of ``cards`` as one meld under ``rules``; an empty list means not a meld.

    Sets come first (by rank), then runs by suit and starting place; where a 2 of the run's suit could
    stand for itself at its own place, the reading with the natural 2 comes before the one with it wild.
    """
    group = tuple(cards)
    if group_problem(group, rules) is not None:
        return []
    naturals = [card for card in group if not is_wild_card(card)]
    return [*_set_readings(group, naturals, rules), *_run_readings(group, naturals, rules)]


def _set_readings(group: tuple[Card, ...], naturals: list[Card], rules: RummyRules) -> list[Meld]:
    ranks = {card.rank for card in naturals}
    if len(ranks) > 1 or len(naturals) < rules.min_naturals_per_meld:
        return []
    cap = rules.max_set_size
    if rules.set_distinct_suits and len({card.suit for card in naturals}) < len(naturals):
        return []
    if cap is not None and len(group) > cap:
        return []
    candidates = [rank for rank in SET_RANKS if rank in ranks] if ranks else list(SET_RANKS)
    return [Meld.set_of(group, rank) for rank in candidates]


def _run_readings(group: tuple[Card, ...], naturals: list[Card], rules: RummyRules) -> list[Meld]:
    size = len(group)
    suits = {card.suit for card in naturals}
    if size > max_run_length(rules) or len(suits) > 1:
        return []
    low, high = run_value_range(rules)
    readings: list[Meld] = []
    for suit in Suit:
        if suits and suit not in suits:
            continue
        for start in range(low, high - size + 2):
            placed = _place_naturals(naturals, start, size)
            if placed is None:
                continue
            for natural_two in (True, False):
                meld = _fill_run(group, placed, suit, start, natural_two, rules)
                if meld is not None:
                    readings.append(meld)
    return readings


def _place_naturals(naturals: list[Card], start: int, size: int) -> dict[int, Card] | None:
    """Each natural at its own place in the window ``start .. start+size-1``, or None if one cannot fit."""
    placed: dict[int, Card] = {}
    for card in naturals:
        assert card.rank is not None
        value = int(card.rank)
        if card.rank is Rank.ACE and start == ACE_LOW:
            value = ACE_LOW
        index = value - start
        if not 0 <= index < size or index in placed:
            return None
        placed[index] = card
    return placed


def _fill_run(
    group: tuple[Card, ...], placed: dict[int, Card], suit: Suit, start: int, natural_two: bool, rules: RummyRules
) -> Meld | None:
    """The run with ``placed`` naturals and the other cards, as wilds, in the free places (input order).

    ``natural_two`` asks for a 2 of ``suit`` standing for itself at the place of value 2; without it,
    that place (if in the run) needs a wild that is not such a 2, since that 2 would be natural there.
    """
    places = dict(placed)
    spare = list(group)
    for card in placed.values():
        spare.remove(card)
    own_two = Card(Rank.TWO, suit)
    two_index = 2 - start
    if 0 <= two_index < len(group) and two_index not in places:
        if natural_two:
            if not rules.natural_twos or own_two not in spare:
                return None
            filler = own_two
        else:
            found = next((card for card in spare if card != own_two), None)
            if found is None:
                return None
            filler = found
        spare.remove(filler)
        places[two_index] = filler
    elif natural_two:
        return None
    naturals = len(placed) + (1 if natural_two else 0)
    if naturals < rules.min_naturals_per_meld:
        return None
    wilds = iter(spare)
    ordered = [places[i] if i in places else next(wilds) for i in range(len(group))]
    return Meld.run_of(ordered, suit, start)


def reading_label(meld: Meld) -> str:
    """A reading in a few words: ``set of sixes`` or ``run 4♥ 5♥ 6♥ (2♣ as 4♥, 🃏 as 5♥)``."""
    return meld.describe() if meld.is_set else str(meld)


def explain_meld(cards: Iterable[Card], rules: RummyRules) -> str:
    """One plain sentence: why ``cards`` are not a meld under ``rules``, or which readings make them one."""
    group = tuple(cards)
    readings = interpret_meld(group, rules)
    shown = format_cards(group)
    if len(readings) == 1:
        return f"{shown} is a meld: {reading_label(readings[0])}"
    if readings:
        labels = [reading_label(meld) for meld in readings[:_LISTED_READINGS]]
        more = len(readings) - len(labels)
        tail = f"; and {more} more" if more else ""
        return f"{shown} can be melded {len(readings)} ways: " + "; ".join(labels) + tail
    return why_not_a_meld(group, rules)


def why_not_a_meld(cards: Sequence[Card], rules: RummyRules) -> str:
    """The most helpful single reason a group that has no reading is not a meld.

    It judges what the player was most likely trying (a set when more naturals share a rank, a run
    when more naturals share a suit at different ranks) and names the first rule that group breaks.
    """
    group = tuple(cards)
    reason = group_problem(group, rules)
    if reason is not None:
        return reason
    naturals = [card for card in group if not is_wild_card(card)]
    rank_counts = Counter(card.rank for card in naturals)
    set_score = max(rank_counts.values(), default=0)
    run_score = max((len({c.rank for c in naturals if c.suit is s}) for s in Suit), default=0)
    set_rank = rank_counts.most_common(1)[0][0] if naturals else Rank.THREE
    assert set_rank is not None
    set_reason = meld_problem(Meld.set_of(group, set_rank), rules)
    run_reason = _run_reason(group, naturals, rules)
    if set_reason is None or run_reason is None:  # pragma: no cover - cannot happen: no reading means both fail
        return set_reason or run_reason or "these cards make neither a set nor a run"
    if set_score > run_score:
        return set_reason
    if run_score > set_score or set_reason == run_reason:
        return run_reason
    if set_score == 1 and len(naturals) > 1:
        first, second = naturals[0], naturals[1]
        return (
            f"{first} and {second} differ in rank and in suit, so they fit neither in a set "
            "(one rank) nor in a run (one suit)"
        )
    return f"this is neither a set nor a run: {set_reason}; and {run_reason}"


def _run_reason(group: tuple[Card, ...], naturals: list[Card], rules: RummyRules) -> str | None:
    """Why ``group`` is no run, or None when some run reading exists."""
    size = len(group)
    for card in naturals[1:]:
        if card.suit is not naturals[0].suit:
            return f"a run must be all one suit: {naturals[0]} and {card} differ"
    low, _high = run_value_range(rules)
    longest = max_run_length(rules)
    if size > longest:
        span = "A up to K, or 2 up to A" if low == ACE_LOW else f"{rank_at(low).symbol} up to A"
        return f"a run in {rules.name} holds at most {longest} cards ({span})"
    twice = next((card for card, n in Counter(naturals).items() if n > 1), None)
    if twice is not None:
        if twice.rank is Rank.ACE:
            return f"a run cannot hold {twice} twice: an ace cannot be both high and low in one run"
        return f"a run cannot hold {twice} twice: each place in a run is a different rank"
    if not naturals:
        return min_naturals_reason(rules) if rules.min_naturals_per_meld else None
    spans = {ace: _span(naturals, ace) for ace in ((ACE_HIGH, ACE_LOW) if low == ACE_LOW else (ACE_HIGH,))}
    best_ace = min(spans, key=lambda ace: spans[ace])
    if spans[best_ace] <= size:
        return min_naturals_reason(rules) if len(naturals) < rules.min_naturals_per_meld else None
    has_ace = any(card.rank is Rank.ACE for card in naturals)
    if has_ace and low > ACE_LOW and _span(naturals, ACE_LOW) < spans[ACE_HIGH]:
        if _span(naturals, ACE_LOW) <= size:
            return f"in {rules.name} the ace is high only: {_sequence(ACE_LOW, _span(naturals, ACE_LOW))} is not a run"
        lowest = min((card for card in naturals if card.rank is not Rank.ACE), key=lambda card: _value(card, 0))
        return f"in {rules.name} the ace is high only, so it cannot come before {lowest}"
    wrap_start, wrap_span = _wrap_window(naturals)
    # Speak of the corner only when going round it is what the cards suggest: the wrapped window leaves at
    # most half as many empty places as the straight one (3♣ 9♣ J♣ is about its gaps, K A 3 about the corner).
    if 2 * (wrap_span - size) <= spans[best_ace] - size:
        wrapped = _sequence(wrap_start, wrap_span)
        if has_ace:
            return f"an ace cannot be both high and low: {wrapped} is not a run"
        return f"a run cannot go round the corner from K to A to 2: {wrapped} is not a run"
    suit = naturals[0].suit
    assert suit is not None
    values = sorted(_value(card, best_ace) for card in naturals)
    bottom, top = Card(rank_at(values[0]), suit), Card(rank_at(values[-1]), suit)
    return (
        f"a run has no gaps: from {bottom} up to {top} takes {spans[best_ace]} cards, but there are only {size}"
    )


def _value(card: Card, ace: int) -> int:
    assert card.rank is not None
    return ace if card.rank is Rank.ACE else int(card.rank)


def _span(naturals: list[Card], ace: int) -> int:
    """How many places the naturals cover from lowest to highest, with the ace counted as ``ace``."""
    values = [_value(card, ace) for card in naturals]
    return max(values) - min(values) + 1


def _wrap_window(naturals: list[Card]) -> tuple[int, int]:
    """The shortest window holding the naturals if runs could wrap from K round to A and 2: (start, length)."""
    values = {_value(card, ACE_LOW) for card in naturals}
    return min(
        ((start, 1 + max((value - start) % 13 for value in values)) for start in values),
        key=lambda window: (window[1], window[0]),
    )


def _sequence(start: int, size: int) -> str:
    """Rank symbols of ``size`` places from ``start``, wrapping after the king: ``K-A-2-3``."""
    return "-".join(rank_at((start - 1 + i) % 13 + 1).symbol for i in range(size))
