"""Three-card brag (B1): antes, blind/open costs, seeing, covering, ties, reshuffles, options, records."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from push_learn.cards import parse_cards, standard_deck
from push_learn.errors import IllegalAction, RecordError
from push_learn.poker.brag import (
    Award,
    Bet,
    BragGame,
    BragRules,
    Cover,
    DropHand,
    Fold,
    HandResult,
    KeepHand,
    Look,
    See,
    load_brag,
    pack_dealing,
)
from push_learn.poker.brag_bots import RandomBragBot, SensibleBragBot, actions_from_observation, play_to_end
from push_learn.poker.three_card import BRAG, compare_hands
from push_learn.records import Record

A_K_4 = "AH KD 4D"  # high card A-K-4
A_K_4_TOO = "AS KS 4C"  # the same ranks: a tie


def deal(hands: list[str], dealer: int = 0, matches: int = 1, **options: Any) -> BragGame:
    """A game whose first deal gives ``hands[seat]`` to each seat."""
    rules = BragRules(players=len(hands), **options)
    return BragGame(rules, seed=99, hands=matches, dealer=dealer, pack=pack_dealing(hands, dealer))


def play(game: BragGame, *actions: Any) -> None:
    for action in actions:
        game.apply(action)


def snapshot(game: BragGame) -> tuple[Any, ...]:
    return (game.record().to_json(), game.stacks, list(game.pack), [game.observe(s) for s in range(3)])


# ---- set-up -------------------------------------------------------------------------------------


def test_everyone_antes_and_the_player_left_of_the_dealer_starts() -> None:
    game = deal(["2C 3D 5H", "AS KS QS", "7H 7D 9C"], dealer=2, ante=2)
    assert game.pot_total == 6 and game.stacks == [98, 98, 98]
    assert game.to_move == (0,)
    assert [game.seats[s].hands[0] for s in range(3)] == [tuple(parse_cards(h)) for h in
                                                          ("2C 3D 5H", "AS KS QS", "7H 7D 9C")]


def test_the_deal_passes_left_and_folded_cards_go_to_the_bottom() -> None:
    game = deal(["2C 3D 5H", "AS KS QS", "7H 7D 9C"], matches=2)
    play(game, Fold(1))
    assert game.pack[-3:] == parse_cards("AS KS QS")
    play(game, Fold(2))  # seat 0 wins the antes without showing
    result = game.results[0]
    assert result.how == "everyone else folded" and result.shown == () and result.awards[0].seat == 0
    assert game.stacks == [101, 98, 98]  # after the second hand's antes
    assert game.dealer == 1 and game.to_move == (2,)
    # no prial, no shuffle: the second deal continues from the top of the same pack
    assert game.seats[2].hands[0] == tuple(pack_dealing(["2C 3D 5H", "AS KS QS", "7H 7D 9C"])[9:18:3])


# ---- blind and open costs -----------------------------------------------------------------------


def test_blind_pays_half_and_the_stake_is_kept_in_open_units() -> None:
    game = deal(["2C 3D 5H", "AS KS QS", "7H 7D 9C"])
    assert game.bet_range(1) == (1, 5)  # first bet 1..10 open, halved for a blind player
    play(game, Bet(1, 3))
    assert game.stake == 6
    assert game.bet_range(2) == (3, 10)  # blind: at least half the stake, at most half the table maximum (20)
    play(game, Look(2))
    assert game.bet_range(2) == (6, 6)  # open while blind players are in: the stake, no raise (A-B1-02)
    play(game, Bet(2, 6))
    assert game.stake == 6
    play(game, Bet(0, 4))  # blind 4 counts as 8 open
    assert game.stake == 8
    with pytest.raises(IllegalAction, match="between 4 and 10"):
        game.apply(Bet(1, 3))
    play(game, Bet(1, 4))
    assert game.stacks == [95, 92, 93]  # bets are fresh each turn: 1 ante + 3 + 4 for seat 1


def test_first_bet_limits_and_raise_limit() -> None:
    game = deal(["2C 3D 5H", "AS KS QS", "7H 7D 9C"], min_first_bet=2, max_first_bet=6, raise_limit=9)
    play(game, Look(1))
    for amount in (1, 7):
        assert not game.can(Bet(1, amount))
    play(game, Bet(1, 6))
    assert game.bet_range(2) == (3, 4)  # blind: 6/2 .. the table maximum 9 halved, rounded down
    play(game, Look(2), Bet(2, 6), Look(0))
    assert game.bet_range(0) == (6, 9)  # everyone open: the stake up to the table maximum
    stepped = deal(["2C 3D 5H", "AS KS QS", "7H 7D 9C"], min_first_bet=2, max_first_bet=6, raise_limit=3,
                   raise_limit_above_stake=True)
    play(stepped, Look(1), Bet(1, 6))
    assert stepped.bet_range(2) == (3, 4)  # D-3C-14 option: blind 6/2 .. (6+3)/2
    unlimited = deal(["2C 3D 5H", "AS KS QS", "7H 7D 9C"], raise_limit=None, open_may_raise_blind=True)
    play(unlimited, Look(1), Bet(1, 10), Look(2))
    assert unlimited.bet_range(2) == (10, 99)  # only the stack limits it


def test_looking_makes_a_player_open_once() -> None:
    game = deal(["2C 3D 5H", "AS KS QS", "7H 7D 9C"])
    assert game.observe(1).cards == ()  # a blind player does not know their own cards
    play(game, Look(1))
    seen = game.observe(1)
    assert seen.cards == (tuple(parse_cards("AS KS QS")),) and seen.hand_name == "running flush A-K-Q"
    assert game.observe(2).cards == () and not game.seats[1].blind
    with pytest.raises(IllegalAction, match="already looked"):
        game.apply(Look(1))
    with pytest.raises(IllegalAction, match="turn"):
        game.apply(Look(2))


# ---- seeing -------------------------------------------------------------------------------------


def test_seeing_needs_exactly_two_players_and_a_bet() -> None:
    game = deal(["2C 3D 5H", "AS KS QS", "7H 7D 9C"])
    play(game, Look(1), Bet(1, 4))
    with pytest.raises(IllegalAction, match="two players left, not 3"):
        game.apply(See(2))
    heads_up = deal(["2C 3D 5H", "AS KS QS"])
    with pytest.raises(IllegalAction, match="nothing to see yet"):
        heads_up.apply(See(1))


def test_open_see_costs_twice_the_stake_and_the_seen_hand_shows() -> None:
    game = deal(["KC KD 5H", "AS 9S 2D", "7H 7D 9C"])
    play(game, Look(1), Bet(1, 4), Fold(2), Look(0))
    assert game.see_cost(0) == 8
    play(game, See(0))
    result = game.results[0]
    assert game.stacks == [99 - 8 + 15, 95, 99]  # pot: 3 antes + 4 + 8
    assert [s.seat for s in result.shown] == [1, 0]  # the seen player shows; the winning seer shows too
    assert result.awards[0].seat == 0


def test_a_losing_seer_need_not_show() -> None:
    game = deal(["2C 3D 5H", "AS 9S 2D", "7H 7D 9C"])
    play(game, Look(1), Bet(1, 4), Fold(2), Look(0), See(0))
    assert [s.seat for s in game.results[0].shown] == [1]
    assert game.results[0].awards[0].seat == 1


def test_blind_see_costs_the_stake_in_blind_chips() -> None:
    game = deal(["KC KD 5H", "AS 9S 2D", "7H 7D 9C"])
    play(game, Look(1), Bet(1, 4), Fold(2))
    assert game.see_cost(0) == 4  # blind seeing an open player: S, which counts as 2S open
    play(game, See(0))
    assert game.stacks[0] == 99 - 4 + 3 + 4 + 4


def test_the_seer_loses_ties() -> None:
    game = deal([A_K_4, A_K_4_TOO, "7H 7D 9C"])
    play(game, Look(1), Bet(1, 4), Fold(2), Look(0), See(0))
    assert game.results[0].awards[0].seat == 1
    assert "seer loses ties" in game.results[0].how


def test_an_open_player_cannot_see_a_blind_one_but_a_blind_one_can_see_anyone() -> None:
    game = deal(["KC KD 5H", "2C 3D 7S", "7H 7D 9C"])
    play(game, Bet(1, 2), Fold(2), Look(0))  # seat 1 is still blind
    with pytest.raises(IllegalAction, match="open player may not see a blind"):
        game.apply(See(0))
    assert game.options(0) is not None and game.options(0).see_cost is None  # type: ignore[union-attr]
    play(game, Bet(0, 4))
    play(game, See(1))  # blind sees open for S = 4
    assert game.stacks[1] == 99 - 2 - 4  # and loses: the blind seer's pair-less hand is lower
    assert game.results[0].awards[0].seat == 0
    both_blind = deal(["2C 3D 5H", "AS 9S 2D", "7H 7D 9C"])
    play(both_blind, Bet(1, 2), Fold(2))
    assert both_blind.see_cost(0) == 4
    play(both_blind, See(0))
    assert both_blind.results[0].awards[0].seat == 1


# ---- covering the pot ---------------------------------------------------------------------------


def test_covering_is_only_for_a_player_who_cannot_afford_a_bet() -> None:
    game = deal(["2C 3D 5H", "AS 9S 2D", "7H 7D 9C"])
    with pytest.raises(IllegalAction, match="can still afford a bet"):
        game.apply(Cover(1))


def test_covering_with_two_left_ends_the_betting_and_the_coverer_loses_ties() -> None:
    for coverer_hand, winner in ((A_K_4_TOO, 0), ("QS QH 2C", 1)):
        game = deal([A_K_4, coverer_hand, "7H 7D 9C"], starting_stack=50, raise_limit=None, max_first_bet=50)
        play(game, Look(1), Bet(1, 40), Fold(2), Look(0), Bet(0, 40))
        assert game.bet_range(1) is None and game.options(1).cover  # type: ignore[union-attr]
        play(game, Cover(1))
        result = game.results[0]
        assert [a.seat for a in result.awards] == [winner] and result.awards[0].amount == 3 + 40 + 40 + 9
        assert {s.seat for s in result.shown} == {0, 1}
        assert game.stacks[1] == (92 if winner == 1 else 0)


def test_covering_opens_a_side_pot_and_the_best_hands_take_each_pot() -> None:
    hands = ["KS KD 2C", "7C 5D 2H", "AS AH 4D", "QS QD 5C"]
    game = deal(hands, matches=2, starting_stack=100, raise_limit=None, max_first_bet=100, open_may_raise_blind=True)
    play(game, Look(1), Bet(1, 10), Look(2), Bet(2, 80), Bet(3, 40), Bet(0, 40), Bet(1, 80))
    play(game, Cover(2))  # 19 chips: the first pot now holds 4 + 10 + 80 + 40 + 40 + 80 + 19
    assert game.pots[0].amount == 273 and game.pots[0].coverer == 2 and len(game.pots) == 2
    play(game, Bet(3, 40), Bet(0, 40), Fold(1))  # the others bet on into the side pot
    assert game.pots[1].amount == 80
    play(game, Cover(3))  # seat 3 cannot afford 40 blind either; with two left this ends the betting
    result = game.results[0]
    assert [(a.seat, a.pot, a.amount) for a in result.awards] == [(0, 1, 99), (2, 0, 273)]
    assert game.stacks[:3] == [19 + 99 - 1, 9 - 1, 273 - 1] and game.stacks[3] == 0
    assert game.seats[3].status == "out" and game.seats[3].hands == []  # no chips for the next ante


def named(hands: list[str], names: tuple[str, ...], matches: int = 1, **options: Any) -> BragGame:
    """``deal`` with the seats named (a table names the student's own seat "You")."""
    rules = BragRules(players=len(hands), **options)
    return BragGame(rules, seed=99, hands=matches, pack=pack_dealing(hands), players=names)


def test_the_log_words_the_seat_named_you_as_you() -> None:
    """Lines about the seat named "You" read "You cover", "You bet", never "You covers" (the reader is "you")."""
    game = named([A_K_4, "QS QH 2C", "7H 7D 9C"], ("Ann", "You", "Bob"), starting_stack=50, raise_limit=None,
                 max_first_bet=50)
    play(game, Look(1), Bet(1, 40), Fold(2), Look(0), Bet(0, 40), Cover(1))
    assert game.log == ["Deal 1: Ann deals", "You look at the hand", "You bet 40 open", "Bob folds",
                        "Ann looks at the hand", "Ann bets 40 open", "You cover the pot with 9 chips",
                        "You covered the pot against the last player"]
    seer = named([A_K_4, "QS QH 2C", "7H 7D 9C"], ("You", "Ann", "Bob"))
    play(seer, Bet(1, 2), Fold(2), See(0))
    assert seer.log == ["Deal 1: you deal", "Ann bets 2 blind", "Bob folds", "You pay 4 to see Ann",
                        seer.results[0].how]
    seen = named([A_K_4, "QS QH 2C", "7H 7D 9C"], ("Ann", "You", "Bob"))  # the same deal, seen by Ann
    play(seen, Bet(1, 2), Fold(2), See(0))
    assert seen.log[1:4] == ["You bet 2 blind", "Bob folds", "Ann pays 4 to see you"]
    assert seen.results[0].how.startswith("Ann saw you")


def test_a_blind_carry_and_the_next_deal_are_worded_for_you() -> None:
    game = named(["2C 3D 5H", "AS 9S 2D", "7H 7D 8C"], ("Ann", "You", "Bob"), matches=2, blind_carry=True)
    play(game, Bet(1, 1), Fold(2), Fold(0))
    assert game.results[0].how == "everyone else folded; you are blind, so the pot is carried"
    assert game.log == ["Deal 2: you deal"]
    play(game, Fold(2), Bet(0, 1), Look(1, 1), KeepHand(1))
    assert game.log[-1] == "You keep the hand looked at"


@pytest.mark.parametrize("seed", range(3))
def test_no_line_of_a_whole_match_puts_you_before_a_verb_for_he_or_she(seed: int) -> None:
    game = BragGame(BragRules(players=3, starting_stack=30), seed=seed, hands=6, players=("Ann", "You", "Bob"))
    bots = [RandomBragBot(), RandomBragBot(), RandomBragBot()]
    rng, lines = random.Random(seed), list(game.log)
    while not game.over:
        hand, before = game.hand_number, len(game.log)
        game.apply(bots[game.to_move[0]].choose(game.observe(game.to_move[0]), rng))
        lines += game.log if game.hand_number != hand else game.log[before:]
    lines += [result.how for result in game.results]
    assert any(line.startswith("You ") for line in lines)
    assert [line for line in lines if re.search(r"\bYou (is|has|was|[a-z]*[^s]s)\b", line)] == []
    assert [line for line in lines if re.search(r"[a-z,;] You\b", line)] == []  # "to see you", "; you are"


# ---- end of deal, reshuffle and options -----------------------------------------------------------


def test_reshuffle_after_a_prial_is_shown() -> None:
    game = deal(["9C 9D 9H", "AS 9S 2D", "7H 7D 8C"], matches=2)
    play(game, Look(1), Bet(1, 4), Fold(2), Look(0), See(0))
    assert game.results[0].reshuffle
    assert game.seats[2].hands[0] != tuple(pack_dealing(["9C 9D 9H", "AS 9S 2D", "7H 7D 8C"])[9:18:3])
    quiet = deal(["9C 8D 9H", "AS 9S 2D", "7H 7D 8C"], matches=2)
    play(quiet, Look(1), Bet(1, 4), Fold(2), Look(0), See(0))
    assert not quiet.results[0].reshuffle


def test_a_prial_winning_unseen_also_reshuffles_and_always_shuffle_option() -> None:
    game = deal(["9C 9D 9H", "AS 9S 2D", "7H 7D 8C"], matches=2)
    play(game, Fold(1), Fold(2))
    assert game.results[0].reshuffle and game.results[0].shown == ()
    always = deal(["9C 8D 9H", "AS 9S 2D", "7H 7D 8C"], matches=2, always_shuffle=True)
    play(always, Fold(1), Fold(2))
    assert always.results[0].reshuffle


def test_blind_last_player_wins_by_default() -> None:
    game = deal(["2C 3D 5H", "AS 9S 2D", "7H 7D 8C"], matches=2)
    play(game, Bet(1, 1), Fold(2), Fold(0))
    assert game.results[0].awards[0].seat == 1 and game.results[0].carried == 0


def test_blind_carry_keeps_the_pot_and_the_blind_hand() -> None:
    game = deal(["2C 3D 5H", "AS 9S 2D", "7H 7D 8C"], matches=2, blind_carry=True)
    play(game, Bet(1, 1), Fold(2), Fold(0))
    assert game.results[0].carried == 4 and game.results[0].awards == ()
    assert game.pot_total == 4 + 3 and len(game.seats[1].hands) == 2
    assert game.seats[1].hands[0] == tuple(parse_cards("AS 9S 2D"))
    assert game.to_move == (2,)  # seat 1 deals now
    play(game, Fold(2), Bet(0, 1))
    assert game.options(1).look == (0, 1)  # type: ignore[union-attr]
    play(game, Look(1, 1))
    with pytest.raises(IllegalAction, match="keep or drop"):
        game.apply(Bet(1, 2))
    assert game.observe(1).cards == (game.seats[1].hands[1],)
    play(game, KeepHand(1))
    assert not game.seats[1].blind and len(game.seats[1].hands) == 1
    assert game.pack[-3:] == parse_cards("AS 9S 2D")  # the other hand is folded unseen


def test_blind_carry_drop_hand_plays_on_blind() -> None:
    game = deal(["2C 3D 5H", "AS 9S 2D", "7H 7D 8C"], matches=2, blind_carry=True)
    play(game, Bet(1, 1), Fold(2), Fold(0), Fold(2), Bet(0, 1), Look(1, 0), DropHand(1))
    assert game.seats[1].blind and len(game.seats[1].hands) == 1
    play(game, Fold(1))  # in the last deal no pot is carried: seat 0 takes it
    assert game.over and game.stacks == [100 - 2 - 1 + 7 + 1, 100 - 2 - 1, 100 - 2]


def test_orbit_cap_compares_every_hand_and_splits_ties() -> None:
    game = deal([A_K_4, A_K_4_TOO, "QH 7D 5C"], max_orbits=1)
    play(game, Bet(1, 1), Bet(2, 1), Bet(0, 1))
    result = game.results[0]
    assert "orbit" in result.how and len(result.shown) == 3
    assert [(a.seat, a.amount) for a in result.awards] == [(1, 3), (0, 3)]  # 6 chips, split evenly


def test_refused_actions_leave_the_state_untouched() -> None:
    game = deal(["2C 3D 5H", "AS 9S 2D", "7H 7D 8C"])
    play(game, Look(1), Bet(1, 4))
    before = snapshot(game)
    for bad in (Bet(2, 1), See(2), Cover(2), KeepHand(2), Look(0), Bet(2, 100), Fold(7)):
        with pytest.raises(IllegalAction):
            game.apply(bad)
    assert snapshot(game) == before


def test_records_replay_and_corrupt_ones_are_refused() -> None:
    game = BragGame(BragRules(players=5, blind_carry=True), seed=8, hands=6)
    play_to_end(game, [SensibleBragBot() for _ in range(5)])
    record = Record.from_json(game.record().to_json())
    again = load_brag(record)
    assert again.stacks == game.stacks and again.results == game.results
    prepared = deal(["2C 3D 5H", "AS 9S 2D", "7H 7D 8C"])
    play(prepared, Fold(1), Fold(2))
    assert load_brag(prepared.record()).results == prepared.results
    data = record.to_dict()
    data["actions"][3] = {"type": "bet", "seat": 9, "amount": 1}
    with pytest.raises(RecordError, match=r"^step 4 .* this table has seats 1 to \d+, not seat 10") as error:
        load_brag(Record.from_dict(data))
    assert error.value.index == 3


# ---- bots and properties ------------------------------------------------------------------------


def test_sensible_bots_beat_random_ones() -> None:
    totals = [0, 0]
    for seed in range(8):
        game = BragGame(BragRules(players=4, starting_stack=200), seed=seed, hands=20)
        play_to_end(game, [SensibleBragBot(), RandomBragBot(), SensibleBragBot(), RandomBragBot()],
                    random.Random(seed))
        totals[0] += game.stacks[0] + game.stacks[2]
        totals[1] += game.stacks[1] + game.stacks[3]
    assert totals[0] > totals[1]


def check_invariants(game: BragGame, total: int) -> None:
    assert sum(game.stacks) + game.pot_total == total
    places = list(game.pack) + [card for seat in game.seats for hand in seat.hands for card in hand]
    assert sorted(places, key=str) == sorted(standard_deck(), key=str)
    assert min(game.stacks) >= 0


@settings(max_examples=examples(40))
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 8),
    stack=st.integers(0, 40),
    ante=st.integers(0, 3),
    blind_carry=st.booleans(),
    max_orbits=st.sampled_from([None, 1, 4]),
    raise_limit=st.sampled_from([None, 10, 25]),
    stepped=st.booleans(),
    open_raises=st.booleans(),
)
def test_random_play_conserves_chips_and_cards_and_ends(
    seed: int, players: int, stack: int, ante: int, blind_carry: bool, max_orbits: int | None,
    raise_limit: int | None, stepped: bool, open_raises: bool,
) -> None:
    rules = BragRules(players=players, starting_stack=stack, ante=ante, blind_carry=blind_carry,
                      max_orbits=max_orbits, raise_limit=raise_limit, raise_limit_above_stake=stepped,
                      open_may_raise_blind=open_raises)
    game = BragGame(rules, seed=seed, hands=4, dealer=seed % players)
    bot, rng = RandomBragBot(), random.Random(seed)
    total = players * stack
    check_invariants(game, total)
    for _ in range(5000):
        if game.over:
            break
        seat = game.to_move[0]
        observation = game.observe(seat)
        assert all(game.can(action) for action in actions_from_observation(observation))
        game.apply(bot.choose(observation, rng))
        check_invariants(game, total)
    assert game.over
    assert load_brag(game.record()).stacks == game.stacks


