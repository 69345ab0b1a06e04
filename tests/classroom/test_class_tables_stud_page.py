"""The stud games' seat at a class table (TablePokerTable): lobby, a whole hand by intents, and fair play.

Fair play is checked differentially, as PokerTable's own tests do: two tables of the same seed played
alike, then one has every card its student cannot see dealt again (and the others' unrevealed
declarations changed); the student's page state is the same through a poll, a hint, refused and
garbled requests and the whole log.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from class_games import SEAL_KEY
from stud_hidden import hidden_from, redeal_hidden

from push_learn.apps.class_tables import TablePokerTable, table_page
from push_learn.classroom import Store
from push_learn.classroom.service import ClassService, Member
from push_learn.classroom.tables import StoreLink, TableReplica, table_rules
from push_learn.poker.observation import Phase

PASSIVE = ("check", "call", "keep", "stand", "bring_in", "expose")


def _state(widget: Any) -> dict[str, Any]:
    """The state as the page receives it (through JSON)."""
    loaded: dict[str, Any] = json.loads(json.dumps(widget.get_state()["state"]))
    return loaded


def _passive(state: dict[str, Any]) -> dict[str, Any]:
    """The first passive move button; a declaration declares high."""
    moves = state["actions"]
    if state["phase"] == "declare":
        return next(m for m in moves if m["action"]["direction"] == "high")["action"]
    return next((m for m in moves if m["kind"] in PASSIVE), moves[0])["action"]


def _widget(page: Any) -> TablePokerTable:
    (widget,) = [child for child in page.children if isinstance(child, TablePokerTable)]
    return widget


def _leaked(widget: TablePokerTable) -> list[str]:
    """Cards the seat cannot see that are named in its page's state."""
    text = json.dumps(widget.get_state()["state"], ensure_ascii=False)
    return [str(c) for c in hidden_from(widget.replica.match, widget.seat) if f'"{c.ascii}"' in text or str(c) in text]


def test_two_students_open_a_push_stud_table_in_the_lobby_and_play_a_hand_by_clicks(store: Store) -> None:
    service = ClassService(store, SEAL_KEY)
    code = store.create_class("Year 10").code
    members = {name: service.join(f"session-{name}", code, name) for name in ("Ann", "Ben")}

    def send(member: Member) -> Any:
        return lambda action, payload: service.table_request(member, action, payload)

    ann_page = table_page(send(members["Ann"]), StoreLink(store, "Ann"))
    lobby = ann_page.children[0]
    form = lobby.children[2].children
    game, level = form[0], form[1]
    game.value = "push_stud"
    assert [value for _, value in level.options] == ["random", "threshold"] and level.value == "threshold"
    level.value = "random"
    roll = next(w for w in form if getattr(w, "description", "") == "Roll Your Own")
    assert roll.layout.display is None
    roll.value = True
    next(w for w in form if getattr(w, "description", "") == "Open a new table").click()
    ben_page = table_page(send(members["Ben"]), StoreLink(store, "Ben"))
    row = ben_page.children[0].children[1].children[0]
    assert "Push stud" in row.children[0].value and "Seat 1: Ann" in row.children[0].value
    row.children[1].children[0].click()  # Ben sits in Seat 2
    ann_page.children[1].click()  # Ann starts: bots in seats 3 and 4
    ben_page.children[1].click()
    ann, ben = _widget(ann_page), _widget(ben_page)
    assert (ann.seat, ben.seat) == (0, 1) and ann.replica.match.rules.roll_your_own
    assert "Seat 2: Ben" in ann.state["title"] and "Seat 3: random bot" in ann.state["title"]
    for _ in range(300):
        for widget in (ann, ben):
            widget._bot_step()
            assert not _leaked(widget), "a card hidden from the seat reached its page"
            state = _state(widget)
            if state["my_turn"]:
                widget.handle_intent({"type": "act", "action": _passive(state)})
                assert widget.state["notice"] is None, widget.state["notice"]
        if ann.replica.match.over and ben.replica.match.over:
            break
    assert ann.replica.match.over and store.table(ann.replica.table_id).status == "over"
    assert ann.state["result"] is not None and ben.state["result"] == _state(ben)["result"]
    assert str(ann.replica.info.seed) not in json.dumps(ann.state) and ann.state["seed"] == ""
    for request in ("takeback", "save", "new"):
        ann.handle_intent({"type": request, "seed": "3"})
        assert ann.state["notice"]["kind"] == "refused", request


