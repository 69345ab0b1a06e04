"""PushChoice driven as the page does: both options, the solver's advice, the outcome of each choice."""

from __future__ import annotations

import json
import random

import pytest
from pl_widget_driver import Wire, page_sends, synced
from rummy_hidden import reshuffle_hidden

from push_learn.rummy import PUSH, SIX_TO_TEN
from push_learn.rummy.engine import Match, Push, TakeUpcard
from push_learn.rummy.solver import contract_distance
from push_learn.widgets import PushChoice


def test_the_first_decision_of_a_deal_with_both_options(wire: Wire) -> None:
    choice = PushChoice(seed=12)
    match = Match.new(PUSH, 12)
    view = match.observe(match.turn)
    state = synced(choice)
    assert state["seat_name"] == match.names[match.turn]
    assert state["upcard"]["c"] == view.upcard.ascii
    assert sorted(card["c"] for card in state["hand"]) == sorted(card.ascii for card in view.hand)
    assert [c["c"] for c in state["take"]["hand_after"] if c.get("new")] == [view.upcard.ascii]
    receiver = match.names[(match.turn + 1) % 4]
    assert state["push"]["receiver"] == receiver
    assert state["push"]["lines"][0].startswith(f"A push gives {receiver} (an opponent) two cards: {view.upcard}")
    assert f"The stock card goes to {receiver} face up" in state["push"]["lines"][-2]
    before = contract_distance(view.hand, PUSH, 1)
    assert any(f"(now {before} cards short of 2 sets of 3)" in line for line in state["take"]["lines"])
    assert any(line.startswith("Chance to go down within 3 turns") for line in state["push"]["lines"])
    assert state["recommend"] in ("take", "push")
    assert state["advice"].startswith(state["recommend"].capitalize() + ":")


def test_each_choice_shows_what_the_engine_did_and_the_position_stays(wire: Wire) -> None:
    choice = PushChoice(seed=12)
    match = Match.new(PUSH, 12)
    seat = match.turn
    page_sends(choice, type="choose", choice="push")
    pushed = match.fork()
    pushed.apply(Push(match.turn))
    outcome = synced(choice)["outcome"]
    assert outcome["events"] == pushed.log(seat)[-1:]
    assert synced(choice)["announce"] == pushed.log(seat)[-1], "screen readers hear what happened"
    assert sorted(c["c"] for c in outcome["hand"]) == sorted(card.ascii for card in pushed.hand(seat))
    assert synced(choice)["chosen"] == "push"
    page_sends(choice, type="again")
    assert synced(choice)["outcome"] is None
    page_sends(choice, type="choose", choice="take")
    taken = match.fork()
    taken.apply(TakeUpcard(match.turn))
    assert synced(choice)["outcome"]["events"] == taken.log(seat)[-1:]
    assert choice.match.snapshot() == match.snapshot()


def test_a_face_down_push_in_six_to_ten(wire: Wire) -> None:
    choice = PushChoice(seed=3, rules=SIX_TO_TEN)
    assert "The stock card goes to Player 1 face down, to them alone." in synced(choice)["push"]["lines"]


def test_another_position_by_seed(wire: Wire) -> None:
    choice = PushChoice(seed=12)
    page_sends(choice, type="position", seed="40")
    match = Match.new(PUSH, 40)
    assert synced(choice)["upcard"]["c"] == match.observe(match.turn).upcard.ascii
    page_sends(choice, type="choose", choice="fold")
    assert synced(choice)["notice"]["text"] == "choose take or push"


@pytest.mark.parametrize(("rules", "seed"), [("push", 12), ("six_to_ten", 5)])
def test_the_position_is_the_same_whatever_the_hidden_cards_are(wire: Wire, rules: str, seed: int) -> None:
    """Fair play, differentially: two positions that differ only in cards the player cannot see send the
    page the same state."""
    choices = [PushChoice(seed=seed, rules=rules) for _ in range(2)]
    reshuffle_hidden(choices[1].match, choices[1].seat, random.Random(seed))
    assert choices[0].match.snapshot() != choices[1].match.snapshot()
    for choice in choices:
        choice.refresh()
    assert synced(choices[0]) == synced(choices[1])


def test_a_face_down_push_never_shows_the_receivers_stock_card(wire: Wire) -> None:
    """6-7-8-9-10: the stock card a push sends goes face down to the receiver alone; the outcome shown to
    the pusher names it nowhere (the position is one where the pusher sees no copy of it)."""
    seed = next(
        s for s in range(1, 80)
        if Match.new(SIX_TO_TEN, s).deal.stock[-1] not in Match.new(SIX_TO_TEN, s).hand(Match.new(SIX_TO_TEN, s).turn)
    )
    choice = PushChoice(seed=seed, rules="six_to_ten")
    secret = choice.match.deal.stock[-1]
    page_sends(choice, type="choose", choice="push")
    state = json.dumps(synced(choice), ensure_ascii=False)
    assert synced(choice)["chosen"] == "push"
    assert secret.ascii not in state and str(secret) not in state and secret.describe() not in state
