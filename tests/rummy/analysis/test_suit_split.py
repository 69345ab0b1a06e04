"""Where a segment's sweep is split, and the dead ends it skips (issue 27): neither changes a suit's map, and a
node of the search splits where it re-steps least."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from push_learn.rummy import PUSH
from push_learn.rummy.solver import suits
from push_learn.rummy.solver.encoding import Ctx, TableRunInfo
from push_learn.rummy.solver.entries import Entries, combine
from push_learn.rummy.solver.search import child_pivot
from push_learn.rummy.solver.suits import OPEN, SuitProblem, solve_suit
from push_learn.rummy.solver.sweep import LUMP, state_id

CONTRACTS = [Ctx.from_rules(PUSH), Ctx.from_rules(PUSH, (("run", 4),)), Ctx.from_rules(PUSH, (("run", 4), ("run", 4)))]


def _problem(ctx: Ctx, naturals: dict[int, int], runs: tuple[TableRunInfo, ...] = ()) -> SuitProblem:
    """A segment from the lowest to the highest position given, ``naturals[p]`` naturals at ``p``."""
    counts = [0] * 15
    for position, count in naturals.items():
        counts[position] = count
    occupied = [*naturals, *(p for run in runs for p in (run.a, run.b))]
    start, end = min(occupied), max(occupied)
    return SuitProblem(
        ctx, start, end, tuple(counts), (None,) * 15, (False,) * 3 + (True,) * 12, False, runs, bool(runs),
        bool(runs), 16,
    )


def _random_naturals(rng: random.Random) -> dict[int, int]:
    """Up to seven naturals of one suit at random places (some positions twice, some gaps)."""
    naturals: dict[int, int] = {}
    for position in rng.sample(range(3, 15), rng.randint(1, 6)):
        naturals[position] = rng.choice((1, 1, 2))
    return naturals


def test_every_split_of_a_segment_gives_the_same_map_in_the_same_order() -> None:
    """A question with no pivot of its own is split in the middle (segments without table runs): the map, its
    values and its order are those of a sweep from the start and of every other split, from empty tables and
    from tables filled by the other splits."""
    rng = random.Random(27)
    for _ in range(25):
        ctx = rng.choice(CONTRACTS)
        problem = _problem(ctx, _random_naturals(rng))
        suits.clear_suit_caches()
        whole = solve_suit(problem, problem.start - 1)
        least = problem.weight - 10
        for pivot in (None, *range(problem.start, problem.end + 1)):
            for cold in (True, False):
                if cold:
                    suits.clear_suit_caches()
                asked = solve_suit(problem, pivot, 10)  # may hold more (a map kept with a larger slack)
                assert [pair for pair in asked.items() if pair[1] > least] == [
                    pair for pair in whole.items() if pair[1] > least
                ]
                assert list(solve_suit(problem, pivot).items()) == list(whole.items())


def test_a_segment_map_paired_with_the_empty_entry_is_itself_in_its_own_order() -> None:
    """A suit's map starts as its first segment's map as it is (``NodeValues.segments_entries``): pairing that with
    the empty entry gives the same entries in the same order, with and without spare room to track, and for maps
    asked with a slack (which may hold more entries, kept from a larger one)."""
    rng = random.Random(57)
    contexts = [*CONTRACTS, Ctx.from_rules(PUSH, (("run", 4),), 3), Ctx.from_rules(PUSH, (("set", 3),), 2)]
    for _ in range(40):
        ctx = rng.choice(contexts)
        problem = _problem(ctx, _random_naturals(rng))
        for slack in (OPEN, 10, 25):
            solved = solve_suit(problem, None, slack)
            assert list(combine({(0, 0, 0, 0): 0}, solved, ctx, problem.wcap2).items()) == list(solved.items())


def test_a_question_without_a_pivot_splits_a_run_free_segment_in_the_middle() -> None:
    """The forward half is memoised for a segment without table runs; one with a table run (a kind of segment
    another table rarely meets again) is still swept from its start."""
    ctx = CONTRACTS[1]
    suits.clear_suit_caches()
    solve_suit(_problem(ctx, {4: 1, 5: 1, 6: 1, 8: 1, 9: 2, 10: 1}))
    assert len(suits._FORWARD) > 0
    suits.clear_suit_caches()
    solve_suit(_problem(ctx, {4: 1, 5: 1, 9: 1, 10: 1}, (TableRunInfo(0, 0, 6, 8, 2, ()),)))
    assert len(suits._FORWARD) == 0


def test_a_bridged_run_takes_one_more_wild_until_it_may_not() -> None:
    sweep = suits._sweep_for(_problem(CONTRACTS[0], {5: 1}))
    assert sweep.bridged((0, 1, 0, 0), 6) == (0, 2, 1, 0)
    assert sweep.bridged((0, 3, 1, 0), 7) == (0, 4, 2, 0)  # two naturals and a wild may bridge one more
    assert sweep.bridged((0, 4, 1, 0), 8) is None  # three naturals and a wild may not
    assert sweep.bridged((0, LUMP, 1, 0), 9) is None


def test_a_stranded_state_is_one_the_sweep_finds_no_way_on_from(monkeypatch: pytest.MonkeyPatch) -> None:
    """A run bridging a gap it may not cross, or still open where the segment ends, is stranded; every state
    found stranded in random segments has no way to the segment's end (an empty backward map, swept without
    the shortcut), and a run that can reach the next natural is not stranded."""
    problem = _problem(CONTRACTS[0], {5: 1, 6: 1, 7: 1, 9: 1, 13: 1})
    sweep = suits._sweep_for(problem)
    assert not suits._stranded(problem, sweep, (((0, 3, 0, 0),), 0), 7)  # a wild at 8 reaches the natural at 9
    assert suits._stranded(problem, sweep, (((0, 4, 0, 0),), 0), 9)  # 10, 11 and 12 empty: one wild at most
    assert suits._stranded(problem, sweep, (((0, 1, 0, 0),), 0), 13)  # open where the segment ends
    assert not suits._stranded(problem, sweep, ((), 0), 13)
    is_stranded = suits._stranded
    monkeypatch.setattr(suits, "_stranded", lambda *_: False)
    suits.clear_suit_caches()
    rng = random.Random(31)
    stranded = 0
    for _ in range(30):
        ctx = rng.choice(CONTRACTS)
        problem = _problem(ctx, _random_naturals(rng))
        fam, data, _ = suits._numbers(problem)
        sweep = suits._sweep_for(problem)
        states = [(suits._START, problem.start - 1)]
        for state, q in states:
            if q >= problem.end:
                continue
            p = q + 1
            n, phi, disc = problem.counts[p], problem.phi[p], problem.disc[p]
            for target, tid, _delta in sweep.moves(
                state, state_id(state), p, n, phi, disc, p == problem.end, data[p - problem.start]
            ):
                if is_stranded(problem, sweep, target, p):
                    stranded += 1
                    assert suits._backward(problem, sweep, fam, data, p, target, tid, OPEN) == ()
                elif (target, p) not in states:
                    states.append((target, p))
    assert stranded > 10


class _Misses:
    """A memo table that records the keys it was asked for and did not hold."""

    def __init__(self, table: object) -> None:
        self.table = table
        self.missed: list[tuple] = []

    def get(self, key: tuple) -> object:
        found = self.table.get(key)  # type: ignore[attr-defined]
        if found is None:
            self.missed.append(key)
        return found

    def __setitem__(self, key: tuple, value: object) -> None:
        self.table[key] = value  # type: ignore[index]


def _restepped(monkeypatch: pytest.MonkeyPatch, problem: SuitProblem, pivot: int) -> tuple[int, Entries]:
    """How many forward prefixes and backward suffixes a sweep split at ``pivot`` steps because no memo table
    holds them, and its map."""
    forward, backward = _Misses(suits._FORWARD), _Misses(suits._BACKWARD)
    monkeypatch.setattr(suits, "_FORWARD", forward)
    monkeypatch.setattr(suits, "_BACKWARD", backward)
    answer = solve_suit(problem, pivot)
    monkeypatch.setattr(suits, "_FORWARD", forward.table)
    monkeypatch.setattr(suits, "_BACKWARD", backward.table)
    return len(forward.missed) + len(backward.missed), answer


def _less(problem: SuitProblem, position: int) -> SuitProblem:
    """``problem`` with one natural fewer at ``position`` (the search sent it to a set)."""
    counts = list(problem.counts)
    counts[position] -= 1
    return replace(problem, counts=tuple(counts))


def test_a_node_splits_its_sweep_where_its_children_re_step_least(monkeypatch: pytest.MonkeyPatch) -> None:
    """A node of the search differs from its parent at one rank, so it re-steps about the same whichever split
    between that rank and its parent's pivot it takes; ``child_pivot`` takes the one nearest the next rank to
    be decided. Down a path that decides ranks out of order (6, then 10, then 5, as the search's order often
    does), the sweeps then step fewer prefixes and suffixes in all than splitting every node just before its
    rank, and every map is the same."""
    ctx = CONTRACTS[0]
    parent = _problem(ctx, {3: 1, 5: 1, 6: 1, 8: 1, 9: 2, 10: 1, 13: 2, 14: 2})
    for rank, above, after in ((6, 7, 10), (10, 7, 5), (5, 9, 8), (13, 4, None)):
        pivot = child_pivot(rank, above, after)
        assert min(rank - 1, above) <= pivot <= max(rank, above)

    def path(rule: Callable[[int, int, int | None], int]) -> tuple[int, list[Entries]]:
        suits.clear_suit_caches()
        problem, above, steps, maps = parent, 7, 0, []
        solve_suit(problem, above)
        ranks = (6, 10, 5)
        for depth, rank in enumerate(ranks):
            above = rule(rank, above, ranks[depth + 1] if depth + 1 < len(ranks) else None)
            problem = _less(problem, rank)
            stepped, answer = _restepped(monkeypatch, problem, above)
            steps += stepped
            maps.append(answer)
        return steps, maps

    ours, theirs = path(child_pivot), path(lambda rank, _above, _after: rank - 1)
    assert ours[1] == theirs[1]
    assert ours[0] < theirs[0], (ours[0], theirs[0])
