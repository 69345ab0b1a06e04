"""The solver's generational memo table: what it keeps, what it forgets, and that it frees gradually."""

from __future__ import annotations

from push_learn.rummy.solver.memo import Memo, trim_oldest


def test_entries_in_use_survive_and_unused_ones_are_forgotten() -> None:
    table = Memo(8)  # generations of four entries
    for key in "abcd":
        table[key] = key.upper()  # the fourth fills the young generation, which becomes the old one
    assert set(table.old) == set("abcd") and not table.young
    assert table.get("a") == "A"  # a hit in the old generation is copied to the young one
    for key in "efg":
        table[key] = key.upper()  # young (a e f g) turns old; the old one (a b c d) starts dying
    assert table.get("a") == "A" and table.get("g") == "G"
    assert table.get("b") is None  # not asked for during a whole generation: forgotten
    assert len(table) == 6  # a e f g old, and the two hits a and g young again


def test_a_generation_is_freed_one_entry_per_new_entry() -> None:
    table = Memo(200)
    for n in range(1_000):
        generations_before = (table.young, table.old)
        table[n] = n
        if table.young is not generations_before[0]:  # the generations just turned
            assert not generations_before[1] or table.dying is generations_before[1]
            assert len(table.dying) <= 100
        # never more than a generation and a half alive, and the dying one empties before the next turn
        assert len(table.dying) + len(table) <= 300
        assert len(table.dying) <= table.half - len(table.young)
    table.clear()
    assert len(table) == 0 and not table.dying and table.get(999) is None


def test_trim_oldest_forgets_the_older_half() -> None:
    table = {n: n for n in range(10)}
    trim_oldest(table, 8)
    assert list(table) == [5, 6, 7, 8, 9]
    trim_oldest(table, 8)
    assert len(table) == 5


def test_traced_transitions_are_memoised_as_plain_tuples() -> None:
    """A traced sweep steps a state once (D-SOL-19) and keeps the answer as plain tuples (no dicts)."""
    from push_learn.rummy import PUSH
    from push_learn.rummy.solver.encoding import Ctx
    from push_learn.rummy.solver.sweep import sweep_of

    traced = sweep_of(Ctx.from_rules(PUSH, (("run", 4),)), True, True, True, (), True)
    first = traced.step(((), 0), 5, 1, None, False, False)
    assert first and traced.step(((), 0), 5, 1, None, False, False) is first
    for _target, info in first:
        assert info and all(isinstance(key, tuple) and isinstance(how, tuple) for key, how in info)
