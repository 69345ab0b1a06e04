"""Instant feedback for the tutorials' exercises: compare a student's answer with the core's answer, kindly.

No rule lives here. A notebook asks the rules core for the right answer and passes it in; this
module only reads the student's answer in the same form (card text becomes cards, ``"yes"``
becomes ``True``), compares, and prints one friendly sentence.

>>> check(..., 4)
✏️ Put your answer in place of the ... and run this cell again.
>>> check(4, 4, right="A set holds at most one card of each suit.")
✅ Right! A set holds at most one card of each suit.
>>> check("7h 8h", parse_cards("8H 7H"), unordered=True)
✅ Right!
>>> check(5, 4, hint="Count the suits.")
❌ Not quite: you answered 5. Hint: Count the suits. Try again!
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass
from enum import Enum
from typing import Any

from push_learn.cards import Card, CardParseError, card_sort_key, format_cards, parse_card, parse_cards
from push_learn.seeds import whole_number

__all__ = ["Verdict", "check", "verdict"]

_YES = {"yes", "y", "true", "right", "legal", "ok"}
_NO = {"no", "n", "false", "wrong", "illegal"}


@dataclass(frozen=True)
class Verdict:
    """The outcome of one check: ``ok`` is True (right), False (wrong) or None (not answered yet)."""

    ok: bool | None
    message: str

    def __bool__(self) -> bool:
        return self.ok is True

    def __str__(self) -> str:
        return self.message


class _Unreadable(ValueError):
    """The answer cannot be read in the form the exercise needs; the message says what was expected."""


def _is_cards(value: Any) -> bool:
    return isinstance(value, list | tuple) and bool(value) and all(isinstance(item, Card) for item in value)


def _read(answer: Any, expected: Any) -> Any:
    """The student's ``answer`` in the same form as ``expected`` (cards, yes/no, number, word)."""
    if isinstance(expected, Card):
        if isinstance(answer, str):
            try:
                return parse_card(answer)
            except CardParseError as error:
                raise _Unreadable(str(error)) from error
        return answer
    if _is_cards(expected):
        if isinstance(answer, Card):
            return [answer]
        try:
            if isinstance(answer, str):
                return parse_cards(answer)
            if isinstance(answer, list | tuple):
                return [card if isinstance(card, Card) else parse_card(str(card), i) for i, card in enumerate(answer)]
        except CardParseError as error:
            raise _Unreadable(str(error)) from error
        raise _Unreadable("this exercise wants cards, written like \"7H 8H 9H\"")
    if isinstance(expected, Enum) and isinstance(answer, str):
        word = answer.strip().lower()
        names = {str(expected.value).lower(), expected.name.lower(), str(expected).lower()}
        return expected if word in names else answer
    if isinstance(expected, bool):
        if isinstance(answer, str) and answer.strip().lower() in _YES | _NO:
            return answer.strip().lower() in _YES
        if not isinstance(answer, bool):
            raise _Unreadable("this exercise wants True or False (yes or no)")
        return answer
    if isinstance(expected, int):
        if isinstance(answer, str) and (number := whole_number(answer, -(10**9), 10**9)) is not None:
            return number
        if isinstance(answer, bool) or not isinstance(answer, int | float):
            raise _Unreadable("this exercise wants a number")
        return answer
    if isinstance(expected, str) and isinstance(answer, str):
        return " ".join(answer.split()).lower()
    return answer


def _same(answer: Any, expected: Any, unordered: bool) -> bool:
    if isinstance(expected, str):
        return bool(answer == " ".join(expected.split()).lower())
    if unordered and isinstance(answer, list | tuple | set) and isinstance(expected, list | tuple | set):
        try:
            return Counter(answer) == Counter(expected)
        except TypeError:  # unhashable items: compare sorted copies
            return sorted(answer, key=repr) == sorted(expected, key=repr)
    if isinstance(expected, list | tuple) and isinstance(answer, list | tuple):
        return list(answer) == list(expected)
    return bool(answer == expected)


def _shown(answer: Any) -> str:
    """How the student's answer is repeated back: cards in symbols, everything else as written."""
    if isinstance(answer, Card):
        return str(answer)
    if _is_cards(answer):
        return format_cards(sorted(answer, key=card_sort_key) if isinstance(answer, set) else answer)
    if isinstance(answer, str):
        return repr(answer)
    return str(answer)


def verdict(
    answer: Any, expected: Any, *, unordered: bool = False, right: str = "", hint: str = "", label: str = ""
) -> Verdict:
    """Compare ``answer`` with ``expected`` (the core's answer) and word the outcome for a student.

    ``unordered`` compares lists as collections (any order). ``right`` is added to the praise and
    ``hint`` to the nudge after a wrong answer; the expected answer itself is never revealed.
    ``label`` (such as ``"Exercise 2"``) starts the sentence.
    """
    start = f"{label}: " if label else ""
    if answer is Ellipsis:
        return Verdict(None, f"{start}✏️ Put your answer in place of the ... and run this cell again.")
    try:
        read = _read(answer, expected)
    except _Unreadable as problem:
        return Verdict(False, f"{start}🤔 I could not read your answer {_shown(answer)}: {problem}")
    if _same(read, expected, unordered):
        return Verdict(True, " ".join([f"{start}✅ Right!", right]).strip())
    nudge = f" Hint: {hint}" if hint else ""
    return Verdict(False, f"{start}❌ Not quite: you answered {_shown(read)}.{nudge} Try again!")


def check(
    answer: Any, expected: Any, *, unordered: bool = False, right: str = "", hint: str = "", label: str = ""
) -> None:
    """Print the friendly verdict on ``answer`` (see ``verdict``); the tutorials' exercise cells call this.

    With a class service configured (``push_learn.classroom.client.record_attempt``) the attempt is also
    recorded for the class; otherwise, and if that fails, nothing more happens."""
    result = verdict(answer, expected, unordered=unordered, right=right, hint=hint, label=label)
    print(result)
    if result.ok is not None and os.environ.get("PUSH_LEARN_CLASS_SERVICE"):  # the class loop (issue 23)
        from push_learn.classroom.client import notebook_name, record_attempt

        record_attempt(notebook_name(), label or "exercise", _shown(answer), result.ok)

