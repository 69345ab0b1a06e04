"""Scoring (RULES.md §1.7): team and individual penalties, stock-outs, the loop guard, the pot, winners, ties."""

from __future__ import annotations

from dataclasses import replace

import pytest
from rummy_engine_support import card, refused, rig

from push_learn.cards import parse_cards
from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN, RummyRules, cap_it, six_to_ten
from push_learn.rummy.engine import (
    Discard,
    EndReason,
    GoDown,
    Match,
    MatchEnded,
    Push,
    TakeUpcard,
    deal_scores,
    play_random_match,
    running_totals,
    split_pot,
    totals,
    winners,
)
from push_learn.rummy.engine.scores import pot_payout, unit_seats
from push_learn.rummy.melds import interpret_meld
from push_learn.rummy.rules import MeldKind
from push_learn.rummy.scoring import penalty

# The seed's worked example (S000): deal by deal, who went out and the four hands left (N, E, S, W).
SEED_DEALS = [
    (0, ["", "KS QS", "AS AH", "JH 10D"]),
    (1, ["2C JK 2D", "", "JK 2H 2S", "KS"]),
    (2, ["9C", "AS AH AD", "", "3C 4C 5C"]),
    (3, ["2C 2D 2H 2S JK", "7C", "AS AH AD AC KC KD", ""]),
    (0, ["", "2C 2D 2H 2S JK", "QH", "AS AH AD AC KC KD"]),
]


def test_the_seeds_score_pad_we_they() -> None:
    """WE (North-South) / THEY (East-West): —/40, 120/40, 120/100, 300/100, 300/280, so THEY win."""
    rows = [deal_scores(PUSH, [parse_cards(h) for h in hands], out)[1] for out, hands in SEED_DEALS]
    assert rows == [(0, 40), (120, 0), (0, 60), (180, 0), (0, 180)]
    assert running_totals(rows) == [(0, 40), (120, 40), (120, 100), (300, 100), (300, 280)]
    assert totals(rows) == (300, 280)
    assert winners(PUSH, rows) == (1,)


def test_team_scoring_ignores_the_partner_of_the_player_who_went_out() -> None:
    penalties, scores = deal_scores(PUSH, [[], parse_cards("KS"), parse_cards("AS AH"), parse_cards("3C")], 0)
    assert penalties == (0, 10, 30, 5) and scores == (0, 15)
    assert unit_seats(PUSH, 0) == (0, 2) and unit_seats(PUSH, 1) == (1, 3)


def test_stock_out_makes_everyone_count() -> None:
    """A-R1-18: in Push both teams add their hands; in Cap-It everyone adds their own."""
    hands = [parse_cards("KS"), parse_cards("AS"), parse_cards("3C"), parse_cards("JK")]
    assert deal_scores(PUSH, hands, None) == ((10, 15, 5, 20), (15, 35))
    assert deal_scores(CAP_IT, hands, None) == ((10, 15, 5, 20), (10, 15, 5, 20))
    assert deal_scores(CAP_IT, [[], *hands[1:]], 0)[1] == (0, 15, 5, 20)


def test_ties_are_shared_unless_the_tiebreak_option_is_on() -> None:
    """A-X-02."""
    rows = [(10, 20, 5), (20, 10, 30)]
    assert winners(CAP_IT, rows) == (0, 1)
    assert winners(replace(CAP_IT, tiebreak_on_last_deals=True), rows) == (1,)
    assert winners(replace(CAP_IT, tiebreak_on_last_deals=True), [(10, 10), (5, 5)]) == (0, 1)


def test_pot_pays_the_round_winner_and_splits_the_rest() -> None:
    """Cap-It stakes: the round prize to whoever goes out; a stock-out leaves it in the pot (A-R2-03)."""
    rules = replace(CAP_IT, pot_ante=10, pot_round_prize=5)
    assert pot_payout(rules, 40, 2) == 5 and pot_payout(rules, 3, 2) == 3 and pot_payout(rules, 40, None) == 0
    assert split_pot(rules, 25, (1, 3), first_dealer=2) == (0, 12, 0, 13)
    assert split_pot(rules, 25, (1, 3), first_dealer=0) == (0, 13, 0, 12)
    assert split_pot(rules, 24, (2,), first_dealer=0) == (0, 0, 24, 0)


def test_pot_through_a_whole_match() -> None:
    rules = replace(CAP_IT, pot_ante=10, pot_round_prize=5)
    match = play_random_match(rules, seed=3)
    assert match.over and match.pot == 0 and sum(match.pot_shares) == 40
    paid = sum(result.payout for result in match.results)
    assert paid == 5 * sum(result.went_out is not None for result in match.results)
    for result in match.results:
        assert result.payout == (5 if result.reason is EndReason.WENT_OUT else 0)
    assert match.events[-1].text(match.names).startswith("The match is over")


def test_match_over_after_five_deals() -> None:
    match = play_random_match(PUSH, seed=8)
    assert match.over and len(match.results) == 5 and match.legal_actions() == []
    refused(match, TakeUpcard(match.turn), "the match is over")
    final = match.events[-1]
    assert isinstance(final, MatchEnded) and final.totals == match.totals and final.winners == match.winners
    assert match.winners == winners(PUSH, match.deal_scores)
    for result in match.results:
        penalties, scores = deal_scores(PUSH, result.hands, result.went_out)
        assert (penalties, scores) == (result.penalties, result.scores)
        assert penalties == tuple(penalty(hand) for hand in result.hands)
    assert match.observe(0).over and match.observe(0).winners == match.winners


