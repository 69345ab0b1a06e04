"""The big memo tables' waiting room (``FreshMemo``, D-SOL-28): its generations stay untracked by the collector."""

from __future__ import annotations

import gc

from push_learn.rummy.solver.memo import FreshMemo


def _new(*numbers: int) -> tuple[int, ...]:
    """A new tuple of numbers, one the collector tracks until it has seen it."""
    return tuple(list(numbers))


def test_seen_entries_move_on_and_the_generations_stay_untracked() -> None:
    table = FreshMemo(100, batch=4)
    for n in range(3):
        table[_new(n)] = _new(n, n)
    assert len(table.fresh) == 3 and not table.young
    assert gc.is_tracked(table.fresh)
    gc.collect()  # the collector sees the three entries and stops tracking them
    table[_new(3)] = (3, [3])  # the fourth new entry (holding a list: tracked while it lives) brings a look
    assert len(table.young) == 3 and list(table.fresh) == [(3,)]  # the one still tracked waits
    assert not gc.is_tracked(table.young)
    assert [table.get((n,)) for n in range(5)] == [(0, 0), (1, 1), (2, 2), (3, [3]), None]
    assert len(table) == 4


def test_an_entry_written_again_answers_with_its_newest_value() -> None:
    table = FreshMemo(100, batch=2)
    table[_new(1)] = _new(1)
    gc.collect()
    table[_new(2)] = _new(2)  # (1,) moves on to young
    assert (1,) in table.young
    table[_new(1)] = _new(10)  # written again (say with more slack): waits in fresh
    assert table.get((1,)) == (10,)


def test_entries_the_collector_keeps_tracking_move_on_rather_than_pile_up() -> None:
    table = FreshMemo(8, batch=4)  # generations of four
    for n in range(4):
        table[n] = (n, [n])  # a list inside: tracked for as long as it lives
    assert not table.fresh and len(table) == 4 and table.get(0) == (0, [0])
    table.clear()
    assert len(table) == 0 and table.get(0) is None


def test_clearing_forgets_the_waiting_entries_too() -> None:
    table = FreshMemo(100, batch=8)
    table[_new(1)] = _new(1)
    assert len(table.fresh) == 1
    table.clear()
    assert len(table) == 0 and table.get((1,)) is None
