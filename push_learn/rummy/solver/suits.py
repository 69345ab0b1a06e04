"""The runs of one suit: the segments of a suit, solved by a memoised sweep (``sweep.py``) and traced.

A suit splits into independent segments where nothing can reach across (``segments``). A segment is
solved forward and backward over its positions: forward prefixes are memoised by the data before a
*pivot* and backward suffixes by the data after it, so a problem that differs from an earlier one at
a single position (the search decides one rank at a time) re-steps only around that position. The
plan behind an entry is traced back along the memoised values (``trace_suit``).

The search asks only for the entries that leave less than a *slack* in hand (what its best plan
leaves): the sweep drops a prefix or suffix as soon as it leaves that much, and each memo value
remembers the slack it was swept with, so it serves any later question with the same or a smaller
one. Memo tables (transitions, forward prefixes, backward suffixes, solved segments) live across
questions. Their keys are flat tuples of small ints: a segment's kind, its position data and the
sweep's states are numbered once (``_numbers``, ``sweep.state_id``), so a lookup hashes a few ints
rather than nested tuples (D-SOL-24). Table runs enter a segment's kind by their shapes only (``_shapes``), so
segments of different tables share what they can (D-SOL-25). Keys and values are plain tuples of numbers,
which the garbage collector stops tracking, so big tables add little to its pauses; each table
forgets its older half a generation at a time (``memo.Memo``).

A question that names no pivot (the search's first guesses) splits a segment without table runs in the middle,
so a later segment that differs from it on either side re-steps only between the change and the middle, not
from its start; a segment with table runs (a kind of segment of one table, rarely met again) is swept from its
start (D-SOL-32). The backward sweep skips *stranded* states, where an open hand run must bridge the empty
positions ahead with wilds and may not reach the next natural, or is open where the segment ends
(``_stranded``): such a dead end was swept position by position to find nothing.

Measured for issue 27 (300 random contract questions, 30 cards with 8 wilds, seed 1, memo tables kept): the
suit layer is 58% of a contract question; a question sweeps 239 backward suffixes the tables have not seen (48
of them dead ends, 60 at the first guess's open slack), 18 forward prefixes and 29 segments, and finds 228
suffixes in the tables; its transitions are looked up 340 times and stepped 108 times; it prunes 322 buckets of
7.1 entries on average (3.8 kept) and pairs 4,240 entries in joins. A sampling profile: joins 14% of the
question, Pareto fronts 13%, memo lookups 8%, shared tuples 4%, stepping transitions 4%. The cost is spread
over many small buckets, each costing some 15 to 20 microseconds to sweep, prune and remember. The dead-end
skip cuts the suffixes swept to 194 a question but is worth only about 1%: dead ends were the cheap ones.
Tried and not kept (answers unchanged, side by side as in D-SOL-24 against the commit before, median per-hand
ratios of the contract question on seeds 1, 2, 3): skipping the Pareto front of a bucket made by a single join
with one delta entry that adds no designation (an exact shortcut: such a join only shifts an earlier front, a
third of the fronts of the backward sweep), 1.00, 1.03 and 1.01, and with the same shortcut where the answer is
a single forward state's join, 1.01, 1.02, 1.02; a slack filter fused into the front's ranking (no faster in a
micro-benchmark on 32,610 recorded buckets: 0.139 to 0.155 s against 0.139 to 0.146 s). Counted and not tried:
treating a long run as ``LUMP`` wherever it cannot reach the longest run before the segment's end (1.3% of the
suffixes swept would be shared).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import count
from typing import TypeVar

from push_learn.rummy.solver.encoding import ACE_POS, Ctx, TableRunInfo, position_weight
from push_learn.rummy.solver.entries import Entries, Key, Pairs, above, join_into, pareto, roomless_front
from push_learn.rummy.solver.memo import FreshMemo, clear_shared, shared_pairs, trim_oldest
from push_learn.rummy.solver.sweep import Move, Price, State, Sweep, clear_sweeps, state_id, sweep_of

__all__ = [
    "OPEN",
    "ClosedRun",
    "SuitPlan",
    "SuitProblem",
    "clear_suit_caches",
    "merge_plans",
    "middle_pivot",
    "segments",
    "solve_suit",
    "trace_suit",
]


@dataclass(frozen=True, eq=True, slots=True)
class SuitProblem:
    """A segment of one suit, with everything that decides its runs (hashable, so it is memoised).

    Positions ``start..end`` are swept; nothing outside them can join a run inside (see ``segments``).
    ``counts[p]``: naturals at position ``p`` (position 1 holds the aces set aside to be low);
    ``phi[p]``: lower-bound cost in half wilds of sending 0, 1, 2... naturals at ``p`` to sets, or ``None``;
    ``disc[p]``: a natural left at ``p`` may be the discard; ``single_set``: a lone natural may be a
    contract set; ``runs``: the suit's table runs; ``wcap2``: wilds (half units) worth tracking.
    """

    ctx: Ctx
    start: int
    end: int
    counts: tuple[int, ...]
    phi: tuple[Price, ...]
    disc: tuple[bool, ...]
    single_set: bool
    runs: tuple[TableRunInfo, ...]
    layoff: bool
    rescue: bool
    wcap2: int
    _hash: int = field(init=False, repr=False, compare=False, default=0)
    cumulative: tuple[int, ...] = field(init=False, repr=False, compare=False, default=())
    """``cumulative[i]``: what the naturals at the segment's first ``i`` positions are worth to the search."""
    numbers: tuple[int, tuple[int, ...], tuple[TableRunInfo, ...]] | tuple[()] = field(
        init=False, repr=False, compare=False, default=()
    )
    """The kind number and per-position data numbers the memo keys are made of, and the table runs' shapes
    (set by the first solve)."""

    def __post_init__(self) -> None:
        worth = [0]
        for p in range(self.start, self.end + 1):
            worth.append(worth[-1] + self.counts[p] * position_weight(p, self.ctx.by_cards))
        object.__setattr__(self, "cumulative", tuple(worth))
        object.__setattr__(
            self,
            "_hash",
            hash(
                (self.ctx, self.start, self.end, self.counts, self.phi, self.disc, self.single_set, self.runs,
                 self.layoff, self.rescue, self.wcap2)
            ),
        )

    def __hash__(self) -> int:
        return self._hash

    @property
    def weight(self) -> int:
        """What all the segment's naturals are worth (an entry's value leaves the rest in hand)."""
        return self.cumulative[-1]


