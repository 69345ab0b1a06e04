"""The class store on both backends: migrations, set-up, classes, assignments, progress, CSV, deleting a class."""

from __future__ import annotations

import csv
import io
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import inspect, select, text

from push_learn.classroom import (
    CLASS_DB_ENV,
    DEFAULT_FILE,
    SCHEMA_VERSION,
    ClassroomError,
    NotFound,
    SchemaError,
    Store,
    deal_seed,
    resolve_url,
)
from push_learn.classroom.schema import TABLES, VERSION_TABLE

RULES = {"variant": "push", "deals": 5}


# ---- migrations ------------------------------------------------------------------------------
def test_an_empty_database_is_migrated_and_reopened_with_its_rows(open_store: Callable[..., Store]) -> None:
    first = open_store()
    assert first.schema_version() == SCHEMA_VERSION
    assert set(TABLES) | {VERSION_TABLE} <= set(inspect(first.engine).get_table_names())
    new = first.create_class("Year 9")
    first.join(new.code, "Ann")
    first.close()
    again = open_store()
    assert again.schema_version() == SCHEMA_VERSION
    assert [s.name for s in again.students(new.code)] == ["Ann"]
    with again.engine.connect() as conn:
        assert conn.execute(text(f"SELECT count(*) FROM {VERSION_TABLE}")).scalar() == 1


