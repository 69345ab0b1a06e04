"""A whole class on a real JupyterHub: logins, students' own servers, every dashboard through Voilà, the
class service that knows students by their hub tokens, Play Push's class deal through it, and the idle
culler freeing everything.

``STUDENTS`` students log in through the hub's login form with the shared class password, arriving over
``ARRIVAL`` seconds as a class does (D-HUB-09); the hub starts a Jupyter server for each (a local process,
its port from the harness's pool, D-HUB-08). ``BROWSER_STUDENTS`` of them open Meld Lab in Chromium (the
hub's form, the rendered page, a card clicked); the others, on the wire (HTTP and the kernel's websocket,
as ``benchmarks/hub.py`` measures them), open the catalogue's dashboards in turn, so that every dashboard
is opened by someone: each page must be rendered with push_learn's template and its widget must answer
a state request, and Meld Lab's a click. Then one student joins the class the teacher created (with the
teacher's dashboard of a ``push-learn serve`` on the hub's store, ``conftest.py``) and plays the
assignment the teacher set there in Play Push, through the hub's class service; the teacher reads her
result on the dashboard and in the CSV, which her browser cannot open. Everyone leaves without a word,
and the culler must stop every server and every kernel. The tests run in this order and share the hub
and the teacher's server (``conftest.py``).
"""

from __future__ import annotations

import asyncio
import csv
import io
import json
import os
import threading
import time
from urllib.parse import urlencode

import psutil  # type: ignore[import-untyped]
import pytest

from push_learn.apps.catalogue import DASHBOARDS, DashboardInfo
from push_learn.apps.harness import CHROMIUM_FLAGS, chromium_executable
from push_learn.apps.hub_harness import CLASS_PASSWORD, TEACHER_PAGE, Hub, Student, Teacher
from push_learn.apps.hub_spawner import ephemeral_range
from push_learn.classroom.hub import SERVICE_NAME
from push_learn.classroom.pgserver import TempPostgres
from push_learn.classroom.store import ClassInfo, Store

STUDENTS = int(os.environ.get("PUSH_LEARN_HUB_STUDENTS", "30"))
"""Students in the class (D-HUB-01); at least ``BROWSER_STUDENTS`` + one per dashboard."""
ARRIVAL = float(os.environ.get("PUSH_LEARN_HUB_ARRIVAL", "40"))
"""Seconds over which the students on the wire arrive, one after another (D-HUB-09)."""
BROWSER_STUDENTS = 2
FIRST_RENDER_MS = 300_000
MATCH_SECONDS = 240.0
"""Seconds the autoplayed class deal may take, from the page's opening to its result in the store."""

_LIGHT: list[Student] = []
"""The light students, whose servers and kernels the service test uses and the culler then stops."""


def _browser_student(hub: Hub, name: str, errors: list[str]) -> None:
    """A student in Chromium (in a thread of its own: Playwright's sync API runs its own event loop there)."""
    from playwright.sync_api import expect, sync_playwright

    path = chromium_executable()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=list(CHROMIUM_FLAGS))
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            context.set_default_timeout(FIRST_RENDER_MS)  # a server starting on two busy cores
            page = context.new_page()
            page.goto(f"{hub.url}hub/login")
            page.get_by_label("Username").fill(name)
            page.get_by_label("Password").fill(CLASS_PASSWORD)
            page.get_by_role("button", name="Sign in").click()
            # the hub starts the student's server and opens its default page: the dashboards' landing page
            expect(page.get_by_role("link", name="Meld Lab").first).to_be_visible(timeout=FIRST_RENDER_MS)
            page.goto(f"{hub.url}user/{name}/voila/render/meld_lab.ipynb?seed=4")
            hand = page.get_by_role("listbox", name="pick cards to meld")
            expect(hand).to_be_visible(timeout=FIRST_RENDER_MS)
            card = hand.get_by_role("option").first
            card.click()  # the kernel must answer: the card comes back selected
            expect(card).to_have_attribute("aria-selected", "true", timeout=FIRST_RENDER_MS)
            context.close()
        except Exception as error:  # reported by the test in the main thread
            errors.append(f"{name} in Chromium: {type(error).__name__}: {error}")
        finally:
            browser.close()


