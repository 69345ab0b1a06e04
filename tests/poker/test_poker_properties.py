"""Invariants of the push stud games, the betting and the pots, on random deals and random play."""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise

from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from push_learn.cards import standard_deck
from push_learn.poker.actions import Action, ActionKind
from push_learn.poker.betting import BetKind, BettingRound, Chips, Pot, build_pots
from push_learn.poker.push_stud import PushStudGame, push_stud_rules
from push_learn.poker.screw import ScrewGame, screw_rules
from push_learn.poker.showdown import Direction, ShowdownMode, settle
from push_learn.poker.stud import StudGame
from push_learn.poker.stud_records import load_stud

DECK = Counter(standard_deck())
VARIANTS = ["push", "substitution", "ryo high", "ryo low", "ryo hi-lo", "ryo + substitution", "screw"]


@st.composite
def deals(draw: st.DrawFn) -> StudGame:
    """A random game of any variant, table size, dealer and stacks (short stacks force all-ins)."""
    variant = draw(st.sampled_from(VARIANTS))
    if variant == "screw":
        players = draw(st.integers(3, 8))
        rules = screw_rules(players=players, ante=draw(st.sampled_from([0, 1])))
    else:
        players = draw(st.integers(4, 9))
        mode = {"ryo low": "low", "ryo hi-lo": "hi-lo declare"}.get(variant, "high")
        rules = push_stud_rules(players=players, substitution="substitution" in variant,
                          roll_your_own=variant.startswith("ryo"), showdown=mode,
                          bet_after_declare=draw(st.booleans()))
    stacks = draw(st.lists(st.one_of(st.integers(0, 40), st.just(200)), min_size=players, max_size=players)
                  .filter(lambda s: sum(1 for x in s if x > 0) >= 2))
    dealer = draw(st.integers(0, players - 1))
    game_type = ScrewGame if variant == "screw" else PushStudGame
    return game_type(rules, stacks=stacks, dealer=dealer, seed=draw(st.integers(0, 2**32 - 1)))


def pick(game: StudGame, rng: random.Random) -> Action:
    """Any legal action for the first seat to act; folding is made rare so that deals reach showdowns."""
    options = game.legal_actions(game.to_move[0])
    if len(options) > 1 and rng.random() < 0.9:
        options = [a for a in options if a.kind is not ActionKind.FOLD] or options
    return rng.choice(options)


def check_invariants(game: StudGame, total: int) -> None:
    assert game.chips_total == total
    assert min(game.stacks) >= 0
    assert Counter(game.all_cards()) == DECK


@settings(max_examples=examples(60))
@given(deals(), st.integers(0, 2**16))
def test_every_deal_ends_with_chips_conserved_and_every_card_in_one_place(game: StudGame, bot_seed: int) -> None:
    rng = random.Random(bot_seed)
    total = game.chips_total
    check_invariants(game, total)
    steps = 0
    while not game.over:
        if steps % 7 == 0:
            spectator = game.observe(None)
            assert all(card is None for view in spectator.seats for card in view.down)
        game.apply(pick(game, rng))
        check_invariants(game, total)
        steps += 1
        assert steps < 1000, "a deal must end"
    result = game.result
    assert result is not None
    assert sum(game.stacks) == total
    assert sum(result.net) == 0 and sum(result.payouts) == sum(a.amount for a in result.awards)
    again = load_stud(game.record())
    assert again.stacks == game.stacks and again.result == result


def random_action(rng: random.Random, players: int) -> Action:
    kind = rng.choice(list(ActionKind))
    card = rng.choice(list(DECK)) if kind.needs_card else None
    direction = rng.choice(list(Direction)) if kind is ActionKind.DECLARE else None
    return Action(rng.randrange(players + 1), kind, card, direction)


