"""Class tables in real browsers, on a class store on a PostgreSQL server started here (issue 24's "done when";
the store tests run on SQLite too, and the stud tables' browser test on SQLite).

Four students (four browser contexts, four sessions, four Voila kernels) join the class on the landing
page, follow its link to the Class tables dashboard and take the four seats of one Push table from the
lobby. They play the whole first deal by clicks, each on their own page: push at every draw, then discard
the first card the rules accept (the plan is worked out here from the table's seed, so each click is the
right one and the deal's length is known: a deal where everyone pushes ends when the stock runs out).

Half-way through, one student's kernel process is killed, as a crash would; the student opens the page
again, the lobby sends them back to their seat, and the deal goes on from the same step. At the end the
table's log is exactly the plan (nothing lost, nothing played twice), and every websocket frame each page
received is scanned: no other seat's hand ever reached it, neither as a seat's cards nor as a card that
only another hand held.
"""

from __future__ import annotations

import json
import signal
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

# The class store of test_class_loop.py (a fresh SQLite file, or a database on a PostgreSQL server started here)
from test_class_loop import class_db  # noqa: F401

from push_learn.apps.catalogue import dashboard, notebook_text
from push_learn.apps.harness import PageWatch, Server, kernel_processes
from push_learn.classroom import Store
from push_learn.rummy import PUSH
from push_learn.rummy.engine import Action, Discard, Match, Push, TakeUpcard, rules_to_json, seat_names
from push_learn.widgets.cards import card_json

STUDENTS = ("Ann", "Ben", "Cat", "Dan")
SEED = 31
"""The table's secret shuffle (any seed does: with everyone pushing, a Push deal lasts 83 moves)."""
FIRST_RENDER = 90_000
MOVE = 30_000
CRASH_AT = 40
"""The step at which one student's kernel is killed (a step where that student is to move)."""


def plan_deal(match: Match) -> list[Action]:
    """The students' moves for the first deal: push when allowed (else take), then the first legal discard."""
    plan: list[Action] = []
    while match.observe(0).deal == 1 and not match.over:
        legal = match.legal_actions(match.turn)
        action = next((a for kind in (Push, TakeUpcard, Discard) for a in legal if isinstance(a, kind)), None)
        assert action is not None, f"no push, take or discard for {match.names[match.turn]}: {legal}"
        match.apply(action)
        plan.append(action)
    return plan


def frame_parts(payload: str | bytes) -> list[Any]:
    """The JSON parts of one websocket frame: a JSON text, or Jupyter's binary framing (offsets, then parts)."""
    if isinstance(payload, str):
        return [json.loads(payload)]
    count = int.from_bytes(payload[:8], "little")
    offsets = [int.from_bytes(payload[8 * (k + 1): 8 * (k + 2)], "little") for k in range(count)]
    parts = []
    for start, end in zip(offsets, [*offsets[1:], len(payload)], strict=True):
        try:
            parts.append(json.loads(payload[start:end]))
        except ValueError:  # the channel's name, or a binary buffer
            continue
    return parts


def walk(value: Any) -> Iterator[dict[str, Any]]:
    """Every JSON object inside ``value``."""
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from walk(item)
    elif isinstance(value, list):
        for item in value:
            yield from walk(item)


@dataclass
class Student:
    """One student's browser context and page, with every websocket frame the page received."""

    name: str
    seat: int
    context: BrowserContext
    page: Page
    watch: PageWatch
    frames: list[str | bytes] = field(default_factory=list)

    def kernel_id(self) -> str:
        """The id of the Voila kernel behind the page."""
        return str(self.page.evaluate(
            "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"))