def test_the_lowest_prial_and_the_lowest_run() -> None:
    """2-2-2 is the lowest prial and 4-3-2 the lowest run (A-2-3 is the top one)."""
    assert compare_hands("2C 2D 2H", "4C 4D 4H", BRAG) == -1
    assert compare_hands("4C 3D 2H", "5C 4D 3H", BRAG) == -1


def test_a_blind_stake_after_an_odd_open_bet_rounds_down_then_doubles() -> None:
    """D-3C-02: after an open bet of 5, a blind player may bet 3 to 10 (half the table maximum of 20), and a
    blind 3 counts as 6 open."""
    game = BragGame(BragRules(players=3), seed=1, pack=pack_dealing(["2C 3D 5H", "AS KS QS", "7H 7D 9C"]))
    game.apply(Look(1))
    game.apply(Bet(1, 5))
    assert game.bet_range(2) == (3, 10)
    game.apply(Bet(2, 3))
    assert game.stake == 6


def test_the_odd_chip_of_a_shared_pot_goes_clockwise_from_the_dealers_left() -> None:
    """D-3C-05: seats 0 and 1 tie after one orbit and share a pot of 7: seat 1 gets the odd chip."""
    game = BragGame(
        BragRules(players=3, ante=1, max_orbits=1), seed=1, pack=pack_dealing(["AH KD 4D", "AS KS 4C", "QH 7D 5C"])
    )
    for move in (Bet(1, 1), Bet(2, 1), Bet(0, 2)):
        game.apply(move)
    assert [(award.seat, award.amount) for award in game.results[0].awards] == [(1, 4), (0, 3)]


