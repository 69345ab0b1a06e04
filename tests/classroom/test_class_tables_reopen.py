"""A kernel that dies at a stud or brag class table loses nothing (both backends): the student's page opened again
(a new kernel: the lobby through the class service, the replica from the store's log) is back in their seat at the
same step, showing what the lost page showed, and the table goes on with every step logged once, in order.

The rummy tables' crash is played by clicks in Chromium (``tests/browser/test_class_tables_play.py``); this is the
same story for the poker family's seats (``TablePokerTable``, ``TableBragTable``) at the service and replica level.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from class_games import SEAL_KEY

from push_learn.apps.class_tables import TableBragTable, TablePokerTable, table_page
from push_learn.classroom import Store
from push_learn.classroom.service import ClassService
from push_learn.classroom.tables import TABLE_GAMES, StoreLink, TableReplica
from push_learn.games import GAMES
from push_learn.poker.actions import ActionKind
from push_learn.poker.brag import Fold, KeepHand, Look, See

POKER_TABLE_GAMES = [game for game in TABLE_GAMES if GAMES[game].family != "rummy"]
"""The class-table games of the poker family: the stud games and brag."""
CAUTIOUS = (ActionKind.CHECK, ActionKind.CALL, ActionKind.KEEP, ActionKind.STAND, ActionKind.BRING_IN)
ANN = 0
"""Ann's seat."""
TRANSIENT = ("rev", "announce")
"""What a page sends that is its own, not the table's: its revision count and the last line it read out."""


def _seat_widget(page: Any) -> TablePokerTable | TableBragTable:
    (widget,) = [child for child in page.children if isinstance(child, TablePokerTable | TableBragTable)]
    return widget


def _move(replica: TableReplica) -> Any:
    """Ann's move: she stays in cheaply (at brag she looks, keeps, sees, else folds, so that a deal ends)."""
    legal = replica.match.legal_actions(ANN)
    if replica.spec.id == "brag":
        return next((a for kind in (Look, KeepHand, See, Fold) for a in legal if isinstance(a, kind)), legal[0])
    return next((a for a in legal if a.kind in CAUTIOUS), legal[0])


def _click(widget: TablePokerTable | TableBragTable) -> None:
    """Ann clicks her move on the page (the ``act`` intent each page sends)."""
    action = _move(widget.replica).to_json()
    if isinstance(widget, TableBragTable):
        widget.handle_intent({"type": "act", "act": action["type"],
                              **{key: value for key, value in action.items() if key not in ("type", "seat")}})
    else:
        widget.handle_intent({"type": "act", "action": action})
    assert widget.state["notice"] is None, widget.state["notice"]


def _page_state(widget: TablePokerTable | TableBragTable) -> dict[str, Any]:
    """The state as the page receives it (through JSON), without what is the page's own (``TRANSIENT``)."""
    state: dict[str, Any] = json.loads(json.dumps(widget.get_state()["state"]))
    return {key: value for key, value in state.items() if key not in TRANSIENT}


@pytest.mark.parametrize("game", POKER_TABLE_GAMES)
def test_a_student_whose_kernel_died_at_a_poker_family_table_is_back_at_the_same_step_and_nothing_is_lost(
        store: Store, game: str) -> None:
    service = ClassService(store, SEAL_KEY)
    code = store.create_class("Year 10").code
    ann = service.join("session-ann", code, "Ann")

    def send(action: str, payload: dict[str, Any]) -> dict[str, Any]:
        return service.table_request(ann, action, payload)

    table = send("new", {"game": game, "level": "random", "seat": ANN})["table"]["id"]
    send("start", {"table": table})
    lost = _seat_widget(table_page(send, StoreLink(store, "Ann")))
    for _ in range(300):  # bots and Ann play until it is Ann's turn again after others have moved
        lost._bot_step()
        actions = lost.replica.match.actions
        if ANN in lost.replica.match.to_move:
            if any(a.seat == ANN for a in actions) and actions[-1].seat != ANN:
                break
            _click(lost)
    steps = len(lost.replica.match.actions)
    assert steps == len(store.table_log(table)) and ANN in lost.replica.match.to_move
    shown = _page_state(lost)
    del lost  # the kernel dies: nothing is said to the table or the store

    again = _seat_widget(table_page(send, StoreLink(store, "Ann")))  # a new kernel: the lobby sends Ann to her seat
    assert again.seat == ANN and len(again.replica.match.actions) == steps
    assert _page_state(again) == shown  # the same step, the same cards shown and hidden, Ann's turn
    _click(again)
    assert len(store.table_log(table)) == steps + 1
    def deal_over() -> bool:
        return bool(again.replica.match.over or getattr(again.replica.match, "results", ()))

    for _ in range(300):  # the table goes on to the end of its first deal
        if deal_over():
            break
        again._bot_step()
        if ANN in again.replica.match.to_move:
            _click(again)
    assert deal_over()
    log = store.table_log(table)
    assert [row.step for row in log] == list(range(len(again.replica.match.actions)))  # each step once, in order
    assert [dict(row.action) for row in log] == [a.to_json() for a in again.replica.match.actions]
    watcher = TableReplica(StoreLink(store, None), table)
    assert watcher.match.record().to_dict() == again.replica.match.record().to_dict()