def _open(browser: Browser, server: Server, name: str, seat: int, code: str, seat_name: str | None = None) -> Student:
    """A student joins the class on the landing page, follows the link to the tables and sits down
    (in the seat called ``seat_name``: a Push table's North, East... unless said)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    student = Student(name, seat, context, page, PageWatch.attach(context, page))
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: student.frames.append(payload)))
    page.goto(server.url)
    box = page.locator(".pl-class")
    box.get_by_label("Your name").fill(name)
    box.get_by_label("Class code").fill(code)
    box.get_by_role("button", name="Join the class").click()
    box.get_by_role("link", name="Sit at a table with classmates").click()
    app = page.locator(".pl-app-class-tables")
    expect(app.locator(".pl-app-sub")).to_contain_text("classmates", timeout=FIRST_RENDER)
    app.get_by_role("button", name=f"Sit {seat_name or seat_names(4)[seat]}").click()
    expect(app.get_by_text("You sit at table")).to_be_visible(timeout=MOVE)
    return student


def _play(student: Student, action: Action, *, ends_deal: bool) -> None:
    """Play ``action`` by clicks on the student's page (waiting for their turn to come)."""
    app = student.page.locator(".pl-app-class-tables")
    moves = app.get_by_role("group", name="Your moves")
    status = app.locator(".pl-status")
    if isinstance(action, Push | TakeUpcard):
        name = "Push" if isinstance(action, Push) else f"Take {action_upcard(student)}"
        moves.get_by_role("button", name=name, exact=True).click(timeout=MOVE)
        if ends_deal:  # the last push of the stock ends the deal at once
            expect(app.get_by_role("list", name="What happened this deal")).to_contain_text("Deal 2 of", timeout=MOVE)
        else:
            expect(status).to_contain_text("Pick cards", timeout=MOVE)  # the hand as it is after the draw
        return
    assert isinstance(action, Discard)
    hand = app.get_by_role("listbox", name="Your hand", exact=False)
    hand.get_by_role("option", name=str(card_json(action.card)["label"]), exact=True).first.click(timeout=MOVE)
    moves.get_by_role("button", name=f"Discard {action.card}", exact=True).click(timeout=MOVE)
    expect(moves.get_by_role("button", name=f"Discard {action.card}", exact=True)).to_have_count(0, timeout=MOVE)


def action_upcard(student: Student) -> str:
    """The up-card the student's page offers to take (read from the page's own Take button)."""
    text = student.page.locator(".pl-btn-take").inner_text()
    return text.removeprefix("Take ").strip()


def _kill_kernel(server: Server, student: Student) -> None:
    """Kill the kernel process behind the student's page, as a crash would."""
    kernel = student.kernel_id()
    (process,) = [p for p in kernel_processes(server.process) if any(kernel in part for part in p.cmdline())]
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)


def _hidden_labels(match: Match, plan: list[Action], seat: int) -> set[str]:
    """Labels of cards that another seat held during the plan and that ``seat`` never saw (its hand, the
    up-card, the buried cards, the table's melds, cards known to be in a hand): none may reach its page."""
    others: set[str] = set()
    seen: set[str] = set()
    for action in [None, *plan]:
        if action is not None:
            match.apply(action)
        if match.observe(seat).deal != 1:
            break
        for other in range(match.rules.players):
            (seen if other == seat else others).update(str(card_json(c)["label"]) for c in match.hand(other))
        view = match.observe(seat)
        public = [*view.buried, *(c for tm in view.melds for c in tm.meld.cards), *(c for k in view.known for c in k)]
        public += [card for card in (view.upcard, view.taken) if card is not None]
        seen.update(str(card_json(c)["label"]) for c in public)
    return others - seen


def _check_frames(student: Student, hidden: set[str]) -> None:
    """During deal 1 (its end shows every hand's penalty), the page received only its own seat's cards."""
    assert student.frames, f"{student.name}'s page received no websocket frame"
    tables, own = 0, False
    for payload in student.frames:
        for part in frame_parts(payload):
            for obj in walk(part):
                if isinstance(obj.get("deal"), int) and "seats" in obj:
                    if obj["deal"] > 1:
                        assert tables > 0 and own, f"{student.name}'s page got no table of deal 1 with its hand"
                        return
                    tables += 1
                seats = obj.get("seats")
                if isinstance(seats, list) and all(isinstance(s, dict) and "cards" in s for s in seats):
                    shown = [s["seat"] for s in seats if s["cards"]]
                    assert shown in ([], [student.seat]), f"{student.name}'s page got the cards of seats {shown}"
                    own = own or shown == [student.seat]
                label = obj.get("label")
                assert label not in hidden, f"{student.name}'s page got {label}, which only another hand held"
    pytest.fail(f"{student.name}'s page never received the table of deal 2")


