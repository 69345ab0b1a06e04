"""Hands and table melds as small integer structures the search works on.

A natural card is a *position* in its suit: 3..13 for three to king, 14 for the ace (an ace may also
sit at position 1, below the 2, where the rules allow it). A hand becomes, per suit, a vector of
counts over positions, plus one pooled count of wild cards (every 2, and every joker where jokers
are wild): the wilds are interchangeable, so only their number matters to the search. Wild counts
inside the search are in *half* units (``w2``) so that a lower bound may charge half a wild.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from push_learn.cards import JOKER, Card, Rank, Suit
from push_learn.rummy.melds import Meld, is_wild_card, max_run_length, run_value_range
from push_learn.rummy.rules import RummyRules
from push_learn.rummy.scoring import card_value

__all__ = [
    "ACE_LOW",
    "ACE_POS",
    "SUITS",
    "WILD_POINTS",
    "Ctx",
    "HandCounts",
    "TableRunInfo",
    "TableSetInfo",
    "card_place",
    "card_position",
    "encode_hand",
    "encode_table",
    "position_card",
    "position_points",
    "position_weight",
    "wild_weight",
]

SUITS: tuple[Suit, ...] = tuple(Suit)
"""Suits in the order used by every per-suit array (clubs, diamonds, hearts, spades)."""
ACE_LOW = 1
ACE_POS = 14
NPOS = 15
"""Per-suit vectors are indexed by position 0..14 (0 unused, 2 never holds a natural)."""


def position_card(position: int, suit_index: int) -> Card:
    """The natural card at ``position`` of suit number ``suit_index``."""
    rank = Rank.ACE if position in (ACE_LOW, ACE_POS) else Rank(position)
    return Card(rank, SUITS[suit_index])


_POSITION_POINTS = tuple(0 if p in (0, 2) else card_value(position_card(p, 0)) for p in range(NPOS))
"""Per position, the core's points (``scoring.card_value``) of the natural card there (0 where none can be)."""
WILD_POINTS = card_value(JOKER)
"""The core's points of a wild card. The search pools the wilds, so every wild must be worth this much: a 2
and a joker both are (``tests/rummy/analysis/test_solver_core_values.py`` pins it)."""


def position_points(position: int) -> int:
    """Penalty points of the natural card at ``position``, as the rules core scores it (``card_value``)."""
    return _POSITION_POINTS[position]


CARD_WEIGHT = 100
"""With the card-count objective every card weighs this much more than its points (cards first, then points)."""


def position_weight(position: int, by_cards: bool) -> int:
    """What taking the natural at ``position`` out of the hand is worth to the search."""
    return position_points(position) + (CARD_WEIGHT if by_cards else 0)


def wild_weight(by_cards: bool) -> int:
    """What taking a wild card out of the hand is worth to the search."""
    return WILD_POINTS + (CARD_WEIGHT if by_cards else 0)


def card_position(card: Card) -> int:
    """The position of a natural card (an ace is 14); 2 for a two."""
    assert card.rank is not None
    return int(card.rank)


def card_place(card: Card) -> tuple[int, int]:
    """The (suit, position) of a natural card, as the hand's counts index it."""
    assert card.suit is not None
    return card.suit.order, card_position(card)