@dataclass
class ClosedRun:
    """A run found by the trace: ``cells`` are (position, natural?) from its first to its last natural.

    ``ext`` extension wilds go beyond the ends (``trail`` of them above the last natural when a
    contract run must keep clear of another); ``part`` is the contract type it fills, or ``None``.
    """

    cells: list[tuple[int, bool]]
    ext: int = 0
    trail: int = 0
    part: int | None = None


@dataclass
class SuitPlan:
    """What the trace decided for one suit: hand runs, lay-offs on table runs, and the single naturals."""

    runs: list[ClosedRun]
    left: dict[int, list[tuple[int, bool]]]
    """Table meld index (place in the table) -> cells laid off below its low end (position, natural?)."""
    right: dict[int, list[tuple[int, bool]]]
    """Table meld index -> cells laid off above its high end."""
    rescues: list[int]
    """Positions of naturals that rescue a table wild standing for them."""
    discard: int | None
    singles: list[int]
    """Positions of naturals laid down as a contract set with two wilds."""


def segments(counts: tuple[int, ...], runs: tuple[TableRunInfo, ...], low: int, split: int) -> list[tuple[int, int]]:
    """Independent stretches (first, last position) of a suit: naturals or table runs with fewer than
    ``split`` empty positions between them. No run, lay-off or contract spacing reaches across a
    longer empty stretch, so the stretches can be solved apart."""
    occupied = [p for p in range(low, ACE_POS + 1) if counts[p]]
    for run in runs:
        occupied += range(run.a, run.b + 1)
    occupied = sorted(set(occupied))
    out: list[tuple[int, int]] = []
    for p in occupied:
        if out and p - out[-1][1] - 1 < split:
            out[-1] = (out[-1][0], p)
        else:
            out.append((p, p))
    return out


def merge_plans(plans: list[SuitPlan]) -> SuitPlan:
    """One suit's plan from the plans of its segments."""
    out = SuitPlan([], {}, {}, [], None, [])
    for plan in plans:
        out.runs += plan.runs
        out.left.update(plan.left)
        out.right.update(plan.right)
        out.rescues += plan.rescues
        out.singles += plan.singles
        if plan.discard is not None:
            out.discard = plan.discard
    return out