@pytest.fixture
def tables_server(serve_factory: Callable[..., Server], class_db: str,  # noqa: F811
                  tmp_path_factory: pytest.TempPathFactory) -> Server:
    """``push-learn serve`` with the Class tables dashboard only and the class store at ``class_db``."""
    folder = tmp_path_factory.mktemp("class_tables")
    info = dashboard("class_tables")
    (folder / info.notebook).write_text(notebook_text(info), encoding="utf-8")
    return serve_factory("--root", str(folder), "--pool-size", "1", "--cull-idle", "120", "--class-db", class_db)


def expect_shared_controls(table: Locator) -> None:
    """A seat at a shared table is offered no control the table would refuse: no take-back, saving, loading, new
    deal, bots or speed; the four-colour view stays."""
    controls = table.locator(".pl-controls")
    expect(controls.get_by_role("button", name="Four colours")).to_be_visible()
    for refused in (".pl-btn-takeback", ".pl-btn-save", "select", "input"):
        expect(controls.locator(refused)).to_have_count(0)


@pytest.mark.parametrize("class_db", ["postgresql"], indirect=True)
def test_four_students_play_a_deal_by_clicks_see_only_their_hands_and_survive_a_kernel_crash(
    tables_server: Server, class_db: str, browser: Browser,  # noqa: F811
) -> None:
    with Store(class_db, seal_key=None) as store:
        code = store.create_class("Year 9").code
        table = store.open_table(code, "push", rules_to_json(PUSH), 4, bot_level="greedy", idle_limit_s=0,
                                 seed=SEED).id
    students = [_open(browser, tables_server, name, seat, code) for seat, name in enumerate(STUDENTS)]
    try:
        for student in students:  # the first click starts the table; the others find it started
            student.page.get_by_role("button", name="Start with bots in the free seats").click()
            expect(student.page.locator(".pl-status")).to_be_visible(timeout=MOVE)
            expect_shared_controls(student.page.locator(".pl-play-table"))
        match = Match.new(PUSH, SEED)
        plan = plan_deal(match.fork())
        assert len(plan) > CRASH_AT and plan[CRASH_AT].seat != plan[CRASH_AT - 1].seat
        for step, action in enumerate(plan):
            student = students[action.seat]
            if step == CRASH_AT:  # the student to move loses their kernel, and opens the page again
                _kill_kernel(tables_server, student)
                student.page.reload()
                expect(student.page.locator(".pl-status")).to_contain_text("Your turn", timeout=FIRST_RENDER)
                with Store(class_db, seal_key=None) as store:
                    assert len(store.table_log(table)) == CRASH_AT  # the same step: nothing lost
            _play(student, action, ends_deal=step == len(plan) - 1)
        for student in students:
            log = student.page.get_by_role("list", name="What happened this deal")
            expect(log).to_contain_text("Deal 2 of", timeout=MOVE)  # a shared table goes on to the next deal
        with Store(class_db, seal_key=None) as store:
            log = store.table_log(table)
        played = [(row.step, row.seat, dict(row.action), row.by_bot) for row in log[: len(plan)]]
        assert played == [(k, a.seat, a.to_json(), False) for k, a in enumerate(plan)]  # once each, in order
        for student in students:
            _check_frames(student, _hidden_labels(match.fork(), plan, student.seat))
            if student.seat != plan[CRASH_AT].seat:  # the crashed kernel's page logged its lost connection
                student.watch.assert_clean()
    finally:
        for student in students:
            student.context.close()
