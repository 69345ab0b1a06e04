"""Small helpers every part of the class store uses: the clock, the unique-violation test, display names,
whether one record continues another, and ``StorePart``, the base of the store's mixins."""

from __future__ import annotations

import time
import unicodedata
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection
from sqlalchemy.exc import IntegrityError

from push_learn.classroom.errors import ClassroomError
from push_learn.records import Record, canonical_json, short

__all__ = ["MAX_NAME", "MAX_ROW_NUMBER", "StorePart", "continues", "display_name", "is_unique_violation", "now_ms",
           "row_number"]

MAX_NAME = 40
"""The longest display name, in characters."""

MAX_ROW_NUMBER = 2**31 - 1
"""The largest id or step a row can have: both databases' INTEGER columns hold 32 bits."""


def row_number(value: object) -> int | None:
    """``value`` when it is a whole number a row's id can be (1 to ``MAX_ROW_NUMBER``), else None: a larger
    one is no row, and the databases cannot even compare it (SQLite's OverflowError, PostgreSQL's error).

    >>> row_number(3), row_number(2**31), row_number(True), row_number("3")
    (3, None, None, None)
    """
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_ROW_NUMBER:
        return None
    return value


def now_ms() -> int:
    """Whole milliseconds since 1970, UTC: how the store writes times."""
    return time.time_ns() // 1_000_000


def is_unique_violation(exc: IntegrityError) -> bool:
    """True when ``exc`` is a unique constraint's refusal (PostgreSQL's 23505, SQLite's message)."""
    code = getattr(exc.orig, "sqlstate", None)  # psycopg
    if code is not None:
        return bool(code == "23505")
    return "UNIQUE constraint failed" in str(exc.orig)  # sqlite3


def display_name(name: object, what: str = "a display name") -> str:
    """``name`` tidied (spaces trimmed and collapsed), or ``ClassroomError`` saying what is wrong."""
    if not isinstance(name, str):
        raise ClassroomError(f"{what} must be text, not {short(name)}")
    tidy = " ".join(unicodedata.normalize("NFC", name).split())
    if not tidy:
        raise ClassroomError(f"{what} cannot be empty")
    if len(tidy) > MAX_NAME:
        raise ClassroomError(f"{what} is at most {MAX_NAME} characters; {short(tidy, 50)} is {len(tidy)}")
    if any(unicodedata.category(char).startswith("C") for char in tidy):
        raise ClassroomError(f"{what} cannot hold control characters")
    return tidy


def continues(before: Record, after: Record) -> bool:
    """True when ``after`` is the same game as ``before`` with the same first moves (and perhaps more)."""
    return (before.game, canonical_json(dict(before.rules)), before.seed, before.players) == \
        (after.game, canonical_json(dict(after.rules)), after.seed, after.players) \
        and tuple(after.actions[: len(before.actions)]) == tuple(before.actions)


class StorePart:
    """The base of the store's mixins (tables, trainer sessions, kept deals, export): what they call on
    ``push_learn.classroom.store.Store``, which defines it (declared here for type checkers only)."""

    if TYPE_CHECKING:
        def _write(self) -> AbstractContextManager[Connection]: ...
        def _read(self) -> AbstractContextManager[Connection]: ...
        def _class_row(self, conn: Connection, code: str) -> Any: ...
        def _student(self, conn: Connection, class_id: int, code: str, name: str) -> int: ...
