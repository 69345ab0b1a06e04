"""The class store's errors (a module of their own, so that every part of the store can raise them)."""

from __future__ import annotations

from push_learn.errors import PushLearnError

__all__ = ["ClassroomError", "NotFound"]


class ClassroomError(PushLearnError):
    """Something the class store cannot do; the message says why in plain words."""


class NotFound(ClassroomError, LookupError):
    """No class, student, assignment, table or result of that name or number."""
