"""The suit layer sees a table run by its shape only (D-SOL-25), and the trace re-steps one transition (D-SOL-26)."""

from __future__ import annotations

from push_learn.rummy import PUSH
from push_learn.rummy.solver import suits
from push_learn.rummy.solver.encoding import Ctx, TableRunInfo
from push_learn.rummy.solver.suits import OPEN, SuitProblem, solve_suit, trace_suit
from push_learn.rummy.solver.sweep import sweep_of

CTX = Ctx.from_rules(PUSH)


def _problem(run: TableRunInfo) -> SuitProblem:
    """Naturals at 4, 5, 9 and 10 of one suit around a table run 6..8 with a rescuable wild at 7."""
    counts = [0] * 15
    for position in (4, 5, 9, 10):
        counts[position] = 1
    return SuitProblem(
        CTX, 4, 10, tuple(counts), (None,) * 15, (False,) * 4 + (True,) * 7 + (False,) * 4,
        False, (run,), True, True, 16,
    )


def test_runs_of_one_shape_on_different_tables_share_the_sweep_and_the_answer() -> None:
    """The run's place on the table, its suit and where its wild sits among its cards change nothing but the
    table index the plan lays off on."""
    suits.clear_suit_caches()
    first = _problem(TableRunInfo(0, 0, 6, 8, 2, ((7, 1),)))
    second = _problem(TableRunInfo(5, 3, 6, 8, 2, ((7, 2),)))
    assert suits._sweep_for(first) is suits._sweep_for(second)
    answer = solve_suit(first)
    assert answer and solve_suit(second) == answer
    goal = max(answer, key=answer.__getitem__)
    value, plan = trace_suit(first, goal, OPEN)
    other_value, other_plan = trace_suit(second, goal, OPEN)
    assert value == other_value == answer[goal]
    assert plan.runs == other_plan.runs and plan.rescues == other_plan.rescues
    assert list(plan.left.values()) == list(other_plan.left.values()) and set(other_plan.left) <= {5}
    assert set(plan.right) == {0} and set(other_plan.right) == {5} and plan.right[0] == other_plan.right[5]
    # a run of another shape is another kind of segment
    assert suits._sweep_for(_problem(TableRunInfo(0, 0, 6, 8, 1, ((7, 1),)))) is not suits._sweep_for(first)


def test_stepping_towards_one_state_gives_that_transition_of_the_full_step() -> None:
    traced = sweep_of(Ctx.from_rules(PUSH, (("run", 4),)), True, True, True, ())
    for state in (((), 0), (((0, 2, 0, 0),), 0), (((0, 3, 1, 1),), 0)):
        every = traced.step(state, 6, 2, None, True, False)
        assert every
        for target, info in every:
            assert traced.step_to(state, 6, 2, None, True, False, target) == info


def test_equal_contexts_and_run_shapes_are_one_object_each() -> None:
    """Sweeps and segment kinds keep contexts and run shapes alive, and the garbage collector walks each object kept
    at every full collection: equal ones are kept once, however many questions build them."""
    assert Ctx.from_rules(PUSH, (("run", 4),), k=3) is Ctx.from_rules(PUSH, (("run", 4),), k=3)
    assert Ctx.from_rules(PUSH, (("run", 4),), k=3) is not Ctx.from_rules(PUSH, (("run", 4),), k=4)
    suits.clear_suit_caches()
    first = suits._shapes((TableRunInfo(0, 0, 6, 8, 2, ((7, 1),)), TableRunInfo(1, 0, 10, 12, 2, ())))
    second = suits._shapes((TableRunInfo(4, 2, 6, 8, 2, ((7, 2),)), TableRunInfo(6, 2, 10, 12, 2, ())))
    alone = suits._shapes((TableRunInfo(3, 1, 6, 8, 2, ((7, 1),)),))
    assert first is second
    assert alone[0] is first[0] and alone is not first
