"""Observations (RULES.md §1.9): each seat sees exactly what it may know, as plain JSON."""

from __future__ import annotations

import json

import pytest
from rummy_engine_support import card, rig

from push_learn.cards import parse_cards
from push_learn.rummy import PUSH, six_to_ten
from push_learn.rummy.engine import Discard, Match, Push, TakeUpcard, observe, play_random_match

HANDS = ["7C 8C 9C JD QD KD", "4S 4D 5S 6S 7S 8S", "AH AD 3S 3D 9S 9H", "QH QS JC JS 10H 10C"]
OTHER_HANDS = ["7C 8C 9C JD QD KD", "4C 4H 5D 6D 7D 8D", "AC AS 3C 3H 9C 9D", "QC QH JD JH 10D 10S"]


def test_a_seat_sees_its_own_hand_and_public_facts_only() -> None:
    match = Match.new(PUSH, seed=12)
    seat = match.turn
    view = observe(match, seat)
    assert view.hand == match.hand(seat) and view.hands is None
    assert view.hand_sizes == (6, 6, 6, 6) and view.stock == 83 and view.upcard == match.deal.upcard
    assert view.phase == "draw" and view.deal == 1 and str(view.contract) == "2 sets of 3"
    assert view.my_turn and view.legal == (TakeUpcard(match.turn), Push(match.turn))
    assert observe(match, (seat + 1) % 4).legal == ()
    data = view.to_json()
    assert json.loads(json.dumps(data)) == data
    assert data["hand"] == [c.ascii for c in match.hand(seat)] and data["hands"] is None
    with pytest.raises(ValueError, match="a 4-player game has seats 1 to 4, not seat 5"):
        observe(match, 4)


def test_hidden_cards_never_reach_an_observation() -> None:
    """Two positions that differ only in cards a seat cannot see give that seat identical observations."""
    first = rig(Match.new(PUSH, seed=2), HANDS, upcard="7H", stock="KS 3C 9D 4H 5H", turn=1)
    second = rig(Match.new(PUSH, seed=2), OTHER_HANDS, upcard="7H", stock="KS 6C 10D 4H 5H", turn=1)
    assert observe(first, 0).to_json() == observe(second, 0).to_json()
    for match in (first, second):
        match.apply(Push(match.turn))  # East pushes 7♥ and K♠ (public) to South and draws a private card
    assert observe(first, 0).to_json() == observe(second, 0).to_json()
    assert observe(first, 1).to_json() != observe(second, 1).to_json()
    assert observe(first, 0).log[-1].to_json()["drawn"] is None
    assert observe(first, 1).log[-1].to_json()["drawn"] == "3C"


def test_public_pushed_cards_are_known_to_be_in_the_receivers_hand() -> None:
    match = rig(Match.new(PUSH, seed=2), HANDS, upcard="7H", stock="KS 3C 9D 4H 5H", turn=0)
    match.apply(Push(match.turn))
    match.apply(Discard(match.turn, card("3C")))
    assert observe(match, 3).known[1] == tuple(parse_cards("7H KS"))
    match.apply(TakeUpcard(match.turn))  # East takes North's 3♣
    match.apply(Discard(match.turn, card("7H")))
    view = observe(match, 3)
    assert view.known[1] == tuple(parse_cards("KS 3C"))
    assert view.to_json()["known"][1] == ["KS", "3C"]


def test_six_to_ten_pushed_card_is_seen_by_its_receiver_only() -> None:
    match = rig(Match.new(six_to_ten(3), seed=2), ["3C 4C 5C 7D 8D 9D JH QH KH AS"] * 3, upcard="6H",
                stock="KS 3H 9D", turn=0)
    match.apply(Push(match.turn))
    assert observe(match, 1).log[-1].to_json()["stock_card"] == "KS"
    for seat in (0, 2):
        assert observe(match, seat).log[-1].to_json()["stock_card"] is None
    assert observe(match, 2).known[1] == (card("6H"),)
    assert observe(match, None).log[-1].to_json()["stock_card"] is None  # a spectator
    assert match.full_view().log[-1].to_json()["stock_card"] == "KS"


def test_full_view_shows_every_hand() -> None:
    match = play_random_match(PUSH, seed=5).fork(40)
    view = match.full_view()
    assert view.seat is None and view.hand is None and view.hands == tuple(match.hand(s) for s in range(4))
    assert view.to_json()["hands"][0] == [c.ascii for c in match.hand(0)]
    assert [e.text(match.names) for e in view.log] == match.log()[match.deal_event_start:]


def test_scores_and_the_last_deal_are_public() -> None:
    match = play_random_match(PUSH, seed=5)
    halfway = match.fork(next(i for i, end in enumerate(match.action_event_ends)
                              if any(e.kind == "deal_ended" for e in match.events[:end])) + 1)
    view = observe(halfway, 2)
    assert view.deal == 2 and view.last_deal is not None and view.last_deal.deal == 1
    assert view.deal_scores == (halfway.results[0].scores,) and view.totals == halfway.results[0].scores
    assert view.to_json()["last_deal"]["text"].startswith("Deal 1 ends")
    assert view.log[0].kind == "deal_started" and view.lines()[0].startswith("Deal 2 of 5")


def test_readable_strings() -> None:
    match = rig(Match.new(PUSH, seed=2), HANDS, upcard="7H", stock="KS 3C 9D 4H 5H", turn=0)
    assert str(observe(match, 0)) == (
        "North's view of deal 1 of 5 (2 sets of 3): North to draw; hand 7♣ 8♣ 9♣ J♦ Q♦ K♦; "
        "up-card 7♥; stock 5; 0 melds on the table"
    )
    match.apply(Push(match.turn))
    assert str(match.events[-1]) == "seat 0 pushes 7♥ and K♠ to seat 1, then draws 3♣."


def test_a_spectator_sees_no_hand_and_the_open_view_sees_them_all() -> None:
    """observe(None) is a spectator: public cards only, the same whatever the hidden cards are."""
    first = rig(Match.new(PUSH, seed=2), HANDS, upcard="7H", stock="KS 3C 9D 4H 5H", turn=1)
    second = rig(Match.new(PUSH, seed=2), OTHER_HANDS, upcard="7H", stock="KS 6C 10D 4H 5H", turn=1)
    for match in (first, second):
        match.apply(Push(match.turn))
    spectator = observe(first, None)
    assert spectator.hand is None and spectator.hands is None and spectator.legal == ()
    assert not spectator.open and not spectator.my_turn
    assert spectator.to_json() == observe(second, None).to_json()
    assert spectator.log[-1].to_json()["drawn"] is None
    assert str(spectator).startswith("A spectator's view")
    assert first.observe(None) == spectator
    full = first.full_view()
    assert full.open and full.hands == tuple(tuple(hand) for hand in first.deal.hands)
    assert full.log[-1].to_json()["drawn"] == "3C" and full.legal == tuple(first.legal_actions())
    for seat in range(4):  # a seat's own view holds its hand and no other
        data = json.dumps(observe(first, seat).to_json())
        assert json.loads(data)["hand"] == [c.ascii for c in first.hand(seat)]
