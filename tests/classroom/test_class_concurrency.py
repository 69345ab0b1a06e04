"""Many writers at once on both backends: nothing is lost, and a result posted twice at once counts once."""

from __future__ import annotations

import threading
from collections.abc import Callable

from class_games import PUSH_RULES, SEAL_KEY, sealed_push_record

from push_learn.classroom import ResultRefused, Store

WRITERS = 16
ATTEMPTS_EACH = 15


def _run_all(targets: list[Callable[[], None]]) -> list[BaseException]:
    errors: list[BaseException] = []
    start = threading.Barrier(len(targets))

    def run(target: Callable[[], None]) -> None:
        try:
            start.wait()
            target()
        except BaseException as exc:  # collected and reported by the test
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(target,)) for target in targets]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    return errors


def test_concurrent_writers_lose_nothing(open_store: Callable[..., Store]) -> None:
    store = open_store()
    code = store.create_class("Busy lesson").code
    assignment = store.assign(code, "push", "push", PUSH_RULES, deal_number=77)
    names = [f"Student {n}" for n in range(WRITERS)]
    records = {name: sealed_push_record(assignment.seed, name, SEAL_KEY, player_seed=n) for n, name in enumerate(names)}
    written: dict[str, list[int]] = {name: [] for name in names}
    kernels = [open_store() for _ in range(4)]  # several kernels, each with its own pool, on one database

    def student(n: int, name: str) -> Callable[[], None]:
        def work() -> None:
            kernel = kernels[n % len(kernels)]
            kernel.join(code, name)
            for k in range(ATTEMPTS_EACH):
                written[name].append(kernel.record_attempt(code, name, "01-cards", f"ex{k % 3}", f"answer {k}",
                                                           correct=k % 2 == 0))
                if k == ATTEMPTS_EACH // 2:
                    kernel.submit_result(assignment.id, name, records[name])
        return work

    assert _run_all([student(n, name) for n, name in enumerate(names)]) == []
    assert len(store.students(code)) == WRITERS
    assert sorted(row.student for row in store.leaderboard(assignment.id)) == sorted(names)
    every_id = [i for ids in written.values() for i in ids]
    assert len(every_id) == len(set(every_id)) == WRITERS * ATTEMPTS_EACH
    progress = store.progress(code)
    assert sum(p.attempts for p in progress) == WRITERS * ATTEMPTS_EACH
    exported = store.export_csv(code)["attempts.csv"].splitlines()
    assert len(exported) == 1 + WRITERS * ATTEMPTS_EACH


def test_the_same_result_posted_at_once_from_many_kernels_counts_once(open_store: Callable[..., Store]) -> None:
    store = open_store()
    code = store.create_class("Race").code
    store.join(code, "Ann")
    assignment = store.assign(code, "push", "push", PUSH_RULES, deal_number=5)
    record = sealed_push_record(assignment.seed, "Ann", SEAL_KEY)
    kernels = [open_store() for _ in range(6)]
    accepted: list[int] = []

    def post(kernel: Store) -> Callable[[], None]:
        def work() -> None:
            try:
                accepted.append(kernel.submit_result(assignment.id, "Ann", record).id)
            except ResultRefused as exc:
                assert "already has a result" in str(exc)
        return work

    assert _run_all([post(kernel) for kernel in kernels]) == []
    assert len(accepted) == 1
    assert [row.result_id for row in store.leaderboard(assignment.id)] == accepted


def test_students_joining_under_one_name_at_once_become_one_student(open_store: Callable[..., Store]) -> None:
    store = open_store()
    code = store.create_class("Join race").code
    kernels = [open_store() for _ in range(6)]
    joined: list[int] = []
    assert _run_all([lambda kernel=kernel: joined.append(kernel.join(code, "Ann").id) for kernel in kernels]) == []
    assert len(set(joined)) == 1 and len(store.students(code)) == 1
