"""Poker hand evaluation: five-card high, ace-to-five low, the hand showing, and the bring-in card.

Every result is a small value with a readable name and a ``value`` where **higher is better**
(for a low hand, a higher value is a *better low*):

>>> from push_learn.cards import parse_cards
>>> str(evaluate_high(parse_cards("KH KC 7S 7D 2C")))
'two pair, kings and sevens'
>>> str(evaluate_low(parse_cards("8H 7C 6H 3H 2C")))
'8-7 low'

How it is fast. Each card has an integer code that is a sum of two bit fields: three bits per rank
(a count, so five cards never carry into the next rank) and seven bits per suit holding 13 per card,
so the field's top bit is set exactly when five or more cards share that suit. The *sum* of five
codes, masked, is therefore a key that names the rank multiset (and the suit, for a flush); one
dictionary lookup gives the hand's class. The tables (7,462 high and 6,175 low classes) are built on
the first lookup, in a few milliseconds, so importing this module stays cheap. The integer API
(``card_code``, ``high5``, ``low5``, ``high_value``, ``low_value``) is what analysis code loops over;
the ``Card`` API (``evaluate_high``, ``evaluate_low``) adds names and the chosen five cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from itertools import combinations

from push_learn.cards import Card, Rank, standard_deck

__all__ = [
    "HIGH_CLASSES",
    "LOW_CLASSES",
    "HandCategory",
    "HighHand",
    "LowHand",
    "Showing",
    "as_object",
    "best_high",
    "best_low",
    "bring_in_card",
    "bring_in_seat",
    "card_code",
    "card_codes",
    "category_of",
    "evaluate_high",
    "evaluate_low",
    "high5",
    "high_value",
    "highest_showing",
    "lookup_tables",
    "low5",
    "low_value",
    "showing",
]

HIGH_CLASSES = 7462
"""Distinct five-card high hands (suits matter only for flushes)."""
LOW_CLASSES = 6175
"""Distinct ace-to-five low hands (one per rank multiset)."""


class HandCategory(IntEnum):
    """The nine kinds of five-card poker hand, weakest first."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """The name in words, such as ``two pair`` or ``straight flush``."""
        return self.name.lower().replace("_", " ")

    def __str__(self) -> str:
        return self.label


# ---------------------------------------------------------------------------------------------
# Integer codes and lazily built tables
# ---------------------------------------------------------------------------------------------

_RANK_BITS = 3
_SUIT_SHIFT = 13 * _RANK_BITS  # 39: suit fields sit above the rank fields
_SUIT_WIDTH = 7
_RANK_MASK = (1 << _SUIT_SHIFT) - 1
_FLUSH_FLAGS = tuple(64 << (_SUIT_SHIFT + _SUIT_WIDTH * s) for s in range(4))
_FLUSH_MASK = sum(_FLUSH_FLAGS)
_KEY_MASK = _RANK_MASK | _FLUSH_MASK


def _code(rank_index: int, suit_index: int) -> int:
    return (1 << (_RANK_BITS * rank_index)) | (13 << (_SUIT_SHIFT + _SUIT_WIDTH * suit_index))


_CODE: dict[Card, int] = {card: _code(int(card.rank) - 2, card.suit.order)  # type: ignore[arg-type,union-attr]
                          for card in standard_deck()}
_CARD_OF_CODE: dict[int, Card] = {code: card for card, code in _CODE.items()}


class _LazyTable(dict[int, int]):
    """A dict that fills itself with every hand class on the first lookup, then behaves normally."""

    def __missing__(self, key: int) -> int:
        if not self:
            _build_tables()
            if key in self:
                return self[key]
        raise KeyError(key)


_HIGH: _LazyTable = _LazyTable()
_LOW: _LazyTable = _LazyTable()
# class value -> (category, ranks in order of importance); low ranks use 1 for the ace
_HIGH_INFO: list[tuple[HandCategory, tuple[int, ...]]] = []
_LOW_INFO: list[tuple[int, tuple[int, ...]]] = []


def _grouped(counts: Counter[int]) -> tuple[int, ...]:
    """Ranks ordered by importance: larger groups first, then higher ranks."""
    return tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))


def _classes(values: Sequence[int], straights: bool) -> Iterator[tuple[HandCategory, tuple[int, ...], list[int]]]:
    """Every class of five-card hand over ``values`` (ascending ranks), from the weakest up.

    Yields the category, the deciding ranks, and the five ranks themselves. With ``straights``
    the straights, flushes and straight flushes are included (high hands); without them the list is
    exactly the 6,175 rank multisets, which is what ace-to-five low needs.
    """
    def ascending(pool: Sequence[int], k: int) -> list[tuple[int, ...]]:
        return list(combinations(sorted(pool, reverse=True), k))[::-1]

    distinct = ascending(values, 5)
    wheel = (values[-1], values[3], values[2], values[1], values[0])
    is_straight = [straights and (c[0] - c[4] == 4 or c == wheel) for c in distinct]
    plain = [c for c, s in zip(distinct, is_straight, strict=True) if not s]
    tops = sorted(c[0] if c != wheel else c[1] for c, s in zip(distinct, is_straight, strict=True) if s)
    runs = {c[0] if c != wheel else c[1]: list(c) for c, s in zip(distinct, is_straight, strict=True) if s}
    for c in plain:
        yield HandCategory.HIGH_CARD, c, list(c)
    for p in values:
        for kickers in ascending([v for v in values if v != p], 3):
            yield HandCategory.PAIR, (p, *kickers), [p, p, *kickers]
    for hi in values:
        for lo in values:
            if lo < hi:
                for k in values:
                    if k not in (hi, lo):
                        yield HandCategory.TWO_PAIR, (hi, lo, k), [hi, hi, lo, lo, k]
    for t in values:
        for pair in ascending([v for v in values if v != t], 2):
            yield HandCategory.THREE_OF_A_KIND, (t, *pair), [t, t, t, *pair]
    for top in tops:
        yield HandCategory.STRAIGHT, (top,), runs[top]
    if straights:
        for c in plain:
            yield HandCategory.FLUSH, c, list(c)
    for t in values:
        for p in values:
            if p != t:
                yield HandCategory.FULL_HOUSE, (t, p), [t, t, t, p, p]
    for q in values:
        for k in values:
            if k != q:
                yield HandCategory.FOUR_OF_A_KIND, (q, k), [q, q, q, q, k]
    for top in tops:
        yield HandCategory.STRAIGHT_FLUSH, (top,), runs[top]


_FLUSHES = (HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH)


def _rank_key(ranks: Iterable[int]) -> int:
    """The rank part of a code sum (the ace may be given as 1 or 14)."""
    return sum(1 << (_RANK_BITS * ((r if r != 1 else 14) - 2)) for r in ranks)


def _build_tables() -> None:
    """Give every rank multiset (and every flush) its class; a few milliseconds, done once."""
    high_info: list[tuple[HandCategory, tuple[int, ...]]] = [(HandCategory.HIGH_CARD, ())]
    for value, (category, ranks, five) in enumerate(_classes(range(2, 15), straights=True), 1):
        high_info.append((category, ranks))
        key = _rank_key(five)
        if category in _FLUSHES:
            for flag in _FLUSH_FLAGS:
                dict.__setitem__(_HIGH, key | flag, value)
        else:
            dict.__setitem__(_HIGH, key, value)
    low_info: list[tuple[int, tuple[int, ...]]] = [(0, ())]
    lows = list(_classes(range(1, 14), straights=False))
    for value, (category, ranks, five) in enumerate(reversed(lows), 1):
        low_info.append((_LOW_SHAPE[category], ranks))
        dict.__setitem__(_LOW, _rank_key(five), value)
    _HIGH_INFO[:] = high_info
    _LOW_INFO[:] = low_info


# how a low hand is spoiled: 0 no pair, then pair, two pair, trips, full house, quads
_LOW_SHAPE = {
    HandCategory.HIGH_CARD: 0, HandCategory.PAIR: 1, HandCategory.TWO_PAIR: 2, HandCategory.THREE_OF_A_KIND: 3,
    HandCategory.FULL_HOUSE: 4, HandCategory.FOUR_OF_A_KIND: 5,
}


def card_code(card: Card) -> int:
    """The integer code of a card for the fast functions (``high5``, ``low5``)."""
    try:
        return _CODE[card]
    except KeyError:
        raise ValueError(f"{card} has no place in a poker hand (jokers are not used)") from None


def card_codes(cards: Iterable[Card]) -> list[int]:
    """The codes of several cards."""
    return [card_code(card) for card in cards]


def high5(a: int, b: int, c: int, d: int, e: int) -> int:
    """The high class (1 worst .. 7462 best, a royal flush) of five card codes."""
    return _HIGH[(a + b + c + d + e) & _KEY_MASK]


def low5(a: int, b: int, c: int, d: int, e: int) -> int:
    """The ace-to-five low class (1 worst .. 6175 best, A-2-3-4-5) of five card codes."""
    return _LOW[(a + b + c + d + e) & _RANK_MASK]


def _best_value(codes: Sequence[int], table: dict[int, int], mask: int) -> int:
    """The best class in ``table`` among the five-card subsets of ``codes`` (keyed by ``sum & mask``)."""
    if len(codes) == 5:
        return table[sum(codes) & mask]
    if len(codes) < 5:
        raise ValueError(f"a poker hand needs five cards, not {len(codes)}")
    return max(table[(a + b + c + d + e) & mask] for a, b, c, d, e in combinations(codes, 5))


def high_value(codes: Sequence[int]) -> int:
    """The best high class among five or more card codes."""
    return _best_value(codes, _HIGH, _KEY_MASK)


def low_value(codes: Sequence[int]) -> int:
    """The best ace-to-five low class among five or more card codes."""
    return _best_value(codes, _LOW, _RANK_MASK)


def lookup_tables() -> tuple[dict[int, int], dict[int, int], int, int]:
    """The raw tables for tight loops: ``high[sum & high_mask]`` and ``low[sum & low_mask]``.

    ``sum`` is the sum of five card codes; this is what ``high5`` / ``low5`` do, without the call.
    Returns ``(high, low, high_mask, low_mask)`` with the tables built.
    """
    if not _HIGH_INFO:
        _build_tables()
    return _HIGH, _LOW, _KEY_MASK, _RANK_MASK


def category_of(value: int) -> HandCategory:
    """The category of a high class value (from ``high5`` or ``HighHand.value``)."""
    if not _HIGH_INFO:
        _build_tables()
    return _HIGH_INFO[value][0]


# ---------------------------------------------------------------------------------------------
# Readable results
# ---------------------------------------------------------------------------------------------


def _rank(r: int) -> Rank:
    return Rank(14 if r == 1 else r)


def _high_name(category: HandCategory, ranks: tuple[int, ...]) -> str:
    first = _rank(ranks[0])
    if category is HandCategory.STRAIGHT_FLUSH:
        return "royal flush" if first is Rank.ACE else f"straight flush, {first.word} high"
    if category is HandCategory.FOUR_OF_A_KIND:
        return f"four of a kind, {first.plural}"
    if category is HandCategory.FULL_HOUSE:
        return f"full house, {first.plural} full of {_rank(ranks[1]).plural}"
    if category in (HandCategory.FLUSH, HandCategory.STRAIGHT):
        return f"{category.label}, {first.word} high"
    if category is HandCategory.THREE_OF_A_KIND:
        return f"three of a kind, {first.plural}"
    if category is HandCategory.TWO_PAIR:
        return f"two pair, {first.plural} and {_rank(ranks[1]).plural}"
    if category is HandCategory.PAIR:
        return f"pair of {first.plural}"
    return f"{first.word} high"


_COUNTED = ("pair of ", "flush", "straight", "full house", "royal flush")
"""Hand names that take "a" after "with" (a pair, a flush); "two pair", "three of a kind", "ace high" and the
lows ("8-7 low") do not."""


def as_object(name: str) -> str:
    """A hand's ``name`` as it follows "with" in a sentence: ``a pair of jacks``, ``two pair, …``, ``8-7 low``.

    >>> as_object("pair of jacks"), as_object("flush, jack high"), as_object("two pair, aces and sixes")
    ('a pair of jacks', 'a flush, jack high', 'two pair, aces and sixes')
    """
    return f"a {name}" if name.startswith(_COUNTED) else name


def _low_symbol(r: int) -> str:
    return "A" if r == 1 else _rank(r).symbol


def _order_cards(cards: Iterable[Card], ace_low: bool) -> tuple[Card, ...]:
    """Cards in the order that decides the hand: bigger groups first, then higher ranks, then higher suits.

    With ``ace_low`` the ace counts as 1 (low hands and the five-high straight).
    """
    hand = list(cards)
    value = {card: (1 if ace_low and card.rank is Rank.ACE else int(card.rank)) for card in hand}  # type: ignore
    counts = Counter(value.values())
    return tuple(sorted(hand, key=lambda c: (counts[value[c]], value[c], c.suit.order), reverse=True))  # type: ignore


@dataclass(frozen=True, order=True)
class HighHand:
    """A five-card high hand: ``value`` 1..7462 (higher wins, equal values tie) and the five cards."""

    value: int
    cards: tuple[Card, ...] = field(compare=False)

    @property
    def category(self) -> HandCategory:
        """Pair, flush, full house and so on."""
        return category_of(self.value)

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The ranks that decide ties, most important first (a straight gives only its top card)."""
        return tuple(_rank(r) for r in _HIGH_INFO[self.value][1])

    @property
    def name(self) -> str:
        """The hand in words: ``two pair, kings and sevens``, ``flush, jack high``, ``royal flush``."""
        category, ranks = _HIGH_INFO[self.value]
        return _high_name(category, ranks)

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, order=True)
class LowHand:
    """An ace-to-five low hand: ``value`` 1..6175 (higher is the *better* low) and the five cards.

    The ace counts low, straights and flushes do not matter, and pairs spoil a low.
    """

    value: int
    cards: tuple[Card, ...] = field(compare=False)

    @property
    def ranks(self) -> tuple[int, ...]:
        """The ranks from the one that matters most, with the ace as 1: ``(8, 7, 6, 3, 2)``."""
        return _LOW_INFO[self.value][1]

    @property
    def paired(self) -> bool:
        """True when two cards share a rank (a weak low)."""
        return _LOW_INFO[self.value][0] > 0

    @property
    def name(self) -> str:
        """``8-7 low`` (the two highest cards), or for a paired hand ``low with a pair of twos``."""
        shape, ranks = _LOW_INFO[self.value]
        if shape == 0:
            return f"{_low_symbol(ranks[0])}-{_low_symbol(ranks[1])} low"
        category = {1: HandCategory.PAIR, 2: HandCategory.TWO_PAIR, 3: HandCategory.THREE_OF_A_KIND,
                    4: HandCategory.FULL_HOUSE, 5: HandCategory.FOUR_OF_A_KIND}[shape]
        return f"low with {'a ' if shape == 1 else ''}{_high_name(category, ranks)}"

    @property
    def full_name(self) -> str:
        """All five cards' ranks: ``8-7-6-3-2 low``, ``2-2-8-7-3 low``."""
        return "-".join(_low_symbol(1 if c.rank is Rank.ACE else int(c.rank)) for c in self.cards) + " low"  # type: ignore

    def __str__(self) -> str:
        return self.name


