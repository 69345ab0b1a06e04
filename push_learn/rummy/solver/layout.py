"""Checks and repairs of a plan the fast search pass found under relaxed layout rules.

The fast pass assumes every spare wild finds a place (*roomy*) and lets contract runs of one suit
share places. ``room_ok`` checks the first assumption; ``space_runs`` makes the plan obey A-R1-08
(contract runs laid down together may not overlap) by choosing other runs for the contract, cutting
a long run in two, regrouping the cards of a suit's runs into other runs, or giving a short run spare
wilds, and says when none of that works (then the search looks for a plan of the same value with one contract
run in each suit, and failing that runs again with runs spaced exactly, which costs a whole search with sweeps
three to five times dearer: D-SOL-41, D-SOL-55).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations, islice, pairwise, product
from typing import TYPE_CHECKING

from push_learn.rummy.solver.encoding import ACE_POS
from push_learn.rummy.solver.suits import ClosedRun, SuitPlan

if TYPE_CHECKING:
    from push_learn.rummy.solver.search import Search, SearchResult

__all__ = ["room_ok", "space_runs", "spaced"]

_REDESIGNATIONS = 200
"""Other choices of contract runs tried (per cut) before a plan that breaks the overlap rule is searched again."""
_CUTS = 40
"""Runs cut in two tried at most."""
_REGROUPINGS = 60
"""Other groupings of one suit's runs into runs tried at most (per suit)."""

Cell = tuple[int, bool]
"""A card of a traced run: (position, natural?)."""


def room_ok(search: Search, result: SearchResult) -> bool:
    """Whether the plan's melds (or an all-wild meld) really take every spare wild, as roomy mode assumed."""
    if result.spare == 0 or (search.absorber and result.spare >= 3):
        return True
    ctx = search.ctx
    cap = ctx.set_cap or 99
    room = 0
    laid: dict[int, int] = {}
    for plan in result.suit_plans:
        room += sum(ctx.maxlen - len(run.cells) - run.ext for run in plan.runs)
        room += len(plan.singles) * (cap - 3)
        for index, cells in (*plan.left.items(), *plan.right.items()):
            laid[index] = laid.get(index, 0) + len(cells)
    for _, (groups, layoffs, _rescues) in result.sets:
        room += sum(cap - max(3, len(group)) for group in groups)
        for index, suits in layoffs:
            laid[index] = laid.get(index, 0) + len(suits)
    room += sum(max(0, run.room - laid.get(run.index, 0)) for run in search.runs)
    room += sum(max(0, table.room - laid.get(table.index, 0)) for table in search.sets)
    for kind, length in result.all_wild:
        room += (cap - length) if kind == "set" else ctx.maxlen - length
    return room >= result.spare


def space_runs(search: Search, result: SearchResult) -> bool:
    """Whether the plan of the fast pass (which lets contract runs share places) can be laid out with
    no two contract runs of a suit overlapping (A-R1-08), and so is a plan under that rule too.

    The pass marks every run of a contract type, also beyond the contract's count (the surplus goes
    down as extra melds, outside the rule), so the contract is first chosen among the marked runs;
    then among other runs long enough without extension wilds, also after cutting one run in two
    (same cards, same value: a long run of a stretch often holds two contract runs side by side), and
    last after regrouping the cards of one suit's runs into other runs (``_regroupings``: two runs that
    overlap may hold two contract runs side by side and a short run across their meeting point).
    """
    low = search.ctx.low
    if spaced(result, low):
        return True
    ctx = search.ctx
    lengths = [length for length, _ in ctx.run_types]
    wanted = [n for kind, n in zip(ctx.kinds, ctx.need, strict=True) if kind == "run"]
    parts = Counter(run.part for plan in result.suit_plans for run in plan.runs if run.part is not None)
    needs = sorted((j, min(n, wanted[j])) for j, n in parts.items())
    for plan, i, cut in [(None, 0, 0), *_cuts(result, search.ctx.min_nat)]:
        if plan is not None:
            whole = plan.runs[i]
            plan.runs[i : i + 1] = [ClosedRun(whole.cells[:cut]), ClosedRun(whole.cells[cut:])]
        if _redesignate(search, result, lengths, needs):
            return True
        if plan is not None:
            plan.runs[i : i + 2] = [whole]
    for plan, runs in _regroupings(result, ctx.maxlen, ctx.min_nat):
        kept, plan.runs = plan.runs, runs
        if _redesignate(search, result, lengths, needs):
            return True
        plan.runs = kept
    return False


