"""HandRanker driven as the page does: pick cards from the deck or type them, read each hand's place, compare."""

from __future__ import annotations

import pytest
from pl_widget_driver import Wire, page_sends, synced

from push_learn.cards import parse_cards
from push_learn.poker.compare import class_rank, explain
from push_learn.poker.hands import evaluate_high, evaluate_low
from push_learn.poker.three_card import BRAG, THREE_CARD_POKER, evaluate
from push_learn.widgets import HandRanker
from push_learn.widgets.base import IntentError


def click(widget: HandRanker, text: str) -> None:
    """Click each card of ``text`` in the deck, the way a student does."""
    for card in parse_cards(text):
        shown = [c for suit in synced(widget)["deck"] for c in suit["cards"]]
        page_sends(widget, type="toggle", i=next(c["i"] for c in shown if c["c"] == card.ascii))


def reading(state: dict, slot: int, key: str) -> dict:
    """One ranking's reading of one hand, as the page receives it."""
    return next(r for r in state["hands"][slot]["readings"] if r["key"] == key)


def test_clicked_cards_fill_the_first_hand_then_the_second(wire: Wire) -> None:
    ranker = HandRanker()
    click(ranker, "AS KS QS JS 10S")
    state = synced(ranker)
    assert state["hands"][0]["typed"] == "AS KS QS JS 10S"
    assert state["hands"][1]["filling"] is True
    high = reading(state, 0, "high")
    assert (high["name"], high["category"]) == ("royal flush", "straight flush")
    assert (high["place"], high["classes"]) == (1, 7462)
    selected = [c["c"] for suit in state["deck"] for c in suit["cards"] if c.get("dim")]
    assert sorted(selected) == sorted(["AS", "KS", "QS", "JS", "10S"])
    assert state["comparisons"] == []


def test_each_hand_is_placed_among_all_hands_by_the_core(wire: Wire) -> None:
    ranker = HandRanker(first="8H 7C 6H 3H 2C")
    state = synced(ranker)
    cards = parse_cards("8H 7C 6H 3H 2C")
    assert reading(state, 0, "high")["place"] == class_rank(evaluate_high(cards))[0]
    low = reading(state, 0, "low")
    assert low["name"] == "8-7 low" and low["place"] == class_rank(evaluate_low(cards))[0]
    assert low["classes"] == 6175


def test_two_hands_are_compared_with_the_reason(wire: Wire) -> None:
    ranker = HandRanker(first="KH KC 7S 7D 2C", second="KS KD 7H 7C 3C")
    rows = {row["key"]: row for row in synced(ranker)["comparisons"]}
    assert rows["high"]["order"] == -1
    assert rows["high"]["text"] == explain(
        evaluate_high(parse_cards("KH KC 7S 7D 2C")), evaluate_high(parse_cards("KS KD 7H 7C 3C"))
    ).text
    assert "third" in rows["high"]["text"]
    assert rows["low"]["text"].startswith("The first hand wins")


def test_three_cards_are_read_under_three_card_poker_and_brag_side_by_side(wire: Wire) -> None:
    ranker = HandRanker(size=3)
    page_sends(ranker, type="type", slot=0, text="as 2s 3s")
    page_sends(ranker, type="type", slot=1, text="ah kh qh")
    state = synced(ranker)
    casino, brag = reading(state, 0, "casino"), reading(state, 0, "brag")
    assert casino["name"] == evaluate("AS 2S 3S", THREE_CARD_POKER).name
    assert brag["name"] == evaluate("AS 2S 3S", BRAG).name
    assert casino["place"] == 12  # the lowest of the twelve straight flushes at the casino
    assert brag["place"] == 14  # under the thirteen prials, the best running flush in brag
    rows = {row["key"]: row["order"] for row in state["comparisons"]}
    assert rows == {"casino": -1, "brag": 1}


def test_refusals_quote_the_reason_and_change_nothing(wire: Wire) -> None:
    ranker = HandRanker(first="AS KS QS JS 10S")
    page_sends(ranker, type="fill", slot=0)
    click(ranker, "2C")
    assert synced(ranker)["notice"]["kind"] == "refused"
    assert "already has 5 cards" in synced(ranker)["notice"]["text"]
    page_sends(ranker, type="fill", slot=1)
    click(ranker, "AS")
    assert "already in the first hand" in synced(ranker)["notice"]["text"]
    page_sends(ranker, type="type", slot=1, text="KS 2C")
    assert "already in the other hand" in synced(ranker)["notice"]["text"]
    assert ranker.hands == [parse_cards("AS KS QS JS 10S"), []]


def test_a_card_clicked_again_leaves_the_hand_and_the_size_can_change(wire: Wire) -> None:
    ranker = HandRanker()
    click(ranker, "AS KS")
    click(ranker, "AS")
    assert ranker.hands[0] == parse_cards("KS")
    page_sends(ranker, type="size", n=3)
    state = synced(ranker)
    assert state["size"] == 3 and ranker.hands == [[], []]
    page_sends(ranker, type="clear", slot=1)
    assert synced(ranker)["hands"][1]["filling"] is True


def test_every_deck_card_is_labelled_for_screen_readers(wire: Wire) -> None:
    state = synced(HandRanker(first="AS"))
    cards = [c for suit in state["deck"] for c in suit["cards"]]
    assert len(cards) == 52 and all(c["label"] for c in cards)
    assert [suit["label"] for suit in state["deck"]] == ["The clubs", "The diamonds", "The hearts", "The spades"]
    assert next(c for c in cards if c["c"] == "AS")["note"] == "in the first hand"


def test_set_hands_swaps_two_hands_and_a_refused_pair_changes_neither(wire: Wire) -> None:
    ranker = HandRanker(first="AS KS QS JS 10S", second="9H 9C 9D 4S 4H")
    ranker.set_hands("9H 9C 9D 4S 4H", "AS KS QS JS 10S")  # each new hand is checked against the other new one
    state = synced(ranker)
    assert [hand["typed"] for hand in state["hands"]] == ["9H 9C 9D 4S 4H", "AS KS QS JS 10S"]
    with pytest.raises(IntentError, match="already in the other hand"):
        ranker.set_hands("2C 3C 4C 5C 7D", "7D 8D 9D 10D JD")
    assert [hand["typed"] for hand in synced(ranker)["hands"]] == ["9H 9C 9D 4S 4H", "AS KS QS JS 10S"]
    assert [hand["typed"] for hand in ranker.state["hands"]] == ["9H 9C 9D 4S 4H", "AS KS QS JS 10S"]