def _best_five(cards: Iterable[Card], table: dict[int, int], mask: int) -> tuple[int, list[Card]]:
    """The best class in ``table`` among the five-card subsets of ``cards``, and those five cards."""
    hand = list(cards)
    if len(hand) < 5:
        raise ValueError(f"a poker hand needs five cards, not {len(hand)}")
    if len(set(hand)) != len(hand):
        raise ValueError("the same card appears twice in the hand")
    codes = card_codes(hand)
    best_value, best_cards = 0, hand[:5]
    for combo in combinations(range(len(hand)), 5):
        value = table[sum(codes[i] for i in combo) & mask]
        if value > best_value:
            best_value, best_cards = value, [hand[i] for i in combo]
    return best_value, best_cards


def evaluate_high(cards: Iterable[Card]) -> HighHand:
    """The best five-card high hand from five or more cards."""
    best_value, best_cards = _best_five(cards, _HIGH, _KEY_MASK)
    category, ranks = _HIGH_INFO[best_value]
    wheel = ranks == (5,) and category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH)
    return HighHand(best_value, _order_cards(best_cards, ace_low=wheel))


def evaluate_low(cards: Iterable[Card]) -> LowHand:
    """The best ace-to-five low hand from five or more cards."""
    best_value, best_cards = _best_five(cards, _LOW, _RANK_MASK)
    return LowHand(best_value, _order_cards(best_cards, ace_low=True))


