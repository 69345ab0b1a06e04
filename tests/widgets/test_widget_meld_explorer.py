"""MeldExplorer driven as the page does: pick cards, read the readings or the core's reason, keep melds."""

from __future__ import annotations

from pl_widget_driver import Wire, labels, page_sends, synced

from push_learn.cards import parse_cards
from push_learn.rummy import PUSH, SIX_TO_TEN, explain_meld
from push_learn.rummy.solver import best_go_down
from push_learn.widgets import MeldExplorer


def pick(widget: MeldExplorer, text: str) -> None:
    """Click each card of ``text`` in the hand, the way a student does."""
    for card in parse_cards(text):
        shown = synced(widget)["hand"]
        index = next(c["i"] for c in shown if c["c"] == card.ascii and not c.get("sel"))
        page_sends(widget, type="toggle", i=index)


def test_a_run_with_a_joker_shows_what_the_joker_stands_for(wire: Wire) -> None:
    explorer = MeldExplorer(hand="7H 8H 9H JK 7S")
    pick(explorer, "7H JK 9H")
    state = synced(explorer)
    assert state["verdict"]["ok"] is True
    texts = [reading["text"] for reading in state["readings"]]
    assert "run 7♥ 8♥ 9♥ (🃏 as 8♥)" in texts
    run = next(r for r in state["readings"] if r["text"] == "run 7♥ 8♥ 9♥ (🃏 as 8♥)")
    assert labels(run["cards"]) == ["seven of hearts", "joker, standing for the eight of hearts", "nine of hearts"]
    assert state["verdict"]["text"] == explain_meld(parse_cards("7H JK 9H"), PUSH)


def test_an_illegal_group_shows_the_cores_reason(wire: Wire) -> None:
    explorer = MeldExplorer(hand="8H 8H 8S 5C")
    pick(explorer, "8H 8H 8S")
    state = synced(explorer)
    assert state["verdict"] == {"ok": False, "open": False, "text": "a set may not hold two hearts"}
    assert state["readings"] == []


def test_cards_that_could_join_the_selection_are_highlighted(wire: Wire) -> None:
    explorer = MeldExplorer(hand="7H 8H 9H JK 7S KD")
    pick(explorer, "7H 8H")
    shown = {card["c"]: bool(card.get("hl")) for card in synced(explorer)["hand"] if not card.get("sel")}
    assert shown == {"9H": True, "JK": True, "7S": False, "KD": False}
    assert synced(explorer)["verdict"]["open"] is True


def test_typed_cards_select_from_the_hand_and_become_the_hand_only_when_asked(wire: Wire) -> None:
    explorer = MeldExplorer(hand="7H 8H 9H JK 7S", title="A practice hand of 5 cards")
    page_sends(explorer, type="type", text="9h jk")
    assert explorer.selected == parse_cards("9H JK")
    page_sends(explorer, type="type", text="9h 5c 5d")  # cards the hand lacks: refused, nothing changes
    notice = synced(explorer)["notice"]
    assert notice["kind"] == "refused"
    assert notice["text"].startswith("5♣ 5♦ are not in this hand, so nothing was picked.")
    assert "Use as my hand" in notice["text"] and synced(explorer)["use_typed"] == "Use as my hand"
    assert explorer.hand == parse_cards("7H 8H 9H JK 7S") and explorer.selected == parse_cards("9H JK")
    assert synced(explorer)["title"] == "A practice hand of 5 cards"
    page_sends(explorer, type="type", text="7h 7h")  # one 7♥ in the hand: the second is missing
    assert synced(explorer)["notice"]["text"].startswith("7♥ is not in this hand")
    page_sends(explorer, type="use", text="5c 5d 5s")
    assert explorer.hand == parse_cards("5C 5D 5S")
    assert synced(explorer)["title"] == "Cards you typed: a hand of 3"  # the title no longer says "practice hand"
    assert synced(explorer)["verdict"]["text"] == "5♣ 5♦ 5♠ is a meld: set of fives"
    page_sends(explorer, type="type", text="5x")
    notice = synced(explorer)["notice"]
    assert notice["kind"] == "refused" and "'5x' (card 1) is not a card" in notice["text"]
    assert explorer.hand == parse_cards("5C 5D 5S")


