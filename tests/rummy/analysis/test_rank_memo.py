"""The search's memo of rank questions: plain numbers only, and the same answers as the unmemoised ``arrange_rank``."""

from __future__ import annotations

from itertools import product

from push_learn.rummy import PUSH
from push_learn.rummy.solver import ranks
from push_learn.rummy.solver.encoding import Ctx, TableSetInfo


def _plain(value: object) -> bool:
    """Whether ``value`` is a number, a truth value, None, or a tuple of such (nested at any depth)."""
    if isinstance(value, tuple):
        return all(_plain(item) for item in value)
    return value is None or isinstance(value, (bool, int))


def test_the_memo_holds_plain_numbers_and_answers_as_arrange_rank() -> None:
    """Keys and values of the search's rank memo are tuples of numbers (which the garbage collector stops
    tracking, D-SOL-20), with or without table sets, and valued per search they are ``arrange_rank``'s options."""
    ranks.clear_rank_caches()
    ctx = Ctx.from_rules(PUSH, (("set", 3), ("set", 3)))
    table = (TableSetInfo(0, 7, 0b0011, 2, 3, 1, (2,)),)
    for counts, tables in (((1, 1, 0, 2), ()), ((1, 0, 1, 0), table), ((0, 2, 1, 1), table)):
        alone = (False, False, False, False)
        plain = ranks.plain_question(ctx, counts, tables, True, True, alone)
        options = {x: (entries, how) for x, entries, how in ranks.options_of(plain, 7)}
        expected = {}
        for x in product(*(range(n + 1) for n in counts)):
            entries, how = ranks.arrange_rank(ctx, x, tables, True, True)
            if entries:
                expected[x] = ({key: 7 * sum(x) for key in entries}, how)
        assert options == expected
        assert plain[1] == any(any(x) for x in options)
    memo = {key: value for table in (ranks._QUESTIONS, ranks._ARRANGEMENTS) for key, value in table.items()}
    assert memo and all(_plain(key) and _plain(value) for key, value in memo.items())
    ranks.clear_rank_caches()
    assert not ranks._QUESTIONS and not ranks._ARRANGEMENTS
