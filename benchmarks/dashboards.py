"""Benchmark: the dashboards under ``push-learn serve``, side by side with the floor (a one-Button notebook).

Measured in one run, on 127.0.0.1 only, with Debian's Chromium driven by Playwright:

1. time to interactive (page opened -> the dashboard's widget painted) of every dashboard and of the
   floor, with a cold kernel (``--pool-size 0``) and with a preheated one (``--pool-size 1``; the
   server is left to go quiet between two loads so the pool is refilled);
2. memory of each dashboard's kernel after it has been used (USS: what the kernel alone holds, and RSS);
3. click latency with ``--sessions`` students' pages open on the same server, each clicking its
   dashboard every ``--every`` seconds from a script in the page (a light load keeping their kernels
   busy), while one more page measures ``--clicks`` clicks on Meld Lab and on the floor: time from the
   click to the repaint carrying the kernel's answer, measured in the page.

Every loop is bounded (counts and timeouts) and the servers are stopped at the end. Targets from the
issue: time to interactive at most 1.25x the floor; under 120 MiB per kernel; p95 click under 300 ms.

Run: .venv/bin/python benchmarks/dashboards.py [--repeats 3] [--sessions 20] [--clicks 40]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

import psutil  # type: ignore[import-untyped]
from playwright.sync_api import Browser, Page, sync_playwright

from push_learn.apps.catalogue import DASHBOARDS, app_class, write_notebooks
from push_learn.apps.harness import (
    CHROMIUM_FLAGS,
    PageWatch,
    Server,
    chromium_executable,
    kernel_processes,
    start_server,
    stop_server,
)

FLOOR = Path(__file__).resolve().parent / "notebooks" / "floor.ipynb"
MIB = 1024 * 1024
LOAD_TIMEOUT_MS = 120_000


@dataclass(frozen=True)
class Target:
    """A notebook to load: how to tell it is interactive, what to click, and how to tell the answer came."""

    name: str
    notebook: str
    ready: str
    """CSS selector of the element that shows the page is interactive."""
    click: str
    """CSS selector of the element a latency click hits."""
    answered: str
    """JavaScript body ``(el, before) => bool``: the kernel's answer has been painted."""
    marker: str
    """JavaScript body ``el => value`` read before the click (passed to ``answered`` as ``before``)."""


FLOOR_TARGET = Target(
    name="floor",
    notebook="floor.ipynb",
    ready=".pl-floor-button",
    click=".pl-floor-button",
    marker="el => el.textContent",
    answered="(el, before) => el.textContent !== before",
)
"""The floor: a single ipywidgets Button whose label the kernel changes on each click."""


CLICKS = {
    "meld_lab": ".pl-root [role=option]",
    "rescue_lab": ".pl-root .pl-btn-choose",
    "push_or_take": ".pl-root .pl-btn-sort-rank",
    "score_sheet": ".pl-deal-chooser button:not(.mod-active)",
    "deal_replayer": ".pl-root .pl-btn-next",
    "play_push": ".pl-root .pl-btn-sort-rank",
}
"""What a click hits in each dashboard: an element whose click the kernel answers with a repaint."""


def dashboard_target(slug: str) -> Target:
    """A dashboard: interactive once its first push_learn widget has painted; clicks hit a card or a button."""
    app = f".{app_class(slug)}"
    return Target(
        name=slug,
        notebook=f"{slug}.ipynb",
        ready=f"{app} .pl-root[data-painted]",
        click=f"{app} {CLICKS[slug]}",
        marker=f"el => document.querySelector('{app} .pl-root').dataset.painted",
        answered=f"(el, before) => document.querySelector('{app} .pl-root').dataset.painted !== before",
    )