def _positions(prob: SuitProblem) -> range:
    return range(prob.start, prob.end + 1)


def _sweep_for(prob: SuitProblem) -> Sweep:
    return sweep_of(prob.ctx, prob.single_set, prob.layoff, prob.rescue, _numbers(prob)[2])


_Shape = TypeVar("_Shape", TableRunInfo, tuple[TableRunInfo, ...])


def _shapes(runs: tuple[TableRunInfo, ...]) -> tuple[TableRunInfo, ...]:
    """The table runs as the sweep sees them: ends, room and the positions of rescuable wilds, in the same
    order (a run's place on the table, its suit and where its wilds sit among its cards do not change a
    transition). Segments of different tables whose runs have the same shapes share their sweep and memo
    entries: the best turn asks about a new table each time."""
    return _one_copy(
        tuple(
            _one_copy(TableRunInfo(0, 0, run.a, run.b, run.room, tuple(sorted((p, 0) for p, _ in run.wilds))))
            for run in runs
        )
    )


_SHAPES: dict = {}
"""The one copy of each table run's shape, and of each tuple of them: sweeps and segment kinds keep them alive, and
every object kept is one more the garbage collector walks at each full collection (a benchmark run of 1,000 full
turns kept 2,400 runs' shapes, of 150 different ones)."""


def _one_copy(shape: _Shape) -> _Shape:
    """The copy of ``shape`` that ``_SHAPES`` keeps (this one, if it keeps none yet)."""
    kept = _SHAPES.get(shape)
    if kept is None:
        trim_oldest(_SHAPES, 2 * _FAMILY_LIMIT)
        kept = _SHAPES[shape] = shape
    return kept


PairTuple = tuple[tuple[Key, int], ...]
_CACHE_LIMIT = 100_000
"""Entries a segment memo keeps at most (the older half is forgotten a generation at a time)."""
_FORWARD = FreshMemo(_CACHE_LIMIT)
_BACKWARD = FreshMemo(_CACHE_LIMIT)
"""Memo keys are flat tuples of small ints (the segment's kind, where it starts or ends, a state's number and
the numbers of the positions' data), hashed fast; memo values are flat tuples of shared parts: the garbage
collector stops tracking both the first time it sees them (``memo.shared``), and the tables wait for that before
taking them (``FreshMemo``), so their dicts stay untracked too and full collections do not walk them (D-SOL-28).
A backward value is ``(slack, pairs...)``."""
_FAMILIES: dict[tuple, int] = {}
"""Each kind of segment (rules, table runs, wild cap) as a small number, so memo keys hold plain ints."""
_FAMILY_LIMIT = 2_000
"""Kinds of segment numbered at once (most are a table's runs; a number is never given twice, so memo
entries of a forgotten kind are simply never found again)."""
_DATA: dict[tuple[int, Price, bool], int] = {}
"""Each position's data (naturals, set price, discard allowed) as a small number, likewise."""
_DATA_LIMIT = 4_000
_NUMBERS = count()
_LAZY = 3
"""Buckets this small are kept as they are: pruning them costs more than carrying a dominated entry."""
OPEN = 1 << 30
"""A slack that keeps every entry."""
_START: State = ((), 0)
_ZERO_PAIRS: PairTuple = (((0, 0, 0, 0), 0),)


def _numbers(prob: SuitProblem) -> tuple[int, tuple[int, ...], tuple[TableRunInfo, ...]]:
    """The problem's kind number, the numbers of its positions' data and its table runs' shapes (``_shapes``),
    worked out once per problem."""
    numbers = prob.numbers
    if not numbers:
        data = []
        for p in _positions(prob):
            item = (prob.counts[p], prob.phi[p], prob.disc[p])
            number = _DATA.get(item)
            if number is None:
                trim_oldest(_DATA, _DATA_LIMIT)
                number = _DATA[item] = next(_NUMBERS)
            data.append(number)
        shapes = _shapes(prob.runs) if prob.runs else ()
        numbers = (_family(prob, shapes), tuple(data), shapes)
        object.__setattr__(prob, "numbers", numbers)
    return numbers


