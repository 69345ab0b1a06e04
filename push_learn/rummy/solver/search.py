"""The exact search: branch and bound over which naturals of each rank go to sets.

Given those decisions, the suits are independent (each a memoised sweep, ``suits.py``) and so are
the ranks (``ranks.py``); their Pareto maps combine by a small convolution over the wilds they need.
A rank whose set question is still open is *relaxed*: each of its naturals may join a set at a
lower-bound price (``relaxed_costs``, ``copy_prices``), which gives a true upper bound on every completion, so a
branch whose bound cannot beat the best plan found is cut. The suits are asked only for the entries
that leave less in hand than the best plan found so far (its *slack*): no part of a better plan
leaves more, so the rest need not be swept.

First solutions, cheapest first: the guess (the free sets of every rank), then sets only from naturals
outside every likely run (stretches of three with gaps of at most one place, then only unbroken
ones), alone or filling the ranks where the guess has no set, then every natural into sets: each is
checked in a fraction of a millisecond, and one of them takes every card out of the hand in about
three quarters of the hands where that can be done (measured on random hands of 30 cards with 8
wilds; the guess and the first of the others alone found it in about 55%). When one does, the search
is over. Otherwise the depth-first search starts at once:
the root's own relaxed bound is nearly always the whole hand, so computing it (and diving from its
plan, or trying no sets at all) cost more than it saved. Ties between equally good plans go to the
first one found. The fast pass lets contract runs of a suit overlap; if its plan breaks that rule, other runs
are chosen, a long run is cut in two or a suit's runs are regrouped (``layout.py``), or the fast pass's maps give
the same value at the same choice with at most one contract run in each suit (``Tracer.rebuild_spread``,
D-SOL-55) or with another entry of a suit whose runs can be laid apart (``Search._plan_apart``, D-SOL-59), before a
second search
(which spaces runs exactly) starts from the first one's value and choice, and takes its bounds from the first
one (valid, since spaced plans are also plans of the fast pass; a spaced sweep of a long suit costs three to
five times a fast one, and the fast pass has most of its maps already). The plan is read back from the maps by
``trace.Tracer``.

What a node is worth, its parts and their best combination, is ``node.py``'s. Each node's suit sweeps are split
at a pivot (``suits.solve_suit``) that ``child_pivot`` chooses: a node differs from its parent at one rank, so
what it re-steps is the stretch between that rank and the parent's pivot wherever in that stretch it splits, and
the split nearest the next rank to be decided leaves its children the least (D-SOL-51).

Where the time goes (30 cards with 8 wilds): about two thirds in bounds, mostly proving that a plan which leaves a
card or two is the best; a bound that does not cut is typically one low card above the optimum. One source of that
slack is a rank held by two naturals of two suits: each is priced at half a wild, so a bound may send one of them to
a set alone for that half while the other stays in a run. No split of a per-natural price removes it, but where one
suit holds a spare copy (or the other natural is isolated) charging that suit the whole wild removes most of it
(``ranks.spare_copy_pays``, D-SOL-63). Measured on 150 hands: deciding every open rank held in two suits exactly
inside each bound (the best over its options) saves 59% of the bounds, and even an exact bound at every node (every
open rank so decided) saves only 73%, each such bound costing many plain ones: the search visits few nodes, so what
is left to gain is the cost of a node. Keeping such ranks whole inside one bound (tagged entries, D-SOL-52) cuts the
bounds tenfold on the slowest hands and makes each dearer by about as much: a long suit's map grows with every such
rank it takes part in. Also measured and no faster: other rank orders (left to right, such ranks first, fewest
options first) and first searching only for plans at the cap (aspiration).

Measured since (300 random contract and full-turn questions, seed 1, memo tables kept between questions):
most of a question is its first few evaluations, each of which sweeps suit segments the memo tables have not
seen: the first guess about 3.9 ms, the second 2.9 ms, the first relaxed bounds 2 to 4 ms each, while the
later nodes of the depth-first search cost 0.2 ms each (three quarters of the time in the first ten
evaluations of a question, a quarter in the ten thousand after them). Tried and not kept, none shown faster
side by side: the first guesses tried first only for plans at the cap (slack 1; 5% faster on hands that
take every card out, 9% slower on the others, which then try them again); no bound of their own for the
nodes that follow the guess (their bound nearly always lets them through, but 1% fewer evaluations in
all). Not worth trying: skipping the leaves that repeat a tried guess (46 of 1,476 tries). Answers must
stay the same, ties included (the first plan found wins), so the first guesses keep their order.

The hands that take every card out (issue 27; seed 1, 300 random contract questions, memo tables kept): 175 of 300
do. (Since D-SOL-36 a go-down question reaches the search with such a hand only when the quick look of
``take_all.py`` misses it; what follows was measured before.) The first guesses find 131 of them (median 3.7 ms, of
which 1.4 ms is set-up, read-back and the plan); the other 44 reach the depth-first search (median 14 ms: about 4 ms
of guesses that miss, then about 9 ms of bounds on the way down, the first relaxed bound of a question alone 3.8 ms
on average), and with the 125 hands that leave points they set the median. The plan found then differs from the
guess at one rank in 25 of 89 such hands (seeds 1 and 2), at two in 29, at three or more in 35. What an evaluation
costs is the suit segments it sweeps that no memo table holds (95% of the relaxed segments a question solves, 59% of
the exact ones), not how many entries it keeps: asked with slack 1 (only whether a plan reaches the cap) it is
barely cheaper. Tried for these hands and not kept, each leaving every answer the same, ties included
(``benchmarks/solver_ab.py``, seed 1, old/new by the median per-hand ratio and by totals: all hands; take-all hands;
the others): a witness first (the guess changed at one rank to its most sets or to none, asked only whether it
reaches the cap), and if one does, a search for plans at the cap only with no bound on the witness's path (that
search's first plan is the one the full search finds first): 0.91 and 0.85; 0.98 and 0.93; 0.86 and 0.82 (a witness
for 26 of 87 of those hands, at some 7 evaluations lost on every other hand; only keeping changes at ranks where a
suit cannot clear its naturals under the guess finds none: each suit alone can, with the wilds, and what fails is
their number); no bound on the guess's own path (its first bound rarely cuts, 19 of 169): 0.99 and 0.98, the unseen
segments are swept by the next bound instead; before descending into a child whose bound reaches the cap, asking
whether its first leaf does (it would be the first plan at the cap in the search's order): 0.97 and 0.95, at most
three such per search 0.99 and 0.97, seed 2 0.99 and 0.95 (36 hits against 301 misses), with no bound on the guess's
path too 0.98 and 0.98, seed 2 0.97 and 0.95; trying that first leaf as a plain ``_try`` for every child whose bound
passes (the answer stays the same: the search would try it next, unless a bound shows it cannot win): 0.99 and 0.97;
1.01 and 1.01; 0.96 and 0.96; the first guesses after the guess asked only whether they reach the cap, their full
values only after the search and only to break a tie with its plan: 0.96 and 0.88 (the search loses their
incumbent); a search for plans at the cap only (slack 1) before the full one: 0.94 and 0.87, within 30 children 0.93
and 0.91; 0.99 and 1.01; 0.85 and 0.87.

Objective: the most penalty points out of the hand (melded, laid off, used to rescue, or the one
discard), where every wild that leaves the hand is worth 20.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import product

from push_learn.cards import Card
from push_learn.rummy.melds import Meld, is_wild_card
from push_learn.rummy.rules import RummyRules
from push_learn.rummy.solver.encoding import (
    ACE_LOW,
    ACE_POS,
    Ctx,
    HandCounts,
    card_place,
    encode_hand,
    encode_table,
    in_stretches,
    isolated,
    position_weight,
    wild_weight,
)
from push_learn.rummy.solver.entries import Entries, Key, designation_tables, pareto
from push_learn.rummy.solver.layout import room_ok, space_runs, spaced
from push_learn.rummy.solver.node import NodeValues
from push_learn.rummy.solver.ranks import RankOption, SetArrangement, options_of, plain_question
from push_learn.rummy.solver.suits import OPEN, middle_pivot
from push_learn.rummy.solver.trace import SearchResult, Tracer

__all__ = ["Search", "SearchResult", "Setup", "child_pivot"]

READINGS_APART = 8
"""Plans of the fast pass's best choice read back (``Search._plan_apart``) before a spaced search is started."""
ROOT_PIVOT = middle_pivot(ACE_LOW, ACE_POS)
"""Where the first guesses split a whole suit's sweep (they name no pivot of their own)."""


