"""Turning a search result into declared melds and engine actions, with real cards in every place.

Wild cards are handed out at the end: a 2 goes to its own place in a run of its own suit where it
can (it is then natural and cannot be rescued), otherwise jokers are used before 2s, so the hand
keeps its most flexible wilds. Actions come in a legal order: go down, rescue (the wilds come
back to the hand), new melds, lay-offs (each card at the end it reaches), spare wilds, discard.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from push_learn.cards import Card, Rank, Suit
from push_learn.rummy.contracts import shared_run_card
from push_learn.rummy.engine.actions import Action, Discard, GoDown, LayOff, NewMeld, Rescue
from push_learn.rummy.melds import Meld, layoff_options, rescue_options, run_value_range
from push_learn.rummy.rules import MeldKind, RummyRules
from push_learn.rummy.scoring import penalty
from push_learn.rummy.solver.encoding import ACE_LOW, ACE_POS, SUITS, encode_hand, position_card
from push_learn.rummy.solver.search import SearchResult
from push_learn.rummy.solver.suits import ClosedRun

PLAN_SEAT = 0
"""The seat the solver's actions name: it plans for a hand, not a seat (``TurnPlan.for_seat`` re-seats)."""

__all__ = ["PlanBuilder", "TurnPlan", "absorb_spares", "build_plan"]


@dataclass(frozen=True)
class TurnPlan:
    """A turn's table play as the solver would make it, as declared melds and ready-made actions.

    ``go_down`` are the contract melds (empty once down), ``melds`` the other new melds,
    ``actions`` every step in a legal order ending with the ``discard`` when there is one, ``left``
    the cards kept after it and ``points_left`` their penalty.
    """

    go_down: tuple[Meld, ...]
    melds: tuple[Meld, ...]
    actions: tuple[Action, ...]
    discard: Card | None
    left: tuple[Card, ...]
    points_left: int

    @property
    def goes_out(self) -> bool:
        """True when the plan empties the hand (by melding, or by discarding the last card)."""
        return not self.left

    def for_seat(self, seat: int) -> TurnPlan:
        """The same plan with every action naming ``seat`` (the solver's own actions name ``PLAN_SEAT``)."""
        if seat == PLAN_SEAT:
            return self
        return replace(self, actions=tuple(replace(action, seat=seat) for action in self.actions))

    @property
    def table_actions(self) -> tuple[Action, ...]:
        """The actions before the discard."""
        return tuple(action for action in self.actions if not isinstance(action, Discard))

    def __str__(self) -> str:
        steps = "; ".join(str(action) for action in self.actions) or "nothing to lay down"
        return f"{steps} (leaves {self.points_left} points)"


class _Wilds:
    """The wild cards in hand, handed out one at a time."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards = list(cards)

    def take(self, suit: Suit | None = None, position: int | None = None) -> Card:
        """A wild for a place: the suit's own 2 at place 2 of its run, else a joker, else a 2."""
        if suit is not None and position == 2:
            own = Card(Rank.TWO, suit)
            if own in self.cards:
                self.cards.remove(own)
                return own
        for card in self.cards:
            if card.rank is None:
                self.cards.remove(card)
                return card
        if not self.cards:
            raise ValueError("the plan needs more wild cards than the hand holds")
        return self.cards.pop()

    def peek(self) -> Card | None:
        """The card ``take()`` would give for a place with no suit, or None when none is left."""
        joker = next((card for card in self.cards if card.rank is None), None)
        return joker if joker is not None else (self.cards[-1] if self.cards else None)

    def take_two(self) -> Card | None:
        """A 2, if one is left."""
        for card in self.cards:
            if card.rank is Rank.TWO:
                self.cards.remove(card)
                return card
        return None