def _family(prob: SuitProblem, shapes: tuple[TableRunInfo, ...]) -> int:
    """The number of the problem's kind of segment: everything but where it lies and its per-position data
    (its table runs by their shapes).

    Forward prefixes are keyed by the segment's start and backward suffixes by its end, so segments that
    begin (or end) at the same place share them whatever lies at their other end."""
    family = (prob.ctx, prob.single_set, prob.layoff, prob.rescue, shapes, prob.wcap2)
    number = _FAMILIES.get(family)
    if number is None:
        trim_oldest(_FAMILIES, _FAMILY_LIMIT)
        number = _FAMILIES[family] = next(_NUMBERS)
    return number


def _kept(bucket: Entries, prob: SuitProblem, sweep: Sweep, least: int) -> PairTuple:
    """A bucket's entries worth more than ``least`` as shared pairs: Pareto-pruned, unless few enough to keep
    as they are. Without spare room to track (contract questions) the front is taken from the pairs as they
    are, with no dicts in between."""
    k2, strict = 2 * prob.ctx.k, prob.ctx.strict_discard
    if k2 or strict:
        bucket = above(bucket, least)
        if len(bucket) > _LAZY:
            bucket = pareto(bucket, sweep.ge, k2, strict)
        return shared_pairs(bucket.items())
    pairs: Pairs = bucket.items() if least < 0 else [pair for pair in bucket.items() if pair[1] > least]
    if len(pairs) > _LAZY:
        pairs = roomless_front(pairs, sweep.ge)
    return shared_pairs(pairs)


Forward = tuple[tuple[State, int, PairTuple], ...]
"""Forward states after a prefix: (state, its number, entries as pairs)."""


def _forward(prob: SuitProblem, sweep: Sweep, fam: int, data: tuple[int, ...], q: int, slack: int) -> Forward:
    """The states after positions ``start..q`` with their entries that leave less than ``slack`` in hand
    (memoised by the data of that prefix, with the slack they were filtered by)."""
    if q < prob.start:
        return ((_START, state_id(_START), _ZERO_PAIRS),)
    key = (fam, prob.start, q == prob.end, *data[: q - prob.start + 1])
    cached = _FORWARD.get(key)
    if cached is not None and cached[0] >= slack:
        return _unflat(cached)
    states = _forward(prob, sweep, fam, data, q - 1, slack)
    n, phi, disc, did = prob.counts[q], prob.phi[q], prob.disc[q], data[q - prob.start]
    add, k2, wcap2, last = sweep.add, 2 * prob.ctx.k, prob.wcap2, q == prob.end
    nxt: dict[int, tuple[State, Entries]] = {}
    for state, sid, pairs in states:
        for target, tid, delta in sweep.moves(state, sid, q, n, phi, disc, last, did):
            found = nxt.get(tid)
            if found is None:
                found = nxt[tid] = (target, {})
            join_into(found[1], pairs, delta, add, k2, wcap2)
    least = prob.cumulative[q - prob.start + 1] - slack
    out = tuple(
        (state, tid, kept) for tid, (state, bucket) in nxt.items() if (kept := _kept(bucket, prob, sweep, least))
    )
    flat: list = [slack]
    for state, tid, kept in out:
        flat += (state, tid, len(kept), *kept)
    _FORWARD[key] = tuple(flat)
    return out


def _unflat(flat: tuple) -> Forward:
    """Forward states from a memo value ``(slack, state, number, count, pairs..., state, ...)``: a flat tuple
    of shared parts (see ``memo.shared``)."""
    out = []
    i, end = 1, len(flat)
    while i < end:
        count = flat[i + 2]
        out.append((flat[i], flat[i + 1], flat[i + 3 : i + 3 + count]))
        i += 3 + count
    return tuple(out)


