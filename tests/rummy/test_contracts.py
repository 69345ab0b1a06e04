"""Contracts, the required initial meld (RULES.md §1.3): one named test per rule."""

from __future__ import annotations

import dataclasses

import pytest

from push_learn.cards import Card, Rank, Suit, parse_cards
from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN, ContractCheck, MeldKind, RulesError, RummyRules, meets_contract
from push_learn.rummy.contracts import shared_run_card
from push_learn.rummy.melds import Meld, interpret_meld


def a_set(text: str, rank: Rank) -> Meld:
    """A declared set from typed cards."""
    return Meld.set_of(parse_cards(text), rank)


def run(text: str, suit: Suit, start: int) -> Meld:
    """A declared run from typed cards in place order."""
    return Meld.run_of(parse_cards(text), suit, start)


SEVENS = a_set("7H 7S JK", Rank.SEVEN)
NINES = a_set("9C 9D 9H", Rank.NINE)
KINGS = a_set("KC KD 2S", Rank.KING)
HEART_RUN_4 = run("5H 6H JK 8H", Suit.HEARTS, 5)
SPADE_RUN_4 = run("9S 10S JS QS", Suit.SPADES, 9)
CLUB_RUN_5 = run("3C 4C 5C 6C 7C", Suit.CLUBS, 3)
DIAMOND_RUN_5 = run("8D 9D 10D JD QD", Suit.DIAMONDS, 8)
CLUB_RUN_3 = run("3C 4C 5C", Suit.CLUBS, 3)
DIAMOND_RUN_7 = run("6D 7D 8D 9D 10D JD QD", Suit.DIAMONDS, 6)


@pytest.mark.parametrize(
    ("rules", "deal", "melds"),
    [
        (PUSH, 1, [SEVENS, NINES]),
        (PUSH, 2, [SEVENS, HEART_RUN_4]),
        (PUSH, 3, [HEART_RUN_4, SPADE_RUN_4]),
        (PUSH, 4, [SEVENS, NINES, KINGS]),
        (PUSH, 5, [CLUB_RUN_5, DIAMOND_RUN_5]),
        (CAP_IT, 5, [CLUB_RUN_3, DIAMOND_RUN_7]),
        (SIX_TO_TEN, 2, [run("5H 6H 2C 8H", Suit.HEARTS, 5), a_set("9C 9D 2H", Rank.NINE)]),
        (SIX_TO_TEN, 5, [DIAMOND_RUN_7, a_set("9C 9D 9H", Rank.NINE)]),
    ],
)
def test_each_deal_is_met_by_its_contract_melds(rules: RummyRules, deal: int, melds: list[Meld]) -> None:
    check = meets_contract(melds, rules, deal)
    assert check.ok and bool(check)
    assert check.reason == f"meets {rules.contract(deal)}"
    assert sorted(check.matched) == list(range(len(melds)))


def test_contract_lengths_are_minimums() -> None:
    four_sevens = a_set("7H 7S 7C JK", Rank.SEVEN)
    assert meets_contract([four_sevens, NINES], PUSH, 1)
    long_run = run("4H 5H 6H JK 8H 9H", Suit.HEARTS, 4)
    assert meets_contract([SEVENS, long_run], PUSH, 2)


def test_extra_melds_are_allowed_with_the_contract() -> None:
    check = meets_contract([SEVENS, HEART_RUN_4, NINES, SPADE_RUN_4], PUSH, 1)
    assert check.ok
    assert check.reason == "meets 2 sets of 3 (plus 2 more melds)"
    assert check.matched == (0, 2)


def test_partial_contract_is_refused_and_says_what_is_missing() -> None:
    check = meets_contract([SEVENS], PUSH, 1)
    assert not check and not check.ok
    assert check.reason == "deal 1 needs 2 sets of 3: 1 more set of 3 or more is missing"
    assert check.matched == ()
    assert str(check) == check.reason
    nothing = meets_contract([], PUSH, 4)
    assert nothing.reason == "nothing is laid down: deal 4 needs 3 sets of 3"


