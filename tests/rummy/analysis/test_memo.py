"""The solver's generational memo table: what it keeps, what it forgets, and that it frees gradually."""

from __future__ import annotations

import gc
import random

from push_learn.cards import make_deck
from push_learn.rummy import PUSH
from push_learn.rummy.solver import best_go_down, best_turn, clear_caches
from push_learn.rummy.solver.memo import Memo, Settled, settled, shared, trim_oldest


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

    traced = sweep_of(Ctx.from_rules(PUSH, (("run", 4),)), True, True, True, ())
    first = traced.step(((), 0), 5, 1, None, False, False)
    assert first and traced.step(((), 0), 5, 1, None, False, False) is first
    for _target, info in first:
        assert info and all(isinstance(key, tuple) and isinstance(how, tuple) for key, how in info)


def _ask_big_questions(seed: int) -> None:
    """From empty memo tables, a go-down and a full turn for five random 30-card hands (deals 1 to 5)."""
    clear_caches()
    rng = random.Random(seed)
    pack = make_deck(2, 4)
    for deal in (1, 2, 3, 4, 5):
        hand = rng.sample(pack, 30)
        best_go_down(hand, PUSH, deal)
        best_turn(hand, PUSH)


def _kept_tuples() -> list[tuple]:
    """Every key and value of the memo tables whose nested values ``settled`` flattens for the collector."""
    from push_learn.rummy.solver import ranks
    from push_learn.rummy.solver.sweep import Sweep

    kept: list[tuple] = []
    for memo in (ranks._QUESTIONS, ranks._ARRANGEMENTS):
        kept += [item for pair in memo.items() for item in pair]
    for sweep in [obj for obj in gc.get_objects() if isinstance(obj, Sweep)]:
        kept += [item for pair in sweep._local.items() for item in pair]
        for table in (sweep._traced.young, sweep._traced.old, sweep._traced.fresh):
            kept += [item for pair in table.items() for item in pair]
    return kept


def _built_from_shared_parts(item: tuple) -> bool:
    """Whether ``item`` and every tuple nested in it are the shared copies ``settled`` hands out."""
    from push_learn.rummy.solver.memo import _SHARED

    return _SHARED.get(item) is item and all(
        _built_from_shared_parts(part) for part in item if type(part) is tuple
    )


def test_every_memo_key_and_value_is_built_from_shared_parts() -> None:
    """D-SOL-35: the memo tables keep only settled tuples (the mechanism the collector test below relies on).

    Deterministic, unlike the collector's timing: it fails for any memo that stores a value it did not settle."""
    _ask_big_questions(5)
    kept = _kept_tuples()
    assert len(kept) > 1_000
    assert [item for item in kept if not _built_from_shared_parts(item)][:3] == []


def test_segment_and_transition_memos_keep_shared_pairs_with_shared_keys() -> None:
    """D-SOL-60: the (key, value) pairs of the segment memos and of the sweeps' transitions are shared copies, and so
    are their keys: a new key that only its new pair held was moved behind the pair while a collection looked for
    garbage, and the pair and all that held it reached the oldest generation still tracked."""
    from push_learn.rummy.solver import suits
    from push_learn.rummy.solver.sweep import Sweep

    _ask_big_questions(5)
    pairs: list[tuple] = []
    for memo in (suits._BACKWARD, suits._SOLVED):
        for table in (memo.young, memo.old, memo.fresh):
            pairs += [pair for value in table.values() for pair in value[1:]]
    for sweep in [obj for obj in gc.get_objects() if isinstance(obj, Sweep)]:
        for table in (sweep._moves.young, sweep._moves.old, sweep._moves.fresh):
            pairs += [pair for moves in table.values() for _state, _number, delta in moves for pair in delta]
    assert len(pairs) > 1_000
    assert [pair for pair in pairs if not _built_from_shared_parts(pair)][:3] == []