def child_pivot(rank: int, parent_pivot: int, next_rank: int | None) -> int:
    """Where to split the sweeps of a node that decides ``rank`` below a node swept with ``parent_pivot``.

    The node's suit data differ from its parent's only at ``rank``, so any pivot between ``rank - 1`` and
    ``parent_pivot`` (or ``parent_pivot`` and ``rank``) re-steps about the same positions, those between the two
    (the memo tables hold the rest); among them the one nearest the next rank to be decided (``next_rank``) leaves
    its children the fewest. With no next rank, just before ``rank``.

    >>> child_pivot(6, 7, 10), child_pivot(10, 7, 5), child_pivot(13, 8, None)
    (7, 7, 12)
    """
    low, high = min(rank - 1, parent_pivot), max(rank, parent_pivot)
    goal = rank - 1 if next_rank is None else next_rank - 1
    return min(max(goal, low), high)


def _search_order(options: list[tuple[int, ...]], preferred: tuple[int, ...] | None) -> list[tuple[int, ...]]:
    """A rank's options in the order the search tries them: the guess's, then no sets, then the most naturals into
    sets first (ties as listed). Its own function: a closure over ``_dfs``'s locals would keep their cells alive, and
    tracked, for as long as the search below that node runs.

    >>> _search_order([(0, 0), (1, 0), (1, 1), (0, 1)], (0, 1))
    [(0, 1), (0, 0), (1, 1), (1, 0)]
    """
    zero = tuple(0 for _ in options[0])
    return sorted(options, key=lambda x: (x != preferred, x != zero, -sum(x)))


