"""PokerReplayer driven as the page does: every step of a record of each poker game, each seat's view
(nobody else's face-down cards), every card face up, jumps, and corrupt records refused in the loader's words.
The built-in seed 004 hand replays to the seed's outcome: IKE's flush takes the high half, RIZ's 8-7 the low."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from pl_widget_driver import Wire, page_sends, synced

from push_learn.apps.poker_replay import play_demo
from push_learn.errors import RecordError
from push_learn.games import GAMES, load_record, new_game
from push_learn.poker.brag import BragGame
from push_learn.poker.brag_types import BragRules
from push_learn.poker.brag_types import Fold as BragFold
from push_learn.poker.examples import seed_004_record
from push_learn.poker.three_card_poker import Fold as TcpFold
from push_learn.poker.three_card_poker import PlaceBets, ThreeCardPokerGame
from push_learn.records import Record
from push_learn.widgets import PokerReplayer

ASH, JIM, RIZ, IKE, JOE, EVE = range(6)


def codes(value: Any) -> set[str]:
    """Every face-up card in a piece of synced state."""
    if isinstance(value, dict):
        found = {value["c"]} if isinstance(value.get("c"), str) else set()
        return found.union(*(codes(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(codes(item) for item in value))
    return set()


def in_hands(game: Any) -> dict[int, set[str]]:
    """The cards each seat holds now (the full truth; the dealer of Three Card Poker as seat -1)."""
    kind = game.record().game
    if kind in ("screw", "push_stud"):
        return {s: {c.ascii for c in game.cards(s)} for s in range(len(game.players))}
    if kind == "brag":
        return {s: {c.ascii for hand in player.hands for c in hand} for s, player in enumerate(game.seats)}
    return {**{s: {c.ascii for c in held} for s, held in enumerate(game.cards)},
            -1: {c.ascii for c in game.dealer_cards}}


def known_to(game: Any, seat: int) -> set[str]:
    """The held cards ``seat`` may know, by the game's own observation."""
    seen = game.observe(seat)
    kind = game.record().game
    if kind in ("screw", "push_stud"):
        return {c.ascii for view in seen.seats for c in (*view.up, *view.down) if c is not None}
    if kind == "brag":
        return {c.ascii for hand in seen.cards for c in hand}
    return {c.ascii for c in seen.cards}


RECORDS = {
    "screw seed 004": seed_004_record,
    "push stud": lambda: play_demo("push_stud", 3, 5, "threshold"),
    "brag": lambda: play_demo("brag", 6, 3, "random"),
    "three card poker": lambda: play_demo("three_card_poker", 2, 2, "strategy"),
}


@pytest.mark.parametrize("name", list(RECORDS))
def test_every_step_of_a_record_each_seat_sees_only_its_own_hidden_cards(wire: Wire, name: str) -> None:
    record = RECORDS[name]()
    spec = GAMES[record.game]
    players = len(spec.load(record).players)
    replayer = PokerReplayer(record)
    assert synced(replayer)["length"] == len(record.actions) and synced(replayer)["position"] == 0
    for position in range(len(record.actions) + 1):
        page_sends(replayer, type="go", to=position)
        game = spec.load(dataclasses.replace(record, actions=record.actions[:position]))
        page_sends(replayer, type="view", seat=-1)
        everything = synced(replayer)
        assert everything["position"] == position and everything["position_text"] == f"Move {position} of {len(record)}"
        if position:
            assert everything["step"][0].startswith(f"Move {position}: ")
        held = in_hands(game)
        assert set().union(*held.values()) <= codes(everything), "every card is face up in the all-cards view"
        for seat in range(players):
            page_sends(replayer, type="view", seat=seat)
            state = synced(replayer)
            assert state["view"] == seat
            hidden = set().union(*held.values()) - known_to(game, seat)
            assert not hidden & codes(state), f"seat {seat} sees {hidden & codes(state)} at move {position}"
            assert held.get(seat, set()) & known_to(game, seat) <= codes(state), "a seat sees what it knows"
    assert synced(replayer)["over"] is True


def test_the_seed_004_hand_is_built_in_and_ends_as_the_seed_tells(wire: Wire) -> None:
    replayer = PokerReplayer()
    assert replayer.record == seed_004_record() and synced(replayer)["game"] == "screw"
    page_sends(replayer, type="go", to=10_000)
    state = synced(replayer)
    assert state["position"] == state["length"] == 69
    assert state["result"] == ["IKE wins the high half of the pot ($98) with a flush, jack high",
                               "RIZ wins the low half of the pot ($97) with 8-7 low"]
    seats = {seat["name"]: seat for seat in state["seats"]}
    assert [c["c"] for c in seats["IKE"]["cards"]] == ["9S", "JS", "4S", "3S", "2S"]
    assert [c["c"] for c in seats["RIZ"]["cards"]] == ["6H", "8H", "3H", "7C", "2C"]
    assert [c["c"] for c in seats["JIM"]["cards"]] == ["KC", "KH", "KS", "QD", "10D"]
    assert [seat["sub"].split(" · ")[0] for seat in state["seats"]] == [
        "$198", "$148", "$251", "$253", "$199", "$151"]  # dollars, as the stud log and the PokerTable say them
    assert state["pot"] == "Pot: $0"
    assert "declared low" in seats["RIZ"]["sub"] and "declared high" in seats["IKE"]["sub"]