def test_full_collections_untrack_the_memo_values_level_by_level_sooner_than_unsettled_ones() -> None:
    """D-SOL-35: a value nested four deep (a sweep's trace information, a rank's question) took a collection per
    level to untrack, so many reached the oldest generation still tracked and every full collection walked them
    again; built from shared copies (``settled``), most are untracked by the first full collection.

    How many stay tracked depends on when the collector last ran, which the test cannot choose: of 4,070 values,
    after one full collection 17 to 206 with settling and 284 to 510 without; after two, 2 to 42 with and 117 to
    274 without (measured in session 34 with the collector in many states; a CI run met 206 after one, so this
    test no longer bounds the first). It bounds the second at 1 in 50 (81), halfway between. The memo's
    structure itself is checked exactly by the test above; the last check finds any list or dict kept in a
    value (never untracked)."""
    _ask_big_questions(5)
    gc.collect()  # full collections: questions, not a switch (D-SOL-17)
    gc.collect()
    kept = _kept_tuples()
    tracked = [item for item in kept if gc.is_tracked(item)]
    assert len(tracked) <= len(kept) // 50, tracked[:3]
    for _ in range(8):  # at worst a level per collection, and these values are nested at most eight deep
        gc.collect()
    assert [item for item in tracked if gc.is_tracked(item)][:3] == []


def test_settled_values_share_their_parts_and_equal_the_originals() -> None:
    value = ((1, (2, (3, 4))), (2, (3, 4)), "x", None)
    flat = settled(value)
    assert flat == value and flat[0][1] is flat[1] is shared((2, (3, 4)))
    assert settled(flat) is flat


def test_a_settled_table_takes_only_what_the_collector_has_let_go() -> None:
    """D-SOL-38: new tuples wait in ``fresh``; the table proper takes them once the collector has seen them, so it is
    never tracked itself and full collections skip it, however big it grows."""
    memo = Settled(10_000, batch=100)
    bound_get = memo.table.get
    for n in range(1_000):
        memo.put((n, n + 1), (n * 2,))
        assert not gc.is_tracked(memo.table)
    assert len(memo) == 1_000 and memo.table  # each batch moved what the collector had seen by then
    gc.collect()  # the collector sees the rest (a question, not a switch: D-SOL-17)
    for n in range(1_000, 1_100):
        memo.put((n, n + 1), (n * 2,))
    assert len(memo.table) >= 1_000 and len(memo.fresh) <= 100 and not gc.is_tracked(memo.table)
    assert memo.get((5, 6)) == (10,) and memo.get((999, 1000)) == (1998,) and memo.get((1, 1)) is None
    memo.clear()
    assert memo.table.get is not None and bound_get((5, 6)) is None and len(memo) == 0  # cleared in place


def test_a_settled_table_forgets_its_oldest_entries_a_batch_at_a_time() -> None:
    memo = Settled(300, batch=100)
    for n in range(1_000):
        memo.put(n, n)
        assert len(memo.table) <= 300 and len(memo.fresh) <= 100
    assert memo.get(999) == 999 and memo.get(0) is None and min(memo.table) >= 600


def test_a_settled_table_keeps_waiting_what_the_collector_still_tracks() -> None:
    memo = Settled(1_000, batch=4)
    held = [[n] for n in range(10)]  # lists: the collector tracks them for as long as they live
    for n, item in enumerate(held):
        memo.put(n, item)
    assert not memo.table and len(memo.fresh) == 10 and memo.get(3) == [3]
    crowded = Settled(8, batch=4)  # half the limit waiting: all move rather than grow
    for n, item in enumerate(held[:4]):
        crowded.put(n, item)
    assert len(crowded.table) == 4 and not crowded.fresh


def test_the_solver_s_big_tables_stay_out_of_the_collector_s_walk() -> None:
    """After real questions the shared copies, the cover tables and the rank tables are settled dicts the collector
    does not track (each new entry went through ``fresh``)."""
    from push_learn.rummy.solver import cover, memo, ranks

    _ask_big_questions(7)
    tables = [memo._SHARED, cover._RUN_SHARES, cover._SUIT_SHARES, cover._RUN_OPTIONS, ranks._QUESTIONS]
    assert all(len(table) for table in tables)
    assert [gc.is_tracked(table.table) for table in tables] == [False] * len(tables)


def test_a_sweep_s_own_memo_stays_out_of_the_collector_s_walk() -> None:
    """D-SOL-60: each kind of segment's leftovers, continuations and closings are kept in a settled table, which the
    collector does not walk; they were plain dicts that every new tuple tracked again, and the 256 sweeps kept
    held some 40,000 entries that every full collection walked."""
    from push_learn.rummy.solver.sweep import Sweep

    _ask_big_questions(7)
    sweeps = [obj for obj in gc.get_objects() if isinstance(obj, Sweep)]
    assert sum(len(sweep._local.table) for sweep in sweeps) > 1_000
    assert [sweep for sweep in sweeps if gc.is_tracked(sweep._local.table)][:3] == []
