"""Errors shared by every game: each carries a sentence a student can read."""

from __future__ import annotations


class PushLearnError(Exception):
    """Base of every error push_learn raises on purpose."""


class UsageError(PushLearnError, ValueError):
    """A command was given settings it cannot use; the message is one sentence for the terminal.

    ``push-learn`` prints it after the command's name and exits with status 2, never with a traceback.
    """


class IllegalAction(PushLearnError, ValueError):
    """An action the rules do not allow now; the message says why in plain words.

    The game state is never changed by an action that raises this.
    """


class RecordError(PushLearnError, ValueError):
    """A saved record that cannot be replayed (corrupt, tampered with, or of an unknown version).

    ``index`` is the number of the first bad event (0-based) when one can be named.
    """

    def __init__(self, message: str, index: int | None = None) -> None:
        self.index = index
        super().__init__(message)
