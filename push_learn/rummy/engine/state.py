"""The state of one deal: hands, stock, up-card, table melds and whose turn it is.

``DealState`` is plain mutable data owned by a ``Match``; read it, never change it from outside
(``Match.apply`` is the only writer). ``snapshot()`` gives an immutable copy used to compare states
(replays, refused actions). Seats come from ``seat_names``: North, East, South, West for four.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from push_learn.cards import Card
from push_learn.rummy.melds import Meld, is_wild_card

__all__ = ["DealResult", "DealState", "EndReason", "Phase", "TableMeld", "is_wild_card", "seat_names"]

FOUR_SEATS = ("North", "East", "South", "West")


def seat_names(players: int) -> tuple[str, ...]:
    """North, East, South, West for four players (clockwise); ``Player 1`` … otherwise."""
    if players == 4:
        return FOUR_SEATS
    return tuple(f"Player {i + 1}" for i in range(players))


class Phase(Enum):
    """Where the turn is: ``draw`` (take or push), ``meld`` (meld, lay off, rescue, then discard), ``over``."""

    DRAW = "draw"
    MELD = "meld"
    OVER = "over"

    def __str__(self) -> str:
        return self.value


class EndReason(Enum):
    """How a deal ended: a player went out, the stock ran out, or the loop guard stopped it (A-X-01)."""

    WENT_OUT = "went_out"
    STOCK_OUT = "stock_out"
    LOOP_GUARD = "loop_guard"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class TableMeld:
    """A meld on the table: its id in this deal, the seat that melded it, and the meld as it reads now."""

    id: int
    owner: int
    meld: Meld

    def __str__(self) -> str:
        return f"#{self.id} {self.meld}"


@dataclass(frozen=True)
class DealResult:
    """A scored deal: how it ended, the hands left, each seat's penalty and each unit's score."""

    deal: int
    dealer: int
    reason: EndReason
    went_out: int | None
    hands: tuple[tuple[Card, ...], ...]
    penalties: tuple[int, ...]
    """Penalty points of each seat's remaining cards (whether or not they count)."""
    scores: tuple[int, ...]
    """Points added to each scoring unit (team or player) by this deal."""
    payout: int = 0
    """Pot money paid to the player who went out (Cap-It stakes option)."""

    def __str__(self) -> str:
        how = f"seat {self.went_out} went out" if self.went_out is not None else str(self.reason)
        return f"deal {self.deal}: {how}; scores {list(self.scores)}"


class DealState:
    """Everything about the deal in progress. Cards lists are multisets; the stock's top is its last item."""

    __slots__ = (
        "allow_wild_discard",
        "buried",
        "dealer",
        "down",
        "hands",
        "known",
        "lift_taken",
        "melds",
        "next_meld_id",
        "number",
        "phase",
        "quiet_turns",
        "started_at_one",
        "stock",
        "table_action",
        "taken",
        "turn",
        "upcard",
    )

    def __init__(
        self,
        number: int,
        dealer: int,
        hands: list[list[Card]],
        stock: list[Card],
        upcard: Card,
        buried: tuple[Card, ...],
    ) -> None:
        players = len(hands)
        self.number = number
        """The deal's number, 1-based."""
        self.dealer = dealer
        self.hands = hands
        self.stock = stock
        self.upcard: Card | None = upcard
        self.buried = buried
        """Wild cards turned up first and buried in the stock (public)."""
        self.melds: list[TableMeld] = []
        self.next_meld_id = 0
        self.down = [False] * players
        self.turn = (dealer + 1) % players
        self.phase = Phase.DRAW
        self.taken: Card | None = None
        """The up-card taken this turn while the same-card discard rule still applies to it."""
        self.lift_taken = False
        """A-R3-05 fallback in force this turn: the taken card may be discarded."""
        self.allow_wild_discard = False
        """A-R3-05 fallback in force this turn: a wild may be discarded."""
        self.table_action = False
        """The player to move has melded, laid off or rescued this turn."""
        self.started_at_one = False
        """This turn began with one stock card, or none (possible only with custom rules whose stock is even);
        such a turn counts towards the loop guard."""
        self.quiet_turns = 0
        """Turns in a row begun with one stock card (or none) and without a table action (A-X-01)."""
        self.known: list[list[Card]] = [[] for _ in range(players)]
        """Cards every seat knows to be in each hand: taken up-cards, public pushed cards, rescued wilds."""

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.hands)

    def meld_by_id(self, meld_id: int) -> TableMeld | None:
        """The table meld with this id, or ``None``."""
        for table_meld in self.melds:
            if table_meld.id == meld_id:
                return table_meld
        return None

    def all_cards(self) -> list[Card]:
        """Every card of the pack, wherever it is now (hands, table, up-card, stock)."""
        cards = [card for hand in self.hands for card in hand]
        cards += [card for tm in self.melds for card in tm.meld.cards]
        if self.upcard is not None:
            cards.append(self.upcard)
        return cards + self.stock

    def snapshot(self) -> tuple[object, ...]:
        """An immutable copy of every field, for comparing states."""
        return (
            self.number,
            self.dealer,
            tuple(tuple(hand) for hand in self.hands),
            tuple(self.stock),
            self.upcard,
            self.buried,
            tuple(self.melds),
            self.next_meld_id,
            tuple(self.down),
            self.turn,
            self.phase,
            self.taken,
            self.lift_taken,
            self.allow_wild_discard,
            self.table_action,
            self.started_at_one,
            self.quiet_turns,
            tuple(tuple(k) for k in self.known),
        )
