"""Card JSON, hand sorting, the widget base (intents, notices, bundling) and HandView driven as the page does."""

from __future__ import annotations

import json

from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from pl_widget_driver import Wire, labels, page_sends, page_sets, synced

from push_learn.cards import JOKER, Card, Rank, Suit, make_deck, parse_cards
from push_learn.widgets import HandView
from push_learn.widgets.base import bundle_esm, static_path
from push_learn.widgets.cards import back_json, card_json, display_order, hand_json


def test_card_json_names_every_card_in_words() -> None:
    assert card_json(Card(Rank.SEVEN, Suit.HEARTS)) == {"c": "7H", "r": "7", "s": "H", "label": "seven of hearts"}
    assert card_json(JOKER)["label"] == "joker"
    assert card_json(Card(Rank.TEN, Suit.SPADES))["r"] == "10"


def test_wild_card_json_says_what_it_stands_for() -> None:
    in_run = card_json(JOKER, stands_for=Card(Rank.FIVE, Suit.CLUBS))
    assert in_run["label"] == "joker, standing for the five of clubs"
    assert (in_run["wild"], in_run["as_r"], in_run["as_s"]) == (True, "5", "C")
    in_set = card_json(Card(Rank.TWO, Suit.HEARTS), stands_for=Rank.EIGHT)
    assert in_set["label"] == "two of hearts, standing for an eight"
    assert "as_s" not in in_set


def test_a_face_down_card_carries_nothing_to_read() -> None:
    assert back_json(3) == {"back": True, "label": "face-down card", "i": 3}


def test_hand_sorts_by_suit_rank_or_as_dealt() -> None:
    hand = parse_cards("KS 3H JK 3C AH")
    by_suit = [hand[n].ascii for n in display_order(hand, "suit")]
    by_rank = [hand[n].ascii for n in display_order(hand, "rank")]
    assert by_suit == ["3C", "3H", "AH", "KS", "JK"]
    assert by_rank == ["3C", "3H", "KS", "AH", "JK"]
    assert display_order(hand, "dealt") == [0, 1, 2, 3, 4]
    twos_last = display_order(parse_cards("2H 3H JK 4H"), "rank", last=lambda c: c.rank is Rank.TWO)
    assert twos_last == [1, 3, 0, 2]


@settings(max_examples=examples(40))
@given(st.lists(st.sampled_from(make_deck(1, 2)), max_size=14), st.sampled_from(["suit", "rank", "dealt"]))
def test_sorting_shows_every_card_once_with_its_index(hand: list[Card], by: str) -> None:
    shown = hand_json(hand, by=by)
    assert sorted(card["i"] for card in shown) == list(range(len(hand)))
    assert all(card["c"] == hand[card["i"]].ascii for card in shown)


def test_widget_module_is_the_shared_helpers_then_its_own_file() -> None:
    esm = bundle_esm("hand_view.js")
    assert esm.startswith(static_path("pl_common.js").read_text(encoding="utf-8")[:60])
    assert "export function" not in esm
    assert esm.count("export default") == 1
    assert HandView._esm == esm
    assert ".pl-card" in HandView._css


def test_hand_view_selects_by_index_even_with_two_equal_cards(wire: Wire) -> None:
    view = HandView("7H 8H 9H JK 7H", title="Your hand")
    state = synced(view)
    assert labels(state["cards"]) == [
        "seven of hearts", "seven of hearts", "eight of hearts", "nine of hearts", "joker"
    ]
    page_sends(view, type="toggle", i=4)
    state = synced(view)
    assert [card["i"] for card in state["cards"] if card.get("sel")] == [4]
    assert view.selected == [Card(Rank.SEVEN, Suit.HEARTS)]
    assert state["selected_text"] == "Selected: 7♥"
    page_sends(view, type="toggle", i=3)
    page_sends(view, type="toggle", i=4)
    assert view.selected == [JOKER]


def test_hand_view_sorts_and_clears(wire: Wire) -> None:
    view = HandView("KS 3H JK 3C")
    page_sends(view, type="sort", by="rank")
    assert [card["c"] for card in synced(view)["cards"]] == ["3C", "3H", "KS", "JK"]
    assert synced(view)["sort"] == "rank"
    page_sends(view, type="toggle", i=0)
    page_sends(view, type="clear")
    assert view.selected == []
    assert synced(view)["selected_text"] == "Nothing selected."


def test_unknown_or_malformed_intents_are_refused_and_change_nothing(wire: Wire) -> None:
    view = HandView("KS 3H")
    before = synced(view)["cards"]
    page_sends(view, type="shuffle")
    assert synced(view)["notice"]["kind"] == "refused"
    assert "does not understand" in synced(view)["notice"]["text"]
    page_sends(view, type="toggle", i="first")
    assert "whole number" in synced(view)["notice"]["text"]
    assert synced(view)["cards"] == before
    page_sends(view, type="toggle", i=1)
    assert synced(view)["notice"] is None


def test_card_options_sync_from_the_page(wire: Wire) -> None:
    view = HandView("KS")
    page_sets(view, four_colour=True, card_size="large")
    assert (view.four_colour, view.card_size) == (True, "large")


def test_state_reaches_the_page_over_the_comm(wire: Wire) -> None:
    view = HandView("QD")
    wire.clear()
    page_sends(view, type="toggle", i=0)
    sent = [json.loads(body) for c in wire.comms for _, body in c.sent]
    updates = [m for m in sent if m and m.get("method") == "update" and "state" in m["state"]]
    assert updates[-1]["state"]["state"]["cards"][0]["sel"] is True
    assert updates[-1]["state"]["state"]["rev"] == view.state["rev"]
