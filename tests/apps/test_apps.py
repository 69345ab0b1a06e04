"""The dashboards' App classes from Python (no browser): settings from the address, positions, headings."""

from __future__ import annotations

import pytest
from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from push_learn.apps import DealReplayer, MeldLab, PlayPush, PushOrTake, RescueLab, ScoreSheetLab
from push_learn.apps.meld_lab import WANTED_MELDS, meld_triples, practice_hand
from push_learn.apps.query import Query, parse_query
from push_learn.apps.scenarios import can_rescue, deal_end_positions, demo_match, rescue_position
from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN, RummyRules
from push_learn.rummy.engine import DealEnded, Match, load_match

GAMES = [PUSH, CAP_IT, SIX_TO_TEN]


@pytest.mark.parametrize("rules", GAMES, ids=lambda r: r.variant)
def test_practice_hand_is_fixed_by_the_seed_and_comes_from_the_pack(rules: RummyRules) -> None:
    hand = practice_hand(rules, 11)
    assert hand == practice_hand(rules, 11)
    assert hand != practice_hand(rules, 12)
    assert len(hand) == max(rules.hand_sizes)
    if not rules.jokers:
        assert not any(card.is_joker for card in hand)


@settings(max_examples=examples(25))
@given(st.integers(min_value=0, max_value=10**6), st.sampled_from(GAMES))
def test_practice_hands_hold_melds(seed: int, rules: RummyRules) -> None:
    assert meld_triples(practice_hand(rules, seed), rules) >= WANTED_MELDS


def test_meld_lab_shows_the_practice_hand_with_the_heading() -> None:
    app = MeldLab(parse_query("seed=8&variant=six_to_ten"))
    assert app.main.hand == practice_hand(SIX_TO_TEN, 8)
    assert "<h1" in app.heading.value and "Meld Lab" in app.heading.value
    assert "6-7-8-9-10 · deal number 8" in app.heading.value
    assert app.view.children == (app.heading, app.main)
    assert {"pl-app", "pl-app-meld-lab"} <= set(app.view._dom_classes)
    assert "application/vnd.jupyter.widget-view+json" in app._repr_mimebundle_()


def test_notes_about_the_address_are_shown() -> None:
    app = MeldLab(parse_query("seed=oops"))
    assert app.query.seed == 1
    assert 'role="note"' in app.heading.value
    assert "deal number &#x27;oops&#x27;" in app.heading.value


def test_from_query_reads_the_environment_outside_voila(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "seed=21&variant=cap_it&players=5")
    app = MeldLab.from_query()
    assert app.query == Query(seed=21, variant="cap_it", players=5)
    assert app.rules.players == 5
    assert MeldLab.from_query("seed=3").query.seed == 3


@pytest.mark.parametrize("rules", GAMES, ids=lambda r: r.variant)
def test_rescue_position_is_a_moment_when_a_rescue_is_legal(rules: RummyRules) -> None:
    match = rescue_position(rules, 3)
    assert match is not None
    assert can_rescue(match)
    earlier = match.fork(len(match.actions) - 1)
    assert not can_rescue(earlier) or len(match.actions) == 0


def test_rescue_lab_offers_the_rescues_of_that_position() -> None:
    app = RescueLab(parse_query("seed=3"))
    assert app.main.choices()
    assert "to play" in app.subtitle


def test_rescue_lab_falls_back_to_a_worked_example(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("push_learn.apps.rescue_lab.rescue_position", lambda rules, seed: None)
    app = RescueLab(parse_query("seed=3"))
    assert app.main.choices()
    assert "worked example" in app.subtitle


@pytest.mark.parametrize("rules", GAMES, ids=lambda r: r.variant)
def test_deal_end_positions_mark_each_scored_deal(rules: RummyRules) -> None:
    match = demo_match(rules, 4)
    ends = deal_end_positions(match)
    assert len(ends) == rules.deals == len(match.deal_scores)
    assert ends == sorted(ends) and ends[-1] == len(match.actions)
    for deal, end in enumerate(ends, start=1):
        replayed = load_match(match.record(), end)
        assert len(replayed.deal_scores) == deal
        assert isinstance(replayed.last_ended, DealEnded)


def test_score_sheet_lab_shows_each_deal() -> None:
    app = ScoreSheetLab(parse_query("seed=2"))
    final = app.sheet.state["sheet"]
    assert final["over"]
    app.chooser.value = 2
    after_two = app.sheet.state["sheet"]
    assert not after_two["over"]
    assert [row["points"] is not None for row in after_two["deals"]] == [True, True, False, False, False]


def test_deal_replayer_replays_the_demo_match() -> None:
    app = DealReplayer(parse_query("seed=6&variant=cap_it"))
    assert app.main.length == len(demo_match(CAP_IT, 6).actions)
    assert app.main.position == 0


def test_play_push_reads_its_settings_from_the_address() -> None:
    app = PlayPush(parse_query("seed=5&variant=cap_it&players=5&level=random&seat=0&speed=fast"))
    table = app.main
    assert (table.seat, table.level, table.speed) == (0, "random", "fast")
    assert table.match.rules.players == 5
    assert app.notes == []
    assert "Cap-It for 5 players · deal number 5" in app.heading.value
    table.halt()


def test_play_push_notes_settings_it_cannot_use() -> None:
    app = PlayPush(parse_query("seat=7&level=expert&speed=0.001"))
    table = app.main
    assert (table.seat, table.level, table.speed) == (2, "greedy", "normal")
    assert len(app.notes) == 3
    notes = " ".join(app.notes)
    assert "The seat '7'" in notes and "The level 'expert'" in notes and "0.001 s per move" in notes
    table.halt()
    assert PlayPush(parse_query("speed=0.05")).main.speed == "custom"


def test_push_or_take_is_the_first_decision_of_the_deal() -> None:
    app = PushOrTake(parse_query("seed=3&variant=six_to_ten"))
    match = Match.new(SIX_TO_TEN, 3)
    assert app.main.seat == match.turn
    assert app.main.match.hand(match.turn) == match.hand(match.turn)
