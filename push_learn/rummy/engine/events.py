"""What happened, one event per step, each with a plain-English line for the log.

``Match.apply`` returns the events an action caused; ``Match.events`` keeps them all. Some events
hold cards not every seat may see (the card a pusher draws; the pushed stock card in 6-7-8-9-10):
``event.seen_by(seat)`` gives the version that seat sees, with hidden cards set to ``None``.

>>> from push_learn.cards import parse_cards
>>> up, top, drawn = parse_cards("7H KS 3C")
>>> event = Pushed(seat=0, to=1, upcard=up, stock_card=top, drawn=drawn, stock_card_public=True)
>>> event.text(("North", "East", "South", "West"))
'North pushes 7♥ and K♠ to East, then draws 3♣.'
>>> event.seen_by(2).text(("North", "East", "South", "West"))
'North pushes 7♥ and K♠ to East, then draws a card.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar

from push_learn.cards import Card
from push_learn.rummy.melds import Meld

__all__ = [
    "DealEnded",
    "DealStarted",
    "Discarded",
    "Event",
    "LaidOff",
    "MatchEnded",
    "Melded",
    "Pushed",
    "Rescued",
    "Took",
    "WentDown",
    "WentOut",
]


def _json_value(value: Any) -> Any:
    if isinstance(value, Card):
        return value.ascii
    if isinstance(value, Meld):
        return value.to_json()
    if isinstance(value, tuple | list):
        return [_json_value(v) for v in value]
    return value


class _SeatNumbers(tuple[str, ...]):
    """Stands in for the names of any number of seats: ``seat 0``, ``seat 1`` …"""

    def __getitem__(self, seat: Any) -> Any:
        return f"seat {seat}"


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards) if cards else "no cards"


@dataclass(frozen=True)
class Event:
    """Base class of events: ``text(names)`` is the log line, ``to_json()`` a plain dict."""

    kind: ClassVar[str] = ""

    def text(self, names: Sequence[str]) -> str:
        """The log line, with seats written by ``names``."""
        raise NotImplementedError

    def seen_by(self, seat: int | None) -> Event:
        """The event as ``seat`` sees it (``None``: a spectator). Most events are fully public.

        The event itself is the all-hands-open version.
        """
        return self

    def __str__(self) -> str:
        """The log line with seats written as ``seat 0``, ``seat 1`` … (``text(names)`` uses real names)."""
        return self.text(_SeatNumbers())

    def to_json(self) -> dict[str, Any]:
        """A plain dict: ``{"type": ...}`` plus every field, cards as ASCII, hidden cards as ``null``."""
        data: dict[str, Any] = {"type": self.kind}
        for f in fields(self):
            data[f.name] = _json_value(getattr(self, f.name))
        return data


@dataclass(frozen=True)
class DealStarted(Event):
    """A new deal: the dealer, the hand size, the contract, the first up-card and any buried wilds."""

    deal: int
    deals: int
    dealer: int
    hand_size: int
    contract: str
    upcard: Card
    buried: tuple[Card, ...]
    stock: int
    kind: ClassVar[str] = "deal_started"

    def text(self, names: Sequence[str]) -> str:
        """``Deal 1 of 5: North deals 6 cards each (contract: 2 sets of 3). The up-card is 9♦.``"""
        line = (
            f"Deal {self.deal} of {self.deals}: {names[self.dealer]} deals {self.hand_size} cards each "
            f"(contract: {self.contract}). The up-card is {self.upcard}"
        )
        if self.buried:
            line += f" ({_cards_text(self.buried)} turned up first and went back into the stock)"
        return line + "."


@dataclass(frozen=True)
class _SeatCardEvent(Event):
    """An event where one seat does one thing with one card: ``<seat> <verb> <card>.``"""

    seat: int
    card: Card
    verb: ClassVar[str] = ""

    def text(self, names: Sequence[str]) -> str:
        """``East takes 9♦.``, ``South discards Q♣.``"""
        return f"{names[self.seat]} {self.verb} {self.card}."


@dataclass(frozen=True)
class Took(_SeatCardEvent):
    """A player took the up-card."""

    kind: ClassVar[str] = "took"
    verb: ClassVar[str] = "takes"


@dataclass(frozen=True)
class Pushed(Event):
    """A push: the up-card and the top stock card go to ``to``; the pusher draws ``drawn``.

    ``drawn`` is ``None`` when the stock had no card left for the pusher (the hand then ends);
    when ``moved`` is false (the atomic-push option) no card moved at all.
    """

    seat: int
    to: int
    upcard: Card
    stock_card: Card | None
    drawn: Card | None
    stock_card_public: bool
    stock_empty: bool = False
    """True when the stock had no card left for the pusher, so the hand ends."""
    moved: bool = True
    """False under the atomic-push option: the push could not be completed and no card moved."""
    hidden: bool = False
    """True in a view where ``stock_card`` or ``drawn`` was removed."""
    kind: ClassVar[str] = "pushed"

    def seen_by(self, seat: int | None) -> Event:
        """Others never see the pusher's drawn card; a face-down pushed card is seen by its receiver only."""
        drawn = self.drawn if seat is not None and seat == self.seat else None
        stock_card = self.stock_card if (self.stock_card_public or (seat is not None and seat == self.to)) else None
        if drawn == self.drawn and stock_card == self.stock_card:
            return self
        return replace(self, drawn=drawn, stock_card=stock_card, hidden=True)

    def text(self, names: Sequence[str]) -> str:
        """``North pushes 7♥ and K♠ to East, then draws 3♣.`` (``then draws a card.`` for others)."""
        who, to = names[self.seat], names[self.to]
        if not self.moved:
            return f"{who} pushes with too few stock cards left to draw: the hand ends and no cards move."
        if self.stock_card is not None:
            second = str(self.stock_card)
        else:
            second = "a card" if self.stock_card_public else "a face-down card"
        line = f"{who} pushes {self.upcard} and {second} to {to}"
        if self.stock_empty:
            return f"{line}; the stock is now empty, so the hand ends."
        return f"{line}, then draws {self.drawn if self.drawn is not None else 'a card'}."


