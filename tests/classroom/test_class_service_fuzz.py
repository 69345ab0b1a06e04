"""Malformed requests to the class service: every one is refused in a short sentence, none is a server error, and
none changes the class store (on both backends). Junk beside a field that is right (a table the student sits at,
a new table's defaults) is ignored, as a well-formed request's extra fields are.

Kernels' requests are signed and come from a kernel a joined student owns, so they pass every check but the
body's; students' browsers send the join form; a student's own JupyterLab sends attempts with its token. Bodies
are random JSON values: wrong types, huge and negative numbers, long and odd texts, nested lists and objects.
"""

from __future__ import annotations

import html
import json
import random
import re
from typing import Any

from budgets import examples, hunting
from class_games import PUSH_RULES
from test_class_service import Kernel, _joined, run, signed_in_teacher
from tornado.httpclient import AsyncHTTPClient

from push_learn.apps.access import KernelOwners
from push_learn.classroom import Store
from push_learn.classroom.service import ClassService

KERNEL_ACTIONS = ("deal", "result", "progress", "session", "attempt", "record", "table_new", "table_sit",
                  "table_start", "table_state", "table_seen", "table_append", "table_log", "table_lobby")
FIELDS = ("assignment", "record", "token", "table", "seat", "game", "level", "players", "options", "notebook",
          "exercise", "answer", "correct", "action", "step", "ends")
"""The fields the service's requests read, each given junk (and some given something near right)."""

TEACHER_ACTIONS = ("create", "assign", "delete", "pause", "resume", "bot", "idle", "", "drop tables")
TEACHER_FIELDS = ("code", "name", "variant", "level", "players", "deal", "confirm", "table", "seat", "seconds",
                  "roll_your_own", "substitution")
"""The teacher's form: its actions (and two it does not have) and the fields they read."""
SAID = re.compile(r'<p class="pl-wrong" role="status">(.*?)</p>', re.S)
DONE = re.compile(r'<p class="pl-ok" role="status">(.*?)</p>', re.S)

REFUSALS = {400, 403, 404, 409, 413}
LONGEST = 400
"""The longest refusal allowed: one sentence, naming a bad value cut short, never the whole of it."""


def junk(rng: random.Random, depth: int = 0) -> Any:
    """A random JSON value, likelier to be odd than plausible."""
    pick = rng.randrange(12 if depth < 2 else 8)
    if pick == 0:
        return None
    if pick == 1:
        return rng.random() < 0.5
    if pick == 2:
        return rng.choice([0, 1, -1, 7, 2**31, 2**63, -(2**63) - 1, 10**30, -(10**40)])
    if pick == 3:
        return rng.choice([0.5, -2.5, 1e308, -1e-300])
    if pick == 4:
        return rng.choice(["", " ", "0", "12", "1.5", "-3", "NaN", "push", "brag", "7H", "Ann", "null", "\u00e9\u2665"])
    if pick == 5:
        return rng.choice(["x", "\u2665", "9", "{"]) * rng.choice([50, 400, 5000])
    if pick == 6:
        return "".join(chr(rng.randrange(1, 0x2FFF)) for _ in range(rng.randrange(1, 30)))
    if pick == 7:
        return rng.choice(["{}", "[]", '{"actions": 5}', '{"game": "push", "version": 99}'])
    if pick < 10:
        return [junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(FIELDS): junk(rng, depth + 1) for _ in range(rng.randrange(4))}


def junk_text(rng: random.Random) -> str:
    """A form field's text: junk, or now and then something near right."""
    value = junk(rng)
    return value if isinstance(value, str) else json.dumps(value)


def junk_body(rng: random.Random) -> dict[str, Any]:
    """A request body: some of the service's fields with junk, sometimes a stray field named by junk text."""
    body = {field: junk(rng) for field in rng.sample(FIELDS, rng.randrange(1, 6))}
    if rng.random() < 0.2:
        body[junk_text(rng)] = junk(rng)
    return body


def snapshot(store: Store, code: str) -> str:
    """Everything the store keeps for class ``code``, as text to compare."""
    return json.dumps({
        "students": [s.name for s in store.students(code)],
        "csv": store.export_csv(code),
        "tables": [(t.id, t.status, t.steps) for t in store.tables(code, finished=True)],
    }, sort_keys=True, default=str)