@pytest.mark.parametrize("players", [1, 9])
def test_brag_takes_two_to_eight_players(players: int) -> None:
    """D-3C-01."""
    with pytest.raises(ValueError, match="2 to 8 players"):
        BragRules(players=players)


def test_hands_go_back_under_the_pack_folded_first_then_clockwise_and_the_deal_passes_on() -> None:
    """D-3C-08: seat 1 folds (his cards go to the bottom at once); at the end seats 2 and 0 follow, clockwise
    from the dealer's left. D-3C-09: the next deal is seat 1's, from the top of the same pack."""
    game = BragGame(
        BragRules(players=3, ante=1), seed=1, hands=2, pack=pack_dealing(["AH KD 4D", "AS KS 4C", "QH 7D 5C"])
    )
    game.apply(Look(1))
    game.apply(Fold(1))
    assert game.pack[-3:] == parse_cards("AS KS 4C")
    for move in (Look(2), Bet(2, 2), Look(0), Bet(0, 2), See(2)):
        game.apply(move)
    assert game.hand_number == 2 and game.dealer == 1
    assert game.pack[-9:] == parse_cards("AS KS 4C QH 7D 5C AH KD 4D")
    assert len(game.pack) == 52 - 9


def test_a_player_who_cannot_ante_sits_out_and_the_deal_passes_to_the_next_who_can() -> None:
    """D-3C-09: seat 0 covers with his last chips and loses; in the next deal he sits out, and the deal
    passes from seat 2 past him to seat 1."""
    rules = BragRules(players=3, ante=1, starting_stack=3)
    game = BragGame(rules, seed=1, hands=3, dealer=2, pack=pack_dealing(["AH KD 4D", "AS KS QS", "QH QD 5C"], dealer=2))
    for move in (Look(0), Bet(0, 2), Fold(1), Look(2), Bet(2, 2), Cover(0)):
        game.apply(move)
    assert game.results[0].awards[0].seat == 2
    assert game.hand_number == 2 and game.dealer == 1
    assert [player.status for player in game.seats] == ["out", "in", "in"]
    assert [player.stack for player in game.seats] == [0, 1, 6]
    assert game.in_play() == [2, 1] and game.seats[0].hands == []



