"""The solver's public questions on hand-picked positions (exactness at large is test_solver_oracle.py)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import pairwise
from typing import Any

import pytest

from push_learn.cards import JOKER, Card, Rank, Suit, parse_card, parse_cards
from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN, six_to_ten
from push_learn.rummy.contracts import meets_contract
from push_learn.rummy.engine import Discard, GoDown, LayOff, NewMeld, Rescue
from push_learn.rummy.melds import Meld, check_meld
from push_learn.rummy.scoring import penalty
from push_learn.rummy.solver import (
    TurnPlan,
    best_go_down,
    best_turn,
    clear_caches,
    contract_distance,
    contract_options,
    contract_ways,
    meld_options,
)
from push_learn.rummy.solver.encoding import in_stretches
from push_learn.rummy.solver.layout import _groupings
from push_learn.rummy.solver.search import Search, Setup
from push_learn.rummy.solver.take_all import TakeAllLook


def cards(text: str) -> list[Card]:
    return parse_cards(text)


# ---- a selection of cards ---------------------------------------------------------------------------


def test_meld_options_reads_a_set_and_lists_cards_that_join() -> None:
    hand = cards("7H 7S 7D 7C 8H 9H KC JK")
    options = meld_options(cards("7H 7S"), hand, PUSH)
    assert options.readings == ()
    assert set(options.joinable) == set(cards("7D 7C JK"))
    assert options.completable


def test_meld_options_for_a_run_joins_ends_and_wilds_only() -> None:
    hand = cards("5H 6H 8H QS 2C")
    options = meld_options(cards("5H 6H"), hand, PUSH)
    assert set(options.joinable) == set(cards("8H 2C"))
    whole = meld_options(cards("5H 6H 2C"), hand, PUSH)
    assert [str(m) for m in whole.readings] == [
        "run 4♥ 5♥ 6♥ (2♣ as 4♥)",
        "run 5♥ 6♥ 7♥ (2♣ as 7♥)",
    ]


def test_meld_options_refuses_cards_not_in_hand() -> None:
    with pytest.raises(ValueError):
        meld_options(cards("AH"), cards("KH"), PUSH)


def test_a_selection_of_wilds_alone_may_be_completed_by_naturals_of_one_rank() -> None:
    """JK with 5♣ 5♦ makes a set; 2♣ with J♥ J♥ too where two decks let a set repeat a suit."""
    options = meld_options(cards("JK"), cards("JK 5C 5D"), PUSH)
    assert options.completable and set(options.joinable) == set(cards("5C 5D"))
    assert meld_options(cards("2C"), cards("2C JH JH"), six_to_ten(4)).completable
    assert not meld_options(cards("JK"), cards("JK 5C 9D"), PUSH).completable


def test_contract_ways_let_a_run_spare_a_natural_for_the_set() -> None:
    """Push deal 2 (a set of 3 and a run of 4) with 5♠ 6♠ 7♠ 8♠ 8♥ 8♦ and a joker: the 8♠ may end the run
    or join the set (the joker taking its place in the run); a wild never stands in for a natural left
    unused, so the joker as 4♠ with the set of three naturals is the third way."""
    ways = {tuple(sorted(str(meld) for meld in way)) for way in contract_ways(cards("5S 6S 7S 8S 8H 8D JK"), PUSH, 2)}
    assert ways == {
        ("run 5♠ 6♠ 7♠ 8♠", "set of eights: 8♦ 8♥ 🃏"),
        ("run 5♠ 6♠ 7♠ 8♠ (🃏 as 8♠)", "set of eights: 8♦ 8♥ 8♠"),
        ("run 4♠ 5♠ 6♠ 7♠ (🃏 as 4♠)", "set of eights: 8♦ 8♥ 8♠"),
    }


def test_no_card_joins_a_set_that_already_has_four() -> None:
    hand = cards("9C 9D 9H 9S 9S")
    assert meld_options(cards("9C 9D 9H 9S"), hand, PUSH).joinable == ()


# ---- the contract -----------------------------------------------------------------------------------


def test_contract_answer_has_best_ways_and_distance() -> None:
    hand = cards("7H 7S JK 9C 9D 9S KH")
    answer = contract_options(hand, PUSH, 1, limit=5)
    assert answer.possible and answer.short == 0
    assert answer.best is not None and answer.best.points_left == 0
    assert meets_contract(answer.best.go_down, PUSH, 1).ok
    assert answer.ways and all(meets_contract(way, PUSH, 1).ok for way in answer.ways)
    assert len({tuple(sorted(str(m) for m in way)) for way in answer.ways}) == len(answer.ways)


def test_distance_counts_missing_cards() -> None:
    assert contract_distance(cards("7H 8H 9H 4S 5S"), PUSH, 3) == 3
    assert str(contract_options(cards("7H 8H 9H 4S 5S"), PUSH, 3)) == "3 cards short of 2 runs of 4"
    assert contract_distance(cards("7H 8H 9H 10H 4S 5S 6S 7S"), PUSH, 3) == 0


def test_one_long_run_is_not_two_runs() -> None:
    hand = cards("4S 5S 6S 7S 8S 9S 10S JS")
    plan = best_go_down(hand, PUSH, 3, keep_discard=False)
    assert plan is not None and len(plan.go_down) == 2
    assert meets_contract(plan.go_down, PUSH, 3).ok


def test_contract_runs_laid_down_together_may_not_overlap() -> None:
    hand = cards("5H 5H 6H 6H 7H 7H 8H 8H")
    assert best_go_down(hand, PUSH, 3, keep_discard=False) is None
    assert contract_distance(hand, PUSH, 3) == 4
    sharing = replace(PUSH, runs_may_share_cards=True)
    plan = best_go_down(hand, sharing, 3, keep_discard=False)
    assert plan is not None and plan.points_left == 0


def _searches_made(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """From now on, whether each search made spaces its runs (in order); and no take-all look, so a go-down
    question takes the search's own path."""
    spaced_searches: list[bool] = []
    create = Search.__init__

    def spy(self: Search, setup: Setup, roomy: bool = True, spaced: bool = False) -> None:
        spaced_searches.append(spaced)
        create(self, setup, roomy, spaced)

    monkeypatch.setattr(Search, "__init__", spy)
    _no_take_all_plans(monkeypatch)
    return spaced_searches