@settings(max_examples=examples(40))
@given(deals(), st.integers(0, 2**16))
def test_refused_actions_change_nothing_and_can_matches_legal_actions(game: StudGame, bot_seed: int) -> None:
    rng = random.Random(bot_seed)
    players = game.rules.players
    while not game.over:
        for _ in range(3):
            wild = random_action(rng, players)
            legal = game.legal_actions()
            assert game.can(wild) == (wild in legal)
            if wild not in legal:
                before = ([game.observe(s) for s in range(players)], game.record(), game.stacks)
                assert game.refusal(wild)  # a sentence saying why
                assert ([game.observe(s) for s in range(players)], game.record(), game.stacks) == before
        game.apply(pick(game, rng))


@settings(max_examples=examples(150))
@given(
    st.lists(st.integers(0, 30), min_size=2, max_size=8),
    st.sampled_from([0, 1]),
    st.integers(1, 3),
    st.integers(0, 3),
    st.data(),
)
def test_betting_rounds_end_with_everyone_matched_or_all_in(
    stacks: list[int], bring_in: int, bet_units: int, max_raises: int, data: st.DataObject
) -> None:
    chips = Chips(stacks)
    seats = list(range(len(stacks)))
    locked = data.draw(st.sets(st.sampled_from(seats), max_size=2))
    bet = 2 * bet_units
    betting = BettingRound(chips, seats, bet=bet, max_bets=1 + max_raises, bring_in=bring_in, locked=locked)
    total = chips.total
    moves = 0
    while not betting.done:
        seat = betting.to_act
        assert seat is not None
        options = betting.legal()
        assert options and all(betting.can(seat, k) for k in options)
        kind = data.draw(st.sampled_from(options))
        if seat in locked:
            assert kind not in (BetKind.BET, BetKind.RAISE, BetKind.COMPLETE)
        betting.apply(seat, kind)
        assert chips.total == total
        assert all(c <= betting.level for c in betting.contrib.values())
        assert betting.bets <= betting.max_bets
        moves += 1
        assert moves < 200
    live = [s for s in betting.live if chips.stacks[s] > 0]
    if len(betting.live) > 1:
        assert all(betting.contrib[s] == betting.level for s in live)


@settings(max_examples=examples(200))
@given(st.lists(st.integers(0, 50), min_size=2, max_size=9), st.data())
def test_pots_hold_every_chip_and_only_live_players_win(committed: list[int], data: st.DataObject) -> None:
    seats = list(range(len(committed)))
    live = data.draw(st.sets(st.sampled_from(seats), min_size=1))
    all_in = data.draw(st.sets(st.sampled_from(sorted(live))))
    pots = build_pots(committed, live, all_in)
    assert sum(p.amount for p in pots) == sum(committed)
    assert all(p.eligible and set(p.eligible) <= live for p in pots)
    for earlier, later in pairwise(pots):
        assert set(later.eligible) <= set(earlier.eligible)


@settings(max_examples=examples(200))
@given(st.data())
def test_settle_shares_every_pot_exactly(data: st.DataObject) -> None:
    seats = list(range(data.draw(st.integers(2, 6))))
    pots = [Pot(data.draw(st.integers(1, 99)), tuple(sorted(data.draw(st.sets(st.sampled_from(seats), min_size=1)))))
            for _ in range(data.draw(st.integers(1, 3)))]
    mode = data.draw(st.sampled_from(list(ShowdownMode)))
    high = {s: data.draw(st.integers(1, 5)) for s in seats}
    low = {s: data.draw(st.integers(1, 5)) for s in seats}
    declared = {s: data.draw(st.sampled_from(list(Direction))) for s in seats}
    awards = settle(pots, mode, high, low, seats, declared)
    for index, pot in enumerate(pots):
        mine = [a for a in awards if a.pot == index]
        assert sum(a.amount for a in mine) == pot.amount
        for award in mine:
            shares = [amount for _, amount in award.shares]
            assert sum(shares) == award.amount and max(shares) - min(shares) <= 1
            assert set(award.winners) <= set(pot.eligible)
