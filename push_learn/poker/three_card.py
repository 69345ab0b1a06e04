"""Three-card hand rankings as data: three-card brag (B1) and casino Three Card Poker (C1).

Both games rank the same six shapes of hand (three of a kind, a running flush, a run, a flush, a
pair, nothing) but in different orders and with different quirks. Brag puts a run above a flush,
3-3-3 above A-A-A and A-2-3 above A-K-Q; Three Card Poker ranks a straight flush first and A-2-3 as
the lowest straight. A ranking is a plain value (``BRAG``, ``THREE_CARD_POKER``) holding those
orders, so one evaluator serves both games.

>>> str(evaluate("3H 3S 3D", BRAG))
'prial of threes'
>>> str(evaluate("QS QD 9C", THREE_CARD_POKER))
'pair of queens, 9 kicker'
>>> evaluate("AS 2S 3S", BRAG) > evaluate("AH KH QH", BRAG)
True

The module also holds the small pieces both three-card games share: card numbering for fast
tables, and the base of their actions (each writes itself as JSON with ``to_json``).
"""

from __future__ import annotations

import dataclasses
from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from itertools import combinations
from typing import Any, ClassVar

from push_learn.cards import Card, Rank, format_cards, parse_cards, standard_deck

__all__ = [
    "BRAG",
    "THREE_CARD_POKER",
    "Category",
    "SeatAction",
    "Shape",
    "ThreeCardHand",
    "ThreeCardRanking",
    "all_hand_indices",
    "card_index",
    "category_counts",
    "clear_tables",
    "compare_hands",
    "evaluate",
    "hand_key",
    "key_of_ranks",
    "key_table",
    "strength",
]

A = Rank.ACE


class Shape(Enum):
    """The six kinds of three-card hand, named neutrally (each ranking gives them its own names)."""

    TRIPS = "trips"
    STRAIGHT_FLUSH = "straight flush"
    STRAIGHT = "straight"
    FLUSH = "flush"
    PAIR = "pair"
    HIGH_CARD = "high card"


