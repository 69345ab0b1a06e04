"""A three-card brag class table in real browsers: two students, a bot, one deal by clicks (D-TBL-17, D-TBL-20).

Ann and Ben (two browser contexts, two Voila kernels) join the class on the landing page and sit at a
three-seat brag table from the lobby; a sensible bot takes the third seat. The teacher pauses the table with its
row's button on the teacher's dashboard and resumes it, and both pages say so. Each plays their seat by clicking
the page's buttons (look, then bet the least twice, then see or fold) until the first deal's showdown, which
both pages show. Every websocket frame each page received is then scanned: the student's own cards reached
their page (they looked), and no card of another seat that the showdown did not show ever did. The store's
log is the deal both pages played, each step once.
"""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, expect
from table_students import leaks, play_by_clicks, seat_students, start_table

# The class store and server of the Push class tables' test (a SQLite file or a PostgreSQL database)
from test_class_loop import class_db  # noqa: F401
from test_class_tables_play import MOVE, Student, tables_server  # noqa: F401

from push_learn.apps.harness import Server
from push_learn.cards import Card
from push_learn.classroom import Store
from push_learn.classroom.table_games import replay_table
from push_learn.classroom.tables import StoreLink, TableReplica
from push_learn.poker.brag import Bet, BragAction, BragObservation, Fold, KeepHand, Look, See

SEED = 6
"""The table's secret shuffle: in its first deal Ann sees the bot after Ben folds and loses, so only the bot's
hand is shown, and neither student ever sees the other's cards."""


def _teacher_pauses_and_resumes(browser: Browser, server: Server, code: str, table_id: int,
                                students: list[Student]) -> None:
    """The teacher pauses the table with its row's button on the teacher's dashboard (which passes axe): both
    students' pages say so; the teacher resumes it with the same row's button, and the pages say it no more."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"{server.url}push_learn/teacher?class={code}")
        key = server.printed("teacher key")
        assert key is not None
        page.get_by_role("textbox", name="Teacher key").fill(key)
        page.get_by_role("button", name="Open").click()
        results = Axe().run(page)  # the dashboard with a table's row and its button breaks no accessibility rule
        assert results.violations_count == 0, results.generate_report()
        for action, paused in (("Pause", True), ("Resume", False)):
            page.get_by_role("form", name=f"{action} table {table_id}").get_by_role("button", name=action).click()
            expect(page.get_by_role("status")).to_have_text(f"Table {table_id} {action.lower()}d.")
            for student in students:
                status = student.page.locator(".pl-brag-table .pl-status")
                if paused:
                    expect(status).to_have_text("The teacher paused this table.", timeout=MOVE)
                else:
                    expect(status).not_to_have_text("The teacher paused this table.", timeout=MOVE)
    finally:
        context.close()


def _choice(seen: BragObservation, bets: int) -> BragAction:
    """A cautious student's move: look (and keep), see when two are left, bet the least twice a deal, else fold."""
    options, seat = seen.options, seen.seat
    assert options is not None and seat is not None
    if options.must_choose:
        return KeepHand(seat)
    if options.look:
        return Look(seat, options.look[0])
    if options.see_cost is not None:
        return See(seat)
    if options.bet_min is not None and bets < 2:
        return Bet(seat, options.bet_min)
    return Fold(seat)


def _button(action: BragAction, seen: BragObservation) -> re.Pattern[str]:
    """The accessible name of the page's button for ``action`` (as BragTable's choices word it)."""
    if isinstance(action, Look):
        return re.compile("^Look at your cards")
    if isinstance(action, KeepHand):
        return re.compile("^Keep the hand you looked at")
    if isinstance(action, See):
        return re.compile("^Pay .* to see the other player's hand$")
    if isinstance(action, Bet):
        blind = seen.players[action.seat].blind
        return re.compile(f"^Bet {action.amount} chips?{' blind' if blind else '$'}")
    return re.compile("^Fold your hand$")


@pytest.mark.parametrize("class_db", ["sqlite"], indirect=True)
def test_two_students_play_a_brag_deal_by_clicks_and_each_sees_only_their_own_cards(
    tables_server: Server, class_db: str, browser: Browser,  # noqa: F811
) -> None:
    opened, students = seat_students(browser, tables_server, class_db, "brag", "sensible", SEED)
    dealt = replay_table("brag", opened.rules, SEED, [])
    hands: dict[int, set[Card]] = {seat: {c for hand in dealt.seats[seat].hands for c in hand} for seat in range(3)}
    try:
        start_table(students, ".pl-brag-table")
        _teacher_pauses_and_resumes(browser, tables_server, opened.class_code, opened.id, students)
        with Store(class_db, seal_key=None) as store:
            replica = TableReplica(StoreLink(store, None), opened.id)
            bets = dict.fromkeys(range(len(students)), 0)

            def click(seat: int) -> str:
                """The student's move (``_choice``), clicked on their page."""
                seen = replica.match.observe(seat)
                action = _choice(seen, bets[seat])
                bets[seat] += isinstance(action, Bet)
                choices = students[seat].page.get_by_role("group", name="Your choices")
                choices.get_by_role("button", name=_button(action, seen)).click(timeout=MOVE)
                return str(action)

            play_by_clicks(replica, students, lambda: bool(replica.match.results), click)
            log = store.table_log(opened.id)
        result = replica.match.results[0]
        assert [row.step for row in log] == list(range(len(log)))
        assert {row.seat for row in log if not row.by_bot} == {0, 1} and {row.seat for row in log if row.by_bot}
        for student in students:
            showdown = student.page.get_by_role("group", name="Showdown of deal 1")
            expect(showdown.locator(".pl-title")).to_have_text(f"Deal 1: {result.how}", timeout=MOVE)
        shown = {card for hand in result.shown for card in hand.cards}
        assert shown and not shown & (hands[0] | hands[1]), "only the bot's hand is shown"
        for seat, student in enumerate(students):
            others = {card for other, cards in hands.items() if other != seat for card in cards} - shown
            assert others, "some of another seat's cards stay unseen to this student"
            assert sorted(leaks(student, hands[seat])) == sorted(map(str, hands[seat])), \
                f"{student.name} looked, so their own cards reached their page"
            assert sorted(leaks(student, shown)) == sorted(map(str, shown)), "the showdown reached the page"
            assert leaks(student, others) == [], f"{student.name}'s page got another seat's unshown cards"
            student.watch.assert_clean()
    finally:
        for student in students:
            student.context.close()
