"""Pareto maps: what a part of a hand can achieve, keyed by the wild cards it needs.

An *entry* key is ``(w2, x2, d, f)``: ``w2`` wild cards (in half units) the part needs, ``x2`` spare
room it offers to further wilds (half units, capped), ``d`` the packed contract designations it
fills, ``f`` whether it uses the one discard. The value is the penalty points it takes out of the
hand. An entry is dropped when another needs no more wilds, reaches at least as far with spare
room, fills at least the same designations, uses the discard no more, and takes out at least as
many points: whatever the rest of the hand does, the other entry is never worse. Spare room at the
cap (``x2 == 2k``) reaches any number of further wilds: with all-wild melds allowed, two spare
places and one all-wild meld of three or more soak up every leftover wild; without them, ``k`` is
at least the number of wilds.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache

from push_learn.rummy.solver.encoding import Ctx

__all__ = [
    "Entries",
    "Key",
    "Pairs",
    "above",
    "combine",
    "designation_tables",
    "join_into",
    "pareto",
    "roomless_front",
]

Key = tuple[int, int, int, int]
Entries = dict[Key, int]
Pairs = Collection[tuple[Key, int]]
"""Entries as (key, value) pairs: ``entries.items()``, or a tuple of pairs (which the garbage collector
need not track, so memo tables of them cost nothing at collection time)."""


@lru_cache(maxsize=64)
def designation_tables(ctx: Ctx) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[bool, ...], ...]]:
    """``add[a][b]``: saturating sum of packed designations; ``ge[a][b]``: ``a`` covers ``b`` part by part."""
    units, need = ctx.units, ctx.need
    vectors = [ctx.unpack(d) for d in range(ctx.designation_count)]
    add = tuple(
        tuple(
            sum(u * min(n, x + y) for u, n, x, y in zip(units, need, a, b, strict=True)) for b in vectors
        )
        for a in vectors
    )
    ge = tuple(tuple(all(x >= y for x, y in zip(a, b, strict=True)) for b in vectors) for a in vectors)
    return add, ge


def pareto(entries: Entries, ge: tuple[tuple[bool, ...], ...], k2: int, strict: bool = False) -> Entries:
    """The entries no other entry dominates (see the module docstring); ``k2`` is the room cap in half wilds.

    ``strict``: the discard is compulsory, so only entries with the same discard use compare.
    """
    if len(entries) < 2:
        return entries
    if k2 == 0 and not strict:
        return _pareto_roomless(entries, ge)
    ranked = sorted([(-value, w, -x, f, -d) for (w, x, d, f), value in entries.items()])
    kept: list[tuple[int, int, int, int, int]] = []
    for item in ranked:
        _, w, nx, f, nd = item
        x, d = -nx, -nd
        reach = w + x if x < k2 else 1 << 20
        for _kv, kw, knx, kf, knd in kept:
            if kw <= w and (-knx >= k2 or kw - knx >= reach) and (kf == f or (kf < f and not strict)) and ge[-knd][d]:
                break
        else:
            kept.append(item)
    return {(w, -nx, -nd, f): -nv for nv, w, nx, f, nd in kept}


_BELOW: dict[int, tuple[tuple[tuple[bool, ...], ...], tuple[tuple[int, ...], ...]]] = {}
"""Per designation table (by id, with the table kept alive): for each tag ``2 * d + f``, the tags it covers."""


def _covered_tags(ge: tuple[tuple[bool, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """For each tag ``2 * d + f``, every tag ``2 * d2 + f2`` with ``ge[d][d2]`` and ``f <= f2``."""
    cached = _BELOW.get(id(ge))
    if cached is not None and cached[0] is ge:
        return cached[1]
    size = len(ge)
    below = tuple(
        tuple(2 * d2 + f2 for d2 in range(size) for f2 in (0, 1) if ge[d][d2] and f <= f2)
        for d in range(size)
        for f in (0, 1)
    )
    _BELOW[id(ge)] = (ge, below)
    return below


def _pareto_roomless(entries: Entries, ge: tuple[tuple[bool, ...], ...]) -> Entries:
    """``pareto`` when no entry tracks spare room (every ``x`` is 0) and the discard is optional."""
    return dict(roomless_front(entries.items(), ge))


def roomless_front(pairs: Pairs, ge: tuple[tuple[bool, ...], ...]) -> list[tuple[Key, int]]:
    """The pairs that no other of them dominates, when no entry tracks spare room
    (every ``x`` is 0) and the discard is optional: ``pareto``'s answer as (key, value) pairs, in its order.

    Entries go best value first; among equals, fewest wilds, no discard, most designations, so a
    dominating entry always comes before the entries it dominates. ``reach[t]`` is the fewest wilds of
    a kept entry whose designations and discard cover tag ``t``: an entry is dominated when it needs
    at least that many."""
    ranked = sorted([(-value, key[0], key[3], -key[2], key) for key, value in pairs])
    below = _covered_tags(ge)
    reach = [1 << 20] * len(below)
    out: list[tuple[Key, int]] = []
    for nv, w, f, nd, key in ranked:
        tag = f - 2 * nd
        if reach[tag] <= w:
            continue
        out.append((key, -nv))
        for other in below[tag]:
            if reach[other] > w:
                reach[other] = w
    return out


def join_into(
    bucket: Entries, entries: Pairs, delta: Pairs, add: tuple[tuple[int, ...], ...], k2: int, wcap2: int
) -> None:
    """Add every pairing of ``entries`` and ``delta`` (as pairs) into ``bucket`` (best value per key).

    A pairing keeps at most one discard and at most ``wcap2`` wild units; this is the solver's hot loop
    (without spare room to track, ``k2 == 0``, every ``x`` is 0 and a lighter loop does).
    """
    keep = bucket.setdefault  # one hash of the key where it is new (a tuple does not keep its hash)
    if k2 == 0:
        for (wa, _xa, da, fa), va in entries:
            adda = add[da]
            room = wcap2 - wa
            for (wb, _xb, db, fb), vb in delta:
                if wb > room or fa + fb > 1:
                    continue
                key = (wa + wb, 0, adda[db], fa + fb)
                value = va + vb
                if keep(key, value) < value:
                    bucket[key] = value
        return
    for (wa, xa, da, fa), va in entries:
        adda = add[da]
        for (wb, xb, db, fb), vb in delta:
            f = fa + fb
            w = wa + wb
            if f > 1 or w > wcap2:
                continue
            x = xa + xb
            key = (w, x if x < k2 else k2, adda[db], f)
            value = va + vb
            if keep(key, value) < value:
                bucket[key] = value


def above(entries: Entries, least: int, ordered: bool = False) -> Entries:
    """The entries worth more than ``least`` (all of them, unfiltered, when ``least`` is negative).

    ``ordered``: the entries are in ``pareto``'s order, best value first, so when the last is worth more than
    ``least`` they all are, and are returned as they are.

    >>> above({(0, 0, 0, 0): 9, (2, 0, 0, 0): 4}, 5)
    {(0, 0, 0, 0): 9}
    >>> entries = {(0, 0, 0, 0): 9, (2, 0, 0, 0): 7}
    >>> above(entries, 5, ordered=True) is entries, above(entries, 8, ordered=True)
    (True, {(0, 0, 0, 0): 9})
    """
    if least < 0 or (ordered and entries and next(reversed(entries.values())) > least):
        return entries
    return {key: value for key, value in entries.items() if value > least}


def combine(a: Entries, b: Entries, ctx: Ctx, wcap2: int) -> Entries:
    """Every way to pair an entry of ``a`` with one of ``b`` (at most one discard, wilds within ``wcap2``)."""
    add, ge = designation_tables(ctx)
    k2 = 2 * ctx.k
    out: Entries = {}
    join_into(out, a.items(), b.items(), add, k2, wcap2)
    return pareto(out, ge, k2, ctx.strict_discard)


def suffix_bounds(parts: list[Entries], ordered: bool = False) -> tuple[list[int], list[int]]:
    """For each ``i``: the most points and the fewest wilds the parts from ``i`` on can give (0 past the end).

    ``ordered``: every part is in ``pareto``'s order, best value first, so its first value is its most.
    """
    count = len(parts)
    top = [0] * (count + 1)
    least = [0] * (count + 1)
    for i in range(count - 1, -1, -1):
        part = parts[i]
        if part:
            top[i] = top[i + 1] + (next(iter(part.values())) if ordered else max(part.values()))
            least[i] = least[i + 1] + min(part)[0]  # the smallest key has the fewest wilds
        else:
            top[i], least[i] = top[i + 1], least[i + 1]
    return top, least
