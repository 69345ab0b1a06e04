"""Benchmark: a class on a local JupyterHub, against the same class on one ``push-learn serve``; a sizing table.

The hub is the one the hub tests run (``push_learn.apps.hub_harness``: JupyterHub and its proxy, a
local process per student, the class store's service on PostgreSQL, the idle culler). Students are
light clients in one asyncio process (as ``benchmarks/capacity.py``'s, so that no browser eats the cores
being measured); each, arriving at a random moment within ``--arrival`` seconds:

1. logs in on the hub's form with the class password, asks for their server and waits for it;
2. opens Meld Lab through Voilà in their own server and asks its kernel for the widgets' state.
   **Login to interactive**: arrival -> that state received;
3. once every student has an interactive page (or failed), all click a card every ``--every`` seconds
   (the anywidget message) for ``--linger`` seconds. **Click**: message sent -> the repainted state
   received, with every student active;
4. leaves without a word (websocket closed, server and kernel left running).

Memory per student is read while everyone clicks: the resident memory (RSS) and own memory (USS) of
each student's Jupyter server plus its kernel. Then the benchmark waits for the culler and reports
what is left (servers the hub knows, processes of students). The same class then runs on one
``push-learn serve`` (``capacity.run_class``, same arrival, linger and clicks) as the baseline, and
the table says how many students a core and a GiB hold with each; the ratio column compares the hub
to that baseline from the same run.

Run: .venv/bin/python benchmarks/hub.py [--students 30] [--arrival 30] [--linger 30] [--every 3]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import psutil  # type: ignore[import-untyped]
from capacity import MIB, Figures, run_class

from push_learn.apps.catalogue import DASHBOARDS, notebook_text
from push_learn.apps.harness import ServerError, start_server, stop_server
from push_learn.apps.hub_harness import Hub, Student, start_hub, stop_hub
from push_learn.classroom.pgserver import TempPostgres


@dataclass
class HubFigures:
    """What the hub run measured."""

    students: int
    started: int = 0
    interactive: list[float] = field(default_factory=list)
    server_ready: list[float] = field(default_factory=list)
    clicks: list[float] = field(default_factory=list)
    rss: list[int] = field(default_factory=list)
    uss: list[int] = field(default_factory=list)
    hub_rss: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    left_servers: int = -1
    left_processes: int = -1
    freed_after: float = 0.0
    load: tuple[float, float] = (0.0, 0.0)


def _quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else float("nan")


async def _arrive(hub: Hub, number: int, arrive: float, figures: HubFigures) -> Student | None:
    """One student arrives, logs in and opens Meld Lab; None (the error counted) if they never got there."""
    student = Student(hub, f"student{number:02d}")
    await asyncio.sleep(arrive)
    arrived = time.monotonic()
    step = "login"
    try:
        await student.log_in()
        step = "server and page"
        await student.open_dashboard(seed=number)
        figures.server_ready.append(student.times["server"])
        step = "kernel"
        await student.connect()
        figures.interactive.append(time.monotonic() - arrived)
        return student
    except (ServerError, ConnectionError, OSError, asyncio.TimeoutError, KeyError, ValueError) as error:
        figures.errors[f"{step}: {type(error).__name__}: {str(error)[:80]}"] += 1
        student.leave()
        return None


async def _clicks(student: Student, stop: float, every: float, figures: HubFigures) -> None:
    """Click a card every ``every`` seconds (on average) until ``stop``; each answer's time is a click."""
    rng = random.Random(student.name)
    try:
        while time.monotonic() + every < stop:
            await asyncio.sleep(every * rng.uniform(0.5, 1.5))
            sent = time.monotonic()
            await student.click(rng.randrange(10))
            figures.clicks.append(time.monotonic() - sent)
    except (ServerError, ConnectionError, OSError, asyncio.TimeoutError, KeyError, ValueError) as error:
        figures.errors[f"click: {type(error).__name__}: {str(error)[:80]}"] += 1


