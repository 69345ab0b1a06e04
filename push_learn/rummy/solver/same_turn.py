"""Going down and rescuing in the same turn: putting a plan's moves in an order the rules allow.

After going down a player may rescue table wilds, in the same turn, and use them in new melds and
lay-offs (A-R1-11, A-R1-16). The contract itself goes down first, so it must be made of
the hand's own cards. The search may plan a contract that holds a wild the hand has yet to rescue; such
a plan is reworked here, one borrowed wild at a time:

* where the contract meld is complete without that wild (a spare wild in a set, or at either end of a
  run), it goes down without it, and the wild is laid off on it after the rescue;
* otherwise the wild trades places with a wild of the hand's own that a later new meld or lay-off uses,
  or that the plan keeps in hand or discards (any wild can stand in any wild's place).

The reworked plan is then played through by the meld rules; ``None`` means it could not be made legal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from push_learn.cards import Card
from push_learn.rummy.contracts import meets_contract
from push_learn.rummy.engine.actions import Action, Discard, GoDown, LayOff, NewMeld, Rescue
from push_learn.rummy.melds import Meld, is_wild_card, layoff_options, meld_problem, rescue_options
from push_learn.rummy.rules import RummyRules
from push_learn.rummy.scoring import penalty
from push_learn.rummy.solver.declare import PLAN_SEAT, TurnPlan

__all__ = ["contract_first", "next_meld_id", "play_through"]


def contract_first(
    plan: TurnPlan, hand: Sequence[Card], table: Sequence[tuple[int, Meld]], rules: RummyRules, deal: int
) -> TurnPlan | None:
    """``plan`` with its contract made of the hand's own cards (see the module's text), or None."""
    own = Counter(hand)
    borrowed = Counter(card for meld in plan.go_down for card in meld.cards) - own
    if not borrowed:
        return plan
    work = _Rework(plan, own, rules, deal)
    for wild in borrowed.elements():
        if not (work.defer(wild) or work.swap(wild)):
            return None
    reworked = work.plan(table)
    played = None if reworked is None else play_through(reworked.actions, hand, table, rules, deal)
    if reworked is None or played is None or played[0] != Counter(reworked.left):
        return None
    return reworked


def next_meld_id(ids: Iterable[int]) -> int:
    """The id the engine gives the next meld laid down, after the table melds with ``ids`` (ids count up
    from 0 in each deal and melds never leave the table)."""
    return max(ids, default=-1) + 1


class _Rework:
    """The plan's melds while borrowed wilds are moved out of the contract."""

    def __init__(self, plan: TurnPlan, own: Counter[Card], rules: RummyRules, deal: int) -> None:
        self.source = plan
        self.own = own
        self.rules = rules
        self.deal = deal
        self.go_down = list(plan.go_down)
        self.melds = list(plan.melds)
        self.left = list(plan.left)
        self.discard = plan.discard
        self.deferred: list[tuple[int, Card]] = []
        """(contract meld index, wild) laid off on that meld after the rescues."""
        self.layoffs = [action for action in plan.actions if isinstance(action, LayOff)]
        """The plan's lay-offs on table melds; a swapped card's result is worked out again in ``plan``."""

    def _contract_ok(self, melds: Sequence[Meld]) -> bool:
        """Whether ``melds`` are legal and meet the contract, laid down together."""
        return all(meld_problem(meld, self.rules) is None for meld in melds) and bool(
            meets_contract(melds, self.rules, self.deal).ok
        )

    def defer(self, wild: Card) -> bool:
        """Take ``wild`` out of a contract meld that is complete without it, to lay it off there later. The
        place it leaves may be one another wild held (the two trade places first)."""
        placed = [(j, p) for j, meld in enumerate(self.go_down) for p in meld.wild_positions if meld.cards[p] == wild]
        for i, meld in enumerate(self.go_down):
            for q in meld.wild_positions:
                if meld.is_run and q not in (0, len(meld.cards) - 1):
                    continue
                held = meld.cards[q]
                for j, p in [(i, q)] if held == wild else placed:
                    melds = list(self.go_down)
                    cards = list(meld.cards)
                    if j == i:
                        cards[p] = held
                    else:
                        melds[j] = _replaced(melds[j], p, held)
                    del cards[q]
                    melds[i] = _rebuilt(meld, cards, shift=1 if meld.is_run and q == 0 else 0)
                    if self._contract_ok(melds) and layoff_options(melds[i], wild, self.rules):
                        self.go_down = melds
                        self.deferred.append((i, wild))
                        return True
        return False

    def swap(self, wild: Card) -> bool:
        """Let ``wild`` trade places with a wild of the hand's own used later (new meld, kept or discarded)."""
        used = Counter(card for meld in self.go_down for card in meld.cards)
        spare = [
            card for card in self.own if self.own[card] > used[card] and card != wild and is_wild_card(card, self.rules)
        ]
        for i, meld in enumerate(self.go_down):
            for place in meld.wild_positions:
                if meld.cards[place] != wild:
                    continue
                for mine in spare:
                    melds = list(self.go_down)
                    melds[i] = _replaced(meld, place, mine)
                    if self._contract_ok(melds) and self._give_back(mine, wild):
                        self.go_down = melds
                        return True
        return False

    def _give_back(self, mine: Card, wild: Card) -> bool:
        """Put ``wild`` where the plan used the hand's ``mine`` after going down."""
        if self.discard == mine:
            self.discard = wild
            return True
        if mine in self.left:
            self.left.remove(mine)
            self.left.append(wild)
            return True
        for j, meld in enumerate(self.melds):
            for place in meld.wild_positions:
                if meld.cards[place] == mine:
                    changed = _replaced(meld, place, wild)
                    if meld_problem(changed, self.rules) is None:
                        self.melds[j] = changed
                        return True
        for j, layoff in enumerate(self.layoffs):
            if layoff.card == mine:
                self.layoffs[j] = LayOff(PLAN_SEAT, layoff.target, wild, layoff.result)
                return True
        return False

    def plan(self, table: Sequence[tuple[int, Meld]]) -> TurnPlan | None:
        """The reworked plan (go down, rescue, new melds, lay-offs, the deferred wilds, discard), or None when
        a lay-off whose card was swapped no longer fits its meld the same way."""
        rescues = [action for action in self.source.actions if isinstance(action, Rescue)]
        current = dict(table)
        for rescue in rescues:
            after = dict(rescue_options(current[rescue.target], rescue.card, self.rules))
            current[rescue.target] = after[rescue.position]
        layoffs: list[Action] = []
        for layoff in self.layoffs:
            assert layoff.result is not None  # the builder names every lay-off's result
            shape = (layoff.result.start, len(layoff.result))
            options = layoff_options(current[layoff.target], layoff.card, self.rules)
            grown = [meld for meld in options if (meld.start, len(meld)) == shape]
            if not grown:
                return None
            layoffs.append(LayOff(PLAN_SEAT, layoff.target, layoff.card, grown[-1]))
            current[layoff.target] = grown[-1]
        first_id = next_meld_id(meld_id for meld_id, _ in table)
        mine = dict(enumerate(self.go_down))
        for index, wild in self.deferred:
            grown = layoff_options(mine[index], wild, self.rules)
            layoffs.append(LayOff(PLAN_SEAT, first_id + index, wild, grown[-1]))
            mine[index] = grown[-1]
        actions: list[Action] = [GoDown(PLAN_SEAT, tuple(self.go_down)), *rescues]
        actions += [NewMeld(PLAN_SEAT, meld) for meld in self.melds]
        actions += layoffs
        if self.discard is not None:
            actions.append(Discard(PLAN_SEAT, self.discard))
        return TurnPlan(
            tuple(self.go_down), tuple(self.melds), tuple(actions), self.discard, tuple(self.left), penalty(self.left)
        )


