"""Contract progress meld by meld: the wording on known hands, and exactness against the solver's distance."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_solver_oracle import TWO_DECK_R3, VARIANTS, budget, hands

from push_learn.cards import parse_cards
from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN
from push_learn.rummy.contract_progress import contract_progress
from push_learn.rummy.rules import RummyRules
from push_learn.rummy.solver import contract_distance


def test_one_run_found_and_the_other_needs_a_card_or_a_wild() -> None:
    progress = contract_progress(parse_cards("7H 8H 9H 10H 6S 7S 8S KD"), PUSH, 3)
    assert progress.short == 1
    assert str(progress) == (
        "2 runs of 4: one found (7♥ 8♥ 9♥ 10♥), the other needs 5♠, 9♠ or a wild (so far 6♠ 7♠ 8♠)"
    )
    found, other = sorted(progress.parts, key=lambda part: part.missing)
    assert found.found and not other.found
    assert other.fillers == tuple(parse_cards("5S 9S"))
    known = contract_progress(parse_cards("7H 8H 9H 10H 6S 7S 8S KD"), PUSH, 3, short=1)
    assert known == progress


def test_the_hands_own_wilds_complete_as_many_melds_as_they_can() -> None:
    progress = contract_progress(parse_cards("7H 8H 10H JK 6S 7S 9S 10S"), PUSH, 3)
    assert str(progress) == "2 runs of 4: one found (7♥ 8♥ 🃏 10♥), the other needs 8♠ or a wild (so far 6♠ 7♠ 9♠ 10♠)"


def test_a_set_names_the_suits_it_may_still_take() -> None:
    distinct = replace(SIX_TO_TEN, set_distinct_suits=True)  # the older reading of one-deck sets, an option now
    sevens = contract_progress(parse_cards("7H 7S KD QC"), distinct, 1)
    assert str(sevens) == (
        "2 sets of 3: one needs 7♣, 7♦ or a wild (so far 7♥ 7♠), the other needs 2 more queens or wilds (so far Q♣)"
    )
    mixed = contract_progress(parse_cards("6S 7S 8S 9S 6H 6D 4C 5C"), distinct, 2)
    assert str(mixed) == "run of 4: needs 6♠, 10♠ or a wild (so far 7♠ 8♠ 9♠); set of 3: found (6♦ 6♥ 6♠)"


def test_a_set_open_to_every_suit_says_another() -> None:
    assert not TWO_DECK_R3.set_distinct_suits
    progress = contract_progress(parse_cards("7H 7S 7D 5C 5D KD QS"), TWO_DECK_R3, 1)
    assert str(progress) == (
        "2 sets of 3: one found (7♦ 7♥ 7♠), the other needs another five or a wild (so far 5♣ 5♦)"
    )


def test_far_from_the_contract_counts_each_melds_gap() -> None:
    progress = contract_progress(parse_cards("KD QS 4H"), PUSH, 4)
    assert progress.short == 6
    assert [part.missing for part in progress.parts] == [2, 2, 2]
    assert str(progress).startswith("3 sets of 3: one needs 2 more ")
    empty = contract_progress(parse_cards("3H 4H 5H 6H"), CAP_IT, 5)
    assert "run of 3: needs 3 cards or wilds, nothing toward it yet" in str(empty)


def test_three_sets_read_one_found_another_and_the_last() -> None:
    progress = contract_progress(parse_cards("7H 7S 7D 5C 5D KD"), PUSH, 4)
    assert str(progress) == (
        "3 sets of 3: one found (7♦ 7♥ 7♠), another needs 5♥, 5♠ or a wild (so far 5♣ 5♦),"
        " the last needs 2 more kings or wilds (so far K♦)"
    )


def test_a_hand_that_holds_the_contract_has_every_meld_found() -> None:
    progress = contract_progress(parse_cards("7H 8H 9H JK 7S 7D 2C"), PUSH, 1)
    assert progress.holds and all(part.found for part in progress.parts)
    assert str(progress).startswith("2 sets of 3: both found (")


def test_a_meld_with_no_natural_of_the_hand_stands_on_a_two_where_naturals_are_required() -> None:
    # every meld needs a natural: the second run can only be laid on a 2 as itself (no joker will do),
    # which the distance counts; the progress names both runs and adds up to it
    rules = VARIANTS["push_min_natural"]
    hand = parse_cards("3H 2H")
    progress = contract_progress(hand, rules, 3)
    assert progress.short == 6 and len(progress.parts) == 2
    assert sum(part.missing for part in progress.parts) == 6
    assert not Counter(card for part in progress.parts for card in part.in_hand) - Counter(hand)


def test_a_meld_the_hand_has_no_natural_for_asks_for_one_where_naturals_are_required() -> None:
    # every meld needs a natural: three jokers are one card from the first set but cannot fill it
    # with a wild; a lone three asks for a second set of any rank, one card of it natural
    rules = VARIANTS["push_min_natural"]
    assert str(contract_progress(parse_cards("JK JK JK"), rules, 1)) == (
        "2 sets of 3: one needs any natural card (so far 🃏 🃏), the other needs 2 more cards, at least one"
        " natural (so far 🃏)"
    )
    assert str(contract_progress(parse_cards("3C"), rules, 1)) == (
        "2 sets of 3: one needs 2 more threes or wilds (so far 3♣), the other needs 3 cards, at least one"
        " natural, nothing toward it yet"
    )
    plain = str(contract_progress(parse_cards("3C"), PUSH, 1))
    assert plain.endswith("the other needs 3 cards or wilds, nothing toward it yet")


@budget(40)
@given(st.data(), st.sampled_from(sorted(VARIANTS)), st.integers(1, 5))
def test_progress_is_exact(data: st.DataObject, variant: str, deal: int) -> None:
    """The gaps add up to the solver's distance, the melds use only the hand's cards, and every card
    named as a filler really brings the hand one card closer to the contract."""
    rules = VARIANTS[variant]
    hand = data.draw(hands(rules, most=10))
    progress = contract_progress(hand, rules, deal)
    assert progress.short == contract_distance(hand, rules, deal)
    if progress.short is None:
        return
    assert len(progress.parts) == len(rules.contract(deal).melds)
    assert sum(part.missing for part in progress.parts) == progress.short
    used = Counter(card for part in progress.parts for card in part.in_hand)
    assert not used - Counter(hand), "a meld uses a card the hand does not hold"
    for part in progress.parts:
        assert part.found == (part.missing == 0) and (part.fillers == () or not part.found)
        for card in part.fillers[:2]:
            assert contract_distance([*hand, card], rules, deal) == progress.short - 1, f"{card} does not help {part}"


@pytest.mark.parametrize("rules", [PUSH, CAP_IT, SIX_TO_TEN], ids=lambda rules: rules.variant)
def test_every_variant_and_deal_names_each_contract_meld(rules: RummyRules) -> None:
    hand = parse_cards("5H 6H 7H 9C 9D KS")
    for deal in range(1, rules.deals + 1):
        progress = contract_progress(hand, rules, deal)
        assert [part.part for part in progress.parts] == list(rules.contract(deal).melds)
        assert progress.short == contract_distance(hand, rules, deal) > 0
        assert "needs" in str(progress)
