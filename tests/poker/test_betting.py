"""Fixed-limit betting, pots, odd chips and the hi-lo split."""

from __future__ import annotations

import pytest

from push_learn.errors import IllegalAction
from push_learn.poker.betting import BetKind, BettingRound, Chips, Limits, Pot, build_pots, split_pot
from push_learn.poker.showdown import Direction, ShowdownMode, locked_seats, settle

B = BetKind


def run(betting: BettingRound, *moves: tuple[int, BetKind]) -> None:
    for seat, kind in moves:
        betting.apply(seat, kind)


def snapshot(betting: BettingRound) -> tuple[object, ...]:
    return (betting.to_act, dict(betting.contrib), betting.level, betting.bets, set(betting.pending),
            list(betting.chips.stacks), list(betting.chips.committed), list(betting.live))


def test_limits() -> None:
    limits = Limits(2, 4, big_bet_from=3, max_raises=3, bring_in=1)
    assert [limits.bet_size(r) for r in range(1, 7)] == [2, 2, 4, 4, 4, 4]
    assert limits.max_bets == 4
    with pytest.raises(ValueError):
        Limits(4, 2)
    with pytest.raises(ValueError):
        Limits(2, 4, bring_in=2)


def test_a_bet_and_three_raises_then_the_cap() -> None:
    """Seed 004, third betting round: JIM bets $4, EVE raises to 8, JIM to 12, EVE caps at 16."""
    chips = Chips([100] * 4)
    betting = BettingRound(chips, [0, 1, 2, 3], bet=4)
    run(betting, (0, B.BET), (1, B.CALL), (2, B.CALL), (3, B.RAISE), (0, B.RAISE), (1, B.CALL), (2, B.CALL))
    assert betting.to_act == 3 and betting.level == 12
    betting.apply(3, B.RAISE)
    assert betting.level == 16 and betting.bets == 4
    assert betting.legal() == [B.FOLD, B.CALL]
    with pytest.raises(IllegalAction, match="capped: a bet and 3 raises"):
        betting.apply(0, B.RAISE)
    run(betting, (0, B.CALL), (1, B.CALL), (2, B.CALL))
    assert betting.done
    assert chips.committed == [16, 16, 16, 16] and chips.pot == 64


def test_checks_round_and_a_lone_player_left() -> None:
    chips = Chips([50, 50, 50])
    betting = BettingRound(chips, [1, 2, 0], bet=2)
    assert betting.to_act == 1 and betting.legal() == [B.FOLD, B.CHECK, B.BET]
    run(betting, (1, B.CHECK), (2, B.CHECK), (0, B.CHECK))
    assert betting.done and chips.pot == 0
    betting = BettingRound(chips, [0, 1, 2], bet=2)
    run(betting, (0, B.BET), (1, B.FOLD), (2, B.FOLD))
    assert betting.done and betting.folded == [1, 2] and betting.live == [0]


def test_refusals_explain_and_change_nothing() -> None:
    chips = Chips([10, 10, 10])
    betting = BettingRound(chips, [0, 1, 2], bet=2)
    betting.apply(0, B.BET)
    before = snapshot(betting)
    for seat, kind, words in [
        (1, B.CHECK, "cannot check: there is \\$2 to call"),
        (1, B.BET, "already a bet"),
        (2, B.CALL, "not your turn"),
        (1, B.BRING_IN, "bring-in has already been made"),
        (1, B.COMPLETE, "no bring-in to complete"),
    ]:
        with pytest.raises(IllegalAction, match=words):
            betting.apply(seat, kind)
        assert not betting.can(seat, kind)
    assert snapshot(betting) == before
    fresh = BettingRound(Chips([10, 10]), [0, 1], bet=2)
    with pytest.raises(IllegalAction, match="no bet to raise"):
        fresh.apply(0, B.RAISE)
    with pytest.raises(IllegalAction, match="nothing to call"):
        fresh.apply(0, B.CALL)


