"""The contract distance asked with a cap, and the two facts the take-or-push hint's estimate stands on."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_solver_oracle import VARIANTS, budget, hands

from push_learn.cards import Card, format_cards, make_deck, parse_cards
from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN
from push_learn.rummy.melds import is_wild_card
from push_learn.rummy.solver import contract_distance
from push_learn.rummy.solver.search import Search, Setup


def capped(short: int | None, cap: int) -> int:
    """What a question with ``cap`` answers for a hand ``short`` cards short (None: never)."""
    return cap if short is None or short > cap else short


@budget(40)
@given(st.data(), st.sampled_from(sorted(VARIANTS)), st.integers(1, 5), st.integers(1, 4))
def test_a_capped_distance_is_the_exact_one_cut_at_the_cap(
    data: st.DataObject, variant: str, deal: int, cap: int
) -> None:
    rules = VARIANTS[variant]
    hand = data.draw(hands(rules, most=10))
    exact = contract_distance(hand, rules, deal)
    assert contract_distance(hand, rules, deal, cap=cap) == capped(exact, cap), format_cards(hand)


@budget(40)
@given(st.data(), st.sampled_from(sorted(VARIANTS)), st.integers(1, 5))
def test_one_card_more_never_takes_a_hand_further_and_brings_it_at_most_one_closer(
    data: st.DataObject, variant: str, deal: int
) -> None:
    """The hint samples whole draws and asks only of the last hand (``coach._chance``): right because of this."""
    rules = VARIANTS[variant]
    hand = data.draw(hands(rules, most=9))
    card = data.draw(st.sampled_from(list(make_deck(rules.decks, rules.jokers))))
    before, after = contract_distance(hand, rules, deal), contract_distance([*hand, card], rules, deal)
    shown = f"{format_cards(hand)} + {card}"
    if before is None:
        assert after is None or after >= 0, shown
        return
    assert after is not None and before - 1 <= after <= before, shown


@budget(40)
@given(st.data(), st.sampled_from(sorted(name for name, rules in VARIANTS.items() if not rules.min_naturals_per_meld)),
       st.integers(1, 5))
def test_where_melds_of_wilds_alone_are_allowed_a_wild_brings_a_short_hand_exactly_one_closer(
    data: st.DataObject, variant: str, deal: int
) -> None:
    """The hint takes a sample's wilds off what its other cards leave short (``coach._chance``): right because of
    this. (Where every meld needs a natural, a wild may not help: the hand may lack the natural.)"""
    rules = VARIANTS[variant]
    hand = data.draw(hands(rules, most=9))
    wild = data.draw(st.sampled_from([card for card in make_deck(rules.decks, rules.jokers)
                                      if is_wild_card(card, rules)]))
    before, after = contract_distance(hand, rules, deal), contract_distance([*hand, wild], rules, deal)
    assert before is not None and after == max(0, before - 1), f"{format_cards(hand)} + {wild}"


def test_the_same_on_big_random_hands_of_every_variant() -> None:
    """Hands of 7 to 20 cards from the whole pack, every deal: the capped answers and the one-card facts."""
    rng = random.Random(5)
    for rules in (PUSH, CAP_IT, SIX_TO_TEN):
        pack = list(make_deck(rules.decks, rules.jokers))
        for _ in range(40):
            deal = rng.randint(1, len(rules.contracts))
            hand = rng.sample(pack, rng.randint(7, 20))
            exact = contract_distance(hand, rules, deal)
            for cap in (1, 2, 3):
                assert contract_distance(hand, rules, deal, cap=cap) == capped(exact, cap), format_cards(hand)
            fewer = contract_distance(hand[:-1], rules, deal)
            if exact is not None:
                assert fewer is not None and exact <= fewer <= exact + 1, format_cards(hand)


def test_the_fewest_wilds_stop_at_the_first_plan_that_needs_no_more_than_enough() -> None:
    """Two sets of 3 from a hand with three wilds (2♦, 2♠, joker): sixes and sevens need two wilds at the
    least, but any plan within the hand's three is as good for the distance, and the search stops at the first."""
    hand = parse_cards("6C 2D QC 7S JK 6H 7C KD 2S")
    setup = Setup(PUSH, tuple(hand), (), (("set", 3), ("set", 3)), layoff=False, rescue=False, extra_wilds=6)
    full, quick = Search(setup, spaced=True), Search(setup, spaced=True)
    assert full.min_wilds() == 2
    assert quick.min_wilds(enough=3) == 3
    assert quick.nodes < full.nodes
    assert contract_distance(hand, PUSH, 1) == 0


def test_a_cap_answers_never_as_the_cap() -> None:
    hand: list[Card] = parse_cards("KH 9S")
    assert contract_distance(hand, PUSH, 5) == 8
    assert contract_distance(hand, PUSH, 5, cap=3) == 3


@pytest.mark.parametrize("cap", [0, -2, 1.5, True, "2"])
def test_a_cap_that_is_not_a_whole_number_of_cards_is_refused_in_words(cap: object) -> None:
    with pytest.raises(ValueError, match="a cap on the distance is a whole number of cards, at least 1, not"):
        contract_distance(parse_cards("KH 9S"), PUSH, 5, cap=cap)  # type: ignore[arg-type]