def test_the_centre_says_the_card_on_offer_once(wire: Wire) -> None:
    """Before the first move the prompt names JIM's choice and card; an "On offer to JIM: J♠" beside it ran into it
    ("On offer to JIM: J♠ JIM: keep J♠, ..."). After the last move nothing is on offer."""
    state = synced(PokerReplayer())
    assert state["centre"] == ["JIM: keep J♠, push it ($1), or keep it and push one of their cards ($1)"]
    assert all(line.count("J♠") <= 1 for line in state["centre"])
    replayer = PokerReplayer(position=69)
    assert synced(replayer)["centre"] == [] and synced(replayer)["offer"] is None


def test_the_card_on_offer_is_drawn_as_at_the_poker_table(wire: Wire) -> None:
    """The replayer draws the card on offer with the PokerTable's words ("The card on offer"), face down in the view
    of a seat that may not see it; brag and Three Card Poker have none."""
    offer = synced(PokerReplayer())["offer"]
    assert offer["card"]["c"] == "JS" and offer["to"] == "JIM" and not offer["back"]
    assert offer["text"].startswith("Offered to JIM: keep it")
    assert synced(PokerReplayer(seed_004_record(), view=RIZ))["offer"]["to"] == "JIM"
    assert "offerEl(state, ctx)" in PokerReplayer._esm and "function offerEl" in PokerReplayer._esm
    for game in ("brag", "three_card_poker"):
        assert synced(PokerReplayer(new_game(game, seed=3).record()))["offer"] is None


def test_the_seed_004_first_round_from_riz_s_chair(wire: Wire) -> None:
    replayer = PokerReplayer(view=RIZ, position=6)
    state = synced(replayer)
    seats = {seat["name"]: seat for seat in state["seats"]}
    assert [c.get("c", "back") for c in seats["RIZ"]["cards"]] == ["2S", "8H"]
    assert [c.get("c", "back") for c in seats["JIM"]["cards"]] == ["back", "KH"]
    assert "buried at the bottom of the deck" in " ".join(state["step"])
    page_sends(replayer, type="step", by=-1)
    assert synced(replayer)["position"] == 5
    page_sends(replayer, type="step", by=-100)
    assert synced(replayer)["position"] == 0 and synced(replayer)["step"] == ["The deal before the first move."]


def test_a_secret_choice_stays_secret_in_the_others_views_until_everyone_has_chosen(wire: Wire) -> None:
    # seed 004: move 52 is JIM's replace of 7H, move 62 his declaration, both chosen before the others
    replayer = PokerReplayer(view=RIZ, position=52)
    assert synced(replayer)["step"] == ["Move 52: JIM has chosen; every choice is shown once everyone has chosen."]
    page_sends(replayer, type="go", to=62)
    assert synced(replayer)["step"] == ["Move 62: JIM has chosen; every choice is shown once everyone has chosen."]
    page_sends(replayer, type="go", to=64)
    assert synced(replayer)["step"] == ["Move 64: declarations: JIM high, RIZ low, IKE high"]
    page_sends(replayer, type="view", seat=JIM)  # his own choice, and every card face up, say what it was
    page_sends(replayer, type="go", to=62)
    assert synced(replayer)["step"] == ["Move 62: JIM: declare (direction high)"]
    page_sends(replayer, type="view", seat=-1)
    page_sends(replayer, type="go", to=52)
    assert synced(replayer)["step"] == ["Move 52: JIM: replace (card 7H)"]


def test_a_brag_or_three_card_result_names_the_players_as_the_seats_do(wire: Wire) -> None:
    # a BragTable's or a trainer's record names its players ("You", "Ann" …); the result said "seat 2 takes 3"
    brag = BragGame(BragRules(players=3), seed=1, players=("Ann", "Ben", "Cat"))
    brag.apply(BragFold(1))
    brag.apply(BragFold(2))
    state = synced(PokerReplayer(brag.record(), view=0, position=2))
    assert state["result"] == ["Deal 1: everyone else folded", "Ann takes 3 chips"]
    assert state["pot"] == "Pot: 0 chips" and state["seats"][0]["sub"].startswith("102 chips")
    tcp = ThreeCardPokerGame(seed=1, players=("Ann",))
    tcp.apply(PlaceBets(0, 1, 0))
    tcp.apply(TcpFold(0))
    state = synced(PokerReplayer(tcp.record(), view=None, position=2))
    assert state["result"][1] == "Ann (" + tcp.results[0].seats[0].hand + "): net -1; ante 1: -1 (folded)"


