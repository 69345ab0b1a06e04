"""Reading a plan back from the search: which entry of every part makes the optimum, and each suit's runs.

``Tracer`` works on a finished ``Search``: ``rebuild`` turns the chosen set decisions into a
``SearchResult`` (the entry of each part by ``argmax``, then each suit traced segment by segment).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from push_learn.rummy.solver.encoding import Ctx
from push_learn.rummy.solver.entries import Entries, Key, pareto, suffix_bounds
from push_learn.rummy.solver.ranks import SetArrangement
from push_learn.rummy.solver.suits import SuitPlan, SuitProblem, merge_plans, solve_suit, trace_suit

if TYPE_CHECKING:
    from push_learn.rummy.solver.search import Search

__all__ = ["Tracer", "one_run_readings"]


@dataclass
class SearchResult:
    """The best plan found: its value, the per-part decisions, and the statistics of the search."""

    feasible: bool
    value: int
    """What the plan takes out of the hand, as the search weighs it (penalty points by default)."""
    left: int
    """What stays in hand after the plan (and its discard), weighed the same way."""
    suit_plans: list[SuitPlan] = field(default_factory=list)
    low_aces: list[int] = field(default_factory=list)
    sets: list[tuple[int, SetArrangement]] = field(default_factory=list)
    """(rank position, arrangement) for every rank with sets, lay-offs or rescues."""
    all_wild: list[tuple[str, int]] = field(default_factory=list)
    """Contract melds made of wilds only: (kind, length)."""
    discard_wild: bool = False
    wilds_used: int = 0
    """Wilds leaving the hand (net of rescues), including any absorbed as spare."""
    spare: int = 0
    """Wilds beyond the plan's needs that go into spare room or all-wild melds."""
    nodes: int = 0
    keys: list[Key] = field(default_factory=list)
    """The entry of each part the plan is read from (the suits first, as ``Tracer.argmax`` chose them)."""


