"""RescueView driven as the page does: lit wilds, before/after, making rescues, the core's refusals."""

from __future__ import annotations

import pytest
from pl_widget_driver import Wire, labels, page_sends, synced

from push_learn.cards import parse_cards
from push_learn.rummy import PUSH, MeldError, explain_meld
from push_learn.rummy.engine import Match
from push_learn.rummy.melds import rescue_options
from push_learn.widgets import RescueView
from push_learn.widgets.rescue_view import as_meld


def test_rescuable_wilds_and_rescuing_cards_are_lit(wire: Wire) -> None:
    view = RescueView(table=["5H JK 7H", "8C 8D 2S"], hand="6H 8S KD 8H")
    state = synced(view)
    lit = [[card["label"] for card in meld["cards"] if card.get("hl")] for meld in state["table"]]
    assert lit == [["joker, standing for the six of hearts"], ["two of spades, standing for an eight"]]
    assert {card.get("note") for meld in state["table"] for card in meld["cards"]} == {None, "can be rescued"}
    assert {card.get("note") for card in state["hand"] if card.get("hl")} == {"can rescue a wild card on the table"}
    assert {card["c"]: bool(card.get("hl")) for card in state["hand"]} == {
        "6H": True, "8S": True, "KD": False, "8H": True
    }
    assert [choice["text"] for choice in state["choices"]] == [
        "Rescue 🃏 with 6♥", "Rescue 2♠ with 8♠", "Rescue 2♠ with 8♥"
    ]


def test_choosing_shows_before_and_after_and_making_it_moves_the_wild(wire: Wire) -> None:
    view = RescueView(table=["5H JK 7H"], hand="6H KD")
    page_sends(view, type="choose", k=0)
    chosen = synced(view)["chosen"]
    assert chosen["text"] == "rescue 🃏 with 6♥: run 5♥ 6♥ 7♥"
    assert labels(chosen["after"]["table"][0]["cards"]) == ["five of hearts", "six of hearts", "seven of hearts"]
    assert [card.get("note") for card in chosen["after"]["table"][0]["cards"]] == [None, "the rescuing card", None]
    assert sorted(card["c"] for card in chosen["after"]["hand"]) == ["JK", "KD"]
    assert sorted(card["c"] for card in chosen["before"]["hand"]) == ["6H", "KD"]
    page_sends(view, type="apply")
    assert view.hand == parse_cards("KD JK")
    assert synced(view)["choices"] == []
    assert synced(view)["summary"].startswith("No card of this hand")
    page_sends(view, type="reset")
    assert view.hand == parse_cards("6H KD")


def test_a_natural_two_is_never_rescued(wire: Wire) -> None:
    view = RescueView(table=["AS 2S 3S"], hand="2S JK")
    assert synced(view)["choices"] == []
    natural_run = view.table[0]
    assert rescue_options(natural_run, parse_cards("2S")[0], PUSH) == []


def test_apply_without_a_choice_is_refused(wire: Wire) -> None:
    view = RescueView()
    page_sends(view, type="apply")
    assert synced(view)["notice"] == {"kind": "refused", "text": "choose a rescue first", "n": view.state["rev"]}


def test_a_table_meld_that_is_no_meld_names_the_reason() -> None:
    with pytest.raises(MeldError) as refusal:
        as_meld("8H 8H 8S", PUSH)
    assert explain_meld(parse_cards("8H 8H 8S"), PUSH) in str(refusal.value)


def test_from_a_match_uses_only_that_seats_view(wire: Wire) -> None:
    match = Match.new(PUSH, seed=4)
    view = RescueView.from_match(match, seat=1)
    assert view.hand == list(match.hand(1))
    assert view.table == []


def test_two_jokers_in_one_set_give_one_choice_and_the_other_cards_say_why_not(wire: Wire) -> None:
    view = RescueView(table=["10S JK JK", "5H 2C 7H"], hand="10H KD JK")
    state = synced(view)
    assert [choice["text"] for choice in state["choices"]] == ["Rescue 🃏 with 10♥"]  # once, not once per joker
    assert state["meaning"].startswith("A rescue takes a wild card (a 2 or a joker) back from a meld on the table")
    assert state["cannot"] == [
        "K♦ is not what any wild card on the table stands for (they stand for any ten of a new suit or 6♥).",
        "🃏 is wild itself: only a natural card can take a wild card's place.",
    ]


def test_the_same_rescue_on_two_melds_names_the_meld(wire: Wire) -> None:
    view = RescueView(table=["10S 10D JK", "9H JK JH"], hand="10H")
    assert [choice["text"] for choice in synced(view)["choices"]] == [
        "Rescue 🃏 with 10♥ from the set of tens",
        "Rescue 🃏 with 10♥ from the run of hearts from 9♥ to J♥",
    ]
