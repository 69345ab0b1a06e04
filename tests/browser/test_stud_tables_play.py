"""A Screw Your Neighbor class table in real browsers: two students, a bot, one hand by clicks (D-TBL-13).

Ann and Ben (two browser contexts, two Voila kernels) join the class on the landing page and sit at a
three-seat table from the lobby; a random bot takes the third seat. Each plays their seat by clicking
the page's move buttons (check or call, keep, replace nothing; Ann declares high, Ben low) until the
hand's showdown. Every websocket frame each page received is then scanned: no card of another seat that
the student never saw (face-down cards not shown at the showdown, the deck) ever reached their page.
The store's log is the hand both pages showed, each step once.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from stud_hidden import hidden_from
from table_students import leaks, play_by_clicks, seat_students, start_table

# The class store and server of the Push class tables' test (a SQLite file or a PostgreSQL database)
from test_class_loop import class_db  # noqa: F401
from test_class_tables_play import MOVE, tables_server  # noqa: F401

from push_learn.apps.harness import Server
from push_learn.cards import Card
from push_learn.classroom import Store
from push_learn.classroom.tables import StoreLink, TableReplica
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


@pytest.mark.parametrize("class_db", ["sqlite"], indirect=True)
def test_two_students_play_a_screw_your_neighbor_hand_by_clicks_and_see_no_other_hole_card(
    tables_server: Server, class_db: str, browser: Browser,  # noqa: F811
) -> None:
    opened, students = seat_students(browser, tables_server, class_db, "screw", "random", SEED)
    table = opened.id
    try:
        start_table(students, ".pl-poker-table")
        with Store(class_db, seal_key=None) as store:
            replica = TableReplica(StoreLink(store, None), table)

            def click(seat: int) -> str:
                """The student's move (``_choice``), clicked on their page."""
                label = button_label(_choice(replica, seat), replica.match.observe(seat))
                moves = students[seat].page.locator(".pl-poker-moves")
                moves.get_by_role("button", name=label, exact=True).click(timeout=MOVE)
                return label

            play_by_clicks(replica, students, lambda: bool(replica.match.over), click)
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
            assert leaks(student, hidden) == [], f"{student.name}'s page got cards it never saw"
            student.watch.assert_clean()
    finally:
        for student in students:
            student.context.close()
