"""ScoreSheet: the pad of the pagat worked example, and the sheet of real matches (engine figures shown as is)."""

from __future__ import annotations

import pytest
from pl_widget_driver import Wire, synced

from push_learn.apps.scenarios import deal_end_positions
from push_learn.cards import parse_cards
from push_learn.rummy import CAP_IT, PUSH, cap_it, penalty
from push_learn.rummy.engine import load_match, play_random_match
from push_learn.widgets import ScoreSheet


def test_the_worked_example_pad(wire: Wire) -> None:
    sheet = ScoreSheet(rows=[(0, 40), (120, 0), (0, 60), (180, 0), (0, 180)], units=("WE", "THEY"))
    data = synced(sheet)["sheet"]
    assert [deal["totals"] for deal in data["deals"]] == [[0, 40], [120, 40], [120, 100], [300, 100], [300, 280]]
    assert data["deals"][1]["contract"] == "1 set of 3 + 1 run of 4"
    assert data["winners"] == [1] and data["over"] is True
    assert data["summary"] == "Final totals: WE 300, THEY 280. Lowest total wins: THEY."
    assert data["chart"]["series"] == [[0, 0, 120, 120, 300, 300], [0, 40, 40, 100, 100, 280]]


def test_a_pad_in_progress_leaves_later_deals_blank(wire: Wire) -> None:
    sheet = ScoreSheet(rows=[(5, 0, 30)], rules=cap_it(3), units=("Ann", "Bo", "Cy"))
    data = synced(sheet)["sheet"]
    assert data["deals"][0]["points"] == [5, 0, 30]
    assert data["deals"][1]["points"] is None
    assert data["summary"] == "After 1 deal: Ann 5, Bo 0, Cy 30."
    with pytest.raises(ValueError, match="keeps 4 scores"):
        sheet.show_rows([(1, 2, 3, 4)], rules=CAP_IT, units=("Ann", "Bo"))
    with pytest.raises(ValueError, match="rows of 4 scores"):
        sheet.show_rows([(1, 2)], rules=CAP_IT)


def test_a_played_match_shows_the_engines_scores_and_the_last_hand(wire: Wire) -> None:
    match = play_random_match(PUSH, seed=3)
    sheet = ScoreSheet(match, seat=2)
    data = synced(sheet)["sheet"]
    assert data["headers"] == ["WE", "THEY"]
    assert [tuple(deal["points"]) for deal in data["deals"]] == match.deal_scores
    assert data["totals"] == list(match.totals)
    assert data["winners"] == list(match.winners)
    last = match.results[-1]
    shown = data["last"]
    for seat in shown["seats"]:
        hand = parse_cards([card["c"] for card in seat["cards"]])
        assert seat["penalty"] == penalty(hand) == last.penalties[seat["seat"]]
        assert sum(card["pts"] for card in seat["cards"]) == seat["penalty"]
    paid = sum(seat["penalty"] for seat in shown["seats"] if seat["counts"])
    assert paid == sum(last.scores)


def test_a_record_gives_the_same_sheet_as_its_match(wire: Wire) -> None:
    match = play_random_match(CAP_IT, seed=5)
    from_match = synced(ScoreSheet(match))["sheet"]
    from_record = synced(ScoreSheet(match.record()))["sheet"]
    assert from_match == from_record
    assert from_match["headers"] == list(match.units)


def test_the_sheet_says_from_deal_one_how_it_is_read_and_why_cards_do_not_count(wire: Wire) -> None:
    empty = synced(ScoreSheet(rows=[]))["sheet"]
    assert empty["how"].startswith("The lowest total after 5 deals wins.")
    assert "their partner's cards do not count" in empty["how"]
    assert synced(ScoreSheet(rows=[], rules="cap_it"))["sheet"]["how"].startswith("The lowest total after 5 deals")
    match = play_random_match(PUSH, 2)  # its first deal ends with South going out
    after_one = load_match(match.record(), deal_end_positions(match)[0])
    seats = synced(ScoreSheet(after_one))["sheet"]["last"]["seats"]
    out = next(seat for seat in seats if seat["went_out"])
    partner = next(seat for seat in seats if seat["unit"] == out["unit"] and seat is not out)
    assert partner["cards"] and not partner["counts"]
    assert partner["note"] == f"does not count: {out['name']} went out"
    assert all(seat["note"] == "" for seat in seats if seat["counts"])
