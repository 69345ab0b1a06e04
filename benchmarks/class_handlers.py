"""Benchmark: 40 students writing through the class service's HTTP handlers, on SQLite and on PostgreSQL.

``benchmarks/class_store.py`` measures the store's API; this one measures what a student's write costs
through the server: the handlers ``push-learn serve`` mounts for the class (``push_learn.classroom.routes``:
join, the dashboard kernels' signed requests, the teacher's page), with the identity provider that gives
each browser its signed session cookie and the table of kernel owners, in a tornado server of their own
process, on a fresh store. Voila itself is not started: the students' dashboard kernels are simulated
by signed requests naming a kernel id that the server's owner table gives to that student's browser
session, exactly what a kernel's request carries.

Each of the 40 students joins from the landing page's handler, then, with an exponentially distributed
think time between writes (``--think``), posts exercise attempts, and every tenth write plays a deal of
the day: ``deal`` (the opening is written), ``progress`` (the match so far, checked and kept), ``result``
(checked, replayed and scored); every fifth write posts a Three Card Poker trainer session (replayed and
marked). The records are real sealed records made before the clock starts. A teacher refreshes the
teacher's dashboard page once a second. Printed per backend: writes, nothing lost (every accepted id read
back from the store), p50/p95/worst per kind, the teacher refresh, and the ratio to one student alone.

Run: .venv/bin/python benchmarks/class_handlers.py [--seconds 60] [--students 40] [--backend both]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import random
import secrets
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from sqlalchemy import select
from tornado import web
from tornado.httpclient import AsyncHTTPClient

from push_learn.apps.access import KEY_PATH, OWNERS_SETTING, SESSION_COOKIE, ClassKeyIdentityProvider, KernelOwners
from push_learn.classroom import Store
from push_learn.classroom.schema import TABLES
from push_learn.classroom.service import AUTH_HEADER, SERVICE_SETTING, ClassService, request_signature

# The helpers that make real sealed records (the tests' own), and the store benchmark's percentile.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "classroom"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from class_games import PUSH_RULES, sealed_push_record, trainer_record  # type: ignore[import-not-found]
from class_store import BACKENDS, backends, fresh_store_url, print_times

SEAL_KEY = b"handler benchmark sealing key"
TEACHER_KEY = "BENCH-TEACHER"
XSRF = "0123456789abcdef"
KINDS = ("attempt", "deal", "progress", "result", "session")
HALFWAY = 20
"""Moves into a deal at which the match so far is posted (``progress``)."""


def serve_child(url: str, cookie_secret: str, owners: Sequence[tuple[str, str]], ready: Any) -> None:
    """The server process: the class service's handlers on a free port of 127.0.0.1 (put on ``ready``), as
    ``PushLearnVoila`` mounts them."""
    from tornado.httpserver import HTTPServer
    from tornado.ioloop import IOLoop
    from tornado.netutil import bind_sockets

    from push_learn.classroom.routes import handlers

    store = Store(url, seal_key=SEAL_KEY)
    table = KernelOwners()
    for kernel, session in owners:
        table.record(kernel, session)
    provider = ClassKeyIdentityProvider(class_key=None, teacher_key=TEACHER_KEY)
    settings: dict[str, Any] = {SERVICE_SETTING: ClassService(store, SEAL_KEY), OWNERS_SETTING: table}
    app = web.Application([*provider.get_handlers(), *handlers()], cookie_secret=cookie_secret,
                          identity_provider=provider, login_url=KEY_PATH, **settings)
    sockets = bind_sockets(0, "127.0.0.1")
    HTTPServer(app).add_sockets(sockets)
    ready.put(sockets[0].getsockname()[1])
    IOLoop.current().start()


@dataclass
class Tally:
    """Latencies in ms per kind of write, the ids the server gave, and failures."""

    ms: dict[str, list[float]] = field(default_factory=lambda: {kind: [] for kind in KINDS})
    ids: dict[str, list[int]] = field(default_factory=lambda: {"attempt": [], "result": [], "session": []})
    failures: list[str] = field(default_factory=list)

    @property
    def writes(self) -> list[float]:
        """Every write's latency."""
        return [value for values in self.ms.values() for value in values]