def _no_take_all_plans(monkeypatch: pytest.MonkeyPatch) -> None:
    """No plan from the take-all look or the proof's cover: a go-down question takes the search's own path."""
    monkeypatch.setattr(TakeAllLook, "plan", lambda self, budget=0: None)
    monkeypatch.setattr(TakeAllLook, "plan_of_cover", lambda self, cover: None)


def test_surplus_runs_of_a_contract_type_need_not_be_spaced(monkeypatch: pytest.MonkeyPatch) -> None:
    # the fast pass marks all four runs as contract runs; two of them (one per suit) make the contract
    # and the rest go down as extra melds, so the plan stands without a second, spaced search
    hand = cards("6S 6S 7S 7S 8S 8S 9S 9S 10S 10S JS JS QS QS 6D 6D 7D 7D 8D 8D 9D 9D JK 2H 2D 2S 2S JK 2H 2C")
    spaced_searches = _searches_made(monkeypatch)
    plan = best_go_down(hand, PUSH, 3)
    assert plan is not None and plan.points_left == 0
    assert meets_contract(plan.go_down, PUSH, 3).ok
    assert spaced_searches == [False]


def test_a_wild_run_on_a_natural_two_keeps_clear_of_the_other_contract_run() -> None:
    # every meld needs a natural: a run of wilds would have to stand on 2♥ at its own place, where it
    # overlaps 3♥-6♥; the plan instead gives each run a natural of the hand
    rules = replace(PUSH, min_naturals_per_meld=1)
    plan = best_go_down(cards("3H 6H 2H JK JK JK JK JK"), rules, 3, keep_discard=False)
    assert plan is not None and plan.points_left == 0
    assert meets_contract(plan.go_down, rules, 3).ok