def dashboard_of(number: int) -> DashboardInfo:
    """The dashboard the ``number``-th student on the wire opens: the catalogue's in turn."""
    return DASHBOARDS[number % len(DASHBOARDS)]


async def _light_student(student: Student, number: int, delay: float) -> None:
    await asyncio.sleep(delay)  # the class arrives over ARRIVAL seconds
    info = dashboard_of(number)
    await student.log_in()
    html = await student.open_dashboard(info.notebook, seed=number + 1)
    assert "push_learn" in html and "voila" in html.lower(), f"{info.title} was not rendered with our template"
    await student.connect()
    assert await student.request_state(), f"{info.title}'s widget answered with an empty state"
    if info.slug == "meld_lab":  # a control known to answer: a card picked must come back repainted
        answer = await student.click(2)
        assert answer["content"]["data"]["method"] == "update", "the kernel's answer to a click is not a repaint"


def _listening_ports(hub: Hub) -> dict[str, int]:
    """Each student's server's listening port, by the user named in its environment."""
    ports = {}
    for process in hub.user_processes():
        if "singleuser" not in " ".join(process.cmdline()):
            continue
        user = process.environ().get("JUPYTERHUB_USER", "?")
        for connection in process.net_connections(kind="tcp"):
            if connection.status == psutil.CONN_LISTEN:
                ports[user] = connection.laddr.port
    return ports


def test_a_whole_class_logs_in_and_every_dashboard_is_interactive(hub: Hub) -> None:
    if chromium_executable() is None:
        pytest.fail("No Chromium for the hub's browser students: set CHROMIUM_PATH or run `make browser`.",
                    pytrace=False)
    if BROWSER_STUDENTS + len(DASHBOARDS) > STUDENTS:
        pytest.fail(f"every dashboard needs a student on the wire: PUSH_LEARN_HUB_STUDENTS must be at least "
                    f"{BROWSER_STUDENTS + len(DASHBOARDS)}", pytrace=False)
    names = [f"student{n:02d}" for n in range(STUDENTS)]
    in_browser, on_wire = names[:BROWSER_STUDENTS], names[BROWSER_STUDENTS:]
    errors: list[str] = []
    browsers = [threading.Thread(target=_browser_student, args=(hub, name, errors)) for name in in_browser]
    for thread in browsers:
        thread.start()
    students = [Student(hub, name) for name in on_wire]

    async def everyone() -> list[BaseException | None]:
        outcomes = await asyncio.gather(*(_light_student(s, n, ARRIVAL * n / len(students))
                                          for n, s in enumerate(students)), return_exceptions=True)
        for student in students:  # a closed laptop: the websocket goes, the server and the kernel stay
            student.leave()
        return outcomes

    outcomes = asyncio.run(everyone())
    for thread in browsers:
        thread.join()
    failed = [f"{s.name} ({dashboard_of(n).title}): {o!r}"
              for n, (s, o) in enumerate(zip(students, outcomes, strict=True)) if o is not None]
    assert not failed and not errors, "students without an interactive dashboard:\n" + "\n".join(failed + errors)
    assert {dashboard_of(n).slug for n in range(len(students))} == {info.slug for info in DASHBOARDS}
    _LIGHT.extend(students)
    servers = hub.servers()
    assert sorted(servers) == names, "not every student got a server of their own"
    # each server listens on a port of its own from the pool, outside the range kernels are handed (D-HUB-08)
    ports = _listening_ports(hub)
    low, high = ephemeral_range()
    assert sorted(ports) == names and len(set(ports.values())) == STUDENTS, ports
    assert all(port < low or port > high for port in ports.values()), ports
    # each server opened its dashboards with push_learn's Voilà settings (the file config.yaml mounts)
    assert hub.settings["voila_config"] in (hub.folder / "etc" / "jupyter" / "voila.py").read_text()


