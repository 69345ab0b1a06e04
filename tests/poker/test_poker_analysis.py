"""Equity by sampling, the keep-or-push coach, and the bots."""

from __future__ import annotations

import random

import pytest

from push_learn.cards import parse_card, parse_cards, standard_deck
from push_learn.poker.actions import Action, ActionKind
from push_learn.poker.analysis import RandomBot, ThresholdBot, coach, equity, play, simulate
from push_learn.poker.examples import seed_004_record
from push_learn.poker.observation import Observation, Phase
from push_learn.poker.push_stud import PushStudGame, push_stud_rules
from push_learn.poker.screw import ScrewGame, screw_rules
from push_learn.poker.showdown import ShowdownMode
from push_learn.poker.stud_records import load_stud
from push_learn.protocol import Bot


def test_simulate_with_every_card_known() -> None:
    known = {0: parse_cards("AS KS QS JS TS"), 1: parse_cards("8H 7C 6H 3H 2C"), 2: parse_cards("8D 7D 6C 3C 2D")}
    pool = [c for c in standard_deck() if all(c not in hand for hand in known.values())]
    result = simulate(known, pool, samples=50, rng=random.Random(1))
    assert result[0].high == 1.0 and result[1].high == 0.0
    assert result[1].low == result[2].low == 0.5  # the same 8-7 low splits
    assert result[1].hi_lo == 0.25
    assert result[0].value(ShowdownMode.HIGH) == 1.0 and result[1].value(ShowdownMode.LOW) == 0.5


def test_simulate_refuses_impossible_tables() -> None:
    with pytest.raises(ValueError, match="more than 5"):
        simulate({0: parse_cards("AS KS QS JS TS 9S")}, [], samples=1)
    with pytest.raises(ValueError, match="unseen cards are needed"):
        simulate({0: [], 1: []}, parse_cards("2C 3C"), samples=1)
    assert simulate({}, [], samples=1) == {}


def test_sampled_equity_is_close_to_the_exact_figure() -> None:
    """One card to come for a four-flush against a made pair: 9 outs among 47 unseen cards."""
    known = {0: parse_cards("AH KH 7H 2H"), 1: parse_cards("QC QD 5S 4S 3D")}
    pool = [c for c in standard_deck() if c not in known[0] + known[1]]
    high = simulate(known, pool, samples=6000, rng=random.Random(3))[0].high
    # exact: 9 hearts make the flush; an ace or a king (6 cards) makes a higher pair
    assert abs(high - 15 / 46) < 0.03


def screw_game(holes: str) -> ScrewGame:
    """Three players; seat 0 deals; ``holes`` go to seats 1, 2, 0; then J♠ is offered to seat 1."""
    return ScrewGame(screw_rules(players=3), seed=1, deck_top=[*holes.split(), "JS"])


def test_equity_sees_only_what_the_seat_may_see() -> None:
    one = screw_game("AH 2C 3D")
    two = screw_game("AH KC KD")  # other players' hidden cards differ
    obs_one, obs_two = one.observe(1), two.observe(1)
    assert obs_one == obs_two
    assert equity(obs_one, 500, random.Random(5)) == equity(obs_two, 500, random.Random(5))
    with pytest.raises(ValueError, match="say whose equity"):
        equity(one.observe(None))
    assert equity(one.observe(None), 10, random.Random(1), seat=2).samples == 10


def quads_game() -> PushStudGame:
    """Seat 1 shows four aces; the others hold flushes at best."""
    top = ["KS", "2C", "3D", "4H", "AS", "5C", "6D", "7H", "AH", "8C", "9D", "2H", "AD", "3C", "4D", "5H",
           "AC", "6C", "7D", "8H"]
    game = PushStudGame(push_stud_rules(players=4), seed=2, deck_top=top)
    for _ in range(4):
        while game.phase is Phase.PUSH:
            game.apply(Action.keep(game.to_move[0]))
        if game.phase is Phase.BET and len(game.observe(None).seats[1].up) < 4:
            while game.phase is Phase.BET:
                game.apply(Action.of(game.to_move[0], "check"))
    return game


def test_four_aces_showing_have_all_the_equity_and_the_bot_bets_them() -> None:
    game = quads_game()
    assert game.phase is Phase.BET and game.to_move == (1,)
    obs = game.observe(1)
    assert equity(obs, 300, random.Random(1)).high == 1.0
    assert ThresholdBot(samples=100).choose(obs, random.Random(1)).kind is ActionKind.BET
    game.apply(Action.of(1, "bet"))
    loser = game.observe(2)
    assert equity(loser, 300, random.Random(1)).high == 0.0
    assert ThresholdBot(samples=100).choose(loser, random.Random(1)).kind is ActionKind.FOLD