def _twin_tables(tmp_path: Path, game: str, options: dict[str, bool], phase: Phase) -> list[TablePokerTable]:
    """Two tables of one seed, Ann in seat 0 and Ben in seat 1, played alike to Ann's turn in ``phase``,
    where she is the last to choose."""
    pages = []
    for twin in range(2):
        folder = tmp_path / f"twin{twin}"
        folder.mkdir()
        store = Store(folder=str(folder), seal_key=None)
        code = store.create_class("Twins").code
        for name in ("Ann", "Ben"):
            store.join(code, name)
        table = store.open_table(code, game, table_rules(game, 4, **options), 4, seed=21, bot_level="random")
        store.sit(table.id, "Ann", 0)
        store.sit(table.id, "Ben", 1)
        store.start_table(table.id)
        ann = TablePokerTable(TableReplica(StoreLink(store, "Ann"), table.id), title="A class table")
        ben = TableReplica(StoreLink(store, "Ben"), table.id)
        pages.append((ann, ben))
    while True:
        for ann, ben in pages:
            ann._bot_step()
            ben.poll()
        first = pages[0][0]
        assert not first.game.over, "the hand went past the phase"
        if first.view.my_turn and first.view.phase is phase and first.game.to_move == (0,):
            break  # Ann's turn, the others' choices of a simultaneous round made (hidden from her)
        for ann, ben in pages:
            if 1 in ben.match.to_move:
                ben.play(next(a for a in ben.match.legal_actions(1) if a.kind.value in (*PASSIVE, "declare")))
            elif ann.view.my_turn and ann.view.phase is not phase:
                ann.handle_intent({"type": "act", "action": _passive(_state(ann))})
    return [ann for ann, _ in pages]


@pytest.mark.parametrize(("game", "options", "phase"), [
    ("push_stud", {"roll_your_own": True}, Phase.EXPOSE), ("screw", {}, Phase.PUSH), ("screw", {}, Phase.DECLARE),
], ids=["roll-your-own-turn-up", "screw-push", "screw-declaration"])
def test_a_stud_table_page_is_the_same_whatever_the_other_seats_hidden_cards_are(
    tmp_path: Path, game: str, options: dict[str, bool], phase: Phase
) -> None:
    pages = _twin_tables(tmp_path, game, options, phase)
    assert _state(pages[0]) == _state(pages[1])
    before = pages[1].game.all_cards()
    redeal_hidden(pages[1].game, 0, random.Random(5))
    assert pages[1].game.all_cards() != before
    if phase is Phase.DECLARE:
        assert pages[0].game._chosen != pages[1].game._chosen  # Ben's declaration, not yet revealed, differs
    for request in ({}, {"type": "hint"}, {"type": "act", "action": {"type": "fold", "seat": 1}},
                    {"type": "act", "action": [1]}, {"type": "log", "all": True}, {"type": "save"}):
        for page in pages:
            if request:
                page.handle_intent(request)
            else:
                page._bot_step()  # a poll that finds nothing new
        assert _state(pages[0]) == _state(pages[1]), f"the page learns hidden cards after {request or 'a poll'}"


def test_a_move_the_store_refuses_is_not_shown_as_made_and_the_table_goes_on(store: Store) -> None:
    """The teacher pauses the table after Ann's page last polled: her move passes her replica's check but the
    store refuses it; her page keeps the table as it is (the replica took the move back), then plays on."""
    code = store.create_class("Year 10").code
    store.join(code, "Ann")
    table = store.open_table(code, "push_stud", table_rules("push_stud", 4), 4, seed=8, bot_level="random")
    store.sit(table.id, "Ann", 0)
    store.start_table(table.id)
    ann = TablePokerTable(TableReplica(StoreLink(store, "Ann"), table.id))
    while not ann.view.my_turn:
        ann._bot_step()
    move = _passive(_state(ann))
    store.pause_table(table.id)
    ann.handle_intent({"type": "act", "action": move})
    assert ann.notice is not None and "paused" in ann.notice["text"]
    assert ann.game is ann.replica.match and len(ann.game.actions) == store.table(table.id).steps
    assert ann.view.my_turn
    store.pause_table(table.id, paused=False)
    ann._bot_step()
    ann.handle_intent({"type": "act", "action": move})
    assert ann.notice is None and len(store.table_log(table.id)) == len(ann.replica.match.actions)