def test_a_deal_saved_at_a_table_names_the_student_you_and_reads_your_view(wire: Wire) -> None:
    # a PokerTable or BragTable names the student's seat "You" in the record it saves (D-UI-22)
    from push_learn.widgets import PokerTable

    record = PokerTable(game="screw", seed=3, players=4, seat=1, speed=0.0).record_file()[1]
    assert record.players is not None and record.players[1] == "You"
    state = synced(PokerReplayer(record, view=0, position=1))
    assert [1, "Your view"] in state["views"] and [0, "Ann's view"] in state["views"]
    you = state["seats"][1]
    assert you["hand_label"].startswith("Your cards") and "You's" not in json.dumps(state)
    backs = [card["label"] for card in you["cards"] if card.get("back")]
    assert backs and set(backs) == {"Your face-down card"}, "Ann sees the student's hole card as a back"


def test_a_record_from_text_a_file_or_a_record(wire: Wire, tmp_path: Path) -> None:
    record = play_demo("brag", 4, 3, "random")
    path = tmp_path / "brag.json"
    path.write_text(record.to_json(), encoding="utf-8")
    for source in (record, record.to_json(), path, str(path)):
        replayer = PokerReplayer(source, view=1)
        assert replayer.record == record and synced(replayer)["view"] == 1


CORRUPT = {
    "not JSON": "{ this is not json",
    "no schema": json.dumps({"game": "brag"}),
    "a bad step": None,
    "a rummy record": None,
}


@pytest.mark.parametrize("name", list(CORRUPT))
def test_a_corrupt_record_is_refused_in_the_loaders_words_and_the_last_one_stays(wire: Wire, name: str) -> None:
    brag = play_demo("brag", 4, 3, "random")
    text = CORRUPT[name]
    if name == "a bad step":
        actions = list(brag.actions)
        actions[2] = {**actions[2], "seat": (actions[2]["seat"] + 1) % 3}
        text = dataclasses.replace(brag, actions=tuple(actions)).to_json()
    elif name == "a rummy record":
        from push_learn.rummy.catalogue import rummy_rules
        from push_learn.rummy.engine.playout import play_random_match

        text = play_random_match(rummy_rules("push"), 2).record().to_json()
    assert text is not None
    replayer = PokerReplayer(view=JIM, position=12)
    before = {k: v for k, v in synced(replayer).items() if k not in ("rev", "notice")}
    page_sends(replayer, type="load", text=text)
    state = synced(replayer)
    assert state["notice"]["kind"] == "refused"
    if name != "a rummy record":
        with pytest.raises(RecordError) as loader:
            load_record(text)
        assert state["notice"]["text"] == str(loader.value)
    else:
        assert "this replayer shows poker records" in state["notice"]["text"]
    assert {k: v for k, v in state.items() if k not in ("rev", "notice")} == before
    with pytest.raises(RecordError):
        PokerReplayer(text)


def test_loading_a_good_record_starts_at_its_first_move(wire: Wire) -> None:
    replayer = PokerReplayer(view=EVE, position=30)
    record = play_demo("three_card_poker", 2, 1, "strategy")
    page_sends(replayer, type="load", text=record.to_json())
    state = synced(replayer)
    assert state["notice"]["kind"] == "ok" and state["game"] == "three_card_poker"
    assert state["position"] == 0 and state["view"] == -1  # seat 5 is not at a one-seat table
    assert Record.from_json(record.to_json()) == replayer.record


@pytest.mark.parametrize(("intent", "words"), [
    ({"type": "go"}, "lacks a whole number 'to'"),
    ({"type": "step", "by": "1"}, "lacks a whole number 'by'"),
    ({"type": "view", "seat": 6}, "this record has seats 1 to 6, not seat 7; choose one of them"),
    ({"type": "view", "seat": True}, "lacks a whole number 'seat'"),
    ({"type": "load"}, "lacks the text 'text'"),
    ({"type": "play"}, "does not understand the request"),
])
def test_garbled_intents_change_nothing(wire: Wire, intent: dict[str, Any], words: str) -> None:
    replayer = PokerReplayer(view=IKE, position=20)
    before = {k: v for k, v in synced(replayer).items() if k not in ("rev", "notice")}
    page_sends(replayer, **intent)
    state = synced(replayer)
    assert state["notice"]["kind"] == "refused" and words in state["notice"]["text"]
    assert {k: v for k, v in state.items() if k not in ("rev", "notice")} == before


def test_bad_arguments_are_refused_in_words() -> None:
    with pytest.raises(ValueError, match="this record has seats 1 to 6, not seat 7"):
        PokerReplayer(view=6)
    with pytest.raises(RecordError, match=r"there is no record file 'no-such-file\.json'"):
        PokerReplayer("no-such-file.json")
