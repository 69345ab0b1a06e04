"""Benchmark: how many students one ``push-learn serve`` holds on this machine, measured with light clients.

Each student is a light client in one asyncio process, not a browser (twenty Chromium pages on two
cores would measure the browsers): it does what a student's page does on the wire, on 127.0.0.1 only.

1. arrives at a random moment within ``--arrival`` seconds (seeded) and asks for Meld Lab with its own
   cookies (the server gives it a session, and a kernel bound to that session);
2. reads the kernel's id from the page, opens the kernel's websocket (the Jupyter protocol, JSON
   frames) and asks for the widgets' state as ipywidgets' page manager does (``request_states`` on
   ``jupyter.widget.control``). **Time to an interactive page**: arrival -> that state received;
   Behind ``--max-starting``, a student shown the queue page asks again as the page does (the wait counts);
3. clicks a card every ``--every`` seconds (the anywidget message the page sends, ``toggle``) until
   ``--linger`` seconds after the last student arrived. **Click**: message sent -> the widget's
   repainted state received;
4. leaves as a closed tab does: websocket closed, Voila's shutdown request sent.

While it runs, the server's resident memory and its kernels' (count and sum) are sampled every two
seconds; each kernel's own memory (USS) is read once, when every student is clicking. Every wait
has a timeout; a timeout or a refusal is counted as an error, with its kind. What a light client
leaves out: the page's scripts and styles (the same static files for every student, cached by the
browser after the first) and the browser's own rendering time (about 1 s more on a laptop).

Run: .venv/bin/python benchmarks/capacity.py [--students 20 40] [--pool-size 1] [--max-starting 4] [--arrival 60]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import psutil  # type: ignore[import-untyped]
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

from push_learn.apps.admission import RETRY_SECONDS
from push_learn.apps.catalogue import DASHBOARDS, notebook_text
from push_learn.apps.harness import Server, kernel_message, kernel_processes, start_server, stop_server
from push_learn.apps.serve import ServeOptions

MIB = 1024 * 1024
MAX_STUDENTS = 100
"""The most light clients one run may start (the machine's limit is far below)."""
STEP_TIMEOUT = 120.0
"""Seconds any one step (a page, a websocket, an answer) may take before it counts as an error."""


@dataclass
class Figures:
    """What one run measured."""

    students: int
    interactive: list[float] = field(default_factory=list)
    page: list[float] = field(default_factory=list)
    clicks: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    server_rss: list[int] = field(default_factory=list)
    kernels: list[int] = field(default_factory=list)
    kernels_rss: list[int] = field(default_factory=list)
    kernel_uss: list[int] = field(default_factory=list)
    queued: set[int] = field(default_factory=set)
    """Students who were shown the queue page at least once (``--max-starting``)."""
    load: tuple[float, float] = (0.0, 0.0)
    """The machine's one-minute load average when the run started and when it ended (others' work shows here)."""


def _now_iso() -> str:
    return datetime.now(timezone.utc).isoformat()


class KernelSocket:
    """One student's connection to its kernel: Jupyter messages as JSON text frames, answers by parent id."""

    def __init__(self, connection: WebSocketClientConnection) -> None:
        self.connection = connection
        self.session = uuid.uuid4().hex
        self.widget_updates: dict[str, asyncio.Queue[dict[str, Any]]] = {}
        self.replies: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.reader = asyncio.ensure_future(self._read())

    def send(
        self, msg_type: str, content: dict[str, Any], channel: str = "shell", metadata: dict[str, Any] | None = None
    ) -> str:
        """Send one message; return its id."""
        msg_id = uuid.uuid4().hex
        header = {
            "msg_id": msg_id,
            "username": "student",
            "session": self.session,
            "msg_type": msg_type,
            "version": "5.3",
            "date": _now_iso(),
        }
        message = {
            "header": header,
            "parent_header": {},
            "metadata": metadata or {},
            "content": content,
            "channel": channel,
            "buffers": [],
        }
        self.connection.write_message(json.dumps(message))
        return msg_id

    def answer_to(self, msg_id: str) -> asyncio.Future[dict[str, Any]]:
        """The first comm message sent in reply to ``msg_id`` (parent header), as a future."""
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.replies[msg_id] = future
        return future

    async def _read(self) -> None:
        while True:
            frame = await self.connection.read_message()
            if frame is None:
                for future in self.replies.values():
                    if not future.done():
                        future.set_exception(ConnectionError("the kernel's websocket closed"))
                return
            message = kernel_message(frame)
            if message.get("msg_type", message.get("header", {}).get("msg_type")) != "comm_msg":
                continue
            parent = str(message.get("parent_header", {}).get("msg_id", ""))
            if parent not in self.replies:
                continue
            future = self.replies.pop(parent)
            if not future.done():
                future.set_result(message)

    def close(self) -> None:
        """Close the websocket (as a closing tab does)."""
        self.reader.cancel()
        self.connection.close()


def _cookies(reply_headers: Any, jar: dict[str, str]) -> None:
    for header in reply_headers.get_list("Set-Cookie"):
        name, _, rest = header.partition("=")
        jar[name.strip()] = rest.split(";")[0]


def _cookie_header(jar: dict[str, str]) -> str:
    return "; ".join(f"{name}={value}" for name, value in jar.items())


async def _open_page(client: AsyncHTTPClient, url: str, jar: dict[str, str]) -> str:
    """GET a page with the student's cookies (keeping those it sets); return its HTML."""
    reply = await client.fetch(
        HTTPRequest(url, headers={"Cookie": _cookie_header(jar)}, request_timeout=STEP_TIMEOUT, follow_redirects=False)
    )
    _cookies(reply.headers, jar)
    return reply.body.decode("utf-8", errors="replace")


def _meld_explorer(states: dict[str, Any]) -> str:
    """The model id of the page's Meld Lab widget among the states ipywidgets sent."""
    for model_id, model in states.items():
        state = model.get("state", {})
        if "state" in state and "_esm" in state and "cards" in json.dumps(state.get("state"))[:100_000]:
            return str(model_id)
    for model_id, model in states.items():
        if "_esm" in model.get("state", {}):
            return str(model_id)
    raise LookupError("no anywidget on the page")


async def student(
    number: int, server: Server, start: float, arrive: float, stop: float, every: float, figures: Figures
) -> None:
    """One student: arrive, open Meld Lab, click until ``stop``, leave. Errors are counted, not raised."""
    rng = random.Random(number)
    await asyncio.sleep(max(0.0, start + arrive - time.monotonic()))
    arrived = time.monotonic()
    client = AsyncHTTPClient()
    jar: dict[str, str] = {}
    socket: KernelSocket | None = None
    step = "page"
    try:
        page_url = f"{server.url}voila/render/meld_lab.ipynb?seed={number}"
        html = await _open_page(client, page_url, jar)
        while 'class="pl-queue"' in html and time.monotonic() - arrived < STEP_TIMEOUT:  # queued: ask again
            figures.queued.add(number)
            await asyncio.sleep(RETRY_SECONDS)
            html = await _open_page(client, page_url, jar)
        figures.page.append(time.monotonic() - arrived)
        found = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', html)
        if found is None:
            figures.errors["page without a kernel"] += 1
            return
        kernel = found.group(1)
        step = "websocket"
        ws_url = server.url.replace("http://", "ws://") + f"api/kernels/{kernel}/channels?session_id={uuid.uuid4().hex}"
        connection = await asyncio.wait_for(
            websocket_connect(HTTPRequest(ws_url, headers={"Cookie": _cookie_header(jar)})), STEP_TIMEOUT
        )
        socket = KernelSocket(connection)
        step = "widget state"
        control = uuid.uuid4().hex
        socket.send(
            "comm_open",
            {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
            metadata={"version": "1.0.0"},  # ipywidgets' control protocol, as its page manager sends it
        )
        asked = socket.send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        states = await asyncio.wait_for(socket.answer_to(asked), STEP_TIMEOUT)
        figures.interactive.append(time.monotonic() - arrived)
        widget = _meld_explorer(states["content"]["data"].get("states", {}))
        step = "click"
        while time.monotonic() + every < stop:
            await asyncio.sleep(every * rng.uniform(0.5, 1.5))
            sent = time.monotonic()
            toggle = {"type": "toggle", "i": rng.randrange(10)}
            msg = socket.send("comm_msg", {"comm_id": widget, "data": {"method": "custom", "content": toggle}})
            await asyncio.wait_for(socket.answer_to(msg), STEP_TIMEOUT)
            figures.clicks.append(time.monotonic() - sent)
        step = "leaving"
        socket.close()
        socket = None
        xsrf = jar.get("_xsrf", "")
        with contextlib.suppress(HTTPClientError):
            await client.fetch(
                HTTPRequest(
                    f"{server.url}voila/api/shutdown/{kernel}",
                    method="POST",
                    body=b"",
                    headers={"Cookie": _cookie_header(jar), "X-XSRFToken": xsrf},
                    request_timeout=STEP_TIMEOUT,
                )
            )
    except asyncio.TimeoutError:
        figures.errors[f"{step}: no answer within {STEP_TIMEOUT:.0f} s"] += 1
    except (HTTPClientError, ConnectionError, OSError, LookupError, KeyError, ValueError) as error:
        figures.errors[f"{step}: {type(error).__name__}: {str(error)[:80]}"] += 1
    finally:
        if socket is not None:
            socket.close()


async def sample_memory(server: Server, figures: Figures, until: float, uss_at: float) -> None:
    """Every two seconds: the server's RSS, its kernels' count and summed RSS; once at ``uss_at``: each
    kernel's USS (what it alone holds)."""
    process = psutil.Process(server.process.pid)
    took_uss = False
    while time.monotonic() < until:
        with contextlib.suppress(psutil.Error):
            server_rss = process.memory_info().rss
            kernels = kernel_processes(server.process)
            figures.server_rss.append(server_rss)
            figures.kernels.append(len(kernels))
            total = 0
            for kernel in kernels:
                with contextlib.suppress(psutil.Error):
                    total += kernel.memory_info().rss
            figures.kernels_rss.append(total)
            if not took_uss and time.monotonic() >= uss_at:
                took_uss = True
                for kernel in kernels:
                    with contextlib.suppress(psutil.Error):
                        figures.kernel_uss.append(kernel.memory_full_info().uss)
        await asyncio.sleep(2.0)


async def run_class(server: Server, students: int, arrival: float, linger: float, every: float, seed: int) -> Figures:
    """Drive ``students`` light clients against ``server``; return the figures."""
    AsyncHTTPClient.configure(None, max_clients=MAX_STUDENTS * 2)
    figures = Figures(students=students)
    load_before = os.getloadavg()[0]
    rng = random.Random(seed)
    arrivals = sorted(rng.uniform(0, arrival) for _ in range(students))
    start = time.monotonic()
    stop = start + arrival + linger
    sampler = asyncio.ensure_future(sample_memory(server, figures, stop + 5, start + arrival + linger / 2))
    await asyncio.wait_for(
        asyncio.gather(*(student(n, server, start, at, stop, every, figures) for n, at in enumerate(arrivals))),
        timeout=arrival + linger + 3 * STEP_TIMEOUT,
    )
    sampler.cancel()
    figures.load = (load_before, os.getloadavg()[0])
    return figures


def _quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def report(figures: Figures, pool_size: int, max_starting: int) -> str:
    """The figures of one run, as lines to print."""
    lines = [f"{figures.students} students (--pool-size {pool_size}, --max-starting {max_starting}):"]
    if max_starting:
        lines.append(f"  queue page        shown to {len(figures.queued)} students")
    if figures.interactive:
        lines.append(
            f"  interactive page  p50 {statistics.median(figures.interactive):5.2f} s   "
            f"p95 {_quantile(figures.interactive, 0.95):5.2f} s   max {max(figures.interactive):5.2f} s   "
            f"({len(figures.interactive)} pages; HTML alone p50 {statistics.median(figures.page):.2f} s)"
        )
    if figures.clicks:
        lines.append(
            f"  click             p50 {1000 * statistics.median(figures.clicks):5.0f} ms  "
            f"p95 {1000 * _quantile(figures.clicks, 0.95):5.0f} ms  max {1000 * max(figures.clicks):5.0f} ms  "
            f"({len(figures.clicks)} clicks)"
        )
    if figures.server_rss:
        lines.append(
            f"  memory            server peak {max(figures.server_rss) / MIB:.0f} MiB RSS; "
            f"kernels peak {max(figures.kernels)} holding {max(figures.kernels_rss) / MIB:.0f} MiB RSS in all"
        )
    if figures.kernel_uss:
        lines.append(
            f"                    each kernel's own (USS) median "
            f"{statistics.median(figures.kernel_uss) / MIB:.0f} MiB, "
            f"max {max(figures.kernel_uss) / MIB:.0f} MiB ({len(figures.kernel_uss)} kernels)"
        )
    available = psutil.virtual_memory()
    lines.append(
        f"  machine           {psutil.cpu_count()} cores, {available.total / MIB / 1024:.1f} GiB memory; "
        f"load average {figures.load[0]:.1f} at the start, {figures.load[1]:.1f} at the end"
    )
    if figures.errors:
        lines.append(f"  errors            {sum(figures.errors.values())}:")
        lines.extend(f"    {count} x {kind}" for kind, count in figures.errors.most_common())
    else:
        lines.append("  errors            none")
    return "\n".join(lines)


def _wait_for_pool(server: Server, size: int, timeout: float = 300.0) -> None:
    """Wait (at most ``timeout`` seconds) until the server says its pool of warm kernels is full, then 5 s more."""
    deadline = time.monotonic() + timeout
    while size and time.monotonic() < deadline:
        if f"is filled with {size} kernel" in server.log.read_text(errors="replace"):
            break
        time.sleep(0.5)
    time.sleep(5)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the classes asked for, one fresh server each, and print their figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, nargs="+", default=[20, 40], help="class sizes, one run each")
    parser.add_argument("--pool-size", type=int, default=1, help="warm kernels kept for Meld Lab (push-learn serve)")
    parser.add_argument(
        "--max-starting",
        type=int,
        default=ServeOptions().max_starting,
        help="pages prepared at once (push-learn serve; default %(default)s as serve's; 0: no limit)",
    )
    parser.add_argument("--arrival", type=float, default=60.0, help="seconds over which students arrive")
    parser.add_argument("--linger", type=float, default=30.0, help="seconds of clicking after the last arrival")
    parser.add_argument("--every", type=float, default=3.0, help="mean seconds between two clicks of a student")
    parser.add_argument("--seed", type=int, default=1, help="seed of the arrival times")
    args = parser.parse_args(argv)
    if any(not 1 <= n <= MAX_STUDENTS for n in args.students):
        parser.error(f"--students must be between 1 and {MAX_STUDENTS}")
    if not 0 < args.arrival <= 600 or not 0 < args.linger <= 600 or not 0.2 <= args.every <= 60:
        parser.error("--arrival and --linger must be 0 to 600 seconds, --every 0.2 to 60")
    (meld_lab,) = [info for info in DASHBOARDS if info.slug == "meld_lab"]
    with tempfile.TemporaryDirectory(prefix="push_learn_capacity_") as scratch:
        folder = Path(scratch) / "dashboards"
        folder.mkdir()
        (folder / meld_lab.notebook).write_text(notebook_text(meld_lab), encoding="utf-8")
        for count in args.students:
            log = Path(scratch) / f"serve-{count}.log"
            extra = [
                *("--root", str(folder), "--pool-size", str(args.pool_size), "--cull-idle", "60"),
                *("--max-starting", str(args.max_starting)),
            ]
            server = start_server(log, extra)
            try:
                _wait_for_pool(server, args.pool_size)
                figures = asyncio.run(run_class(server, count, args.arrival, args.linger, args.every, args.seed))
            finally:
                stop_server(server.process)
            print(report(figures, args.pool_size, args.max_starting), flush=True)
            problems = [line for line in log.read_text(errors="replace").splitlines() if "Traceback" in line]
            if problems:
                print(f"  server log: {len(problems)} tracebacks (see {log})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