def _backward(
    prob: SuitProblem, sweep: Sweep, fam: int, data: tuple[int, ...], q: int, state: State, sid: int, slack: int
) -> PairTuple:
    """What positions ``q+1..end`` can add to a run of the sweep in ``state`` (number ``sid``), leaving less
    than ``slack`` of theirs in hand (memoised by their data, with the slack)."""
    if q >= prob.end:
        return _ZERO_PAIRS if not state[0] else ()
    key = (fam, prob.end, sid, *data[q - prob.start + 1 :])
    cached = _BACKWARD.get(key)
    if cached is not None and cached[0] >= slack:
        return cached[1:]
    p = q + 1
    n, phi, disc, did = prob.counts[p], prob.phi[p], prob.disc[p], data[p - prob.start]
    add, k2, wcap2 = sweep.add, 2 * prob.ctx.k, prob.wcap2
    bucket: Entries = {}
    for target, tid, delta in sweep.moves(state, sid, p, n, phi, disc, p == prob.end, did):
        if _stranded(prob, sweep, target, p):
            continue
        rest = _backward(prob, sweep, fam, data, p, target, tid, slack)
        if rest:
            join_into(bucket, delta, rest, add, k2, wcap2)
    out = _kept(bucket, prob, sweep, prob.weight - prob.cumulative[p - prob.start] - slack)
    _BACKWARD[key] = (slack, *out)
    return out


def _stranded(prob: SuitProblem, sweep: Sweep, state: State, p: int) -> bool:
    """Whether a hand run open in ``state`` after ``p`` can never close, so that ``_backward`` would find
    nothing from it: the segment ends at ``p``, or the run must bridge the empty positions after ``p`` with
    wilds and may not reach the next natural (or the segment's end, where a run ending on a wild cannot
    close) that way."""
    for item in state[0]:
        if item[0] != 0:
            continue
        at = p
        while at < prob.end and not prob.counts[at + 1]:
            at += 1
            bridged = sweep.bridged(item, at)
            if bridged is None:
                return True
            item = bridged
        if at == prob.end:
            return True
    return False


