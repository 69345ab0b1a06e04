"""The vocabulary of three-card brag (B1): rules, actions, results and observations as values.

The engine lives in ``push_learn.poker.brag``, which re-exports every name here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from push_learn.cards import Card, format_cards, parse_cards
from push_learn.poker.plain import read_action, rules_from_plain, whole_fields
from push_learn.poker.three_card import DECK, SeatAction
from push_learn.poker.wording import chips, inside, says
from push_learn.protocol import default_name, seat_name
from push_learn.records import chips_over_limit, short

__all__ = [
    "ACTION_KINDS",
    "MAX_ORBITS",
    "Award",
    "Bet",
    "BragAction",
    "BragObservation",
    "BragOptions",
    "BragRules",
    "Cover",
    "DropHand",
    "Fold",
    "HandResult",
    "KeepHand",
    "Look",
    "PlayerView",
    "See",
    "ShownHand",
    "brag_action_from_json",
    "pack_dealing",
]


MAX_ORBITS = 1_000
"""The most betting orbits a school may allow before the hands still in are compared (``BragRules.max_orbits``)."""


@dataclass(frozen=True)
class BragRules:
    """The agreed settings of a brag school (register rows A-B1-*)."""

    players: int = 4
    """2 to 8 players (the usual game is 3 to 8; see D-3C-01)."""
    starting_stack: int = 100
    ante: int = 1
    min_first_bet: int = 1
    max_first_bet: int = 10
    """The first bet of a hand, in open units (a blind player pays half)."""
    raise_limit: int | None = 20
    """The table maximum (A-B1-08, D-3C-14): no bet, in open units, may exceed it; ``None``: only the stack limits.

    With ``raise_limit_above_stake`` it is instead how far a bet may exceed the stake."""
    raise_limit_above_stake: bool = False
    """D-3C-14 option: read the raise limit as a step above the stake (each bet at most stake + limit)."""
    open_may_raise_blind: bool = False
    """D-3C-15 option: an open player may raise while a blind player is in (the seed says he may not)."""
    blind_carry: bool = False
    """A-B1-03: a blind last player does not win; the pot is carried and the blind hand retained."""
    always_shuffle: bool = False
    """A-B1-06 option: shuffle before every deal instead of only after a prial."""
    max_orbits: int | None = None
    """A-B1-05: after this many orbits (at most ``MAX_ORBITS``) the remaining hands are compared; ``None`` relies on
    table stakes."""

    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 8

    def __post_init__(self) -> None:
        whole_fields(self, ("players", "starting_stack", "ante", "min_first_bet", "max_first_bet", "raise_limit",
                            "max_orbits"), optional=("raise_limit", "max_orbits"))
        for name in ("raise_limit_above_stake", "open_may_raise_blind", "blind_carry", "always_shuffle"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"the setting {name} is true or false, not {short(getattr(self, name))}")
        if not self.MIN_PLAYERS <= self.players <= self.MAX_PLAYERS:
            raise ValueError("brag is played by 2 to 8 players")
        if self.ante < 0 or self.starting_stack < 0:
            raise ValueError("the ante and the stacks cannot be negative")
        if over := chips_over_limit(self, ("starting_stack", "ante", "max_first_bet", "raise_limit")):
            raise ValueError(over)
        if not 1 <= self.min_first_bet <= self.max_first_bet:
            raise ValueError("the first bet needs 1 <= min_first_bet <= max_first_bet")
        if self.raise_limit is not None and self.raise_limit < 0:
            raise ValueError("the raise limit cannot be negative")
        if self.raise_limit is not None and not self.raise_limit_above_stake and self.raise_limit < self.max_first_bet:
            raise ValueError(f"the table maximum ({self.raise_limit}) cannot be below the largest first bet "
                             f"({self.max_first_bet})")
        if self.max_orbits is not None and not 1 <= self.max_orbits <= MAX_ORBITS:
            raise ValueError(f"max_orbits is 1 to {MAX_ORBITS:,} (or None), not {short(self.max_orbits, 24)}")

    def to_dict(self) -> dict[str, Any]:
        """The settings as JSON-ready data."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> BragRules:
        """Rebuild rules written by ``to_dict``."""
        return rules_from_plain(cls, data)


def pack_dealing(hands: Sequence[str | Sequence[Card]], dealer: int = 0) -> list[Card]:
    """A pack order that deals ``hands[i]`` to seat ``i`` (one card at a time from the dealer's left).

    The other cards follow in the usual order. Give it to ``BragGame(pack=...)`` to set up a lesson.
    """
    given = [tuple(parse_cards(h)) if isinstance(h, str) else tuple(h) for h in hands]
    players = len(given)
    order = [(dealer + 1 + i) % players for i in range(players)]
    if any(len(h) != 3 for h in given):
        raise ValueError("each seat needs three cards")
    top = [given[seat][round_] for round_ in range(3) for seat in order]
    if len(set(top)) != len(top):
        raise ValueError("no card may be dealt twice")
    return top + [card for card in DECK if card not in top]


# ---- actions ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fold(SeatAction):
    """Give up the hand; the cards go face down to the bottom of the pack."""

    kind: ClassVar[str] = "fold"