def best_high(hands: Mapping[int, Iterable[Card]]) -> tuple[list[int], dict[int, HighHand]]:
    """The seats holding the best high hand (several on a tie) and every seat's hand."""
    evaluated = {seat: evaluate_high(cards) for seat, cards in hands.items()}
    top = max(evaluated.values()).value
    return [seat for seat, hand in evaluated.items() if hand.value == top], evaluated


def best_low(hands: Mapping[int, Iterable[Card]]) -> tuple[list[int], dict[int, LowHand]]:
    """The seats holding the best ace-to-five low (several on a tie) and every seat's hand."""
    evaluated = {seat: evaluate_low(cards) for seat, cards in hands.items()}
    top = max(evaluated.values()).value
    return [seat for seat, hand in evaluated.items() if hand.value == top], evaluated


# ---------------------------------------------------------------------------------------------
# What is showing: who opens a betting round, who brings it in
# ---------------------------------------------------------------------------------------------

_SHOWING_CATEGORY = {
    (): HandCategory.HIGH_CARD, (1,): HandCategory.HIGH_CARD, (2,): HandCategory.PAIR,
    (2, 2): HandCategory.TWO_PAIR, (3,): HandCategory.THREE_OF_A_KIND, (3, 2): HandCategory.FULL_HOUSE,
    (4,): HandCategory.FOUR_OF_A_KIND,
}