@dataclass(frozen=True)
class Ctx:
    """The rules as the search needs them, plus the contract's designation bookkeeping.

    ``low`` is the lowest run position (1, 2 or 3); ``set_cap`` is 0 when sets have no size cap.
    Contract parts are grouped in *types*: type 0 is "set of 3" (when the contract has sets), the
    others are runs of one minimum length. ``need[i]`` is how many melds of type ``i`` the contract
    asks for; a designation vector ``d`` is packed in mixed radix (``unit[i]``) and saturates at
    ``need``. ``k`` caps the spare capacity each meld reports (2 when all-wild melds can soak up any
    three or more leftover wilds, else the number of wilds).
    """

    maxlen: int
    low: int
    distinct: bool
    set_cap: int
    min_nat: int
    natural_twos: bool
    jokers_wild: bool
    share_ok: bool
    kinds: tuple[str, ...] = ()
    lengths: tuple[int, ...] = ()
    need: tuple[int, ...] = ()
    k: int = 2
    strict_discard: bool = False
    """The discard is compulsory, so keeping it free does not make an entry better."""
    by_cards: bool = False
    """Objective: fewest cards left (then fewest points) instead of fewest points."""

    @classmethod
    def from_rules(
        cls,
        rules: RummyRules,
        contract_parts: Sequence[tuple[str, int]] = (),
        k: int = 2,
        strict_discard: bool = False,
        share: bool | None = None,
        by_cards: bool = False,
    ) -> Ctx:
        """The context for ``rules``; ``contract_parts`` as (kind, min length) pairs when going down."""
        kinds: list[str] = []
        lengths: list[int] = []
        need: list[int] = []
        sets = sum(1 for kind, _ in contract_parts if kind == "set")
        if sets:
            kinds.append("set")
            lengths.append(3)
            need.append(sets)
        for length in sorted({n for kind, n in contract_parts if kind == "run"}):
            kinds.append("run")
            lengths.append(length)
            need.append(sum(1 for kind, n in contract_parts if kind == "run" and n == length))
        ctx = cls(
            maxlen=max_run_length(rules),
            low=run_value_range(rules)[0],
            distinct=rules.set_distinct_suits,
            set_cap=4 if rules.set_distinct_suits else 0,
            min_nat=rules.min_naturals_per_meld,
            natural_twos=rules.natural_twos,
            jokers_wild=rules.jokers_wild,
            share_ok=rules.runs_may_share_cards if share is None else share,
            kinds=tuple(kinds),
            lengths=tuple(lengths),
            need=tuple(need),
            k=k,
            strict_discard=strict_discard,
            by_cards=by_cards,
        )
        return _CONTEXTS.setdefault(ctx, ctx)

    @property
    def designation_count(self) -> int:
        """How many packed designation vectors there are (each from 0 to ``need`` of every type)."""
        count = 1
        for n in self.need:
            count *= n + 1
        return count

    def unpack(self, d: int) -> tuple[int, ...]:
        """How many melds of each contract type the packed designations ``d`` count (``units``' mixed radix)."""
        return tuple((d // unit) % (n + 1) for unit, n in zip(self.units, self.need, strict=True))

    def contract_runs(self, d: int) -> int:
        """How many contract runs (of every run type) the packed designations ``d`` count.

        >>> from push_learn.rummy import PUSH
        >>> ctx = Ctx.from_rules(PUSH, (("set", 3), ("run", 4), ("run", 4)))
        >>> [ctx.contract_runs(d) for d in range(ctx.designation_count)]
        [0, 0, 1, 1, 2, 2]
        """
        return sum(n for kind, n in zip(self.kinds, self.unpack(d), strict=True) if kind == "run")

    @property
    def units(self) -> tuple[int, ...]:
        """The mixed-radix weight of each designation type."""
        units = []
        weight = 1
        for n in self.need:
            units.append(weight)
            weight *= n + 1
        return tuple(units)

    @property
    def full(self) -> int:
        """The packed designation vector of a complete contract (0 when there is none)."""
        return sum(u * n for u, n in zip(self.units, self.need, strict=True))

    @property
    def set_unit(self) -> int:
        """The designation unit of one contract set, or 0 when the contract has no sets."""
        return self.units[0] if self.kinds and self.kinds[0] == "set" else 0

    @property
    def run_types(self) -> tuple[tuple[int, int], ...]:
        """(minimum length, designation unit) of each run type of the contract."""
        return tuple(
            (length, unit)
            for kind, length, unit in zip(self.kinds, self.lengths, self.units, strict=True)
            if kind == "run"
        )

    @property
    def longest(self) -> int:
        """The longest contract run (3 when the contract asks for none)."""
        return max((length for length, _ in self.run_types), default=3)


_CONTEXTS: dict[Ctx, Ctx] = {}
"""The one instance of each context (a handful over a process's life): sweeps, segment kinds and memo keys keep
contexts alive, and the garbage collector walks every one at each full collection, so equal contexts share one
object rather than each question adding its own."""


@dataclass(frozen=True)
class TableRunInfo:
    """A run on the table as the search sees it: suit, ends, spare room and rescuable wilds.

    ``wilds`` pairs each rescuable wild's position with its place in the meld's cards.
    """

    index: int
    suit: int
    a: int
    b: int
    room: int
    wilds: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class TableSetInfo:
    """A set on the table: its rank position, the suits of its naturals (bit mask), size, room and wilds."""

    index: int
    position: int
    suits: int
    naturals: int
    size: int
    room: int
    wild_places: tuple[int, ...]


@dataclass(frozen=True)
class HandCounts:
    """A hand as counts: ``counts[s][p]`` naturals of suit ``s`` at position ``p``, the wild cards, the dead cards.

    Dead cards (jokers in a game without wild jokers) can never be melded.
    """

    counts: tuple[tuple[int, ...], ...]
    wilds: tuple[Card, ...]
    dead: tuple[Card, ...]

    @property
    def wild_count(self) -> int:
        """How many wild cards the hand holds."""
        return len(self.wilds)

    @property
    def twos(self) -> int:
        """How many 2s the hand holds."""
        return sum(1 for card in self.wilds if card.rank is Rank.TWO)

    def natural_points(self) -> int:
        """Penalty points of all natural cards."""
        return sum(position_points(p) * n for row in self.counts for p, n in enumerate(row) if n)

    def total_points(self) -> int:
        """Penalty points of the whole hand."""
        return self.natural_points() + sum(card_value(card) for card in (*self.wilds, *self.dead))

    def lightest_weight(self, by_cards: bool) -> int:
        """The weight of the hand's lightest card as the search weighs it (see ``total_weight``)."""
        weights = [position_weight(p, by_cards) for row in self.counts for p, n in enumerate(row) if n]
        if self.wilds:
            weights.append(wild_weight(by_cards))
        weights += [card_value(card) + (CARD_WEIGHT if by_cards else 0) for card in self.dead]
        return min(weights)

    def total_weight(self, by_cards: bool) -> int:
        """The whole hand as the search weighs it (points, plus a card weight each with ``by_cards``)."""
        cards = sum(sum(row) for row in self.counts) + len(self.wilds) + len(self.dead)
        return self.total_points() + (CARD_WEIGHT * cards if by_cards else 0)


def encode_hand(cards: Sequence[Card], rules: RummyRules) -> HandCounts:
    """Count a hand's naturals per suit and position; pool its wilds."""
    counts = [[0] * NPOS for _ in SUITS]
    wilds: list[Card] = []
    dead: list[Card] = []
    for card in cards:
        if is_wild_card(card, rules):
            wilds.append(card)
        elif card.rank is None:
            dead.append(card)
        else:
            assert card.suit is not None
            counts[card.suit.order][card_position(card)] += 1
    return HandCounts(tuple(tuple(row) for row in counts), tuple(wilds), tuple(dead))


def encode_table(
    melds: Sequence[Meld], rules: RummyRules
) -> tuple[tuple[TableRunInfo, ...], tuple[TableSetInfo, ...]]:
    """The table's runs and sets; ``index`` is the meld's place in ``melds``."""
    maxlen = max_run_length(rules)
    runs: list[TableRunInfo] = []
    sets: list[TableSetInfo] = []
    for index, meld in enumerate(melds):
        wild_places = meld.wild_positions
        if meld.is_run:
            assert meld.suit is not None
            wilds = tuple(
                (meld.start + place, place)
                for place in wild_places
                if meld.start + place != 2
            )
            runs.append(
                TableRunInfo(index, meld.suit.order, meld.low_value, meld.high_value, maxlen - len(meld), wilds)
            )
        else:
            assert meld.rank is not None
            mask = 0
            for card in meld.naturals:
                assert card.suit is not None
                mask |= 1 << card.suit.order
            room = 4 - len(meld) if rules.set_distinct_suits else 99
            sets.append(
                TableSetInfo(index, int(meld.rank), mask, len(meld.naturals), len(meld), max(room, 0), wild_places)
            )
    return tuple(runs), tuple(sets)


def in_stretches(row: tuple[int, ...], ace_low: bool, gap: int = 1) -> list[bool]:
    """Which positions of a suit lie in a stretch of at least three naturals with gaps of at most ``gap``
    empty places (0: only unbroken stretches)."""
    places = [p for p in range(3, ACE_POS + 1) if row[p]]
    if ace_low and row[ACE_POS]:
        places.insert(0, ACE_LOW)
    out = [False] * len(row)
    i = 0
    while i < len(places):
        j = i
        while j + 1 < len(places) and places[j + 1] - places[j] <= gap + 1:
            j += 1
        if j - i >= 2:
            for p in places[i : j + 1]:
                out[ACE_POS if p == ACE_LOW else p] = True
        i = j + 1
    return out


def isolated(row: tuple[int, ...], position: int, ace_low: bool, runs: Sequence[TableRunInfo] = ()) -> bool:
    """Whether the natural at ``position`` of a suit has no other natural of the suit, and no table run of
    the suit, within two places: then a run can hold it only with two wilds."""
    near = [p for p in range(position - 2, position + 3) if p != position and 3 <= p <= ACE_POS and row[p]]
    if ace_low and position in (3, ACE_POS) and row[3 if position == ACE_POS else ACE_POS]:
        near.append(ACE_LOW)
    reach = [position] + ([ACE_LOW] if ace_low and position == ACE_POS else [])
    touching = any(run.a - 2 <= p <= run.b + 2 for run in runs for p in reach)
    return not near and not touching
