"""Benchmark: the class store under a class of 40 students writing at once, on SQLite and on PostgreSQL.

Each backend gets a fresh store (a SQLite file in a temporary folder; a throwaway PostgreSQL cluster
on 127.0.0.1 that this script starts and stops). Forty simulated students, spread as threads over a
few processes (each process is one "kernel" with its own connection pool, as dashboard kernels are),
write for a bounded time: mostly exercise attempts, and after every ten attempts a real sealed Push
result for the next assigned deal, which the store checks, replays and scores before it counts
(the replay is part of a result's write time). Between writes a student thinks for a random,
exponentially distributed time (``--think``, mean seconds). Meanwhile a teacher refreshes the
dashboard once a second: the leaderboard of the current deal, the class's progress and its students.

Printed per backend: writes done, nothing lost (every write's row read back by its id, and no write
refused or failed), p50/p95/worst write latency (attempts and results apart), the teacher refresh's
p50/p95, and the ratio of the 40 students' write latencies to a baseline run in the same process by
one student alone (same mix, same think time). Targets (issue 23): p95 write under 50 ms, the
teacher's refresh under 300 ms with 40 students. Figures only: timings are never test assertions.

Run: .venv/bin/python benchmarks/class_store.py [--seconds 300] [--students 40] [--backend both]
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import select

from push_learn.classroom import Store
from push_learn.classroom.pgserver import TempPostgres
from push_learn.classroom.schema import TABLES

# The one helper that makes and scores real sealed records (the tests' own; see its docstring).
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "classroom"))
from class_games import PUSH_RULES, score_push, sealed_push_record  # type: ignore[import-not-found]

SEAL_KEY = b"benchmark sealing key"
ATTEMPTS_PER_RESULT = 10


@dataclass
class Outcome:
    """What one process's students wrote: latencies in ms, the ids written, and any failures."""

    attempt_ms: list[float] = field(default_factory=list)
    result_ms: list[float] = field(default_factory=list)
    attempt_ids: list[int] = field(default_factory=list)
    result_ids: list[int] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    def merge(self, other: Outcome) -> None:
        """Add another process's figures to these."""
        for name in ("attempt_ms", "result_ms", "attempt_ids", "result_ids", "failures"):
            getattr(self, name).extend(getattr(other, name))

    @property
    def writes(self) -> int:
        """Writes that the store accepted."""
        return len(self.attempt_ids) + len(self.result_ids)


def _student(store: Store, code: str, name: str, deals: Sequence[tuple[int, int]], stop_at: float, think: float,
             seed: int, out: Outcome, lock: threading.Lock) -> None:
    rng = random.Random(seed)
    store.join(code, name)
    count, next_deal = 0, 0
    while time.monotonic() < stop_at:
        try:
            if count and count % ATTEMPTS_PER_RESULT == 0 and next_deal < len(deals):
                assignment_id, deal_seed = deals[next_deal]
                next_deal += 1
                record = sealed_push_record(deal_seed, name, SEAL_KEY, player_seed=rng.randrange(1 << 30))
                started = time.perf_counter()
                result_id = store.submit_result(assignment_id, name, record).id
                elapsed = (time.perf_counter() - started) * 1000
                with lock:
                    out.result_ms.append(elapsed)
                    out.result_ids.append(result_id)
            else:
                right = rng.random() < 0.6
                answer = "7♥ 8♥ 9♥" if right else rng.choice(["7♥ 8♥", "K♠", "7♥ 9♥"])
                started = time.perf_counter()
                attempt_id = store.record_attempt(code, name, f"0{1 + count % 4}-lesson", f"ex{count % 7}", answer,
                                                  correct=right)
                elapsed = (time.perf_counter() - started) * 1000
                with lock:
                    out.attempt_ms.append(elapsed)
                    out.attempt_ids.append(attempt_id)
            count += 1
        except Exception as exc:  # every failure is counted and printed, never hidden
            with lock:
                out.failures.append(f"{name}: {type(exc).__name__}: {exc}")
        time.sleep(rng.expovariate(1 / think) if think > 0 else 0)