def test_where_every_meld_needs_a_natural_the_distance_counts_a_natural_to_add() -> None:
    # a contract meld with none of the hand's naturals needs one added: more cards, never "never"
    rules = replace(PUSH, min_naturals_per_meld=1)
    assert contract_distance(cards("3C"), rules, 1) == 5  # 3♣ and two wilds; a natural and two more
    assert str(contract_options(cards("3C"), rules, 1, limit=0)) == "5 cards short of 2 sets of 3"
    assert contract_distance(cards("JK JK JK"), rules, 1) == 3  # one natural per set, one more card
    assert contract_distance(cards("JK JK JK"), PUSH, 1) == 3
    assert contract_distance(cards("3C 4C JK"), rules, 3) == 5
    assert contract_distance(cards("2H JK JK JK"), rules, 3) == 4  # 2♥ as itself holds one run
    assert contract_distance([], rules, 4) == 9


def test_six_to_ten_must_keep_a_discard_when_going_down() -> None:
    exact = cards("7H 7S 7D 9C 9D 9S")
    assert best_go_down(exact, SIX_TO_TEN, 1) is None
    assert str(contract_options(exact, SIX_TO_TEN, 1, limit=0)) == "holds 2 sets of 3 but would keep no card to discard"
    plan = best_go_down([*exact, parse_card("KH")], SIX_TO_TEN, 1)
    assert plan is not None and plan.discard == parse_card("KH") and plan.points_left == 0


def test_cap_it_last_contract_needs_a_run_of_seven() -> None:
    hand = cards("3C 4C 5C 6C 7C 8C 9C JD QD KD")
    plan = best_go_down(hand, CAP_IT, 5, keep_discard=False)
    assert plan is not None and sorted(len(m) for m in plan.go_down) == [3, 7]


def test_contract_ways_are_limited_and_all_legal() -> None:
    hand = cards("7H 7S 7D 7C 9C 9D 9S 9H JK 2C")
    ways = list(contract_ways(hand, PUSH, 1, limit=4))
    assert len(ways) == 4
    for way in ways:
        assert meets_contract(way, PUSH, 1).ok
        for meld in way:
            check_meld(meld, PUSH)


def test_contract_ways_use_each_wild_the_hand_holds_once() -> None:
    """Two runs of four from a hand with two jokers and two 2s never use a third joker."""
    hand = cards("2C JD 8H QD 9C 4S 8D JC JK 6S 3S 3S 7C JK 3C 2D 7C")
    ways = list(contract_ways(hand, PUSH, 3, limit=60))
    assert len(ways) == 60
    for way in ways:
        assert not Counter(card for meld in way for card in meld.cards) - Counter(hand), [str(m) for m in way]


# ---- the best turn ----------------------------------------------------------------------------------


def test_best_turn_melds_and_discards_the_highest_card() -> None:
    plan = best_turn(cards("5H 6H 7H 9C 9D JK QS"), PUSH)
    assert plan.discard == parse_card("QS") and plan.points_left == 0 and plan.goes_out
    assert isinstance(plan.actions[-1], Discard)


def test_best_turn_without_discard_counts_every_card_left() -> None:
    plan = best_turn(cards("5H 6H 7H KS QS"), PUSH, keep_discard=False)
    assert plan.points_left == 20 and plan.discard is None


def test_best_turn_lays_off_and_rescues() -> None:
    table = [
        Meld.run_of(cards("5H JK 7H"), Suit.HEARTS, 5),
        Meld.set_of(cards("QC QD 2S"), Rank.QUEEN),
    ]
    plan = best_turn(cards("6H 8H QS 4C"), PUSH, table)
    kinds = [type(action).__name__ for action in plan.actions]
    assert "Rescue" in kinds and "LayOff" in kinds
    assert plan.points_left == 0
    rescue = next(a for a in plan.actions if isinstance(a, Rescue))
    assert rescue.card == parse_card("6H") and rescue.target == 0


