"""The PokerTable dashboards in a real browser: a whole Push stud deal and a whole Screw Your Neighbor deal,
declaration included, played by clicks (one move by the keyboard). The same deal is played alongside in
Python by the same widget, so the showdown the page must show is known; other seats' face-down cards must
stay backs until the showdown, and a declaration must stay secret until everyone has made one. axe checks
each page as it opens, mid-deal and at the showdown."""

from __future__ import annotations

import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from dashboard_pages import FIRST_RENDER_MS, assert_fits, open_dashboard
from playwright.sync_api import Locator, Page, expect

from push_learn.apps.harness import PageWatch, Server
from push_learn.records import Record
from push_learn.widgets import PokerTable

OPEN_MS = 2 * FIRST_RENDER_MS
"""The wait for a dashboard's first paint: the server preheats a kernel for every dashboard at once, and a
class's machine (or a test run beside other work) may be slow to start them."""
PASSIVE = ("check", "call", "keep", "stand", "bring_in", "expose")
READY = """(rev) => {
  const root = document.querySelector(".pl-root.pl-poker-table");
  if (!root || root.dataset.painted === rev) return false;
  return Boolean(root.querySelector(".pl-poker-result") || root.querySelector(".pl-poker-moves .pl-btn-act"));
}"""


def open_table(page: Page, server: Server, slug: str, query: str) -> Locator:
    """Open a poker table's dashboard (a kernel on a busy machine may take a while) and return its App box once
    the table is painted."""
    app = open_dashboard(page, server, slug, query, timeout=OPEN_MS)
    expect(app.locator(".pl-poker-table")).to_be_visible(timeout=OPEN_MS)
    return app


def passive_label(state: dict[str, Any], way: str) -> str:
    """The label of the move the student makes: the first passive one, or the declaration ``way``."""
    moves = state["actions"]
    if state["phase"] == "declare":
        return next(m["label"] for m in moves if m["action"]["direction"] == way)
    return next((m["label"] for m in moves if m["kind"] in PASSIVE), moves[0]["label"])


def mirror_deal(game: str, query: dict[str, Any], way: str, moves: int | None = None) -> tuple[PokerTable, list[str]]:
    """The same deal played in Python: the labels of the student's moves in order, and the finished table (or the
    table after the student's first ``moves`` moves, at their next turn).

    It is played in a thread of its own: Playwright's event loop runs in this one, and the widget would
    hand its bots' moves to a running loop instead of playing them at once."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(_mirror_deal, game, query, way, moves).result()


def _mirror_deal(game: str, query: dict[str, Any], way: str, moves: int | None) -> tuple[PokerTable, list[str]]:
    table = PokerTable(game=game, seed=query["seed"], players=query["players"], seat=query["seat"],
                       level="threshold", speed=0.0)
    labels: list[str] = []
    while table.state["result"] is None and (moves is None or len(labels) < moves):
        label = passive_label(table.state, way)
        labels.append(label)
        move = next(m for m in table.state["actions"] if m["label"] == label)
        table.handle_intent({"type": "act", "action": move["action"]})
    return table, labels


def others_face_down(app: Locator) -> list[str]:
    """What the page holds for the other seats' face-down cards (``back`` for each card drawn as a back)."""
    return app.locator(".pl-poker-seat:not(.pl-seat-me) .pl-poker-down [data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)")


def play_by_clicks(page: Page, app: Locator, labels: list[str], accessible: Callable[..., None],
                   on_declare: Callable[[], None] | None = None) -> None:
    """Click the student's moves in turn, each once the page offers it; the third by the keyboard."""
    rev = "-1"
    moves = app.locator(".pl-poker-moves")
    for n, label in enumerate(labels):
        page.wait_for_function(READY, arg=rev, timeout=FIRST_RENDER_MS)
        assert set(others_face_down(app)) <= {"back"}, "another seat's face-down card reached the page"
        if label.startswith(("Low", "High", "Both")) and on_declare is not None:
            on_declare()
        button = moves.get_by_role("button", name=label, exact=True)
        rev = app.locator(".pl-root").get_attribute("data-painted") or "-1"
        if n == 2:
            button.focus()
            page.keyboard.press("Enter")
        else:
            button.click()
        if n == 1:
            accessible("mid-deal")
    expect(app.get_by_role("group", name="The showdown")).to_be_visible(timeout=FIRST_RENDER_MS)


def check_showdown(app: Locator, table: PokerTable) -> None:
    """The page's showdown lines and named hands are the mirror's."""
    result = table.game.result
    assert result is not None
    showdown = app.get_by_role("group", name="The showdown")
    expect(showdown.locator(".pl-poker-lines li")).to_have_text(list(result.lines))
    for seat, name in result.high_names.items():
        expect(app.locator(f".pl-poker-seat[data-seat='{seat}'] .pl-poker-hand")).to_contain_text(name)


