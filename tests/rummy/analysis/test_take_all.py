"""The quick look for a go-down that takes every card out, and the proof that none can (D-SOL-36).

Each plan the look gives must be legal under the rules' own checks and hold the hand exactly; whenever the
look or the proof speaks, the exact search (asked directly, without them) must agree.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace

from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from push_learn.cards import Card, Rank, make_deck, parse_card, parse_cards
from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN
from push_learn.rummy.contracts import meets_contract
from push_learn.rummy.engine import Discard, GoDown, NewMeld
from push_learn.rummy.melds import meld_problem
from push_learn.rummy.rules import RummyRules
from push_learn.rummy.solver import TurnPlan, best_go_down, clear_caches
from push_learn.rummy.solver.api import _parts, _setup
from push_learn.rummy.solver.cover import prove_cover, take_all_verdict
from push_learn.rummy.solver.declare import build_plan
from push_learn.rummy.solver.search import Search
from push_learn.rummy.solver.take_all import TakeAllLook, take_all_plan

PACK = make_deck(2, 4)
WILDS = [card for card in PACK if card.rank is None or card.rank is Rank.TWO]
NATURALS = [card for card in PACK if card not in WILDS]
RULES = {
    "push": PUSH,
    "cap_it": CAP_IT,
    "six_to_ten": SIX_TO_TEN,
    "push_min_natural": replace(PUSH, min_naturals_per_meld=1),
    "push_no_wild_discard": replace(PUSH, discard_wild_allowed=False),
    "push_out_by_discarding": replace(PUSH, go_out_by_melding=False),
}


def _searched_left(hand: list[Card], rules: RummyRules, deal: int, cap: int | None = None) -> int | None:
    """Points the exact search alone leaves (no quick look, no proof), or None when the hand cannot go down."""
    setup = _setup(hand, rules, [], _parts(rules.contract(deal)), True, None, None)
    result = Search(setup).best(cap)
    return result.left if result.feasible else None


def _check_legal(plan_hand: list[Card], rules: RummyRules, deal: int, taken: Card | None = None) -> None:
    plan = take_all_plan(plan_hand, rules, deal, taken=taken, must_discard=not rules.go_out_by_melding,
                         wild_discard=rules.discard_wild_allowed)
    _check_plan(plan, plan_hand, rules, deal)


def _check_plan(plan: TurnPlan | None, plan_hand: list[Card], rules: RummyRules, deal: int) -> None:
    """``plan`` goes down with the contract, every meld is legal, and it holds ``plan_hand`` exactly."""
    assert plan is not None
    assert plan.left == () and plan.points_left == 0
    assert meets_contract(plan.go_down, rules, deal).ok
    assert all(meld_problem(meld, rules) is None for meld in plan.melds)
    used = Counter(card for meld in (*plan.go_down, *plan.melds) for card in meld.cards)
    if plan.discard is not None:
        used[plan.discard] += 1
    assert used == Counter(plan_hand)
    assert isinstance(plan.actions[0], GoDown)
    assert all(isinstance(action, NewMeld) for action in plan.actions[1:-1])


def test_a_hand_that_can_go_out_gets_a_legal_plan_that_empties_it() -> None:
    hand = parse_cards("7H 7S JK 9C 9D 9S KH")
    plan = take_all_plan(hand, PUSH, 1)
    assert plan is not None and plan.goes_out and plan.discard == parse_card("KH")
    assert sorted(str(meld) for meld in plan.go_down) == ["set of nines: 9♣ 9♦ 9♠", "set of sevens: 7♥ 7♠ 🃏"]
    assert isinstance(plan.actions[-1], Discard)
    _check_legal(hand, PUSH, 1)


def test_the_card_taken_this_turn_is_never_the_discard_where_the_rules_forbid_it() -> None:
    rules = replace(PUSH, discard_taken_card_allowed=False)
    hand = parse_cards("7H 7S JK 9C 9D 9S KH")
    assert take_all_plan(hand, rules, 1, taken=parse_card("KH")) is None
    verdict, cover = prove_cover(hand, rules, discard=True)  # the proof knows no taken card: it discards the king
    assert verdict is True and cover is not None and cover[1] is not None
    assert TakeAllLook(hand, rules, 1, taken=parse_card("KH")).plan_of_cover(cover) is None
    assert TakeAllLook(hand, rules, 1).plan_of_cover(cover) is not None
    plan = best_go_down(hand, rules, 1, taken=parse_card("KH"))
    assert plan is not None and plan.discard != parse_card("KH") and plan.points_left > 0


def test_a_wild_is_discarded_only_where_the_rules_allow_it() -> None:
    hand = parse_cards("5H 6H 7H 9C 9D 9S 2C")  # deal 2: a set and a run of 4, the 2 spare
    plan = take_all_plan(hand, PUSH, 2, keep_discard=True, wild_discard=False)
    assert plan is not None and plan.discard is None  # the 2 goes into a meld instead
    _check_legal(hand, PUSH, 2)


def test_the_proof_sees_runs_that_begin_at_the_lowest_place_a_run_may_use() -> None:
    # 6-7-8-9-10 runs start at 3, so 3♥ 4♥ and a wild make 3-4-5 (its sets may repeat a suit, which the proof
    # leaves to the search, so the shape is checked with sets of distinct suits); Push runs may end at the ace
    # high or start at it low
    assert take_all_verdict(parse_cards("3H 4H 2C"), SIX_TO_TEN, discard=False) is None
    distinct = replace(SIX_TO_TEN, set_distinct_suits=True)
    assert take_all_verdict(parse_cards("3H 4H 2C"), distinct, discard=False) is True
    assert take_all_verdict(parse_cards("QH KH 2C"), PUSH, discard=False) is True
    assert take_all_verdict(parse_cards("AH 3H 2C"), PUSH, discard=False) is True
    assert take_all_verdict(parse_cards("AH 3H 2C"), distinct, discard=False) is False


def test_the_proof_finds_a_hand_no_cover_can_empty() -> None:
    hand = parse_cards("3C 8D KH 2C")  # three lone naturals want six wilds; one is held
    assert take_all_verdict(hand, PUSH, discard=True) is False
    plan = best_go_down(parse_cards("3C 8D KH 5S 5H 5D 9C 9D 9S 2C"), PUSH, 1)
    assert plan is not None and plan.points_left > 0


def test_the_proof_leaves_what_it_does_not_model_to_the_search() -> None:
    joker_free = replace(PUSH, jokers_wild=False)
    assert take_all_verdict(parse_cards("3C 4C 5C JK"), joker_free, discard=True) is None
    assert take_all_verdict(parse_cards("3C 4C 5C 6C 7C 8C 9C"), PUSH, discard=True, budget=0) is None


def _random_hand(rng: random.Random, size: int, wilds: int) -> list[Card]:
    return rng.sample(NATURALS, size - wilds) + rng.sample(WILDS, wilds)


@settings(max_examples=examples(60), deadline=None)
@given(
    seed=st.integers(0, 10**6),
    size=st.integers(7, 30),
    wild_share=st.floats(0.0, 0.4),
    deal=st.integers(1, 5),
    variant=st.sampled_from(sorted(RULES)),
)
def test_the_look_and_the_proof_agree_with_the_exact_search(
    seed: int, size: int, wild_share: float, deal: int, variant: str
) -> None:
    """On random hands under six rule sets: a plan from the look is legal and empties the hand, and the search
    alone also takes every card out; a proof that no cover exists means the search alone leaves points."""
    rules = RULES[variant]
    hand = _random_hand(random.Random(seed), size, round(size * wild_share))
    if not rules.jokers_wild:
        hand = [card for card in hand if card.rank is not None] or hand
    searched = _searched_left(hand, rules, deal)
    plan = take_all_plan(hand, rules, deal, must_discard=not rules.go_out_by_melding,
                         wild_discard=rules.discard_wild_allowed)
    if plan is not None:
        _check_legal(hand, rules, deal)
        assert searched == 0
    verdict, cover = prove_cover(hand, rules, discard=True)
    assert verdict == take_all_verdict(hand, rules, discard=True) and (cover is not None) == bool(verdict)
    if verdict is False:
        assert searched != 0
    if cover is not None:
        look = TakeAllLook(hand, rules, deal, must_discard=not rules.go_out_by_melding,
                           wild_discard=rules.discard_wild_allowed)
        from_cover = look.plan_of_cover(cover)
        if from_cover is not None:
            _check_plan(from_cover, hand, rules, deal)
            assert searched == 0


def test_the_cap_keeps_the_plan_the_search_would_keep() -> None:
    """Where no cover empties the hand, the search stopped at the first plan that keeps only the lightest card
    gives the very plan the whole search gives (its ties go to the first plan found either way)."""
    rng = random.Random(7)
    compared = 0
    for number in range(80):
        hand = _random_hand(rng, 30, 8)
        deal = number % 5 + 1
        if take_all_verdict(hand, PUSH, discard=True) is not False:
            continue
        setup = _setup(hand, PUSH, [], _parts(PUSH.contract(deal)), True, None, None)
        clear_caches()
        whole = Search(setup).best()
        capped_search = Search(setup)
        capped = capped_search.best(capped_search.total - capped_search.hand.lightest_weight(False))
        parts = _parts(PUSH.contract(deal))
        assert build_plan(capped, hand, [], PUSH, parts) == build_plan(whole, hand, [], PUSH, parts)
        compared += 1
    assert compared >= 10


def _missed_looks(seed: int, count: int, budget: int) -> Iterator[tuple[list[Card], int, TakeAllLook]]:
    """Random 30-card hands with 8 wilds (deals 1 to 5 in turn) whose look found nothing within ``budget`` nodes,
    each with its deal and that look."""
    rng = random.Random(seed)
    for number in range(count):
        hand = _random_hand(rng, 30, 8)
        deal = number % 5 + 1
        look = TakeAllLook(hand, PUSH, deal)
        if look.plan(budget) is None:
            yield hand, deal, look


def test_a_look_asked_again_goes_on_from_where_it_stopped() -> None:
    """A look stopped by its budget and asked again finds what a fresh look with the larger budget finds (the
    go-down asks a short look first, then a longer one once a cover is known to exist)."""
    continued = 0
    for hand, deal, look in _missed_looks(seed=11, count=60, budget=3):
        fresh = take_all_plan(hand, PUSH, deal, budget=300)
        again = look.plan(300)
        if fresh is not None:
            assert again == fresh
            continued += 1
    assert continued >= 5


def test_the_proofs_own_cover_is_a_plan_and_the_look_can_still_go_on() -> None:
    """Where the short look missed and the proof found a cover, that cover is often a plan already; asking for it
    leaves the look as it was, so a look that goes on afterwards finds what a fresh longer look finds."""
    from_proof = went_on = 0
    for hand, deal, look in _missed_looks(seed=3, count=240, budget=40):
        _verdict, cover = prove_cover(hand, PUSH, discard=True)
        if cover is None:
            continue
        plan = look.plan_of_cover(cover)
        if plan is not None:
            _check_plan(plan, hand, PUSH, deal)
            from_proof += 1
        fresh = take_all_plan(hand, PUSH, deal, budget=300)
        again = look.plan(300)
        assert again == fresh
        went_on += again is not None
    assert from_proof >= 5 and went_on >= 5
