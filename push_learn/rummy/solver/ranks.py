"""Sets: what the naturals of one rank can do together (new sets, lay-offs and rescues on table sets).

``arrange_rank(...)`` takes the naturals sent to the rank (a count per suit) and returns every
Pareto-best way to use *all* of them: the wilds needed (a set of two naturals needs one, of three
or more none; a rescue gives one back), the spare room left, and how many contract sets it lays
down. Singles (one natural and two wilds) are left to the suit sweep, which treats a lone natural
as a run or a contract set; here a new set always has two naturals or more.

``relaxed_costs`` gives, per suit, a lower bound on the wilds one natural of the rank costs when it
goes to a set, in half wilds: the sum over any real arrangement is never below it, so the search
can leave the set question of a rank open and still have a true upper bound. ``copy_prices`` raises
the price of second and later copies of a suit (two decks) where every real arrangement allows it:
two hearts of a rank need two sets, which need more wilds than one; ``spare_copy_pays`` charges a two-suit
rank's one set to the suit that holds a spare copy (D-SOL-63). ``plain_question`` puts the
three together for one rank of a hand, as plain tuples of numbers in memo tables the garbage collector
stops tracking (the same local situations come back hand after hand), and the search values its options
per search (``options_of``; D-SOL-20).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import count, product

from push_learn.rummy.solver.encoding import Ctx, TableSetInfo
from push_learn.rummy.solver.entries import Entries, Key, designation_tables, pareto
from push_learn.rummy.solver.memo import Settled, settled, trim_oldest

__all__ = [
    "PlainQuestion",
    "RankOption",
    "SetArrangement",
    "arrange_rank",
    "clear_rank_caches",
    "copy_prices",
    "options_of",
    "plain_question",
    "relaxed_costs",
    "spare_copy_pays",
]


SetArrangement = tuple[
    tuple[tuple[int, ...], ...], tuple[tuple[int, tuple[int, ...]], ...], tuple[tuple[int, tuple[int, ...]], ...]
]
"""Where each natural of a rank goes: ``(groups, layoffs, rescues)``, the new sets (suit lists) and the lay-offs
and rescues per table set (``(table index, suits)``). A plain tuple of numbers, so that the garbage collector
stops tracking the many the memo tables keep (a class instance would stay tracked, and with it every dict and
tuple holding it: full collections walked them all)."""


def arrange_rank(
    ctx: Ctx,
    x: tuple[int, ...],
    tables: tuple[TableSetInfo, ...],
    layoff: bool,
    rescue: bool,
) -> tuple[Entries, dict[Key, SetArrangement]]:
    """All Pareto-best uses of the naturals ``x`` (count per suit) of one rank, each with its arrangement.

    Entries carry 0: every natural here is used, and the caller values them (``options_of``). Not memoised
    itself: the search reaches it through ``plain_question``'s memo tables.
    """
    arranger = _Arranger(ctx, [s for s, n in enumerate(x) for _ in range(n)], tables, layoff, rescue)
    arranger.place(0, [], [[] for _ in tables], [[] for _ in tables])
    entries = pareto(dict.fromkeys(arranger.results, 0), arranger.ge, 2 * ctx.k, ctx.strict_discard)
    return entries, {key: arranger.results[key] for key in entries}


class _Arranger:
    """``arrange_rank``'s walk over where each natural goes. (A class, not nested functions: a nested function
    that calls itself holds itself through its closure, a cycle only the garbage collector frees, and with it
    everything the walk used; the search asks this a dozen times a question.)"""

    def __init__(
        self, ctx: Ctx, suits: list[int], tables: tuple[TableSetInfo, ...], layoff: bool, rescue: bool
    ) -> None:
        self.ctx, self.suits, self.tables, self.layoff, self.rescue = ctx, suits, tables, layoff, rescue
        self.add, self.ge = designation_tables(ctx)
        self.cap = ctx.set_cap or 99
        self.results: dict[Key, SetArrangement] = {}

    def finish(self, groups: list[list[int]], lays: list[list[int]], res: list[list[int]]) -> None:
        """Record the arrangement reached, unless a group is too small to be a set."""
        if any(len(group) < 2 for group in groups):
            return
        ctx, tables, cap, add = self.ctx, self.tables, self.cap, self.add
        w = sum(max(0, 3 - len(group)) for group in groups) - sum(len(r) for r in res)
        room = sum(cap - max(3, len(group)) for group in groups)
        room += sum(max(0, table.room - len(lay)) for table, lay in zip(tables, lays, strict=True))
        d = 0
        for _ in groups:
            d = add[d][ctx.set_unit] if ctx.set_unit else d
        key = (2 * w, 2 * min(ctx.k, room), d, 0)
        if key not in self.results:
            self.results[key] = (
                tuple(tuple(g) for g in groups),
                tuple((tables[j].index, tuple(lay)) for j, lay in enumerate(lays) if lay),
                tuple((tables[j].index, tuple(r)) for j, r in enumerate(res) if r),
            )

    def place(self, i: int, groups: list[list[int]], lays: list[list[int]], res: list[list[int]]) -> None:
        """Send the ``i``-th natural to a set begun, a new set, a lay-off or a rescue, then the next."""
        if i == len(self.suits):
            self.finish(groups, lays, res)
            return
        ctx, s = self.ctx, self.suits[i]
        seen: set[tuple[int, ...]] = set()
        for group in groups:
            if ctx.distinct and s in group:
                continue
            if ctx.set_cap and len(group) >= ctx.set_cap:
                continue
            sig = tuple(group)
            if sig in seen:
                continue
            seen.add(sig)
            group.append(s)
            self.place(i + 1, groups, lays, res)
            group.pop()
        groups.append([s])
        self.place(i + 1, groups, lays, res)
        groups.pop()
        for j, table in enumerate(self.tables):
            present = ctx.distinct and (table.suits >> s & 1 or s in lays[j] or s in res[j])
            if present:
                continue
            if self.layoff and len(lays[j]) < table.room:
                lays[j].append(s)
                self.place(i + 1, groups, lays, res)
                lays[j].pop()
            if self.rescue and len(res[j]) < len(table.wild_places):
                res[j].append(s)
                self.place(i + 1, groups, lays, res)
                res[j].pop()


def relaxed_costs(
    ctx: Ctx,
    counts: Sequence[int],
    tables: Sequence[TableSetInfo],
    layoff: bool,
    rescue: bool,
    isolated: Sequence[bool] = (),
) -> tuple[int | None, ...]:
    """Per suit, a lower bound (half wilds) on what one natural of this rank costs in a set, or ``None``.

    ``isolated[s]``: suit ``s``'s natural here has nothing of its suit within two places, so only a set
    or two wilds can meld it. Where the rank's one possible set is two naturals of two suits and a wild,
    such a natural carries the set's whole price and its partner none: any real set still costs what
    it needs, and the bound can no longer send the isolated card to a set without its partner for half
    a wild.
    """
    spread = sum(1 for n in counts if n) if ctx.distinct else sum(counts)
    new_set = 0 if spread >= 3 else (1 if spread == 2 else None)
    out: list[int | None] = []
    for s, n in enumerate(counts):
        best = new_set if n else None
        if n:
            for table in tables:
                fits = not ctx.distinct or not table.suits >> s & 1
                if not fits:
                    continue
                if rescue and table.wild_places:
                    best = -2
                elif layoff and table.room > 0 and (best is None or best > 0):
                    best = 0
        out.append(best)
    phi = tuple(out)
    pair = _half_priced_pair(ctx, counts, tables, phi, isolated)
    if pair is None or counts[pair[0]] != 1 or counts[pair[1]] != 1:
        return phi
    a, b = pair
    if isolated[a] == isolated[b]:
        return phi
    return _charged(phi, *((a, b) if isolated[a] else (b, a)))


def _half_priced_pair(
    ctx: Ctx, counts: Sequence[int], tables: Sequence[TableSetInfo], phi: Sequence[int | None], isolated: Sequence[bool]
) -> tuple[int, int] | None:
    """The two suits of a rank whose one possible set is a natural of each and a wild, charged half of it each in
    ``phi``, where the naturals' isolation is known (else None): the ranks where either suit may pay it whole."""
    present = [s for s, n in enumerate(counts) if n]
    if not isolated or tables or not ctx.distinct or len(present) != 2:
        return None
    a, b = present
    return (a, b) if phi[a] == phi[b] == 1 else None


