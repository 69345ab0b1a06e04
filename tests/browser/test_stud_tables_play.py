"""A Screw Your Neighbor class table in real browsers: two students, a bot, one hand by clicks (D-TBL-13).

Ann and Ben (two browser contexts, two Voila kernels) join the class on the landing page and sit at a
three-seat table from the lobby; a random bot takes the third seat. Each plays their seat by clicking
the page's move buttons (check or call, keep, replace nothing; Ann declares high, Ben low) until the
hand's showdown. Every websocket frame each page received is then scanned: no card of another seat that
the student never saw (face-down cards not shown at the showdown, the deck) ever reached their page.
The store's log is the hand both pages showed, each step once.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, expect
from stud_hidden import hidden_from

# The class store and server of the Push class tables' test (a SQLite file or a PostgreSQL database)
from test_class_loop import class_db  # noqa: F401
from test_class_tables_play import MOVE, Student, _open, frame_parts, tables_server  # noqa: F401

from push_learn.apps.harness import Server
from push_learn.cards import Card
from push_learn.classroom import Store
from push_learn.classroom.tables import StoreLink, TableReplica, table_rules
from push_learn.poker.actions import Action
from push_learn.poker.stud_records import load_stud
from push_learn.widgets.poker_table import button_label

SEED = 8
PASSIVE = ("check", "call", "keep", "stand", "bring_in")
WAYS = {0: "high", 1: "low"}


def _choice(replica: TableReplica, seat: int) -> Action:
    """The student's move: the first passive one, or their declaration."""
    legal = replica.match.legal_actions(seat)
    declare = [a for a in legal if a.direction is not None and a.direction.name.lower() == WAYS[seat]]
    return declare[0] if declare else next((a for a in legal if a.kind.value in PASSIVE), legal[0])


def _never_seen(replica: TableReplica, seat: int) -> tuple[set[Card], set[Card]]:
    """The cards ``seat`` never saw during the hand (others' unshown face-down cards, the deck), and those
    of them that another seat held."""
    record = replica.match.record()
    unseen: set[Card] | None = None
    held: set[Card] = set()
    for step in range(len(record.actions) + 1):
        game = load_stud(record, step)
        hidden = hidden_from(game, seat)
        unseen = hidden if unseen is None else unseen & hidden
        held.update(c for other in range(len(game.players)) if other != seat for c in game.cards(other))
    assert unseen is not None
    return unseen, unseen & held


def _without_code(value: Any) -> Any:
    """``value`` without the widgets' own code (their ES module and stylesheet), which is not game data."""
    if isinstance(value, dict):
        return {k: _without_code(v) for k, v in value.items() if k not in ("_esm", "_css")}
    if isinstance(value, list):
        return [_without_code(v) for v in value]
    return value


def _leaks(student: Student, cards: set[Card]) -> list[str]:
    text = "\n".join(json.dumps(_without_code(part), ensure_ascii=False)
                     for payload in student.frames for part in frame_parts(payload))
    assert '"pl-poker-table"' in text or "pl_poker" in text or '"seats"' in text, "no table reached the page"
    return [str(card) for card in cards if f'"{card.ascii}"' in text or str(card) in text]


@pytest.mark.parametrize("class_db", ["sqlite"], indirect=True)
def test_two_students_play_a_screw_your_neighbor_hand_by_clicks_and_see_no_other_hole_card(
    tables_server: Server, class_db: str, browser: Browser,  # noqa: F811
) -> None:
    with Store(class_db, seal_key=None) as store:
        code = store.create_class("Year 10").code
        table = store.open_table(code, "screw", table_rules("screw", 3), 3, bot_level="random", idle_limit_s=0,
                                 seed=SEED).id
    students = [_open(browser, tables_server, name, seat, code, f"Seat {seat + 1}")
                for seat, name in enumerate(("Ann", "Ben"))]
    try:
        for student in students:
            student.page.get_by_role("button", name="Start with bots in the free seats").click()
            expect(student.page.locator(".pl-poker-table")).to_be_visible(timeout=MOVE)
        with Store(class_db, seal_key=None) as store:
            replica = TableReplica(StoreLink(store, None), table)
            deadline = time.monotonic() + 300
            while not replica.match.over:
                assert time.monotonic() < deadline, "the hand did not end"
                seat = next((s for s in replica.match.to_move if s in (0, 1)), None)
                if seat is None:  # a bot's turn: a student's kernel plays it at its next poll
                    time.sleep(0.05)
                    replica.poll()
                    continue
                action, step = _choice(replica, seat), replica.step
                label = button_label(action, replica.match.observe(seat))
                moves = students[seat].page.locator(".pl-poker-moves")
                moves.get_by_role("button", name=label, exact=True).click(timeout=MOVE)
                while replica.step == step:
                    assert time.monotonic() < deadline, f"{label} by {students[seat].name} did not land"
                    time.sleep(0.05)
                    replica.poll()
            log = store.table_log(table)
        assert [row.step for row in log] == list(range(len(log))) and replica.match.result is not None
        assert {row.seat for row in log if not row.by_bot} == {0, 1}
        for student in students:
            showdown = student.page.get_by_role("group", name="The showdown")
            expect(showdown.locator(".pl-poker-lines li").first).to_have_text(replica.match.result.lines[0],
                                                                              timeout=MOVE)
        for seat, student in enumerate(students):
            hidden, holes = _never_seen(replica, seat)
            assert holes, "some of another seat's cards stay unseen to this student until the end"
            assert _leaks(student, hidden) == [], f"{student.name}'s page got cards it never saw"
            student.watch.assert_clean()
    finally:
        for student in students:
            student.context.close()
