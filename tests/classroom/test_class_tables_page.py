"""The class tables' page in the kernel: lobby, seat, moves by intents, others' moves by polling, fair play."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable
from typing import Any

import pytest
from class_games import SEAL_KEY

from push_learn.apps.class_tables import ClassTables, TablePlayTable, table_page
from push_learn.classroom import Store, client
from push_learn.classroom.service import SERVICE_ENV, ClassService, Member
from push_learn.classroom.table_store import TableInfo
from push_learn.classroom.tables import StoreLink, TableReplica
from push_learn.records import SEAL_KEY_ENV
from push_learn.rummy import PUSH
from push_learn.rummy.engine import Match, rules_to_json
from push_learn.widgets import PlayTable


def _sender(service: ClassService, member: Member) -> Callable[[str, dict[str, Any]], dict[str, Any]]:
    return lambda action, payload: service.table_request(member, action, payload)


def _table_of(page: Any) -> TablePlayTable:
    (widget,) = [child for child in page.children if isinstance(child, TablePlayTable)]
    return widget


def test_two_students_meet_in_the_lobby_play_by_clicks_and_see_only_their_seat(store: Store) -> None:
    service = ClassService(store, SEAL_KEY)
    code = store.create_class("Year 9").code
    members = {name: service.join(f"session-{name}", code, name) for name in ("Ann", "Ben")}
    ann_page = table_page(_sender(service, members["Ann"]), StoreLink(store, "Ann"))
    lobby_view = ann_page.children[0]
    new_button = next(w for w in lobby_view.children[2].children if getattr(w, "description", "") == "Open a new table")
    new_button.click()
    note, start = ann_page.children
    assert "You sit at table" in note.value
    ben_page = table_page(_sender(service, members["Ben"]), StoreLink(store, "Ben"))
    row = ben_page.children[0].children[1].children[0]
    assert "Ann" in row.children[0].value
    seat_buttons = row.children[1].children
    assert [b.description for b in seat_buttons] == ["Sit East", "Sit South", "Sit West"]
    seat_buttons[1].click()  # Ben sits South, Ann's partner
    start.click()
    ann = _table_of(ann_page)
    ben_page.children[1].click()  # Ben's start button: the table has started, so he goes to his seat
    ben = _table_of(ben_page)
    assert (ann.seat, ben.seat) == (0, 2)
    assert "South: Ben" in ann.state["title"] and "East: greedy bot" in ann.state["title"]
    for _ in range(400):  # both pages poll; each student plays the first legal move on their turn
        for widget in (ann, ben):
            widget._bot_step()
            view = widget.view
            if view.my_turn and not view.over:
                action = widget.match.legal_actions(widget.seat)[0]
                widget.handle_intent({"type": "act", "action": action.to_json()})
                assert widget.state["notice"] is None or widget.state["notice"]["kind"] != "error"
        if ann.replica.match.over and ben.replica.match.over:
            break
        if len(ann.replica.match.actions) > 60:
            break
    assert len(ann.replica.match.actions) > 10
    ann.replica.poll()  # polls only: a page's step may also play a due bot, which would put the other behind
    ben.replica.poll()
    assert ann.replica.match.snapshot() == ben.replica.match.snapshot()
    fresh = TableReplica(StoreLink(store, None), ann.replica.table_id)
    assert fresh.match.snapshot() == ann.replica.match.snapshot()
    for widget in (ann, ben):
        state = widget.state
        text = json.dumps(state)
        assert str(widget.replica.info.seed) not in text and state["seed"] == ""
        for seat in state["table"]["seats"]:
            assert bool(seat["cards"]) == (seat["seat"] == widget.seat)  # only the own hand's cards
    ann.handle_intent({"type": "takeback"})
    assert ann.state["notice"]["kind"] == "refused" and "take-back" in ann.state["notice"]["text"]
    assert ann.state["shared"] is True  # the page offers no control the shared table refuses
    pace = ann._pacer.interval
    ann.handle_intent({"type": "speed", "speed": "slow"})
    assert ann.state["notice"]["kind"] == "refused" and "change of speed" in ann.state["notice"]["text"]
    assert ann._pacer.interval == pace  # the page's polls of the table keep their pace


def test_a_student_who_reopens_the_page_is_back_in_their_seat(store: Store) -> None:
    service = ClassService(store, SEAL_KEY)
    code = store.create_class("Year 9").code
    ann = service.join("session-ann", code, "Ann")
    send = _sender(service, ann)
    opened = send("new", {"game": "push", "level": "random", "seat": 3})
    send("start", {"table": opened["table"]["id"]})
    first = _table_of(table_page(send, StoreLink(store, "Ann")))
    while first.replica.match.to_move[0] != 3:
        first._bot_step()
    steps = len(first.replica.match.actions)
    # the kernel dies; a new page (a new kernel) opens the lobby, which sends Ann back to seat 3
    again = _table_of(table_page(send, StoreLink(store, "Ann")))
    assert again.seat == 3 and len(again.replica.match.actions) == steps
    assert again.view.my_turn
    action = again.match.legal_actions(3)[0]
    again.handle_intent({"type": "act", "action": action.to_json()})
    assert len(store.table_log(opened["table"]["id"])) == steps + 1


def test_the_dashboard_without_a_class_says_why_and_offers_a_practice_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(SERVICE_ENV, raising=False)
    alone = ClassTables.from_query("seed=7")
    assert not alone.in_class and isinstance(alone.main, PlayTable) and not isinstance(alone.main, TablePlayTable)
    assert "not opened from a class server" in alone.heading.value and "deal number 7" in alone.heading.value
    # a class server that cannot be reached (or a browser that joined no class): said in words, practice table
    monkeypatch.setenv(SERVICE_ENV, "http://127.0.0.1:9/")
    monkeypatch.setenv(SEAL_KEY_ENV, "k" * 32)
    unreachable = ClassTables.from_query("seed=7")
    assert not unreachable.in_class and "Join your class on the landing page" in unreachable.heading.value


def test_the_dashboard_of_a_joined_student_is_the_lobby(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    service = ClassService(store, SEAL_KEY)
    member = service.join("session-ann", store.create_class("Year 9").code, "Ann")
    monkeypatch.setenv(SERVICE_ENV, "http://127.0.0.1:9/")
    monkeypatch.setenv(SEAL_KEY_ENV, "k" * 32)
    # the kernel's requests reach the real service as the server would hand them on (signature checked elsewhere)
    monkeypatch.setattr(client, "send", lambda action, payload: service.table_request(
        member, action.removeprefix("table_"), payload))
    app = ClassTables.from_query("")
    assert app.in_class and "classmates" in app.heading.value
    assert "No table is open yet" in app.main.children[0].children[1].children[0].value


class _SlowServer(StoreLink):
    """A store link whose reads of the table wait for ``gate``: a class server that is slow to answer."""

    def __init__(self, store: Store, student: str) -> None:
        super().__init__(store, student)
        self.gate = threading.Event()
        self.gate.set()
        self.waiting = threading.Event()
        self.timed_out = False

    def table(self, table_id: int) -> TableInfo:
        if not self.gate.is_set():
            self.waiting.set()
            self.timed_out = not self.gate.wait(timeout=10)
        return super().table(table_id)


def test_the_poll_runs_off_the_kernel_event_loop(store: Store) -> None:
    """While a poll waits for the class server (or a bot thinks), the page's clicks are still answered."""
    code = store.create_class("Year 9").code
    store.join(code, "Ann")
    table = store.open_table(code, "push", rules_to_json(PUSH), 4, bot_level="random", seed=5).id
    store.sit(table, "Ann", (Match.new(PUSH, 5).to_move[0] + 1) % 4)  # a bot moves first
    store.start_table(table)
    link = _SlowServer(store, "Ann")
    widget = TablePlayTable(TableReplica(link, table))

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        link.gate.clear()
        widget._pacer.start(0)  # the first poll starts now and is held by the slow server
        assert await loop.run_in_executor(None, link.waiting.wait, 10)
        widget.handle_intent({"type": "sort", "by": "rank"})  # answered on the loop while the poll waits
        assert widget.state["sort"] == "rank" and not link.gate.is_set()
        link.gate.set()
        for _ in range(1000):
            if widget.replica.match.actions:
                break
            await asyncio.sleep(0.01)
        widget.halt()
        await widget.settled()

    asyncio.run(scenario())
    assert not link.timed_out
    assert len(widget.replica.match.actions) >= 1  # the poll went on: a bot played its turn