def _charged(phi: Sequence[int | None], payer: int, partner: int) -> tuple[int | None, ...]:
    """``phi`` with a pair's whole wild (two halves) charged to ``payer`` and nothing to ``partner``."""
    out = list(phi)
    out[payer], out[partner] = 2, 0
    return tuple(out)


def spare_copy_pays(
    ctx: Ctx,
    counts: Sequence[int],
    tables: Sequence[TableSetInfo],
    phi: tuple[int | None, ...],
    isolated: Sequence[bool],
) -> tuple[int | None, ...]:
    """``phi`` (``relaxed_costs``), with the whole wild of a two-suit rank's one set charged to one suit where one
    suit holds two copies and the other one.

    Such a rank's one possible set is a natural of each suit and a wild, and any split of that wild between the two
    is a true bound (every real set still costs what it needs). Charged half a wild each, the bound may send one of
    them to a set alone for half what any real set costs while the other stays in its run: in the slowest proofs
    most bounds that did not cut were one such card above the best plan (D-SOL-61). So the whole wild goes to the
    natural the bound would otherwise send alone, and its partner goes free, which gains the bound nothing while the
    partner is better placed in a run: the suit with two copies (its spare copy rarely fits a run), unless the single
    one is isolated (no run holds it without two wilds), which then pays instead (D-SOL-63).

    The search orders its ranks by ``phi`` itself (free sets first), so the order, and with it every answer, stays
    as it was; only the bounds are tighter.

    >>> from push_learn.rummy import PUSH
    >>> ctx = Ctx.from_rules(PUSH)
    >>> spare_copy_pays(ctx, (0, 1, 0, 2), (), (None, 1, None, 1), (False,) * 4)
    (None, 0, None, 2)
    >>> spare_copy_pays(ctx, (0, 1, 0, 2), (), (None, 1, None, 1), (False, True, False, False))
    (None, 2, None, 0)
    """
    pair = _half_priced_pair(ctx, counts, tables, phi, isolated)
    if pair is None or sorted(counts[s] for s in pair) != [1, 2]:
        return phi
    a, b = pair
    double, single = (a, b) if counts[a] == 2 else (b, a)
    return _charged(phi, *((single, double) if isolated[single] else (double, single)))