def test_kept_melds_are_checked_against_the_contract(wire: Wire) -> None:
    explorer = MeldExplorer(hand="7H 7S JK 9C 9D 2H KS")
    assert synced(explorer)["contract_line"].startswith("Deal 1 contract: 2 sets of 3.")
    pick(explorer, "7H 7S JK")
    page_sends(explorer, type="keep", k=0)
    assert [m["text"] for m in synced(explorer)["kept"]] == ["set of sevens: 7♥ 7♠ 🃏"]
    assert "1 more set of 3 or more is missing" in synced(explorer)["contract_line"]
    pick(explorer, "9C 9D 2H")
    page_sends(explorer, type="keep", k=0)
    assert synced(explorer)["contract_line"].endswith("Kept melds: meets 2 sets of 3.")
    assert [c["c"] for c in synced(explorer)["hand"]] == ["KS"]
    page_sends(explorer, type="unkeep", k=0)
    assert sorted(c["c"] for c in synced(explorer)["hand"]) == ["7H", "7S", "JK", "KS"]


def test_a_stale_reading_is_refused(wire: Wire) -> None:
    explorer = MeldExplorer(hand="7H 7S JK")
    page_sends(explorer, type="keep", k=0)
    assert synced(explorer)["notice"]["kind"] == "refused"
    assert explorer.kept == []


def test_the_deal_picker_changes_the_contract(wire: Wire) -> None:
    explorer = MeldExplorer(hand="3H 4H 5H 6H", rules="cap_it")
    page_sends(explorer, type="deal", deal=5)
    assert synced(explorer)["contract_line"] == (
        "Deal 5 contract: run of 3: needs 3 cards or wilds, nothing toward it yet; run of 7: needs 3 more cards"
        " or wilds, such as 7♥, 8♥ or 9♥ (so far 3♥ 4♥ 5♥ 6♥). This hand is 6 cards short."
    )
    page_sends(explorer, type="deal", deal=9)
    assert synced(explorer)["deal"] == 5
    assert synced(explorer)["notice"]["kind"] == "refused"


def test_six_to_ten_has_no_natural_twos(wire: Wire) -> None:
    explorer = MeldExplorer(hand="AS 2S 3S 4S", rules=SIX_TO_TEN)
    pick(explorer, "AS 2S 3S")
    state = synced(explorer)
    assert state["verdict"]["ok"] is False
    assert state["verdict"]["text"] == explain_meld(parse_cards("AS 2S 3S"), SIX_TO_TEN)
    assert state["rules"]["name"] == "6-7-8-9-10"


def test_the_contract_line_gives_the_solvers_verdict_and_best_melds(wire: Wire) -> None:
    explorer = MeldExplorer(hand="7H 8H 9H JK 7S 7D 2C KS 9S 10S")
    line = synced(explorer)["contract_line"]
    best = best_go_down(explorer.hand, PUSH, 1)
    assert best is not None
    assert line == (
        f"Deal 1 contract: 2 sets of 3. This hand can go down, leaving {best.points_left} points: "
        + "; ".join(str(m) for m in best.go_down) + "."
    )
    short = MeldExplorer(hand="3C 9D KH")
    assert synced(short)["contract_line"].endswith("This hand is 4 cards short.")


def test_the_contract_line_says_meld_by_meld_what_is_found_and_what_is_missing(wire: Wire) -> None:
    explorer = MeldExplorer(hand="7H 8H 9H 10H 6S 7S 8S KD", deal=3)
    assert synced(explorer)["contract_line"] == (
        "Deal 3 contract: 2 runs of 4: one found (7♥ 8♥ 9♥ 10♥), the other needs 5♠, 9♠ or a wild"
        " (so far 6♠ 7♠ 8♠). This hand is 1 card short."
    )
    page_sends(explorer, type="use", text="7H 8H 9H 10H 6S 7S 8S KD 9S")
    assert "This hand can go down" in synced(explorer)["contract_line"]