def _replaced(meld: Meld, place: int, card: Card) -> Meld:
    """``meld`` with ``card`` in ``place``."""
    cards = list(meld.cards)
    cards[place] = card
    return _rebuilt(meld, cards)


def _rebuilt(meld: Meld, cards: Sequence[Card], shift: int = 0) -> Meld:
    """A meld like ``meld`` made of ``cards`` (a run starting ``shift`` places higher)."""
    if meld.is_run:
        assert meld.suit is not None and meld.start is not None
        return Meld.run_of(cards, meld.suit, meld.start + shift)
    assert meld.rank is not None
    return Meld.set_of(cards, meld.rank)


def play_through(
    actions: Sequence[Action], hand: Sequence[Card], table: Sequence[tuple[int, Meld]], rules: RummyRules, deal: int
) -> tuple[Counter[Card], dict[int, Meld]] | None:
    """The cards left and the table melds by id after ``actions`` from ``hand`` at ``table``, or None when a
    move breaks a meld rule or uses a card the hand does not hold at that moment (new melds take the next
    ids, as the engine gives them)."""
    cards = Counter(hand)
    melds = dict(table)
    next_id = next_meld_id(melds)
    for action in actions:
        placed: Sequence[Meld] = ()
        if isinstance(action, GoDown):
            if not meets_contract(action.melds, rules, deal).ok:
                return None
            placed = action.melds
        elif isinstance(action, NewMeld):
            placed = (action.meld,)
        elif isinstance(action, LayOff):
            grown = layoff_options(melds[action.target], action.card, rules) if action.target in melds else []
            if action.result is None or action.result not in grown:
                return None
            cards[action.card] -= 1
            melds[action.target] = action.result
        elif isinstance(action, Rescue):
            freed = dict(rescue_options(melds[action.target], action.card, rules)) if action.target in melds else {}
            if action.position not in freed:
                return None
            cards[action.card] -= 1
            cards[melds[action.target].cards[action.position]] += 1
            melds[action.target] = freed[action.position]
        elif isinstance(action, Discard):
            if is_wild_card(action.card, rules) and not rules.discard_wild_allowed:
                return None
            cards[action.card] -= 1
        for meld in placed:
            if meld_problem(meld, rules) is not None:
                return None
            cards.subtract(meld.cards)
            melds[next_id] = meld
            next_id += 1
        if any(n < 0 for n in cards.values()):
            return None
    return +cards, melds