def _kernel(url: str, code: str, names: Sequence[str], deals: Sequence[tuple[int, int]], seconds: float,
            think: float, first: int, synchronous: str) -> Outcome:
    """One process: its students as threads on one store (one pool), for ``seconds``."""
    out, lock = Outcome(), threading.Lock()
    with Store(url, seal_key=SEAL_KEY, score=score_push, pool_size=max(2, len(names)),
               sqlite_synchronous=synchronous) as store:
        stop_at = time.monotonic() + seconds
        # Each student works through the deals from its own starting point, so deals fill in parallel.
        threads = [threading.Thread(target=_student, args=(store, code, name, deals, stop_at, think, first + n,
                                                           out, lock))
                   for n, name in enumerate(names)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    return out


def _kernel_star(args: tuple[Any, ...]) -> Outcome:
    return _kernel(*args)


def _percentile(values: Sequence[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def _teacher(url: str, code: str, assignment_ids: Sequence[int], stop: threading.Event, out: list[float]) -> None:
    with Store(url, seal_key=None, score=score_push, pool_size=2) as store:
        turn = 0
        while not stop.is_set():
            started = time.perf_counter()
            store.leaderboard(assignment_ids[min(turn // 5, len(assignment_ids) - 1)])
            store.progress(code)
            store.students(code)
            out.append((time.perf_counter() - started) * 1000)
            turn += 1
            stop.wait(1.0)


def run(url: str, students: int, processes: int, seconds: float, think: float,
        synchronous: str = "FULL") -> tuple[Outcome, list[float]]:
    """One run on the store at ``url``: a new class, its deals, its students; returns writes and refreshes."""
    with Store(url, seal_key=SEAL_KEY, score=score_push) as store:
        code = store.create_class(f"Benchmark {students}").code
        needed = min(400, int(seconds / max(think, 0.05) / ATTEMPTS_PER_RESULT) + 2)
        assignments = [store.assign(code, "push", "push", PUSH_RULES, deal_number=n + 1) for n in range(needed)]
    deals = [(a.id, a.seed) for a in assignments]
    names = [f"Student {n + 1:02d}" for n in range(students)]
    groups = [names[k::processes] for k in range(processes) if names[k::processes]]
    refreshes: list[float] = []
    stop = threading.Event()
    teacher = threading.Thread(target=_teacher, args=(url, code, [a.id for a in assignments], stop, refreshes))
    teacher.start()
    total = Outcome()
    try:
        context = multiprocessing.get_context("spawn")
        with context.Pool(len(groups)) as pool:
            jobs = [(url, code, group, deals, seconds, think, 1000 * k, synchronous) for k, group in enumerate(groups)]
            for outcome in pool.imap_unordered(_kernel_star, jobs):
                total.merge(outcome)
    finally:
        stop.set()
        teacher.join()
    with Store(url, seal_key=None, score=score_push) as store:
        class_id = store.class_info(code).id
        with store.engine.connect() as conn:
            attempts = TABLES["attempts"]
            results = TABLES["results"]
            stored_attempts = set(conn.execute(select(attempts.c.id).where(attempts.c.class_id == class_id))
                                  .scalars())
            stored_results = set(conn.execute(select(results.c.id).where(results.c.class_id == class_id)).scalars())
        lost = (len(set(total.attempt_ids) - stored_attempts) + len(set(total.result_ids) - stored_results))
        extra = len(stored_attempts - set(total.attempt_ids)) + len(stored_results - set(total.result_ids))
        if lost or extra:
            total.failures.append(f"read back: {lost} writes missing, {extra} rows nobody wrote")
        store.delete_class(code)
    return total, refreshes


def _line(label: str, values: Sequence[float]) -> str:
    if not values:
        return f"  {label:<22} none"
    return (f"  {label:<22} n={len(values):>6}  p50 {statistics.median(values):7.1f} ms  "
            f"p95 {_percentile(values, 0.95):7.1f} ms  worst {max(values):8.1f} ms")


def report(backend: str, many: Outcome, refreshes: list[float], alone: Outcome, seconds: float,
           students: int) -> None:
    """Print one backend's figures."""
    writes = many.attempt_ms + many.result_ms
    base = alone.attempt_ms + alone.result_ms
    print(f"== {backend}: {students} students for {seconds:.0f} s")
    print(f"  writes                 {many.writes} ({len(many.attempt_ids)} attempts, {len(many.result_ids)} "
          f"results; {many.writes / seconds:.1f} per second)")
    lost = "yes: every write read back by its id" if not many.failures else f"NO: {len(many.failures)} failures"
    print(f"  nothing lost           {lost}")
    for failure in many.failures[:5]:
        print(f"    {failure}")
    print_times(writes, {"attempt": many.attempt_ms, "result (replayed)": many.result_ms}, refreshes, base)


def print_times(writes: Sequence[float], kinds: dict[str, Sequence[float]], refreshes: Sequence[float],
                base: Sequence[float]) -> None:
    """Print the write times (all, then by kind), the teacher's refreshes, the one-student baseline, the
    ratio to it and the targets."""
    print(_line("write (all)", writes))
    for kind, times in kinds.items():
        print(_line(f"  {kind}", times))
    print(_line("teacher refresh", refreshes))
    print(_line("baseline: 1 student", base))
    if base and writes:
        print(f"  ratio to the baseline  p50 x{statistics.median(writes) / statistics.median(base):.2f}  "
              f"p95 x{_percentile(writes, 0.95) / _percentile(base, 0.95):.2f}")
    print(f"  targets                p95 write {_percentile(writes, 0.95):.1f} ms (< 50), "
          f"teacher refresh p95 {_percentile(refreshes, 0.95):.1f} ms (< 300)")
    sys.stdout.flush()


BACKENDS = ("sqlite", "postgresql")
"""The class store's backends the benchmarks measure (``--backend both`` runs each in turn)."""


def backends(choice: str) -> tuple[str, ...]:
    """The backends ``--backend`` names: one of ``BACKENDS``, or ``both``."""
    return BACKENDS if choice == "both" else (choice,)


@contextmanager
def fresh_store_url(backend: str) -> Iterator[str]:
    """The URL of a fresh, empty class store on ``backend`` for one run: a SQLite file in a temporary folder, or
    a throwaway PostgreSQL cluster on 127.0.0.1 started here and stopped when the block ends."""
    with tempfile.TemporaryDirectory(prefix="push-learn-bench-") as folder:
        if backend != "postgresql":
            yield f"sqlite:///{Path(folder) / 'class.db'}"
            return
        server = TempPostgres(max_connections=300).start()
        try:
            yield server.url
        finally:
            server.stop()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark on the chosen backends and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=300, help="how long the 40 students write (default 300)")
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--processes", type=int, default=4, help="kernels the students are spread over")
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean seconds a student thinks between writes (default 1: ten times a class's pace)")
    parser.add_argument("--sqlite-synchronous", choices=("FULL", "NORMAL"), default="FULL")
    parser.add_argument("--baseline-seconds", type=float, default=None,
                        help="how long the single student writes (default: a fifth of --seconds, 10 to 60)")
    parser.add_argument("--backend", choices=(*BACKENDS, "both"), default="both")
    args = parser.parse_args(argv)
    baseline = args.baseline_seconds or min(60.0, max(10.0, args.seconds / 5))
    failed = False
    for backend in backends(args.backend):
        with fresh_store_url(backend) as url:
            alone, _ = run(url, 1, 1, baseline, args.think, args.sqlite_synchronous)
            many, refreshes = run(url, args.students, args.processes, args.seconds, args.think,
                                  args.sqlite_synchronous)
        label = f"{backend} (synchronous={args.sqlite_synchronous})" if backend == "sqlite" else backend
        report(label, many, refreshes, alone, args.seconds, args.students)
        failed = failed or bool(many.failures or alone.failures)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
