"""Three Card Poker trainer sessions in the class store (mixed into ``push_learn.classroom.store.Store``).

A class trainer seals its session after every settled round and posts it; the store checks the seal,
replays the record, marks every play-or-fold choice against the exact strategy and keeps one row per
session, which a later post may bring up to date only by continuing it (D-CLS-01).
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from sqlalchemy import insert, select

from push_learn.classroom.common import StorePart, continues, display_name, now_ms
from push_learn.classroom.errors import ClassroomError
from push_learn.classroom.rows import ResultRefused, SubmittedSession, TrainerRow
from push_learn.classroom.schema import TABLES
from push_learn.classroom.scoring import SessionFigures, SessionScore, session_score
from push_learn.errors import RecordError
from push_learn.records import Record

__all__ = ["TrainerMixin"]

sessions_t, students_t = TABLES["trainer_sessions"], TABLES["students"]
_FIGURES = tuple(field.name for field in dataclasses.fields(SessionFigures))
"""A session's figures, each kept in the ``trainer_sessions`` column of its name."""


class TrainerMixin(StorePart):
    """The store's trainer-session methods."""

    if TYPE_CHECKING:
        def _sealed(self, record: Record | str | bytes | Mapping[str, Any], what: str) -> Record: ...

    def submit_session(self, code: str, student: str, token: str,
                       record: Record | str | bytes | Mapping[str, Any],
                       claimed: SessionScore | None = None) -> SubmittedSession:
        """Check, replay and keep ``student``'s Three Card Poker trainer session; ``ResultRefused`` says why not.

        ``token`` names the session (the trainer makes a fresh one per session); sending the same session
        again, with more rounds, brings its row up to date, but only if the new record continues the one
        kept (a decision once kept cannot be taken back). Refused: an unsealed or edited record, a record
        of another game or that does not name the student, one that does not replay, and a ``claimed``
        score the replay does not give.
        """
        name = display_name(student)
        if not isinstance(token, str) or not 8 <= len(token) <= 64:
            raise ClassroomError("a trainer session is named by a text of 8 to 64 characters")
        parsed = self._sealed(record, "trainer session")
        try:
            score = session_score(parsed, name)
        except RecordError as exc:
            raise ResultRefused(f"the trainer session cannot be replayed: {exc}") from None
        if claimed is not None and claimed != score:
            raise ResultRefused(f"the trainer session claims {claimed.describe()}, but its replay gives "
                                f"{score.describe()}")
        values = dict(record=parsed.to_json(), game=parsed.game, submitted_ms=now_ms(),
                      **{name: getattr(score, name) for name in _FIGURES})
        digest = hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()  # any text names a session
        with self._write() as conn:
            row = self._class_row(conn, code)
            student_id = self._student(conn, row.id, code, name)
            kept = conn.execute(select(sessions_t.c.id, sessions_t.c.record, sessions_t.c.student_id)
                                .where(sessions_t.c.class_id == row.id, sessions_t.c.digest == digest)).first()
            if kept is None:
                session_id = conn.execute(insert(sessions_t).values(
                    class_id=row.id, student_id=student_id, digest=digest, **values,
                ).returning(sessions_t.c.id)).scalar_one()
            else:
                if kept.student_id != student_id or not continues(Record.from_json(kept.record), parsed):
                    raise ResultRefused("this trainer session does not continue the one kept under its name: "
                                        "a choice once recorded cannot be taken back")
                conn.execute(sessions_t.update().where(sessions_t.c.id == kept.id).values(**values))
                session_id = kept.id
        return SubmittedSession(session_id, name, score)

    def trainer_board(self, code: str) -> list[TrainerRow]:
        """Each student's trainer sessions added up, the closest to the exact strategy first."""
        with self._read() as conn:
            class_id = self._class_row(conn, code).id
            rows = conn.execute(
                select(students_t.c.name, *(sessions_t.c[name] for name in _FIGURES))
                .join(students_t, students_t.c.id == sessions_t.c.student_id)
                .where(sessions_t.c.class_id == class_id).order_by(sessions_t.c.id)).all()
        sessions: dict[str, list[SessionFigures]] = {}
        for row in rows:
            sessions.setdefault(row.name, []).append(SessionFigures(*(row._mapping[name] for name in _FIGURES)))
        board = []
        for name, figures in sessions.items():
            summed = SessionFigures.total(figures)
            board.append(TrainerRow(name, len(figures), dataclasses.replace(
                summed, expected=round(summed.expected, 2), cost=round(summed.cost, 2))))
        return sorted(board, key=lambda r: (-r.score.agreement, r.score.cost, r.score.hints, r.student.casefold()))
