"""Who may write to the class store under ``push-learn serve``: the class service's handlers, on both backends.

The handlers run in a real tornado server on 127.0.0.1 set up as ``PushLearnVoila`` sets them up (our
identity provider, the table of kernel owners, xsrf cookies on); browsers are cookie jars, kernels are
signed requests naming a kernel id that a browser's session owns.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from class_games import PUSH_RULES, SEAL_KEY, sealed_push_record, trainer_record
from tornado import web
from tornado.httpclient import AsyncHTTPClient, HTTPResponse
from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets

from push_learn.apps.access import KEY_PATH, OWNERS_SETTING, SESSION_COOKIE, ClassKeyIdentityProvider, KernelOwners
from push_learn.classroom import Store
from push_learn.classroom.routes import handlers
from push_learn.classroom.service import AUTH_HEADER, SERVICE_SETTING, ClassService, request_signature
from push_learn.classroom.teacher import render_class
from push_learn.records import Record

TEACHER_KEY = "TEACH-KEY9"
COOKIE_SECRET = "test cookie secret"
XSRF = "0123456789abcdef"


class Browser:
    """A cookie jar speaking to the test server; ``session`` is its session id once it has one."""

    def __init__(self, client: AsyncHTTPClient, base: str) -> None:
        self.client, self.base, self.cookies = client, base, {"_xsrf": XSRF}

    async def send(self, method: str, path: str, body: Any = None, form: bool = False) -> HTTPResponse:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()), "X-XSRFToken": XSRF}
        data = None
        if body is not None:
            data = urlencode({**body, "_xsrf": XSRF}) if form else json.dumps(body)
        reply = await self.client.fetch(self.base + path, method=method, headers=headers, body=data,
                                        follow_redirects=False, raise_error=False)
        for header in reply.headers.get_list("Set-Cookie"):
            name, _, rest = header.partition("=")
            self.cookies[name] = rest.split(";")[0]
        return reply

    def session(self, port: int) -> str:
        value = web.decode_signed_value(COOKIE_SECRET, f"{SESSION_COOKIE}_{port}",
                                        self.cookies[f"{SESSION_COOKIE}_{port}"].strip('"'))
        assert value is not None
        return value.decode()


class Kernel:
    """A dashboard kernel: signed requests naming its id (``key`` None: it holds no key, like a student's own)."""

    def __init__(self, client: AsyncHTTPClient, base: str, kernel_id: str, key: bytes | None = SEAL_KEY) -> None:
        self.client, self.base, self.id, self.key = client, base, kernel_id, key

    async def send(self, action: str, payload: dict[str, Any], **headers: str) -> tuple[int, dict[str, Any]]:
        body = json.dumps({**payload, "kernel": self.id}).encode()
        sign = {AUTH_HEADER: request_signature(self.key, body)} if self.key else {}
        reply = await self.client.fetch(f"{self.base}/push_learn/class/kernel/{action}", method="POST", body=body,
                                        headers={**sign, **headers}, raise_error=False)
        return reply.code, json.loads(reply.body)


Scenario = Callable[[Store, ClassService, KernelOwners, str, int], Awaitable[None]]


def run(store: Store, scenario: Scenario, port: int = 0) -> None:
    """Serve the class service's handlers on ``port`` of 127.0.0.1 (a free one by default) and run ``scenario``."""
    service = ClassService(store, SEAL_KEY)
    owners = KernelOwners()

    async def main() -> None:
        provider = ClassKeyIdentityProvider(class_key=None, teacher_key=TEACHER_KEY)
        app = web.Application([*provider.get_handlers(), *handlers()], cookie_secret=COOKIE_SECRET,
                              identity_provider=provider, login_url=KEY_PATH,  # no xsrf_cookies: as Voila
                              **{SERVICE_SETTING: service, OWNERS_SETTING: owners})
        sockets = bind_sockets(port, "127.0.0.1")
        bound = sockets[0].getsockname()[1]
        server = HTTPServer(app)
        server.add_sockets(sockets)
        try:
            await scenario(store, service, owners, f"http://127.0.0.1:{bound}", bound)
        finally:
            server.stop()

    asyncio.run(main())


async def signed_in_teacher(client: AsyncHTTPClient, base: str) -> Browser:
    """A browser that typed the teacher key on the key page, so it holds the teacher's session."""
    teacher = Browser(client, base)
    reply = await teacher.send("POST", KEY_PATH, {"key": TEACHER_KEY, "next": "/push_learn/teacher", "for": "teacher"},
                               form=True)
    assert reply.code == 303
    return teacher


async def _joined(client: AsyncHTTPClient, base: str, code: str, name: str) -> Browser:
    browser = Browser(client, base)
    reply = await browser.send("POST", "/push_learn/class/join", {"code": code.lower(), "name": name})
    assert reply.code == 200, reply.body
    return browser


def test_a_student_joins_sees_today_and_their_kernel_posts_their_result(store: Store) -> None:
    async def scenario(store: Store, service: ClassService, owners: KernelOwners, base: str, port: int) -> None:
        client = AsyncHTTPClient()
        new = store.create_class("Year 9")
        assert json.loads((await Browser(client, base).send("GET", "/push_learn/class/join")).body) == {"joined": False}
        today = store.assign(new.code, "push", "push", PUSH_RULES, deal_number=1234, bot_level="greedy")
        ann = await _joined(client, base, new.code, "  Ann ")
        seen = json.loads((await ann.send("GET", "/push_learn/class/join")).body)
        assert seen["name"] == "Ann" and seen["today"]["text"] == "Push, deal 1234, against greedy bots"
        assert "seed" not in seen["today"] and str(today.seed) not in json.dumps(seen)
        owners.record("kernel-of-ann", ann.session(port))
        kernel = Kernel(client, base, "kernel-of-ann")
        code, deal = await kernel.send("deal", {"assignment": today.id})
        assert code == 200 and deal["seed"] == today.seed and deal["student"] == "Ann"
        record = sealed_push_record(today.seed, "Ann", SEAL_KEY, hints=2)
        code, answer = await kernel.send("result", {"assignment": today.id, "record": record.to_json()})
        assert code == 200, answer
        assert answer["hints"] == 2
        board = store.leaderboard(today.id)
        assert [row.student for row in board] == ["Ann"] and board[0].hints == 2
        assert service.live(new.code)[0][1].status.startswith("finished")

    run(store, scenario)


def test_results_from_another_sessions_kernel_unsigned_edited_or_from_a_browser_are_refused(store: Store) -> None:
    async def scenario(store: Store, service: ClassService, owners: KernelOwners, base: str, port: int) -> None:
        client = AsyncHTTPClient()
        new = store.create_class("Year 9")
        today = store.assign(new.code, "push", "push", PUSH_RULES, deal_number=7)
        ann = await _joined(client, base, new.code, "Ann")
        bob = await _joined(client, base, new.code, "Bob")
        owners.record("kernel-of-ann", ann.session(port))
        owners.record("kernel-of-bob", bob.session(port))
        ann_record = sealed_push_record(today.seed, "Ann", SEAL_KEY)
        # Bob's kernel posts Ann's result: it is written for Bob (the kernel's owner), whose name is not in it.
        code, answer = await Kernel(client, base, "kernel-of-bob").send(
            "result", {"assignment": today.id, "record": ann_record.to_json()})
        assert code == 400 and "does not name Bob among its players" in answer["error"]
        # A record with Bob's name put in after sealing.
        forged = Record.from_dict({**ann_record.to_dict(), "players": ["Bob", *ann_record.players[1:]]})
        code, answer = await Kernel(client, base, "kernel-of-bob").send(
            "result", {"assignment": today.id, "record": forged.to_json()})
        assert code == 400 and "changed after it was sealed" in answer["error"]
        # Fewer hints than the kernel sealed.
        fewer = dataclasses.replace(sealed_push_record(today.seed, "Bob", SEAL_KEY, hints=3), notes={"hints": 0})
        code, answer = await Kernel(client, base, "kernel-of-bob").send(
            "result", {"assignment": today.id, "record": fewer.to_json()})
        assert code == 400 and "changed after it was sealed" in answer["error"]
        # A kernel without the server's key (a student's own code), or with another key.
        code, answer = await Kernel(client, base, "kernel-of-ann", key=None).send(
            "result", {"assignment": today.id, "record": ann_record.to_json()})
        assert code == 403 and "not signed" in answer["error"]
        code, _ = await Kernel(client, base, "kernel-of-ann", key=b"guessed").send(
            "result", {"assignment": today.id, "record": ann_record.to_json()})
        assert code == 403
        # A browser cannot pose as a kernel, even with the right signature.
        code, answer = await Kernel(client, base, "kernel-of-ann").send(
            "result", {"assignment": today.id, "record": ann_record.to_json()}, Origin=base)
        assert code == 403
        # A kernel no page owns, or one whose browser never joined.
        code, answer = await Kernel(client, base, "kernel-nobody").send("deal", {"assignment": today.id})
        assert code == 403 and "has not joined a class" in answer["error"]
        assert store.leaderboard(today.id) == []
        # Another class's assignment is not Ann's to play.
        other = store.create_class("Year 10")
        theirs = store.assign(other.code, "push", "push", PUSH_RULES, deal_number=7)
        code, answer = await Kernel(client, base, "kernel-of-ann").send("deal", {"assignment": theirs.id})
        assert code == 400 and "is not one of class" in answer["error"]
        code, _ = await Kernel(client, base, "kernel-of-ann").send(
            "result", {"assignment": today.id, "record": ann_record.to_json()})
        assert code == 200 and [row.student for row in store.leaderboard(today.id)] == ["Ann"]

    run(store, scenario)


def test_joining_is_refused_in_words_and_needs_the_pages_xsrf_token(store: Store) -> None:
    async def scenario(store: Store, service: ClassService, owners: KernelOwners, base: str, port: int) -> None:
        client = AsyncHTTPClient()
        new = store.create_class("Year 9")
        browser = Browser(client, base)
        reply = await browser.send("POST", "/push_learn/class/join", {"code": "NOPE99", "name": "Ann"})
        assert reply.code == 404 and "no class with the code" in json.loads(reply.body)["error"]
        reply = await browser.send("POST", "/push_learn/class/join", {"code": new.code, "name": "  "})
        assert reply.code == 400 and "your name cannot be empty" in json.loads(reply.body)["error"]
        browser.cookies["_xsrf"] = "something else"
        reply = await browser.send("POST", "/push_learn/class/join", {"code": new.code, "name": "Ann"})
        assert reply.code == 403
        assert store.students(new.code) == []

    run(store, scenario)


def test_the_teachers_dashboard_needs_the_teacher_key_and_runs_a_lesson(store: Store) -> None:
    async def scenario(store: Store, service: ClassService, owners: KernelOwners, base: str, port: int) -> None:
        client = AsyncHTTPClient()
        student = Browser(client, base)
        assert (await student.send("GET", "/push_learn/teacher")).code == 302
        refused = await student.send("POST", "/push_learn/teacher", {"action": "create", "name": "X"}, form=True)
        assert refused.code == 403
        teacher = await signed_in_teacher(client, base)
        reply = await teacher.send("POST", "/push_learn/teacher", {"action": "create", "name": "Year 9"}, form=True)
        assert reply.code == 303
        code = store.classes()[0].code
        reply = await teacher.send("POST", "/push_learn/teacher", {"action": "assign", "code": code, "variant": "push",
                                                                  "deal": "1234", "level": "greedy"}, form=True)
        assert reply.code == 303
        today = store.assignments(code)[0]
        ann = await _joined(client, base, code, "Ann")
        owners.record("k1", ann.session(port))
        record = sealed_push_record(today.seed, "Ann", SEAL_KEY)
        assert (await Kernel(client, base, "k1").send("result", {"assignment": today.id,
                                                                 "record": record.to_json()}))[0] == 200
        page = (await teacher.send("GET", f"/push_learn/teacher?class={code}")).body.decode()
        assert "Push, deal 1234, against greedy bots" in page and code in page
        result_id = store.leaderboard(today.id)[0].result_id
        assert f"deal_replayer.ipynb?result={result_id}" in page
        # The Deal Replayer opened from the teacher's browser may read Ann's game; Ann's own kernel may not.
        owners.record("teacher-kernel", teacher.session(port))
        status, answer = await Kernel(client, base, "teacher-kernel").send("record", {"result": result_id})
        assert status == 200 and Record.from_json(answer["record"]).players == record.players
        assert answer["about"] == "Ann's game of Push, deal 1234, against greedy bots"  # the replayer's subtitle
        status, answer = await Kernel(client, base, "k1").send("record", {"result": result_id})
        assert status == 403 and "only the teacher's pages" in answer["error"]
        # Ann already played: her page cannot deal the cards again.
        status, answer = await Kernel(client, base, "k1").send("deal", {"assignment": today.id})
        assert status == 400 and "already played deal 1234" in answer["error"]
        download = await teacher.send("GET", f"/push_learn/teacher/record/{result_id}.json")
        assert download.code == 200 and Record.from_json(download.body).seal == record.seal
        assert (await student.send("GET", f"/push_learn/teacher/record/{result_id}.json")).code == 302
        assert "<td>Ann</td>" in page and str(today.seed) not in page and "Progress over the lesson" in page
        sheet = await teacher.send("GET", f"/push_learn/teacher/export/{code}/results.csv")
        assert sheet.code == 200 and sheet.body.decode().splitlines()[1].split(",")[2] == "Ann"
        assert (await student.send("GET", f"/push_learn/teacher/export/{code}/results.csv")).code == 302
        # A trainer session from Ann's kernel: kept for Ann, on the teacher's page and in trainer.csv.
        status, answer = await Kernel(client, base, "k1").send(
            "session", {"token": "ann-session-1", "record": trainer_record("Ann", SEAL_KEY).to_json()})
        assert status == 200 and answer["finished"] is True, answer
        edited = json.loads(trainer_record("Ann", SEAL_KEY).to_json())
        edited["actions"][0]["ante"] = 10
        status, answer = await Kernel(client, base, "k1").send("session", {"token": "ann-session-2", "record": edited})
        assert status == 400 and "refused" in answer["error"]  # edited after sealing
        page = (await teacher.send("GET", f"/push_learn/teacher?class={code}")).body.decode()
        assert 'class="pl-trainer"' in page and "6 of 6 (100 %)" in page
        sheet = await teacher.send("GET", f"/push_learn/teacher/export/{code}/trainer.csv")
        assert sheet.code == 200 and sheet.body.decode().splitlines()[1].startswith("Ann,three_card_poker,6,6,6,")
        bad = await teacher.send("POST", "/push_learn/teacher", {"action": "assign", "code": code, "variant": "push",
                                                                "deal": "abc", "level": "greedy"}, form=True)
        assert bad.code == 400 and "a deal number is a whole number" in bad.body.decode()
        for typed in ("\u00b2", "9" * 5000):  # a superscript two is a digit to str.isdigit, not to int
            bad = await teacher.send("POST", "/push_learn/teacher", {"action": "assign", "code": code,
                                                                    "variant": "push", "deal": typed,
                                                                    "level": "greedy"}, form=True)
            assert bad.code == 400 and "a deal number is a whole number" in bad.body.decode()
        assert len(store.assignments(code)) == 1
        kept = await teacher.send("POST", "/push_learn/teacher", {"action": "delete", "code": code, "confirm": ""},
                                  form=True)
        assert kept.code == 400 and store.classes()
        gone = await teacher.send("POST", "/push_learn/teacher", {"action": "delete", "code": code,
                                                                 "confirm": code.lower()}, form=True)
        assert gone.code == 303 and store.classes() == []
        teacher.cookies["_xsrf"] = "another token"  # a form posted from elsewhere
        forged = await teacher.send("POST", "/push_learn/teacher", {"action": "create", "name": "Z"}, form=True)
        assert forged.code == 403 and store.classes() == []

    run(store, scenario)


def test_the_teachers_page_tells_what_a_form_did_once_and_nothing_a_link_says(store: Store) -> None:
    async def scenario(store: Store, service: ClassService, owners: KernelOwners, base: str, port: int) -> None:
        teacher = await signed_in_teacher(AsyncHTTPClient(), base)
        reply = await teacher.send("POST", "/push_learn/teacher", {"action": "create", "name": "Year 9"}, form=True)
        code = store.classes()[0].code
        assert reply.code == 303 and reply.headers["Location"] == f"/push_learn/teacher?class={code}"
        shown = (await teacher.send("GET", reply.headers["Location"])).body.decode()
        assert f'<p class="pl-ok" role="status">Class Year 9 created: hand out the code {code}.</p>' in shown
        again = (await teacher.send("GET", reply.headers["Location"])).body.decode()
        assert 'class="pl-ok"' not in again and code in again  # told once: a reload does not say it again
        # A link cannot put words in the dashboard's mouth: the old ?said= is ignored, and so is an unsigned cookie.
        link = (await teacher.send("GET", f"/push_learn/teacher?class={code}&said=Your+key+expired")).body.decode()
        assert "expired" not in link and 'class="pl-ok"' not in link
        teacher.cookies["push_learn_said"] = "Your key expired"
        forged = (await teacher.send("GET", f"/push_learn/teacher?class={code}")).body.decode()
        assert "expired" not in forged and 'class="pl-ok"' not in forged

    run(store, scenario)


def test_an_attempt_from_a_kernel_is_the_owners(store: Store) -> None:
    async def scenario(store: Store, service: ClassService, owners: KernelOwners, base: str, port: int) -> None:
        client = AsyncHTTPClient()
        new = store.create_class("Year 9")
        ann = await _joined(client, base, new.code, "Ann")
        owners.record("k1", ann.session(port))
        code, _ = await Kernel(client, base, "k1").send(
            "attempt", {"notebook": "02-melds", "exercise": "ex1", "answer": "7H", "correct": False, "student": "Bob"})
        assert code == 200
        assert [(p.exercise, p.attempts, p.wrong_answers) for p in store.progress(new.code)] == [
            ("ex1", 1, (("7H", 1),))]
        assert [s.name for s in store.students(new.code)] == ["Ann"]

    run(store, scenario)


def test_a_students_own_jupyterlab_records_attempts_with_their_token_only(store: Store) -> None:
    async def scenario(store: Store, service: ClassService, owners: KernelOwners, base: str, port: int) -> None:
        client = AsyncHTTPClient()
        new = store.create_class("Year 9")
        ann = await _joined(client, base, new.code, "Ann")
        token = json.loads((await ann.send("GET", "/push_learn/class/join")).body)["token"]
        body = json.dumps({"notebook": "02-melds.ipynb", "exercise": "Exercise 1", "answer": "'7H'",
                           "correct": True, "student": "Bob"})

        async def post(auth: str) -> int:
            reply = await client.fetch(f"{base}/push_learn/class/attempt", method="POST", body=body,
                                       headers={"Authorization": auth}, raise_error=False)
            return reply.code

        assert await post(f"token {token}") == 200
        assert await post("token " + "0" * 32) == 403
        assert await post("") == 403
        rows = store.export_csv(new.code)["attempts.csv"].splitlines()
        assert len(rows) == 2 and rows[1].startswith("Ann,02-melds.ipynb,Exercise 1")

    run(store, scenario)


def test_a_token_or_signature_with_letters_beyond_ascii_is_refused_as_any_wrong_one(store: Store) -> None:
    """Headers arrive as Latin-1 text: a token or a signature holding é is a wrong one (403 in words),
    never a comparison that raises (a 500), and nothing is stored."""
    async def scenario(store: Store, service: ClassService, owners: KernelOwners, base: str, port: int) -> None:
        client = AsyncHTTPClient()
        new = store.create_class("Year 9")
        ann = await _joined(client, base, new.code, "Ann")
        owners.record("k1", ann.session(port))
        body = json.dumps({"notebook": "02", "exercise": "ex1", "answer": "7H", "correct": True, "kernel": "k1"})
        reply = await client.fetch(f"{base}/push_learn/class/attempt", method="POST", body=body,
                                   headers={"Authorization": "token " + "\u00e9" * 32}, raise_error=False)
        assert reply.code == 403 and "not a student's" in json.loads(reply.body)["error"]
        reply = await client.fetch(f"{base}/push_learn/class/kernel/attempt", method="POST", body=body,
                                   headers={AUTH_HEADER: "\u00e9" * 64}, raise_error=False)
        assert reply.code == 403 and "not signed" in json.loads(reply.body)["error"]
        assert store.progress(new.code) == []

    run(store, scenario)


def test_tutor_check_stays_silent_without_a_class_service(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    from push_learn.classroom import client
    from push_learn.tutor import tutorial

    tutor = tutorial("01")
    monkeypatch.delenv("PUSH_LEARN_CLASS_SERVICE", raising=False)
    sent: list[tuple[Any, ...]] = []
    monkeypatch.setattr(client, "record_attempt", lambda *args: sent.append(args) or True)
    tutor.check(1, "not an answer")
    assert sent == [] and "Exercise 1" in capsys.readouterr().out
    monkeypatch.setenv("PUSH_LEARN_CLASS_SERVICE", "http://127.0.0.1:9/")
    monkeypatch.setenv("PUSH_LEARN_CLASS_TOKEN", "t")
    tutor.check(1, "not an answer")
    tutor.check(1, ...)  # not answered yet: nothing to record
    assert sent == [("01", "Exercise 1", "'not an answer'", False)]
    monkeypatch.undo()
    monkeypatch.setenv("PUSH_LEARN_CLASS_SERVICE", "http://127.0.0.1:9/")  # nobody listens there
    monkeypatch.setenv("PUSH_LEARN_CLASS_TOKEN", "t")
    assert client.record_attempt("n", "e", "a", True) is False


def test_the_teachers_replay_links_only_to_a_replayer_the_server_serves(store: Store, tmp_path: Path) -> None:
    """A lesson's folder (``push-learn serve --root``) may leave the Deal Replayer out: the leaderboard then says
    so in words instead of linking to a page the server does not have; a server that names no folder links."""
    code = store.create_class("Year 9").code
    store.join(code, "Ann")
    today = store.assign(code, "push", "push", PUSH_RULES, deal_number=1234, bot_level="greedy")
    store.submit_result(today.id, "Ann", sealed_push_record(today.seed, "Ann", SEAL_KEY).to_json())
    (tmp_path / "play_push.ipynb").write_text("{}", encoding="utf-8")
    lesson = ClassService(store, SEAL_KEY, tmp_path)
    page = render_class(lesson, store.class_info(code), "")
    assert "deal_replayer.ipynb?result=" not in page and "<td>not served (deal_replayer.ipynb)</td>" in page
    (tmp_path / "deal_replayer.ipynb").write_text("{}", encoding="utf-8")  # added while the server runs
    page = render_class(lesson, store.class_info(code), "")
    assert "deal_replayer.ipynb?result=" in page and "not served" not in page
    assert "deal_replayer.ipynb?result=" in render_class(ClassService(store, SEAL_KEY), store.class_info(code), "")