class PlanBuilder:
    """Collects the melds and moves of a plan, keeping the table melds and the hand up to date."""

    def __init__(self, hand: Sequence[Card], table: Sequence[tuple[int, Meld]], rules: RummyRules) -> None:
        self.rules = rules
        self.low = run_value_range(rules)[0]
        self.hand = Counter(hand)
        self.wilds = _Wilds(encode_hand(hand, rules).wilds)
        self.table = list(table)
        self.current = dict(table)
        self.rescues: list[Action] = []
        self.layoffs: list[tuple[int, Card | None, str]] = []

    def run_meld(self, run: ClosedRun, suit_index: int) -> Meld:
        """A traced run with its extension wilds (a contract run keeps ``trail`` above, the rest below)."""
        suit = SUITS[suit_index]
        first, last = run.cells[0][0], run.cells[-1][0]
        length = len(run.cells) + run.ext
        if run.part is not None:
            below = run.ext - run.trail
        else:
            top = 13 if first == ACE_LOW else ACE_POS
            below = max(0, run.ext - (top - last))
        start = max(self.low, first - below)
        naturals = {p for p, natural in run.cells if natural}
        places = [
            position_card(start + i, suit_index) if start + i in naturals else self.wilds.take(suit, start + i)
            for i in range(length)
        ]
        return Meld.run_of(places, suit, start)

    def set_meld(self, rank: Rank, suits: Sequence[int]) -> Meld:
        """A set of the naturals of ``rank`` in ``suits``, filled to three with wilds."""
        cards = [Card(rank, SUITS[s]) for s in suits]
        cards += [self.wilds.take() for _ in range(max(0, 3 - len(cards)))]
        return Meld.set_of(cards, rank)

    def all_wild(self, kind: str, length: int, runs: Sequence[Meld] = ()) -> Meld:
        """A meld of wilds alone: a set of kings, or a run as high as it fits without overlapping any of
        ``runs`` (spades first, up to the ace; from its own 2 when the rules want a natural in every meld)."""
        if kind == "set":
            return Meld.set_of([self.wilds.take() for _ in range(length)], Rank.KING)
        two = self.wilds.take_two() if self.rules.min_naturals_per_meld else None
        if two is not None:
            assert two.suit is not None
            cards = [two if i == 0 else self.wilds.take() for i in range(length)]
            return Meld.run_of(cards, two.suit, 2)
        suit, start = _free_place(length, runs, self.low)
        return Meld.run_of([self.wilds.take() for _ in range(length)], suit, start)

    def rescue(self, card: Card, fits: Meld | None = None, position: int | None = None) -> None:
        """Rescue a table wild with ``card``: in run ``position`` of its suit, or in a set of its rank."""
        for meld_id, _ in self.table:
            meld = self.current[meld_id]
            if position is not None and not (meld.is_run and meld.suit is card.suit):
                continue
            if fits is not None and meld is not fits:
                continue
            options = rescue_options(meld, card, self.rules)
            if position is not None:
                options = [o for o in options if meld.start + o[0] == position]
            if options:
                place, after = options[0]
                wild = meld.cards[place]
                self.wilds.cards.append(wild)
                self.hand[wild] += 1
                self.hand[card] -= 1
                self.current[meld_id] = after
                self.rescues.append(Rescue(PLAN_SEAT, meld_id, place, card))
                return
        raise ValueError(f"no table wild can be rescued with {card}")

    def lay_off(self, meld_id: int, card: Card, end: str) -> LayOff:
        """Lay ``card`` off on table meld ``meld_id`` at ``end`` (``low``, ``high`` or ``any``)."""
        meld = self.current[meld_id]
        options = layoff_options(meld, card, self.rules)
        if end == "low" and meld.is_run:
            options = [o for o in options if o.start == meld.start - 1]
        elif end == "high" and meld.is_run:
            options = [o for o in options if o.start == meld.start]
        if not options:
            raise ValueError(f"{card} cannot be laid off on {meld}")
        result = options[-1]
        self.current[meld_id] = result
        self.hand[card] -= 1
        return LayOff(PLAN_SEAT, meld_id, card, result)