def test_a_move_the_store_refuses_is_not_shown_as_made_and_the_table_goes_on(store: Store) -> None:
    """The teacher pauses the table after Ann's page last polled: her move passes her replica's check but the
    store refuses it; her page keeps the match as it is (the replica took the move back), then plays on."""
    service = ClassService(store, SEAL_KEY)
    code = store.create_class("Year 9").code
    send = _sender(service, service.join("session-ann", code, "Ann"))
    opened = send("new", {"game": "push", "level": "random", "seat": 0})
    table_id = opened["table"]["id"]
    send("start", {"table": table_id})
    ann = _table_of(table_page(send, StoreLink(store, "Ann")))
    while not ann.view.my_turn:
        ann._bot_step()
    action = ann.match.legal_actions(0)[0]
    store.pause_table(table_id)
    ann.handle_intent({"type": "act", "action": action.to_json()})
    assert ann.notice is not None and "paused" in ann.notice["text"]
    assert ann.match is ann.replica.match and len(ann.match.actions) == store.table(table_id).steps
    assert ann.view.my_turn
    store.pause_table(table_id, paused=False)
    ann._bot_step()
    ann.handle_intent({"type": "act", "action": action.to_json()})
    assert ann.notice is None and len(store.table_log(table_id)) == len(ann.replica.match.actions)
