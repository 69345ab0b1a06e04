"""Class tables in the store: students of a class play each other, bots in the other seats (issue 24).

A table is a game and its rules, a secret seed, seats and an append-only log of actions. The store
never plays: each student's dashboard kernel keeps a replica of the game replayed from the log
(``push_learn.classroom.tables``), checks its own student's action there and appends it. The log's
unique (table, step) pair decides every race: of two appends of one step exactly one lands, and the
other kernel reloads and sees what happened meanwhile.

Seats hold a student, a bot level, or nobody (an empty seat, while the table is open). Starting a
table puts a bot of the table's level in every empty seat. A student whose last sign of life
(``seen_ms``) is older than the table's idle limit is played by a bot of the table's level until
they come back (D-TBL-04); a limit of 0 means never.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from push_learn.classroom.common import MAX_ROW_NUMBER, StorePart, is_unique_violation, now_ms, row_number
from push_learn.classroom.errors import ClassroomError, NotFound
from push_learn.classroom.schema import TABLES
from push_learn.protocol import checked_seat, seat_words
from push_learn.records import canonical_json, short

if TYPE_CHECKING:
    from push_learn.classroom.rows import Student

__all__ = [
    "STATUSES",
    "LoggedAction",
    "SeatInfo",
    "StepTaken",
    "TableInfo",
    "TableRefused",
    "TablesMixin",
    "seat_choice",
    "seat_in",
    "table_from_json",
    "table_to_json",
]

STATUSES = ("open", "playing", "paused", "over")
"""A table's life: seats are taken while ``open``; ``paused`` only by the teacher."""
MAX_IDLE_S = 24 * 3600
_MAX_ACTION = 20_000

tables_t, seats_t, table_actions_t = TABLES["class_tables"], TABLES["table_seats"], TABLES["table_actions"]
_students_t, _classes_t = TABLES["students"], TABLES["classes"]


class TableRefused(ClassroomError, ValueError):
    """A table request that cannot be done (a taken seat, a paused table, a skipped step); says why."""


class StepTaken(TableRefused):
    """Another move was appended at this step first: reload the log and decide again."""

    def __init__(self, table_id: int, step: int) -> None:
        super().__init__(f"step {step + 1} of table {table_id} was already played by another move; "
                         "the table was reloaded, so look again")
        self.table_id = table_id
        self.step = step


@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat: a student's display name, a bot level, or neither (empty)."""

    seat: int
    student: str | None
    bot: str | None
    seen_ms: int

    @property
    def empty(self) -> bool:
        """True when nobody sits here yet."""
        return self.student is None and self.bot is None


@dataclass(frozen=True)
class TableInfo:
    """A class table: game, rules, secret seed, seats, status, idle limit, and how many steps its log holds.

    ``now_ms`` is the store's clock when this was read, so idleness is judged on one clock.
    """

    id: int
    class_code: str
    game: str
    rules: Mapping[str, Any]
    seed: int
    bot_level: str
    status: str
    idle_limit_s: int
    seats: tuple[SeatInfo, ...]
    steps: int
    now_ms: int

    def seat_of(self, student: str) -> int | None:
        """The seat ``student`` sits in, or None."""
        return next((s.seat for s in self.seats if s.student == student), None)

    def bot_for(self, seat: int) -> str | None:
        """The bot level playing ``seat`` now, or None when its student plays it (D-TBL-04).

        A bot's seat is its level; an empty seat of a started table and a student idle past the
        limit are played by the table's level.
        """
        info = self.seats[seat]
        if info.bot is not None:
            return info.bot
        if info.student is None:
            return self.bot_level if self.status != "open" else None
        if self.idle_limit_s and self.now_ms - info.seen_ms > self.idle_limit_s * 1000:
            return self.bot_level
        return None

    def public(self) -> dict[str, Any]:
        """What a page may show (the lobby, the teacher): everything but the seed."""
        return {
            "id": self.id, "game": self.game, "status": self.status, "bot_level": self.bot_level,
            "idle_limit_s": self.idle_limit_s, "steps": self.steps,
            "seats": [{"seat": s.seat, "student": s.student, "bot": s.bot,
                       "idle": s.student is not None and self.bot_for(s.seat) is not None} for s in self.seats],
        }