def _memory(hub: Hub, figures: HubFigures) -> None:
    """Each student's server plus its kernels: RSS and USS summed per student; the hub's own RSS."""
    with contextlib.suppress(psutil.Error):
        figures.hub_rss = psutil.Process(hub.process.pid).memory_info().rss
    for process in hub.user_processes():
        with contextlib.suppress(psutil.Error):
            if "singleuser" not in " ".join(process.cmdline()):
                continue
            rss = uss = 0
            for part in (process, *process.children(recursive=True)):
                info = part.memory_full_info()
                rss, uss = rss + info.rss, uss + info.uss
            figures.rss.append(rss)
            figures.uss.append(uss)


async def _class(hub: Hub, students: int, arrival: float, linger: float, every: float, seed: int) -> HubFigures:
    """Everyone arrives and gets an interactive page; then all of them click at once for ``linger`` seconds."""
    figures = HubFigures(students)
    rng = random.Random(seed)
    arrivals = sorted(rng.uniform(0, arrival) for _ in range(students))
    arrived = await asyncio.gather(*(_arrive(hub, n, at, figures) for n, at in enumerate(arrivals)))
    present = [student for student in arrived if student is not None]
    figures.started = len(hub.servers())
    memory_at = asyncio.get_running_loop().call_later(linger / 2, _memory, hub, figures)
    stop = time.monotonic() + linger
    await asyncio.gather(*(_clicks(student, stop, every, figures) for student in present))
    memory_at.cancel()
    if not figures.rss:
        _memory(hub, figures)
    for student in present:
        student.leave()
    return figures


def run_hub(students: int, arrival: float, linger: float, every: float, seed: int) -> HubFigures:
    """Start the hub, run the class, wait for the culler; the figures."""
    with TempPostgres() as database, tempfile.TemporaryDirectory(prefix="push_learn_hub_bench_") as scratch:
        hub = start_hub(Path(scratch), database.url)
        try:
            load = os.getloadavg()[0]
            figures = asyncio.run(_class(hub, students, arrival, linger, every, seed))
            figures.freed_after = hub.wait_until_culled()
            figures.left_servers, figures.left_processes = len(hub.servers()), len(hub.user_processes())
            figures.load = (load, os.getloadavg()[0])
        finally:
            stop_hub(hub)
    return figures


def run_serve(students: int, arrival: float, linger: float, every: float, seed: int) -> Figures:
    """The same class on one ``push-learn serve`` (Meld Lab only, default settings), as capacity.py runs it."""
    (meld_lab,) = [info for info in DASHBOARDS if info.slug == "meld_lab"]
    with tempfile.TemporaryDirectory(prefix="push_learn_hub_bench_serve_") as scratch:
        folder = Path(scratch) / "dashboards"
        folder.mkdir()
        (folder / meld_lab.notebook).write_text(notebook_text(meld_lab), encoding="utf-8")
        server = start_server(Path(scratch) / "serve.log", ["--root", str(folder), "--cull-idle", "60"])
        try:
            return asyncio.run(run_class(server, students, arrival, linger, every, seed))
        finally:
            stop_server(server.process)