def copy_prices(
    phi: Sequence[int | None], counts: Sequence[int], least: dict[tuple[int, ...], int]
) -> tuple[tuple[int, ...] | None, ...]:
    """Per suit, the relaxed price of sending 0, 1, 2, ... of its naturals of this rank to sets (half wilds).

    ``phi`` is each suit's price per natural (``relaxed_costs``) and ``least[x]`` the fewest half wilds any
    real arrangement of the naturals ``x`` (a count per suit) needs. The first copy costs ``phi``; each
    further copy costs ``phi`` plus a surcharge that, for every real ``x``, spreads the arrangement's
    *slack* (its real price minus the ``phi`` prices) over the further copies it holds, so the prices of
    any real arrangement never add up to more than it needs: the bound stays true and gets tighter.
    Copies that no real arrangement sends to sets get no price (the tuple stops before them).
    """
    reachable = {(s, copy) for x in least for s, n in enumerate(x) for copy in range(1, n + 1)}
    surcharge: dict[tuple[int, int], int] = {}
    for x, real in least.items():
        extra = sum(max(0, n - 1) for n in x)
        if not extra:
            continue
        slack = real - sum(n * (p or 0) for n, p in zip(x, phi, strict=True))
        share = max(0, slack) // extra
        for s, n in enumerate(x):
            for copy in range(2, n + 1):
                surcharge[(s, copy)] = min(surcharge.get((s, copy), share), share)
    out: list[tuple[int, ...] | None] = []
    for s, (price, n) in enumerate(zip(phi, counts, strict=True)):
        if price is None or (s, 1) not in reachable:
            out.append(None)
            continue
        total = [0]
        for copy in range(1, n + 1):
            if (s, copy) not in reachable:
                break
            total.append(total[-1] + price + surcharge.get((s, copy), 0))
        out.append(tuple(total))
    return tuple(out)




RankOption = tuple[tuple[int, ...], Entries, dict[Key, "SetArrangement"]]
"""(naturals sent to sets, a count per suit; their Pareto entries valued in points; each entry's arrangement)."""


# ---- the search's memo: plain tuples of numbers ---------------------------------------------------------

PlainOption = tuple[tuple[int, ...], tuple[tuple[Key, SetArrangement], ...]]
"""(naturals sent to sets, a count per suit; each Pareto-best entry with its arrangement)."""
PlainQuestion = tuple[
    tuple[PlainOption, ...], bool, tuple[int | None, ...], tuple[tuple[int, ...] | None, ...]
]
"""A rank's question as plain tuples: (options, open, ``phi``, ``prices``): every choice of naturals with its
Pareto-best entries and their arrangements, whether some choice sends naturals to sets, and then the relaxed
prices. The entries are not yet valued (every entry of an option is worth the naturals it uses)."""