def test_a_contract_run_too_short_is_named() -> None:
    check = meets_contract([SEVENS, run("5H 6H 7H", Suit.HEARTS, 5)], PUSH, 2)
    assert check.reason == (
        "deal 2 needs 1 set of 3 + 1 run of 4: 1 more run of 4 or more is missing (run 5♥ 6♥ 7♥ has only 3 cards)"
    )


def test_the_wrong_kind_does_not_count() -> None:
    check = meets_contract([SEVENS, NINES], PUSH, 3)
    assert check.reason == "deal 3 needs 2 runs of 4: 2 more runs of 4 or more are missing"


def test_single_eight_card_run_does_not_meet_two_runs_of_four() -> None:
    eight = run("4S 5S 6S 7S 8S 9S 10S JS", Suit.SPADES, 4)
    check = meets_contract([eight], PUSH, 3)
    assert not check
    assert "a run of 8 counts as one run, so lay it down as separate runs" in check.reason
    halves = [run("4S 5S 6S 7S", Suit.SPADES, 4), run("8S 9S 10S JS", Suit.SPADES, 8)]
    assert meets_contract(halves, PUSH, 3)


def test_cap_it_deal_five_needs_a_run_of_seven_not_just_two_long_runs() -> None:
    check = meets_contract([CLUB_RUN_5, DIAMOND_RUN_5], CAP_IT, 5)
    assert check.reason == (
        "deal 5 needs 1 run of 3 + 1 run of 7: 1 more run of 7 or more is missing "
        "(run 8♦ 9♦ 10♦ J♦ Q♦ has only 5 cards)"
    )


def test_every_contract_meld_must_be_legal() -> None:
    bad = a_set("7H 7H 7S", Rank.SEVEN)
    check = meets_contract([bad, NINES], PUSH, 1)
    assert check.reason == "7♥ 7♥ 7♠ is not a legal set: a set may not hold two hearts"
    jokers = meets_contract([SEVENS, NINES], SIX_TO_TEN, 1)
    assert jokers.reason == "7♥ 7♠ 🃏 is not a legal set: there are no jokers in 6-7-8-9-10"


def test_two_sets_of_the_same_rank_meet_two_sets_of_three() -> None:
    first, second = a_set("8C 8H 8S", Rank.EIGHT), a_set("8H 8S 8D", Rank.EIGHT)
    assert meets_contract([first, second], PUSH, 1)


def test_two_runs_of_one_suit_meet_the_contract_when_they_do_not_overlap() -> None:
    overlapping = [run("4S 5S 6S 7S", Suit.SPADES, 4), run("6S 7S 8S 9S", Suit.SPADES, 6)]
    check = meets_contract(overlapping, PUSH, 3)
    assert check.reason == (
        "two runs laid down together may not overlap, and run 4♠ 5♠ 6♠ 7♠ and run 6♠ 7♠ 8♠ 9♠ both hold 6♠"
    )
    assert meets_contract(overlapping, dataclasses.replace(PUSH, runs_may_share_cards=True), 3)
    other_suits = [run("4S 5S 6S 7S", Suit.SPADES, 4), run("6H 7H 8H 9H", Suit.HEARTS, 6)]
    assert meets_contract(other_suits, PUSH, 3)
    ace_low_and_high = [run("AS 2S 3S 4S", Suit.SPADES, 1), run("JS QS KS AS", Suit.SPADES, 11)]
    assert meets_contract(ace_low_and_high, PUSH, 3)
    assert shared_run_card(*ace_low_and_high) is None
    nine = Card(Rank.NINE, Suit.SPADES)  # the 2♥ stands for 9♠
    assert shared_run_card(run("8S 9S 10S", Suit.SPADES, 8), run("2H 10S JS", Suit.SPADES, 9)) == nine


def test_contract_of_a_deal_outside_the_match_is_refused() -> None:
    with pytest.raises(RulesError, match="deals 1 to 5, not 6"):
        meets_contract([SEVENS, NINES], PUSH, 6)


def test_readings_from_interpret_meld_can_be_checked_directly() -> None:
    melds = [interpret_meld(parse_cards(text), PUSH)[0] for text in ("QH QS 2D", "3C 3D JK")]
    assert all(meld.kind is MeldKind.SET for meld in melds)
    check = meets_contract(melds, PUSH, 1)
    assert isinstance(check, ContractCheck) and check.ok