def test_coach_on_the_seed_004_decision_of_riz() -> None:
    """RIZ is offered 2♣, which pairs his hole 2♠; getting rid of a two keeps his low alive."""
    game = load_stud(seed_004_record(), 38)
    obs = game.observe(2)
    assert obs.offered == parse_card("2C") and obs.pass_to == 3
    advice = coach(obs, samples=1500, rng=random.Random(4))
    by_action = {o.action: o for o in advice.options}
    keep = by_action[Action.keep(2)]
    push_offered = by_action[Action.push(2)]
    push_hole = by_action[Action.push_own(2, "2S")]
    assert set(by_action) == set(obs.legal)
    assert push_offered.equity.low > keep.equity.low + 0.2
    assert push_hole.equity.low > keep.equity.low + 0.2
    assert keep.cost == 0 and push_hole.cost == 1
    assert push_hole.receiver == 3 and push_hole.receiver_gain is not None
    assert keep.receiver is None
    assert advice.best in (Action.push(2), Action.push_own(2, "2S"))
    assert "RIZ" in advice.text and str(advice).startswith("RIZ")
    assert ", low " in keep.note  # Screw Your Neighbor is hi-lo: both shares count


def test_coach_names_only_the_share_that_counts_in_a_high_game() -> None:
    game = PushStudGame(push_stud_rules(players=4), seed=3)  # Push stud: the high hand takes the pot
    advice = coach(game.observe(game.to_move[0]), samples=100, rng=random.Random(1))
    for option in advice.options:
        assert f"high {option.equity.high:.0%} →" in option.note and "low" not in option.note


def test_coach_only_answers_a_push_decision() -> None:
    game = load_stud(seed_004_record(), 38)
    with pytest.raises(ValueError, match="offered a card"):
        coach(game.observe(1))


def test_coach_for_the_last_player_knows_the_card_leaves_play() -> None:
    game = load_stud(seed_004_record(), 3)  # JOE is offered 9♣
    game.apply(Action.push(4))
    game.apply(Action.push(5))
    advice = coach(game.observe(0), samples=200, rng=random.Random(2))  # ASH is last
    push = next(o for o in advice.options if o.action == Action.push(0))
    assert push.receiver is None and "leaves play" in push.note


GAMES = [
    lambda: ScrewGame(seed=31),
    lambda: PushStudGame(push_stud_rules(players=5), seed=32),
    lambda: PushStudGame(push_stud_rules(players=4, substitution=True), seed=33, stacks=[30, 200, 15, 200]),
    lambda: PushStudGame(push_stud_rules(players=4, roll_your_own=True, showdown="hi-lo declare"), seed=34),
    lambda: ScrewGame(screw_rules(players=4), seed=35, stacks=[6, 40, 200, 3]),
]


@pytest.mark.parametrize("make", GAMES)
def test_bots_play_deals_to_the_end(make: object) -> None:
    game = make()  # type: ignore[operator]
    total = game.chips_total
    bots: list[Bot[Observation, Action]] = [ThresholdBot(samples=40) if seat % 2 else RandomBot()
                                            for seat in range(game.rules.players)]
    result = play(game, bots, random.Random(6))
    assert game.over and result is game.result
    assert sum(game.stacks) == total
    assert sum(result.net) == 0


def test_play_gives_up_after_too_many_actions() -> None:
    with pytest.raises(RuntimeError, match="did not end"):
        play(ScrewGame(seed=1), [RandomBot()] * 6, random.Random(1), max_actions=3)


def test_the_package_exports_load_on_first_use() -> None:
    import pkgutil
    import subprocess
    import sys

    import push_learn.poker as poker
    from push_learn.poker._exports import EXPORTS

    assert set(EXPORTS) == set(poker.__all__)
    submodules = {info.name for info in pkgutil.iter_modules(poker.__path__)}
    assert not set(EXPORTS) & submodules  # a submodule import can never hide an exported name
    for name, (module, attribute) in EXPORTS.items():
        value = getattr(poker, name)
        assert value is getattr(__import__(f"push_learn.poker.{module}", fromlist=[attribute]), attribute)
    # importing the evaluator alone loads no game or analysis module
    probe = "import sys, push_learn.poker.hands; print([m for m in sys.modules if m.startswith('push_learn.poker')])"
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert "brag" not in loaded and "screw" not in loaded and "analysis" not in loaded
    assert poker.screw_rules(players=4).players == 4
    assert "ScrewGame" in dir(poker)
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        poker.nonsense  # noqa: B018