def test_the_class_service_knows_students_by_their_hub_token(
    hub: Hub, school_class: ClassInfo, class_db: TempPostgres
) -> None:
    """A student's own kernel joins the class and records an attempt through the hub's service, with the
    token it inherited; writing under another student's name is refused, and so is a request without one."""
    assert _LIGHT, "the class test did not leave students connected"
    ann, bob = _LIGHT[0], _LIGHT[1]

    code = f"""
import json
from push_learn.classroom import client
from push_learn.classroom.client import ServiceError, send
out = {{"configured": client.configured(), "hub": client.hub_configured()}}
out["join"] = send("join", {{"code": {school_class.code!r}}})["name"]
out["attempt"] = client.record_attempt("02-melds", "ex1", "7H 8H 9H", True)
try:
    send("attempt", {{"notebook": "02-melds", "exercise": "ex1", "answer": "x", "correct": True,
                     "student": {bob.name!r}}})
    out["forged"] = "accepted"
except ServiceError as error:
    out["forged"] = str(error)
import os
out["db_in_kernel"] = [k for k in os.environ if k.startswith("PUSH_LEARN_CLASS_DB")]
print(json.dumps(out))
"""
    async def in_ann_s_kernel() -> str:
        await ann.connect()  # Ann comes back to her dashboard's kernel
        try:
            return await ann.execute(code)
        finally:
            ann.leave()

    output = asyncio.run(in_ann_s_kernel())
    result = json.loads(output.strip().splitlines()[-1])
    assert result["configured"] and result["hub"], result
    assert result["join"] == ann.name
    assert result["attempt"] is True
    assert result["forged"] == f"you are signed in to the hub as {ann.name}, so you cannot write for {bob.name}"
    assert result["db_in_kernel"] == [], "a student's kernel must not know where the class store is"

    with Store(class_db.url) as store:
        students = [s.name for s in store.students(school_class.code)]
        attempts = store.export_csv(school_class.code)["attempts.csv"]
    assert students == [ann.name]
    assert attempts.count(ann.name) == 1 and bob.name not in attempts

    async def no_token() -> tuple[int, dict[str, object]]:
        return await ann.post_to_service("attempt", {"notebook": "n", "exercise": "e", "correct": True}, "nope")

    status, body = asyncio.run(no_token())
    assert status == 403 and "sign in to the hub" in str(body["error"]), (status, body)
    assert f"/services/{SERVICE_NAME}/" in hub.settings["service"]["url"] + f"/services/{SERVICE_NAME}/"


