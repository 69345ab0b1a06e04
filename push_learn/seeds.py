"""The deal number (the seed): the one number that fixes every shuffle, and reading numbers people type.

A teacher hands a class "deal number 1234": the same number gives everyone the same cards. Everywhere a
number is typed (a page's address, a widget's box, an exercise) it is read the same way: ASCII digits
only (``'²'.isdigit()`` is true in Python, and ``int('١٢')`` reads Arabic-Indic digits), within range.

>>> read_seed(" 1234 ")
1234
>>> whole_number("²", 0, 9) is None
True
"""

from __future__ import annotations

from push_learn.errors import PushLearnError

__all__ = ["DEFAULT_SEED", "MAX_SEED", "SeedError", "read_seed", "whole_number"]

DEFAULT_SEED = 1
"""The deal used when none is named."""
MAX_SEED = 2**32 - 1
"""The largest deal number accepted from a person (any whole number works in code)."""
_DIGITS = frozenset("0123456789")
_MAX_DIGITS = 40


class SeedError(PushLearnError, ValueError):
    """A deal number that is not a whole number from 0 to ``MAX_SEED``."""


def whole_number(text: str, low: int, high: int) -> int | None:
    """``text`` as a whole number from ``low`` to ``high`` (ASCII digits, an optional minus, spaces around),
    or ``None`` when it is anything else.

    >>> whole_number("-3", -5, 5), whole_number("3.0", 0, 9), whole_number("99", 0, 9)
    (-3, None, None)
    """
    text = text.strip()
    digits = text[1:] if text.startswith("-") else text
    if not digits or len(digits) > _MAX_DIGITS or not set(digits) <= _DIGITS:
        return None
    value = int(text)
    return value if low <= value <= high else None


def read_seed(text: str) -> int:
    """A deal number typed by a person; ``SeedError`` in words when it is not one.

    >>> read_seed("abc")
    Traceback (most recent call last):
    ...
    push_learn.seeds.SeedError: the deal number 'abc' is not a whole number from 0 to 4294967295
    """
    value = whole_number(text, 0, MAX_SEED)
    if value is None:
        shown = text if len(text) <= 20 else text[:19] + "…"
        raise SeedError(f"the deal number {shown.strip()!r} is not a whole number from 0 to {MAX_SEED}")
    return value