_SOLVED = FreshMemo(_CACHE_LIMIT // 4)
"""Solved segments by (kind number, start, per-position data numbers): ``(slack, pairs...)``, flat (see
``memo.shared``)."""


def clear_suit_caches() -> None:
    """Forget every memoised segment result (for cold benchmarks and to free memory)."""
    _FORWARD.clear()
    _BACKWARD.clear()
    _SOLVED.clear()
    clear_shared()
    _FAMILIES.clear()
    _SHAPES.clear()
    _DATA.clear()
    clear_sweeps()


def middle_pivot(start: int, end: int) -> int:
    """Where a question with no pivot of its own splits a segment from ``start`` to ``end`` without table runs."""
    return (start + end) // 2


def solve_suit(prob: SuitProblem, pivot: int | None = None, slack: int = OPEN) -> Entries:
    """Every Pareto-best way to use a segment's naturals (entries keyed by wilds, room, designations, discard)
    that leaves less than ``slack`` (points, as the search weighs them) of the segment in hand; the search
    asks only for entries that could still beat its best plan, and every part of a better plan leaves less
    than the best plan does. The answer may hold more entries than asked for (a memo kept with a larger
    slack).

    The sweep is split at ``pivot`` (the last position of the forward half): forward states are
    memoised by the data before it and backward values by the data after it, so a problem that
    differs from an earlier one at a single position only re-steps around that position. Without a
    pivot, a segment without table runs is split in the middle and one with table runs swept from its
    start (D-SOL-32); the answer is the same wherever the split is.
    """
    fam, data, _ = _numbers(prob)
    solved_key = (fam, prob.start, *data)
    kept: tuple | None = _SOLVED.get(solved_key)
    if kept is not None and kept[0] >= slack:
        return dict(kept[1:])
    sweep = _sweep_for(prob)
    add, k2 = sweep.add, 2 * prob.ctx.k
    if pivot is None:
        pivot = middle_pivot(prob.start, prob.end) if not prob.runs else prob.start - 1
    q = min(max(pivot, prob.start - 1), prob.end)
    out: Entries = {}
    for state, sid, pairs in _forward(prob, sweep, fam, data, q, slack):
        rest = _backward(prob, sweep, fam, data, q, state, sid, slack)
        if rest:
            join_into(out, pairs, rest, add, k2, prob.wcap2)
    solved = pareto(above(out, prob.weight - slack), sweep.ge, k2, prob.ctx.strict_discard)
    _SOLVED[solved_key] = (slack, *shared_pairs(solved.items()))
    return solved


def trace_suit(prob: SuitProblem, goal: Key, slack: int = OPEN) -> tuple[int, SuitPlan]:
    """Rebuild the runs behind ``goal`` (an entry of ``solve_suit(prob, slack=slack)``): (value, plan).

    The walk goes forward from the empty state: at each position it takes a transition whose delta,
    joined with what the rest of the segment can still add (the memoised backward values), gives
    exactly the entry still owed. Only the chosen transitions are stepped again with their trace.
    """
    value = solve_suit(prob, None, slack)[goal]
    sweep = _sweep_for(prob)
    fam, data, _ = _numbers(prob)
    add, k2, wcap2 = sweep.add, 2 * prob.ctx.k, prob.wcap2
    state: State = _START
    sid = state_id(_START)
    owed: tuple[Key, int] = (goal, value)
    steps: list[tuple[int, tuple]] = []
    for p in _positions(prob):
        n, phi, disc = prob.counts[p], prob.phi[p], prob.disc[p]
        last = p == prob.end
        found = _next_step(
            sweep.moves(state, sid, p, n, phi, disc, last, data[p - prob.start]),
            prob, sweep, fam, data, slack, p, owed, add, k2, wcap2,
        )
        if found is None:
            raise ValueError("the goal entry is not reachable in this suit")
        target, sid, delta_key, owed = found
        steps.append((p, dict(sweep.step_to(state, p, n, phi, disc, last, target))[delta_key]))
        state = target
    return value, _replay(prob, steps)


def _next_step(
    moves: tuple[Move, ...],
    prob: SuitProblem,
    sweep: Sweep,
    fam: int,
    data: tuple[int, ...],
    slack: int,
    p: int,
    owed: tuple[Key, int],
    add: tuple,
    k2: int,
    wcap2: int,
) -> tuple[State, int, Key, tuple[Key, int]] | None:
    """A move at ``p`` and one of its delta entries that, with what positions after ``p`` add, pay ``owed``:
    (target state, its number, delta key, what is still owed after ``p``)."""
    (w, x, d, f), value = owed
    for target, tid, delta in moves:
        rest = _backward(prob, sweep, fam, data, p, target, tid, slack)
        for (wa, xa, da, fa), va in delta:
            adda = add[da]
            for (wb, xb, db, fb), vb in rest:
                if (
                    va + vb == value
                    and wa + wb == w
                    and fa + fb == f
                    and adda[db] == d
                    and min(k2, xa + xb) == x
                    and w <= wcap2
                ):
                    return target, tid, (wa, xa, da, fa), ((wb, xb, db, fb), vb)
    return None


def _replay(prob: SuitProblem, steps: list[tuple[int, tuple]]) -> SuitPlan:
    """Walk the traced decisions forward, following each open item, and collect the runs and moves."""
    plan = SuitPlan([], {}, {}, [], None, [])
    objects: list[dict] = []
    for p, info in steps:
        (cont_moves, nr, nd, lset), counts, closed, params, order = info
        work = list(objects)
        for t, run in enumerate(prob.runs):
            if run.a == p:
                for i, obj in enumerate(work):
                    if obj["kind"] == 1 and obj["t"] == t:
                        plan.left[run.index] = obj["cells"]
                        del work[i]
                        break
                work.append({"kind": 2, "t": t, "cells": []})
        assert len(cont_moves) == len(work)
        for obj, move in zip(work, cont_moves, strict=True):
            if move in ("N", "W"):
                obj["cells"].append((p, move == "N"))
        work += [{"kind": 0, "cells": [(p, True)]} for _ in range(nr + nd)]
        work += [{"kind": 1, "t": t, "cells": [(p, True)]} for t in lset]
        for obj in work:
            if obj["kind"] == 2 and prob.runs[obj["t"]].b == p:
                obj["kind"] = 3
        rescues, discard, singles, _relaxed = counts
        plan.rescues += [p] * rescues
        if discard:
            plan.discard = p
        plan.singles += [p] * singles
        for obj, is_closed, (ext, part, trail) in zip(work, closed, params, strict=True):
            if not is_closed:
                continue
            if obj["kind"] == 0:
                plan.runs.append(ClosedRun(obj["cells"], ext, trail, None if part < 0 else part))
            else:
                plan.right[prob.runs[obj["t"]].index] = obj["cells"]
        objects = [work[i] for i in order]
    return plan