def report(hub: HubFigures, serve: Figures | None) -> str:
    """The figures and the sizing table, as text."""
    cores = os.cpu_count() or 1
    lines = [f"== a class of {hub.students} on a local JupyterHub ({cores} cores; load average "
             f"{hub.load[0]:.1f} at the start, {hub.load[1]:.1f} at the end)",
             f"servers started: {hub.started} of {hub.students}; errors: {sum(hub.errors.values())} "
             f"{dict(hub.errors) if hub.errors else ''}"]
    if hub.interactive:
        lines.append(f"login to interactive dashboard: median {statistics.median(hub.interactive):.1f} s, "
                     f"p95 {_quantile(hub.interactive, 0.95):.1f} s, worst {max(hub.interactive):.1f} s "
                     f"(server ready: median {statistics.median(hub.server_ready):.1f} s)")
    if hub.clicks:
        lines.append(f"click with every student active: median {1000 * statistics.median(hub.clicks):.0f} ms, "
                     f"p95 {1000 * _quantile(hub.clicks, 0.95):.0f} ms, worst {1000 * max(hub.clicks):.0f} ms "
                     f"({len(hub.clicks)} clicks)")
    per_rss = statistics.median(hub.rss) / MIB if hub.rss else float("nan")
    per_uss = statistics.median(hub.uss) / MIB if hub.uss else float("nan")
    lines.append(f"memory per student (their server + Meld Lab's kernel): RSS {per_rss:.0f} MiB, own (USS) "
                 f"{per_uss:.0f} MiB; the hub itself {hub.hub_rss / MIB:.0f} MiB")
    lines.append(f"after culling ({hub.freed_after:.0f} s after everyone left): {hub.left_servers} servers, "
                 f"{hub.left_processes} student processes left"
                 + (" - everything freed" if hub.left_servers == 0 == hub.left_processes else " - NOT freed"))
    rows = [("local hub", hub.students, per_uss, _quantile(hub.interactive, 0.95))]
    if serve is not None and serve.kernel_uss:
        kernel = statistics.median(serve.kernel_uss) / MIB
        server = max(serve.server_rss) / MIB if serve.server_rss else 0.0
        per = kernel + server / serve.students
        rows.insert(0, ("push-learn serve", serve.students, per, _quantile(serve.interactive, 0.95)))
        lines.append(f"baseline push-learn serve, same class: interactive median "
                     f"{statistics.median(serve.interactive):.1f} s, p95 {_quantile(serve.interactive, 0.95):.1f} s; "
                     f"click p95 {1000 * _quantile(serve.clicks, 0.95):.0f} ms; errors {sum(serve.errors.values())}")
    lines.append("")
    lines.append("| how | class measured | MiB per student | students per GiB | students per core "
                 "(class / cores, at the p95 beside) | p95 to interactive |")
    lines.append("|---|---|---|---|---|---|")
    for how, count, mib, p95 in rows:
        lines.append(f"| {how} | {count} | {mib:.0f} | {1024 / mib:.0f} | {count / cores:.0f} | {p95:.1f} s |")
    if len(rows) == 2:
        lines.append(f"ratio hub / serve: memory per student x{rows[1][2] / rows[0][2]:.2f}, "
                     f"p95 to interactive x{rows[1][3] / rows[0][3]:.2f}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the hub class, then the same class on ``push-learn serve``, and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30, help="class size (default %(default)s)")
    parser.add_argument("--arrival", type=float, default=30.0, help="seconds over which students arrive")
    parser.add_argument("--linger", type=float, default=30.0, help="seconds of clicking once everyone is in")
    parser.add_argument("--every", type=float, default=3.0, help="mean seconds between two clicks of a student")
    parser.add_argument("--seed", type=int, default=1, help="seed of the arrival times")
    parser.add_argument("--no-serve", action="store_true", help="skip the push-learn serve baseline")
    args = parser.parse_args(argv)
    if not 1 <= args.students <= 100:
        parser.error("--students must be between 1 and 100")
    if not 0 < args.arrival <= 600 or not 0 < args.linger <= 600 or not 0.2 <= args.every <= 60:
        parser.error("--arrival and --linger must be 0 to 600 seconds, --every 0.2 to 60")
    hub = run_hub(args.students, args.arrival, args.linger, args.every, args.seed)
    serve = None if args.no_serve else run_serve(args.students, args.arrival, args.linger, args.every, args.seed)
    print(report(hub, serve), flush=True)
    return 0 if hub.left_servers == 0 == hub.left_processes and not hub.errors else 1


if __name__ == "__main__":
    sys.exit(main())
