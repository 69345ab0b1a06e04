"""A quick look for a go-down that takes every card out of the hand (issue 27, D-SOL-36).

A plan that melds every card (and discards at most one) leaves nothing in hand, so nothing beats it: when
one exists it is an exact answer, and the branch and bound (``search.py``), which must also prove that a
plan is best, need not run. More than half of the big hands in the solver's benchmark can do it, and the
search spends most of its time on those hands sweeping suits it has not seen before.

The look covers the hand's naturals as ``cover.py`` does (suit by suit, the first natural still uncovered
starting a run or a set, or going to the discard), ranking each natural's options by the wilds they need
plus the bound on what the rest then needs (a set first while the contract still wants one), and straying
from that ranking in ever more places (a limited discrepancy search, each state's ranking kept for the next
pass). Once every natural is covered, the contract is taken from the melds (runs lengthened with spare
wilds where needed, sets and runs of wilds alone where the rules allow them) and every spare wild must
find a place. The plan is then built with the declared melds' own checks (``meets_contract``,
``meld_problem``) and must hold the hand's cards exactly; anything else, or a look that runs past its budget
of nodes, answers None, and the caller asks the full search.

When the short look misses, the proof that no cover exists (``cover.prove_cover``) runs; the first cover it finds
meets the contract and places every spare wild in about half the hands the look would then take out, and
``TakeAllLook.plan_of_cover`` makes it the plan (D-SOL-67); otherwise the look goes on.

The plan found is one of the plans that take every card out; which one may differ from the full search's
choice among those ties (D-SOL-36). Not tried here: hands with dead cards, sets of repeated suits, or the
contract-distance questions (extra or added wilds).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import product

from push_learn.cards import Card, Rank
from push_learn.rummy.contracts import meets_contract
from push_learn.rummy.engine.actions import Action, Discard, GoDown, NewMeld
from push_learn.rummy.melds import Meld, is_wild_card, meld_problem
from push_learn.rummy.rules import MeldKind, RummyRules
from push_learn.rummy.solver.cover import EPSILON, ORDER, Cover, Found, Group, OutOfBudget
from push_learn.rummy.solver.declare import PLAN_SEAT, PlanBuilder, TurnPlan, absorb_spares
from push_learn.rummy.solver.encoding import ACE_POS, SUITS, card_place, position_card

__all__ = ["FIRST_LOOK", "LOOK_BUDGET", "TakeAllLook", "take_all_plan"]

LOOK_BUDGET = 300
"""Nodes the look may visit before it gives up and leaves the question to the full search."""
FIRST_LOOK = 40
"""Nodes of a first look, before the proof that no cover exists (most plans that take every card out are found
within this, and then no proof is needed)."""
MOST_SLACK = 6
"""The most places, in all, the look strays from its preferred options (limited discrepancy search)."""


Finish = tuple[int, tuple[int | None, ...], bool]
"""How a cover meets the contract and places its spare wilds (``_Look._finish``)."""
Covered = tuple[list[Group], tuple[int, int] | None, Finish]
"""A cover that is a plan: its groups, the natural discarded (suit, place) if one is, and its ``Finish``."""


class _Look(Cover):
    """One look for a cover that also meets the contract and places every spare wild."""

    def __init__(
        self, hand: Sequence[Card], rules: RummyRules, deal: int, *, keep_discard: bool, must_discard: bool,
        taken: Card | None, wild_discard: bool, budget: int,
    ) -> None:
        super().__init__(hand, rules, 1 if keep_discard else 0, budget)
        parts = rules.contract(deal).melds
        self.all_wild = rules.min_naturals_per_meld == 0
        self.set_parts = sum(1 for part in parts if part.kind is MeldKind.SET)
        self.run_parts = sorted((part.min_length for part in parts if part.kind is MeldKind.RUN), reverse=True)
        taken_wild = taken is not None and is_wild_card(taken, rules)
        self.wild_discard = keep_discard and wild_discard and self.wild_count >= (2 if taken_wild else 1)
        """Whether a spare wild may be the discard (one that is not the wild taken this turn)."""
        self.must_discard = must_discard
        self.taken = taken
        self.natural_taken = None if taken is None or taken_wild else card_place(taken)
        """The (suit, place) of the natural taken this turn, which may not be the discard (None: any may)."""
        self.groups: list[Group] = []
        self.finish: Finish | None = None
        self._ranked: dict[tuple, list[tuple[float, int, Group]]] = {}
        """Per state met (what is left, the wilds, whether a natural may still be the discard, whether the
        contract still wants a set), its options in order: a wider pass of the look meets them again."""

    def can_discard(self, s: int, p: int) -> bool:
        """As ``Cover.can_discard``, and never the card taken this turn where the rules forbid discarding it."""
        return super().can_discard(s, p) and (s, p) != self.natural_taken

    def found(self) -> Covered | None:
        """The groups, the natural discarded (suit, place) and how the contract and spare wilds are met."""
        if not self.modelled or self.wilds_at_least() > self.wild_count + EPSILON:
            return None
        start = self.snapshot()
        try:
            for slack in range(MOST_SLACK + 1):
                if self._cover(0, self.wild_count, slack):
                    assert self.finish is not None
                    return list(self.groups), self.discarded, self.finish
        except OutOfBudget:  # left mid-way: back to the start, for a later look with a larger budget
            self.restore(start)
            self.groups = []
        return None

    def checked(self, cover: Found) -> Covered | None:
        """``found``'s answer for a cover the proof found (``cover.prove_cover``), from the look's start: None unless
        it meets the contract, places every spare wild and discards no card this look may not. The look is left as
        it was."""
        groups, discarded, wilds = cover
        if not self.modelled or (discarded is not None and not self.can_discard(*discarded)):
            return None
        start, kept = self.snapshot(), self.groups
        taken = list(groups)
        for group in taken:
            self.take(group)
        self.groups = taken  # what ``_finish`` reads
        finish = self._finish(wilds)
        self.restore(start)
        self.groups = kept
        return None if finish is None else (taken, discarded, finish)

    def _cover(self, index: int, wilds: int, slack: int) -> bool:
        """Cover the naturals from ``ORDER[index]`` on with ``wilds``, straying from the preferred option at most
        ``slack`` places in all (limited discrepancy search). Options are preferred by the wilds they need and
        the bound on what the rest then needs, a set first while the contract still wants one."""
        index = self.next_natural(index)
        if index == len(ORDER):
            self.visit()
            self.finish = self._finish(wilds)
            return self.finish is not None
        wanted = self.sets < self.set_parts
        key = self.state(wilds, wanted)
        ranked = self._ranked.get(key)
        if ranked is None:
            self.visit()
            ranked = []
            s, p = ORDER[index]
            for share, need, group in self.options(s, p, wilds, 1.0 if wanted else 0.0):
                before = self.take(group)
                after = need + self.wilds_at_least()
                self.restore(before)
                if after <= wilds + EPSILON:
                    ranked.append((after + share, need, group))
            ranked.sort(key=lambda option: option[0])
            self._ranked[key] = ranked
        for rank, (_key, need, group) in enumerate(ranked[: slack + 1]):
            before = self.take(group)
            self.groups.append(group)
            if self._cover(index, wilds - need, slack - rank):
                return True
            self.groups.pop()
            self.restore(before)
        return False

    # ---- the contract and the spare wilds ------------------------------------------------------------------
    def _finish(self, wilds: int) -> Finish | None:
        """How the covered hand meets the contract with ``wilds`` to spare: how many sets of wilds alone, which
        group (its index) is each contract run (None: a run of wilds alone), and whether a wild is discarded;
        None when it cannot."""
        wild_sets = max(0, self.set_parts - self.sets)
        if wild_sets and not self.all_wild:
            return None
        spare = wilds - 3 * wild_sets
        if spare < 0:
            return None
        best = self._contract_runs(spare)
        if best is None:
            return None
        spare -= best[0]
        discard_wild = False
        if self.discarded is None and self.discards and spare and self.wild_discard:
            spare, discard_wild = spare - 1, True
        if self.must_discard and self.discarded is None and not discard_wild:
            return None
        if spare and not (spare >= 3 and self.all_wild) and spare > self._room(best[1]):
            return None
        return wild_sets, best[1], discard_wild

    def _contract_runs(self, spare: int) -> tuple[int, tuple[int | None, ...]] | None:
        """The cheapest way, within ``spare`` wilds, to give each of the contract's runs a run of the cover (its
        index among the groups; None: a run of wilds alone), no two of one suit overlapping once lengthened, as
        (the wilds it costs, the choice); None when there is none."""
        if not self.run_parts:
            return 0, ()
        candidates = []
        for length in self.run_parts:
            row: list[tuple[int, int | None, tuple[int, int, int] | None]] = []
            for i, group in enumerate(self.groups):
                if group[0] == "run" and (span := self.lengthened(group, length)) is not None:
                    row.append((span[2] - span[1] + 1 - _run_length(group), i, span))
            if self.all_wild:
                row.append((length, None, None))
            row.sort(key=lambda candidate: candidate[0])
            candidates.append(row)
        best: tuple[int, tuple[int | None, ...]] | None = None
        for combo in product(*candidates):
            cost = sum(candidate[0] for candidate in combo)
            if cost > spare or (best is not None and cost >= best[0]):
                continue
            runs = [candidate[1] for candidate in combo if candidate[1] is not None]
            if len(set(runs)) == len(runs) and not _overlapping([c[2] for c in combo if c[2] is not None]):
                best = (cost, tuple(candidate[1] for candidate in combo))
        return best

    def lengthened(self, run: tuple, length: int) -> tuple[int, int, int] | None:
        """The suit, first and last place of ``run`` lengthened to three and then to ``length`` (upwards
        first), or None if it cannot be."""
        _kind, s, first, last, _places = run
        length = max(3, length)
        if length > self.maxlen:
            return None
        extra = max(0, length - (last - first + 1))
        up = min(extra, ACE_POS - last)
        if first - (extra - up) < self.low:
            return None
        return s, first - (extra - up), last + up

    def _room(self, contract: tuple[int | None, ...]) -> int:
        """How many spare wilds the melds other than the contract's runs can take: runs up to their longest,
        sets up to their most cards."""
        room = 0
        for i, group in enumerate(self.groups):
            if group[0] == "set":
                room += self.set_cap - max(3, len(group[2]))
            elif group[0] == "run" and i not in contract and (span := self.lengthened(group, 3)) is not None:
                room += self.maxlen - (span[2] - span[1] + 1)
        return room


def _run_length(run: tuple) -> int:
    """A run group's length once lengthened to three."""
    return max(3, run[3] - run[2] + 1)