@dataclass(frozen=True, order=True)
class Showing:
    """A partial hand of up cards as it counts for opening the betting (A-P1-03).

    Only pairs, two pair, trips, full houses and quads count (no straights or flushes). Equal ranks
    are broken by the suit of the deciding card, ♣ < ♦ < ♥ < ♠: the highest card of the most
    important group. ``key`` orders hands; ``rank_key`` is the same without the suit.
    """

    key: tuple[int, tuple[int, ...], int]
    cards: tuple[Card, ...] = field(compare=False)

    @property
    def category(self) -> HandCategory:
        """High card, pair, two pair, three or four of a kind, or full house."""
        return HandCategory(self.key[0])

    @property
    def rank_key(self) -> tuple[int, tuple[int, ...]]:
        """The key without the suit tie-break."""
        return self.key[0], self.key[1]

    @property
    def name(self) -> str:
        """``pair of kings``, ``ace high``, or ``nothing showing``."""
        if not self.cards:
            return "nothing showing"
        return _high_name(self.category, self.key[1])

    def __str__(self) -> str:
        return self.name


def showing(cards: Iterable[Card]) -> Showing:
    """Rank a partial hand of up cards for opening the betting."""
    ordered = _order_cards(cards, ace_low=False)
    if not ordered:
        return Showing((-1, (), -1), ())
    counts = Counter(int(card.rank) for card in ordered)  # type: ignore[arg-type]
    groups = tuple(n for n in sorted(counts.values(), reverse=True) if n > 1)
    category = _SHOWING_CATEGORY.get(groups, HandCategory.FULL_HOUSE)
    return Showing((int(category), _grouped(counts), ordered[0].suit.order), ordered)  # type: ignore[union-attr]


