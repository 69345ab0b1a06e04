"""The transitions of one suit's sweep: how the open runs change across one position.

Runs are normalised so the search never meets the same meld twice: a run begins and ends on a
natural card, wilds inside fill gaps, and the wilds beyond its ends (to reach length 3, or a
contract length) are *extension* wilds counted when it closes. A gap is only bridged when that
needs fewer wilds than closing the run and starting again (so at most 1 wild after a run of 3,
at most 3 after a lone card), which bounds the state. Table runs of the suit take part too: a
*left piece* of hand cards grows towards a table run's low end and joins it, the run's *body*
passes through its positions (where its wilds may be rescued by the exact natural), and an
*extension* continues past its high end.

Items of the state (small tuples): ``(0, span, gap, designated)`` a hand run; ``(1, t, span, gap)``
a left piece for table run ``t``; ``(2, t, room, 0)`` the body of table run ``t``; ``(3, t, room,
gap)`` the high-end extension of table run ``t``. ``span`` is exact, or ``LUMP`` for a long run
whose exact length can no longer matter. The state also keeps where the last contract run of the
suit ended (contract runs laid down together may not overlap, A-R1-08), until that end can no longer
matter: it only stops a contract run starting at or below it and limits the extension wilds below a
contract run's first natural, of which a run of the longest contract length ``L`` needs at most
``L - span``. A contract run that closes at ``p`` or later opened at ``s`` with at least ``p - s + 1``
places, so an end at most ``p - L`` leaves it all the room it can use, as it does a run opening at
``p`` or later: at ``p`` such an end is forgotten, and the states made at ``p`` forget an end of at
most ``p + 1 - L`` (D-SOL-47; they kept one down to ``p - L`` before, with the same answers).

A natural not used by a run may stay in hand, be the discard, rescue a table wild standing for it,
be a contract set on its own (with two wilds), or, while the set question at its rank is still
open in the search, join a set at a lower-bound cost (``phi``: the price of 0, 1, 2... of them, in
half wilds).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import count, product

from push_learn.rummy.solver.encoding import ACE_LOW, ACE_POS, NPOS, Ctx, TableRunInfo, position_weight
from push_learn.rummy.solver.entries import Entries, Key, designation_tables, pareto
from push_learn.rummy.solver.memo import FreshMemo, Settled, settled, shared, shared_pairs

__all__ = [
    "LUMP",
    "STEP_LIMIT",
    "Item",
    "Move",
    "Price",
    "State",
    "Sweep",
    "Transition",
    "clear_sweeps",
    "kept_state",
    "state_id",
    "sweep_of",
]

LUMP = 99
"""Span marker of a long run: at least the longest contract length, capacity no longer limited."""

Item = tuple[int, int, int, int]
State = tuple[tuple[Item, ...], int]
Counts = tuple[int, int, int, int]
Leftovers = tuple[tuple[Key, tuple[int, Counts]], ...]
"""The uses of a position's naturals that no run takes: (key, (value, counts)) pairs (``Sweep.leftovers``)."""
Price = tuple[int, ...] | None
"""What sending 0, 1, 2... naturals of a position to sets costs while its rank is open (half wilds), or None."""
Transition = tuple[State, Entries, dict[Key, tuple]]
STEP_LIMIT = 60_000
"""Transitions memoised per kind of segment (at most; the older half is forgotten a generation at a time)."""
Move = tuple[State, int, tuple[tuple[Key, int], ...]]
"""A transition without its trace: the next state, its number (``state_id``) and the delta entries as a tuple of
pairs, all of them shared tuples (``memo.shared``), which the garbage collector stops tracking."""
_TRACE_LIMIT = 4_000
"""Traced transitions memoised per kind of segment (at most; the older half is forgotten a generation at a
time). Only final plans are traced, a few dozen transitions a question, and the same ones come back from
question to question as the untraced ones do: 250 kept in all (dicts the collector walked) missed nearly
every time, and re-stepping them was half of reading a plan back."""
_SETTLE_BATCH = 64
"""New transitions a sweep's memo takes before it looks which the garbage collector has let go (``FreshMemo``):
a sweep of a rare kind of segment meets few, and up to 256 sweeps are kept (``sweep_of``), so a batch of the
default size would leave most of their entries where every full collection walks them."""
Closing = tuple[bool, int, int, int, int, tuple[int, int, int]]
"""How an item ends a position: (closes?, half wilds, half room, designation, new contract end, (ext, part, trail))."""
_LOCAL_LIMIT = 20_000
"""Leftovers, continuations and closings memoised per sweep at most (then the oldest are forgotten as new ones come:
``memo.Settled``, whose table the garbage collector does not walk; plain dicts here were tracked again by every new
tuple, and the sweeps a benchmark run kept held some 40,000 entries that every full collection walked)."""
TraceInfo = tuple[tuple[Key, tuple], ...]
"""A traced transition's delta keys, each with its trace info (plain tuples: the collector stops tracking them)."""


