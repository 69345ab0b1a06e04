"""The teacher's export and removal of a class's data (mixed into ``push_learn.classroom.store.Store``).

``export_csv`` gives everything a class did as spreadsheet files (never a secret shuffle or a record);
``delete_class`` removes the class and every row of it in one transaction, and ``rows_of_class`` counts
what is left (nothing, once deleted).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import delete, func, select

from push_learn.classroom.common import StorePart
from push_learn.classroom.schema import TABLES
from push_learn.classroom.scoring import result_unit, strategy_chips

__all__ = ["ExportMixin"]

classes_t, students_t, assignments_t = TABLES["classes"], TABLES["students"], TABLES["assignments"]
results_t, attempts_t, sessions_t = TABLES["results"], TABLES["attempts"], TABLES["trainer_sessions"]
_CLASS_TABLES = tuple(TABLES[name] for name in ("class_tables", "attempts", "trainer_sessions", "deals", "browsers",
                                               "results", "assignments", "students"))
"""Every table whose rows belong to a class, in an order that deletes them without breaking a reference
(a class table's seats and log go with it)."""


def _csv_cell(value: object) -> object:
    """A cell that a spreadsheet will not run as a formula (names are typed by students)."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def _result_row(r: Any) -> tuple[object, ...]:
    """A row of ``results.csv``: a rummy match's points left in ``points``; a poker deal's chips won in ``chips_won``
    and no ``points`` (the store keeps the chips lost: D-CLS-06); a Three Card Poker session's choices as the exact
    strategy in ``as_strategy`` and the chips the others gave up in ``chips_given_up``, with no ``points`` or
    ``deals_won`` (the store keeps hundredths of a chip: D-CLS-10)."""
    unit = result_unit(r.game)
    points, deals_won, chips_won, as_strategy, given_up = {
        "points": (r.points, r.deals_won, "", "", ""),
        "chips": ("", r.deals_won, -r.points, "", ""),
        "strategy": ("", "", "", r.deals_won, strategy_chips(r.points)),
    }[unit]
    return (r.assignment_id, r.deal_number, r.name, points, deals_won, r.moves, r.hints, _iso(r.submitted_ms), r.game,
            chips_won, as_strategy, given_up)


def _iso(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, tz=timezone.utc).isoformat(timespec="seconds")


class ExportMixin(StorePart):
    """The store's methods for the teacher's export and removal of a class."""

    def export_csv(self, code: str) -> dict[str, str]:
        """Everything of a class as CSV texts: ``students.csv``, ``assignments.csv``, ``results.csv``,
        ``trainer.csv`` (Three Card Poker sessions) and ``attempts.csv`` (never the secret shuffles or any
        record; cells that would start a formula are quoted)."""
        with self._read() as conn:
            class_id = self._class_row(conn, code).id
            sheets: dict[str, tuple[list[str], list[Sequence[object]]]] = {
                "students.csv": (["student", "joined"], [
                    (r.name, _iso(r.joined_ms)) for r in conn.execute(
                        select(students_t).where(students_t.c.class_id == class_id).order_by(students_t.c.name))]),
                "assignments.csv": (["assignment", "game", "variant", "deal", "bots", "dashboards", "set"], [
                    (r.id, r.game, r.variant, r.deal_number, r.bot_level, " ".join(json.loads(r.dashboards)),
                     _iso(r.created_ms)) for r in conn.execute(
                        select(assignments_t).where(assignments_t.c.class_id == class_id)
                        .order_by(assignments_t.c.id))]),
                "results.csv": (["assignment", "deal", "student", "points", "deals_won", "moves", "hints",
                                 "submitted", "game", "chips_won", "as_strategy", "chips_given_up"], [
                    _result_row(r) for r in conn.execute(
                        select(results_t, students_t.c.name, assignments_t.c.deal_number, assignments_t.c.game)
                        .join(students_t, students_t.c.id == results_t.c.student_id)
                        .join(assignments_t, assignments_t.c.id == results_t.c.assignment_id)
                        .where(results_t.c.class_id == class_id)
                        .order_by(results_t.c.assignment_id, results_t.c.points, students_t.c.name))]),
                "trainer.csv": (["student", "game", "rounds", "decisions", "as_strategy", "hints", "net", "expected",
                                 "cost", "submitted"], [
                    (r.name, r.game, r.rounds, r.decisions, r.agreed, r.hints, r.net, f"{r.expected:.2f}",
                     f"{r.cost:.2f}", _iso(r.submitted_ms)) for r in conn.execute(
                        select(sessions_t, students_t.c.name)
                        .join(students_t, students_t.c.id == sessions_t.c.student_id)
                        .where(sessions_t.c.class_id == class_id).order_by(sessions_t.c.id))]),
                "attempts.csv": (["student", "notebook", "exercise", "answer", "correct", "at"], [
                    (r.name, r.notebook, r.exercise, r.answer, "yes" if r.correct else "no", _iso(r.at_ms))
                    for r in conn.execute(
                        select(attempts_t, students_t.c.name)
                        .join(students_t, students_t.c.id == attempts_t.c.student_id)
                        .where(attempts_t.c.class_id == class_id).order_by(attempts_t.c.at_ms, attempts_t.c.id))]),
            }
        files: dict[str, str] = {}
        for filename, (header, rows) in sheets.items():
            out = io.StringIO()
            writer = csv.writer(out)
            writer.writerow(header)
            writer.writerows([_csv_cell(value) for value in row] for row in rows)
            files[filename] = out.getvalue()
        return files

    def delete_class(self, code: str) -> dict[str, int]:
        """Remove class ``code`` and everything of it, in one transaction; returns the rows removed per table."""
        with self._write() as conn:
            class_id = self._class_row(conn, code).id
            removed = {}
            for table in _CLASS_TABLES:
                removed[table.name] = conn.execute(delete(table).where(table.c.class_id == class_id)).rowcount
            removed["classes"] = conn.execute(delete(classes_t).where(classes_t.c.id == class_id)).rowcount
        return removed

    def rows_of_class(self, class_id: int) -> dict[str, int]:
        """How many rows of each table belong to class number ``class_id`` (0 everywhere once deleted)."""
        with self._read() as conn:
            counts = {table.name: int(conn.execute(select(func.count()).select_from(table)
                                                   .where(table.c.class_id == class_id)).scalar_one())
                      for table in _CLASS_TABLES}
            counts["classes"] = int(conn.execute(select(func.count()).select_from(classes_t)
                                                 .where(classes_t.c.id == class_id)).scalar_one())
        return counts
