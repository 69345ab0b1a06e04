"""Memo values the garbage collector stops tracking early (D-SOL-33): flat tuples, shared parts, or bytes.

The collector untracks one level of new nested tuples per collection, so a value nested three new tuples
deep reached the oldest generation still tracked; these tests pin the flat forms that avoid it.
"""

from __future__ import annotations

from itertools import product

from push_learn.rummy import PUSH
from push_learn.rummy.solver import clear_caches, ranks
from push_learn.rummy.solver.encoding import Ctx, TableSetInfo
from push_learn.rummy.solver.memo import deep_shared, shared
from push_learn.rummy.solver.sweep import Sweep, sweep_of


def _flat(value: object) -> bool:
    """A tuple of numbers, truth values, text or None: no tuple inside."""
    return isinstance(value, tuple) and not any(isinstance(item, tuple) for item in value)


def _all_shared(value: tuple) -> bool:
    """Every tuple nested in ``value`` (not ``value`` itself) is the shared copy of its kind."""
    return all(
        shared(item) is item and _all_shared(item) for item in value if isinstance(item, tuple)
    )


def _entries(table: object) -> list[tuple[object, object]]:
    """A memo's (key, value) pairs, whether a plain dict or a generational ``Memo``."""
    if isinstance(table, dict):
        return list(table.items())
    return [pair for part in (table.young, table.old, table.dying) for pair in part.items()]  # type: ignore[attr-defined]


def test_deep_shared_answers_an_equal_tuple_built_of_shared_parts() -> None:
    clear_caches()
    first = deep_shared(((1, 2), ((3, None), (4,)), 5))
    assert first == ((1, 2), ((3, None), (4,)), 5)
    assert first[0] is shared((1, 2)) and first[1][0] is shared((3, None)) and _all_shared(first)
    again = deep_shared((tuple([1, 2]), (tuple([3, None]), tuple([4])), 5))  # new equal parts: the kept copy
    assert again is first


def _walk(sweep: Sweep) -> None:
    """Step a sweep along a few positions, reading back each chosen transition as a plan would."""
    state: tuple = ((), 0)
    for p, n in zip(range(3, 10), (1, 2, 1, 1, 2, 1, 1), strict=True):
        steps = sweep.step(state, p, n, (0, 2), True, False)
        assert steps
        target, info = max(steps, key=lambda step: len(step[0][0]))  # a state with open runs, when there is one
        assert sweep.step_to(state, p, n, (0, 2), True, False, target) == info
        state = target


def test_a_sweeps_memos_hold_flat_values_shared_items_and_packed_traces() -> None:
    clear_caches()  # new sweeps, and shared copies that are not forgotten while the test runs (memo._SHARED_LIMIT)
    for kinds in ((("run", 4),), (("set", 3), ("run", 4))):
        sweep = sweep_of(Ctx.from_rules(PUSH, kinds), True, True, True, (), True)
        _walk(sweep)
        leftovers, closings, continuations = sweep._vo.items(), sweep._close.items(), sweep._cont.items()
        assert leftovers and closings and continuations
        for _key, value in [*leftovers, *closings]:
            assert isinstance(value, tuple) and all(_flat(way) for way in value)
        for _key, value in continuations:
            assert all(isinstance(option, tuple) and _all_shared(option) for option in value)
            assert all(_flat(option[0]) for option in value)
        packed = [value for key, value in _entries(sweep._traced) if isinstance(key, tuple) and len(key) == 7]
        assert packed and all(isinstance(value, bytes) for value in packed)


def test_rank_memo_keys_are_flat_and_values_are_built_of_shared_parts() -> None:
    clear_caches()
    ctx = Ctx.from_rules(PUSH, (("set", 3), ("set", 3)))
    table = (TableSetInfo(0, 7, 0b0011, 2, 3, 1, (2,)),)
    for counts, tables in (((1, 1, 0, 2), ()), ((1, 0, 1, 0), table), ((0, 2, 1, 1), table)):
        ranks.plain_question(ctx, counts, tables, True, True, (False, True, False, False))
    assert ranks._QUESTIONS and ranks._ARRANGEMENTS
    for key, value in [*ranks._QUESTIONS.items(), *ranks._ARRANGEMENTS.items()]:
        assert _flat(key)
        assert _all_shared(value)
    same = ranks.plain_question(ctx, (1, 1, 0, 2), (), True, True, (False, True, False, False))
    for x in product(range(2), range(2), range(1), range(3)):
        assert all(option[0] != x or option[0] is shared(x) for option in same[0])
    ranks.clear_rank_caches()
