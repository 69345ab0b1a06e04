"""Fixed-limit betting shared by the poker games: antes, bring-in, bets, raises, all-ins and pots.

``Chips`` keeps every seat's stack and what it has put into the pot this deal; ``BettingRound``
runs one round of fixed-limit betting over it (verify / can / apply, like the games); ``build_pots``
cuts the pot into a main pot and side pots at the all-in levels; ``split_pot`` shares a pot between
tied winners with the odd chips going to the first winners in seat order.

A round allows one bet and ``max_raises`` raises (a cap of four bets by default). With a bring-in,
the lowest card opens for the bring-in (or completes), and completing to the full bet counts as
the round's bet. A player short of chips may call or bet all in; an all-in raise that is less than
a full raise does not reopen the raising for players who have already acted (D-POK-04).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from push_learn.errors import IllegalAction
from push_learn.records import short

__all__ = [
    "MAX_RAISES",
    "BetKind",
    "BettingRound",
    "Chips",
    "Limits",
    "Pot",
    "build_pots",
    "split_pot",
]

MAX_RAISES = 20
"""The most raises a fixed-limit betting round may allow after its bet (the usual cap is three)."""


class BetKind(Enum):
    """What a player may do in a betting round."""

    BRING_IN = "bring_in"
    COMPLETE = "complete"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"

    @property
    def verb(self) -> str:
        """The third-person verb: ``brings in``, ``raises``."""
        return {"bring_in": "brings in", "complete": "completes"}.get(self.value, self.value + "s")

    def __str__(self) -> str:
        return self.value.replace("_", " ")


@dataclass(frozen=True)
class Limits:
    """Fixed-limit stakes: the small bet, the big bet and from which betting round it applies.

    ``max_raises`` raises are allowed after the bet (3: a bet and three raises). ``bring_in`` is
    the forced opening bet of the first round (0: no bring-in, the best hand showing opens).
    """

    small_bet: int
    big_bet: int
    big_bet_from: int = 3
    max_raises: int = 3
    bring_in: int = 0

    def __post_init__(self) -> None:
        if not 0 < self.small_bet <= self.big_bet:
            raise ValueError("the small bet must be positive and no larger than the big bet")
        if self.max_raises < 0 or not 0 <= self.bring_in < self.small_bet:
            raise ValueError("raises cannot be negative and a bring-in must be smaller than the small bet")
        if self.max_raises > MAX_RAISES:
            raise ValueError(f"a betting round allows at most {MAX_RAISES} raises, not {short(self.max_raises, 24)}")
        if self.big_bet_from < 1:
            raise ValueError(f"the big bet starts in betting round 1 or later, not {short(self.big_bet_from, 24)}")

    def bet_size(self, round_no: int) -> int:
        """The size of a bet or raise in betting round ``round_no`` (1-based)."""
        return self.big_bet if round_no >= self.big_bet_from else self.small_bet

    @property
    def max_bets(self) -> int:
        """The cap: the bet plus the raises."""
        return 1 + self.max_raises


class Chips:
    """Stacks in front of the players and what each has committed to the pot in this deal."""

    def __init__(self, stacks: Sequence[int]) -> None:
        if any(stack < 0 for stack in stacks):
            raise ValueError("a stack cannot be negative")
        self.stacks = list(stacks)
        self.committed = [0] * len(stacks)

    @property
    def pot(self) -> int:
        """Everything committed so far."""
        return sum(self.committed)

    @property
    def total(self) -> int:
        """Stacks plus pot: the same from the first chip to the last."""
        return sum(self.stacks) + self.pot

    def pay(self, seat: int, amount: int) -> int:
        """Move up to ``amount`` from the seat's stack into the pot (less if it runs out); return it."""
        paid = min(amount, self.stacks[seat])
        self.stacks[seat] -= paid
        self.committed[seat] += paid
        return paid

    def collect(self, payouts: Mapping[int, int]) -> None:
        """Pay the whole pot out to the winners."""
        if sum(payouts.values()) != self.pot:
            raise ValueError("the payouts must add up to the pot exactly")
        for seat, amount in payouts.items():
            self.stacks[seat] += amount
        self.committed = [0] * len(self.stacks)