@dataclass(frozen=True)
class LoggedAction:
    """One step of a table's log: the seat that acted, the action's JSON, and whether a bot chose it."""

    step: int
    seat: int
    action: Mapping[str, Any]
    by_bot: bool
    at_ms: int


class TablesMixin(StorePart):
    """The store's class-table methods (mixed into ``push_learn.classroom.store.Store``)."""

    if TYPE_CHECKING:
        backend: str

        def join(self, code: str, name: str) -> Student:
            """``Store.join``: student ``name`` joins class ``code`` (joining again returns the same student)."""

    # ---- reading ------------------------------------------------------------------------------
    def _table_info(self, conn: Connection, table_id: object) -> TableInfo:
        """The table ``table_id`` as the store holds it; ``NotFound`` in words for any other value."""
        if row_number(table_id) is None:
            raise NotFound(f"there is no table {short(table_id, 20)}")
        steps = (select(func.count()).select_from(table_actions_t)
                 .where(table_actions_t.c.table_id == tables_t.c.id).scalar_subquery())
        rows = conn.execute(  # one statement: a poll is one round trip inside its transaction
            select(tables_t, _classes_t.c.code, steps.label("steps"), seats_t.c.seat, seats_t.c.bot_level.label("bot"),
                   seats_t.c.seen_ms, _students_t.c.name)
            .join(_classes_t, _classes_t.c.id == tables_t.c.class_id)
            .join(seats_t, seats_t.c.table_id == tables_t.c.id)
            .outerjoin(_students_t, _students_t.c.id == seats_t.c.student_id)
            .where(tables_t.c.id == table_id).order_by(seats_t.c.seat)).all()
        if not rows:
            raise NotFound(f"there is no table {table_id}")
        row = rows[0]
        return TableInfo(
            row.id, row.code, row.game, json.loads(row.rules), int(row.seed), row.bot_level, row.status,
            row.idle_limit_s, tuple(SeatInfo(r.seat, r.name, r.bot, r.seen_ms) for r in rows),
            int(row.steps), now_ms(),
        )

    def table(self, table_id: int) -> TableInfo:
        """Table ``table_id`` as it is now."""
        with self._read() as conn:
            return self._table_info(conn, table_id)

    def tables(self, code: str, *, finished: bool = False) -> list[TableInfo]:
        """The class's tables, oldest first; finished ones only when ``finished``."""
        with self._read() as conn:
            class_id = self._class_row(conn, code).id
            query = select(tables_t.c.id).where(tables_t.c.class_id == class_id).order_by(tables_t.c.id)
            if not finished:
                query = query.where(tables_t.c.status != "over")
            return [self._table_info(conn, table_id) for table_id in conn.execute(query).scalars()]

    def table_log(self, table_id: int, since: int = 0) -> list[LoggedAction]:
        """The table's actions from step ``since`` on, in order."""
        if row_number(table_id) is None or since > MAX_ROW_NUMBER:
            return []
        with self._read() as conn:
            rows = conn.execute(select(table_actions_t).where(table_actions_t.c.table_id == table_id,
                                                              table_actions_t.c.step >= max(since, 0))
                                .order_by(table_actions_t.c.step)).all()
        return [LoggedAction(r.step, r.seat, json.loads(r.action), bool(r.by_bot), r.at_ms) for r in rows]

    # ---- opening, sitting, starting ---------------------------------------------------------
    def open_table(self, code: str, game: str, rules: Mapping[str, Any], players: int, *,
                   bot_level: str = "greedy", idle_limit_s: int = 120, seed: int | None = None,
                   student: str | None = None, seat: object = None) -> TableInfo:
        """A new open table of class ``code`` with ``players`` empty seats and a fresh secret seed
        (``seed`` fixes it, for a teacher's chosen deal and for tests).

        With ``student``, the student opening it sits down in the same transaction (in ``seat``, 0-based as
        ``sit`` takes it, or the first seat when None): a seat or a student that ``sit`` refuses leaves no
        table behind.
        """
        if not rules:
            raise TableRefused("a table needs the game's rules (its settings as plain values)")
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 8:
            raise TableRefused(f"a table has 2 to 8 seats, not {short(players)}")
        _check_idle(idle_limit_s)
        chosen_seat = seat_choice(seat)
        if student is None and chosen_seat is not None:
            raise TableRefused("a seat is chosen for a student: name the student who sits in it")
        chosen = secrets.randbits(62) if seed is None else seed
        at = now_ms()
        with self._write() as conn:
            class_id = self._class_row(conn, code).id
            table_id = conn.execute(insert(tables_t).values(
                class_id=class_id, game=game, rules=canonical_json(dict(rules)).decode(), seed=str(chosen),
                bot_level=bot_level, status="open", idle_limit_s=idle_limit_s, created_ms=at,
            ).returning(tables_t.c.id)).scalar_one()
            conn.execute(insert(seats_t), [{"table_id": table_id, "seat": number, "student_id": None,
                                            "bot_level": None, "seen_ms": at} for number in range(players)])
            info = self._table_info(conn, table_id)
            if student is None:
                return info
            return self._sit(conn, info, student, chosen_seat, f"a new table for {players}")

    def sit(self, table_id: int, student: str, seat: object = None) -> TableInfo:
        """``student`` takes ``seat`` (0-based; the first empty one when None) at an open table of their class.

        A student already at the table keeps their seat, whatever ``seat`` says: leaving and coming
        back returns them to the same seat (D-TBL-03). A ``seat`` that is neither None nor a whole
        number is refused in words, never read as "any seat".
        """
        chosen = seat_choice(seat)
        with self._write() as conn:
            info = self._table_info(conn, table_id)
            return self._sit(conn, info, student, chosen, f"table {info.id}")

    def _sit(self, conn: Connection, info: TableInfo, student: str, seat: int | None, where: str) -> TableInfo:
        """``sit``'s work inside its transaction; ``where`` names the table in a refusal of the seat."""
        student_id = self._student(conn, self._class_row(conn, info.class_code).id, info.class_code, student)
        if info.seat_of(student) is not None:
            conn.execute(update(seats_t).where(seats_t.c.table_id == info.id, seats_t.c.student_id == student_id)
                         .values(seen_ms=now_ms()))
            return self._table_info(conn, info.id)
        if info.status != "open":
            raise TableRefused(f"table {info.id} has started; only its own players may come back to it")
        free = [s.seat for s in info.seats if s.empty]
        if seat is None:
            if not free:
                raise TableRefused(f"table {info.id} has no free seat")
            seat = free[0]
        seat = seat_in(seat, len(info.seats), where)
        if seat not in free:
            raise TableRefused(f"{seat_words(seat)} of table {info.id} is taken; choose a free one")
        changed = conn.execute(update(seats_t).where(
            seats_t.c.table_id == info.id, seats_t.c.seat == seat, seats_t.c.student_id.is_(None),
            seats_t.c.bot_level.is_(None)).values(student_id=student_id, seen_ms=now_ms())).rowcount
        if changed != 1:  # pragma: no cover - the write lock makes the check above current
            raise TableRefused(f"{seat_words(seat)} of table {info.id} is taken; choose a free one")
        return self._table_info(conn, info.id)

    def start_table(self, table_id: int) -> TableInfo:
        """Start an open table: a bot of the table's level sits in every empty seat."""
        with self._write() as conn:
            info = self._table_info(conn, table_id)
            if info.status != "open":
                raise TableRefused(f"table {info.id} has already started")
            if all(s.empty for s in info.seats):
                raise TableRefused(f"table {info.id} has nobody seated yet")
            conn.execute(update(seats_t).where(seats_t.c.table_id == info.id, seats_t.c.student_id.is_(None),
                                               seats_t.c.bot_level.is_(None)).values(bot_level=info.bot_level))
            conn.execute(update(tables_t).where(tables_t.c.id == info.id).values(status="playing"))
            return self._table_info(conn, table_id)

    def seen_at_table(self, table_id: int, student: str) -> None:
        """Note that ``student``'s page is open at the table (their kernel's poll): no bot takes their turns."""
        with self._write() as conn:
            info = self._table_info(conn, table_id)
            student_id = self._student(conn, self._class_row(conn, info.class_code).id, info.class_code, student)
            conn.execute(update(seats_t).where(seats_t.c.table_id == info.id, seats_t.c.student_id == student_id)
                         .values(seen_ms=now_ms()))

    # ---- the log -----------------------------------------------------------------------------
    def append_action(self, table_id: int, step: int, seat: int, action: Mapping[str, Any], *, by_bot: bool,
                      ends: bool = False) -> LoggedAction:
        """Append ``action`` of ``seat`` as step ``step`` (0-based); ``ends`` marks the table over.

        Raises ``StepTaken`` when that step is already in the log (another kernel was first) and
        ``TableRefused`` for a step that skips ahead, a table that is not playing, or a seat that
        does not exist. Checking the action against the rules is the replica's work.
        """
        if isinstance(step, bool) or not isinstance(step, int) or step < 0:
            raise TableRefused(f"a step is a whole number counted from 0, not {short(step)}")
        text = canonical_json(dict(action)).decode()
        if len(text) > _MAX_ACTION:
            raise TableRefused(f"an action is at most {_MAX_ACTION} characters of JSON")
        at = now_ms()
        try:
            with self._write() as conn:
                info = self._table_info(conn, table_id)
                if step < info.steps:
                    raise StepTaken(info.id, step)  # even when that step ended the game
                if info.status != "playing":
                    raise TableRefused(_not_playing(info))
                seat_in(seat, len(info.seats), f"table {info.id}")
                if step > info.steps:
                    raise TableRefused(f"table {info.id} is at step {info.steps + 1}, so step {step + 1} cannot "
                                       "be played yet")
                conn.execute(insert(table_actions_t).values(table_id=info.id, step=step, seat=seat, action=text,
                                                            by_bot=by_bot, at_ms=at))
                if ends:
                    conn.execute(update(tables_t).where(tables_t.c.id == info.id).values(status="over"))
        except IntegrityError as exc:
            if is_unique_violation(exc):
                raise StepTaken(table_id, step) from None
            raise
        return LoggedAction(step, seat, json.loads(text), by_bot, at)

    # ---- the teacher -------------------------------------------------------------------------
    def pause_table(self, table_id: int, paused: bool = True) -> TableInfo:
        """Pause a playing table (no move lands until it is resumed), or resume a paused one."""
        with self._write() as conn:
            info = self._table_info(conn, table_id)
            want, have = ("paused", "playing") if paused else ("playing", "paused")
            if info.status != have:
                raise TableRefused(f"table {info.id} is {info.status}, so it cannot be "
                                   f"{'paused' if paused else 'resumed'}")
            conn.execute(update(tables_t).where(tables_t.c.id == info.id).values(status=want))
            return self._table_info(conn, table_id)

    def seat_bot(self, table_id: int, seat: int, level: str) -> TableInfo:
        """Put a bot of ``level`` in ``seat`` instead of whoever sat there (the teacher's choice)."""
        with self._write() as conn:
            info = self._table_info(conn, table_id)
            seat_in(seat, len(info.seats), f"table {info.id}")
            if info.status == "over":
                raise TableRefused(f"table {info.id} is over")
            conn.execute(update(seats_t).where(seats_t.c.table_id == info.id, seats_t.c.seat == seat)
                         .values(student_id=None, bot_level=level))
            return self._table_info(conn, table_id)

    def set_idle_limit(self, table_id: int, seconds: int) -> TableInfo:
        """How long a student may be away before a bot plays their turns (0: never)."""
        _check_idle(seconds)
        with self._write() as conn:
            info = self._table_info(conn, table_id)
            conn.execute(update(tables_t).where(tables_t.c.id == info.id).values(idle_limit_s=seconds))
            return self._table_info(conn, table_id)

    def iter_table_ids(self, code: str) -> Iterator[int]:
        """Every table id of class ``code`` (finished ones too), oldest first."""
        with self._read() as conn:
            class_id = self._class_row(conn, code).id
            ids = list(conn.execute(select(tables_t.c.id).where(tables_t.c.class_id == class_id)
                                    .order_by(tables_t.c.id)).scalars())
        yield from ids