def test_bring_in_complete_and_raises() -> None:
    """Seed 004, first round: ASH brings in $1, JIM completes to $2, the others call or fold."""
    chips = Chips([100] * 6)
    betting = BettingRound(chips, [0, 1, 2, 3, 4, 5], bet=2, bring_in=1)
    assert betting.legal() == [B.BRING_IN, B.COMPLETE]
    with pytest.raises(IllegalAction, match="must first bring in"):
        betting.apply(0, B.CHECK)
    betting.apply(0, B.BRING_IN)
    assert betting.legal() == [B.COMPLETE, B.FOLD, B.CALL]
    with pytest.raises(IllegalAction, match="complete the bring-in"):
        betting.apply(1, B.RAISE)
    run(betting, (1, B.COMPLETE), (2, B.CALL), (3, B.CALL), (4, B.FOLD), (5, B.CALL))
    assert betting.to_act == 0 and betting.to_call(0) == 1
    betting.apply(0, B.FOLD)
    assert betting.done
    assert chips.committed == [1, 2, 2, 2, 0, 2]
    # completing is the bet: three raises may follow
    betting = BettingRound(Chips([100] * 3), [0, 1, 2], bet=2, bring_in=1)
    run(betting, (0, B.BRING_IN), (1, B.COMPLETE), (2, B.RAISE), (0, B.RAISE), (1, B.RAISE))
    assert betting.bets == 4 and not betting.can(2, B.RAISE)


def test_if_everyone_calls_the_bring_in_the_round_ends() -> None:
    betting = BettingRound(Chips([20] * 3), [2, 0, 1], bet=2, bring_in=1)
    run(betting, (2, B.BRING_IN), (0, B.CALL), (1, B.CALL))
    assert betting.done


def test_bring_in_may_complete_at_once() -> None:
    betting = BettingRound(Chips([20] * 3), [1, 2, 0], bet=2, bring_in=1)
    betting.apply(1, B.COMPLETE)
    assert betting.level == 2 and betting.bets == 1 and betting.to_act == 2


def test_locked_players_may_only_check_call_or_fold() -> None:
    """A-P2-06: RIZ, alone in his direction, may not initiate the betting."""
    betting = BettingRound(Chips([50] * 3), [0, 1, 2], bet=4, locked={1}, lock_reason="RIZ is locked")
    betting.apply(0, B.CHECK)
    assert betting.legal() == [B.FOLD, B.CHECK]
    with pytest.raises(IllegalAction, match="RIZ is locked"):
        betting.apply(1, B.BET)
    run(betting, (1, B.CHECK), (2, B.BET), (0, B.CALL))
    assert betting.to_act == 1 and betting.legal() == [B.FOLD, B.CALL]
    betting.apply(1, B.CALL)
    assert betting.done


def test_all_in_call_for_less_and_players_without_chips_skip() -> None:
    chips = Chips([20, 3, 20, 0])
    betting = BettingRound(chips, [0, 1, 2, 3], bet=4)
    run(betting, (0, B.BET), (1, B.CALL))
    assert chips.stacks[1] == 0 and betting.contrib[1] == 3
    assert betting.to_act == 2  # seat 3 has no chips and never acts
    betting.apply(2, B.CALL)
    assert betting.done


def test_a_short_all_in_raise_does_not_reopen_the_raising() -> None:
    """D-POK-04: seat 0 bet, seat 1 raised all in for less than a full raise; seat 0 may only call or fold."""
    chips = Chips([50, 6, 50])
    betting = BettingRound(chips, [0, 1, 2], bet=4)
    run(betting, (0, B.BET), (1, B.RAISE))
    assert betting.level == 6 and betting.bets == 1
    assert betting.to_act == 2 and B.RAISE in betting.legal()  # seat 2 has not acted yet
    betting.apply(2, B.CALL)
    assert betting.to_act == 0 and betting.legal() == [B.FOLD, B.CALL]
    with pytest.raises(IllegalAction, match="short all-in raise"):
        betting.apply(0, B.RAISE)
    betting.apply(0, B.CALL)
    assert betting.done and chips.committed == [6, 6, 6]


def test_no_betting_when_fewer_than_two_can_act() -> None:
    betting = BettingRound(Chips([0, 30, 0]), [0, 1, 2], bet=2, bring_in=1)
    assert betting.done and betting.bring_in == 0


def test_side_pots_at_all_in_levels() -> None:
    # seat 3 folded after putting in 10; seat 1 is all in for 5; seat 2 all in for 20
    pots = build_pots([30, 5, 20, 10], live=[0, 1, 2], all_in=[1, 2])
    assert pots == [Pot(20, (0, 1, 2)), Pot(35, (0, 2)), Pot(10, (0,))]
    assert sum(p.amount for p in pots) == 65


def test_unequal_fees_make_no_side_pot_without_an_all_in() -> None:
    """Seed 004: push and replace fees leave players with different totals, yet there is one pot."""
    assert build_pots([2, 52, 46, 45, 1, 49], live=[1, 2, 3]) == [Pot(195, (1, 2, 3))]