def test_side_pots_are_named_and_explained_a_single_pot_is_just_taken() -> None:
    """One pot: "You take 5 chips", with the reason only when a cover decided it. Side pots (a cover with others
    still in) are named after the main pot, counting from 1."""
    game = named([A_K_4, "QS QH 2C", "7H 7D 9C"], ("Ann", "You", "Bob"), starting_stack=50, raise_limit=None,
                 max_first_bet=50)
    play(game, Look(1), Bet(1, 40), Fold(2), Look(0), Bet(0, 40), Cover(1))
    assert game.results[0].lines(game.players)[-1] == "You take 92 chips (the coverer's hand is higher)"
    folded = named([A_K_4, "QS QH 2C", "7H 7D 9C"], ("Ann", "You", "Bob"))
    play(folded, Bet(1, 2), Fold(2), Fold(0))
    assert folded.results[0].lines(folded.players)[-1] == f"You take {folded.results[0].awards[0].amount} chips"
    lost = "the coverer's hand is not higher, and the coverer loses ties"
    two = HandResult(1, "Ann covered the pot against the last player", (Award(1, 24, 1, lost), Award(1, 234, 0, lost)),
                     (), 0, False)
    assert two.award_lines(("Ann", "Ben", "Cat")) == [f"Ben takes 24 chips from side pot 1 ({lost})",
                                                      f"Ben takes 234 chips from the main pot ({lost})"]