def serve_folder(folder: Path, only: Sequence[str] = ()) -> list[Target]:
    """Fill ``folder`` with the floor and the dashboard notebooks (``only`` these if given); floor first."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(FLOOR, folder / FLOOR.name)
    write_notebooks(folder)
    return [FLOOR_TARGET, *(dashboard_target(info.slug) for info in DASHBOARDS if not only or info.slug in only)]


@contextmanager
def running_server(folder: Path, log: Path, pool_size: int) -> Iterator[Server]:
    """``push-learn serve`` on the folder, stopped (with its kernels) on the way out."""
    server = start_server(log, ("--root", str(folder), "--pool-size", str(pool_size), "--cull-idle", "600"))
    try:
        yield server
    except BaseException:
        print(f"push-learn serve log (last lines):\n{server.log_tail(40)}", file=sys.stderr)
        raise
    finally:
        stop_server(server.process)


def server_tree(server: Server) -> list[psutil.Process]:
    """The server process and every process it started."""
    try:
        root = psutil.Process(server.process.pid)
        return [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


def wait_quiet(server: Server, limit: float = 45.0, threshold: float = 8.0) -> None:
    """Wait (at most ``limit`` s) until the server and its kernels use under ``threshold`` % CPU over 0.5 s."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        processes = server_tree(server)
        for process in processes:
            with suppress(psutil.NoSuchProcess):
                process.cpu_percent(None)
        time.sleep(0.5)
        busy = 0.0
        for process in processes:
            with suppress(psutil.NoSuchProcess):
                busy += process.cpu_percent(None)
        if busy < threshold:
            return


def kernel_id(page: Page) -> str:
    """The id of the kernel serving this page (from the page's Jupyter config)."""
    return str(page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"))


def kernel_memory(server: Server, kernel: str) -> tuple[float, float]:
    """(USS, RSS) in MiB of the kernel process with this id."""
    for process in kernel_processes(server.process):
        if any(kernel in part for part in process.cmdline()):
            info = process.memory_full_info()
            return info.uss / MIB, info.rss / MIB
    raise LookupError(f"no kernel process for {kernel}")


def open_target(browser: Browser, server: Server, target: Target, query: str = "seed=4") -> tuple[Page, float]:
    """Open a target in a fresh context; return the page and its time to interactive in seconds."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    watch = PageWatch.attach(context, page)
    started = time.perf_counter()
    page.goto(f"{server.url}voila/render/{target.notebook}?{query}")
    page.locator(target.ready).first.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    elapsed = time.perf_counter() - started
    if watch.problems:
        raise RuntimeError(f"{target.name}: " + "; ".join(watch.problems))
    return page, elapsed


CLICK_AND_WAIT = """
async ([click, marker, answered, count, gap, timeout]) => {
  const markerOf = eval(marker), done = eval(answered), times = [];
  for (let k = 0; k < count; k++) {
    const el = document.querySelector(click);
    const before = markerOf(el);
    const start = performance.now();
    el.click();
    while (!done(el, before)) {
      if (performance.now() - start > timeout) throw new Error("no answer to a click within " + timeout + " ms");
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    times.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, gap));
  }
  return times;
}
"""

BACKGROUND_LOAD = """
([click, every]) => {
  window.__plLoad = setInterval(() => {
    const el = document.querySelector(click);
    if (el) el.click();
  }, every * (0.75 + Math.random() / 2));
}
"""


def click_latencies(page: Page, target: Target, count: int, gap_ms: int = 250) -> list[float]:
    """``count`` clicks measured in the page: click to the painted answer, in milliseconds."""
    times = page.evaluate(CLICK_AND_WAIT, [target.click, target.marker, target.answered, count, gap_ms, 10_000])
    return [float(t) for t in times]


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) by linear interpolation."""
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def measure_loads(browser: Browser, server: Server, targets: Sequence[Target], repeats: int) -> dict[str, list[float]]:
    """Time to interactive of each target, ``repeats`` times, letting the server go quiet before each load."""
    times: dict[str, list[float]] = {t.name: [] for t in targets}
    for _ in range(repeats):
        for target in targets:
            wait_quiet(server)
            page, elapsed = open_target(browser, server, target)
            times[target.name].append(elapsed)
            page.context.close()
    return times


def measure_memory(browser: Browser, server: Server, targets: Sequence[Target]) -> dict[str, tuple[float, float]]:
    """Kernel memory of each target after ten clicks on it."""
    memory = {}
    for target in targets:
        page, _ = open_target(browser, server, target)
        click_latencies(page, target, 10, gap_ms=50)
        wait_quiet(server)
        memory[target.name] = kernel_memory(server, kernel_id(page))
        page.context.close()
    return memory