def test_the_teacher_sets_the_deal_a_student_plays_it_through_the_hub_and_the_teacher_sees_her_result(
    hub: Hub, school_class: ClassInfo, class_db: TempPostgres, teacher: Teacher
) -> None:
    """The teacher sets the assignment of the day with the form of the teacher's dashboard on a ``push-learn
    serve`` on the hub's store, as docs/classroom.md says; Ann (who joined through the service above) opens
    it in Play Push in her own server, which asks the hub's class service for it with her hub token (no
    database address in her server); the greedy bot plays her seat (autoplay, allowed on the test hub), the
    service keeps her match so far as she plays, and the result the service sealed and the store replayed
    lands on the leaderboard under her hub name, which
    the teacher reads on the dashboard and in the results CSV. Ann's browser (her cookies, her own server on
    the hub) does not reach the teacher's pages: only the teacher key's cookie opens them."""
    assert _LIGHT, "the class test did not leave students connected"
    ann = _LIGHT[0]
    code = school_class.code
    with Store(class_db.url) as store:
        assert [s.name for s in store.students(code)] == [ann.name], "Ann should have joined"
    page = asyncio.run(teacher.assign(code, "push", deal="1234", level="greedy"))
    assert '<strong class="pl-today">Push, deal 1234, against greedy bots</strong>' in page
    with Store(class_db.url) as store:
        (assignment,) = store.assignments(code)
    assert (assignment.game, assignment.deal_number, assignment.bot_level) == ("push", 1234, "greedy")

    async def play() -> str:
        return await ann.open_dashboard("play_push.ipynb", query=f"&assignment={assignment.id}&autoplay=1")

    html = asyncio.run(play())
    assert "push_learn" in html, "Play Push was not rendered with our template"
    deadline = time.monotonic() + MATCH_SECONDS
    with Store(class_db.url) as store:
        while time.monotonic() < deadline and not store.leaderboard(assignment.id):
            time.sleep(2)
        board = store.leaderboard(assignment.id)
        opened = store.openings(assignment.id)
    assert [row.student for row in board] == [ann.name], f"Ann's result is not on the leaderboard: {board}"
    assert board[0].moves > 0
    # the hub's service kept her match as she played (sealed there): a reload would have continued it (D-CLS-03)
    assert opened[ann.name][1] > 0, f"no move of Ann's match was kept through the hub's service: {opened}"

    # the teacher's dashboard: Ann's hub name and result on the deal's leaderboard, and in results.csv
    (mine,) = board
    page = asyncio.run(teacher.page(code))
    shown = page[page.index('<table class="pl-board">'):]
    shown = shown[:shown.index("</table>")]
    assert (f"<tr><td>1</td><td>{ann.name}</td><td>{mine.points}</td><td>{mine.deals_won}</td>"
            f"<td>{mine.moves}</td><td>{mine.hints}</td>") in shown, shown
    # its live table shows what went through the teacher's server only: Ann's requests went to the hub's service
    assert 'class="pl-live-empty"' in page and "(1 student joined)" in page
    rows = list(csv.DictReader(io.StringIO(asyncio.run(teacher.sheet(code, "results")))))
    assert [(row["student"], row["deal"], row["points"], row["moves"]) for row in rows] == [
        (ann.name, "1234", str(mine.points), str(mine.moves))]

    # Ann's browser holds her hub cookies (and a browser sends a host's cookies to all its ports), not the key's
    async def ann_tries() -> tuple[list[tuple[int, str]], int, int]:
        pages = []
        for path in (f"{TEACHER_PAGE}?class={code}", f"{TEACHER_PAGE}/export/{code}/results.csv"):
            reply = await ann.fetch(teacher.server.url + path)
            pages.append((reply.code, reply.body.decode("utf-8", errors="replace")))
        form = urlencode({"action": "assign", "code": code, "variant": "push", "deal": "99", "level": "greedy",
                          "_xsrf": ann.jar.get("_xsrf", "")}).encode()
        posted = await ann.fetch(teacher.server.url + TEACHER_PAGE, "POST", form,
                                 {"Content-Type": "application/x-www-form-urlencoded"})
        own = await ann.fetch(f"{hub.url}user/{ann.name}/{TEACHER_PAGE}")
        return pages, posted.code, own.code

    pages, posted, own = asyncio.run(ann_tries())
    for status, text in pages:  # sent to the key page, which asks for the teacher key
        assert status == 403 and "Type the teacher key" in text and ann.name not in text, (status, text[:300])
    assert posted == 403, "Ann's browser sent the teacher's form"
    assert own == 404, "Ann's own server on the hub has a teacher's page"
    with Store(class_db.url) as store:
        assert [a.id for a in store.assignments(code)] == [assignment.id], "Ann's form set an assignment"


def test_the_culler_stops_abandoned_servers_and_frees_everything(hub: Hub) -> None:
    """Everyone left without a word (websockets closed, kernels still running): the hub's idle culler stops
    every server after its timeout, and no server or kernel process is left."""
    assert hub.user_processes(), "the class's servers should still be running before the culler's turn"
    hub.wait_until_culled()
    assert hub.servers() == {}, "the culler left servers running"
    assert hub.user_processes() == [], "servers or kernels outlived the culler"
    assert hub.culled() == {f"student{n:02d}" for n in range(STUDENTS)}, "the servers were not stopped by the culler"