def _overlapping(spans: list[tuple[int, int, int]]) -> bool:
    """Whether two of the (suit, first, last) ``spans`` share a place of one suit (A-R1-08)."""
    return any(a[0] == b[0] and max(a[1], b[1]) <= min(a[2], b[2]) for i, a in enumerate(spans) for b in spans[i + 1 :])


class TakeAllLook:
    """A look for a go-down of ``hand`` in deal ``deal`` that takes every card out (melds, and at most one
    discard), which may be asked again with a larger budget (it goes on from what it has seen).

    ``keep_discard`` allows one discard and ``must_discard`` asks for one; ``taken`` may not be discarded;
    ``wild_discard`` allows discarding a wild (with at least one more wild in hand when ``taken`` is wild).
    """

    def __init__(
        self, hand: Sequence[Card], rules: RummyRules, deal: int, *, keep_discard: bool = True,
        must_discard: bool = False, taken: Card | None = None, wild_discard: bool = True,
    ) -> None:
        self.hand, self.rules, self.deal = hand, rules, deal
        self.look = _Look(
            hand, rules, deal, keep_discard=keep_discard, must_discard=must_discard, taken=taken,
            wild_discard=wild_discard, budget=0,
        )

    def plan(self, budget: int = LOOK_BUDGET) -> TurnPlan | None:
        """The plan, or None when the look finds none within ``budget`` nodes in all (the hand may still take
        every card out: ask the full search)."""
        if not self.look.modelled:
            return None
        self.look.budget = budget
        return self._built(self.look.found())

    def plan_of_cover(self, cover: Found) -> TurnPlan | None:
        """The plan of a cover the proof found (``cover.prove_cover``) when that cover meets the contract, places
        every spare wild and discards no card the look may not; None otherwise (the look may still go on, from
        where it was: it is left as it was found)."""
        return self._built(self.look.checked(cover))

    def _built(self, covered: Covered | None) -> TurnPlan | None:
        if covered is None:
            return None
        groups, discarded, (wild_sets, contract, discard_wild) = covered
        return _plan(self.hand, self.rules, self.deal, self.look, groups, discarded, wild_sets, contract, discard_wild)


