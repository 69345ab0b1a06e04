"""A whole class on a real JupyterHub: logins, students' own servers, dashboards through Voilà, the class
service that knows students by their hub tokens, and the idle culler freeing everything.

``STUDENTS`` students log in through the hub's login form with the shared class password; the hub starts
a Jupyter server for each (a local process); each opens Meld Lab through Voilà with push_learn's template
and settings, and its kernel answers a widget message. ``BROWSER_STUDENTS`` of them do it in Chromium (the
hub's form, the rendered page, a card clicked), the others on the wire (HTTP and the kernel's websocket,
as ``benchmarks/hub.py`` measures them). Then everyone leaves without a word, and the culler must stop
every server and every kernel. The tests run in this order and share the hub (``conftest.py``).
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time

import pytest

from push_learn.apps.harness import CHROMIUM_FLAGS, chromium_executable
from push_learn.apps.hub_harness import CLASS_PASSWORD, Hub, Student
from push_learn.classroom.hub import SERVICE_NAME
from push_learn.classroom.pgserver import TempPostgres
from push_learn.classroom.store import NewClass, Store

STUDENTS = int(os.environ.get("PUSH_LEARN_HUB_STUDENTS", "10"))
"""Students in the class: ten in ``make test`` on two shared cores, thirty with ``PUSH_LEARN_HUB_STUDENTS=30``
(D-HUB-01; ``benchmarks/hub.py`` measures thirty)."""
BROWSER_STUDENTS = 2
FIRST_RENDER_MS = 300_000

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


async def _light_student(student: Student) -> None:
    await student.log_in()
    html = await student.open_dashboard(seed=len(student.name))
    assert "push_learn" in html and "voila" in html.lower(), "the dashboard was not rendered with our template"
    await student.connect()
    answer = await student.click(2)
    assert answer["content"]["data"]["method"] == "update", "the kernel's answer to a click is not a repaint"


def test_a_whole_class_logs_in_and_every_dashboard_is_interactive(hub: Hub) -> None:
    if chromium_executable() is None:
        pytest.fail("No Chromium for the hub's browser students: set CHROMIUM_PATH or run `make browser`.",
                    pytrace=False)
    names = [f"student{n:02d}" for n in range(STUDENTS)]
    in_browser, on_wire = names[:BROWSER_STUDENTS], names[BROWSER_STUDENTS:]
    errors: list[str] = []
    browsers = [threading.Thread(target=_browser_student, args=(hub, name, errors)) for name in in_browser]
    for thread in browsers:
        thread.start()
    students = [Student(hub, name) for name in on_wire]

    async def everyone() -> list[BaseException | None]:
        outcomes = await asyncio.gather(*(_light_student(s) for s in students), return_exceptions=True)
        for student in students:  # a closed laptop: the websocket goes, the server and the kernel stay
            student.leave()
        return outcomes

    outcomes = asyncio.run(everyone())
    for thread in browsers:
        thread.join()
    failed = [f"{s.name}: {o!r}" for s, o in zip(students, outcomes, strict=True) if o is not None]
    assert not failed and not errors, "students without an interactive dashboard:\n" + "\n".join(failed + errors)
    _LIGHT.extend(students)
    servers = hub.servers()
    assert sorted(servers) == names, "not every student got a server of their own"
    # each server opened its dashboards with push_learn's Voilà settings (the file config.yaml mounts)
    assert hub.settings["voila_config"] in (hub.folder / "etc" / "jupyter" / "voila.py").read_text()


def test_the_class_service_knows_students_by_their_hub_token(
    hub: Hub, school_class: NewClass, class_db: TempPostgres
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


def test_the_culler_stops_abandoned_servers_and_frees_everything(hub: Hub) -> None:
    """Everyone left without a word (websockets closed, kernels still running): the hub's idle culler stops
    every server after its timeout, and no server or kernel process is left."""
    assert hub.user_processes(), "the class's servers should still be running before the culler's turn"
    hub.start_culler()
    deadline = time.monotonic() + hub.culler_timeout + 6 * hub.culler_every + 60
    while time.monotonic() < deadline and (hub.servers() or hub.user_processes()):
        time.sleep(2)
    assert hub.servers() == {}, "the culler left servers running"
    assert hub.user_processes() == [], "servers or kernels outlived the culler"
    assert hub.culled() == {f"student{n:02d}" for n in range(STUDENTS)}, "the servers were not stopped by the culler"