@dataclass(frozen=True)
class Setup:
    """One question to the search.

    ``parts`` is the contract as (kind, minimum length) pairs when the player goes down now (empty
    once down). ``keep_discard`` keeps one card to discard; ``must_discard`` forbids going out by
    melding; ``taken`` is a card that may not be the discard; ``wild_discard`` allows a wild one.
    """

    rules: RummyRules
    hand: tuple[Card, ...]
    table: tuple[Meld, ...] = ()
    parts: tuple[tuple[str, int], ...] = ()
    layoff: bool = True
    rescue: bool = True
    keep_discard: bool = False
    must_discard: bool = False
    taken: Card | None = None
    wild_discard: bool = True
    extra_wilds: int = 0
    """Pretend the hand holds this many more wilds (to measure how far a contract is)."""
    by_cards: bool = False
    """Leave the fewest cards (then the fewest points) rather than the fewest points."""
    wild_runs: bool = True
    """Allow contract runs of wilds alone (where every meld needs a natural: standing on a natural 2)."""
    added_naturals: int = 0
    """Where every meld needs a natural: how many contract melds of wilds alone may stand on a natural card
    the hand does not hold (``contract_distance`` counts each such natural as a card to add)."""


class Search(NodeValues):
    """Branch and bound for one ``Setup``; ``best()`` gives the optimum, ``min_wilds()`` the contract distance.

    What a node is worth (its parts and their best combination) is ``node.NodeValues``'s; which nodes to
    visit, in what order, and with which bounds is this class's."""

    def __init__(self, setup: Setup, roomy: bool = True, spaced: bool = False) -> None:
        super().__init__()
        self.setup = setup
        self.roomy = roomy
        self.spaced = spaced or setup.rules.runs_may_share_cards or not setup.parts
        rules = setup.rules
        self.hand: HandCounts = encode_hand(setup.hand, rules)
        self.runs, self.sets = encode_table(setup.table, rules)
        self.W = self.hand.wild_count + setup.extra_wilds
        self.rescue_total = sum(len(r.wilds) for r in self.runs) + sum(len(s.wild_places) for s in self.sets)
        if not setup.rescue:
            self.rescue_total = 0
        base = Ctx.from_rules(rules, setup.parts)
        self.absorber = base.min_nat == 0 or (base.natural_twos and self.hand.twos > 0)
        k = 2 if self.absorber else max(2, self.W + self.rescue_total)
        share = None if self.spaced else True
        self.ctx = Ctx.from_rules(
            rules, setup.parts, 0 if roomy else k, setup.must_discard, share=share, by_cards=setup.by_cards
        )
        self.wild_value = wild_weight(setup.by_cards)
        self.add, self.ge = designation_tables(self.ctx)
        self.full = self.ctx.full
        """The packed designations of the whole contract (``Ctx.full``, which computes it at every call)."""
        self.k2 = 2 * self.ctx.k
        self.single_set = bool(self.ctx.set_unit)
        """A lone natural may be a contract set (with two wilds): the contract has sets."""
        self.wcap2 = 2 * (self.W + self.rescue_total)
        self.total = self.hand.total_weight(setup.by_cards)
        self.suit_runs = [tuple(run for run in self.runs if run.suit == s) for s in range(4)]
        self.split = 4
        if self.ctx.run_types:
            self.split = max(4, self.ctx.longest + 1)
            if not self.ctx.share_ok:
                self.split = max(self.split, 2 * self.ctx.longest - 2)
        self._guess_cache: dict[int, tuple[int, ...]] = {}
        self._discard_setup()
        self._rank_setup()
        self.nodes = 0
        self.bounder: Search | None = None
        """A finished search of the same hand with the same choices under looser rules (contract runs may
        overlap), whose bounds therefore hold here too: they cost a fraction of this search's own (its
        sweeps are lighter and most of its maps are memoised from its own pass)."""

    # ---- set-up ------------------------------------------------------------------------------
    def _discard_setup(self) -> None:
        setup = self.setup
        taken_suit, taken_pos = -1, 0
        taken_wild = setup.taken is not None and is_wild_card(setup.taken, setup.rules)
        if setup.taken is not None and setup.taken.rank is not None and not taken_wild:
            taken_suit, taken_pos = card_place(setup.taken)
        self.disc: list[tuple[bool, ...]] = []
        for s in range(4):
            row = []
            for p in range(15):
                ok = setup.keep_discard and p >= 3
                if ok and s == taken_suit and p == taken_pos:
                    ok = self.hand.counts[s][p] >= 2
                row.append(ok)
            self.disc.append(tuple(row))
        self.wild_discard = (
            setup.keep_discard and setup.wild_discard and (2 if taken_wild else 1) <= self.W
        )

    def _rank_setup(self) -> None:
        """Which ranks have a set question, and the options each one offers."""
        ctx, setup = self.ctx, self.setup
        self.branch: list[int] = []
        self.options: dict[int, tuple[RankOption, ...]] = {}
        self.fixed: list[tuple[int, Entries, dict[Key, SetArrangement]]] = []
        self.phi: dict[int, tuple[int | None, ...]] = {}
        self.prices: dict[int, tuple[tuple[int, ...] | None, ...]] = {}
        low = ctx.low == ACE_LOW
        for r in range(3, ACE_POS + 1):
            counts = tuple(self.hand.counts[s][r] for s in range(4))
            if not any(counts) and not any(t.position == r for t in self.sets):
                continue
            tables = tuple(t for t in self.sets if t.position == r)
            alone = tuple(
                bool(counts[s]) and isolated(self.hand.counts[s], r, low, self.suit_runs[s]) for s in range(4)
            )
            plain = plain_question(ctx, counts, tables, setup.layoff, setup.rescue, alone)
            if plain[1]:
                self.branch.append(r)
                self.options[r] = options_of(plain, position_weight(r, setup.by_cards))
                self.phi[r] = plain[2]
                self.prices[r] = plain[3]
            elif tables:
                zero = next(o for o in options_of(plain, position_weight(r, setup.by_cards)) if not any(o[0]))
                self.fixed.append((r, zero[1], zero[2]))
        self.branch.sort(key=lambda r: (-sum(1 for phi in self.phi[r] if phi is not None and phi <= 0), r))
        self.suit_branch = [tuple(r for r in self.branch if self.hand.counts[s][r]) for s in range(4)]
        """The open ranks where suit ``s`` has naturals: only they change its segments."""
        self.most_sets = {r: self._most_sets(r) for r in self.branch}
        """Per open rank, the packed designations of the most contract sets any of its options lays down."""
        self.extra_parts: list[tuple[Entries, dict[Key, list[tuple[str, int]]]]] = []
        wild_melds = self._all_wild_part()
        if wild_melds is not None:
            self.extra_parts.append(wild_melds)
        if self.wild_discard:
            self.extra_parts.append(({(0, 0, 0, 0): 0, (2, 0, 0, 1): 0}, {}))

    def _most_sets(self, r: int) -> int:
        """The packed designations of the most contract sets one option of rank ``r`` lays down."""
        unit = self.ctx.set_unit
        if not unit:
            return 0
        most = max(self.ctx.unpack(d)[0] for _, entries, _ in self.options[r] for (_w, _x, d, _f) in entries)
        packed = 0
        for _ in range(most):
            packed = self.add[packed][unit]
        return packed

    def _all_wild_part(self) -> tuple[Entries, dict[Key, list[tuple[str, int]]]] | None:
        """Contract melds made of wilds alone (the contract only: other all-wild melds are spare room)."""
        ctx = self.ctx
        if not ctx.need:
            return None
        # Where every meld needs a natural, a run of wilds may stand on a natural 2 the hand holds (in its
        # own place) and any such meld on a natural added to the hand (``Setup.added_naturals``).
        free = ctx.min_nat == 0
        twos = self.hand.twos if ctx.natural_twos and self.setup.wild_runs else 0
        added = self.setup.added_naturals
        if not (free or twos or added):
            return None
        out: dict[Key, int] = {}
        how: dict[Key, list[tuple[str, int]]] = {}
        ranges = [
            [(kind, length, n) for n in range(need + 1)]
            for kind, length, need in zip(ctx.kinds, ctx.lengths, ctx.need, strict=True)
        ]
        set_room = (ctx.set_cap - 3) if ctx.set_cap else ctx.k
        for choice in product(*ranges):
            runs = sum(n for kind, _, n in choice if kind == "run")
            sets = sum(n for kind, _, n in choice if kind == "set")
            if not free and sets + max(0, runs - twos) > added:
                continue
            w = sum(length * n for _, length, n in choice)
            room = sum(n * (set_room if kind == "set" else ctx.maxlen - length) for kind, length, n in choice)
            d = 0
            melds: list[tuple[str, int]] = []
            for (kind, length, n), unit in zip(choice, ctx.units, strict=True):
                for _ in range(n):
                    d = self.add[d][unit]
                    melds.append((kind, length))
            key = (2 * w, 2 * min(ctx.k, room), d, 0)
            if key not in out:
                out[key] = 0
                how[key] = melds
        kept = pareto(out, self.ge, 2 * ctx.k, ctx.strict_discard)
        return kept, {key: how[key] for key in kept}

    def open_designations(self, decided: dict[int, tuple[int, ...]]) -> int:
        """Designations the open ranks might still supply: each as many contract sets as its best option."""
        free = 0
        for r in self.branch:
            if r not in decided:
                free = self.add[free][self.most_sets[r]]
        return free

    def bound(self, decided: dict[int, tuple[int, ...]], floor: int = -1, pivot: int | None = None) -> int:
        """An upper bound on every completion of ``decided`` (open ranks relaxed, every wild placed),
        or -1 when it cannot beat ``floor``."""
        if self.bounder is not None:
            return self.bounder.bound(decided, floor, pivot)
        parts = self.components(decided, True, pivot, self.slack_above(floor))
        return self._evaluate(parts, True, floor, self.open_designations(decided))

    def slack_above(self, floor: int) -> int:
        """A plan worth more than ``floor`` leaves less than this in hand, and so does every part of it."""
        return self.total - floor if floor >= 0 else OPEN

    # ---- the search --------------------------------------------------------------------------
    def best(self, cap: int | None = None, hint: dict[int, tuple[int, ...]] | None = None) -> SearchResult:
        """The optimum plan (exact), or an infeasible result when no plan meets the constraints.

        ``cap`` is a value no plan can beat (known from a relaxed search) and ``hint`` the choice at
        the ranks that reached it there: tried first, it often closes the search at once.
        """
        self.incumbent = -1
        self.cap = self.total if cap is None else min(cap, self.total)
        self.best_decided: dict[int, tuple[int, ...]] = {}
        guess = self._guess()
        if hint is not None:
            self._try({r: x for r, x in hint.items() if any(o[0] == x for o in self.options.get(r, ()))})
        # A spaced search that borrows the fast pass's bounds starts from that pass's best choice (the hint)
        # alone: the first choices the pass tried fell short of it there, and can only fall shorter here.
        firsts = self._first_guesses(guess) if self.bounder is None else iter(())
        tried: list[dict[int, tuple[int, ...]]] = []
        for first in firsts:
            if self.incumbent >= self.cap:
                break
            if first not in tried:
                self._try(first)
                tried.append(first)
        if self.incumbent < self.cap:
            self._dfs({}, 0, self.cap, ROOT_PIVOT)
        if self.incumbent < 0:
            return SearchResult(False, 0, self.total, nodes=self.nodes)
        tracer = Tracer(self)
        result = tracer.rebuild(self.best_decided)
        roomy = self.roomy and room_ok(self, result)
        if roomy == self.roomy:
            if self.spaced or space_runs(self, result):
                return result
            # The same value with at most one contract run in each suit keeps the overlap rule whatever the runs.
            spread = tracer.rebuild_spread(self.best_decided)
            if spread is not None and spaced(spread, self.ctx.low) and (not roomy or room_ok(self, spread)):
                return spread
            apart = self._plan_apart(tracer, result, roomy)
            if apart is not None:
                return apart
        exact = Search(self.setup, roomy=roomy, spaced=True)
        if not self.spaced and exact.choices() == self.choices():
            exact.bounder = self
        result = exact.best(self.incumbent, self.best_decided)
        result.nodes += self.nodes
        return result

    def _plan_apart(self, tracer: Tracer, first: SearchResult, roomy: bool) -> SearchResult | None:
        """Another plan of the fast pass's best choice, of the same value, whose contract runs can be laid apart
        (A-R1-08), or None (D-SOL-59). The suit entries that lay two contract runs or more are set aside, the
        plan the maps then give at that value is read back and laid out as ``space_runs`` lays out the first,
        and so on, at most ``READINGS_APART`` times: the same value at the same choice often has another entry
        whose runs lie apart (seed 1's hand 564: a contract run of the high ace instead of one that shares a
        seven), which spares the spaced search its sweeps of a rare kind."""
        left_out: list[set[Key]] = [set() for _ in range(4)]
        keys = first.keys
        for _ in range(READINGS_APART):
            more = [s for s in range(4) if keys[s] not in left_out[s] and self.ctx.contract_runs(keys[s][2]) > 1]
            if not more:
                return None
            for s in more:
                left_out[s].add(keys[s])
            other = tracer.rebuild_without(self.best_decided, left_out)
            if other is None:
                return None
            if space_runs(self, other) and (not roomy or room_ok(self, other)):
                return other
            keys = other.keys
        return None

    def choices(self) -> list[tuple[int, list[tuple[int, ...]]]]:
        """The open ranks in search order, each with its options (how many naturals of each suit go to sets)."""
        return [(r, [option[0] for option in self.options[r]]) for r in self.branch]

    def _guess(self) -> dict[int, tuple[int, ...]]:
        """A likely good choice at every open rank: the most naturals into sets that need no wild."""
        guess = {}
        for r in self.branch:
            free = [o for o in self.options[r] if min(key[0] for key in o[1]) <= 0]
            if free:
                guess[r] = max(free, key=lambda o: sum(o[0]))[0]
        self._guess_cache = guess
        return guess

    def _first_guesses(self, guess: dict[int, tuple[int, ...]]) -> Iterator[dict[int, tuple[int, ...]]]:
        """Whole choices tried before the depth-first search, until one reaches the cap (most often a plan
        that takes every card out), in this order: the guess; sets of the naturals outside every stretch
        with gaps of at most one place; the guess with sets of the naturals outside every unbroken stretch
        at the ranks where it has none; those sets alone; every natural into sets; the guess filled from
        the second choice (gaps of one) in the same way. Each costs a fraction of a millisecond (the suits'
        maps are shared), while the search that finds such a plan costs several."""
        yield guess
        lone = self._sets_outside_stretches(gap=1)
        yield lone
        tight = self._sets_outside_stretches(gap=0)
        yield self._filled(guess, tight)
        yield tight
        yield self._sets_outside_stretches(gap=None)
        yield self._filled(guess, lone)

    @staticmethod
    def _filled(
        guess: dict[int, tuple[int, ...]], other: dict[int, tuple[int, ...]]
    ) -> dict[int, tuple[int, ...]]:
        """``guess``, with ``other``'s choice at every rank where the guess sends no natural to a set."""
        return {**guess, **{r: x for r, x in other.items() if not any(guess.get(r, ()))}}

    def _sets_outside_stretches(self, gap: int | None) -> dict[int, tuple[int, ...]]:
        """At every open rank, the most naturals into sets among those that no run of their suit is likely
        to use: those outside every stretch of three naturals or more with gaps of at most ``gap`` empty
        places (and copies beyond the first); ``None`` counts no stretch, so every natural may go."""
        counts = self.hand.counts
        runnable = [
            in_stretches(row, self.ctx.low == ACE_LOW, gap) if gap is not None else [False] * len(row)
            for row in counts
        ]
        out = {}
        for r in self.branch:
            want = [counts[s][r] - 1 if runnable[s][r] else counts[s][r] for s in range(4)]
            fits = [o[0] for o in self.options[r] if all(a <= b for a, b in zip(o[0], want, strict=True))]
            if fits:
                out[r] = max(fits, key=sum)
        return out

    def _try(self, decided: dict[int, tuple[int, ...]], pivot: int | None = None) -> None:
        self.nodes += 1
        parts = self.components(decided, False, pivot, self.slack_above(self.incumbent))
        value = self._evaluate(parts, False, self.incumbent)
        if value > self.incumbent:
            self.incumbent = value
            self.best_decided = dict(decided)

    def _dfs(self, decided: dict[int, tuple[int, ...]], depth: int, ub: int, parent_pivot: int) -> None:
        """Depth-first over the open ranks in order; each child's bound is computed only when its turn comes
        (a child that decides the last open rank is simply tried: its bound would be its value, unless the
        bounds are borrowed from a fast pass, whose cheap bound at a leaf spares many a spaced try).
        ``parent_pivot`` is the pivot this node was evaluated with (see ``child_pivot``)."""
        if depth == len(self.branch):
            return
        r = self.branch[depth]
        order = _search_order([x for x, _, _ in self.options[r]], self._guess_cache.get(r))
        leaf = depth + 1 == len(self.branch)
        pivot = child_pivot(r, parent_pivot, None if leaf else self.branch[depth + 1])
        for x in order:
            if self.incumbent >= ub or self.incumbent >= self.cap:
                return
            child = {**decided, r: x}
            if leaf and self.bounder is None:
                self._try(child, pivot)
                continue
            bound = self.bound(child, self.incumbent, pivot)
            if bound <= self.incumbent:
                continue
            if leaf:
                self._try(child, pivot)
            else:
                self._dfs(child, depth + 1, bound, pivot)

    def min_wilds(self, enough: int = -1) -> int | None:
        """The fewest wilds (counting those the hand holds) that would let the contract go down; None if never.

        ``enough``: any count up to this will do (the hand holds that many wilds: fewer bring it no closer), so
        the search stops at the first plan that needs no more.
        """
        best: int | None = None
        stack: list[tuple[dict[int, tuple[int, ...]], int]] = [({}, 0)]
        while stack:
            decided, depth = stack.pop()
            self.nodes += 1
            lower = self._least_wilds(decided, relaxed=True)
            if lower is None or (best is not None and lower >= best):
                continue
            real = self._least_wilds(decided, relaxed=False)
            if real is not None and (best is None or real < best):
                best = real
                if best <= enough:
                    return best
            if depth == len(self.branch) or (real is not None and real <= lower):
                continue
            r = self.branch[depth]
            for x, _, _ in self.options[r]:
                stack.append(({**decided, r: x}, depth + 1))
        return best

    def _least_wilds(self, decided: dict[int, tuple[int, ...]], relaxed: bool) -> int | None:
        free = self.open_designations(decided) if relaxed else 0
        least = None
        for (w2, _x2, d, _f), _value in self._combined(self.components(decided, relaxed)).items():
            if self.add[d][free] != self.full:
                continue
            need = (w2 + 1) // 2
            if least is None or need < least:
                least = need
        return least