def check_refusal(code: int, answer: dict[str, Any], what: str) -> None:
    """A refusal with a status that says so and one short sentence."""
    assert code in REFUSALS, f"{what}: answered {code} {answer}"
    error = answer.get("error")
    assert isinstance(error, str) and error.strip(), f"{what}: no reason given ({answer})"
    assert len(error) <= LONGEST, f"{what}: a refusal of {len(error)} characters: {error[:200]}…"


def test_malformed_requests_are_refused_in_words_and_change_nothing(store: Store) -> None:
    async def scenario(store: Store, service: ClassService, owners: KernelOwners, base: str, port: int) -> None:
        client = AsyncHTTPClient()
        new = store.create_class("Year 9")
        today = store.assign(new.code, "push", "push", PUSH_RULES, deal_number=5)
        ann = await _joined(client, base, new.code, "Ann")
        owners.record("kernel-of-ann", ann.session(port))
        kernel = Kernel(client, base, "kernel-of-ann")
        code, answer = await kernel.send("deal", {"assignment": today.id})
        assert code == 200, answer
        before = snapshot(store, new.code)
        seed = random.randrange(2**32) if hunting() else 20261204
        print(f"junk drawn with random.Random({seed})")  # shown with a failure: the same junk again
        rng = random.Random(seed)
        accepted = 0

        def judge(code: int, answer: dict[str, Any], what: str) -> None:
            """A refusal that changed nothing; or junk around right fields, ignored as a request's extra fields are
            (the lobby, a new table's defaults, table 1, an attempt naming its notebook, exercise and result)."""
            nonlocal accepted, before
            if code == 200:
                accepted += 1
                before = snapshot(store, new.code)
                return
            check_refusal(code, answer, what)
            assert snapshot(store, new.code) == before, f"{what}: the store changed"

        for _ in range(examples(60)):
            action, body = rng.choice(KERNEL_ACTIONS), junk_body(rng)
            judge(*await kernel.send(action, body), f"{action} {json.dumps(body)[:300]}")
        assert accepted <= examples(60) // 3, f"{accepted} junk requests accepted: the junk is too tame to test"
        for _ in range(examples(20)):
            body = junk_body(rng)
            reply = await ann.send("POST", "/push_learn/class/join", {"code": junk(rng), "name": junk(rng), **body})
            check_refusal(reply.code, json.loads(reply.body), f"join {body}")
            assert snapshot(store, new.code) == before
        token = json.loads((await ann.send("GET", "/push_learn/class/join")).body)["token"]
        for _ in range(examples(20)):
            body = junk_body(rng)
            reply = await client.fetch(f"{base}/push_learn/class/attempt", method="POST", body=json.dumps(body),
                                       headers={"Authorization": f"token {token}"}, raise_error=False)
            judge(reply.code, json.loads(reply.body), f"attempt {json.dumps(body)[:300]}")

    run(store, scenario)


def test_a_teachers_junk_form_is_refused_in_words_never_a_server_error(store: Store) -> None:
    async def scenario(store: Store, service: ClassService, owners: KernelOwners, base: str, port: int) -> None:
        client = AsyncHTTPClient()
        teacher = await signed_in_teacher(client, base)
        new = store.create_class("Year 9")
        seed = random.randrange(2**32) if hunting() else 20261205
        print(f"junk drawn with random.Random({seed})")
        rng = random.Random(seed)
        refused = 0
        for _ in range(examples(40)):
            form = {field: junk_text(rng) for field in rng.sample(TEACHER_FIELDS, rng.randrange(1, 6))}
            form["action"] = rng.choice(TEACHER_ACTIONS)
            if rng.random() < 0.5:
                form["code"] = new.code
            if form["action"] == "delete":
                form["confirm"] = "no"  # the class stays for the next forms
            reply = await teacher.send("POST", "/push_learn/teacher", form, form=True)
            what = json.dumps(form)[:300]
            if reply.code == 303:  # done: the page shown next says so in a short sentence
                shown = await teacher.send("GET", reply.headers["Location"])
                done = DONE.search(shown.body.decode())
                assert done, f"{what}: the page says nothing"
                said = html.unescape(done.group(1))
                assert said and len(said) <= LONGEST, f"{what}: said {said[:200]}"
                continue
            assert reply.code == 400, f"{what}: answered {reply.code}"
            refused += 1
            message = SAID.search(reply.body.decode())
            assert message, f"{what}: the page says nothing"
            text = html.unescape(message.group(1))
            assert text.strip() and len(text) <= LONGEST, f"{what}: a refusal of {len(text)} characters"
        assert refused >= examples(40) // 2, f"only {refused} junk forms refused: the junk is too tame to test"

    run(store, scenario)
