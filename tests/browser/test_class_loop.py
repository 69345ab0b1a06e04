"""The class loop in a real browser on SQLite (the store ``make serve`` keeps): a teacher sets the assignment of
the day, three students (three browser contexts, three sessions) join and play it, and the teacher's dashboard shows
all three on the leaderboard and in the CSV export, and opens one's game in the Deal Replayer.

A whole match played by clicks would take minutes per student on two cores, so the server is started with
``PUSH_LEARN_CLASS_AUTOPLAY=1`` and each student's page opens the deal with ``&autoplay=1``: the greedy bot
plays the student's seat in the student's own dashboard kernel. Everything else is the real path: the
kernel asks the server for the deal of its page's student, seals the finished match's record with the
server's key and posts it; the server attributes it to the session owning the kernel, and the store
replays and scores it. The first student opens the deal and then reloads it: the reload continues the
match opened (the server counts two openings), and its result still counts.

Each browser scenario of the class layer runs on one store, the class tables' on PostgreSQL
(``test_class_tables_play.py``): what differs between the stores is tested on both below the browser
(tests/classroom), and a minute of browser time each is not spent twice.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from push_learn.apps.catalogue import DASHBOARDS, notebook_text
from push_learn.apps.harness import PageWatch, Server
from push_learn.classroom import Store
from push_learn.classroom.pgserver import PostgresMissing, TempPostgres

STUDENTS = ("Ann", "Bo", "Cy")

_RUN_CODE = """async (url) => await new Promise((done) => {
    const socket = new WebSocket(url);
    const seen = [];
    const message = (type, content) => JSON.stringify({channel: "shell", header: {msg_id: type + Math.random(),
        msg_type: type, username: "", session: "s", date: "", version: "5.3"}, parent_header: {}, metadata: {},
        content: content, buffers: []});
    socket.onmessage = (event) => {
        const reply = JSON.parse(event.data);
        seen.push(reply.header.msg_type);
        if (reply.header.msg_type === "kernel_info_reply") { socket.close(); done(seen); }
    };
    socket.onopen = () => {
        socket.send(message("execute_request", {code: "import os; os.environ['PUSH_LEARN_SEAL_KEY']", silent: false,
            store_history: false, user_expressions: {}, allow_stdin: false, stop_on_error: true}));
        socket.send(message("kernel_info_request", {}));  // the shell answers in order: after any execute_reply
    };
    socket.onerror = () => done(["refused"]);
})"""
"""From a student's own page, ask its kernel to run code, then for its kernel info; return the replies seen."""
FIRST_RENDER = 90_000
MATCH = 240_000