def build_plan(
    result: SearchResult,
    hand: Sequence[Card],
    table: Sequence[tuple[int, Meld]],
    rules: RummyRules,
    parts: Sequence[tuple[str, int]],
) -> TurnPlan:
    """The melds and actions of ``result`` for ``hand`` and the ``table`` (meld id, meld) pairs."""
    b = PlanBuilder(hand, table, rules)
    contract_runs: dict[int, list[Meld]] = {}
    sets: list[Meld] = []
    other: list[Meld] = []
    discard: Card | None = None
    for s, plan in enumerate(result.suit_plans):
        for position in plan.rescues:
            b.rescue(position_card(position, s), position=position)
    for position, arrangement in result.sets:
        rank = Rank.ACE if position == ACE_POS else Rank(position)
        _groups, _layoffs, rescues = arrangement
        for table_index, suits in rescues:
            for s in suits:
                b.rescue(Card(rank, SUITS[s]), fits=b.current[table[table_index][0]])
    for s, plan in enumerate(result.suit_plans):
        for run in plan.runs:
            meld = b.run_meld(run, s)
            if run.part is None:
                other.append(meld)
            else:
                contract_runs.setdefault(run.part, []).append(meld)
        for position in plan.singles:
            sets.append(b.set_meld(position_card(position, s).rank or Rank.ACE, [s]))
        for index, cells in plan.left.items():
            meld_id = table[index][0]
            b.layoffs += [(meld_id, position_card(p, s) if nat else None, "low") for p, nat in reversed(cells)]
        for index, cells in plan.right.items():
            meld_id = table[index][0]
            b.layoffs += [(meld_id, position_card(p, s) if nat else None, "high") for p, nat in cells]
        if plan.discard is not None:
            discard = position_card(plan.discard, s)
    for position, arrangement in result.sets:
        rank = Rank.ACE if position == ACE_POS else Rank(position)
        groups, layoffs, _rescues = arrangement
        for table_index, suits in layoffs:
            b.layoffs += [(table[table_index][0], Card(rank, SUITS[s]), "any") for s in suits]
        sets += [b.set_meld(rank, group) for group in groups]
    wild_melds: list[Meld] = []
    planned = [*other, *(run for runs in contract_runs.values() for run in runs)]
    for kind, length in result.all_wild:
        wild_melds.append(b.all_wild(kind, length, [*planned, *wild_melds]))
    if result.discard_wild:
        discard = b.wilds.take()
    go_down, extra = _split_contract(parts, contract_runs, sets, wild_melds)
    new_melds = extra + other
    spare = result.spare
    if spare >= 3 and (rules.min_naturals_per_meld == 0 or any(c.rank is Rank.TWO for c in b.wilds.cards)):
        new_melds.append(b.all_wild("run", spare, [*go_down, *new_melds]))
        spare = 0
    new_melds, spare = absorb_spares(new_melds, spare, b, share=True)
    go_down, spare = absorb_spares(go_down, spare, b, share=rules.runs_may_share_cards)
    for meld in (*go_down, *new_melds):
        b.hand.subtract(meld.cards)
    actions: list[Action] = []
    if go_down:
        actions.append(GoDown(PLAN_SEAT, tuple(go_down)))
    actions += b.rescues
    actions += [NewMeld(PLAN_SEAT, meld) for meld in new_melds]
    for meld_id, card, end in b.layoffs:
        actions.append(b.lay_off(meld_id, card if card is not None else b.wilds.take(), end))
    for meld_id, _ in table:
        while spare > 0 and (card := b.wilds.peek()) is not None and layoff_options(b.current[meld_id], card, rules):
            actions.append(b.lay_off(meld_id, b.wilds.take(), "any"))
            spare -= 1
    left = list(b.hand.elements())
    if discard is not None:
        left.remove(discard)
        actions.append(Discard(PLAN_SEAT, discard))
    return TurnPlan(tuple(go_down), tuple(new_melds), tuple(actions), discard, tuple(left), penalty(left))


def _free_place(length: int, runs: Sequence[Meld], low: int) -> tuple[Suit, int]:
    """Where a run of wilds alone can go without overlapping ``runs``: the highest free stretch, spades
    first (A-R1-08 forbids overlapping contract runs); spades up to the ace when every place is taken."""
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        spans = [(run.low_value, run.high_value) for run in runs if run.is_run and run.suit is suit]
        for start in range(ACE_POS - length + 1, low - 1, -1):
            if all(start + length - 1 < first or start > last for first, last in spans):
                return suit, start
    return Suit.SPADES, ACE_POS - length + 1


def _split_contract(
    parts: Sequence[tuple[str, int]], runs: dict[int, list[Meld]], sets: list[Meld], wild_melds: list[Meld]
) -> tuple[list[Meld], list[Meld]]:
    """The melds that go down as the contract, and the rest (laid down right after as new melds)."""
    if not parts:
        return [], sets + [meld for group in runs.values() for meld in group] + wild_melds
    lengths = sorted({n for kind, n in parts if kind == "run"})
    need_sets = sum(1 for kind, _ in parts if kind == "set")
    pool_sets = [m for m in wild_melds if m.kind is MeldKind.SET] + sets
    go_down, extra = pool_sets[:need_sets], pool_sets[need_sets:]
    wild_runs = [m for m in wild_melds if m.kind is MeldKind.RUN]
    for j, length in enumerate(lengths):
        need = sum(1 for kind, n in parts if kind == "run" and n == length)
        group = runs.get(j, []) + [m for m in wild_runs if len(m) == length]
        go_down += group[:need]
        extra += group[need:]
    return go_down, extra


def absorb_spares(melds: list[Meld], spare: int, b: PlanBuilder, share: bool) -> tuple[list[Meld], int]:
    """Give spare wilds to ``melds`` while they have room (without making two of them overlap unless
    ``share``); returns the melds and the wilds still spare."""
    out = list(melds)
    for i, meld in enumerate(out):
        while spare > 0 and (card := b.wilds.peek()) is not None:
            options = [
                grown
                for grown in layoff_options(meld, card, b.rules)
                if share or all(shared_run_card(grown, other) is None for j, other in enumerate(out) if j != i)
            ]
            if not options:
                break
            b.wilds.take()
            meld = options[-1]
            out[i] = meld
            spare -= 1
    return out, spare