def take_all_plan(
    hand: Sequence[Card],
    rules: RummyRules,
    deal: int,
    *,
    keep_discard: bool = True,
    must_discard: bool = False,
    taken: Card | None = None,
    wild_discard: bool = True,
    budget: int = LOOK_BUDGET,
) -> TurnPlan | None:
    """A go-down for deal ``deal`` that takes every card out of ``hand``, or None when a ``TakeAllLook`` (the
    same arguments) finds none within ``budget`` nodes."""
    look = TakeAllLook(
        hand, rules, deal, keep_discard=keep_discard, must_discard=must_discard, taken=taken,
        wild_discard=wild_discard,
    )
    return look.plan(budget)


def _plan(
    hand: Sequence[Card], rules: RummyRules, deal: int, look: _Look, groups: list[tuple],
    discarded: tuple[int, int] | None, wild_sets: int, contract: tuple[int | None, ...], discard_wild: bool,
) -> TurnPlan | None:
    """The declared melds and actions of a look's groups, or None if they fail the rules' own checks."""
    b = PlanBuilder(hand, (), rules)
    go_down: list[Meld] = []
    other: list[Meld] = []
    sets_wanted = look.set_parts
    lengths = {i: length for i, length in zip(contract, look.run_parts, strict=True) if i is not None}
    for i, group in enumerate(groups):
        if group[0] == "set":
            _kind, p, suits = group
            meld = b.set_meld(Rank.ACE if p == ACE_POS else Rank(p), suits)
            (go_down if sets_wanted else other).append(meld)
            sets_wanted -= bool(sets_wanted)
        elif group[0] == "run":
            _kind, s, first, last, places = group
            span = look.lengthened(group, lengths.get(i, 3))
            assert span is not None
            _s, first, last = span
            cards = [position_card(q, s) if q in places else b.wilds.take(SUITS[s], q) for q in range(first, last + 1)]
            (go_down if i in lengths else other).append(Meld.run_of(cards, SUITS[s], first))
    go_down += [b.all_wild("set", 3) for _ in range(wild_sets)]
    for part, length in zip(contract, look.run_parts, strict=True):
        if part is None:
            go_down.append(b.all_wild("run", length, [*go_down, *other]))
    discard = position_card(discarded[1], discarded[0]) if discarded is not None else None
    if discard_wild:
        discard = next((card for card in b.wilds.cards if card != look.taken), None)
        if discard is None:
            return None
        b.wilds.cards.remove(discard)
    spare = len(b.wilds.cards)
    if spare >= 3 and look.all_wild:
        other.append(b.all_wild("run", spare, [*go_down, *other]))
        spare = 0
    other, spare = absorb_spares(other, spare, b, share=True)
    go_down, spare = absorb_spares(go_down, spare, b, share=rules.runs_may_share_cards)
    if spare or not meets_contract(go_down, rules, deal) or any(meld_problem(m, rules) for m in other):
        return None
    used = Counter(card for meld in (*go_down, *other) for card in meld.cards)
    if discard is not None:
        used[discard] += 1
    if used != Counter(hand):
        return None
    actions: list[Action] = [GoDown(PLAN_SEAT, tuple(go_down)), *(NewMeld(PLAN_SEAT, meld) for meld in other)]
    if discard is not None:
        actions.append(Discard(PLAN_SEAT, discard))
    return TurnPlan(tuple(go_down), tuple(other), tuple(actions), discard, (), 0)