def measure_under_load(
    browser: Browser, server: Server, targets: Sequence[Target], sessions: int, every: float, clicks: int
) -> tuple[dict[str, list[float]], list[float]]:
    """Open ``sessions`` loaded pages, then time clicks on the measured targets; return latencies and USS."""
    students = [t for t in targets if t.name != "floor"]
    pages = []
    for n in range(sessions):
        target = students[n % len(students)]
        page, _ = open_target(browser, server, target, query=f"seed={100 + n}")
        pages.append((page, target))
    for page, target in pages:
        page.evaluate(BACKGROUND_LOAD, [target.click, every * 1000])
    uss = [kernel_memory(server, kernel_id(page))[0] for page, _ in pages]
    uss.append(psutil.Process(server.process.pid).memory_info().rss / MIB)  # the last entry: the server itself
    measured = {}
    for target in targets:
        if target.name in ("floor", "meld_lab"):
            page, _ = open_target(browser, server, target)
            click_latencies(page, target, 3)  # warm-up
            measured[target.name] = click_latencies(page, target, clicks)
            page.context.close()
    for page, _ in pages:
        page.context.close()
    return measured, uss


def summary(values: Sequence[float]) -> str:
    """Median and worst."""
    return f"{statistics.median(values):7.2f} {max(values):7.2f}"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the three measurements and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="page loads per notebook and kernel kind")
    parser.add_argument("--sessions", type=int, default=20, help="students' pages open during the click test")
    parser.add_argument("--every", type=float, default=3.0, help="seconds between two clicks of a student page")
    parser.add_argument("--clicks", type=int, default=40, help="clicks measured on each measured page")
    parser.add_argument("--only", default="", help="comma-separated dashboards to measure (default: all)")
    args = parser.parse_args(argv)

    executable = chromium_executable()
    with tempfile.TemporaryDirectory(prefix="pl_bench_") as tmp, sync_playwright() as playwright:
        folder = Path(tmp) / "dashboards"
        targets = serve_folder(folder, [slug for slug in args.only.split(",") if slug])
        browser = playwright.chromium.launch(args=list(CHROMIUM_FLAGS), executable_path=executable or None)
        try:
            with running_server(folder, Path(tmp) / "cold.log", pool_size=0) as server:
                cold = measure_loads(browser, server, targets, args.repeats)
            with running_server(folder, Path(tmp) / "warm.log", pool_size=1) as server:
                warm = measure_loads(browser, server, targets, args.repeats)
                memory = measure_memory(browser, server, targets)
                latency, uss = measure_under_load(browser, server, targets, args.sessions, args.every, args.clicks)
        finally:
            browser.close()

    floor_cold = statistics.median(cold["floor"])
    floor_warm = statistics.median(warm["floor"])
    print(f"Time to interactive, seconds ({args.repeats} loads each; median, worst; ratio of medians to the floor)")
    print(f"{'notebook':16} {'cold':>15} {'x floor':>8}   {'preheated':>15} {'x floor':>8}")
    for target in targets:
        c, w = cold[target.name], warm[target.name]
        print(
            f"{target.name:16} {summary(c)} {statistics.median(c) / floor_cold:8.2f}   "
            f"{summary(w)} {statistics.median(w) / floor_warm:8.2f}"
        )
    print("\nKernel memory after use, MiB (USS = the kernel's own pages; RSS includes shared libraries)")
    floor_uss = memory["floor"][0]
    for name, (own, resident) in memory.items():
        print(f"{name:16} USS {own:6.1f}  RSS {resident:6.1f}  ({own / floor_uss:4.2f}x the floor's USS)")
    kernels, server_rss = uss[:-1], uss[-1]
    print(f"students' kernels under load: median USS {statistics.median(kernels):.1f}, worst {max(kernels):.1f}")
    print(f"the Voila server with {args.sessions} students connected: RSS {server_rss:.1f}")
    print(f"\nClick to painted answer, ms, with {args.sessions} students' pages clicking every ~{args.every:g} s")
    for name, times in latency.items():
        print(
            f"{name:16} median {statistics.median(times):6.1f}  p95 {percentile(times, 95):6.1f}  "
            f"worst {max(times):6.1f}  ({len(times)} clicks)"
        )
    if "floor" in latency and "meld_lab" in latency:
        ratio = percentile(latency["meld_lab"], 95) / percentile(latency["floor"], 95)
        print(f"meld_lab p95 / floor p95: {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
