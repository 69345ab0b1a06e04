"""Playing cards shared by every game: ranks, suits, jokers, decks and parsing.

Cards are small immutable values. Copies from different decks are equal (the rules never tell
them apart), so a hand is a list of cards that may repeat.

>>> parse_cards("7H 10s TS jk 2♣ Q♦")
[Card(Rank.SEVEN, Suit.HEARTS), Card(Rank.TEN, Suit.SPADES), Card(Rank.TEN, Suit.SPADES), JOKER, \
Card(Rank.TWO, Suit.CLUBS), Card(Rank.QUEEN, Suit.DIAMONDS)]
>>> format_cards(parse_cards("7h ks jk"))
'7♥ K♠ 🃏'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum, IntEnum

__all__ = [
    "JOKER",
    "Card",
    "CardParseError",
    "Rank",
    "Suit",
    "card_sort_key",
    "format_cards",
    "make_deck",
    "parse_card",
    "parse_cards",
    "standard_deck",
]


class Suit(Enum):
    """The four suits, in the bridge order ♣ < ♦ < ♥ < ♠ used to break ties in stud poker."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        """The suit symbol, such as ``♥``."""
        return _SUIT_SYMBOL[self]

    @property
    def letter(self) -> str:
        """The one-letter ASCII name, such as ``H``."""
        return self.value

    @property
    def word(self) -> str:
        """The plural English name, such as ``hearts``."""
        return self.name.lower()

    @property
    def order(self) -> int:
        """0 for clubs up to 3 for spades (the bridge order)."""
        return _SUIT_ORDER[self]

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    # Members are singletons: identity hashing is correct and far cheaper than Enum's name hash.
    __hash__ = object.__hash__


_SUIT_SYMBOL = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_ORDER = {suit: i for i, suit in enumerate(Suit)}


class Rank(IntEnum):
    """Card ranks from two to ace; the value is the rank with the ace high (14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The rank as printed on a card: ``A``, ``K``, ``10``, ``7``."""
        return _RANK_SYMBOL[self]

    @property
    def word(self) -> str:
        """The English name, such as ``seven`` or ``queen``."""
        return self.name.lower()

    @property
    def plural(self) -> str:
        """The plural English name, such as ``sevens`` or ``sixes``."""
        return "sixes" if self is Rank.SIX else self.word + "s"

    @property
    def low(self) -> int:
        """The rank with the ace counted low (1); other ranks keep their value."""
        return 1 if self is Rank.ACE else int(self)

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    __hash__ = int.__hash__


_RANK_SYMBOL = {r: (str(int(r)) if r <= Rank.TEN else r.name[0]) for r in Rank}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One playing card: a rank and a suit, or a joker (both ``None``).

    ``str`` gives the symbol form (``7♥``, ``🃏``); ``repr`` is exact Python. Equality and hashing
    use a small integer key (``code``), because cards are compared and hashed everywhere.
    """

    rank: Rank | None
    suit: Suit | None
    code: int = field(init=False, repr=False)
    """4 × rank + suit order (8 for 2♣ … 59 for A♠); 0 for the joker."""

    def __post_init__(self) -> None:
        if (self.rank is None) != (self.suit is None):
            raise ValueError("a card has both a rank and a suit, or neither (a joker)")
        code = 0 if self.rank is None or self.suit is None else 4 * int(self.rank) + _SUIT_ORDER[self.suit]
        object.__setattr__(self, "code", code)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.code == other.code
        return NotImplemented

    def __hash__(self) -> int:
        return self.code

    @property
    def is_joker(self) -> bool:
        """True for a joker."""
        return self.rank is None

    @property
    def ascii(self) -> str:
        """A plain-ASCII name that ``parse_card`` reads back: ``7H``, ``10S``, ``JK``."""
        if self.rank is None or self.suit is None:
            return "JK"
        return self.rank.symbol + self.suit.letter

    def describe(self) -> str:
        """The card in words for screen readers: ``seven of hearts``, ``joker``."""
        if self.rank is None or self.suit is None:
            return "joker"
        return f"{self.rank.word} of {self.suit.word}"

    def __str__(self) -> str:
        if self.rank is None or self.suit is None:
            return "🃏"
        return self.rank.symbol + self.suit.symbol

    def __repr__(self) -> str:
        if self.rank is None:
            return "JOKER"
        return f"Card({self.rank!r}, {self.suit!r})"


JOKER = Card(None, None)
"""The joker (all jokers are alike)."""


class CardParseError(ValueError):
    """Text that is not a card, with the bad token and the accepted forms in the message."""

    ACCEPTED = (
        "a rank (A K Q J 10 or T, 9 … 2) then a suit (C D H S or ♣ ♦ ♥ ♠), like 7H, 10s, TS, Q♦; or jk for a joker"
    )

    def __init__(self, token: str, reason: str, position: int | None = None) -> None:
        self.token = token
        self.reason = reason
        self.position = position
        where = f" (card {position + 1})" if position is not None else ""
        shown = repr(token) if len(token) <= 12 else repr(token[:11] + "…")  # a card is short: never echo a page
        super().__init__(f"{shown}{where} is not a card: {reason}. Write {self.ACCEPTED}.")


_RANK_TEXT = {
    "A": Rank.ACE, "K": Rank.KING, "Q": Rank.QUEEN, "J": Rank.JACK, "T": Rank.TEN, "10": Rank.TEN,
    **{str(n): Rank(n) for n in range(2, 10)},
}
_SUIT_TEXT = {
    "C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES,
    "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES,
    "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES,
}
_JOKER_TEXT = {"JK", "JOKER", "🃏", "JKR", "*"}
_SEPARATORS = re.compile(r"[\s,;]+")


def parse_card(text: str, position: int | None = None) -> Card:
    """Read one card such as ``7H``, ``10s``, ``TS``, ``Q♦``, ``♦Q`` or ``jk`` (any case).

    Raises ``CardParseError`` naming the token and the accepted forms (also for a value that is not text).
    """
    if not isinstance(text, str):  # a list handed to parse_cards may hold anything
        kind = {int: "a number", float: "a number", bool: "True or False", list: "a list", tuple: "a list",
                type(None): "None", bytes: "bytes"}.get(type(text), type(text).__name__)
        raise CardParseError(repr(text), f"it is not text but {kind}", position)
    token = text.strip()
    upper = token.upper().replace("\ufe0f", "")
    if not upper:
        raise CardParseError(text, "it is empty", position)
    if upper in _JOKER_TEXT:
        return JOKER
    for rank_part, suit_part in ((upper[:-1], upper[-1]), (upper[1:], upper[0])):
        if rank_part in _RANK_TEXT and suit_part in _SUIT_TEXT:
            return Card(_RANK_TEXT[rank_part], _SUIT_TEXT[suit_part])
    if upper[-1] in _SUIT_TEXT:
        rank_part = upper[:-1]
        if not rank_part:
            reason = "it has no rank"
        else:
            long_rank = "what comes before the suit is not a rank"
            reason = f"{rank_part!r} is not a rank" if len(rank_part) <= 3 else long_rank
        if rank_part in ("1", "11", "12", "13", "14"):
            reason += " (write A, J, Q or K for the picture cards and the ace)"
    elif upper[:-1] in _RANK_TEXT or upper in _RANK_TEXT:
        reason = "it has no suit" if upper in _RANK_TEXT else f"{token[-1]!r} is not a suit"
    else:
        reason = "neither its rank nor its suit can be read"
    raise CardParseError(token, reason, position)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read several cards separated by spaces or commas: ``parse_cards("7H 10s TS jk 2♣ Q♦")``.

    A list of strings is accepted too. Raises ``CardParseError`` for the first bad token.
    """
    tokens = [t for t in _SEPARATORS.split(text) if t] if isinstance(text, str) else list(text)
    return [parse_card(token, i) for i, token in enumerate(tokens)]


def format_cards(cards: Iterable[Card], ascii: bool = False) -> str:
    """Write cards separated by spaces, with symbols (``7♥ 🃏``) or in ASCII (``7H JK``)."""
    return " ".join(card.ascii if ascii else str(card) for card in cards)


def card_sort_key(card: Card) -> tuple[int, int]:
    """Sort by suit (♣ ♦ ♥ ♠) then rank, jokers last."""
    if card.rank is None or card.suit is None:
        return (4, 0)
    return (card.suit.order, int(card.rank))


def standard_deck() -> tuple[Card, ...]:
    """One 52-card deck, clubs first, each suit from two to ace."""
    return tuple(Card(rank, suit) for suit in Suit for rank in Rank)


def make_deck(decks: int = 1, jokers: int = 0) -> tuple[Card, ...]:
    """``decks`` standard decks plus ``jokers`` jokers: 52, 104 (2, 0), 108 (2, 4), 162 (3, 6)."""
    if decks < 1 or jokers < 0:
        raise ValueError("a pack needs at least one deck and a non-negative number of jokers")
    return standard_deck() * decks + (JOKER,) * jokers

