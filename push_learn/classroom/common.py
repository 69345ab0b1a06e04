"""Small helpers every part of the class store uses: the store's clock and the unique-violation test."""

from __future__ import annotations

import time

from sqlalchemy.exc import IntegrityError

__all__ = ["is_unique_violation", "now_ms"]


def now_ms() -> int:
    """Whole milliseconds since 1970, UTC: how the store writes times."""
    return time.time_ns() // 1_000_000


def is_unique_violation(exc: IntegrityError) -> bool:
    """True when ``exc`` is a unique constraint's refusal (PostgreSQL's 23505, SQLite's message)."""
    code = getattr(exc.orig, "sqlstate", None)  # psycopg
    if code is not None:
        return bool(code == "23505")
    return "UNIQUE constraint failed" in str(exc.orig)  # sqlite3