@dataclass(frozen=True)
class Category:
    """A category of one ranking: its shape, its name in that game, and how to name a hand of it.

    ``template`` may use ``{plural}`` (the rank of a pair or trips in words), ``{kicker}``,
    ``{run}`` (a run such as ``A-2-3``) and ``{cards}`` (ranks high to low such as ``Q-6-4``).
    """

    shape: Shape
    name: str
    template: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class ThreeCardRanking:
    """One game's order of three-card hands, entirely as data.

    ``categories`` runs from the best category to the worst. ``trips_order`` and ``run_order`` list
    the ranks of three of a kind and the runs from the lowest to the highest; a run is written with
    its cards in the order people say it (``A-2-3``, ``Q-J-10``). Runs not listed (K-A-2) are not runs.
    """

    name: str
    categories: tuple[Category, ...]
    trips_order: tuple[Rank, ...]
    run_order: tuple[tuple[Rank, Rank, Rank], ...]
    _run_index: Mapping[frozenset[int], int] = field(init=False, repr=False, compare=False)
    _level: Mapping[Shape, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        shapes = [c.shape for c in self.categories]
        if sorted(shapes, key=lambda s: s.value) != sorted(Shape, key=lambda s: s.value):
            raise ValueError("a three-card ranking needs each of the six shapes exactly once")
        if sorted(self.trips_order) != list(Rank):
            raise ValueError("trips_order must list each rank once")
        runs = {frozenset(int(r) for r in run): i for i, run in enumerate(self.run_order)}
        if len(runs) != len(self.run_order) or any(len(run) != 3 for run in runs):
            raise ValueError("each run must be three different ranks, listed once")
        object.__setattr__(self, "_run_index", runs)
        levels = {c.shape: len(self.categories) - 1 - i for i, c in enumerate(self.categories)}
        object.__setattr__(self, "_level", levels)

    def category(self, shape: Shape) -> Category:
        """The category this ranking gives to ``shape``."""
        return self.categories[len(self.categories) - 1 - self._level[shape]]

    def run_position(self, ranks: Iterable[int]) -> int | None:
        """The place (0 = lowest) of three distinct ranks among the runs, or ``None`` for no run."""
        return self._run_index.get(frozenset(ranks))

    def level(self, shape: Shape) -> int:
        """0 for the lowest category up to 5 for the highest."""
        return self._level[shape]

    def __str__(self) -> str:
        return self.name


_RUNS_LOW_TO_HIGH = tuple(
    (Rank(top), Rank(top - 1), Rank(top - 2)) for top in range(4, 15)
)  # 4-3-2 … A-K-Q
_A23 = (A, Rank.TWO, Rank.THREE)

BRAG = ThreeCardRanking(
    name="three-card brag",
    categories=(
        Category(Shape.TRIPS, "prial", "prial of {plural}"),
        Category(Shape.STRAIGHT_FLUSH, "running flush", "running flush {run}"),
        Category(Shape.STRAIGHT, "run", "run {run}"),
        Category(Shape.FLUSH, "flush", "flush {cards}"),
        Category(Shape.PAIR, "pair", "pair of {plural}, {kicker} kicker"),
        Category(Shape.HIGH_CARD, "high card", "high card {cards}"),
    ),
    trips_order=(Rank.TWO, *(Rank(r) for r in range(4, 15)), Rank.THREE),
    run_order=(*_RUNS_LOW_TO_HIGH, _A23),
)
"""Brag: prial (3-3-3 best), running flush, run (A-2-3 best), flush, pair, high card."""

THREE_CARD_POKER = ThreeCardRanking(
    name="Three Card Poker",
    categories=(
        Category(Shape.STRAIGHT_FLUSH, "straight flush", "straight flush {run}"),
        Category(Shape.TRIPS, "three of a kind", "three {plural}"),
        Category(Shape.STRAIGHT, "straight", "straight {run}"),
        Category(Shape.FLUSH, "flush", "flush {cards}"),
        Category(Shape.PAIR, "pair", "pair of {plural}, {kicker} kicker"),
        Category(Shape.HIGH_CARD, "high card", "high card {cards}"),
    ),
    trips_order=tuple(Rank),
    run_order=(_A23, *_RUNS_LOW_TO_HIGH),
)
"""Casino Three Card Poker: A-K-Q the top straight, A-2-3 the lowest (3-high)."""


def _shape_of(ranks: Sequence[int], flush: bool, ranking: ThreeCardRanking) -> tuple[Shape, int]:
    """The shape of three ranks sorted high to low and its tie-break number inside the category."""
    r1, r2, r3 = ranks
    if r1 == r3:
        return Shape.TRIPS, ranking.trips_order.index(Rank(r1))
    if r1 == r2 or r2 == r3:
        kicker = r3 if r1 == r2 else r1
        return Shape.PAIR, r2 * 16 + kicker
    run = ranking.run_position(ranks)
    if run is not None:
        return (Shape.STRAIGHT_FLUSH if flush else Shape.STRAIGHT), run
    return (Shape.FLUSH if flush else Shape.HIGH_CARD), r1 * 256 + r2 * 16 + r3


def key_of_ranks(ranks: Sequence[int], flush: bool, ranking: ThreeCardRanking) -> int:
    """The key of three ranks (2..14, sorted high to low) that are or are not all of one suit.

    A key is an integer that orders hands exactly as the ranking does; equal hands get equal keys.
    """
    shape, tiebreak = _shape_of(ranks, flush, ranking)
    return (ranking.level(shape) << 12) | tiebreak


def _as_cards(cards: str | Iterable[Card]) -> tuple[Card, Card, Card]:
    """Three distinct, real cards from text or cards, or a ``ValueError`` saying what is wrong."""
    hand = tuple(parse_cards(cards)) if isinstance(cards, str) else tuple(cards)
    if len(hand) != 3:
        raise ValueError(f"a three-card hand has 3 cards, not {len(hand)}")
    if any(card.is_joker for card in hand):
        raise ValueError("three-card games use no jokers")
    if len(set(hand)) != 3:
        raise ValueError("a three-card hand cannot hold the same card twice")
    return hand[0], hand[1], hand[2]


def _ranks_and_flush(hand: Sequence[Card]) -> tuple[list[int], bool]:
    ranks = sorted((int(card.rank) for card in hand if card.rank is not None), reverse=True)
    return ranks, len({card.suit for card in hand}) == 1


def hand_key(cards: str | Iterable[Card], ranking: ThreeCardRanking) -> int:
    """The comparison key of a hand: a higher key is a better hand, equal keys tie."""
    ranks, flush = _ranks_and_flush(_as_cards(cards))
    return key_of_ranks(ranks, flush, ranking)


@dataclass(frozen=True, eq=False)
class ThreeCardHand:
    """An evaluated three-card hand; hands of the same ranking compare with ``<``, ``==`` and so on.

    ``str`` gives its readable name, such as ``running flush A-2-3`` or ``pair of queens, 9 kicker``.
    """

    cards: tuple[Card, Card, Card]
    ranking: ThreeCardRanking
    category: Category
    key: int
    name: str

    def _other_key(self, other: object) -> int:
        if not isinstance(other, ThreeCardHand) or other.ranking != self.ranking:
            raise TypeError("only hands evaluated under the same ranking can be compared")
        return other.key

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ThreeCardHand):
            return NotImplemented
        return self.ranking == other.ranking and self.key == other.key

    def __hash__(self) -> int:
        return hash((self.ranking.name, self.key))

    def __lt__(self, other: object) -> bool:
        return self.key < self._other_key(other)

    def __le__(self, other: object) -> bool:
        return self.key <= self._other_key(other)

    def __gt__(self, other: object) -> bool:
        return self.key > self._other_key(other)

    def __ge__(self, other: object) -> bool:
        return self.key >= self._other_key(other)

    @property
    def shape(self) -> Shape:
        """The neutral shape of the hand."""
        return self.category.shape

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"ThreeCardHand({format_cards(self.cards, ascii=True)!r}, {self.ranking.name!r}: {self.name!r})"


