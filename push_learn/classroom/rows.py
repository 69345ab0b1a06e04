"""What the class store hands back: classes, students, assignments, results, sessions and the teacher's rows.

Plain frozen values, read by the store's methods (``push_learn.classroom.store``), its service and the
teacher's page; none of them touches the database.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from push_learn.classroom.errors import ClassroomError
from push_learn.classroom.scoring import Score, SessionFigures, SessionScore
from push_learn.records import Record

__all__ = [
    "Assignment",
    "BoardRow",
    "ClassInfo",
    "DealOpening",
    "ExerciseProgress",
    "NewClass",
    "ResultRefused",
    "Student",
    "SubmittedResult",
    "SubmittedSession",
    "TrainerRow",
]


class ResultRefused(ClassroomError, ValueError):
    """A result that does not count: unsealed or edited, not an assigned deal, or a wrong score."""


# ---- small values ----------------------------------------------------------------------------
@dataclass(frozen=True)
class NewClass:
    """A class just created: its number, the join code to read out, and its name."""

    id: int
    code: str
    name: str


@dataclass(frozen=True)
class ClassInfo:
    """A class: its number, join code and name."""

    id: int
    code: str
    name: str


@dataclass(frozen=True)
class Student:
    """A student of a class, known only by a display name (under JupyterHub, the hub's user name)."""

    id: int
    name: str


@dataclass(frozen=True)
class Assignment:
    """A deal set for a class. ``seed`` is the secret shuffle: it is for the server, never a page."""

    id: int
    game: str
    variant: str
    rules: Mapping[str, Any]
    deal_number: int
    seed: int
    bot_level: str
    dashboards: tuple[str, ...]
    created_ms: int

    def public(self) -> dict[str, Any]:
        """What a student's page may show: everything but the seed."""
        return {"id": self.id, "game": self.game, "variant": self.variant, "deal_number": self.deal_number,
                "bot_level": self.bot_level, "dashboards": list(self.dashboards)}


@dataclass(frozen=True)
class SubmittedResult:
    """A result the store accepted, with the score its replay gave."""

    id: int
    assignment_id: int
    student: str
    score: Score


@dataclass(frozen=True)
class DealOpening:
    """A student's opening of an assigned deal: how many times it was opened, and the match so far.

    ``progress`` is the record of the moves played before (None the first time): a reload continues it.
    """

    opens: int
    progress: Record | None


@dataclass(frozen=True)
class SubmittedSession:
    """A Three Card Poker trainer session the store accepted (or brought up to date), as its replay scored it."""

    id: int
    student: str
    score: SessionScore


@dataclass(frozen=True)
class TrainerRow:
    """One student's Three Card Poker trainer sessions added up (the teacher's view): how many sessions,
    and their figures summed (``SessionFigures.total``), the chip figures rounded to hundredths."""

    student: str
    sessions: int
    score: SessionFigures


@dataclass(frozen=True)
class BoardRow:
    """One row of an assignment's leaderboard; ``result_id`` opens the student's replay."""

    rank: int
    student: str
    points: int
    deals_won: int
    moves: int
    hints: int
    result_id: int


@dataclass(frozen=True)
class ExerciseProgress:
    """How a class does on one exercise: attempts, right answers, and the commonest wrong answers."""

    notebook: str
    exercise: str
    attempts: int
    right: int
    students: int
    students_right: int
    wrong_answers: tuple[tuple[str, int], ...]

    @property
    def success_rate(self) -> float:
        """The share of attempts that were right (0.0 when there were none)."""
        return self.right / self.attempts if self.attempts else 0.0
