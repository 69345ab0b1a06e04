"""The prices the search's bound charges for sending a rank's naturals to sets while the rank is open.

The bound is only true if, for every real way to arrange a rank's naturals into sets (with lay-offs
and rescues on the table's sets), the prices of the naturals it uses add up to no more than the wilds
it really needs. The per-copy prices must keep that promise while charging second copies more.
"""

from __future__ import annotations

from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN
from push_learn.rummy.solver.encoding import Ctx, TableSetInfo, isolated
from push_learn.rummy.solver.ranks import (
    arrange_rank,
    copy_prices,
    options_of,
    plain_question,
    relaxed_costs,
    spare_copy_pays,
)


def least_wilds(ctx: Ctx, counts: tuple[int, ...], tables: tuple[TableSetInfo, ...]) -> dict[tuple[int, ...], int]:
    """The fewest half wilds of every real arrangement of every choice of the rank's naturals."""
    out = {}
    for x in product(*(range(n + 1) for n in counts)):
        entries, _ = arrange_rank(ctx, x, tables, True, True)
        if entries and any(x):
            out[x] = min(key[0] for key in entries)
    return out


def table_sets(draw: st.DrawFn) -> tuple[TableSetInfo, ...]:
    """Zero to two table sets of the rank, each with some suits, room and rescuable wilds."""
    sets = []
    for index in range(draw(st.integers(0, 2))):
        suits = draw(st.integers(0, 15))
        wilds = draw(st.integers(0, 2))
        naturals = bin(suits).count("1")
        size = naturals + wilds
        sets.append(TableSetInfo(index, 7, suits, naturals, size, max(0, 4 - size), tuple(range(wilds))))
    return tuple(sets)


@st.composite
def positions(draw: st.DrawFn) -> tuple[Ctx, tuple[int, ...], tuple[TableSetInfo, ...], tuple[bool, ...]]:
    rules = draw(st.sampled_from([PUSH, CAP_IT, SIX_TO_TEN]))
    parts = draw(st.sampled_from([(), (("set", 3), ("set", 3)), (("run", 4), ("run", 4))]))
    ctx = Ctx.from_rules(rules, parts)
    counts = tuple(draw(st.integers(0, 2)) for _ in range(4))
    alone = tuple(draw(st.booleans()) for _ in range(4))
    return ctx, counts, table_sets(draw), alone


@given(positions())
def test_prices_never_exceed_what_a_real_arrangement_needs(position: tuple) -> None:
    ctx, counts, tables, alone = position
    phi = spare_copy_pays(ctx, counts, tables, relaxed_costs(ctx, counts, tables, True, True, alone), alone)
    least = least_wilds(ctx, counts, tables)
    prices = copy_prices(phi, counts, least)
    for x, real in least.items():
        charged = 0
        for s, n in enumerate(x):
            if not n:
                continue
            price = prices[s]
            assert price is not None and len(price) > n, f"suit {s} may send {n} naturals to sets for real"
            charged += price[n]
        assert charged <= real, f"{x} needs {real} half wilds but is charged {charged}"


@given(positions(), st.integers(1, 20))
def test_a_rank_question_gathers_every_option_and_its_prices(position: tuple, weight: int) -> None:
    """The memoised question of a rank: every choice of naturals with a real arrangement (valued at the
    naturals it uses), most naturals first; open exactly when one sends any, then with the rank's prices."""
    ctx, counts, tables, alone = position
    plain = plain_question(ctx, counts, tables, True, True, alone)
    options = options_of(plain, weight)
    expected = {}
    for x in product(*(range(n + 1) for n in counts)):
        entries, arrangement = arrange_rank(ctx, x, tables, True, True)
        if entries:
            expected[x] = ({key: sum(x) * weight for key in entries}, arrangement)
    assert {x: (entries, how) for x, entries, how in options} == expected
    sizes = [sum(x) for x, _, _ in options]
    is_open, phi, prices = plain[1], plain[2], plain[3]
    assert is_open == any(sizes)
    if is_open:
        assert sizes == sorted(sizes, reverse=True)
        assert phi == relaxed_costs(ctx, counts, tables, True, True, alone)
        priced = spare_copy_pays(ctx, counts, tables, phi, alone)
        assert prices == copy_prices(priced, counts, least_wilds(ctx, counts, tables))
    assert plain_question(ctx, counts, tables, True, True, alone) is plain


def test_a_second_heart_costs_more_than_the_first() -> None:
    """Two hearts and a spade of one rank: one set (heart, spade and a wild) is possible, never two hearts
    in sets, so the second heart gets no price at all; with a club too, two sets need more wilds."""
    ctx = Ctx.from_rules(PUSH)
    counts = (0, 0, 2, 1)
    prices = copy_prices(relaxed_costs(ctx, counts, (), True, True), counts, least_wilds(ctx, counts, ()))
    assert prices[2] == (0, 1) and prices[3] == (0, 1)
    counts = (1, 0, 2, 1)
    prices = copy_prices(relaxed_costs(ctx, counts, (), True, True), counts, least_wilds(ctx, counts, ()))
    assert prices[2] is not None and prices[2][2] > 2 * prices[2][1]


def test_an_isolated_natural_carries_the_whole_price_of_its_pair() -> None:
    """A seven of clubs with no club near it and a seven of hearts inside a heart run: the only set is
    both sevens and a wild, so the club pays the wild (two halves) and the heart nothing."""
    ctx = Ctx.from_rules(PUSH)
    counts = (1, 0, 1, 0)
    assert relaxed_costs(ctx, counts, (), True, True) == (1, None, 1, None)
    assert relaxed_costs(ctx, counts, (), True, True, (True, False, False, False)) == (2, None, 0, None)
    assert relaxed_costs(ctx, counts, (), True, True, (True, False, True, False)) == (1, None, 1, None)


def test_the_suit_with_a_spare_copy_carries_the_whole_price_of_its_pair() -> None:
    """Two kings of spades and a king of diamonds: the one set is a spade, the diamond and a wild. The spare spade
    rarely fits a run, so spades pay the wild and the diamond nothing; an isolated diamond, which no run holds
    without two wilds, pays instead. The search's order reads the unchanged halves."""
    ctx = Ctx.from_rules(PUSH)
    counts = (0, 1, 0, 2)
    phi = relaxed_costs(ctx, counts, (), True, True, (False,) * 4)
    assert phi == (None, 1, None, 1)
    assert spare_copy_pays(ctx, counts, (), phi, (False,) * 4) == (None, 0, None, 2)
    assert spare_copy_pays(ctx, counts, (), phi, (False, True, False, False)) == (None, 2, None, 0)
    assert spare_copy_pays(ctx, (0, 1, 0, 1), (), phi, (False,) * 4) == phi
    plain = plain_question(ctx, counts, (), True, True, (False,) * 4)
    assert plain[2] == phi
    assert plain[3] == copy_prices((None, 0, None, 2), counts, least_wilds(ctx, counts, ()))
    assert plain[3][3] == (0, 2) and plain[3][1] == (0, 0)


def test_isolated_looks_two_places_each_way_and_round_the_ace() -> None:
    row = [0] * 15
    row[7] = row[10] = 1
    assert isolated(tuple(row), 7, False) and isolated(tuple(row), 10, False)
    row[9] = 1
    assert isolated(tuple(row), 7, False) is False
    ace = [0] * 15
    ace[14] = ace[3] = 1
    assert isolated(tuple(ace), 14, True) is False and isolated(tuple(ace), 14, False) is True