@pytest.fixture(params=["sqlite", "postgresql"])
def class_db(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The class store's address: a fresh SQLite file, or a database on a PostgreSQL server started here."""
    if request.param == "sqlite":
        yield str(tmp_path_factory.mktemp("class_db") / "class.db")
        return
    try:
        server = TempPostgres().start()
    except PostgresMissing as exc:
        pytest.fail(f"this browser test needs PostgreSQL: {exc}", pytrace=False)
    try:
        yield server.url
    finally:
        server.stop()


def _class_serve(serve_factory: Callable[..., Server], class_db: str, folder: Path, slugs: tuple[str, ...],
                 monkeypatch: pytest.MonkeyPatch) -> Server:
    """``push-learn serve`` with the dashboards ``slugs`` only (in ``folder``), the class store at ``class_db`` and
    autoplay allowed."""
    for info in DASHBOARDS:
        if info.slug in slugs:
            (folder / info.notebook).write_text(notebook_text(info), encoding="utf-8")
    monkeypatch.setenv("PUSH_LEARN_CLASS_AUTOPLAY", "1")
    return serve_factory("--root", str(folder), "--pool-size", "1", "--cull-idle", "120", "--class-db", class_db)


@pytest.fixture
def class_server(serve_factory: Callable[..., Server], class_db: str, tmp_path_factory: pytest.TempPathFactory,
                 monkeypatch: pytest.MonkeyPatch) -> Server:
    """``push-learn serve`` with Play Push and the Deal Replayer only (``_class_serve``)."""
    return _class_serve(serve_factory, class_db, tmp_path_factory.mktemp("class_loop"), ("play_push", "deal_replayer"),
                        monkeypatch)


def _open_teacher(page: Page, server: Server) -> None:
    page.goto(server.url + "push_learn/teacher")
    expect(page.get_by_text("This page is for the teacher")).to_be_visible()
    key = server.printed("teacher key")
    assert key is not None
    page.get_by_role("textbox", name="Teacher key").fill(key)
    page.get_by_role("button", name="Open").click()
    expect(page.get_by_role("heading", name="Teacher's dashboard")).to_be_visible()


def _set_assignment(page: Page, server: Server, game: str, deal: int, level: str, today: str,
                    players: str = "", options: Sequence[str] = ()) -> str:
    """The teacher opens the dashboard, creates the class Year 9 and sets today's assignment (``players`` and the
    ``options`` ticked, by their labels, where given); its class code."""
    _open_teacher(page, server)
    page.get_by_label("Class name").fill("Year 9")
    page.get_by_role("button", name="Create the class").click()
    code = page.locator(".pl-code").inner_text().strip()
    assert re.fullmatch(r"[A-Z0-9]{6}", code)
    form = page.get_by_role("form", name="Set the assignment of the day")
    form.get_by_label("Game").select_option(game)
    form.get_by_label("Deal number").fill(str(deal))
    form.get_by_label("Bots").select_option(level)
    if players:
        form.get_by_label("Players").select_option(players)
    for option in options:
        form.get_by_label(option).check()
    form.get_by_role("button", name="Set today's assignment").click()
    expect(page.locator(".pl-today")).to_have_text(today)
    return code


def _play_as(browser: Browser, server: Server, name: str, code: str, seed: int, axe: Axe | None = None,
             reopen: bool = False, today: str = "Push, deal 1234, against greedy bots", deal: int = 1234) -> None:
    """One student: join on the landing page, see today's deal first, play it (autoplay), see it recorded."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    watch = PageWatch.attach(context, page)
    try:
        page.goto(server.url)
        box = page.locator(".pl-class")
        box.get_by_label("Your name").fill(name)
        box.get_by_label("Class code").fill(code.lower())
        box.get_by_role("button", name="Join the class").click()
        expect(box.locator(".pl-class-today")).to_have_text(f"Today: {today}")
        page.reload()  # remembered by the browser and the server: no second asking
        expect(box.locator(".pl-class-who")).to_contain_text(f"You are {name} in Year 9")
        if axe is not None:  # the landing page with the class block filled in breaks no accessibility rule
            results = axe.run(page)
            assert results.violations_count == 0, results.generate_report()
        href = box.get_by_role("link", name="Play today's deal").get_attribute("href")
        assert href is not None and "seed" not in href
        if reopen:  # open the deal, then reload it (as autoplay): the same match continues, never a fresh deal
            page.goto(server.url.rstrip("/") + href)
            expect(page.locator(".pl-app-sub")).to_contain_text(f"the class's deal {deal}", timeout=FIRST_RENDER)
        page.goto(server.url.rstrip("/") + href + "&autoplay=1")
        expect(page.locator(".pl-app-sub")).to_contain_text(f"the class's deal {deal}", timeout=FIRST_RENDER)
        assert not page.locator(".pl-app-notes").count(), page.locator(".pl-app-notes").all_inner_texts()
        expect(page.get_by_text("Your result is on the class's leaderboard")).to_be_visible(timeout=MATCH)
        # the class's deal is played once, as dealt: the page offers no control the kernel would refuse
        for control in ("Take back", "Save", "Load", re.compile("^New (game|deal|session)$")):
            expect(page.get_by_role("button", name=control)).to_have_count(0)
        expect(page.get_by_label("Bots")).to_have_count(0)
        assert str(seed) not in page.content()  # the page names the deal, never its shuffle
        kernel = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
        channels = server.url.replace("http://", "ws://") + f"api/kernels/{kernel}/channels"
        # A student trying to read the sealing key from the browser's console: Voila lets a page send its kernel
        # widget messages only (its kernel manager's allowed_message_types), which the class's trust rests on.
        replies = page.evaluate(_RUN_CODE, channels)
        assert "kernel_info_reply" in replies and "execute_reply" not in replies and "execute_result" not in replies
        watch.assert_clean()
    finally:
        context.close()


@pytest.mark.parametrize("class_db", ["sqlite"], indirect=True)
def test_three_students_play_the_assignment_and_the_teacher_sees_them(
    class_server: Server, class_db: str, browser: Browser, page: Page, watch: PageWatch,
    accessible: Callable[..., None], axe: Axe,
) -> None:
    code = _set_assignment(page, class_server, "push", 1234, "greedy", "Push, deal 1234, against greedy bots")
    watch.console_errors.clear()  # the key page answers 403 until the key is typed: by design, not an error

    with Store(class_db, seal_key=None) as store:  # the secret shuffle, to check that no page shows it
        seed = store.assignments(code)[0].seed
    for name in STUDENTS:
        first = name == STUDENTS[0]
        _play_as(browser, class_server, name, code, seed, axe if first else None, reopen=first)
    with Store(class_db, seal_key=None) as store:  # the first student's reload continued the match they opened
        opened = store.openings(store.assignments(code)[0].id)
    assert {name: opens for name, (opens, _moves) in opened.items()} == {"Ann": 2, "Bo": 1, "Cy": 1}

    page.reload()
    board = page.locator("table.pl-board")
    for name in STUDENTS:
        expect(board.get_by_role("cell", name=name, exact=True)).to_be_visible()
    expect(board.locator("tbody tr")).to_have_count(3)
    live = page.locator("table.pl-live")
    expect(live.locator("tbody tr")).to_have_count(3)
    accessible("on the teacher's dashboard with three results")
    # the teacher's pages draw the joker and the suits in text with our font, as the dashboards do
    assert page.evaluate("getComputedStyle(document.body).fontFamily").startswith('"Push Learn Symbols"')
    assert page.evaluate("[...document.fonts].some(f => f.family.replace(/\"/g, '') === 'Push Learn Symbols')")

    # Ann's row's replay (a new tab): her game in the Deal Replayer, whose kernel asked the server for her record
    with page.context.expect_page() as opened:
        board.get_by_role("row").filter(has=page.get_by_role("cell", name="Ann", exact=True)).get_by_role(
            "link", name="replay").click()
    replay = opened.value
    expect(replay.locator(".pl-app-sub")).to_have_text("Ann's game of Push, deal 1234, against greedy bots",
                                                       timeout=FIRST_RENDER)
    expect(replay.get_by_text("The game of ")).to_contain_text("Ann")
    assert not replay.locator(".pl-app-notes").count(), "the replayer could not open Ann's game"
    replay.close()

    reply = page.request.get(f"{class_server.url}push_learn/teacher/export/{code}/results.csv")
    assert reply.status == 200
    rows = list(csv.DictReader(io.StringIO(reply.text())))
    assert sorted(row["student"] for row in rows) == sorted(STUDENTS)
    assert {row["deal"] for row in rows} == {"1234"}
    watch.assert_clean()


@pytest.mark.parametrize("class_db", ["sqlite"], indirect=True)
def test_the_assignment_form_offers_only_what_the_chosen_game_allows(
    class_server: Server, class_db: str, page: Page, watch: PageWatch,
) -> None:
    """The form fits the game chosen (D-CLS-07): numbers of players, bots and options the game does not offer are
    greyed out, a choice that no longer fits is undone, and the game's usual bots are chosen; the length is open only
    for a brag match and a Three Card Poker session, with their usual length shown (D-CLS-12)."""
    _open_teacher(page, class_server)
    watch.console_errors.clear()  # the key page answers 403 until the key is typed: by design, not an error
    page.get_by_label("Class name").fill("Year 9")
    page.get_by_role("button", name="Create the class").click()
    form = page.get_by_role("form", name="Set the assignment of the day")
    game, players, bots = form.get_by_label("Game"), form.get_by_label("Players"), form.get_by_label("Bots")
    roll_your_own = form.get_by_label("Roll Your Own (Push stud only)")
    length = form.get_by_role("spinbutton", name="Length")
    game.select_option("brag")
    expect(length).to_be_enabled()
    expect(length).to_have_attribute("placeholder", "5 deals")
    expect(length).to_have_attribute("max", "20")
    length.fill("8")
    game.select_option("three_card_poker")
    expect(length).to_have_attribute("placeholder", "10 rounds")
    expect(length).to_have_attribute("max", "50")
    game.select_option("push")
    expect(length).to_be_disabled()
    expect(length).to_have_value("")
    expect(roll_your_own).to_be_disabled()
    expect(players.locator('option[value="5"]')).to_be_disabled()
    expect(bots.locator('option[value="threshold"]')).to_be_disabled()
    expect(bots).to_have_value("greedy")
    game.select_option("push_stud")
    expect(roll_your_own).to_be_enabled()
    expect(bots).to_have_value("threshold")
    expect(players.locator('option[value="3"]')).to_be_disabled()
    players.select_option("9")
    roll_your_own.check()
    game.select_option("screw")  # played by 3 to 8, without options
    expect(roll_your_own).to_be_disabled()
    expect(roll_your_own).not_to_be_checked()
    expect(players).to_have_value("")
    watch.assert_clean()


@pytest.fixture
def stud_server(serve_factory: Callable[..., Server], class_db: str, tmp_path_factory: pytest.TempPathFactory,
                monkeypatch: pytest.MonkeyPatch) -> Server:
    """``push-learn serve`` with Push stud, Brag, the Three Card Poker trainer and the Poker Replayer only
    (``_class_serve``)."""
    return _class_serve(serve_factory, class_db, tmp_path_factory.mktemp("class_stud"),
                        ("push_stud", "brag", "three_card_trainer", "poker_replayer"), monkeypatch)


@pytest.mark.parametrize("class_db", ["sqlite"], indirect=True)
@pytest.mark.parametrize(("game", "level", "players", "options", "today", "score"), [
    ("push_stud", "threshold", "5", ["Roll Your Own"],
     "Roll Your Own push for 5 players, deal 77, against threshold bots", ("chips won", r"[+-]?\$\d+")),
    ("brag", "random", "3", [], "Three-card brag for 3 players, deal 77, against random bots",
     ("chips won", r"[+-]?\$\d+")),
    ("three_card_poker", "", "", [], "Three Card Poker, deal 77, 10 rounds against the dealer",
     ("chips given up", r"0\.00")),
])
def test_a_student_plays_a_poker_deal_of_the_class_and_the_teacher_sees_the_score(
    stud_server: Server, class_db: str, browser: Browser, page: Page, watch: PageWatch,
    accessible: Callable[..., None], game: str, level: str, players: str, options: list[str], today: str,
    score: tuple[str, str],
) -> None:
    """Duplicate play of a Push stud deal (D-CLS-06), set for five players with Roll Your Own (D-CLS-07), of a
    brag match for three (D-CLS-08) and of a Three Card Poker session against the dealer (D-CLS-10, which autoplay
    plays by the exact strategy, so nothing is given up): the landing page's link opens the game's dashboard on the
    class's deal, the student's result reaches the leaderboard (in chips won, or given up against the exact
    strategy), and its replay is the Poker Replayer's."""
    code = _set_assignment(page, stud_server, game, 77, level, today, players=players, options=options)
    watch.console_errors.clear()  # the key page answers 403 until the key is typed: by design, not an error
    with Store(class_db, seal_key=None) as store:  # the secret shuffle, to check that no page shows it
        seed = store.assignments(code)[0].seed
    _play_as(browser, stud_server, "Ann", code, seed, today=today, deal=77)
    page.reload()
    board = page.locator("table.pl-board")
    expect(board.get_by_role("cell", name="Ann", exact=True)).to_be_visible()
    head, pattern = score
    expect(board.get_by_role("columnheader", name=head)).to_be_visible()
    cell = board.locator("tbody tr td").nth(2).inner_text()
    assert re.fullmatch(pattern, cell), cell
    accessible(f"on the teacher's dashboard with a result of {game}")
    with page.context.expect_page() as opened:
        board.get_by_role("link", name="replay").click()
    replay = opened.value
    expect(replay.locator(".pl-app-sub")).to_have_text(f"Ann's game of {today}", timeout=FIRST_RENDER)
    assert not replay.locator(".pl-app-notes").count(), "the replayer could not open Ann's deal"
    replay.close()
    watch.assert_clean()