def test_a_whole_push_stud_deal_by_clicks(
    voila_server: Server, page: Page, watch: PageWatch, accessible: Callable[..., None]
) -> None:
    query = {"seed": 3, "players": 4, "seat": 0}
    table, labels = mirror_deal("push_stud", query, "high")
    assert any(label.startswith("Keep") for label in labels) and len(table.game.observe(0).live) >= 2
    app = open_table(page, voila_server, "push_stud", "seed=3&players=4&seat=0&speed=0.02&level=threshold")
    expect(app.get_by_role("heading", name="Push Stud")).to_be_visible()
    accessible("as it opens")
    mine = app.locator(".pl-seat-me")
    expect(mine.locator(".pl-seat-name")).to_have_text(re.compile(r"^You( \(dealer\))?$"))  # not "You, Seat 1"
    expect(mine.locator(".pl-poker-caption").first).to_have_text("face down")  # the others see backs there
    play_by_clicks(page, app, labels, accessible)
    check_showdown(app, table)
    hidden = table.state["log_more"]  # the log shows its last lines, numbered as lines of the whole log
    assert hidden, "a whole deal's log is longer than the lines shown"
    log = app.get_by_role("group", name="What happened").locator("ol")
    expect(log).to_have_attribute("start", str(hidden + 1))
    expect(log.locator("li")).to_have_text(table.state["log"])
    with page.expect_download() as saved:
        app.get_by_role("button", name="Save the deal's record").click()
    record = Record.from_json(Path(saved.value.path()).read_text(encoding="utf-8"))
    assert record == table.game.record(), "the saved record is the deal played"
    assert_fits(page)
    accessible("at the showdown")
    watch.assert_clean()


def test_a_whole_screw_your_neighbor_deal_with_a_declaration_by_clicks(
    voila_server: Server, page: Page, watch: PageWatch, accessible: Callable[..., None]
) -> None:
    query = {"seed": 3, "players": 5, "seat": 1}
    table, labels = mirror_deal("screw", query, "low")
    declared = {view.seat: str(view.declared) for view in table.view.seats if view.declared is not None}
    assert "Low (1 chip)" in labels and len(declared) >= 2
    app = open_table(page, voila_server, "screw_your_neighbor",
                     "seed=3&players=5&seat=1&speed=0.02&level=threshold")
    accessible("as it opens")

    def before_declaring() -> None:
        expect(app.locator(".pl-poker-declare-note")).to_contain_text("stays secret")
        for seat in declared:
            if seat != 1:
                group = app.locator(f".pl-poker-seat[data-seat='{seat}']")
                expect(group).to_have_attribute("aria-label", re.compile("has chosen"))
                expect(group).not_to_have_attribute("aria-label", re.compile("declared"))

    play_by_clicks(page, app, labels, accessible, before_declaring)
    for seat, way in declared.items():
        expect(app.locator(f".pl-poker-seat[data-seat='{seat}']")).to_have_attribute(
            "aria-label", re.compile(f"declared {way}"))
    check_showdown(app, table)
    assert_fits(page)
    accessible("at the showdown")
    watch.assert_clean()


def test_a_move_pressed_while_the_table_changes_is_not_lost(
    voila_server: Server, page: Page, watch: PageWatch
) -> None:
    """A press and a release on a move make the move even when the table's state changes in between (a bot's
    move, another student's, or here the speed chosen in its picker without the pointer): the repaint waits for
    the release (``pl_common.mount``). A repaint under the pointer would put the release on a new button, and no
    click."""
    table, (label,) = mirror_deal("push_stud", {"seed": 3, "players": 4, "seat": 0}, "high", moves=1)
    app = open_table(page, voila_server, "push_stud", "seed=3&players=4&seat=0&speed=0.02&level=threshold")
    page.wait_for_function(READY, arg="-1", timeout=FIRST_RENDER_MS)
    root = app.locator(".pl-root")
    painted = root.get_attribute("data-painted") or "-1"
    box = app.locator(".pl-poker-moves").get_by_role("button", name=label, exact=True).bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    app.get_by_role("combobox", name="Speed").select_option("fastest")  # the kernel answers with a new state
    expect(root).to_have_attribute("data-waiting", "1", timeout=FIRST_RENDER_MS)
    expect(root).to_have_attribute("data-painted", painted)  # nothing was repainted under the pointer
    page.mouse.up()
    expect(root).not_to_have_attribute("data-waiting", "1")
    page.wait_for_function(READY, arg=painted, timeout=FIRST_RENDER_MS)
    expect(app.get_by_role("combobox", name="Speed")).to_have_value("fastest")
    log = app.get_by_role("group", name="What happened").locator("li")
    expect(log).to_have_text(table.state["log"], timeout=FIRST_RENDER_MS)  # the move was made, as in the mirror
    watch.assert_clean()
