"""The brag coach: the sensible player's move for the seat to act, explained with the numbers it weighed."""

from __future__ import annotations

import random
from itertools import product

from push_learn.poker.brag import BragGame, BragObservation, BragRules, Look, pack_dealing
from push_learn.poker.brag_bots import RandomBragBot, SensibleBragBot, action_words
from push_learn.poker.brag_types import ACTION_KINDS, Bet, Fold, See

COACH = SensibleBragBot()


def deal(hands: list[str]) -> BragGame:
    """A three-seat game whose first deal gives ``hands[seat]`` to each seat (dealer 0: seat 1 starts)."""
    return BragGame(BragRules(players=len(hands)), seed=99, hands=1, dealer=0, pack=pack_dealing(hands, 0))


def test_blind_while_the_stake_is_cheap_then_look_when_it_grows() -> None:
    game = deal(["AH KD 4D", "7S 7D 7C", "2C 3D 5H"])
    seen = game.observe(1)
    advice = COACH.advise(seen)
    assert advice.action == Bet(1, 1)
    assert advice.lines(seen) == [
        "The sensible player would bet 1 blind.",
        "Blind, you pay half the stake: 1 of your 99 chips. While the stake is at most 5% of your chips and 2 "
        "opponents are in, staying blind is cheap, and it makes the others pay double to stay with you.",
    ]
    game.apply(Look(1, 0))
    game.apply(COACH.advise(game.observe(1)).action)  # a prial: a raise half-way to the limit
    seen = game.observe(2)
    advice = COACH.advise(seen)
    assert advice.action == Look(2, 0)
    assert advice.reasons == (f"The stake ({seen.stake}) is more than 5% of your 99 chips: look at your cards "
                              "before you pay more.",)


def test_a_prial_raises_and_the_worst_hand_folds_with_the_price_in_words() -> None:
    game = deal(["AH KD 4D", "7S 7D 7C", "2C 3D 5H"])
    game.apply(Look(1, 0))
    seen = game.observe(1)
    advice = COACH.advise(seen)
    assert advice.action == Bet(1, 6)
    assert advice.reasons[0].startswith("Your prial of sevens beats over 99% of all hands; against 2 opponents")
    assert advice.reasons[1] == "A very strong hand (at least 93%): raise, half-way to the limit."
    game.apply(advice.action)
    game.apply(Look(2, 0))
    seen = game.observe(2)
    advice = COACH.advise(seen)
    assert advice.action == Fold(2)
    assert "beats 0% of all hands" in advice.reasons[0]
    assert "Staying in costs 6 into a pot of 9: a price of 40% of what you could win." in advice.reasons[0]
    assert advice.reasons[1] == "That chance is below 1.5 times the price: fold."


def test_a_middling_hand_sees_when_two_are_left() -> None:
    game = deal(["AH KD 4D", "QS QD 5C", "2C 3D 5H"])
    game.apply(Look(1, 0))
    game.apply(Bet(1, 1))
    game.apply(Fold(2))
    game.apply(Look(0, 0))
    seen = game.observe(0)
    advice = COACH.advise(seen)
    assert advice.lines(seen) == [
        "The sensible player would see for 2.",
        "Your high card A-K-4 beats about 72% of all hands: good enough to see (at least 60%), not strong enough "
        "to raise (at least 93%).",
    ]


def test_the_advice_is_the_bots_own_move_always_legal_and_in_words() -> None:
    """Over whole matches, with and without carried blind hands (every seat asks at every turn), the coach's
    move is the one the sensible bot makes, the engine accepts it, and the panel says it first; every kind
    of move is advised somewhere."""
    advised: set[str] = set()
    for carry, seed in product((False, True), range(6)):
        game = BragGame(BragRules(players=4, blind_carry=carry), seed=seed, hands=4)
        rng, other = random.Random(seed), RandomBragBot()
        while not game.over:
            seat = game.to_move[0]
            seen = game.observe(seat)
            advice = COACH.advise(seen)
            assert advice.action == COACH.choose(seen, rng) and game.can(advice.action)
            lines = advice.lines(seen)
            assert lines[0] == f"The sensible player would {action_words(advice.action, seen)}." and len(lines) >= 2
            advised.add(advice.action.kind)
            game.apply(advice.action if seat % 2 else other.choose(seen, rng))
    assert advised == set(ACTION_KINDS)