@dataclass
class Student:
    """A simulated student: a browser session cookie, a kernel id, and sealed records made beforehand."""

    name: str
    session: str
    kernel: str
    deals: list[tuple[int, str, str]]  # assignment id, the match half-way, the whole match (JSON)
    sessions: list[str]  # trainer session records (JSON)


async def _post(client: AsyncHTTPClient, base: str, student: Student, action: str, payload: dict[str, Any],
                tally: Tally) -> dict[str, Any] | None:
    body = json.dumps({**payload, "kernel": student.kernel}).encode()
    started = time.perf_counter()
    reply = await client.fetch(f"{base}/push_learn/class/kernel/{action}", method="POST", body=body,
                               headers={AUTH_HEADER: request_signature(SEAL_KEY, body)}, raise_error=False)
    tally.ms[action].append((time.perf_counter() - started) * 1000)
    answer = json.loads(reply.body or b"{}")
    if reply.code != 200:
        tally.failures.append(f"{student.name} {action}: {reply.code} {answer.get('error', '')}")
        return None
    return dict(answer)


async def _student(client: AsyncHTTPClient, base: str, port: int, cookie_secret: str, code: str, student: Student,
                   stop_at: float, think: float, rng: random.Random, tally: Tally) -> None:
    cookie = web.create_signed_value(cookie_secret, f"{SESSION_COOKIE}_{port}", student.session).decode()
    joined = await client.fetch(f"{base}/push_learn/class/join", method="POST",
                                body=json.dumps({"code": code, "name": student.name}), raise_error=False,
                                headers={"Cookie": f"{SESSION_COOKIE}_{port}={cookie}; _xsrf={XSRF}",
                                         "X-XSRFToken": XSRF})
    if joined.code != 200:
        tally.failures.append(f"{student.name} join: {joined.code} {joined.body[:200]!r}")
        return
    count = 0
    while time.monotonic() < stop_at:
        if count % 10 == 9 and student.deals:
            assignment, half, whole = student.deals.pop(0)
            if await _post(client, base, student, "deal", {"assignment": assignment}, tally) is not None:
                await _post(client, base, student, "progress", {"assignment": assignment, "record": half}, tally)
                answer = await _post(client, base, student, "result", {"assignment": assignment, "record": whole},
                                     tally)
                if answer is not None:
                    tally.ids["result"].append(int(answer["result"]))
        elif count % 5 == 4 and student.sessions:
            answer = await _post(client, base, student, "session",
                                 {"token": secrets.token_hex(16), "record": student.sessions.pop(0)}, tally)
            if answer is not None:
                tally.ids["session"].append(int(answer["session"]))
        else:
            right = rng.random() < 0.6
            answer = await _post(client, base, student, "attempt", {
                "notebook": f"0{1 + count % 4}-lesson", "exercise": f"ex{count % 7}",
                "answer": "7♥ 8♥ 9♥" if right else rng.choice(["7♥ 8♥", "K♠"]), "correct": right}, tally)
            if answer is not None:
                tally.ids["attempt"].append(int(answer["attempt"]))
        count += 1
        await asyncio.sleep(rng.expovariate(1 / think) if think > 0 else 0)


async def _teacher(client: AsyncHTTPClient, base: str, code: str, stop_at: float, out: list[float]) -> None:
    reply = await client.fetch(base + KEY_PATH, method="POST", follow_redirects=False, raise_error=False,
                               body=urlencode({"key": TEACHER_KEY, "next": "/push_learn/teacher", "for": "teacher",
                                               "_xsrf": XSRF}),
                               headers={"Cookie": f"_xsrf={XSRF}"})
    cookies = "; ".join(header.split(";")[0] for header in reply.headers.get_list("Set-Cookie"))
    while time.monotonic() < stop_at:
        started = time.perf_counter()
        page = await client.fetch(f"{base}/push_learn/teacher?class={code}", headers={"Cookie": cookies},
                                  raise_error=False)
        if page.code == 200 and code in page.body.decode():
            out.append((time.perf_counter() - started) * 1000)
        await asyncio.sleep(1.0)