def test_many_kernels_opening_a_new_database_at_once_create_it_once(open_store: Callable[..., Store]) -> None:
    stores: list[Store] = []
    errors: list[BaseException] = []
    lock = threading.Lock()

    def open_one() -> None:
        try:
            opened = open_store()
            with lock:
                stores.append(opened)
        except BaseException as exc:  # collected and reported below
            errors.append(exc)

    threads = [threading.Thread(target=open_one) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert {s.schema_version() for s in stores} == {SCHEMA_VERSION}


def test_a_database_of_a_newer_version_is_refused_in_words(open_store: Callable[..., Store]) -> None:
    store = open_store()
    with store.engine.begin() as conn:
        conn.execute(text(f"UPDATE {VERSION_TABLE} SET version = 99"))
    store.close()
    with pytest.raises(SchemaError, match=r"newer push_learn \(schema version 99\)"):
        open_store()


def test_a_foreign_database_with_our_table_names_is_refused(open_store: Callable[..., Store]) -> None:
    store = open_store()
    with store.engine.begin() as conn:
        conn.execute(text(f"DROP TABLE {VERSION_TABLE}"))
    store.close()
    with pytest.raises(SchemaError, match="no schema version"):
        open_store()


# ---- where the store is ----------------------------------------------------------------------
def test_the_default_store_is_a_sqlite_file_in_the_served_folder(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(CLASS_DB_ENV, raising=False)
    with Store(folder=tmp_path, seal_key=None) as store:
        assert store.backend == "sqlite"
        assert (tmp_path / DEFAULT_FILE).exists()
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() >= 5000


def test_the_environment_names_the_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CLASS_DB_ENV, str(tmp_path / "from-env.db"))
    assert resolve_url() == f"sqlite:///{tmp_path / 'from-env.db'}"
    assert resolve_url("postgres://t:secret@h/db") == "postgresql+psycopg://t:secret@h/db"


def test_bad_addresses_are_refused_in_words(tmp_path: Path) -> None:
    with pytest.raises(ClassroomError, match="not memory"):
        Store("sqlite:///:memory:")
    with pytest.raises(ClassroomError, match="SQLite or PostgreSQL, not mysql"):
        Store("mysql://u@h/db")
    with pytest.raises(ClassroomError, match="does not exist"):
        Store(str(tmp_path / "no" / "such" / "class.db"))


def test_an_unreachable_server_is_named_without_its_password() -> None:
    with pytest.raises(ClassroomError, match="cannot open the class store") as caught:
        Store("postgresql://teacher:hunter2@127.0.0.1:1/class")
    assert "hunter2" not in str(caught.value)


# ---- classes, students, assignments ----------------------------------------------------------
def test_a_class_has_a_code_and_display_names_only(store: Store) -> None:
    """A class keeps no key of its own: the teacher's pages open with the server's teacher key (tested in
    tests/apps/test_access.py and test_class_service.py), the one teacher key there is."""
    new = store.create_class("  Year   9 ")
    assert new.name == "Year 9" and len(new.code) == 6
    with store.engine.connect() as conn:
        assert conn.execute(select(TABLES["classes"].c.teacher_key_hash)).scalars().all() == [""]
    assert store.join(new.code, " Ann ") == store.join(new.code, "Ann")
    with pytest.raises(ClassroomError, match="cannot be empty"):
        store.join(new.code, "   ")
    with pytest.raises(ClassroomError, match="at most 40 characters"):
        store.join(new.code, "x" * 41)
    with pytest.raises(NotFound, match="no class with the code"):
        store.join("NOPE", "Ann")
    with store.engine.connect() as conn:
        columns = {c["name"] for c in inspect(conn).get_columns("students")}
    assert columns == {"id", "class_id", "name", "joined_ms"}


def test_the_deal_number_shown_does_not_give_the_shuffle(store: Store) -> None:
    first, second = store.create_class("A"), store.create_class("B")
    a = store.assign(first.code, "push", "push", RULES, deal_number=1234, dashboards=["push_table"])
    b = store.assign(second.code, "push", "push", RULES, deal_number=1234)
    assert a.deal_number == b.deal_number == 1234
    assert a.seed != b.seed and a.seed != 1234
    assert "seed" not in a.public()
    with store.engine.connect() as conn:
        secret = conn.execute(text("SELECT deal_secret FROM classes WHERE id = :i"), {"i": first.id}).scalar()
    assert a.seed == deal_seed(secret, "push", "push", 1234)
    assert store.assignment(a.id) == a
    with pytest.raises(ClassroomError, match="already assigned"):
        store.assign(first.code, "push", "push", RULES, deal_number=1234)
    later = store.assign(first.code, "push", "push", RULES)
    assert [x.id for x in store.assignments(first.code)] == [later.id, a.id]


@pytest.mark.parametrize("number", [2**31, 2**63, 10**30, -(2**63) - 1])
def test_a_number_beyond_any_row_is_not_found_in_words_on_either_database(store: Store, number: int) -> None:
    """Numbers come from requests' JSON, whole but of any size: SQLite cannot even compare one beyond 64 bits
    (OverflowError), PostgreSQL refuses one beyond its 32-bit INTEGER in its own words; the store says there
    is no such row."""
    code = store.create_class("Year 9").code
    store.join(code, "Ann")
    calls: list[tuple[str, Callable[[], object]]] = [
        ("table", lambda: store.table(number)),
        ("assignment", lambda: store.assignment(number)),
        ("result", lambda: store.result_record(number)),
        ("result", lambda: store.result_owner(number)),
        ("assignment", lambda: store.submit_result(number, "Ann", "{}")),
        ("assignment", lambda: store.open_deal(number, "Ann")),
        ("assignment", lambda: store.save_progress(number, "Ann", "{}")),
    ]
    for words, call in calls:
        with pytest.raises(NotFound, match=f"there is no {words}"):
            call()
    assert store.table_log(1, since=number) == []
    assert store.openings(number) == {} and store.leaderboard(number) == []


@pytest.mark.parametrize("typed", ["\ud800", "AB\x00CD", "ＡＢＣ", "x" * 10_000])
def test_a_class_code_no_class_can_have_is_not_found_in_words_on_either_database(store: Store, typed: str) -> None:
    """A code from a request's JSON may hold a lone surrogate or a NUL, which the databases cannot even
    compare (UnicodeEncodeError, PostgreSQL's DataError): there is no class with that code, in words."""
    store.create_class("Year 9")
    with pytest.raises(NotFound, match="there is no class with the code"):
        store.class_info(typed)
    with pytest.raises(NotFound, match="there is no class with the code"):
        store.join(typed, "Ann")


# ---- progress, CSV, deleting -----------------------------------------------------------------
def _lesson(store: Store) -> str:
    code = store.create_class("Lesson").code
    for name in ("Ann", "Bo", "=HYPERLINK(1)"):
        store.join(code, name)
    answers = [("Ann", "7♥ 8♥ 9♥", True), ("Bo", "7♥ 8♥", False), ("Bo", "7♥ 8♥", False),
               ("=HYPERLINK(1)", "K♠", False), ("Bo", "7♥ 8♥ 9♥", True)]
    for at, (name, answer, right) in enumerate(answers):
        store.record_attempt(code, name, "02-melds", "run", answer, correct=right, at_ms=1_000 + at)
    store.record_attempt(code, "Ann", "03-push", "when", "yes", correct=True, at_ms=2_000)
    return code


def test_progress_gives_success_rates_and_the_commonest_wrong_answers(store: Store) -> None:
    code = _lesson(store)
    run, when = store.progress(code)
    assert (run.notebook, run.exercise, run.attempts, run.right, run.students, run.students_right) == \
        ("02-melds", "run", 5, 2, 3, 2)
    assert run.success_rate == pytest.approx(0.4)
    assert run.wrong_answers == (("7♥ 8♥", 2), ("K♠", 1))
    assert (when.attempts, when.right, when.wrong_answers) == (1, 1, ())


@pytest.mark.parametrize(("field", "text"), [("answer", "7H\x00"), ("answer", "\ud800"),
                                             ("notebook", "02\udfff"), ("exercise", "ex\x00")])
def test_an_attempt_whose_text_no_database_can_hold_is_refused_in_words_and_nothing_is_stored(
        store: Store, field: str, text: str) -> None:
    """A NUL character (PostgreSQL's text refuses it) or a lone surrogate (half of an emoji's pair: no UTF-8
    form) is refused as a ClassroomError, on either database, and no attempt is stored."""
    code = store.create_class("Year 9").code
    store.join(code, "Ann")
    values = {"notebook": "02-melds", "exercise": "ex1", "answer": "7H", field: text}
    with pytest.raises(ClassroomError, match=f"the attempt's {field} cannot hold"):
        store.record_attempt(code, "Ann", values["notebook"], values["exercise"], values["answer"], correct=False)
    assert store.progress(code) == []


def test_the_csv_export_holds_every_row_and_no_formulas(store: Store) -> None:
    code = _lesson(store)
    assignment = store.assign(code, "push", "push", RULES, deal_number=7)
    files = store.export_csv(code)
    read = {name: list(csv.DictReader(io.StringIO(body))) for name, body in files.items()}
    assert sorted(r["student"] for r in read["students.csv"]) == ["'=HYPERLINK(1)", "Ann", "Bo"]
    assert len(read["attempts.csv"]) == 6
    assert [r["answer"] for r in read["attempts.csv"]][:2] == ["7♥ 8♥ 9♥", "7♥ 8♥"]
    assert read["assignments.csv"][0]["deal"] == "7"
    assert str(assignment.seed) not in files["assignments.csv"]
    assert read["results.csv"] == []


def test_deleting_a_class_removes_every_row_of_it_and_nothing_else(store: Store) -> None:
    keep, gone = _lesson(store), _lesson(store)
    store.assign(gone, "push", "push", RULES, deal_number=3)
    gone_id, keep_id = store.class_info(gone).id, store.class_info(keep).id
    before = store.rows_of_class(keep_id)
    removed = store.delete_class(gone)
    assert removed == {"class_tables": 0, "attempts": 6, "trainer_sessions": 0, "deals": 0, "browsers": 0,
                       "results": 0, "assignments": 1, "students": 3, "classes": 1}
    assert set(store.rows_of_class(gone_id).values()) == {0}
    assert store.rows_of_class(keep_id) == before
    with pytest.raises(NotFound):
        store.class_info(gone)


def test_the_rules_core_never_imports_the_class_layer() -> None:
    package = Path(__file__).resolve().parents[2] / "push_learn"
    core = [package / "cards.py", *sorted((package / "rummy").rglob("*.py")),
            *sorted((package / "poker").rglob("*.py"))]
    offenders = [str(path.relative_to(package)) for path in core if "classroom" in path.read_text(encoding="utf-8")]
    assert offenders == []


def test_the_lessons_timeline_counts_answers_and_results_per_step(store: Store) -> None:
    new = store.create_class("Year 9")
    assert store.timeline(new.code) == []
    start = 1_700_000_000_000
    store.join(new.code, "Ann")
    store.record_attempt(new.code, "Ann", "02", "ex1", "a", correct=True, at_ms=start)
    store.record_attempt(new.code, "Ann", "02", "ex1", "b", correct=False, at_ms=start + 60_000)
    store.record_attempt(new.code, "Ann", "02", "ex2", "c", correct=True, at_ms=start + 11 * 60_000)
    assert store.timeline(new.code, minutes=5) == [(0, 1, 1, 0), (5, 0, 0, 0), (10, 1, 0, 0)]