_MEMO_LIMIT = 8192
"""Entries each of the two memo tables below keeps at most (then the oldest are forgotten; ``memo.Settled``)."""
_QUESTIONS = Settled(_MEMO_LIMIT)
_ARRANGEMENTS = Settled(_MEMO_LIMIT)
_CONTEXTS: dict[Ctx, int] = {}
"""Each rule context as a small number, so that memo keys hold plain numbers (a number is never given twice:
the entries of a forgotten context are simply never found again)."""
_NUMBERS = count()


def _context(ctx: Ctx) -> int:
    number = _CONTEXTS.get(ctx)
    if number is None:
        trim_oldest(_CONTEXTS, 256)
        number = _CONTEXTS[ctx] = next(_NUMBERS)
    return number


def _tables_key(tables: tuple[TableSetInfo, ...]) -> tuple:
    return tuple((t.index, t.position, t.suits, t.naturals, t.size, t.room, t.wild_places) for t in tables)


def _plain_arrangements(
    ctx: Ctx, key: tuple, x: tuple[int, ...], tables: tuple[TableSetInfo, ...], layoff: bool, rescue: bool
) -> tuple[tuple[Key, SetArrangement], ...]:
    """``arrange_rank`` as (entry, arrangement) pairs, memoised under ``key`` (plain numbers)."""
    pairs: tuple[tuple[Key, SetArrangement], ...] | None = _ARRANGEMENTS.get(key)
    if pairs is None:
        entries, arrangement = arrange_rank(ctx, x, tables, layoff, rescue)
        pairs = _ARRANGEMENTS.put(settled(key), settled(tuple((entry, arrangement[entry]) for entry in entries)))
    return pairs


def plain_question(
    ctx: Ctx,
    counts: tuple[int, ...],
    tables: tuple[TableSetInfo, ...],
    layoff: bool,
    rescue: bool,
    alone: tuple[bool, ...],
) -> PlainQuestion:
    """A rank's question as plain tuples of numbers, memoised across questions: every choice of naturals with a
    real arrangement (``arrange_rank``), most naturals first; whether the rank is open (some choice sends
    naturals to sets); and then its relaxed prices (``relaxed_costs``, ``spare_copy_pays``, ``copy_prices``) for the
    search's bound.

    Its memo keys and values hold no objects but numbers, so the garbage collector stops tracking them: a
    question object (with dicts inside) stayed tracked, and with it the cache's key, every option
    and every dict, all walked by every full collection; new ones kept reaching the oldest generation and so
    brought the next full collection nearer (D-SOL-20). Like the other memo tables these take no lock of their
    own: the caller holds ``api``'s (as every search's set-up does).
    """
    number = _context(ctx)
    tkey = _tables_key(tables)
    key = (number, counts, tkey, layoff, rescue, alone)
    plain: PlainQuestion | None = _QUESTIONS.get(key)
    if plain is not None:
        return plain
    options: list[PlainOption] = []
    for x in product(*(range(n + 1) for n in counts)):
        pairs = _plain_arrangements(ctx, (number, x, tkey, layoff, rescue), x, tables, layoff, rescue)
        if pairs:
            options.append((x, pairs))
    least = {x: min(entry[0] for entry, _ in pairs) for x, pairs in options if any(x)}
    if not least:
        plain = (tuple(options), False, (), ())
    else:
        options.sort(key=lambda o: -sum(o[0]))
        phi = relaxed_costs(ctx, counts, tables, layoff, rescue, alone)
        priced = spare_copy_pays(ctx, counts, tables, phi, alone)
        plain = (tuple(options), True, phi, copy_prices(priced, counts, least))
    return _QUESTIONS.put(settled(key), settled(plain))


def options_of(plain: PlainQuestion, weight: int) -> tuple[RankOption, ...]:
    """A plain question's options as the search uses them: entries valued at the naturals they use (each
    worth ``weight``), and each entry's arrangement (new dicts, which live only as long as one search)."""
    out = []
    for x, pairs in plain[0]:
        used = sum(x) * weight
        out.append((x, {entry: used for entry, _ in pairs}, dict(pairs)))
    return tuple(out)


def clear_rank_caches() -> None:
    """Forget every memoised rank question and arrangement."""
    _QUESTIONS.clear()
    _ARRANGEMENTS.clear()
    _CONTEXTS.clear()