def highest_showing(up_cards: Mapping[int, Iterable[Card]], order: Sequence[int], by_suit: bool = True) -> int:
    """The seat that opens: the best hand showing among the seats in ``order``.

    ``order`` lists the seats clockwise from the dealer's left. Equal hands are decided by the suit
    of the deciding card (``by_suit``, A-P1-03) or else by the first seat in ``order``; a table
    with nothing showing opens with the first seat in ``order``.
    """
    best_seat, best_key = order[0], None
    for seat in order:
        hand = showing(up_cards[seat])
        key = hand.key if by_suit else hand.rank_key
        if best_key is None or key > best_key:
            best_seat, best_key = seat, key
    return best_seat


def _bring_in_key(card: Card) -> tuple[int, int]:
    return int(card.rank), card.suit.order  # type: ignore[arg-type,union-attr]


def bring_in_card(cards: Iterable[Card]) -> Card:
    """The lowest card for the bring-in: the ace is high and suits break ties, ♣ lowest (A-P2-04)."""
    return min(cards, key=_bring_in_key)


def bring_in_seat(up_cards: Mapping[int, Card]) -> int:
    """The seat whose up card is lowest (it must bring in the betting)."""
    return min(up_cards, key=lambda seat: _bring_in_key(up_cards[seat]))