class BettingRound:
    """One round of fixed-limit betting over ``chips``.

    ``order`` lists the players still in the hand, starting with the one who acts first (the
    bring-in when ``bring_in`` is set). Players with no chips left are all in and never act.
    ``locked`` players may check, call or fold but not bet or raise (A-P2-06).
    """

    def __init__(
        self,
        chips: Chips,
        order: Sequence[int],
        bet: int,
        max_bets: int = 4,
        bring_in: int = 0,
        locked: Collection[int] = (),
        lock_reason: str = "you may only check, call or fold",
    ) -> None:
        self.chips = chips
        self.order = list(order)
        self.bet = bet
        self.max_bets = max_bets
        self.locked = frozenset(locked)
        self.lock_reason = lock_reason
        self.live = list(order)
        self.folded: list[int] = []
        self.contrib = {seat: 0 for seat in order}
        self.level = 0
        self.full_level = 0
        self.bets = 0
        self.history: list[tuple[int, BetKind, int]] = []
        active = [seat for seat in order if self._can_act(seat)]
        self.pending: set[int] = set(active) if len(active) >= 2 else set()
        self.may_raise: set[int] = set(self.pending)
        self.bring_in = bring_in if self.pending and order[0] in self.pending else 0
        self.to_act: int | None = None
        self._advance(None)

    # -- state -------------------------------------------------------------------------------

    def _can_act(self, seat: int) -> bool:
        return seat in self.live and self.chips.stacks[seat] > 0

    @property
    def done(self) -> bool:
        """True when nobody has to act any more (or one player is left)."""
        return self.to_act is None

    @property
    def bring_in_due(self) -> bool:
        """True while the forced bring-in has not been made."""
        return self.bring_in > 0 and not self.history

    def to_call(self, seat: int) -> int:
        """What ``seat`` must add to match the highest bet (before any all-in cut)."""
        return self.level - self.contrib[seat]

    def legal(self, seat: int | None = None) -> list[BetKind]:
        """The kinds of action open to the player to act (or to ``seat``, empty if not its turn)."""
        seat = self.to_act if seat is None else seat
        if seat is None or seat != self.to_act:
            return []
        return [kind for kind in BetKind if self.refusal(seat, kind) is None]

    def refusal(self, seat: int, kind: BetKind) -> str | None:
        """Why ``seat`` may not do ``kind`` now, or ``None`` when it may."""
        if self.to_act is None:
            return "the betting round is over"
        if seat != self.to_act:
            return "it is not your turn to bet"
        stack = self.chips.stacks[seat]
        to_call = self.to_call(seat)
        if self.bring_in_due:
            if kind is BetKind.BRING_IN:
                return None
            if kind is BetKind.COMPLETE:
                if seat in self.locked:
                    return self.lock_reason
                return None if stack > self.bring_in else f"you have only ${stack}: bring in for what you have"
            return f"the lowest card must first bring in the betting for ${self.bring_in} or complete to ${self.bet}"
        if kind is BetKind.BRING_IN:
            return "the bring-in has already been made"
        if kind is BetKind.FOLD:
            return None
        if kind is BetKind.CHECK:
            return None if to_call == 0 else f"you cannot check: there is ${to_call} to call"
        if kind is BetKind.CALL:
            return None if to_call > 0 else "there is nothing to call: check instead"
        if seat in self.locked:
            return self.lock_reason
        if stack <= to_call:
            return f"you have only ${stack}, not enough to raise: call (all in) or fold"
        completing = self.bring_in > 0 and self.bets == 0 and self.level > 0
        if kind is BetKind.BET:
            return None if self.level == 0 else "there is already a bet: call or raise instead"
        if kind is BetKind.COMPLETE:
            return None if completing else "there is no bring-in to complete"
        if self.level == 0:
            return "there is no bet to raise: bet instead"
        if completing:
            return f"complete the bring-in to ${self.bet} first; raises come after"
        if self.bets >= self.max_bets:
            return f"the betting is capped: a bet and {self.max_bets - 1} raises have been made"
        if seat not in self.may_raise:
            return "a short all-in raise does not reopen the betting: you may only call or fold"
        return None

    def verify(self, seat: int, kind: BetKind) -> None:
        """Raise ``IllegalAction`` if ``seat`` may not do ``kind`` now."""
        reason = self.refusal(seat, kind)
        if reason is not None:
            raise IllegalAction(reason)

    def can(self, seat: int, kind: BetKind) -> bool:
        """True if ``seat`` may do ``kind`` now."""
        return self.refusal(seat, kind) is None

    # -- moves -------------------------------------------------------------------------------

    def apply(self, seat: int, kind: BetKind) -> int:
        """Do the action; return the chips it put in the pot."""
        self.verify(seat, kind)
        paid = 0
        if kind is BetKind.FOLD:
            self.live.remove(seat)
            self.folded.append(seat)
        elif kind in (BetKind.CHECK, BetKind.CALL):
            paid = self._put(seat, self.to_call(seat))
        else:
            target = {
                BetKind.BRING_IN: self.bring_in,
                BetKind.COMPLETE: self.bet,
                BetKind.BET: self.bet,
                BetKind.RAISE: self.level + self.bet,
            }[kind]
            paid = self._put(seat, target - self.contrib[seat])
            self._raised(seat, full=kind is not BetKind.BRING_IN)
        self.pending.discard(seat)
        self.may_raise.discard(seat)
        self.history.append((seat, kind, paid))
        self._advance(seat)
        return paid

    def _put(self, seat: int, amount: int) -> int:
        paid = self.chips.pay(seat, amount)
        self.contrib[seat] += paid
        return paid

    def _raised(self, seat: int, full: bool) -> None:
        new = self.contrib[seat]
        if new <= self.level:
            return
        others = {s for s in self.live if s != seat and self._can_act(s)}
        if full and new >= self.full_level + self.bet:
            self.bets += 1
            self.full_level = new
            self.may_raise = set(others)
        self.level = new
        self.pending = others

    def _advance(self, last: int | None) -> None:
        if len(self.live) <= 1 or not self.pending:
            self.to_act = None
            return
        start = 0 if last is None else self.order.index(last) + 1
        n = len(self.order)
        for i in range(n):
            seat = self.order[(start + i) % n]
            if seat in self.pending:
                self.to_act = seat
                return
        self.to_act = None  # pragma: no cover - pending only ever holds seats of the order


