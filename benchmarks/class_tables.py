"""Benchmark: class tables, 8 tables of 4 students playing at once, on SQLite and on PostgreSQL (issue 24).

Each backend gets a fresh store (a SQLite file in a temporary folder; a throwaway PostgreSQL cluster
on 127.0.0.1 that this script starts and stops). Every student is a thread with its own replica;
by default (``--layout server``) all of them share one store, as every kernel's request reaches the
database through the class server's one store; ``--layout processes`` gives each table a process
and a store of its own instead (more writers competing for SQLite's lock). A student polls the
store every ``--poll`` seconds (short polling, as the page does: the table's row, then the log when
it grew), and when it is their turn they move at once with the greedy bot's choice for their seat,
checked by their replica and appended.

Measured: for every action, the time from the moment its student starts appending it to the moment
each of the other three replicas has applied it (the poll that sees it; the page repaints from that
replica right after). Printed per backend: actions, p50/p95/worst latency, and the ratio of the
p95 to a baseline run in the same process with one table alone. Target (issue 24): p95 under 500 ms.
Figures only: timings are never test assertions.

``--game push_stud`` or ``--game screw`` seats the four students at stud tables instead (one hand each,
threshold bots' choices for the students' moves); ``--game brag`` at brag tables (a match of five deals,
the sensible bots' choices for the students' moves).

Run: .venv/bin/python benchmarks/class_tables.py [--tables 8] [--steps 80] [--poll 0.2] [--backend both]
     [--game push]
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import multiprocessing
import os
import statistics
import tempfile
import threading
import time
from collections.abc import Sequence
from typing import Any

from push_learn.classroom import Store
from push_learn.classroom.pgserver import TempPostgres
from push_learn.classroom.table_games import table_rules, table_spec
from push_learn.classroom.tables import StoreLink, TableMoved, TableReplica, bot_rng
from push_learn.rummy.catalogue import rummy_rules
from push_learn.rummy.engine import rules_to_json

NAMES = ("North", "East", "South", "West")
PUSH = rummy_rules("push")
ONE_DEAL = rules_to_json(dataclasses.replace(PUSH, contracts=PUSH.contracts[:1], hand_sizes=PUSH.hand_sizes[:1]))


def _student(store: Store, table_id: int, name: str, steps: int, poll: float, appended: dict[int, float],
             seen_ms: list[float], failures: list[str], lock: threading.Lock) -> None:
    try:
        replica = TableReplica(StoreLink(store, name), table_id)
        bot = replica.spec.bots[replica.spec.default_level]()  # greedy, threshold or sensible
        while replica.step < steps and not replica.match.over:
            before = replica.step
            replica.poll()
            now = time.perf_counter()
            with lock:
                seen_ms.extend((now - appended[step]) * 1000 for step in range(before, replica.step)
                               if step in appended and replica.match.actions[step].seat != replica.seat)
            seat = replica.seat
            if seat is not None and seat in replica.match.to_move:
                action = bot.choose(replica.match.observe(seat), bot_rng(replica.info.seed, replica.step))
                with lock:
                    appended[replica.step] = time.perf_counter()
                with contextlib.suppress(TableMoved):
                    replica.play(action)
                continue
            time.sleep(poll)
    except Exception as exc:  # reported with the figures
        failures.append(f"{name} at table {table_id}: {exc}")


def _tables(args: tuple[str, Sequence[int], int, float]) -> tuple[list[float], list[str], int]:
    """The students of ``table_ids`` as threads of this process, sharing one store."""
    url, table_ids, steps, poll = args
    seen_ms: list[float] = []
    failures: list[str] = []
    lock = threading.Lock()
    store = Store(url, seal_key=None, pool_size=4 * len(table_ids))
    appended: dict[int, dict[int, float]] = {table_id: {} for table_id in table_ids}
    threads = [threading.Thread(target=_student, args=(store, table_id, name, steps, poll, appended[table_id],
                                                       seen_ms, failures, lock))
               for table_id in table_ids for name in NAMES]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    store.close()
    return seen_ms, failures, sum(len(steps_of) for steps_of in appended.values())


def run(url: str, tables: int, steps: int, poll: float, layout: str = "server",
        game: str = "push") -> tuple[list[float], list[str], int]:
    """Play ``tables`` tables of ``game`` with four simulated students for ``steps`` steps each (a stud
    table: one hand); latencies in ms.

    ``server``: every student a thread of one process sharing one store, as the class server's handlers
    share its store (every kernel's request reaches the database through it); ``processes``: one
    process and store per table, as if each table's kernels reached the database themselves.
    """
    store = Store(url, seal_key=None)
    try:
        code = store.create_class("Benchmark").code
        ids = []
        for number in range(tables):
            for name in NAMES:
                store.join(code, name)
            rules = ONE_DEAL if game == "push" else table_rules(game, 4)
            table = store.open_table(code, game, rules, 4, seed=1000 + number, idle_limit_s=0,
                                     bot_level=table_spec(game).default_level)
            for seat, name in enumerate(NAMES):
                store.sit(table.id, name, seat)
            store.start_table(table.id)
            ids.append(table.id)
    finally:
        store.close()
    if layout == "server":
        outcomes = [_tables((url, ids, steps, poll))]
    else:
        with multiprocessing.get_context("spawn").Pool(tables) as pool:
            outcomes = pool.map(_tables, [(url, [table_id], steps, poll) for table_id in ids])
    latencies = [value for seen, _, _ in outcomes for value in seen]
    return latencies, [text for _, failures, _ in outcomes for text in failures], sum(n for _, _, n in outcomes)


def _percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def report(backend: str, many: list[float], alone: list[float], actions: int, failures: list[str],
           tables: int, game: str = "push") -> None:
    """Print one backend's figures."""
    p95, base = _percentile(many, 0.95), _percentile(alone, 0.95)
    print(f"{backend}: {tables} {table_spec(game).title} tables x 4 students, {actions} actions, "
          f"{len(many)} repaints measured")
    print(f"  action -> other replicas: p50 {statistics.median(many):.0f} ms, p95 {p95:.0f} ms, "
          f"worst {max(many):.0f} ms (target p95 < 500 ms: {'met' if p95 < 500 else 'NOT met'})")
    print(f"  baseline, one table alone: p50 {statistics.median(alone):.0f} ms, p95 {base:.0f} ms; "
          f"ratio of p95s {p95 / base:.2f}")
    print(f"  load average while it ran: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"  failures: {len(failures)}" + "".join(f"\n    {text}" for text in failures[:5]))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark on the chosen backends."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--steps", type=int, default=80, help="actions each table plays (a one-deal Push is ~90)")
    parser.add_argument("--poll", type=float, default=0.2, help="seconds between two polls of a page (0.2)")
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--game", choices=("push", "push_stud", "screw", "brag"), default="push",
                        help="the tables' game: a one-deal Push, one hand of Push stud or Screw Your Neighbor, "
                             "or five deals of brag")
    parser.add_argument("--layout", choices=("server", "processes"), default="server",
                        help="one store shared by every student (as the class server), or one process per table")
    options = parser.parse_args(argv)
    backends = ("sqlite", "postgresql") if options.backend == "both" else (options.backend,)
    for backend in backends:
        server: Any = TempPostgres(max_connections=200).start() if backend == "postgresql" else None
        try:
            with tempfile.TemporaryDirectory() as folder:
                url = server.url if server is not None else f"sqlite:///{folder}/class.db"
                alone, _, _ = run(url, 1, options.steps, options.poll, options.layout, options.game)
                many, failures, actions = run(url, options.tables, options.steps, options.poll, options.layout,
                                              options.game)
                report(f"{backend} ({options.layout})", many, alone, actions, failures, options.tables, options.game)
        finally:
            if server is not None:
                server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
