"""The class layer's store: classes, students, assignments, sealed results and exercise attempts.

SQLite by default (one file beside the served folder), PostgreSQL for a class spread over many
machines, behind one code path (``Store``). Needs the ``classroom`` extra (SQLAlchemy, psycopg).
The rules core never imports this package.
"""

from push_learn.classroom.schema import SCHEMA_VERSION, SchemaError
from push_learn.classroom.scoring import Score, ScoreFunction, default_score, hints_of, rummy_score
from push_learn.classroom.store import (
    CLASS_DB_ENV,
    DEFAULT_FILE,
    Assignment,
    BoardRow,
    ClassInfo,
    ClassroomError,
    ExerciseProgress,
    NewClass,
    NotFound,
    ResultRefused,
    Store,
    Student,
    SubmittedResult,
    deal_seed,
    display_name,
    resolve_url,
)

__all__ = [
    "CLASS_DB_ENV",
    "DEFAULT_FILE",
    "SCHEMA_VERSION",
    "Assignment",
    "BoardRow",
    "ClassInfo",
    "ClassroomError",
    "ExerciseProgress",
    "NewClass",
    "NotFound",
    "ResultRefused",
    "SchemaError",
    "Score",
    "ScoreFunction",
    "Store",
    "Student",
    "SubmittedResult",
    "deal_seed",
    "default_score",
    "display_name",
    "hints_of",
    "resolve_url",
    "rummy_score",
]