def test_rescued_wild_is_used_in_the_same_turn() -> None:
    table = [Meld.run_of(cards("9S JK JS"), Suit.SPADES, 9)]
    plan = best_turn(cards("10S 4D 4H"), PUSH, table, keep_discard=False)
    assert plan.points_left == 0
    assert any(isinstance(a, NewMeld) and JOKER in a.meld.cards for a in plan.actions)


def test_table_meld_ids_are_kept() -> None:
    class Tabled:
        def __init__(self, id: int, meld: Meld) -> None:
            self.id, self.meld = id, meld

    table = [Tabled(7, Meld.run_of(cards("5H 6H 7H"), Suit.HEARTS, 5))]
    plan = best_turn(cards("8H KS"), PUSH, table)
    lay = next(a for a in plan.actions if isinstance(a, LayOff))
    assert lay.target == 7 and lay.result is not None and len(lay.result) == 4


def test_a_two_goes_to_its_own_place_as_a_natural() -> None:
    plan = best_turn(cards("AS 3S 2S 2H"), PUSH, keep_discard=False)
    run = next(a.meld for a in plan.actions if isinstance(a, NewMeld))
    assert run.start == 1 and run.cards[1] == parse_card("2S") and not run.is_wild(1)


def test_six_to_ten_never_discards_a_two_nor_the_taken_card() -> None:
    hand = cards("2C 2H 5D KS QH")
    plan = best_turn(hand, SIX_TO_TEN, taken=parse_card("KS"), keep_discard=True)
    assert plan.discard is not None and plan.discard.rank is not Rank.TWO and plan.discard != parse_card("KS")
    assert plan.points_left == 5
    alone = best_turn(cards("2C 2H KS"), SIX_TO_TEN, taken=parse_card("KS"))
    assert alone.discard is None and alone.points_left == penalty(cards("2C 2H KS"))


def test_six_to_ten_cannot_go_out_by_melding() -> None:
    plan = best_turn(cards("5D 6D 7D"), SIX_TO_TEN)
    assert plan.discard is not None and not any(isinstance(a, NewMeld) for a in plan.actions)


def test_min_naturals_house_rule_forbids_all_wild_melds() -> None:
    strict = replace(PUSH, min_naturals_per_meld=1)
    assert best_turn(cards("JK JK JK"), strict, keep_discard=False).points_left == 60
    assert best_turn(cards("JK JK JK"), PUSH, keep_discard=False).points_left == 0
    plan = best_turn(cards("JK JK 2S"), strict, keep_discard=False)
    assert plan.points_left == 0
    assert all(not m.is_set for m in plan.melds)


def test_two_deck_six_to_ten_sets_may_repeat_suits() -> None:
    rules = six_to_ten(4)
    plan = best_turn(cards("8H 8H 8H 5C"), rules)
    assert plan.points_left == 0
    assert any(isinstance(a, NewMeld) and len(a.meld.naturals) == 3 for a in plan.actions)


def test_leftover_wilds_are_laid_in_spare_room() -> None:
    plan = best_turn(cards("3C 3C 3D 3D 2C 2C 2D"), CAP_IT, keep_discard=False)
    assert plan.points_left == 0


def test_plans_are_exact_on_big_hands_and_legal() -> None:
    hand = [Card(Rank(r), suit) for suit in (Suit.SPADES, Suit.HEARTS) for r in range(3, 14) for _ in range(1)]
    hand += [Card(Rank(r), Suit.CLUBS) for r in range(3, 12)] + [JOKER] * 4 + cards("2C 2D 2H 2S 2S 2D 2C 2H")
    assert len(hand) == 43
    plan = best_turn(hand, PUSH, keep_discard=False)
    assert plan.points_left == 0
    for action in plan.actions:
        if isinstance(action, NewMeld):
            check_meld(action.meld, PUSH)
    go = best_go_down(hand, PUSH, 5, keep_discard=False)
    assert go is not None and go.points_left == 0
    assert isinstance(go.actions[0], GoDown)