@dataclass(frozen=True)
class Pot:
    """A pot (main or side): its chips and the players who can win it."""

    amount: int
    eligible: tuple[int, ...]


def build_pots(committed: Sequence[int], live: Collection[int], all_in: Collection[int] = ()) -> list[Pot]:
    """Cut the chips into a main pot and a side pot at each level where a live player went all in.

    Every chip a seat put in this deal (antes, fees and bets) counts toward its level (D-POK-05):
    an all-in player can win from each opponent at most what he put in himself. Folded players'
    chips stay in the pots they reached; chips that no live player matched go to the top pot.
    """
    levels = sorted({committed[seat] for seat in live if seat in all_in and committed[seat] > 0})
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in committed)
        eligible = tuple(seat for seat in sorted(live) if committed[seat] >= level)
        pots.append(Pot(amount, eligible))
        previous = level
    rest = sum(committed) - sum(pot.amount for pot in pots)
    beyond = tuple(seat for seat in sorted(live) if committed[seat] > previous)
    if rest and beyond:
        pots.append(Pot(rest, beyond))
    elif rest and pots:
        pots[-1] = Pot(pots[-1].amount + rest, pots[-1].eligible)
    elif rest:
        pots.append(Pot(rest, tuple(sorted(live))))
    return pots


def split_pot(amount: int, winners: Sequence[int]) -> dict[int, int]:
    """Share ``amount`` equally; the odd chips go one each to the first ``winners`` in the order given."""
    if not winners:
        raise ValueError("a pot needs at least one winner")
    share, odd = divmod(amount, len(winners))
    return {seat: share + (1 if i < odd else 0) for i, seat in enumerate(winners)}
