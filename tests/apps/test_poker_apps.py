"""The poker dashboards: Hand rankings, the Three Card Poker trainer, Push Stud and Screw Your Neighbor."""

from __future__ import annotations

from push_learn.apps import HandRankings, PushStud, ScrewYourNeighbor, ThreeCardPokerTrainer
from push_learn.apps.hand_rankings import dealt_hands
from push_learn.apps.query import parse_query
from push_learn.poker.three_card import DECK


def test_the_seed_deals_two_hands_from_one_deck() -> None:
    first, second = dealt_hands(8, 5)
    assert (first, second) == dealt_hands(8, 5) and dealt_hands(9, 5) != (first, second)
    assert len(set(first + second)) == 10 and set(first + second) <= set(DECK)


def test_hand_rankings_shows_the_seeded_hands_with_the_heading() -> None:
    app = HandRankings(parse_query("seed=8&size=3"))
    first, second = dealt_hands(8, 3)
    assert app.main.hands == [first, second]
    state = app.main.state
    assert state["size"] == 3 and len(state["comparisons"]) == 2
    assert "Hand rankings" in app.heading.value and "deal number 8" in app.heading.value
    assert "pl-app-hand-rankings" in app.view._dom_classes


def test_hand_rankings_notes_a_size_it_cannot_use() -> None:
    app = HandRankings(parse_query("seed=2&size=4"))
    assert app.main.size == 5
    assert any("size '4'" in note and "5 is used" in note for note in app.notes)
    assert "size &#x27;4&#x27;" in app.heading.value


def test_the_trainer_reads_its_paytables_and_ante_from_the_address() -> None:
    app = ThreeCardPokerTrainer(parse_query("seed=12&pair_plus=40-30-6-3-1&ante_bonus=none&ante=10"))
    trainer = app.main
    assert trainer.seed == 12 and trainer.stakes["ante"] == 10
    tables = {t["name"]: t["table"] for t in trainer.state["paytables"]}
    assert tables == {"Ante Bonus": "none", "Pair Plus": "40-30-6-3-1"}
    assert app.notes == []


def test_the_trainer_replaces_refused_values_by_the_defaults_with_a_note() -> None:
    app = ThreeCardPokerTrainer(parse_query("seed=oops&pair_plus=99-1&ante=7"))
    trainer = app.main
    assert trainer.seed == 1 and trainer.stakes["ante"] == 5
    assert trainer.state["paytables"][1]["table"] == "40-30-6-4-1"
    assert len(app.notes) == 3


def test_the_trainer_heading_follows_a_new_session() -> None:
    app = ThreeCardPokerTrainer(parse_query("seed=4&rounds=2"))
    app.main.handle_intent({"type": "new", "seed": 40})
    assert "deal number 40" in app.heading.value


def test_push_stud_reads_its_table_and_options_from_the_address() -> None:
    app = PushStud.from_query("seed=12&players=5&seat=3&level=random&speed=fast&roll_your_own=1&substitution=yes")
    table = app.main
    rules = table.game.rules
    assert (table.game.seed, rules.players, table.seat, table.level, table.speed) == (12, 5, 3, "random", "fast")
    assert rules.roll_your_own and rules.substitution
    assert app.notes == []
    assert "Push Stud" in app.heading.value and "for 5 players · deal number 12" in app.heading.value
    assert "pl-app-push-stud" in app.view._dom_classes


def test_screw_your_neighbor_replaces_refused_values_by_the_defaults_with_a_note() -> None:
    app = ScrewYourNeighbor.from_query("seed=x&players=9&seat=7&level=genius&speed=0.001&roll_your_own=1")
    table = app.main
    assert (table.game.seed, table.players, table.seat, table.level, table.speed) == (1, 6, 0, "threshold", "normal")
    assert table.game.game_name == "screw"
    assert len(app.notes) == 5, app.notes
    assert any("3 to 8 players, not '9'" in note and "so 6 play" in note for note in app.notes)
    assert not any("roll_your_own" in note for note in app.notes), "Screw Your Neighbor has no such option"


def test_a_seat_is_read_against_the_players_chosen() -> None:
    assert PushStud.from_query("players=4&seat=3").main.seat == 3
    app = PushStud.from_query("players=4&seat=5&substitution=maybe")
    assert app.main.seat == 0 and not app.main.game.rules.substitution and len(app.notes) == 2


def test_the_poker_table_heading_follows_a_new_deal() -> None:
    app = PushStud.from_query("seed=4&speed=0.02")
    app.main.handle_intent({"type": "new", "seed": "40"})
    assert "deal number 40" in app.heading.value
