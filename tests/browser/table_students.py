"""Two students at one class table in real browsers: seated from the lobby, the table started, moves clicked.

What the stud and brag tables' browser tests (``test_stud_tables_play.py``, ``test_brag_tables_play.py``) share:
a three-seat table opened in the store with a bot in the third seat, Ann and Ben seated at it from the lobby of
their own pages, the table played by their clicks until a test's end is reached, and the scan of the websocket
frames a page received for cards.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Browser, expect
from test_class_tables_play import MOVE, Student, _open, expect_shared_controls, frame_parts

from push_learn.apps.harness import Server
from push_learn.cards import Card
from push_learn.classroom import Store
from push_learn.classroom.table_store import TableInfo
from push_learn.classroom.tables import TableReplica, table_rules

STUDENTS = ("Ann", "Ben")
"""The students, in seats 0 and 1 (Seat 1 and Seat 2); a bot plays seat 2."""
PLAY_S = 300
"""Seconds a table may take to reach a test's end."""


def seat_students(browser: Browser, server: Server, class_db: str, game: str, level: str,
                  seed: int) -> tuple[TableInfo, list[Student]]:
    """A three-seat table of ``game`` opened in the store (``level`` bots, the secret ``seed``), and the students
    seated at it from the lobby of their own pages; not started yet."""
    with Store(class_db, seal_key=None) as store:
        code = store.create_class("Year 10").code
        opened = store.open_table(code, game, table_rules(game, 3), 3, bot_level=level, idle_limit_s=0, seed=seed)
    return opened, [_open(browser, server, name, seat, code, f"Seat {seat + 1}") for seat, name in enumerate(STUDENTS)]


def start_table(students: list[Student], widget: str) -> None:
    """Each student clicks Start (the first click starts the table, the others find it started), and their page
    shows the seat's table (the CSS class ``widget``)."""
    for student in students:
        student.page.get_by_role("button", name="Start with bots in the free seats").click()
        expect(student.page.locator(widget)).to_be_visible(timeout=MOVE)
        expect_shared_controls(student.page.locator(widget))


def play_by_clicks(replica: TableReplica, students: list[Student], done: Callable[[], bool],
                   click: Callable[[int], str]) -> None:
    """Play the table until ``done()``, ``replica`` following the store: at the bot's turn a student's kernel
    plays it at its next poll; at a student's, ``click(seat)`` clicks their move on their page (and names it),
    and the move must land in the store.

    At a choice several seats make together, another seat's move may land before the clicked one: the click
    has landed when the log holds a move of ``seat`` after the step it was clicked at, not when the step moved.
    """
    deadline = time.monotonic() + PLAY_S
    while not done():
        assert time.monotonic() < deadline, "the table did not get there in time"
        seat = next((s for s in replica.match.to_move if s < len(students)), None)
        if seat is None:
            time.sleep(0.05)
            replica.poll()
            continue
        step = replica.step
        move = click(seat)
        while not any(action.seat == seat for action in replica.match.actions[step:]):
            if time.monotonic() >= deadline:
                said = students[seat].page.locator(".pl-notice").all_inner_texts()
                raise AssertionError(f"{move} by {students[seat].name} did not land (the page says {said})")
            time.sleep(0.05)
            replica.poll()


def _without_code(value: Any) -> Any:
    """``value`` without the widgets' own code (their ES module and stylesheet), which is not game data."""
    if isinstance(value, dict):
        return {k: _without_code(v) for k, v in value.items() if k not in ("_esm", "_css")}
    if isinstance(value, list):
        return [_without_code(v) for v in value]
    return value


def leaks(student: Student, cards: set[Card]) -> list[str]:
    """The cards of ``cards`` that reached the student's page, in any websocket frame it received."""
    text = "\n".join(json.dumps(_without_code(part), ensure_ascii=False)
                     for payload in student.frames for part in frame_parts(payload))
    assert '"pl-poker-table"' in text or "pl_poker" in text or '"seats"' in text, "no table reached the page"
    return [str(card) for card in cards if f'"{card.ascii}"' in text or str(card) in text]