class Tracer:
    """Plans out of a ``Search``'s Pareto maps (the search's own tables and memos are used, not copied)."""

    def __init__(self, search: Search) -> None:
        self.search = search
        self.slack = search.slack_above(search.incumbent - 1)
        """Every part of the best plan leaves less than this in hand (so the maps the search kept suffice)."""
        self._suit_parts: dict[tuple, tuple[list[Entries], list[dict[Key, int]]]] = {}

    def suit_parts(
        self, decided: dict[int, tuple[int, ...]]
    ) -> tuple[list[Entries], list[dict[Key, int]]]:
        """Each suit's map at a node, and for each of its entries how many aces were set aside as low (worked out
        once per node: a plan may be read back from the same node several times, ``rebuild_without``)."""
        node = tuple(decided.items())
        known = self._suit_parts.get(node)
        if known is None:
            known = self._suit_parts[node] = self._merged_suit_parts(decided)
        return known

    def _merged_suit_parts(
        self, decided: dict[int, tuple[int, ...]]
    ) -> tuple[list[Entries], list[dict[Key, int]]]:
        """``suit_parts``, worked out: each suit's ways of setting aces low merged into one map."""
        search = self.search
        suit_parts: list[Entries] = []
        splits: list[dict[Key, int]] = []
        for s in range(4):
            merged: Entries = {}
            origin: dict[Key, int] = {}
            for low in search.ace_splits(s, decided):
                problems = search.segment_problems(s, decided, False, low)
                for key, value in search.segments_entries(problems, None, self.slack).items():
                    if merged.get(key, -1) < value:
                        merged[key] = value
                        origin[key] = low
            splits.append(origin)
            suit_parts.append(merged)
        return suit_parts, splits

    def trace_suits(
        self, decided: dict[int, tuple[int, ...]], suit_parts: list[Entries],
        splits: list[dict[Key, int]], keys: list[Key],
    ) -> list[tuple[int, SuitPlan]]:
        """(low aces, plan) of each suit for the chosen entry ``keys[s]`` of its map."""
        out = []
        for s in range(4):
            low = splits[s][keys[s]]
            problems = self.search.segment_problems(s, decided, False, low)
            keys_in = self.split_goal(problems, (keys[s], suit_parts[s][keys[s]]))
            plans = [trace_suit(problem, key, self.slack)[1] for problem, key in zip(problems, keys_in, strict=True)]
            out.append((low, merge_plans(plans)))
        return out

    def rebuild(self, decided: dict[int, tuple[int, ...]]) -> SearchResult:
        """Find which entry of each part gives the optimum, then trace each part."""
        result = self._rebuild(decided, spread=False)
        assert result is not None, "a finished search's best choice has a plan"
        return result

    def rebuild_spread(self, decided: dict[int, tuple[int, ...]]) -> SearchResult | None:
        """``rebuild`` with only the plans that lay at most one contract run in each suit, read from the maps of a
        search that let contract runs of a suit overlap (``one_run_readings``): such a plan keeps the overlap rule
        (A-R1-08) however its runs lie. None when no such plan reaches the search's best."""
        return self._rebuild(decided, spread=True)

    def rebuild_without(self, decided: dict[int, tuple[int, ...]], left_out: list[set[Key]]) -> SearchResult | None:
        """``rebuild`` with the entries ``left_out[s]`` of each suit ``s``'s map set aside: another plan of the same
        choice that reaches the search's best, or None when none does."""
        return self._rebuild(decided, spread=False, left_out=left_out)

    def _rebuild(
        self, decided: dict[int, tuple[int, ...]], spread: bool, left_out: list[set[Key]] | None = None
    ) -> SearchResult | None:
        """``rebuild`` or, with ``spread``, ``rebuild_spread``; with ``left_out``, ``rebuild_without``."""
        suit_parts, splits = self.suit_parts(decided)
        if left_out is not None:
            suit_parts = [
                {key: value for key, value in part.items() if key not in keys} if keys else part
                for part, keys in zip(suit_parts, left_out, strict=True)
            ]
        origins = [self.one_run_part(part) for part in suit_parts] if spread else []
        rank_parts: list[tuple[int, Entries, dict[Key, SetArrangement]]] = []
        for r, x in decided.items():
            option = next(o for o in self.search.options[r] if o[0] == x)
            rank_parts.append((r, option[1], option[2]))
        rank_parts += self.search.fixed
        read = [part for part, _ in origins] if spread else suit_parts
        parts = read + [entries for _, entries, _ in rank_parts] + [e for e, _ in self.search.extra_parts]
        choice = self.argmax(parts, target=self.search.incumbent)
        if (spread or left_out is not None) and (choice is None or choice[2] < self.search.incumbent):
            return None
        choice = choice or self.argmax(parts)
        if choice is None:
            return None
        keys, total_key, total_value = choice
        result = SearchResult(True, total_value, self.search.total - total_value, nodes=self.search.nodes, keys=keys)
        result.wilds_used = self.search.wilds_placed(total_key[0], total_key[1])
        result.spare = result.wilds_used - total_key[0] // 2
        suit_keys = [origin[key] for (_, origin), key in zip(origins, keys, strict=False)] if spread else keys[:4]
        for s, (low, plan) in enumerate(self.trace_suits(decided, suit_parts, splits, suit_keys)):
            if spread:
                self.designate_as(plan, keys[s][2])
            result.suit_plans.append(plan)
            result.low_aces.append(low)
        for (r, _, arrangements), key in zip(rank_parts, keys[4:], strict=False):
            result.sets.append((r, arrangements[key]))
        for (_, how), key in zip(self.search.extra_parts, keys[4 + len(rank_parts) :], strict=True):
            if how:
                result.all_wild += how[key]
            elif key == (2, 0, 0, 1):
                result.discard_wild = True
        return result

    def one_run_part(self, part: Entries) -> tuple[Entries, dict[Key, Key]]:
        """A suit's map read with at most one contract run (``one_run_readings``), and the entry each comes from."""
        readings = one_run_readings(self.search.ctx)
        read: Entries = {}
        origin: dict[Key, Key] = {}
        for key, value in part.items():
            w, x, d, f = key
            for reading in readings[d]:
                new = (w, x, reading, f)
                if read.get(new, -1) < value:
                    read[new] = value
                    origin[new] = key
        return read, origin

    def designate_as(self, plan: SuitPlan, d: int) -> None:
        """Let only the contract runs that ``d`` counts fill the contract; the others go down as extra melds."""
        ctx = self.search.ctx
        # per run type, in ``Ctx.run_types``' order (a traced run's ``part``)
        left = [n for kind, n in zip(ctx.kinds, ctx.unpack(d), strict=True) if kind == "run"]
        for run in plan.runs:
            if run.part is not None:
                if left[run.part]:
                    left[run.part] -= 1
                else:
                    run.part = None

    def split_goal(self, problems: tuple[SuitProblem, ...], goal: tuple[Key, int]) -> list[Key]:
        """The entry of each segment whose combination is exactly ``goal`` (key and value)."""
        k2 = 2 * self.search.ctx.k
        start: Key = (0, 0, 0, 0)
        layers: list[dict[Key, tuple[int, Key, Key]]] = []
        current: dict[Key, int] = {start: 0}
        for problem in problems:
            nxt: dict[Key, tuple[int, Key, Key]] = {}
            for (wa, xa, da, fa), va in current.items():
                for (wb, xb, db, fb), vb in solve_suit(problem, None, self.slack).items():
                    if fa + fb > 1:
                        continue
                    key = (wa + wb, min(k2, xa + xb), self.search.add[da][db], fa + fb)
                    if key not in nxt or nxt[key][0] < va + vb:
                        nxt[key] = (va + vb, (wa, xa, da, fa), (wb, xb, db, fb))
            layers.append(nxt)
            current = {key: item[0] for key, item in nxt.items()}
        key = goal[0]
        assert current.get(key) == goal[1], "the goal entry must come from these segments"
        keys: list[Key] = []
        for layer in reversed(layers):
            _, prev, own = layer[key]
            keys.append(own)
            key = prev
        keys.reverse()
        return keys

    def argmax(self, parts: list[Entries], target: int = -1) -> tuple[list[Key], Key, int] | None:
        """The entry of each part whose combination is the best complete plan (by ``Search.final_value``).

        ``target``: a score the best combination is known to reach; partial combinations that cannot
        reach it (even with the best of the remaining parts and every wild placed) are dropped early.
        """
        score = self.search.final_value
        layers: list[dict[Key, tuple[int, Key, Key]]] = []
        start: Key = (0, 0, 0, 0)
        current: dict[Key, tuple[int, Key, Key]] = {start: (0, start, start)}
        k2 = 2 * self.search.ctx.k
        strict = self.search.ctx.strict_discard
        top, least = suffix_bounds(parts)
        wilds2 = 2 * self.search.W
        for i, part in enumerate(parts):
            need = target - self.search.wild_value * self.search.W - top[i + 1]
            wmax = min(self.search.wcap2, wilds2 - least[i + 1])
            nxt: dict[Key, tuple[int, Key, Key]] = {}
            for (wa, xa, da, fa), (va, _, _) in current.items():
                adda = self.search.add[da]
                for (wb, xb, db, fb), vb in part.items():
                    f = fa + fb
                    w = wa + wb
                    value = va + vb
                    if f > 1 or w > wmax or value < need:
                        continue
                    key = (w, min(k2, xa + xb), adda[db], f)
                    if key not in nxt or nxt[key][0] < value:
                        nxt[key] = (value, (wa, xa, da, fa), (wb, xb, db, fb))
            kept = pareto({key: item[0] for key, item in nxt.items()}, self.search.ge, k2, strict)
            layer = {key: nxt[key] for key in kept}
            layers.append(layer)
            current = dict(layer)
        best: tuple[int, Key] | None = None
        for key, (value, _, _) in current.items():
            total = score(key, value)
            if total is not None and (best is None or total > best[0]):
                best = (total, key)
        if best is None:
            return None
        keys: list[Key] = []
        key = best[1]
        for layer in reversed(layers):
            _, prev, own = layer[key]
            keys.append(own)
            key = prev
        keys.reverse()
        return keys, best[1], best[0]


@lru_cache(maxsize=16)
def one_run_readings(ctx: Ctx) -> tuple[tuple[int, ...], ...]:
    """For each packed designation ``d`` of one suit's entry: the designations it may be read as with at most one
    contract run, the most each (its sets, and one of its runs of each type it holds, or none when it holds none).

    A contract run counted as an extra meld instead is still a meld (it keeps its cards and extension wilds), so
    each reading is a plan of the same cards and wilds.

    >>> from push_learn.rummy import PUSH
    >>> ctx = Ctx.from_rules(PUSH, (("run", 5), ("run", 5)))
    >>> one_run_readings(ctx)
    ((0,), (1,), (1,))
    """
    out: list[tuple[int, ...]] = []
    for d in range(ctx.designation_count):
        counts = ctx.unpack(d)
        sets = sum(unit * n for kind, unit, n in zip(ctx.kinds, ctx.units, counts, strict=True) if kind == "set")
        runs = [unit for kind, unit, n in zip(ctx.kinds, ctx.units, counts, strict=True) if kind == "run" and n]
        if ctx.contract_runs(d) <= 1:
            out.append((d,))
        else:
            out.append(tuple(sets + unit for unit in runs))
    return tuple(out)