def _prepare(url: str, students: int, seconds: float, think: float) -> tuple[str, list[Student]]:
    """A class, its deals of the day and every student's sealed records, made before the clock starts."""
    per_student = int(seconds / max(think, 0.05) / 10) + 2
    rng = random.Random(7)
    with Store(url, seal_key=SEAL_KEY) as store:
        code = store.create_class(f"Handlers {students}").code
        deals = [store.assign(code, "push", "push", PUSH_RULES, deal_number=n + 1) for n in range(per_student)]
    made = []
    for n in range(students):
        name = f"Student {n + 1:02d}"
        games = []
        for deal in deals:
            player = rng.randrange(1 << 30)
            half = sealed_push_record(deal.seed, name, SEAL_KEY, player_seed=player, stop_after=HALFWAY)
            games.append((deal.id, half.to_json(), sealed_push_record(deal.seed, name, SEAL_KEY,
                                                                     player_seed=player).to_json()))
        sessions = [trainer_record(name, SEAL_KEY, seed=rng.randrange(1 << 30), rounds=10).to_json()
                    for _ in range(2 * per_student)]
        made.append(Student(name, secrets.token_urlsafe(24), f"kernel-{n}", games, sessions))
    return code, made


def run(url: str, students: int, seconds: float, think: float) -> tuple[Tally, list[float]]:
    """One run: a server process on a fresh class; ``students`` write for ``seconds``; every id read back."""
    code, made = _prepare(url, students, seconds, think)
    cookie_secret = secrets.token_hex(32)
    context = multiprocessing.get_context("spawn")
    ready = context.Queue()
    server = context.Process(target=serve_child, args=(url, cookie_secret, [(s.kernel, s.session) for s in made],
                                                       ready), daemon=True)
    server.start()
    tally, refreshes = Tally(), list[float]()
    try:
        port = int(ready.get(timeout=180))  # queue.Empty when the server never started
        base = f"http://127.0.0.1:{port}"

        async def main() -> None:
            AsyncHTTPClient.configure(None, max_clients=students + 5)
            client = AsyncHTTPClient()
            stop_at = time.monotonic() + seconds
            await asyncio.gather(_teacher(client, base, code, stop_at, refreshes), *(
                _student(client, base, port, cookie_secret, code, student, stop_at, think, random.Random(n), tally)
                for n, student in enumerate(made)))

        asyncio.run(main())
    finally:
        server.terminate()
        server.join(10)
    with Store(url, seal_key=None) as store:
        class_id = store.class_info(code).id
        with store.engine.connect() as conn:
            for kind, table in (("attempt", "attempts"), ("result", "results"), ("session", "trainer_sessions")):
                rows = set(conn.execute(select(TABLES[table].c.id).where(TABLES[table].c.class_id == class_id))
                           .scalars())
                if rows != set(tally.ids[kind]):
                    tally.failures.append(f"read back {table}: {len(set(tally.ids[kind]) - rows)} missing, "
                                          f"{len(rows - set(tally.ids[kind]))} nobody wrote")
        store.delete_class(code)
    return tally, refreshes


def report(backend: str, many: Tally, refreshes: list[float], alone: Tally, seconds: float, students: int) -> None:
    """Print one backend's figures."""
    writes, base = many.writes, alone.writes
    print(f"== {backend}: {students} students through the handlers for {seconds:.0f} s")
    counts = ", ".join(f"{len(many.ms[kind])} {kind}" for kind in KINDS)
    print(f"  writes                 {len(writes)} ({counts}; {len(writes) / seconds:.1f} per second)")
    lost = "yes: every accepted id read back" if not many.failures else f"NO: {len(many.failures)} failures"
    print(f"  nothing lost           {lost}")
    for failure in many.failures[:5]:
        print(f"    {failure}")
    print_times(writes, {kind: many.ms[kind] for kind in KINDS}, refreshes, base)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark on the chosen backends and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=60, help="how long the students write (default 60)")
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds between a student's writes")
    parser.add_argument("--baseline-seconds", type=float, default=15)
    parser.add_argument("--backend", choices=(*BACKENDS, "both"), default="both")
    args = parser.parse_args(argv)
    failed = False
    for backend in backends(args.backend):
        with fresh_store_url(backend) as url:
            alone, _ = run(url, 1, args.baseline_seconds, args.think)
            many, refreshes = run(url, args.students, args.seconds, args.think)
        report(backend, many, refreshes, alone, args.seconds, args.students)
        failed = failed or bool(many.failures or alone.failures)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