def test_caches_can_be_cleared_without_changing_answers() -> None:
    hand = cards("4C 5C 6C 7C 9D 9H 9S QD KD AD JK")
    before = best_go_down(hand, PUSH, 2)
    clear_caches()
    after = best_go_down(hand, PUSH, 2)
    assert before is not None and after is not None and before.points_left == after.points_left


@pytest.mark.parametrize(
    "text",
    [
        "9S JC TC 9C AC QS 9H QH 4H KD 3C KC 6D 4C KD 6C 5S 7C 8S 7C 4C QC 2C 2H JK 2H 2S 2D JK 2S",
        "7C AS 7H 4C 8C KC QH 7H QH TH TC JC 6C 6D TD 7S JH QC 8C JH 7S 6C 2S 2C JK JK 2H JK 2H 2S",
    ],
)
def test_the_spaced_search_borrows_the_fast_passs_bounds(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    """Two benchmark hands (deal 5, two runs of 5) where the fast pass lays two contract runs of clubs over
    each other and no repair works, so the search runs again with runs spaced. That search takes its bounds
    from the fast pass (whose rules are looser, so they hold) and still finds what a spaced search alone
    finds."""
    hand = cards(text)
    parts = (("run", 5), ("run", 5))
    alone = Search(Setup(PUSH, tuple(hand), (), parts, rescue=False, keep_discard=True), spaced=True).best()
    lent: list[bool] = []
    real_bound = Search.bound

    def spying(self: Search, *args: Any, **kwargs: Any) -> int:
        lent.append(self.bounder is not None)
        return real_bound(self, *args, **kwargs)

    monkeypatch.setattr(Search, "bound", spying)
    _no_take_all_plans(monkeypatch)
    plan = best_go_down(hand, PUSH, 5)
    assert plan is not None and alone.feasible and plan.points_left == alone.left
    assert meets_contract(plan.go_down, PUSH, 5).ok
    assert any(lent)


def test_search_reports_its_nodes_and_exact_room_fallback() -> None:
    search = Search(Setup(PUSH, tuple(cards("9C 9D 9H 9S JK")), keep_discard=False))
    result = search.best()
    assert result.feasible and result.left == 5 and result.nodes >= 1


@pytest.mark.parametrize(
    ("text", "deal"),
    [
        ("3D 3D 4D 4D 5D 5D 6D 6D 7D 7D 8D 8D 9D 9D TD TD JD JD QD QD KD KD 2C 2H 2S JK JK", 5),
        ("3C 3C 4C 4C 5C 5C 6C 6C 7C 7C 8C 8C 9C 9C TC TC 2D 2H JK", 3),
        ("5H 5H 6H 6H 7H 7H 8H 8H 9H 9H TH TH 4S 5S 6S JK", 3),
        ("4D 4D 5D 5D 6D 6D 7D 7D 4S 4S 5S 5S 6S 6S 7S 7S 8S 8S 9S 9S TS TS 2C 2C 2D 2H 2H 2S JK JK", 5),
    ],
)
def test_overlapping_contract_runs_are_cut_or_redesignated_exactly(text: str, deal: int) -> None:
    """The fast pass may designate two overlapping copies of one stretch; cutting a run or choosing other
    runs for the contract must give the same value as the search that spaces runs from the start."""
    hand = cards(text)
    parts = tuple((part.kind.value, part.min_length) for part in PUSH.contract(deal).melds)
    spaced = Search(Setup(PUSH, tuple(hand), (), parts, rescue=False, keep_discard=True), spaced=True).best()
    plan = best_go_down(hand, PUSH, deal)
    assert plan is not None and spaced.feasible
    assert plan.points_left == spaced.left
    assert meets_contract(plan.go_down, PUSH, deal).ok
    for meld in (*plan.go_down, *plan.melds):
        check_meld(meld, PUSH)


def test_overlapping_runs_are_regrouped_into_spaced_ones_without_a_second_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A benchmark hand (seed 1, deal 5: two runs of 5) where the fast pass lays 5♣-J♣ and 9♣-A♣ over each other.
    The same clubs regrouped make 5♣-9♣ and 10♣-A♣ side by side, with 9♣ 10♣ J♣ as an extra run: the same
    cards, so the same value, and no spaced search is needed (it cost 17 to 25 ms of this hand's 72)."""
    _down_without_a_spaced_search(
        monkeypatch, "TC TD TH 2C 2C 2D 2D 2S 2S 3D 3H 4H 5C 6D 7C 8C 8H 8S 9C 9C AC JC JC JD JK JK KS QC QH QS"
    )


def test_a_plan_with_one_contract_run_a_suit_spares_the_spaced_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """A benchmark hand (seed 2, deal 5: two runs of 5) where the fast pass lays both contract runs in spades, over
    each other, and neither choosing other runs, cutting one nor regrouping spaces them. Another plan at the same
    choice of sets leaves the same 5 points with one contract run in each of two suits, and so keeps the overlap
    rule (A-R1-08) wherever its runs lie: the fast pass's maps give it, with no spaced search (D-SOL-55; that search
    cost some 20 ms of this hand's 43)."""
    plan = _down_without_a_spaced_search(
        monkeypatch, "TS TS 2C 2D 2D 2H 2H 2S 3C 3D 3S 4D 5S 6C 6S 6S 7H 7S 9H 9S 9S AS JK JK KC KD KH KH QD QS"
    )
    assert len({meld.suit for meld in plan.go_down}) == 2


def test_another_plan_of_the_same_value_whose_runs_lie_apart_spares_the_spaced_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A benchmark hand (seed 1's 564, deal 5: two runs of 5) where the fast pass's best plan lays A♣-7♣ and 7♣-J♣
    (sharing a seven) and no repair spaces them, nor does a plan with one contract run a suit reach its 15 points.
    Its maps give the same value at the same choice with another clubs entry whose contract runs lie apart (A♣-7♣
    and 10♣-A♣, the high ace instead of the second seven, with 7♣ 8♣ 9♣ an extra run): that plan is read back
    instead of starting the spaced search (D-SOL-59; that search cost 12 to 16 ms of this hand's 50)."""
    plan = _down_without_a_spaced_search(
        monkeypatch, "TC TD TD TH 2C 2C 2H 2H 2S 2S 3C 3C 3H 3H 3S 5C 5S 7C 7C 7S 8C 8H 8S 9C AC AC JC JK JK KS", 15
    )
    clubs = [meld for meld in plan.go_down if meld.suit is Suit.CLUBS]
    assert len(clubs) == 2


def _down_without_a_spaced_search(monkeypatch: pytest.MonkeyPatch, text: str, left: int = 5) -> TurnPlan:
    """The go-down of a deal-5 hand (two runs of 5) whose best plan leaves ``left`` points, checked to need no spaced
    search and to leave what a search that spaces runs from the start leaves, with legal melds and contract."""
    hand = cards(text)
    alone = Search(Setup(PUSH, tuple(hand), (), (("run", 5), ("run", 5)), rescue=False, keep_discard=True),
                   spaced=True).best()
    spaced_searches = _searches_made(monkeypatch)
    plan = best_go_down(hand, PUSH, 5)
    assert spaced_searches == [False]
    assert plan is not None and alone.feasible and plan.points_left == alone.left == left
    assert meets_contract(plan.go_down, PUSH, 5).ok
    for meld in (*plan.go_down, *plan.melds):
        check_meld(meld, PUSH)
    return plan


def test_regroupings_lay_every_card_in_runs_of_three_or_more() -> None:
    # 5 6 7 8 9 10 J and 9 10 J Q K A (wilds at 6, 10 and K): among the ways, 5-9, 9-J and 10-A
    fast = [(5, True), (6, False), (7, True), (8, True), (9, True), (10, True), (11, True)]
    fast2 = [(9, True), (10, False), (11, True), (12, True), (13, False), (14, True)]
    cells = Counter(fast + fast2)
    ways = list(_groupings(cells, 14, 0))
    assert sorted([tuple(fast), tuple(fast2)]) in [sorted(way) for way in ways]
    wanted = [
        ((5, True), (6, False), (7, True), (8, True), (9, True)),
        ((9, True), (10, True), (11, True)),
        ((10, False), (11, True), (12, True), (13, False), (14, True)),
    ]
    assert wanted in ways
    for way in ways:
        assert sum((Counter(run) for run in way), Counter()) == cells
        assert all(len(run) >= 3 for run in way)
        assert all(b[0] == a[0] + 1 for run in way for a, b in pairwise(run))
    # where every meld needs a natural, no run of wilds alone
    needy = Counter([(3, False), (4, False), (5, False), (6, True), (7, True), (8, True)])
    assert all(any(natural for _, natural in run) for way in _groupings(needy, 14, 1) for run in way)
    assert list(_groupings(Counter([(3, True), (4, True)]), 14, 0)) == []


def test_stretches_mark_naturals_a_run_is_likely_to_use() -> None:
    row = [0] * 15
    for p in (3, 4, 6, 9, 12, 13, 14):
        row[p] = 1
    marked = in_stretches(tuple(row), ace_low=False)
    assert [p for p in range(15) if marked[p]] == [3, 4, 6, 12, 13, 14]
    low = [0] * 15
    low[14] = low[3] = low[5] = 1
    assert in_stretches(tuple(low), ace_low=True)[14]
    assert not in_stretches(tuple(low), ace_low=False)[14]


def test_the_guess_filled_from_unbroken_stretches_takes_every_card_out() -> None:
    """A 30-card hand (random, seed 1, deal 2) where only one first choice takes every card out: the free
    sets with, at the other ranks, sets of the naturals outside unbroken stretches. The search ends there,
    before any bound."""
    hand = tuple(
        cards(
            "3S 6D 5C QD 4D JC 4C KC 7S 4H QS JS 7C 9D 6D 4D AC 8S QD 9S 4C QS JK 2S 2C 2H 2C 2H JK 2D"
        )
    )
    search = Search(Setup(PUSH, hand, (), (("set", 3), ("run", 4)), rescue=False, keep_discard=True))
    reached = []
    for first in search._first_guesses(search._guess()):
        search.incumbent = -1
        search._try(first)
        reached.append(search.incumbent == search.total)
    assert reached == [False, False, True, False, False, False]
    bounds: list[object] = []
    fresh = Search(search.setup)
    fresh.bound = lambda *args: bounds.append(args) or 0  # type: ignore[method-assign]
    result = fresh.best()
    assert result.feasible and result.left == 0 and not bounds


def test_sets_outside_stretches_send_only_isolated_naturals_to_sets() -> None:
    """9♣ 9♦ 9♥ sit in no stretch, but 5♠ is in 4♠ 5♠ 6♠: the first try keeps it for the run."""
    hand = tuple(cards("9C 9D 9H 5C 5D 5S 4S 6S JK"))
    search = Search(Setup(PUSH, hand, (), (("set", 3), ("set", 3)), keep_discard=False))
    lone = search._sets_outside_stretches(gap=1)
    assert lone[9] == (1, 1, 1, 0)
    assert lone.get(5, (0, 0, 0, 0))[3] == 0
    plan = best_go_down(list(hand), PUSH, 1, keep_discard=False)
    assert plan is not None and plan.points_left == 0


def test_a_question_leaves_the_garbage_collector_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """No process-wide switch: the cyclic collector runs during a question as the caller left it."""
    import gc

    seen: list[bool] = []
    real_best = Search.best

    def spying(self: Search, *args: object, **kwargs: object) -> object:
        seen.append(gc.isenabled())
        return real_best(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Search, "best", spying)
    frozen = gc.get_freeze_count()
    best_turn(cards("5H 6H 7H 9C 9D JK QS"), PUSH)
    assert seen == [True] and gc.isenabled() and gc.get_freeze_count() == frozen