def test_shared_win_is_announced() -> None:
    event = MatchEnded(("Ann", "Bob", "Cy"), (40, 40, 90), (0, 1), (0, 0, 0), teams=False)
    assert event.text(("Ann", "Bob", "Cy")) == (
        "The match is over: Ann and Bob share the win with 40 points (the lowest total)."
    )
    event = MatchEnded(("North-South", "East-West"), (300, 280), (1,), (0, 0, 0, 0), teams=True)
    assert event.text(("North", "East", "South", "West")).startswith("The match is over: East-West win with 280")


HANDS = ["7C 8C 9C JD QD KD", "4S 4D 5S 6S 7S 8S", "AH AD 3S 3D 9S 9H", "QH QS JC JS 10H 10C"]


def take_and_discard(match: Match) -> None:
    match.apply(TakeUpcard(match.turn))
    match.apply(Discard(match.turn, match.legal_discards()[0]))


def test_loop_guard_ends_a_hand_after_a_quiet_round_with_one_stock_card() -> None:
    """A-X-01: stock at one and a full round of turns without a meld, lay-off or rescue."""
    match = rig(Match.new(PUSH, seed=2), HANDS, upcard="7H", stock="KS", turn=0)
    for _ in range(3):
        take_and_discard(match)
        assert match.deal_no == 1
    take_and_discard(match)
    assert match.results[0].reason is EndReason.LOOP_GUARD and match.deal_no == 2
    assert match.results[0].scores == (
        match.results[0].penalties[0] + match.results[0].penalties[2],
        match.results[0].penalties[1] + match.results[0].penalties[3],
    )
    assert "nothing melded, so it counts as a stock-out" in match.log()[-2]


def test_loop_guard_counts_only_turns_begun_with_one_stock_card() -> None:
    match = rig(Match.new(PUSH, seed=2), HANDS, upcard="7S", stock="KH 3C 9D", turn=0)
    match.apply(Push(match.turn))  # stock 3 -> 1: this turn began with 3 cards and does not count
    match.apply(Discard(match.turn, card("3C")))
    for _ in range(3):
        take_and_discard(match)
    assert match.deal_no == 1
    take_and_discard(match)  # North: the fourth quiet turn begun with one stock card
    assert match.results[0].reason is EndReason.LOOP_GUARD


def test_loop_guard_resets_on_a_table_action() -> None:
    match = rig(Match.new(PUSH, seed=2), ["7C 7D 7H KC KD KS 4H", *HANDS[1:]], upcard="7S", stock="KS", turn=0)
    match.apply(TakeUpcard(match.turn))
    sets = [m for text in ("7C 7D 7H", "KC KD KS") for m in interpret_meld(parse_cards(text), PUSH)
            if m.kind is MeldKind.SET]
    match.apply(GoDown(match.turn, tuple(sets)))
    match.apply(Discard(match.turn, card("4H")))
    for _ in range(3):
        take_and_discard(match)
    assert match.deal_no == 1, "North's turn melded, so only three quiet turns have passed"
    take_and_discard(match)
    assert match.results[0].reason is EndReason.LOOP_GUARD


def test_without_the_loop_guard_the_hand_goes_on() -> None:
    match = rig(Match.new(replace(PUSH, loop_guard=False), seed=2), HANDS, upcard="7H", stock="KS", turn=0)
    for _ in range(12):
        take_and_discard(match)
    assert match.deal_no == 1 and not match.results


@pytest.mark.parametrize("rules", [CAP_IT, SIX_TO_TEN])
def test_individual_games_score_every_player_but_the_one_out(rules) -> None:  # type: ignore[no-untyped-def]
    match = play_random_match(rules, seed=4)
    for result in match.results:
        for seat, score in enumerate(result.scores):
            assert score == (0 if seat == result.went_out else result.penalties[seat])


@pytest.mark.parametrize("rules", [CAP_IT, SIX_TO_TEN])
def test_loop_guard_works_in_cap_it_and_six_to_ten(rules: RummyRules) -> None:
    """A-X-01 holds for all three games; in 6-7-8-9-10 the one-card stock even forces the take."""
    hands = ["3C 4C 5C 7D 8D 9D JH QH KH AS"] * rules.players
    match = rig(Match.new(rules, seed=3), hands, upcard="6H", stock="KS", turn=0)
    for _ in range(rules.players - 1):
        take_and_discard(match)
    assert match.deal_no == 1
    take_and_discard(match)
    assert match.results[0].reason is EndReason.LOOP_GUARD


@pytest.mark.parametrize("rules", [cap_it(3), six_to_ten(3)])
def test_loop_guard_also_counts_turns_begun_with_an_empty_stock(rules: RummyRules) -> None:
    """Custom rules with an even stock can leave it empty; players could then take and discard for ever."""
    even = replace(rules, hand_sizes=(9,) * 5, name="even stock")
    match = rig(Match.new(even, seed=1), ["3C 4C 5C 7D 8D 9D JH QH KH"] * 3, upcard="6H", stock="", turn=0)
    for _ in range(2):
        take_and_discard(match)
    assert match.deal_no == 1
    take_and_discard(match)
    assert match.results[0].reason is EndReason.LOOP_GUARD
