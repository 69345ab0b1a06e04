"""Assigned deals kept in the class store (mixed into ``push_learn.classroom.store.Store``).

A student's first opening of an assigned deal deals the cards; the store then keeps the match so far
(``save_progress``), so that every later opening (a reload, another tab, a restarted server) continues
the same match instead of dealing afresh. The teacher sees who opened which deal (``openings``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, insert, select

from push_learn.classroom.common import StorePart, continues, display_name, now_ms, row_number
from push_learn.classroom.errors import NotFound
from push_learn.classroom.rows import Assignment, DealOpening, ResultRefused
from push_learn.classroom.schema import TABLES
from push_learn.errors import RecordError
from push_learn.records import Record, short

__all__ = ["DealsMixin"]

assignments_t, classes_t, deals_t, students_t = (TABLES["assignments"], TABLES["classes"], TABLES["deals"],
                                                 TABLES["students"])


class DealsMixin(StorePart):
    """The store's methods for an assigned deal's openings and the match kept so far."""

    if TYPE_CHECKING:
        @staticmethod
        def _assignment(row: Any) -> Assignment: ...
        def _deal_record(self, record: Record | str | bytes | Mapping[str, Any], assignment: Assignment, name: str,
                         what: str) -> Record: ...

    def _assignment_and_student(self, conn: Connection, assignment_id: int, student: str) -> tuple[Assignment, int]:
        row = None if row_number(assignment_id) is None else conn.execute(
            select(assignments_t, classes_t.c.code).join(classes_t).where(assignments_t.c.id == assignment_id)).first()
        if row is None:
            raise NotFound(f"there is no assignment number {short(assignment_id, 20)}")
        return self._assignment(row), self._student(conn, row.class_id, row.code, student)

    def open_deal(self, assignment_id: int, student: str) -> DealOpening:
        """Count an opening of an assigned deal by ``student`` and give back the match so far.

        The first opening deals the cards; every later one (a reload, another tab, a restarted server)
        gets the moves saved by ``save_progress`` and continues the same match: the deal is never dealt
        afresh, so a student cannot look at the cards and start again.
        """
        with self._write() as conn:
            assignment, student_id = self._assignment_and_student(conn, assignment_id, student)
            where = (deals_t.c.assignment_id == assignment.id) & (deals_t.c.student_id == student_id)
            row = conn.execute(select(deals_t.c.opens, deals_t.c.progress).where(where)).first()
            if row is None:
                row_class = conn.execute(select(assignments_t.c.class_id)
                                         .where(assignments_t.c.id == assignment.id)).scalar_one()
                stamp = now_ms()
                conn.execute(insert(deals_t).values(class_id=row_class, assignment_id=assignment.id,
                                                    student_id=student_id, opens=1, first_ms=stamp, moves=0,
                                                    progress=None, saved_ms=stamp))
                return DealOpening(1, None)
            conn.execute(deals_t.update().where(where).values(opens=deals_t.c.opens + 1))
        return DealOpening(row.opens + 1, None if row.progress is None else Record.from_json(row.progress))

    def save_progress(self, assignment_id: int, student: str, record: Record | str | bytes | Mapping[str, Any]) -> int:
        """Keep the match ``student`` is playing on an assigned deal, so that a reload continues it.

        The record must be sealed by a dashboard kernel, be the assignment's deal, replay, and continue
        the moves saved before (a saved move is never taken back by reloading). Returns the moves kept.
        """
        from push_learn.games import load_record

        with self._read() as conn:
            assignment, student_id = self._assignment_and_student(conn, assignment_id, student)
            saved = conn.execute(select(deals_t.c.progress, deals_t.c.moves).where(
                deals_t.c.assignment_id == assignment.id, deals_t.c.student_id == student_id)).first()
        name = display_name(student)
        where = f"deal {assignment.deal_number}"
        if saved is None:
            raise ResultRefused(f"{name} has not opened {where}, so there is no match to keep")
        parsed = self._deal_record(record, assignment, name, "match so far")
        if saved.progress is not None and not continues(Record.from_json(saved.progress), parsed):
            raise ResultRefused(f"the match so far on {where} does not continue the moves kept before: "
                                "moves already played cannot be taken back by reloading")
        try:
            load_record(parsed)
        except RecordError as exc:
            raise ResultRefused(f"the match so far on {where} cannot be replayed: {exc}") from None
        with self._write() as conn:
            conn.execute(deals_t.update().where(
                deals_t.c.assignment_id == assignment.id, deals_t.c.student_id == student_id,
                deals_t.c.moves <= len(parsed.actions),
            ).values(progress=parsed.to_json(), moves=len(parsed.actions), saved_ms=now_ms()))
        return len(parsed.actions)

    def openings(self, assignment_id: int) -> dict[str, tuple[int, int]]:
        """Who opened an assigned deal: student -> (times opened, moves kept)."""
        if row_number(assignment_id) is None:
            return {}
        with self._read() as conn:
            rows = conn.execute(select(students_t.c.name, deals_t.c.opens, deals_t.c.moves)
                                .join(students_t, students_t.c.id == deals_t.c.student_id)
                                .where(deals_t.c.assignment_id == assignment_id)).all()
        return {row.name: (row.opens, row.moves) for row in rows}
