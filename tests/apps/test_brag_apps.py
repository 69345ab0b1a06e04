"""The Brag and Poker Replayer dashboards, built from their addresses (players read against the poker game)."""

from __future__ import annotations

from push_learn.apps import Brag, PokerReplay
from push_learn.apps.query import parse_query
from push_learn.poker.examples import seed_004_record


def test_brag_reads_players_seat_level_and_speed() -> None:
    app = Brag(parse_query("seed=9&players=7&seat=6&level=random&speed=fastest"))
    table = app.main
    assert (table.seed, table.players, table.seat, table.level, table.speed) == (9, 7, 6, "random", "fastest")
    assert app.notes == [], "seven players suit brag, whatever rummy's counts are"
    assert "Three-card brag for 7 players · deal number 9" in app.heading.value
    assert "pl-app-brag" in app.view._dom_classes
    table.halt()


def test_brag_replaces_refused_values_by_the_defaults_with_a_note() -> None:
    app = Brag(parse_query("seed=3&players=9&seat=5&level=genius&speed=0.001"))
    table = app.main
    assert (table.players, table.seat, table.level, table.speed) == (4, 0, "sensible", "normal")
    assert app.notes == [
        "Three-card brag is played by 2 to 8 players, not '9', so 4 play.",
        "The seat '5' in the address is not one of 0, 1, 2, 3, so 0 is used.",
        "The level 'genius' in the address is not one of random, sensible, so sensible is used.",
        "A pace of 0.001 s per move is outside 0.02 to 10 s, so the normal pace is used.",
    ]
    table.halt()


def test_the_replayer_shows_the_seed_004_hand_by_default() -> None:
    app = PokerReplay(parse_query(""))
    assert app.main.record == seed_004_record() and app.main.view is None
    assert "the worked example of seed 004" in app.heading.value
    assert PokerReplay(parse_query("seat=2")).main.view == 2


def test_the_replayer_replays_a_game_the_bots_play() -> None:
    app = PokerReplay(parse_query("game=brag&seed=6&players=6&level=random&seat=4"))
    record = app.main.record
    assert record.game == "brag" and record.seed == 6 and len(record.players or ()) == 6
    assert app.main.view == 4 and app.notes == []
    again = PokerReplay(parse_query("game=brag&seed=6&players=6&level=random"))
    assert again.main.record == record, "the same address replays the same game"


def test_the_replayer_notes_values_it_cannot_use() -> None:
    app = PokerReplay(parse_query("game=bridge&seat=9"))
    assert app.main.record == seed_004_record() and app.main.view is None
    assert len(app.notes) == 2 and "bridge" in app.notes[0] and "'9'" in app.notes[1]