@dataclass(frozen=True)
class WentDown(Event):
    """A player met the contract; ``ids`` are the table ids given to the melds."""

    seat: int
    ids: tuple[int, ...]
    melds: tuple[Meld, ...]
    kind: ClassVar[str] = "went_down"

    def text(self, names: Sequence[str]) -> str:
        """``West goes down: set of sevens: 7♥ 7♠ 🃏; run 5♥ 6♥ 7♥ 8♥.``"""
        return f"{names[self.seat]} goes down: " + "; ".join(str(meld) for meld in self.melds) + "."


@dataclass(frozen=True)
class Melded(Event):
    """A player put another meld on the table after going down."""

    seat: int
    id: int
    meld: Meld
    kind: ClassVar[str] = "melded"

    def text(self, names: Sequence[str]) -> str:
        """``West melds run 5♥ 6♥ 7♥.``"""
        return f"{names[self.seat]} melds {self.meld}."


@dataclass(frozen=True)
class _TableMeldEvent(Event):
    """An event where ``seat`` changes table meld ``target``, melded by ``owner``."""

    seat: int
    target: int
    owner: int

    def _whose(self, names: Sequence[str]) -> str:
        """``their own`` or ``East's``: whose meld was changed, as the log says it."""
        return "their own" if self.owner == self.seat else f"{names[self.owner]}'s"


@dataclass(frozen=True)
class LaidOff(_TableMeldEvent):
    """A player added ``card`` to table meld ``target`` (owned by ``owner``), which now reads ``result``."""

    card: Card
    result: Meld
    kind: ClassVar[str] = "laid_off"

    def text(self, names: Sequence[str]) -> str:
        """``West lays off 8♥ on East's meld, now run 5♥ 6♥ 7♥ 8♥.``"""
        return f"{names[self.seat]} lays off {self.card} on {self._whose(names)} meld, now {self.result}."


@dataclass(frozen=True)
class Rescued(_TableMeldEvent):
    """A player put ``card`` in place of the wild ``wild`` in table meld ``target`` and took the wild."""

    position: int
    card: Card
    wild: Card
    result: Meld
    kind: ClassVar[str] = "rescued"

    def text(self, names: Sequence[str]) -> str:
        """``West rescues 🃏 from North's meld with 6♥, now run 5♥ 6♥ 7♥.``"""
        whose = self._whose(names)
        return f"{names[self.seat]} rescues {self.wild} from {whose} meld with {self.card}, now {self.result}."


@dataclass(frozen=True)
class Discarded(_SeatCardEvent):
    """A player discarded ``card``; it is the new up-card."""

    kind: ClassVar[str] = "discarded"
    verb: ClassVar[str] = "discards"


@dataclass(frozen=True)
class WentOut(Event):
    """A player's hand became empty (``by`` is ``"melding"`` or ``"discarding"``)."""

    seat: int
    by: str
    kind: ClassVar[str] = "went_out"

    def text(self, names: Sequence[str]) -> str:
        """``South goes out by discarding.``"""
        return f"{names[self.seat]} goes out by {self.by}."


@dataclass(frozen=True)
class DealEnded(Event):
    """A deal was scored. ``reason`` is ``went_out``, ``stock_out`` or ``loop_guard``; the hands are shown.

    ``scores`` and ``totals`` are per scoring unit (team or player); ``penalties`` per seat.
    """

    deal: int
    reason: str
    went_out: int | None
    hands: tuple[tuple[Card, ...], ...]
    penalties: tuple[int, ...]
    units: tuple[str, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    payout: int
    kind: ClassVar[str] = "deal_ended"

    def text(self, names: Sequence[str]) -> str:
        """``Deal 1 ends: South went out. North-South +0 (total 0), East-West +40 (total 40).``"""
        if self.reason == "went_out" and self.went_out is not None:
            why = f"{names[self.went_out]} went out"
            if self.payout:
                why += f" and takes {self.payout} from the pot"
        elif self.reason == "loop_guard":
            why = "a full round passed with one stock card and nothing melded, so it counts as a stock-out"
        else:
            why = "the stock ran out"
        scores = ", ".join(
            f"{unit} +{score} (total {total})"
            for unit, score, total in zip(self.units, self.scores, self.totals, strict=True)
        )
        return f"Deal {self.deal} ends: {why}. {scores}."


@dataclass(frozen=True)
class MatchEnded(Event):
    """The last deal was scored: the totals per unit, the winning units and each seat's share of the pot."""

    units: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    pot_shares: tuple[int, ...]
    teams: bool
    kind: ClassVar[str] = "match_ended"

    def text(self, names: Sequence[str]) -> str:
        """``The match is over: East-West win with 280 (lowest total).``"""
        won = " and ".join(self.units[w] for w in self.winners)
        verb = "share the win" if len(self.winners) > 1 else ("win" if self.teams else "wins")
        best = self.totals[self.winners[0]]
        line = f"The match is over: {won} {verb} with {best} points (the lowest total)"
        shares = [f"{names[s]} {v}" for s, v in enumerate(self.pot_shares) if v]
        if shares:
            line += "; the pot goes to " + ", ".join(shares)
        return line + "."