class Sweep:
    """The transition rules of one kind of segment (shared by the value pass and the trace).

    Transitions depend only on the state and the data of one position, so ``moves`` memoises them
    (keyed by the state's number, ``state_id``, and the number of the position's data): across
    segments, searches and hands the same local situations come back again and again. Within a
    transition, an item's continuations and closings are memoised too. The trace steps again only
    the transitions a plan chose (``step_to``, D-SOL-26). A sweep sees table runs by their shapes (ends, room,
    positions of rescuable wilds), which is all a transition depends on.
    """

    def __init__(
        self,
        ctx: Ctx,
        single_set: bool,
        layoff: bool,
        rescue: bool,
        runs: tuple[TableRunInfo, ...],
    ) -> None:
        self.ctx = ctx
        self.single_set = single_set
        self.layoff = layoff
        self.rescue = rescue
        self.runs = runs
        self.k = ctx.k
        self.maxlen = ctx.maxlen
        self.low = ctx.low
        self.run_types = ctx.run_types
        self.lmax = ctx.longest if self.run_types else 3
        self.sstar = max(3, self.lmax)
        self.lump_start = 15 - ctx.maxlen + ctx.k
        self.desig_items = bool(self.run_types) and not ctx.share_ok
        self.close_designate = bool(self.run_types) and ctx.share_ok
        self.add, self.ge = designation_tables(ctx)
        self.set_unit = ctx.set_unit
        room = 1 if ctx.set_cap else ctx.k
        self.single_x2 = 2 * min(ctx.k, room)
        slots = [0] * 15
        if rescue:
            for run in runs:
                for position, _place in run.wilds:
                    slots[position] += 1
        self.slots = tuple(slots)
        self._local = Settled(_LOCAL_LIMIT, batch=_SETTLE_BATCH)
        """``leftovers``, ``_options`` and ``_closes`` memoised in one settled table (one rather than three: a best turn
        makes new sweeps for each new table, and each object they hold is one more for the collector), told apart by
        their keys' lengths: (p, rest, busy, phi, disc), (item, p) and (item, p, dend, last)."""
        self._moves = FreshMemo(STEP_LIMIT, batch=_SETTLE_BATCH)
        self._traced = FreshMemo(_TRACE_LIMIT, batch=_SETTLE_BATCH)
        # Tuples, not lists, for what is set once: a tuple of numbers is one the garbage collector stops walking.
        self._starting = tuple(tuple((t, run.room) for t, run in enumerate(runs) if run.a == p) for p in range(NPOS))
        """Per position, the table runs that begin there (number, room)."""
        self._ending = tuple(any(run.b == p for run in runs) for p in range(NPOS))
        self._lay_targets = tuple(
            tuple(t for t, run in enumerate(runs) if run.a > p and run.room >= 1) if layoff else () for p in range(NPOS)
        )
        """Per position, the table runs a natural there may start a left piece for (above it, with room)."""
        self._weights = tuple(position_weight(p, ctx.by_cards) if p >= ACE_LOW else 0 for p in range(NPOS))

    # ---- the naturals no run uses ------------------------------------------------------------
    def leftovers(self, p: int, rest: int, busy: bool, phi: Price, disc: bool) -> Leftovers:
        """Best value per key for ``rest`` naturals at ``p`` used alone: (key, (value, (rescues, discard, singles,
        relaxed))) pairs, a plain tuple (memoised per sweep: a dict would stay where the garbage collector walks it,
        and every new one would bring the next full collection closer).

        ``busy``: a run crosses ``p`` on a wild, so no natural of ``p`` may stay in hand or (unless a
        discard is compulsory) be the discard: swapping it into that run and the wild to the run's spare
        end is never worse.
        """
        key = (p, rest, busy, phi, disc)
        cached: Leftovers | None = self._local.get(key)
        if cached is None:
            uses = self._low_aces_alone(rest) if p == ACE_LOW else self._alone(p, rest, busy, phi, disc)
            cached = self._local.put(settled(key), settled(tuple(uses.items())))
        return cached

    def _low_aces_alone(self, rest: int) -> dict[Key, tuple[int, Counts]]:
        """``leftovers`` at position 1: aces set aside as low that no run takes must each rescue a table wild."""
        if rest > self.slots[ACE_LOW]:
            return {}
        return {(-2 * rest, 0, 0, 0): (position_weight(ACE_LOW, self.ctx.by_cards) * rest, (rest, 0, 0, 0))}

    def _alone(self, p: int, rest: int, busy: bool, phi: Price, disc: bool) -> dict[Key, tuple[int, Counts]]:
        """``leftovers`` at a position from 3 to 14, as a dict (Pareto-pruned)."""
        v = position_weight(p, self.ctx.by_cards)
        slots = self.slots[p]
        out: dict[Key, tuple[int, Counts]] = {}
        single = self.single_set and self.set_unit > 0
        for r in range(min(rest, slots) + 1):
            for f in range(min(1 if disc and (not busy or self.ctx.strict_discard) else 0, rest - r) + 1):
                for s in range((rest - r - f if single else 0) + 1):
                    for q in range((min(rest - r - f - s, len(phi) - 1) if phi is not None else 0) + 1):
                        if busy and r + f + s + q < rest:
                            continue
                        d = 0
                        for _ in range(s):
                            d = self.add[d][self.set_unit]
                        x2 = min(2 * self.k, s * self.single_x2)
                        key = (-2 * r + (phi[q] if phi else 0) + 4 * s, x2, d, f)
                        value = v * (r + f + s + q)
                        if key not in out or out[key][0] < value:
                            out[key] = (value, (r, f, s, q))
        if len(out) > 1:
            kept = pareto({key: value for key, (value, _) in out.items()}, self.ge, 2 * self.k, self.ctx.strict_discard)
            out = {key: out[key] for key in kept}
        return out

    # ---- one item at one position --------------------------------------------------------------
    def continuations(self, item: Item, p: int) -> list[tuple[Item, int, int, str]]:
        """(item after p, naturals used, half wilds used, 'N'/'W'/'T') for an open item at ``p``."""
        kind = item[0]
        if kind == 2:
            return [(item, 0, 0, "T")]
        if kind == 0:
            _, span, gap, des = item
            if span != LUMP and span + 1 > self.maxlen:
                return []
            lref = self.lmax if (des or self.close_designate) else 3
            grown = span if span == LUMP else span + 1
            natural_span = grown
            if natural_span != LUMP and natural_span >= self.sstar and p - natural_span + 1 >= self.lump_start:
                natural_span = LUMP
            out = [((0, natural_span, 0, des), 1, 0, "N")]
            last = self.sstar if span == LUMP else span - gap
            if gap + 1 <= max(1, lref - last + 1):
                out.append(((0, grown, gap + 1, des), 0, 2, "W"))
            return out
        if kind == 1:
            _, t, span, gap = item
            if span + 1 > self.runs[t].room:
                return []
            out = [((1, t, span + 1, 0), 1, 0, "N")]
            if gap == 0:
                out.append(((1, t, span + 1, 1), 0, 2, "W"))
            return out
        _, t, room, gap = item
        if room < 1:
            return []
        out = [((3, t, room - 1, 0), 1, 0, "N")]
        if gap == 0:
            out.append(((3, t, room - 1, 1), 0, 2, "W"))
        return out

    def bridged(self, item: Item, p: int) -> Item | None:
        """An open hand run after taking a wild at ``p`` (``continuations``' 'W'), or None when it may not."""
        for after, _used, _w2, how, _busy, _des in self._options(item, p):
            if how == "W":
                return after
        return None

    def _has_room(self, item: Item) -> bool:
        """Whether an item that just took a wild could still take one more at an end."""
        kind = item[0]
        if kind == 0:
            return item[1] == LUMP or item[1] < self.maxlen
        if kind == 1:
            return item[2] < self.runs[item[1]].room
        return item[2] > 0

    def closings(
        self, item: Item, p: int, dend: int, last: bool
    ) -> list[tuple[bool, int, int, int, int, tuple[int, int, int]]]:
        """(closes?, half wilds, half room, designation, new contract end, (ext, part, trail)) at the end of ``p``;
        ``last``: ``p`` ends the segment, so every item must close."""
        kind = item[0]
        keep = (False, 0, 0, 0, dend, (0, -1, 0))
        if kind == 0 and item[2] == 0:
            _, span, _, des = item
            out = [] if last else [keep]
            if not des:
                e = 0 if span == LUMP else max(0, 3 - span)
                cap = self.k if span == LUMP else min(self.k, self.maxlen - span - e)
                out.append((True, 2 * e, 2 * cap, 0, dend, (e, -1, 0)))
            if des or self.close_designate:
                for j, (length, unit) in enumerate(self.run_types):
                    e = 0 if span == LUMP else max(0, length - span)
                    cap = self.k if span == LUMP else min(self.k, self.maxlen - span - e)
                    trail, new_end = 0, dend
                    if des:
                        start = p - span + 1 if span != LUMP else p
                        lead_room = start - max(self.low, dend + 1) if e else 0
                        trail = max(0, e - lead_room)
                        if trail > ACE_POS - p:
                            continue
                        new_end = p + trail
                    out.append((True, 2 * e, 2 * cap, unit, new_end, (e, j, trail)))
            return out
        if kind == 3 and item[3] == 0:
            cap = min(self.k, item[2])
            return ([] if last else [keep]) + [(True, 0, 2 * cap, 0, dend, (0, -1, 0))]
        if last or kind == 1:
            return [] if last else [keep]
        return [keep]

    # ---- one state at one position -------------------------------------------------------------
    def step(self, state: State, p: int, n: int, phi: Price, disc: bool, last: bool) -> tuple[
        tuple[State, TraceInfo], ...
    ]:
        """Every (next state, trace info per delta key) from ``state`` across position ``p`` holding ``n``
        naturals (``phi``: their set price while the rank is open; ``disc``: may be the discard; ``last``: the
        segment ends at ``p``), memoised as plain tuples, apart from the value passes' ``moves``."""
        key = (state, p, n, phi, disc, last)
        cached: tuple[tuple[State, TraceInfo], ...] | None = self._traced.get(key)
        if cached is None:
            cached = settled(tuple(
                (target, tuple(info.items()))
                for target, _delta, info in self._step(state, p, n, phi, disc, last, trace=True)
            ))
            self._traced[settled(key)] = cached
        return cached

    def step_to(self, state: State, p: int, n: int, phi: Price, disc: bool, last: bool, target: State) -> TraceInfo:
        """The trace info per delta key of the one transition from ``state`` to ``target`` (as in ``step``),
        memoised likewise. Reading a plan back needs only the transition it chose: the others are enumerated
        but not recorded."""
        key = (state, p, n, phi, disc, last, target)
        cached: TraceInfo | None = self._traced.get(key)
        if cached is None:
            cached = ()
            for _target, _delta, info in self._step(state, p, n, phi, disc, last, target, trace=True):
                cached = settled(tuple(info.items()))
            self._traced[settled(key)] = cached
        return cached

    def moves(
        self, state: State, sid: int, p: int, n: int, phi: Price, disc: bool, last: bool, did: int
    ) -> tuple[Move, ...]:
        """``step`` without the trace, memoised as plain tuples (what the value passes use): (next state, its
        number, delta pairs). ``sid`` is the state's number (``state_id``) and ``did`` the number of the
        position's data (``n``, ``phi``, ``disc``), so the memo key is four small ints."""
        key = (sid, did, p, last)
        cached: tuple[Move, ...] | None = self._moves.get(key)
        if cached is None:
            cached = tuple(
                shared((*kept_state(target), shared(shared_pairs(delta.items()))))
                for target, delta, _info in self._step(state, p, n, phi, disc, last)
            )
            self._moves[key] = cached
        return cached

    def _options(self, item: Item, p: int) -> tuple[tuple[Item, int, int, str, bool, bool], ...]:
        """``continuations`` of an item at ``p`` (memoised per sweep), each with two flags: it crosses ``p`` on a
        wild and could still take one more at an end (*busy*), and it is a designated hand run."""
        key = (item, p)
        cached: tuple[tuple[Item, int, int, str, bool, bool], ...] | None = self._local.get(key)
        if cached is None:
            cached = self._local.put(settled(key), settled(tuple(
                (after, used, w2, how, how == "W" and self._has_room(after), after[0] == 0 and bool(after[3]))
                for after, used, w2, how in self.continuations(item, p)
            )))
        return cached

    def _closes(
        self, item: Item, p: int, dend: int, last: bool
    ) -> tuple[Closing, ...]:
        """``closings`` memoised per sweep."""
        key = (item, p, dend, last)
        cached: tuple[Closing, ...] | None = self._local.get(key)
        if cached is None:
            cached = self._local.put(settled(key), settled(tuple(self.closings(item, p, dend, last))))
        return cached

    def _step(
        self, state: State, p: int, n: int, phi: Price, disc: bool, last: bool, want: State | None = None,
        trace: bool = False,
    ) -> Iterator[tuple[State, Entries, dict[Key, tuple]]]:
        """Every (next state, delta entries, trace info) from ``state`` across ``p``; only the transition to
        ``want`` when it is given, and the trace info only with ``trace`` (empty otherwise)."""
        items, dend = state
        if dend and dend <= p - self.lmax:
            dend = 0
        carried = 0 if dend and dend <= p + 1 - self.lmax else dend  # the end the states after ``p`` keep
        work = list(items)
        for t, room in self._starting[p]:
            for i, it in enumerate(work):
                if it[0] == 1 and it[1] == t:
                    room -= it[2]
                    del work[i]
                    break
            work.append((2, t, room, 0))
        options = [self._options(it, p) for it in work]
        if not all(options):
            return
        v = self._weights[p]
        runs, add, ending = self.runs, self.add, self._ending[p]
        k2 = 2 * self.k
        targets: dict[State, tuple[Entries, dict[Key, tuple]]] = {}
        may_designate = self.desig_items and p > dend
        lay_targets = self._lay_targets[p]
        for combo in product(*options):
            uses = dw2 = 0
            busy = desig_open = False
            for c in combo:
                uses += c[1]
                dw2 += c[2]
                busy = busy or c[4]
                desig_open = desig_open or c[5]
            if uses > n:
                continue
            cont = [c[0] for c in combo]
            k = n - uses
            can_desig = may_designate and not desig_open
            left_ok = lay_targets
            if lay_targets and any(it[0] == 1 for it in cont):
                pieces = {it[1] for it in cont if it[0] == 1}
                left_ok = tuple(t for t in lay_targets if t not in pieces)
            opening = 0 if busy else k
            for nd in (0, 1) if can_desig and opening >= 1 else (0,):
                for lset in _subsets(left_ok, opening - nd) if left_ok and opening > nd else ([],):
                    for nr in range(opening - nd - len(lset) + 1):
                        rest = k - nd - len(lset) - nr
                        vo = self.leftovers(p, rest, busy, phi, disc)
                        if not vo:
                            continue
                        new_items = cont + [(0, 1, 0, 0)] * nr + [(0, 1, 0, 1)] * nd + [(1, t, 1, 0) for t in lset]
                        if ending:
                            for i, it in enumerate(new_items):
                                if it[0] == 2 and runs[it[1]].b == p:
                                    new_items[i] = (3, it[1], it[2], 0)
                        struct_v = v * (uses + nr + nd + len(lset))
                        how = (tuple(c[3] for c in combo), nr, nd, tuple(lset)) if trace else ()
                        for choice in product(*[self._closes(it, p, dend, last) for it in new_items]):
                            cw2 = cx2 = dd = 0
                            new_end = carried
                            kept: list[int] = []
                            for i, (closes, w2, x2, unit, end, _info) in enumerate(choice):
                                if closes:
                                    cw2 += w2
                                    cx2 += x2
                                    if unit:
                                        dd = add[dd][unit]
                                    if end != dend:
                                        new_end = end
                                else:
                                    kept.append(i)
                            if len(kept) > 1:
                                kept.sort(key=new_items.__getitem__)
                            target: State = (tuple([new_items[i] for i in kept]), new_end)
                            if want is not None and target != want:
                                continue
                            found = targets.get(target)
                            if found is None:
                                found = targets[target] = ({}, {})
                            delta, info = found
                            get = delta.get
                            base_w = dw2 + cw2
                            for (w, x, d, f), (value, counts) in vo:
                                x_all = x + cx2
                                key = (w + base_w, x_all if x_all < k2 else k2, add[d][dd], f)
                                total = value + struct_v
                                if get(key, -1) < total:
                                    delta[key] = total
                                    if trace:
                                        info[key] = (
                                            how, counts, tuple(c[0] for c in choice), tuple(c[5] for c in choice),
                                            tuple(kept),
                                        )
        for target, (delta, info) in targets.items():
            yield target, delta, info