@dataclass(frozen=True)
class Look(SeatAction):
    """A blind player looks at a hand (``hand`` 0 or 1 when holding a retained second hand)."""

    kind: ClassVar[str] = "look"
    hand: int = 0


@dataclass(frozen=True)
class KeepHand(SeatAction):
    """After looking at one of two hands: keep it (the other is folded unseen); the player is open."""

    kind: ClassVar[str] = "keep"


@dataclass(frozen=True)
class DropHand(SeatAction):
    """After looking at one of two hands: fold it and play on blind with the other."""

    kind: ClassVar[str] = "drop"


@dataclass(frozen=True)
class Bet(SeatAction):
    """Pay ``amount`` chips (in the player's own units: a blind player's chips count double)."""

    kind: ClassVar[str] = "bet"
    amount: int


@dataclass(frozen=True)
class See(SeatAction):
    """With two players left, pay twice the stake (in own units) to end the betting and compare."""

    kind: ClassVar[str] = "see"


@dataclass(frozen=True)
class Cover(SeatAction):
    """Put all remaining chips into the pot; the others bet on into a side pot."""

    kind: ClassVar[str] = "cover"


BragAction = Fold | Look | KeepHand | DropHand | Bet | See | Cover
ACTION_KINDS: Mapping[str, type[Any]] = {c.kind: c for c in (Fold, Look, KeepHand, DropHand, Bet, See, Cover)}
"""Each brag action class by its ``type`` in JSON."""


def brag_action_from_json(data: object) -> BragAction:
    """Read back an action's ``to_json`` output; anything else raises ``RecordError`` in plain words.

    >>> brag_action_from_json({"type": "bet", "seat": 1, "amount": 4})
    Bet(seat=1, amount=4)
    """
    action: BragAction = read_action(data, ACTION_KINDS, "brag")
    return action


# ---- results and observations -------------------------------------------------------------------


@dataclass(frozen=True)
class ShownHand:
    """A hand turned face up at the end of a deal."""

    seat: int
    cards: tuple[Card, ...]
    name: str

    def __str__(self) -> str:
        return f"{default_name(self.seat)}: {format_cards(self.cards)} ({self.name})"


@dataclass(frozen=True)
class Award:
    """Chips from one pot (0 = the main pot, then the side pots a cover opens) to one seat, and why (empty when
    there is nothing to explain: the pot went to the best hand nobody covered)."""

    seat: int
    amount: int
    pot: int
    reason: str


@dataclass(frozen=True)
class HandResult:
    """How a deal ended: who won what, which hands were shown, and what happens next."""

    hand_number: int
    how: str
    awards: tuple[Award, ...]
    shown: tuple[ShownHand, ...]
    carried: int
    reshuffle: bool

    def award_lines(self, names: Sequence[str] | None = None) -> list[str]:
        """Who takes what, in words, each seat by its name in ``names`` (``Seat 1``, ``Seat 2`` … without): "Ann
        takes 23 chips" with one pot; with side pots (a cover) which pot, and why it went where it went."""
        pots = max((a.pot for a in self.awards), default=0) + 1

        def line(award: Award) -> str:
            name = seat_name(award.seat, names)
            where = "" if pots == 1 else (" from the main pot" if award.pot == 0 else f" from side pot {award.pot}")
            return says(name, f"takes {chips(award.amount)}") + where + (f" ({award.reason})" if award.reason else "")

        return [line(award) for award in self.awards]

    def lines(self, names: Sequence[str] | None = None) -> list[str]:
        """The result in words, each seat by its name in ``names`` (``Seat 1``, ``Seat 2`` … without)."""

        lines = [f"Deal {self.hand_number}: {inside(self.how)}"]
        lines += [f"{seat_name(s.seat, names)}: {format_cards(s.cards)} ({s.name})" for s in self.shown]
        lines += self.award_lines(names)
        if self.carried:
            lines.append(f"{self.carried} carried to the next deal")
        if self.reshuffle:
            lines.append("the pack will be shuffled")
        return lines

    def __str__(self) -> str:
        return "\n".join(self.lines())


@dataclass(frozen=True)
class PlayerView:
    """What everyone can see of a player: stack, status (in, folded, covered, out), blind or open."""

    seat: int
    stack: int
    status: str
    blind: bool
    hands: int
    last_bet: int


@dataclass(frozen=True)
class BragOptions:
    """The choices of the player to act, with the exact costs in that player's own chips."""

    fold: bool
    look: tuple[int, ...]
    must_choose: bool
    bet_min: int | None
    bet_max: int | None
    see_cost: int | None
    cover: bool


@dataclass(frozen=True)
class BragObservation:
    """Exactly what one seat may know (its own cards only once it has looked); ``seat`` ``None``: a spectator."""

    seat: int | None
    hand_number: int
    dealer: int
    to_move: tuple[int, ...]
    stake: int | None
    pots: tuple[tuple[int, int | None], ...]
    players: tuple[PlayerView, ...]
    cards: tuple[tuple[Card, ...], ...]
    hand_name: str | None
    options: BragOptions | None
    log: tuple[str, ...]
    results: tuple[HandResult, ...]
    over: bool
    names: tuple[str, ...] = ()
    """The players' names by seat."""

    @property
    def pot(self) -> int:
        """The chips in every pot together (the main pot and any side pots a cover opened)."""
        return sum(amount for amount, _ in self.pots)
