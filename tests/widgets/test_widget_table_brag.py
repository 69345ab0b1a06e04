"""Three-card brag's seat at a class table (TableBragTable), driven as the page does: a whole five-deal table by
two students' clicks, the showdown shown while the table goes on, refusals in words, and fair play.

Fair play is checked differentially, as BragTable's own tests do: two tables of the same seed, one with every
card nobody has seen (the blind student's own included) dealt again; the page's state is the same through
polls, hints, refused and garbled requests, until the first deal ends.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from brag_hidden import deal_differently
from pl_widget_driver import Wire, page_sends, synced
from test_widget_brag_table import choice, sent_cards

from push_learn.apps.table_seat import TableBragTable
from push_learn.classroom import Store
from push_learn.classroom.tables import StoreLink, TableReplica, table_rules

SEED = 904_217
"""The tables' secret seed (long enough that finding it in a page's state is no accident)."""


def _table(folder: Path, students: tuple[str, ...], players: int, level: str) -> tuple[Store, int]:
    """A started brag table: the students in the first seats, bots of ``level`` in the others."""
    folder.mkdir()
    store = Store(folder=str(folder), seal_key=None)
    code = store.create_class("Brag lesson").code
    table = store.open_table(code, "brag", table_rules("brag", players), players, seed=SEED, bot_level=level)
    for seat, name in enumerate(students):
        store.join(code, name)
        store.sit(table.id, name, seat)
    store.start_table(table.id)
    return store, table.id


def _click(state: dict[str, Any], bets_this_deal: int) -> dict[str, Any]:
    """What a cautious student clicks: look, keep, see; the least bet twice a deal at most; else fold."""
    acts = {c["act"] for c in state["choices"]}
    for act in ("look", "keep", "see"):
        if act in acts:
            return choice(state, act)
    return choice(state, "bet") if "bet" in acts and bets_this_deal < 2 else choice(state, "fold")


def test_two_students_play_a_whole_brag_table_by_clicks_and_the_table_never_waits_at_a_deal_end(
    tmp_path: Path, wire: Wire
) -> None:
    store, table_id = _table(tmp_path / "class", ("Ann", "Ben"), 3, "sensible")
    pages = [TableBragTable(TableReplica(StoreLink(store, name), table_id)) for name in ("Ann", "Ben")]
    ann, ben = pages
    assert ann.state["title"] == f"Table {table_id}: you are Seat 1 — Seat 1: Ann (you) · Seat 2: Ben · " \
                                 "Seat 3: sensible bot"
    bets: dict[tuple[int, int], int] = {}
    went_on = False  # a page showed a deal's showdown while the next deal was being played
    for _ in range(400):
        for page in pages:
            page._bot_step()
            state = synced(page)
            if state["show_last"] and not state["over"]:
                assert not state["paused"] and state["deal"] == state["last"]["hand"] + 1
                went_on = True
            if state["my_turn"]:
                page_sends(page, type="hint")
                assert synced(page)["hint"] is not None
                key = (page.seat, state["deal"])
                intent = _click(state, bets.get(key, 0))
                bets[key] = bets.get(key, 0) + (intent["act"] == "bet")
                page_sends(page, **intent)
                assert page.notice is None, page.notice
                after = synced(page)
                assert not after["show_last"] or after["deal"] != state["deal"] or after["over"], \
                    "the student's move puts the last showdown away"
        if all(page.replica.match.over for page in pages):
            break
    game = ann.replica.match
    assert game.over and store.table(table_id).status == "over" and went_on
    assert [result.hand_number for result in game.results] == [1, 2, 3, 4, 5]
    assert game.record().to_dict() == ben.replica.match.record().to_dict()
    for page in pages:
        state = synced(page)
        assert state["over"] and state["show_last"] and state["last"]["hand"] == 5 and state["seed"] == ""
    assert str(SEED) not in wire.text()
    for request, words in (("save", "kept by the class server"), ("new", "no new game here"),
                           ("level", "no change of bots here")):
        page_sends(ann, type=request, seed="3", level="random")
        assert ann.notice is not None and ann.notice["kind"] == "refused" and words in ann.notice["text"], request


@pytest.mark.parametrize("seed_of_redeal", [1, 2])
def test_a_brag_table_page_is_the_same_whatever_the_unseen_cards_are(tmp_path: Path, wire: Wire,
                                                                     seed_of_redeal: int) -> None:
    """Ann plays blind against random bots (who never read their cards, so both tables stay in step)."""
    pages = []
    for twin in range(2):
        store, table_id = _table(tmp_path / f"twin{twin}", ("Ann",), 4, "random")
        pages.append(TableBragTable(TableReplica(StoreLink(store, "Ann"), table_id), title="A class table"))
    twin = pages[1].replica.match
    deal_differently(twin, random.Random(seed_of_redeal), keep=None)
    assert pages[0].replica.match.seats[0].hands != twin.seats[0].hands
    garbled = ({"type": "act", "act": "bet", "amount": 999}, {"type": "act", "act": "peek"}, {"type": "save"},
               {"type": "continue"}, {"type": "new", "seed": "4"})
    steps = moves = 0
    while not twin.results and steps < 60:
        for page in pages:
            page._bot_step()
        if pages[0].state["my_turn"]:
            for request in ({"type": "hint"}, *garbled):
                for page in pages:
                    page_sends(page, **request)
                assert synced(pages[0]) == synced(pages[1]), f"the page learns unseen cards after {request}"
            bets = [c for c in synced(pages[0])["choices"] if c["act"] == "bet"]
            for page in pages:
                page_sends(page, **(choice(page.state, "bet") if bets else choice(page.state, "fold")))
            moves += 1
        if not twin.results:
            assert synced(pages[0]) == synced(pages[1]), f"the page learns unseen cards after {steps} steps"
        steps += 1
    assert moves and twin.results
    shown = {card["c"] for hand in synced(pages[0])["last"]["shown"] for card in hand["cards"]}
    own = {card.ascii for page in pages for hand in page.replica.match.seats[0].hands for card in hand}
    assert not own & (sent_cards(wire) - shown), "a blind student's cards reached the page before the showdown"


def test_a_move_the_store_refuses_leaves_the_page_as_it_was_and_the_table_playable(tmp_path: Path,
                                                                                   wire: Wire) -> None:
    """The teacher pauses the table after Ann's page last polled: her bet passes her replica's check but the
    store refuses it. The page must not show the bet as made (the replica took it back), and once the table
    is resumed Ann can bet."""
    store, table_id = _table(tmp_path / "class", ("Ann",), 3, "sensible")
    page = TableBragTable(TableReplica(StoreLink(store, "Ann"), table_id))
    while not synced(page)["my_turn"]:
        page._bot_step()
    before = synced(page)
    store.pause_table(table_id)
    bet = choice(before, "bet")
    page_sends(page, **bet)
    assert page.notice is not None and page.notice["kind"] == "refused" and "paused" in page.notice["text"]
    after = synced(page)
    assert page.game is page.replica.match and len(page.game.actions) == store.table(table_id).steps
    for key in ("deal", "seats", "pots", "pot", "stake", "log", "last", "announce"):
        assert after[key] == before[key], f"the refused bet changed the page's {key}"
    store.pause_table(table_id, paused=False)
    page._bot_step()
    assert synced(page)["my_turn"]
    page_sends(page, **bet)
    assert page.notice is None and store.table(table_id).steps == len(page.replica.match.actions)
    assert not synced(page)["my_turn"]


def test_a_student_whose_seat_the_teacher_gave_to_a_bot_is_offered_no_move(tmp_path: Path, wire: Wire) -> None:
    """Once Ann's replica knows the teacher gave her seat to a bot, her page offers no move (each would be
    refused: she may watch, not play, D-TBL-08) and says why, even while that seat is to move; a hint asked for
    anyway is refused too."""
    store, table_id = _table(tmp_path / "class", ("Ann",), 3, "sensible")
    page = TableBragTable(TableReplica(StoreLink(store, "Ann"), table_id))
    while not synced(page)["my_turn"]:
        page._bot_step()
    store.seat_bot(table_id, 0, "sensible")
    page.replica.poll()  # the replica learns it; the bot has not moved yet
    page.refresh()
    state = synced(page)
    assert 0 in page.game.to_move
    assert not state["my_turn"] and state["choices"] == [] and state["thinking"]
    assert state["status"].startswith("The teacher gave your seat to a bot")
    page_sends(page, type="hint")  # nor a hint: the page offers none, and one asked for anyway is refused
    notice = page.notice
    assert notice is not None and notice["kind"] == "refused" and "gave your seat to a bot" in notice["text"]
    assert synced(page)["hint"] is None
    steps = store.table(table_id).steps
    page._bot_step()
    assert store.table(table_id).steps == steps + 1
