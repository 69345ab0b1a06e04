"""Who wins which pot: high, low, or high-low with declaration (A-P2-07).

``settle`` takes the pots from ``build_pots``, every live seat's high and low class values, the
declarations and the seat order for odd chips, and returns one ``Award`` per share of a pot.
In a declare game the pot is halved (the odd chip goes to the high half); a player who declared
"both" must win both ways outright, or he loses his whole claim and the halves go to the best
remaining hands; if nobody declared one way, the other way takes the whole pot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from push_learn.poker.betting import Pot, split_pot

__all__ = ["Award", "Direction", "ShowdownMode", "locked_seats", "settle"]


class Direction(Enum):
    """A hi-lo declaration, made with chips in the fist: 1 low, 2 high, 3 both."""

    LOW = 1
    HIGH = 2
    BOTH = 3

    @property
    def goes_high(self) -> bool:
        """True for HIGH and BOTH."""
        return self is not Direction.LOW

    @property
    def goes_low(self) -> bool:
        """True for LOW and BOTH."""
        return self is not Direction.HIGH

    def __str__(self) -> str:
        return self.name.lower()

    def __repr__(self) -> str:
        return f"Direction.{self.name}"


class ShowdownMode(Enum):
    """What the pot is played for."""

    HIGH = "high"
    LOW = "low"
    HI_LO_DECLARE = "hi-lo declare"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Award:
    """One share of one pot: ``way`` is "high", "low", "whole" (one way only) or "uncontested"."""

    pot: int
    way: str
    amount: int
    shares: tuple[tuple[int, int], ...]

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats sharing this award."""
        return tuple(seat for seat, _ in self.shares)


def _best(seats: Sequence[int], values: Mapping[int, int], order: Sequence[int]) -> list[int]:
    top = max(values[seat] for seat in seats)
    return [seat for seat in order if seat in seats and values[seat] == top]


def _outright(seat: int, rivals: Sequence[int], values: Mapping[int, int]) -> bool:
    return all(values[seat] > values[other] for other in rivals if other != seat)


def settle(
    pots: Sequence[Pot],
    mode: ShowdownMode,
    high: Mapping[int, int],
    low: Mapping[int, int],
    order: Sequence[int],
    declared: Mapping[int, Direction] | None = None,
) -> list[Award]:
    """Share every pot; ``order`` (clockwise from the dealer's left) decides who gets odd chips."""
    awards: list[Award] = []
    for index, pot in enumerate(pots):
        eligible = list(pot.eligible)

        def give(way: str, amount: int, winners: list[int], index: int = index) -> None:
            shares = split_pot(amount, winners)
            awards.append(Award(index, way, amount, tuple(shares.items())))

        if len(eligible) == 1:
            give("uncontested", pot.amount, eligible)
        elif mode is ShowdownMode.HIGH:
            give("whole", pot.amount, _best(eligible, high, order))
        elif mode is ShowdownMode.LOW:
            give("whole", pot.amount, _best(eligible, low, order))
        else:
            calls = declared or {}
            highs = [s for s in eligible if s in calls and calls[s].goes_high]
            lows = [s for s in eligible if s in calls and calls[s].goes_low]
            spoiled = {
                s for s in eligible
                if calls.get(s) is Direction.BOTH and not (_outright(s, highs, high) and _outright(s, lows, low))
            }
            highs = [s for s in highs if s not in spoiled]
            lows = [s for s in lows if s not in spoiled]
            if not highs and not lows:  # every claimant spoiled: the cards speak (D-POK-07)
                highs, lows = eligible, eligible
            if highs and lows:
                give("high", (pot.amount + 1) // 2, _best(highs, high, order))
                give("low", pot.amount // 2, _best(lows, low, order))
            elif highs:
                give("whole", pot.amount, _best(highs, high, order))
            else:
                give("whole", pot.amount, _best(lows, low, order))
    return awards


def locked_seats(declared: Mapping[int, Direction]) -> frozenset[int]:
    """Players sure to win their way because nobody else declared it (they may not bet or raise)."""
    locked = set()
    for seat, way in declared.items():
        rivals = [s for s, w in declared.items() if s != seat]
        alone_high = not way.goes_high or all(not declared[s].goes_high for s in rivals)
        alone_low = not way.goes_low or all(not declared[s].goes_low for s in rivals)
        if alone_high and alone_low:
            locked.add(seat)
    return frozenset(locked)