def test_chips_nobody_live_matched_join_the_top_pot() -> None:
    # seat 2 folded after paying more in fees than the all-in players put in
    assert build_pots([4, 4, 9], live=[0, 1], all_in=[0, 1]) == [Pot(17, (0, 1))]


def test_split_pot_gives_odd_chips_in_order() -> None:
    assert split_pot(10, [3, 1, 2]) == {3: 4, 1: 3, 2: 3}
    assert split_pot(7, [2]) == {2: 7}
    with pytest.raises(ValueError):
        split_pot(5, [])


def test_chips_pay_and_collect() -> None:
    chips = Chips([5, 10])
    assert chips.pay(0, 8) == 5 and chips.stacks == [0, 10]
    assert chips.total == 15
    with pytest.raises(ValueError, match="add up"):
        chips.collect({1: 4})
    chips.collect({1: 5})
    assert chips.stacks == [0, 15] and chips.pot == 0
    with pytest.raises(ValueError):
        Chips([-1])


# -- showdown ---------------------------------------------------------------------------------

H, L, BOTH = Direction.HIGH, Direction.LOW, Direction.BOTH


def test_hi_lo_halves_with_the_odd_chip_high() -> None:
    awards = settle([Pot(195, (1, 2, 3))], ShowdownMode.HI_LO_DECLARE, high={1: 5775, 2: 14, 3: 6020},
                    low={1: 300, 2: 6127, 3: 5850}, order=[1, 2, 3], declared={1: H, 2: L, 3: H})
    assert [(a.way, a.amount, a.winners) for a in awards] == [("high", 98, (3,)), ("low", 97, (2,))]


def test_both_must_win_both_ways_outright() -> None:
    pot = [Pot(100, (0, 1, 2))]
    high = {0: 500, 1: 400, 2: 100}
    low = {0: 900, 1: 100, 2: 800}
    awards = settle(pot, ShowdownMode.HI_LO_DECLARE, high, low, [0, 1, 2], {0: BOTH, 1: H, 2: L})
    assert [(a.way, a.winners) for a in awards] == [("high", (0,)), ("low", (0,))]
    # a tie in one direction spoils the whole claim; the halves go to the best remaining hands
    low_tie = {0: 900, 1: 100, 2: 900}
    awards = settle(pot, ShowdownMode.HI_LO_DECLARE, high, low_tie, [0, 1, 2], {0: BOTH, 1: H, 2: L})
    assert [(a.way, a.winners) for a in awards] == [("high", (1,)), ("low", (2,))]


def test_nobody_declares_one_way_so_the_other_takes_all() -> None:
    awards = settle([Pot(9, (0, 1))], ShowdownMode.HI_LO_DECLARE, {0: 5, 1: 6}, {0: 6, 1: 5}, [0, 1], {0: H, 1: H})
    assert [(a.way, a.amount, a.shares) for a in awards] == [("whole", 9, ((1, 9),))]


def test_all_claims_spoiled_the_cards_speak() -> None:
    """D-POK-07: two 'both' declarers who tie each other both ways; the halves are split as the cards fall."""
    awards = settle([Pot(10, (0, 1))], ShowdownMode.HI_LO_DECLARE, {0: 7, 1: 7}, {0: 3, 1: 3}, [1, 0],
                    {0: BOTH, 1: BOTH})
    assert [(a.way, a.shares) for a in awards] == [("high", ((1, 3), (0, 2))), ("low", ((1, 3), (0, 2)))]


def test_high_and_low_modes_and_uncontested_pots() -> None:
    pots = [Pot(30, (0, 1, 2)), Pot(8, (0,))]
    awards = settle(pots, ShowdownMode.HIGH, {0: 1, 1: 9, 2: 9}, {0: 1, 1: 1, 2: 1}, [2, 0, 1])
    assert [(a.way, a.shares) for a in awards] == [("whole", ((2, 15), (1, 15))), ("uncontested", ((0, 8),))]
    awards = settle(pots[:1], ShowdownMode.LOW, {0: 1, 1: 9, 2: 9}, {0: 50, 1: 1, 2: 1}, [2, 0, 1])
    assert awards[0].winners == (0,)


def test_locked_seats() -> None:
    assert locked_seats({1: H, 2: L, 3: H}) == {2}
    assert locked_seats({1: BOTH, 2: H}) == frozenset()
    assert locked_seats({1: L, 2: L}) == frozenset()
    assert locked_seats({1: H, 2: L}) == {1, 2}