def table_to_json(info: TableInfo, *, seed: bool) -> dict[str, Any]:
    """A table as plain values for the service's answers; ``seed`` only for a seated student's kernel."""
    data = {**info.public(), "class": info.class_code, "rules": dict(info.rules), "now_ms": info.now_ms,
            "seats": [{"seat": s.seat, "student": s.student, "bot": s.bot, "seen_ms": s.seen_ms}
                      for s in info.seats]}
    if seed:
        data["seed"] = str(info.seed)
    return data


def table_from_json(data: Mapping[str, Any]) -> TableInfo:
    """The ``TableInfo`` of ``table_to_json`` (seed 0 when it was left out)."""
    try:
        seats = tuple(SeatInfo(int(s["seat"]), s["student"], s["bot"], int(s["seen_ms"])) for s in data["seats"])
        return TableInfo(int(data["id"]), str(data["class"]), str(data["game"]), dict(data["rules"]),
                         int(data.get("seed", 0)), str(data["bot_level"]), str(data["status"]),
                         int(data["idle_limit_s"]), seats, int(data["steps"]), int(data["now_ms"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise ClassroomError(f"the class service's answer about a table cannot be read ({exc})") from None


def seat_in(seat: object, count: int, where: str) -> int:
    """``seat`` when it is one of the ``count`` seats (0-based) of the table ``where`` names; ``TableRefused``
    otherwise, in words that count the seats from 1 as the student does (``protocol.seat_outside``, D-TBL-24).

    >>> seat_in(3, 4, "table 7")
    3
    >>> seat_in(4, 4, "table 7")
    Traceback (most recent call last):
    ...
    push_learn.classroom.table_store.TableRefused: table 7 has seats 1 to 4, not seat 5
    """
    return checked_seat(seat, count, where, TableRefused)


def seat_choice(seat: object) -> int | None:
    """The seat a student asks for when sitting down: None (any free seat) or a whole number; anything else
    (``true``, ``"2"``, ``2.0``) is refused in words instead of being read as any seat.

    >>> seat_choice(None), seat_choice(2)
    (None, 2)
    >>> try:
    ...     seat_choice(True)
    ... except TableRefused as refused:
    ...     print(refused)
    a seat is named by its number (leave it out for any free seat), not True
    """
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
        raise TableRefused(f"a seat is named by its number (leave it out for any free seat), not {short(seat)}")
    return seat


def _check_idle(seconds: object) -> None:
    if isinstance(seconds, bool) or not isinstance(seconds, int) or not 0 <= seconds <= MAX_IDLE_S:
        raise TableRefused(f"the idle limit is a whole number of seconds from 0 (never) to {MAX_IDLE_S}, "
                           f"not {short(seconds)}")


def _not_playing(info: TableInfo) -> str:
    return {
        "open": f"table {info.id} has not started yet",
        "paused": f"the teacher paused table {info.id}; wait until it is resumed",
        "over": f"table {info.id} is over",
    }.get(info.status, f"table {info.id} is {info.status}")