def _dash(ranks: Iterable[Rank]) -> str:
    return "-".join(rank.symbol for rank in ranks)


def _describe(ranks: Sequence[int], shape: Shape, ranking: ThreeCardRanking) -> str:
    """The readable name of a hand from its ranks (high to low) and shape."""
    r1, r2, r3 = (Rank(r) for r in ranks)
    kicker = r3 if r1 == r2 else r1
    run = ""
    if shape in (Shape.STRAIGHT, Shape.STRAIGHT_FLUSH):
        position = ranking.run_position(ranks)
        run = _dash(ranking.run_order[position]) if position is not None else ""
    return ranking.category(shape).template.format(
        plural=r2.plural, kicker=kicker.symbol, run=run, cards=_dash((r1, r2, r3))
    )


def evaluate(cards: str | Iterable[Card], ranking: ThreeCardRanking) -> ThreeCardHand:
    """Evaluate three cards (or text such as ``"AS 2S 3S"``) under ``BRAG`` or ``THREE_CARD_POKER``."""
    hand = _as_cards(cards)
    ranks, flush = _ranks_and_flush(hand)
    shape, _ = _shape_of(ranks, flush, ranking)
    return ThreeCardHand(
        cards=hand,
        ranking=ranking,
        category=ranking.category(shape),
        key=key_of_ranks(ranks, flush, ranking),
        name=_describe(ranks, shape, ranking),
    )


def compare_hands(first: str | Iterable[Card], second: str | Iterable[Card], ranking: ThreeCardRanking) -> int:
    """1 if the first hand is better, -1 if the second is, 0 if they are equal in rank."""
    a, b = hand_key(first, ranking), hand_key(second, ranking)
    return (a > b) - (a < b)


# ---- fast tables: cards as numbers 0..51 -------------------------------------------------------

DECK: tuple[Card, ...] = standard_deck()
"""The 52 cards; a card's number is its place here (``card_index``)."""


def card_index(card: Card) -> int:
    """The number 0..51 of a card: 13 × suit order + (rank − 2)."""
    if card.rank is None or card.suit is None:
        raise ValueError("three-card games use no jokers")
    return card.suit.order * 13 + int(card.rank) - 2


def _rank_of(index: int) -> int:
    return index % 13 + 2


@cache
def all_hand_indices() -> tuple[tuple[int, int, int], ...]:
    """All 22,100 three-card hands as increasing triples of card numbers."""
    return tuple(combinations(range(52), 3))


@cache
def key_table(ranking: ThreeCardRanking) -> tuple[int, ...]:
    """The key of every hand of ``all_hand_indices()``, in the same order."""
    keys = []
    for a, b, c in all_hand_indices():
        ranks = sorted((_rank_of(a), _rank_of(b), _rank_of(c)), reverse=True)
        keys.append(key_of_ranks(ranks, a // 13 == b // 13 == c // 13, ranking))
    return tuple(keys)


@cache
def _sorted_keys(ranking: ThreeCardRanking) -> tuple[int, ...]:
    return tuple(sorted(key_table(ranking)))


def strength(cards: str | Iterable[Card], ranking: ThreeCardRanking) -> float:
    """The share of all 22,100 hands that this hand beats outright: 0.0 (worst) to just under 1.0."""
    return bisect_left(_sorted_keys(ranking), hand_key(cards, ranking)) / len(all_hand_indices())


def clear_tables() -> None:
    """Forget the remembered hand and key tables (they are rebuilt on the next use)."""
    for cached in (all_hand_indices, key_table, _sorted_keys):
        cached.cache_clear()


def category_counts(ranking: ThreeCardRanking) -> dict[str, int]:
    """How many of the 22,100 hands fall in each category, best category first."""
    levels = [key >> 12 for key in key_table(ranking)]
    top = len(ranking.categories) - 1
    return {cat.name: levels.count(top - i) for i, cat in enumerate(ranking.categories)}


# ---- actions shared by the three-card games ---------------------------------------------------


@dataclass(frozen=True)
class SeatAction:
    """Base of the three-card games' actions: the seat that acts; ``kind`` names the action in records."""

    kind: ClassVar[str] = ""
    seat: int

    def to_json(self) -> dict[str, Any]:
        """Plain JSON values: ``{"type": "bet", "seat": 1, "amount": 4}``."""
        return {"type": self.kind, **dataclasses.asdict(self)}
