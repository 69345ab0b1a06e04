"""The declared meld: a value object that remembers what each wild card stands for, and its legality check.

A set is declared by its rank; a run by its suit and the rank value of its first place (1 is the
ace low, 14 the ace high). Run cards are kept in place order, so card ``i`` of a run stands for
the rank value ``start + i`` in the run's suit. ``check_meld`` says, in one plain sentence, why a
declared meld breaks the rules of a game. Import these names from ``push_learn.rummy.melds``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from push_learn.cards import Card, Rank, Suit, format_cards, parse_card
from push_learn.errors import IllegalAction
from push_learn.rummy.rules import MIN_MELD_CARDS, MeldKind, RummyRules

__all__ = [
    "ACE_HIGH",
    "ACE_LOW",
    "Meld",
    "MeldError",
    "check_meld",
    "is_wild_card",
    "rank_at",
    "run_value_range",
]

ACE_LOW = 1
"""The rank value of an ace placed below the 2 in a run."""
ACE_HIGH = 14
"""The rank value of an ace placed above the king in a run."""


class MeldError(IllegalAction):
    """A group of cards or a declared meld that the rules do not allow; the message says why."""


def is_wild_card(card: Card, rules: RummyRules | None = None) -> bool:
    """True for a card that can act as wild: every 2, and every joker (only where ``rules`` make jokers wild).

    Without ``rules`` every joker counts, as in all the rummy-family presets. A 2 may still stand for
    itself at its own place in a run of its own suit (see ``Meld.is_wild``).
    """
    rank = card.rank
    if rank is None:
        return rules is None or rules.jokers_wild
    return rank is Rank.TWO


def rank_at(value: int) -> Rank:
    """The rank at a run value: 1 and 14 are both the ace, 2 to 13 are the ranks of that value."""
    if not ACE_LOW <= value <= ACE_HIGH:
        raise ValueError(f"a run has no place with value {value}; places run from 1 (ace low) to 14 (ace high)")
    return Rank.ACE if value in (ACE_LOW, ACE_HIGH) else Rank(value)


def run_value_range(rules: RummyRules) -> tuple[int, int]:
    """The lowest and highest rank values a run may cover under ``rules``.

    The top is always 14 (ace high). The bottom is 1 where the ace may be low and a 2 may appear in a
    run (Push, Cap-It), 2 where only the 2 may, and 3 where no card may stand for a two (6-7-8-9-10:
    twos are always wild and never represent a two, decision D-MELD-02). The rules
    hold this fact once: ``RummyRules.run_values``.
    """
    return rules.run_values


def max_run_length(rules: RummyRules) -> int:
    """The longest run the rules allow: 13 (A to K or 2 to A) with low aces, 12 (3 to A) in 6-7-8-9-10.

    The same as ``rules.max_run_length`` (the one source, D-MELD-10).
    """
    return rules.max_run_length


@dataclass(frozen=True)
class Meld:
    """A meld as declared on the table: a set of one rank or a run in one suit from ``start`` up.

    ``kind`` is ``MeldKind.SET`` or ``MeldKind.RUN``; ``rank`` is the set's rank (``None`` for runs);
    ``suit`` is the run's suit (``None`` for sets); ``start`` is the rank value of a run's first place
    (1 = ace low, 2..14) and 0 for sets. Build with ``Meld.set_of`` or ``Meld.run_of``. Building never
    checks the rules of a game: ``check_meld(meld, rules)`` does.
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    rank: Rank | None = None
    suit: Suit | None = None
    start: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.cards, tuple):
            object.__setattr__(self, "cards", tuple(self.cards))
        if self.kind is MeldKind.SET:
            if self.rank is None or self.suit is not None or self.start != 0:
                raise MeldError("a set is declared by its rank alone (no suit and no start)")
        elif self.kind is MeldKind.RUN:
            if self.suit is None or self.rank is not None:
                raise MeldError("a run is declared by its suit and its lowest place (no rank)")
            if not ACE_LOW <= self.start <= ACE_HIGH:
                raise MeldError(f"a run starts at a rank value from 1 (ace low) to 14 (ace high), not {self.start}")
        else:
            raise MeldError(f"{self.kind!r} is not a kind of meld; use MeldKind.SET or MeldKind.RUN")

    @classmethod
    def set_of(cls, cards: Iterable[Card], rank: Rank) -> Meld:
        """A set of ``rank`` made of ``cards`` (kept in the given order); wilds stand for ``rank``."""
        return cls(MeldKind.SET, tuple(cards), rank=rank)

    @classmethod
    def run_of(cls, cards_in_order: Iterable[Card], suit: Suit, start: int) -> Meld:
        """A run in ``suit`` whose card ``i`` stands for rank value ``start + i`` (1 and 14 are the ace)."""
        return cls(MeldKind.RUN, tuple(cards_in_order), suit=suit, start=start)

    @property
    def is_set(self) -> bool:
        """True for a set."""
        return self.kind is MeldKind.SET

    @property
    def is_run(self) -> bool:
        """True for a run."""
        return self.kind is MeldKind.RUN

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def low_value(self) -> int:
        """A run's lowest rank value (1 is the ace low); a set has no ends and raises ``MeldError``."""
        self._require_run("low end")
        return self.start

    @property
    def high_value(self) -> int:
        """A run's highest rank value (14 is the ace high); a set has no ends and raises ``MeldError``."""
        self._require_run("high end")
        return self.start + len(self.cards) - 1

    def _require_run(self, what: str) -> None:
        if self.kind is not MeldKind.RUN:
            raise MeldError(f"a set has no {what}; only a run has ends")

    def is_wild(self, i: int) -> bool:
        """True when card ``i`` is acting as a wild: a joker, or a 2 anywhere but its own place in its own run.

        A 2 stands for itself only at the place of value 2 in a run of its own suit; under rules without
        natural twos such a meld is refused by ``check_meld``.
        """
        card = self.cards[i]
        if card.rank is None:
            return True
        if card.rank is not Rank.TWO:
            return False
        return not (self.kind is MeldKind.RUN and card.suit is self.suit and self.start + i == 2)

    @property
    def wild_positions(self) -> tuple[int, ...]:
        """The places held by wild cards, in order."""
        return tuple(i for i in range(len(self.cards)) if self.is_wild(i))

    @property
    def natural_positions(self) -> tuple[int, ...]:
        """The places held by natural cards (including a 2 that stands for itself), in order."""
        return tuple(i for i in range(len(self.cards)) if not self.is_wild(i))

    @property
    def naturals(self) -> tuple[Card, ...]:
        """The natural cards, in meld order."""
        return tuple(self.cards[i] for i in self.natural_positions)

    @property
    def wilds(self) -> tuple[Card, ...]:
        """The wild cards, in meld order."""
        return tuple(self.cards[i] for i in self.wild_positions)

    def stands_for(self, i: int) -> Card | Rank:
        """What card ``i`` represents: in a run the exact card of its place; in a set a natural is itself
        and a wild stands for the set's rank."""
        if self.kind is MeldKind.RUN:
            return self._place_card(i)
        assert self.rank is not None
        return self.rank if self.is_wild(i) else self.cards[i]

    def represented(self) -> tuple[Card, ...]:
        """A run's cards as they read on the table, each wild replaced by the card it stands for."""
        self._require_run("sequence of places")
        return tuple(self._place_card(i) for i in range(len(self.cards)))

    def _place_card(self, i: int) -> Card:
        assert self.suit is not None
        return Card(rank_at(self.start + i), self.suit)

    def describe(self) -> str:
        """A short name without the cards: ``set of sevens`` or ``run of hearts from 5♥ to 7♥``."""
        if self.kind is MeldKind.SET:
            assert self.rank is not None
            return f"set of {self.rank.plural}"
        assert self.suit is not None
        if self.high_value > ACE_HIGH:  # no game's meld (``check_meld`` says why), but it can still be named
            return f"run of {self.suit.word} from {self._place_card(0)} past the ace"
        low, high = self.represented()[0], self.represented()[-1]
        return f"run of {self.suit.word} from {low} to {high}"

    def __str__(self) -> str:
        """``set of sevens: 7♥ 7♠ 🃏`` or ``run 5♥ 6♥ 7♥ (🃏 as 6♥)``."""
        if self.kind is MeldKind.SET or self.high_value > ACE_HIGH:  # no places to show: the cards as declared
            return f"{self.describe()}: {format_cards(self.cards)}"
        shown = format_cards(self.represented())
        notes = ", ".join(f"{self.cards[i]} as {self.stands_for(i)}" for i in self.wild_positions)
        return f"run {shown}" + (f" ({notes})" if notes else "")

    def __repr__(self) -> str:
        """Exact Python that rebuilds the meld (with the names of ``push_learn.cards`` in scope)."""
        if self.kind is MeldKind.SET:
            return f"Meld.set_of({self.cards!r}, {self.rank!r})"
        return f"Meld.run_of({self.cards!r}, {self.suit!r}, {self.start})"

    def replace_card(self, i: int, card: Card) -> Meld:
        """The same declaration with card ``i`` swapped for ``card`` (used by rescues)."""
        cards = list(self.cards)
        cards[i] = card
        return Meld(self.kind, tuple(cards), self.rank, self.suit, self.start)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict with the cards in ASCII: ``{"kind": "run", "cards": ["5H", "JK", "7H"], ...}``."""
        return {
            "kind": self.kind.value,
            "cards": [card.ascii for card in self.cards],
            "rank": None if self.rank is None else self.rank.symbol,
            "suit": None if self.suit is None else self.suit.letter,
            "start": self.start,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Meld:
        """Rebuild a meld written by ``to_json``; raises ``MeldError`` when the data is not a meld."""
        if not isinstance(data, Mapping):
            raise MeldError('a meld is written like {"kind": "set", "cards": ["7H", "7S", "7D"]}')
        missing = [key for key in ("kind", "cards") if key not in data]
        if missing:
            raise MeldError(f"a meld needs its {' and '.join(missing)}")
        try:
            kind = MeldKind(data["kind"])
            cards = tuple(parse_card(str(text), i) for i, text in enumerate(data["cards"]))
            rank = None if data.get("rank") is None else _RANK_BY_SYMBOL[str(data["rank"]).upper()]
            suit = None if data.get("suit") is None else Suit(str(data["suit"]).upper())
            start = int(data.get("start", 0))
        except (KeyError, ValueError, TypeError) as error:
            raise MeldError(f"this data does not describe a meld ({error})") from error
        return cls(kind, cards, rank, suit, start)


_RANK_BY_SYMBOL = {rank.symbol: rank for rank in Rank}


def check_meld(meld: Meld, rules: RummyRules) -> None:
    """Raise ``MeldError`` with a plain reason when ``meld`` is not legal under ``rules``; else return None."""
    reason = meld_problem(meld, rules)
    if reason is not None:
        raise MeldError(reason)


def meld_problem(meld: Meld, rules: RummyRules) -> str | None:
    """The reason ``meld`` is not legal under ``rules``, or ``None`` when it is legal."""
    reason = group_problem(meld.cards, rules)
    if reason is None:
        reason = _set_problem(meld, rules) if meld.kind is MeldKind.SET else _run_problem(meld, rules)
    if reason is None and len(meld.naturals) < rules.min_naturals_per_meld:
        reason = min_naturals_reason(rules)
    return reason


def group_problem(cards: Iterable[Card], rules: RummyRules) -> str | None:
    """Reasons that hold for any meld, whatever its kind: the number of cards and jokers in a joker-free game."""
    group = tuple(cards)
    if not rules.jokers_wild and any(card.is_joker for card in group):
        return f"there are no jokers in {rules.name}"
    if len(group) < MIN_MELD_CARDS:
        return f"a meld needs at least {MIN_MELD_CARDS} cards"
    return None


def min_naturals_reason(rules: RummyRules) -> str:
    """The sentence for a meld without the natural card the house rule asks for (A-R1-09)."""
    return (
        f"with these {rules.name} rules every meld needs at least {rules.min_naturals_per_meld} natural card, "
        "and here every card is wild"
    )


def duplicate_suit(cards: Iterable[Card]) -> Suit | None:
    """The first suit that appears twice among ``cards`` (wilds excluded), or ``None``."""
    counts = Counter(card.suit for card in cards if not is_wild_card(card))
    return next((suit for suit, n in counts.items() if n > 1 and suit is not None), None)


def set_size_reason(rules: RummyRules) -> str:
    """The sentence for a set with more cards than its distinct suits allow."""
    return f"a set in {rules.name} holds at most {rules.max_set_size} cards: each natural needs its own suit"


def _set_problem(meld: Meld, rules: RummyRules) -> str | None:
    assert meld.rank is not None
    if meld.rank is Rank.TWO:
        return "a set cannot be declared as twos: a 2 in a set is wild, so name the rank the set stands for"
    for card in meld.naturals:
        if card.rank is not meld.rank:
            return f"a set of {meld.rank.plural} cannot hold {card}: every natural card of a set has its rank"
    if rules.set_distinct_suits:
        suit = duplicate_suit(meld.naturals)
        if suit is not None:
            return f"a set may not hold two {suit.word}"
        cap = rules.max_set_size
        if cap is not None and len(meld) > cap:
            return set_size_reason(rules)
    return None


def _run_problem(meld: Meld, rules: RummyRules) -> str | None:
    assert meld.suit is not None
    low, _high = run_value_range(rules)
    if meld.low_value == ACE_LOW and meld.high_value >= ACE_HIGH:
        return "an ace cannot be both high and low in one run"
    if meld.high_value > ACE_HIGH:
        return "a run cannot go past the ace: runs do not wrap round, so K-A-2 is not a run"
    if meld.low_value < low:
        if meld.low_value == ACE_LOW and not rules.ace_low:
            return f"in {rules.name} the ace is high only, so a run cannot start with an ace"
        return f"in {rules.name} a run starts at 3 or higher: a 2 is always wild and never stands for a two"
    for i, card in enumerate(meld.cards):
        if meld.is_wild(i):
            continue
        if card.suit is not meld.suit:
            return f"a run must be all one suit: this run is in {meld.suit.word}, but {card} is not"
        wanted = meld.stands_for(i)
        if card != wanted:
            return f"{card} cannot sit in the place of the {wanted}: a run goes up one rank at a time"
        if card.rank is Rank.TWO and not rules.natural_twos:
            return f"in {rules.name} a 2 is always wild and never stands for itself"
    return None