def _subsets(items: Sequence[int], most: int) -> Iterator[list[int]]:
    """Subsets of ``items`` with at most ``most`` members (tiny lists only)."""
    if most <= 0 or not items:
        yield []
        return
    first, rest = items[0], items[1:]
    yield from _subsets(rest, most)
    for tail in _subsets(rest, most - 1):
        yield [first, *tail]


@lru_cache(maxsize=256)
def sweep_of(ctx: Ctx, single_set: bool, layoff: bool, rescue: bool, runs: tuple[TableRunInfo, ...]) -> Sweep:
    """The (shared, memoised) sweep of one kind of segment: the value passes and the trace use the same one."""
    return Sweep(ctx, single_set, layoff, rescue, runs)


_STATE_LIMIT = 200_000
"""States numbered at once (at most; the older half is forgotten a generation at a time)."""
_STATE_IDS = FreshMemo(_STATE_LIMIT)
"""Each state's kept copy and number (``kept_state``)."""
_STATE_NUMBERS = count(1)


def state_id(state: State) -> int:
    """The number of a sweep state, for memo keys of plain ints (hashed far faster than nested tuples).

    A number is never given twice: a state forgotten and met again gets a new one, and the memo entries
    under its old number are simply never found again."""
    return kept_state(state)[1]


def kept_state(state: State) -> tuple[State, int]:
    """The one kept copy of a sweep state, built from shared parts (``memo.settled``), and its number (``state_id``).

    A memoised transition holds its target state; taking the kept copy costs one lookup, where settling each
    target anew walked its nested tuples (a fifth of a spaced sweep's first steps)."""
    kept: tuple[State, int] | None = _STATE_IDS.get(state)
    if kept is None:
        state = settled(state)
        kept = _STATE_IDS[state] = (state, next(_STATE_NUMBERS))
    return kept


def clear_sweeps() -> None:
    """Forget every sweep, the transitions it memoised and the states' numbers."""
    sweep_of.cache_clear()
    _STATE_IDS.clear()
