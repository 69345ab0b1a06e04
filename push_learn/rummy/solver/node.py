"""What a node of the exact search is worth: its independent parts and the best combination of them.

A node decides, at some of the ranks with a set question, how many naturals of each suit go to sets; the open
ranks are *relaxed* (each natural may join a set at a lower-bound price) when the node is bounded. Its parts are
each suit's Pareto map (the best over every way to set aside aces as low, from the suit's segments swept by
``suits.py``) and one map for the decided ranks with the fixed table sets and the extras; ``_evaluate`` finds the
best combination of one entry per part that beats a floor, or says none does.

Within one search a segment of a suit met again (the same place, counts and prices, at another node) is the
same ``SuitProblem`` object, built once, and its map is kept with the slack it was swept for (``_solve``);
a node's suit maps are found by what the node sends to sets at the suit's open ranks (``_suit_choice``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from push_learn.rummy.solver.encoding import ACE_LOW, ACE_POS, Ctx, HandCounts, TableRunInfo
from push_learn.rummy.solver.entries import Entries, Key, above, join_into, pareto, suffix_bounds
from push_learn.rummy.solver.ranks import RankOption, SetArrangement
from push_learn.rummy.solver.suits import OPEN, SuitProblem, segments, solve_suit

if TYPE_CHECKING:
    from push_learn.rummy.solver.search import Setup

__all__ = ["NodeValues", "SweptMaps"]


class SweptMaps:
    """Maps memoised for one search, each with the slack it was swept for: it serves that slack or a smaller one.

    Maps and slacks are kept in two tables, not as pairs: a pair holding a map is a container the garbage collector
    tracks to the end, and a search's working set reaches the oldest generation while it runs, bringing full
    collections nearer (D-SOL-57).
    """

    __slots__ = ("maps", "slacks")

    def __init__(self) -> None:
        self.maps: dict[object, Entries] = {}
        self.slacks: dict[object, int] = {}

    def get(self, key: object, slack: int) -> Entries | None:
        """The map kept for ``key`` if it was swept for ``slack`` or a larger one, else None."""
        found = self.maps.get(key)
        return found if found is not None and self.slacks[key] >= slack else None

    def put(self, key: object, entries: Entries, slack: int) -> Entries:
        """Keep ``entries``, swept for ``slack``, for ``key``; return them."""
        self.maps[key] = entries
        self.slacks[key] = slack
        return entries


class NodeValues:
    """The parts of a node and their best combination, memoised for one search (the base of ``search.Search``,
    whose set-up gives the attributes declared here)."""

    setup: Setup
    ctx: Ctx
    hand: HandCounts
    roomy: bool
    absorber: bool
    W: int
    wild_value: int
    add: tuple[tuple[int, ...], ...]
    ge: tuple[tuple[bool, ...], ...]
    full: int
    k2: int
    wcap2: int
    single_set: bool
    split: int
    suit_runs: list[tuple[TableRunInfo, ...]]
    suit_branch: list[tuple[int, ...]]
    disc: list[tuple[bool, ...]]
    prices: dict[int, tuple[tuple[int, ...] | None, ...]]
    options: dict[int, tuple[RankOption, ...]]
    fixed: list[tuple[int, Entries, dict[Key, SetArrangement]]]
    extra_parts: list[tuple[Entries, dict[Key, list[tuple[str, int]]]]]

    def __init__(self) -> None:
        self._suit_cache = SweptMaps()
        self._projected: dict[int, tuple[Entries, Entries]] = {}
        self._problems: dict[tuple, tuple[SuitProblem, ...]] = {}
        self._segments: dict[tuple, SuitProblem] = {}
        self._solved = SweptMaps()
        self._suit_final = SweptMaps()
        self._rest_cache: dict[tuple, Entries] = {}

    # ---- components of a node ----------------------------------------------------------------
    def segment_problems(
        self, s: int, decided: dict[int, tuple[int, ...]], relaxed: bool, low_aces: int
    ) -> tuple[SuitProblem, ...]:
        """The independent segments of suit ``s`` at a node, with ``low_aces`` aces set aside as low."""
        signature = (s, relaxed, low_aces, self._suit_choice(s, decided))
        cached = self._problems.get(signature)
        if cached is None:
            cached = self._build_problems(s, decided, relaxed, low_aces)
            self._problems[signature] = cached
        return cached

    def _suit_choice(self, s: int, decided: dict[int, tuple[int, ...]]) -> tuple[int, ...]:
        """What ``decided`` sends to sets of suit ``s`` at each open rank where it has naturals (-1: undecided)."""
        return tuple([decided[r][s] if r in decided else -1 for r in self.suit_branch[s]])

    def _build_problems(
        self, s: int, decided: dict[int, tuple[int, ...]], relaxed: bool, low_aces: int
    ) -> tuple[SuitProblem, ...]:
        """The segments of suit ``s`` at a node; a segment met before in this search (the same place, counts
        and prices) is the same ``SuitProblem`` object, so its map is found by ``_solve`` without a sweep."""
        counts = list(self.hand.counts[s])
        phi: list[tuple[int, ...] | None] = [None] * 15
        for r in self.suit_branch[s]:  # the open ranks where the suit has no natural change nothing here
            x = decided.get(r)
            if x is not None:
                counts[r] -= x[s]
            elif relaxed:
                phi[r] = self.prices[r][s]
        counts[ACE_LOW] = low_aces
        counts[ACE_POS] -= low_aces
        out = []
        known = self._segments
        for a, b in segments(tuple(counts), self.suit_runs[s], self.ctx.low, self.split):
            here = tuple(counts[a : b + 1])
            prices = tuple(phi[a : b + 1])
            key = (s, a, b, here, prices)
            problem = known.get(key)
            if problem is None:
                problem = known[key] = self._segment(s, a, b, here, prices)
            out.append(problem)
        return tuple(out)

    def _segment(
        self, s: int, a: int, b: int, counts: tuple[int, ...], phi: tuple[tuple[int, ...] | None, ...]
    ) -> SuitProblem:
        """The problem of suit ``s``'s positions ``a..b`` holding ``counts`` naturals priced ``phi``."""
        after = 14 - b
        ctx, setup = self.ctx, self.setup
        return SuitProblem(
            ctx, a, b,
            (0,) * a + counts + (0,) * after,
            (None,) * a + phi + (None,) * after,
            (False,) * a + self.disc[s][a : b + 1] + (False,) * after,
            self.single_set,
            tuple(run for run in self.suit_runs[s] if a <= run.a and run.b <= b),
            setup.layoff, setup.rescue, self.wcap2,
        )

    def _solve(self, problem: SuitProblem, pivot: int | None, slack: int) -> Entries:
        """``solve_suit``, remembered for this search: the same segment comes back at many nodes."""
        entries = self._solved.get(problem, slack)
        if entries is None:
            entries = self._solved.put(problem, solve_suit(problem, pivot, slack), slack)
        return entries

    def ace_splits(self, s: int, decided: dict[int, tuple[int, ...]]) -> range:
        """How many of suit ``s``'s free aces may be set aside as low (0 only, where aces are high only)."""
        aces = self.hand.counts[s][ACE_POS]
        x = decided.get(ACE_POS)
        if x is not None:
            aces -= x[s]
        return range(aces + 1) if self.ctx.low == ACE_LOW else range(1)

    def segments_entries(
        self, problems: tuple[SuitProblem, ...], pivot: int | None = None, slack: int = OPEN
    ) -> Entries:
        """The combined Pareto map of a suit's segments, at least its entries that leave less than ``slack``
        in hand (memoised by the segments, with the slack)."""
        cached = self._suit_cache.get(problems, slack)
        if cached is not None:
            return cached
        out: Entries = {(0, 0, 0, 0): 0}
        weight = 0
        for number, problem in enumerate(problems):
            solved = self._solve(problem, pivot, slack)
            # The first segment's map is the suit's so far as it is: a Pareto map, in ``pareto``'s order, within
            # the wild cap (pairing it with the empty entry copied it).
            out = self._combine(out, solved) if number else solved
            weight += problem.weight
            out = above(out, weight - slack, ordered=True)
        return self._suit_cache.put(problems, out, slack)

    def suit_entries(
        self, s: int, decided: dict[int, tuple[int, ...]], relaxed: bool, pivot: int | None = None, slack: int = OPEN
    ) -> Entries:
        """The suit's Pareto map, the best over every way to set aside aces as low; entries that leave
        ``slack`` or more in hand may be missing.

        ``pivot``: where the sweep is split (``search.child_pivot`` chooses it for the search's nodes).
        """
        signature = (s, relaxed, self._suit_choice(s, decided))
        cached = self._suit_final.get(signature, slack)
        if cached is not None:
            return cached
        splits = self.ace_splits(s, decided)
        if len(splits) == 1:
            single = self.segments_entries(self.segment_problems(s, decided, relaxed, 0), pivot, slack)
            return self._suit_final.put(signature, single, slack)
        out: Entries = {}
        for low in splits:
            problems = self.segment_problems(s, decided, relaxed, low)
            for key, value in self.segments_entries(problems, pivot, slack).items():
                if out.get(key, -1) < value:
                    out[key] = value
        return self._suit_final.put(signature, pareto(out, self.ge, self.k2, self.ctx.strict_discard), slack)

    def components(
        self, decided: dict[int, tuple[int, ...]], relaxed: bool, pivot: int | None = None, slack: int = OPEN
    ) -> list[Entries]:
        """Every independent part of a node: the suits, and the decided ranks, fixed table sets and extras
        combined into one part. Suit entries that leave ``slack`` or more in hand may be missing (no plan
        that beats the search's best can use them)."""
        parts = []
        for s in range(4):  # a loop, not a comprehension: its closure's cells would live as long as the sweeps run
            parts.append(self.suit_entries(s, decided, relaxed, pivot, slack))
        parts.append(self.decided_part(tuple(decided.items())))
        return parts

    def decided_part(self, decided: tuple[tuple[int, tuple[int, ...]], ...]) -> Entries:
        """The decided ranks (in the order they were decided), fixed table sets and extras, combined; each
        node adds its rank to its parent's combination (memoised)."""
        cached = self._rest_cache.get(decided)
        if cached is None:
            if decided:
                r, x = decided[-1]
                option = next(o[1] for o in self.options[r] if o[0] == x)
                cached = self._combine(self.decided_part(decided[:-1]), option)
            else:
                cached = self._combined(
                    [entries for _, entries, _ in self.fixed] + [entries for entries, _ in self.extra_parts]
                )
            self._rest_cache[decided] = cached
        return cached

    def _combined(self, parts: list[Entries]) -> Entries:
        out: Entries = {(0, 0, 0, 0): 0}
        for part in sorted(parts, key=len):
            out = self._combine(out, part)
            if not out:
                return out
        return out

    def _combine(self, a: Entries, b: Entries) -> Entries:
        """``entries.combine`` with this search's tables (which that function looks up by the context)."""
        out: Entries = {}
        join_into(out, a.items(), b.items(), self.add, self.k2, self.wcap2)
        return pareto(out, self.ge, self.k2, self.ctx.strict_discard)

    def _project(self, part: Entries) -> Entries:
        """A part without its spare-room coordinate (bounds count every wild as placed anyway)."""
        if self.ctx.k == 0:
            return part
        cached = self._projected.get(id(part))
        if cached is not None and cached[0] is part:
            return cached[1]
        out: Entries = {}
        for (w, _x, d, f), value in part.items():
            key = (w, 0, d, f)
            if out.get(key, -1) < value:
                out[key] = value
        out = pareto(out, self.ge, self.k2, self.ctx.strict_discard)
        self._projected[id(part)] = (part, out)
        return out

    def _evaluate(self, parts: list[Entries], relaxed: bool, floor: int, free: int = 0) -> int:
        """The best objective over every combination of one entry per part, if it beats ``floor``; else -1.

        Exact mode scores a combination with ``final_value``; relaxed mode counts every wild as placed
        and lets ``free`` designations stand in for the sets of open ranks. A partial combination is
        dropped as soon as even the best of the remaining parts and every wild placed cannot beat
        ``floor``.

        Every part is a Pareto map in ``pareto``'s order, best value first (so is ``current`` after each
        step), so a loop over a part stops at the first entry too weak to beat ``floor`` (or ``best``).
        """
        if relaxed:
            parts = [self._project(part) for part in parts]
        parts = sorted(parts, key=len)
        if not parts[0]:
            return -1
        count = len(parts)
        top, least = suffix_bounds(parts, ordered=True)  # the most the parts from i on give, the fewest wilds they need
        wilds2 = 2 * self.W
        bonus = self.wild_value * self.W
        add, k2 = self.add, self.k2
        # The first part alone: its entries that can still beat ``floor`` (a subset of a Pareto map is one).
        need = floor - bonus - top[1]
        wmax = wilds2 - least[1]
        current: Entries = {key: value for key, value in parts[0].items() if value > need and key[0] <= wmax}
        if not current:
            return -1
        for i in range(1, count - 1):
            part = parts[i]
            need = floor - bonus - top[i + 1]
            wmax = wilds2 - least[i + 1]
            nxt: Entries = {}
            keep = nxt.setdefault
            rest = top[i] - top[i + 1]
            for (wa, xa, da, fa), va in current.items():
                if va + rest <= need:
                    break  # and so for every later entry of ``current``, which are worth no more
                adda = add[da]
                room = wmax - wa
                for (wb, xb, db, fb), vb in part.items():
                    value = va + vb
                    if value <= need:
                        break  # the part's later entries are worth no more
                    if wb > room or fa + fb > 1:
                        continue
                    x = xa + xb
                    key = (wa + wb, x if x < k2 else k2, adda[db], fa + fb)
                    if keep(key, value) < value:
                        nxt[key] = value
            if not nxt:
                return -1
            current = pareto(nxt, self.ge, k2, self.ctx.strict_discard)
        best = floor
        full, must = self.full, self.setup.must_discard
        last_part = parts[-1]
        for (wa, xa, da, fa), va in current.items():
            if va + top[count - 1] + bonus <= best:
                break
            adda = add[da]
            for (wb, xb, db, fb), vb in last_part.items():
                if va + vb + bonus <= best:
                    break  # no later pairing can beat ``best``: every wild placed is the most it can add
                w = wa + wb
                f = fa + fb
                if w > wilds2 or f > 1 or (must and not f):
                    continue
                d = adda[db]
                if relaxed:
                    if add[d][free] != full:
                        continue
                    total = va + vb + bonus
                else:
                    if d != full or w % 2:
                        continue
                    total = va + vb + self.wild_value * self.wilds_placed(w, min(k2, xa + xb))
                if total > best:
                    best = total
        return best if best > floor else -1

    # ---- values ------------------------------------------------------------------------------
    def final_value(self, key: Key, value: int) -> int | None:
        """Points out of the hand for a complete entry, or ``None`` when it is not a legal plan."""
        w2, x2, d, f = key
        if d != self.full or w2 > 2 * self.W or w2 % 2:
            return None
        if self.setup.must_discard and not f:
            return None
        return value + self.wild_value * self.wilds_placed(w2, x2)

    def wilds_placed(self, w2: int, x2: int) -> int:
        """Wilds leaving the hand: those the plan needs, plus the leftovers that spare room absorbs
        (all of them in roomy mode, which ``layout.room_ok`` checks afterwards)."""
        if self.roomy:
            return self.W
        need = w2 // 2
        left = self.W - need
        if (self.absorber and left >= 3) or x2 >= 2 * left:
            return self.W
        return need + x2 // 2