def _redesignate(search: Search, result: SearchResult, lengths: list[int], needs: list[tuple[int, int]]) -> bool:
    """Choose which runs fill the contract's run parts (``needs``: how many of each type) so that they
    can be spaced; a run a little short may take spare wilds as extension. False (plan as it was)
    when no choice tried can."""
    runs = [run for plan in result.suit_plans for run in plan.runs]
    original = [(run.part, run.ext) for run in runs]
    spare = result.spare
    choices = []
    for j, n in needs:
        fits = [
            i
            for i, run in enumerate(runs)
            if original[i][0] == j
            or (
                original[i][0] is None
                and not run.ext
                and len(run.cells) + spare >= lengths[j]
                and max(len(run.cells), lengths[j]) <= search.ctx.maxlen
            )
        ]
        choices.append([(j, combo) for combo in combinations(fits, n)])
    for tried, pick in enumerate(product(*choices)):
        if tried >= _REDESIGNATIONS:
            break
        chosen = [i for _, combo in pick for i in combo]
        if len(set(chosen)) < len(chosen):
            continue
        extra = [
            (i, lengths[j] - len(runs[i].cells))
            for j, combo in pick
            for i in combo
            if original[i][0] is None and len(runs[i].cells) < lengths[j]
        ]
        used = sum(n for _, n in extra)
        if used > spare:
            continue
        for run, (_, ext) in zip(runs, original, strict=True):
            run.part, run.ext = None, ext
        for j, combo in pick:
            for i in combo:
                runs[i].part = j
        for i, n in extra:
            runs[i].ext = n
        result.spare = spare - used
        if spaced(result, search.ctx.low) and (not used or room_ok(search, result)):
            return True
    for run, (part, ext) in zip(runs, original, strict=True):
        run.part, run.ext = part, ext
    result.spare = spare
    return False


def _cuts(result: SearchResult, min_nat: int) -> list[tuple[SuitPlan, int, int]]:
    """(suit plan, run index, cut) for every way to cut one run without extension wilds into two runs
    of at least three cards (each with a natural where the rules want one)."""
    out = []
    for plan in result.suit_plans:
        for i, run in enumerate(plan.runs):
            if run.ext:
                continue
            for cut in range(3, len(run.cells) - 2):
                pieces = (run.cells[:cut], run.cells[cut:])
                if min_nat and not all(any(natural for _, natural in piece) for piece in pieces):
                    continue
                out.append((plan, i, cut))
    return out[:_CUTS]


def _regroupings(result: SearchResult, maxlen: int, min_nat: int) -> Iterator[tuple[SuitPlan, list[ClosedRun]]]:
    """(suit plan, its runs regrouped) for other ways to lay the cards of a suit's runs without extension wilds
    as runs of three cards or more (``_groupings``, at most ``_REGROUPINGS`` per suit): the same cards, so the
    same value. Only suits with two such runs or more, since only there do contract runs overlap."""
    for plan in result.suit_plans:
        loose = [run for run in plan.runs if not run.ext]
        if len(loose) < 2:
            continue
        fixed = [run for run in plan.runs if run.ext]
        current = sorted(tuple(run.cells) for run in loose)
        cells = Counter(cell for run in loose for cell in run.cells)
        for grouping in islice(_groupings(cells, maxlen, min_nat), _REGROUPINGS):
            if sorted(grouping) != current:
                yield plan, [*fixed, *(ClosedRun(list(cells)) for cells in grouping)]


def _groupings(cells: Counter[Cell], maxlen: int, min_nat: int) -> Iterator[list[tuple[Cell, ...]]]:
    """Every way to lay ``cells`` (of one suit) as runs of 3 to ``maxlen`` places, each with a natural where the
    rules want one, longest first: the lowest card left begins a run, which takes a natural at each place where
    one is left (else a wild); the rest are laid the same way."""
    if not +cells:
        yield []
        return
    start = min(p for (p, _), n in cells.items() if n)
    run: list[Cell] = []
    left = Counter(cells)
    ends = []
    for p in range(start, start + maxlen):
        cell = (p, True) if left[(p, True)] else (p, False)
        if not left[cell]:
            break
        left[cell] -= 1
        run.append(cell)
        if len(run) >= 3 and (not min_nat or any(natural for _, natural in run)):
            ends.append((tuple(run), +left))
    for piece, rest in reversed(ends):
        for tail in _groupings(rest, maxlen, min_nat):
            yield [piece, *tail]


def spaced(result: SearchResult, low: int) -> bool:
    """Place the extension wilds of the contract runs of each suit so that no two overlap (A-R1-08):
    whether that is possible (each run's ``trail`` is set on the way)."""
    for plan in result.suit_plans:
        runs = sorted((run for run in plan.runs if run.part is not None), key=lambda run: run.cells[0][0])
        for run in runs:
            room_below = run.cells[0][0] - low
            run.trail = max(0, run.ext - room_below)
        for first, second in pairwise(runs):
            gap = second.cells[0][0] - first.cells[-1][0] - 1
            above = ACE_POS - second.cells[-1][0]
            second.trail = min(second.ext, above)
            lead = second.ext - second.trail
            if first.trail + lead > gap:
                return False
        for run in runs:
            if run.cells[-1][0] + run.trail > ACE_POS:
                return False
    return True
