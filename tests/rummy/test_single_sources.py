"""Each rummy rule fact in one place: a test pins every single source against what reads it.

* the longest run and the run's range: ``RummyRules.run_values`` / ``max_run_length`` agree with
  ``interpret_meld`` on every variant, including a house rule the two copies once disagreed on;
* the set cap: ``RummyRules.max_set_size`` agrees with ``interpret_meld`` and ``check_meld``;
* variant names, player counts and bot levels: every page, widget and command reads the catalogue;
* the discard heuristic: GreedyBot's ``keep_score`` and the play-outs' scores are one function.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import replace

import pytest

from push_learn.apps.query import parse_query
from push_learn.cards import Card, Rank, Suit, parse_cards
from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN, cap_it, six_to_ten
from push_learn.rummy.catalogue import BOT_LEVELS, RUMMY_GAMES, VARIANT_ALIASES, make_rummy_bot, rummy_rules
from push_learn.rummy.meld_value import max_run_length, run_value_range
from push_learn.rummy.melds import check_meld, interpret_meld, rank_at
from push_learn.rummy.rules import PLAYER_RANGE, VARIANT_NAMES, MeldKind, RulesError, RummyRules

VARIANTS = [
    PUSH,
    CAP_IT,
    cap_it(6),
    SIX_TO_TEN,
    six_to_ten(4),
    replace(PUSH, natural_twos=False),  # RummyRules said 13 here, meld_value 12: 3 up to A is right
    replace(CAP_IT, ace_low=False),
    replace(PUSH, ace_low=False, natural_twos=False),
]


def natural(value: int, suit: Suit = Suit.HEARTS) -> Card:
    return Card(rank_at(value), suit)


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: f"{r.variant}-twos{r.natural_twos}-acelow{r.ace_low}")
def test_the_longest_run_agrees_with_interpret_meld(rules: RummyRules) -> None:
    low, high = rules.run_values
    assert run_value_range(rules) == (low, high) and max_run_length(rules) == rules.max_run_length
    longest = rules.max_run_length
    cards = [natural(value) for value in range(low, low + longest)]
    runs = [m for m in interpret_meld(cards, rules) if m.kind is MeldKind.RUN]
    assert any(len(m) == longest for m in runs), f"{longest} naturals from {low} should read as a run"
    wild = Card(Rank.TWO, Suit.CLUBS)  # a 2 is wild in every game of the family
    assert not [m for m in interpret_meld([*cards, wild], rules) if m.kind is MeldKind.RUN], (
        f"a run of {longest + 1} cards must not read under {rules.name}"
    )
    # no run reaches below the lowest place: a wild standing just under it does not make a longer run
    if low > 1:
        top = [natural(value) for value in range(low, low + 3)]
        below = [m for m in interpret_meld([wild, *top], rules) if m.kind is MeldKind.RUN]
        assert all(m.low_value >= low for m in below)


@pytest.mark.parametrize("rules", VARIANTS[:5], ids=lambda r: f"{r.variant}-{r.players}")
def test_the_set_cap_agrees_with_interpret_meld(rules: RummyRules) -> None:
    cap = rules.max_set_size
    sevens = parse_cards("7C 7D 7H 7S 7C 7D")
    wilds = parse_cards("2C 2D 2H 2S")
    if cap is None:
        assert any(m.kind is MeldKind.SET for m in interpret_meld(sevens[:6], rules))
    else:
        assert cap == 4 and rules.set_distinct_suits
        group = [*sevens[:cap]]
        assert any(m.kind is MeldKind.SET for m in interpret_meld(group, rules))
        over = [*sevens[:cap], wilds[0]]
        assert not [m for m in interpret_meld(over, rules) if m.kind is MeldKind.SET]


def test_the_catalogue_lists_each_rummy_game_from_the_rules() -> None:
    assert [spec.id for spec in RUMMY_GAMES] == list(VARIANT_NAMES)
    for spec in RUMMY_GAMES:
        low, high = PLAYER_RANGE[spec.id]
        assert spec.title == VARIANT_NAMES[spec.id] and spec.family == "rummy"
        assert spec.players == tuple(range(low, high + 1)) and spec.default_players in spec.players
        assert list(spec.bots) == list(BOT_LEVELS)
        for count in spec.players:
            rules = rummy_rules(spec.id, count)
            assert (rules.variant, rules.players) == (spec.id, count)
            match = spec.new(seed=1, players=count)
            assert len(match.players) == count and match.rules == rules
            assert spec.load(match.record()).snapshot() == match.snapshot()
        assert spec.new(seed=1).rules.players == spec.default_players
        with pytest.raises(RulesError, match="is played by"):
            rummy_rules(spec.id, high + 1)
    assert {VARIANT_ALIASES[key] for key in VARIANT_ALIASES} == set(VARIANT_NAMES)


def test_every_page_widget_and_command_reads_the_catalogue() -> None:
    from push_learn.apps.serve import landing_page_config
    from push_learn.cli_tournament import add_arguments
    from push_learn.widgets.play_table import LEVELS
    from push_learn.widgets.rummy_json import VARIANTS as WIDGET_VARIANTS
    from push_learn.widgets.rummy_json import resolve_rules

    # page addresses
    for spec in RUMMY_GAMES:
        for count in spec.players:
            query = parse_query(f"variant={spec.id}&players={count}")
            assert query.notes == () and query.rules == rummy_rules(spec.id, count)
        bad = parse_query(f"variant={spec.id}&players={spec.players[-1] + 1}")
        assert bad.notes and bad.rules == rummy_rules(spec.id)
    assert "Push, Cap-It, 6-7-8-9-10" in parse_query("variant=bridge").notes[0]
    # widgets
    assert set(WIDGET_VARIANTS) == set(VARIANT_ALIASES)
    for alias, game_id in VARIANT_ALIASES.items():
        assert resolve_rules(alias) == rummy_rules(game_id)
    assert tuple(LEVELS) == BOT_LEVELS
    # the landing page
    variants = landing_page_config({})["pushLearn"]["variants"]
    assert variants == [{"key": s.id, "name": s.title, "players": list(s.players)} for s in RUMMY_GAMES]
    # the tournament command
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    variant = next(a for a in parser._actions if a.dest == "variant")
    assert tuple(variant.choices or ()) == tuple(spec.id for spec in RUMMY_GAMES)
    bots = next(a for a in parser._actions if a.dest == "bots")
    assert ", ".join(BOT_LEVELS) in (bots.help or "")


def test_bot_levels_are_made_lazily_and_choose_by_the_protocol() -> None:
    match = RUMMY_GAMES[0].new(seed=2)
    for level in BOT_LEVELS[:2]:
        bot = make_rummy_bot(level)
        assert bot.name == level
        action = bot.choose(match.observe(match.turn), random.Random(0))
        assert action.seat == match.turn and match.can(action)
    with pytest.raises(ValueError, match="choose a bot level"):
        make_rummy_bot("grandmaster")
    with pytest.raises(ValueError, match="choose a bot level") as refused:
        make_rummy_bot("grandmaster" * 100)
    assert len(str(refused.value)) < 200  # a refusal names the input, cut short, never echoes all of it


def test_the_discard_heuristic_is_one_function() -> None:
    """GreedyBot's keep_score and the play-outs' _keep_scores give the same scores for a hand."""
    from push_learn.rummy.bots import keep_score
    from push_learn.rummy.engine import Match, TakeUpcard
    from push_learn.rummy.rollout import Sim, encode

    match = Match.new(CAP_IT, seed=4)
    match.apply(TakeUpcard(match.turn))
    view = match.observe(match.turn)
    hand = list(view.hand or ())
    sim = Sim(view.rules, view.deal)
    scores = sim._keep_scores([encode(card, view.rules) for card in hand])
    for card in hand:
        assert keep_score(card, hand, view) == pytest.approx(scores[encode(card, view.rules)])


def test_importing_the_catalogue_loads_no_solver_and_no_bot() -> None:
    import subprocess
    import sys

    code = ("import sys, push_learn.rummy.catalogue; "
            "print([m for m in sys.modules if m.startswith(('push_learn.rummy.solver', 'push_learn.rummy.bots', "
            "'push_learn.rummy.search_bot'))])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_check_meld_uses_the_set_cap() -> None:
    from push_learn.rummy.melds import Meld, MeldError

    with pytest.raises(MeldError, match=f"holds at most {PUSH.max_set_size} cards"):
        check_meld(Meld.set_of(parse_cards("7C 7D JK 2S 2H"), Rank.SEVEN), PUSH)