def blind_round(game: BragGame, times: int) -> None:
    """Every seat still in bets the smallest blind bet, ``times`` times round the table."""
    for _ in range(times * len(game.players)):
        seat = game.to_move[0]
        game.apply(Bet(seat, game.observe(seat).options.bet_min))


def test_blind_players_look_once_the_pot_is_worth_playing_for() -> None:
    game = deal(["AH KD 4D", "7S 7D 7C", "2C 3D 5H"])
    blind_round(game, 7)
    seen = game.observe(game.to_move[0])
    pot = sum(amount for amount, _ in seen.pots)
    stack = seen.players[seen.seat].stack
    assert seen.stake == 2 and pot > stack / 4, "the stake is still cheap, but the pot has grown"
    advice = COACH.advise(seen)
    assert advice.action == Look(seen.seat, 0)
    assert advice.reasons == (f"The pot ({pot} chips) is more than 25% of your {stack} chips, worth playing for: "
                              "look at your cards before you pay more.",)


def test_with_nobody_able_to_see_a_hand_below_its_fair_share_folds() -> None:
    game = deal(["AH KD 4D", "QS QH 5C", "KS QD 9C", "3S 3H KC"])
    for seat in (1, 2, 3, 0):
        game.apply(Look(seat, 0))
        game.apply(Bet(seat, 2))
    for seat in (1, 2, 3, 0):
        game.apply(Bet(seat, 2))
    seen = game.observe(1)  # a pair of queens against three opponents: better than a 1 in 4 chance
    assert COACH.advise(seen).action == Bet(1, 2)
    game.apply(Bet(1, 2))
    seen = game.observe(2)  # king high: the price is small (2 into 22), but its chance is below 1 in 4
    advice = COACH.advise(seen)
    assert advice.action == Fold(2)
    assert "the chance it is the best is about 18%. Staying in costs 2 into a pot of 22" in advice.reasons[0]
    assert advice.reasons[1] == (
        "With 3 opponents in nobody can see, so the stake is paid again every round until some fold: a hand less "
        "likely than its fair share (1 in 4) to be the best folds now rather than pay on.")


def test_sensible_players_end_every_deal_in_a_few_dozen_moves() -> None:
    """Bets in brag are not cumulative and nobody can see while three are in: players who never look, never fold
    and never see bet on until their chips run low (some 300 bets a deal with four sensible players, before the
    pot counted in their policy)."""
    from push_learn.poker.brag_bots import play_to_end

    lengths = []
    for seed in range(40):
        game = BragGame(BragRules(players=4), seed=seed, hands=1)
        play_to_end(game, [SensibleBragBot() for _ in range(4)], random.Random(seed))
        lengths.append(len(game.actions))
    assert max(lengths) <= 60, sorted(lengths)


def big_pot(seen: BragObservation) -> bool:
    """Whether the pot is more than a quarter of the seat's chips (the sensible player's ``blind_pot``)."""
    assert seen.seat is not None
    return sum(amount for amount, _ in seen.pots) > seen.players[seen.seat].stack / 4


def test_once_the_pot_is_big_a_fair_hand_raises_against_two_and_sees_against_one() -> None:
    game = deal(["AH KD 4D", "QS QH 5C", "2C 3D 5H"])
    for seat in (1, 2, 0):
        game.apply(Look(seat, 0))
        game.apply(Bet(seat, 2))
    while game.to_move != (1,) or not big_pot(game.observe(1)):
        game.apply(Bet(game.to_move[0], 2))
    seen = game.observe(1)  # a pair of queens against two: at least a fair share (1 in 3)
    advice = COACH.advise(seen)
    assert advice.action == Bet(1, 4), advice
    assert advice.reasons[1].startswith("At least your fair share, and the pot is more than 25% of your")
    assert advice.reasons[1].endswith("while nobody can see: raise to twice the stake, so that weaker hands fold and "
                                      "the betting ends.")
    heads_up = deal(["10S 8D 4C", "JS 9H 5C"])  # too weak to see (below 60%) until the pot is big
    for seat in (1, 0):
        heads_up.apply(Look(seat, 0))
        heads_up.apply(Bet(seat, 2))
    while not big_pot(heads_up.observe(heads_up.to_move[0])):
        heads_up.apply(Bet(heads_up.to_move[0], 2))
    seen = heads_up.observe(heads_up.to_move[0])
    advice = COACH.advise(seen)
    assert advice.action == See(seen.seat)
    assert advice.reasons[1].startswith("One opponent left and the pot is more than 25% of your")
