"""The class store: classes, students, assignments, sealed results and exercise attempts.

>>> import tempfile, pathlib
>>> folder = tempfile.mkdtemp()
>>> store = Store(folder=folder)                      # a SQLite file beside the served folder
>>> new = store.create_class("Year 9 cards")
>>> store.join(new.code, "Ann").name
'Ann'
>>> store.record_attempt(new.code, "Ann", "02-melds", "ex1", "7♥ 8♥ 9♥", correct=True) > 0
True
>>> [(p.exercise, p.attempts, p.right) for p in store.progress(new.code)]
[('ex1', 1, 1)]
>>> store.delete_class(new.code)["classes"]
1
>>> store.close()

``Store`` itself keeps the connections, classes, students, assignments, results and exercise attempts;
its other methods come from mixins, one module each: class tables (``table_store``), trainer sessions
(``trainer_store``), the deals students opened and the match kept so far (``deals_store``), and the
teacher's export and removal of a class (``export_store``).

**One code path for SQLite and PostgreSQL.** Every query is SQLAlchemy Core: table objects and
``select``/``insert``/``delete`` expressions that SQLAlchemy renders for either database, with one
connection pool per store that threads share. The ORM would add identity maps and sessions that a
store of short, independent writes does not need; raw DB-API would mean two SQL dialects and two
sets of quirks. Only the connection set-up differs: on SQLite each connection turns on WAL (readers
never wait for the writer), a busy timeout (writers queue instead of failing), foreign keys (off by
default there), and writes begin with ``BEGIN IMMEDIATE`` so that two writers never both read and
then deadlock upgrading their locks; PostgreSQL needs none of this.

**Where the store is.** ``Store(url)``, else the environment variable ``PUSH_LEARN_CLASS_DB`` (which
the kernels a server starts inherit), else the file ``push-learn-class.db`` in ``folder`` (the served
folder; the current one by default). ``postgresql://user@host/db`` selects PostgreSQL.

**Trust.** A result counts only if its record carries a valid seal under the server's key (so it was
written by a dashboard kernel), is a deal of an assignment of the student's class (seed, game and
rules), names the student among its players, replays to the end, and gives the score it claims.
The seed itself never leaves the server: a class sees a deal *number*, and the shuffle is the HMAC
of that number under the class's own secret (``deal_seed``). Only display names are stored.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, case, create_engine, delete, event, func, insert, select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, OperationalError

from push_learn.classroom.common import continues, display_name, is_unique_violation, now_ms, row_number
from push_learn.classroom.deals_store import DealsMixin
from push_learn.classroom.errors import ClassroomError, NotFound
from push_learn.classroom.export_store import ExportMixin
from push_learn.classroom.rows import (
    Assignment,
    BoardRow,
    ClassInfo,
    DealOpening,
    ExerciseProgress,
    NewClass,
    ResultRefused,
    Student,
    SubmittedResult,
    SubmittedSession,
    TrainerRow,
)
from push_learn.classroom.schema import TABLES, migrate, schema_version
from push_learn.classroom.scoring import Score, ScoreFunction, default_score
from push_learn.classroom.table_store import TablesMixin
from push_learn.classroom.trainer_store import TrainerMixin
from push_learn.errors import RecordError
from push_learn.records import Record, canonical_json, seal_key_from_env, short, whole_text

__all__ = [
    "CLASS_DB_ENV",
    "DEFAULT_FILE",
    "Assignment",
    "BoardRow",
    "ClassInfo",
    "ClassroomError",
    "DealOpening",
    "ExerciseProgress",
    "NewClass",
    "NotFound",
    "ResultRefused",
    "Store",
    "Student",
    "SubmittedResult",
    "SubmittedSession",
    "TrainerRow",
    "deal_seed",
    "display_name",
    "resolve_url",
]

CLASS_DB_ENV = "PUSH_LEARN_CLASS_DB"
"""The environment variable naming the class store (a SQLAlchemy URL or a SQLite file's path)."""
DEFAULT_FILE = "push-learn-class.db"
"""The SQLite file created in the served folder when no store is named."""
_BUSY_MS = 30_000
_MAX_ANSWER = 200
_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I: codes are read aloud and typed
_UNSET: Any = object()

classes_t, students_t, assignments_t = TABLES["classes"], TABLES["students"], TABLES["assignments"]
results_t, attempts_t, browsers_t = TABLES["results"], TABLES["attempts"], TABLES["browsers"]
deals_t, settings_t = TABLES["deals"], TABLES["settings"]


# ---- helpers ---------------------------------------------------------------------------------
def deal_seed(secret: str, game: str, variant: str, deal_number: int) -> int:
    """The secret shuffle of deal ``deal_number``: HMAC-SHA256 of the deal under the class's secret.

    The number a class sees names the deal; without the secret it says nothing about the cards.

    >>> deal_seed("s", "push", "push", 1) == deal_seed("s", "push", "push", 1) != deal_seed("t", "push", "push", 1)
    True
    """
    message = f"{game}\x1f{variant}\x1f{deal_number}".encode()
    return int(hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()[:16], 16)


def resolve_url(url: str | None = None, folder: str | os.PathLike[str] | None = None) -> str:
    """The store's SQLAlchemy URL: ``url``, else ``$PUSH_LEARN_CLASS_DB``, else a SQLite file in ``folder``.

    ``postgresql://`` and ``postgres://`` select the psycopg driver; text without ``://`` is a SQLite
    file's path.

    >>> resolve_url("postgresql://teacher@db/class")
    'postgresql+psycopg://teacher@db/class'
    >>> resolve_url("/srv/class.db")
    'sqlite:////srv/class.db'
    """
    value = (url or os.environ.get(CLASS_DB_ENV, "")).strip()
    if not value:
        return f"sqlite:///{(Path(folder or Path.cwd()) / DEFAULT_FILE).resolve()}"
    for scheme in ("postgresql://", "postgres://"):
        if value.startswith(scheme):
            return "postgresql+psycopg://" + value[len(scheme):]
    if "://" not in value:
        return f"sqlite:///{Path(value).expanduser().resolve()}"
    return value


def _storable(text: str, what: str) -> None:
    """Refuse text no database keeps as it is: a NUL character (PostgreSQL's text refuses it) or a lone
    surrogate (half of the pair of codes that writes an emoji in JSON: it has no UTF-8 form)."""
    if "\x00" in text:
        raise ClassroomError(f"{what} cannot hold a NUL character (\\x00)")
    if not whole_text(text):
        raise ClassroomError(f"{what} cannot hold half of the pair of codes that writes one character such as an emoji")


def _first_line(exc: BaseException) -> str:
    text = str(getattr(exc, "orig", None) or exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _sqlite_setup(engine: Engine, synchronous: str) -> None:
    """WAL, a busy timeout, foreign keys and ``synchronous`` on every connection; ``BEGIN IMMEDIATE`` for writes."""

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # the driver's own BEGINs off: the "begin" hook below emits them
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {_BUSY_MS}")
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute(f"PRAGMA synchronous = {synchronous}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        write = conn.get_execution_options().get("classroom_write", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


# ---- the store -------------------------------------------------------------------------------
class Store(TablesMixin, TrainerMixin, DealsMixin, ExportMixin):
    """A class store on SQLite or PostgreSQL (see the module's text); safe to share between threads.

    ``seal_key`` is the server's sealing key (default: ``$PUSH_LEARN_SEAL_KEY``; without one, no
    result is accepted). ``score`` verifies and scores a record (default: ``default_score``).
    ``pool_size`` is the connections kept open (as many again may be opened at a peak).
    ``sqlite_synchronous``: ``FULL`` (the default) puts every acknowledged write on disk before the call
    returns; ``NORMAL`` saves that flush (about 10 ms a write here) and, in WAL mode, still loses nothing
    when a program crashes, only the last writes if the machine itself loses power.
    Opening migrates the schema to the current version. Class tables, where students play each
    other, are ``TablesMixin``'s methods (``open_table``, ``sit``, ``append_action`` ...); trainer
    sessions ``TrainerMixin``'s; a deal's openings and the match kept so far ``DealsMixin``'s
    (``open_deal``, ``save_progress``, ``openings``); the teacher's export and removal ``ExportMixin``'s
    (``export_csv``, ``delete_class``, ``rows_of_class``).
    """

    def __init__(self, url: str | None = None, *, folder: str | os.PathLike[str] | None = None,
                 seal_key: bytes | None = _UNSET, score: ScoreFunction | None = None,
                 pool_size: int = 10, sqlite_synchronous: str = "FULL") -> None:
        resolved = resolve_url(url, folder)
        try:
            parsed = make_url(resolved)
        except ArgumentError:
            raise ClassroomError(f"{short(resolved)} is not a database address "
                                 "(give a file path or postgresql://user@host/database)") from None
        backend = parsed.get_backend_name()
        if backend == "sqlite":
            if parsed.database in (None, "", ":memory:") or "mode=memory" in resolved:
                raise ClassroomError("a class store must be a file or a database server, not memory")
            folder_path = Path(parsed.database).parent
            if not folder_path.is_dir():
                raise ClassroomError(f"the folder {folder_path} for the class store does not exist")
            engine = create_engine(parsed, connect_args={"timeout": _BUSY_MS / 1000},
                                   pool_size=pool_size, max_overflow=2 * pool_size, pool_timeout=60)
            if sqlite_synchronous not in ("FULL", "NORMAL"):
                raise ClassroomError(f"sqlite_synchronous is FULL or NORMAL, not {short(sqlite_synchronous)}")
            _sqlite_setup(engine, sqlite_synchronous)
        elif backend == "postgresql":
            engine = create_engine(parsed, pool_pre_ping=True, pool_size=pool_size, max_overflow=2 * pool_size,
                                   pool_timeout=60, connect_args={"connect_timeout": 10})
        else:
            raise ClassroomError(f"the class store runs on SQLite or PostgreSQL, not {backend}")
        self.engine = engine
        """The SQLAlchemy engine (for tests and administration)."""
        self.backend = backend
        """``"sqlite"`` or ``"postgresql"``."""
        self.url = parsed.render_as_string(hide_password=True)
        """The store's address, with any password hidden."""
        self._writer = engine.execution_options(classroom_write=True)
        self._write_lock = threading.Lock() if backend == "sqlite" else None
        self._seal_key = seal_key_from_env() if seal_key is _UNSET else seal_key
        self._score = score or default_score
        try:
            with self._write() as conn:
                migrate(conn)
        except OperationalError as exc:
            engine.dispose()
            raise ClassroomError(f"cannot open the class store at {self.url}: {_first_line(exc)}") from None
        except BaseException:
            engine.dispose()
            raise

    # ---- plumbing ----------------------------------------------------------------------------
    @contextmanager
    def _write(self) -> Iterator[Connection]:
        if self._write_lock is None:
            with self._writer.begin() as conn:
                yield conn
            return
        # SQLite has one writer at a time, and a writer kept waiting by another polls with growing sleeps
        # (the busy handler); queueing this process's writers on a lock leaves the polling to processes.
        with self._write_lock, self._writer.begin() as conn:
            yield conn

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        with self.engine.begin() as conn:
            yield conn

    def close(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def schema_version(self) -> int:
        """The database's schema version (``SCHEMA_VERSION`` once open)."""
        with self._read() as conn:
            return schema_version(conn)

    # ---- classes and students ----------------------------------------------------------------
    def create_class(self, name: str) -> NewClass:
        """A new class with a fresh join code and deal secret.

        A class has no key of its own: the teacher's pages open with the server's teacher key
        (``push_learn.apps.classkey.Keys``), the one teacher key there is. The ``teacher_key_hash`` column,
        from the schema's first version, is left empty.
        """
        tidy = display_name(name, "a class name")
        for _ in range(20):
            code = "".join(secrets.choice(_CODE_ALPHABET) for _ in range(6))
            try:
                with self._write() as conn:
                    class_id = conn.execute(insert(classes_t).values(
                        code=code, name=tidy, teacher_key_hash="",
                        deal_secret=secrets.token_hex(32), created_ms=now_ms(),
                    ).returning(classes_t.c.id)).scalar_one()
                return NewClass(class_id, code, tidy)
            except IntegrityError as exc:
                if not is_unique_violation(exc):
                    raise
        raise ClassroomError("could not find a free class code; try again")  # pragma: no cover

    def class_info(self, code: str) -> ClassInfo:
        """The class with join code ``code`` (codes are read without regard to case)."""
        with self._read() as conn:
            row = self._class_row(conn, code)
        return ClassInfo(row.id, row.code, row.name)

    def classes(self) -> list[ClassInfo]:
        """Every class of the store, oldest first (for the teacher's dashboard)."""
        with self._read() as conn:
            rows = conn.execute(select(classes_t.c.id, classes_t.c.code, classes_t.c.name)
                                .order_by(classes_t.c.id)).all()
        return [ClassInfo(row.id, row.code, row.name) for row in rows]

    def _class_row(self, conn: Connection, code: str) -> Any:
        tidy = code.strip().upper() if isinstance(code, str) else ""
        # A code is a few ASCII letters and digits: anything else is no class (and a NUL or a lone surrogate
        # could not even be compared by the databases).
        readable = tidy.isascii() and tidy.isalnum() and len(tidy) <= 20
        row = conn.execute(select(classes_t).where(classes_t.c.code == tidy)).first() if readable else None
        if row is None:
            raise NotFound(f"there is no class with the code {short(code, 20)}")
        return row

    def join(self, code: str, name: str) -> Student:
        """Student ``name`` joins class ``code`` (joining again returns the same student)."""
        tidy = display_name(name)
        with self._read() as conn:
            class_id = self._class_row(conn, code).id
            found = self._student_id(conn, class_id, tidy)
        if found is not None:
            return Student(found, tidy)
        try:
            with self._write() as conn:
                new_id = conn.execute(insert(students_t).values(class_id=class_id, name=tidy, joined_ms=now_ms())
                                      .returning(students_t.c.id)).scalar_one()
            return Student(new_id, tidy)
        except IntegrityError as exc:  # joined at the same moment from another kernel
            if not is_unique_violation(exc):
                raise NotFound(f"there is no class with the code {short(code, 20)}") from None
        with self._read() as conn:
            again = self._student_id(conn, class_id, tidy)
        if again is None:  # pragma: no cover - the class was deleted meanwhile
            raise NotFound(f"there is no class with the code {short(code, 20)}")
        return Student(again, tidy)

    @staticmethod
    def _student_id(conn: Connection, class_id: int, name: str) -> int | None:
        return conn.execute(select(students_t.c.id).where(
            students_t.c.class_id == class_id, students_t.c.name == name)).scalar()

    def _student(self, conn: Connection, class_id: int, code: str, name: str) -> int:
        tidy = display_name(name)
        found = self._student_id(conn, class_id, tidy)
        if found is None:
            raise NotFound(f"{tidy} has not joined class {short(code, 20)}")
        return found

    def students(self, code: str) -> list[Student]:
        """The class's students, by name."""
        with self._read() as conn:
            class_id = self._class_row(conn, code).id
            rows = conn.execute(select(students_t.c.id, students_t.c.name)
                                .where(students_t.c.class_id == class_id).order_by(students_t.c.name)).all()
        return [Student(row.id, row.name) for row in rows]

    # ---- assignments -------------------------------------------------------------------------
    def assign(self, code: str, game: str, variant: str, rules: Mapping[str, Any], *,
               deal_number: int | None = None, bot_level: str = "greedy",
               dashboards: Sequence[str] = ()) -> Assignment:
        """Set a deal for class ``code``: ``rules`` as plain values, the deal number shown to the class
        (a fresh one from 1 to 9999 when not given), the bots' level and the dashboards or tutorials."""
        if not rules:
            raise ClassroomError("an assignment needs the game's rules (its settings as plain values)")
        if deal_number is not None and (isinstance(deal_number, bool) or not isinstance(deal_number, int)
                                        or not 1 <= deal_number <= 999_999):
            raise ClassroomError(f"a deal number is a whole number from 1 to 999999, not {short(deal_number)}")
        rules_text = canonical_json(dict(rules)).decode()
        dashboards = tuple(str(name) for name in dashboards)
        for _ in range(50):
            number = deal_number if deal_number is not None else secrets.randbelow(9999) + 1
            try:
                with self._write() as conn:
                    row = self._class_row(conn, code)
                    seed = deal_seed(row.deal_secret, game, variant, number)
                    created = now_ms()
                    assignment_id = conn.execute(insert(assignments_t).values(
                        class_id=row.id, game=game, variant=variant, rules=rules_text, deal_number=number,
                        seed=str(seed), bot_level=bot_level, dashboards=json.dumps(list(dashboards)),
                        created_ms=created,
                    ).returning(assignments_t.c.id)).scalar_one()
                return Assignment(assignment_id, game, variant, dict(rules), number, seed, bot_level, dashboards,
                                  created)
            except IntegrityError as exc:
                if not is_unique_violation(exc):
                    raise
                if deal_number is not None:
                    raise ClassroomError(f"deal {deal_number} of {variant} is already assigned to this class") \
                        from None
        raise ClassroomError("could not find a free deal number; give one")  # pragma: no cover

    @staticmethod
    def _assignment(row: Any) -> Assignment:
        return Assignment(row.id, row.game, row.variant, json.loads(row.rules), row.deal_number, int(row.seed),
                          row.bot_level, tuple(json.loads(row.dashboards)), row.created_ms)

    def assignment(self, assignment_id: int) -> Assignment:
        """Assignment number ``assignment_id`` (with its secret seed: for the server only)."""
        with self._read() as conn:
            row = None if row_number(assignment_id) is None else conn.execute(
                select(assignments_t).where(assignments_t.c.id == assignment_id)).first()
        if row is None:
            raise NotFound(f"there is no assignment number {short(assignment_id, 20)}")
        return self._assignment(row)

    def assignments(self, code: str) -> list[Assignment]:
        """The class's assignments, the newest first (the first is "today's")."""
        with self._read() as conn:
            class_id = self._class_row(conn, code).id
            rows = conn.execute(select(assignments_t).where(assignments_t.c.class_id == class_id)
                                .order_by(assignments_t.c.created_ms.desc(), assignments_t.c.id.desc())).all()
        return [self._assignment(row) for row in rows]

    # ---- results -----------------------------------------------------------------------------
    def submit_result(self, assignment_id: int, student: str, record: Record | str | bytes | Mapping[str, Any],
                      claimed: Score | None = None) -> SubmittedResult:
        """Check, replay and store ``student``'s result for an assignment; ``ResultRefused`` says why not.

        Refused: a record without a valid seal (unsealed, edited, or sealed under another key), one
        that is not the assignment's deal (game, rules or shuffle), one that does not replay to the end
        or does not name the student, a ``claimed`` score the replay does not give, and a second
        result from the same student for the same assignment. The stored score is always the replay's.
        """
        with self._read() as conn:
            row = None if row_number(assignment_id) is None else conn.execute(
                select(assignments_t, classes_t.c.code).join(classes_t)
                .where(assignments_t.c.id == assignment_id)).first()
            if row is None:
                raise NotFound(f"there is no assignment number {short(assignment_id, 20)}")
            try:
                student_id = self._student(conn, row.class_id, row.code, student)
            except NotFound as exc:
                raise ResultRefused(f"the result is refused: {exc}") from None
        assignment, name = self._assignment(row), display_name(student)
        where = f"deal {assignment.deal_number}"
        parsed = self._deal_record(record, assignment, name, "result")
        with self._read() as conn:
            saved = conn.execute(select(deals_t.c.progress).where(
                deals_t.c.assignment_id == assignment.id, deals_t.c.student_id == student_id)).scalar()
        if saved is not None and not continues(Record.from_json(saved), parsed):
            raise ResultRefused(f"the result for {where} does not continue the match {name} was playing: "
                                "a reload continues the same match, it never deals it again")
        try:
            score = self._score(parsed, name)
        except RecordError as exc:
            raise ResultRefused(f"the result for {where} cannot be replayed: {exc}") from None
        if claimed is not None and claimed != score:
            raise ResultRefused(f"the result claims {claimed.describe()}, but its replay gives {score.describe()}")
        try:
            with self._write() as conn:
                result_id = conn.execute(insert(results_t).values(
                    class_id=row.class_id, assignment_id=assignment.id, student_id=student_id,
                    record=parsed.to_json(), points=score.points, deals_won=score.deals_won, moves=score.moves,
                    hints=score.hints, submitted_ms=now_ms(),
                ).returning(results_t.c.id)).scalar_one()
        except IntegrityError as exc:
            if is_unique_violation(exc):
                raise ResultRefused(f"{name} already has a result for {where}; only the first one counts") from None
            raise ResultRefused(f"the result for {where} no longer has a class: it was deleted") from None
        return SubmittedResult(result_id, assignment.id, name, score)

    def _sealed(self, record: Record | str | bytes | Mapping[str, Any], what: str) -> Record:
        """``record`` read and its seal checked under the server's key; ``ResultRefused`` in words otherwise."""
        try:
            parsed = record if isinstance(record, Record) else (
                Record.from_json(record) if isinstance(record, str | bytes) else Record.from_dict(dict(record)))
        except RecordError as exc:
            raise ResultRefused(f"the {what} cannot be read: {exc}") from None
        if not self._seal_key:
            raise ResultRefused(f"this class store has no sealing key, so it cannot trust any {what.split()[0]}")
        try:
            parsed.check_seal(self._seal_key)
        except RecordError as exc:
            raise ResultRefused(f"the {what} is refused: {exc}") from None
        return parsed

    def _deal_record(self, record: Record | str | bytes | Mapping[str, Any], assignment: Assignment, name: str,
                     what: str) -> Record:
        """A sealed record of ``assignment``'s deal naming ``name``; ``ResultRefused`` in words otherwise."""
        where = f"deal {assignment.deal_number}"
        parsed = self._sealed(record, f"{what} for {where}")
        if parsed.game != assignment.game:
            from push_learn.games import GAMES, title_of

            played = title_of(parsed.game) if parsed.game in GAMES else short(parsed.game, 30)
            raise ResultRefused(f"the {what} is a game of {played}, but {where} is {title_of(assignment.game)}")
        from push_learn.classroom.table_games import split_rules

        rules, setup = split_rules(assignment.game, assignment.rules)  # a brag match's deals are its set-up
        if canonical_json(dict(parsed.rules)) != canonical_json(rules) or any(
                parsed.setup.get(key) != value for key, value in setup.items()):
            raise ResultRefused(f"the {what} was played with other rules than {where} of {assignment.variant}")
        if isinstance(parsed.seed, bool) or parsed.seed != assignment.seed:
            raise ResultRefused(f"the {what} is not a game of {where}: its cards were not shuffled for this "
                                "assignment, and only assigned deals count")
        if parsed.players is None or name not in parsed.players:
            raise ResultRefused(f"the {what} for {where} does not name {name} among its players")
        return parsed

    # ---- browsers and lasting secrets --------------------------------------------------------
    def remember_browser(self, session: str, code: str, name: str) -> Student:
        """Browser session ``session`` is student ``name`` of class ``code`` (from now on, across restarts)."""
        if not isinstance(session, str) or not 8 <= len(session) <= 64:
            raise ClassroomError("a browser session is a text of 8 to 64 characters")
        student = self.join(code, name)
        with self._write() as conn:
            class_id = self._class_row(conn, code).id
            conn.execute(delete(browsers_t).where(browsers_t.c.session == session))
            conn.execute(insert(browsers_t).values(session=session, class_id=class_id, student_id=student.id,
                                                   joined_ms=now_ms()))
        return student

    def browser(self, session: str) -> tuple[ClassInfo, Student] | None:
        """The class and student that browser session ``session`` joined as, or None."""
        with self._read() as conn:
            row = conn.execute(select(classes_t.c.id, classes_t.c.code, classes_t.c.name, students_t.c.id.label("sid"),
                                      students_t.c.name.label("student"))
                               .select_from(browsers_t)
                               .join(classes_t, classes_t.c.id == browsers_t.c.class_id)
                               .join(students_t, students_t.c.id == browsers_t.c.student_id)
                               .where(browsers_t.c.session == session)).first()
        return None if row is None else (ClassInfo(row.id, row.code, row.name), Student(row.sid, row.student))

    def secret(self, name: str) -> str:
        """The server's lasting secret ``name`` (64 hex digits), made the first time it is asked for."""
        with self._read() as conn:
            value = conn.execute(select(settings_t.c.value).where(settings_t.c.name == name)).scalar()
        if value is not None:
            return str(value)
        try:
            with self._write() as conn:
                conn.execute(insert(settings_t).values(name=name, value=secrets.token_hex(32)))
        except IntegrityError as exc:  # made at the same moment by another server
            if not is_unique_violation(exc):
                raise
        with self._read() as conn:
            return str(conn.execute(select(settings_t.c.value).where(settings_t.c.name == name)).scalar_one())

    def result_record(self, result_id: int) -> Record:
        """The sealed record of an accepted result (for the Deal Replayer)."""
        with self._read() as conn:
            text = None if row_number(result_id) is None else conn.execute(
                select(results_t.c.record).where(results_t.c.id == result_id)).scalar()
        if text is None:
            raise NotFound(f"there is no result number {short(result_id, 20)}")
        return Record.from_json(text)

    def result_owner(self, result_id: int) -> tuple[str, int]:
        """Who played accepted result ``result_id``, and for which assignment: ``(student's name, assignment
        number)`` (what the Deal Replayer says it shows)."""
        with self._read() as conn:
            row = None if row_number(result_id) is None else conn.execute(
                select(students_t.c.name, results_t.c.assignment_id)
                .join(students_t, students_t.c.id == results_t.c.student_id)
                .where(results_t.c.id == result_id)).first()
        if row is None:
            raise NotFound(f"there is no result number {short(result_id, 20)}")
        return str(row.name), int(row.assignment_id)

    def leaderboard(self, assignment_id: int) -> list[BoardRow]:
        """Duplicate play's ranking on one deal: fewest points left, then most deals won, fewest moves,
        fewest hints; equal rows share a rank."""
        query = (select(results_t.c.id, students_t.c.name, results_t.c.points, results_t.c.deals_won,
                        results_t.c.moves, results_t.c.hints)
                 .join(students_t, students_t.c.id == results_t.c.student_id)
                 .where(results_t.c.assignment_id == assignment_id)
                 .order_by(results_t.c.points, results_t.c.deals_won.desc(), results_t.c.moves, results_t.c.hints,
                           students_t.c.name))
        if row_number(assignment_id) is None:
            return []
        with self._read() as conn:
            rows = conn.execute(query).all()
        board: list[BoardRow] = []
        for index, row in enumerate(rows):
            key = (row.points, row.deals_won, row.moves, row.hints)
            previous = board[-1] if board else None
            same = previous is not None and (previous.points, previous.deals_won, previous.moves,
                                             previous.hints) == key
            rank = previous.rank if same and previous is not None else index + 1
            board.append(BoardRow(rank, row.name, row.points, row.deals_won, row.moves, row.hints, row.id))
        return board

    # ---- exercise attempts -------------------------------------------------------------------
    def record_attempt(self, code: str, student: str, notebook: str, exercise: str, answer: str, *,
                       correct: bool, at_ms: int | None = None) -> int:
        """Store one answer to an exercise; returns the attempt's number."""
        for field_name, value in (("notebook", notebook), ("exercise", exercise), ("answer", answer)):
            _storable(str(value), f"the attempt's {field_name}")
        answer_text = str(answer)
        if len(answer_text) > _MAX_ANSWER:
            answer_text = answer_text[: _MAX_ANSWER - 1] + "…"
        with self._write() as conn:
            row = self._class_row(conn, code)
            student_id = self._student(conn, row.id, code, student)
            return int(conn.execute(insert(attempts_t).values(
                class_id=row.id, student_id=student_id, notebook=str(notebook)[:120], exercise=str(exercise)[:120],
                answer=answer_text, correct=bool(correct), at_ms=now_ms() if at_ms is None else at_ms,
            ).returning(attempts_t.c.id)).scalar_one())

    def progress(self, code: str, wrong_answers: int = 3) -> list[ExerciseProgress]:
        """Each exercise's attempts, right answers and students, with its ``wrong_answers`` commonest
        wrong answers (most frequent first)."""
        right = case((attempts_t.c.correct, 1), else_=0)
        with self._read() as conn:
            class_id = self._class_row(conn, code).id
            totals = conn.execute(
                select(attempts_t.c.notebook, attempts_t.c.exercise, func.count().label("attempts"),
                       func.sum(right).label("right"), func.count(attempts_t.c.student_id.distinct()).label("students"),
                       func.count(case((attempts_t.c.correct, attempts_t.c.student_id)).distinct())
                       .label("students_right"))
                .where(attempts_t.c.class_id == class_id)
                .group_by(attempts_t.c.notebook, attempts_t.c.exercise)
                .order_by(attempts_t.c.notebook, attempts_t.c.exercise)).all()
            count = func.count().label("n")
            wrong = conn.execute(
                select(attempts_t.c.notebook, attempts_t.c.exercise, attempts_t.c.answer, count)
                .where(attempts_t.c.class_id == class_id, attempts_t.c.correct.is_(False))
                .group_by(attempts_t.c.notebook, attempts_t.c.exercise, attempts_t.c.answer)
                .order_by(attempts_t.c.notebook, attempts_t.c.exercise, count.desc(), attempts_t.c.answer)).all()
        commonest: dict[tuple[str, str], list[tuple[str, int]]] = {}
        for row in wrong:
            top = commonest.setdefault((row.notebook, row.exercise), [])
            if len(top) < wrong_answers:
                top.append((row.answer, int(row.n)))
        return [ExerciseProgress(row.notebook, row.exercise, int(row.attempts), int(row.right or 0),
                                 int(row.students), int(row.students_right),
                                 tuple(commonest.get((row.notebook, row.exercise), ())))
                for row in totals]

    def timeline(self, code: str, minutes: int = 5) -> list[tuple[int, int, int, int]]:
        """The class's lesson in ``minutes``-long steps from its first answer or result: for each step,
        ``(minute, right answers, wrong answers, results)`` (steps with nothing in them included)."""
        with self._read() as conn:
            class_id = self._class_row(conn, code).id
            answers = conn.execute(select(attempts_t.c.at_ms, attempts_t.c.correct)
                                   .where(attempts_t.c.class_id == class_id)).all()
            results = conn.execute(select(results_t.c.submitted_ms).where(results_t.c.class_id == class_id)).all()
        times = [row.at_ms for row in answers] + [row.submitted_ms for row in results]
        if not times:
            return []
        start, step = min(times), max(1, minutes) * 60_000
        steps = [[index * max(1, minutes), 0, 0, 0] for index in range((max(times) - start) // step + 1)]
        for row in answers:
            steps[(row.at_ms - start) // step][1 if row.correct else 2] += 1
        for row in results:
            steps[(row.submitted_ms - start) // step][3] += 1
        return [(minute, right, wrong, done) for minute, right, wrong, done in steps]
