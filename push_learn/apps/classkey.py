"""Class and teacher keys for ``push-learn serve``: made with ``secrets``, compared in constant time.

A key is what a teacher reads out or writes on the board (``K7QM-3RXP``): letters and digits that
cannot be mistaken for one another. Keys are compared ignoring case, spaces and dashes, so a student
typing ``k7qm 3rxp`` gets in. Nothing here starts a server or imports one: ``push_learn.apps.access``
puts these keys to work inside Voila.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

__all__ = [
    "KEY_ALPHABET",
    "LOCAL_HOSTS",
    "MIN_KEY_LENGTH",
    "Keys",
    "fingerprint",
    "is_local_host",
    "key_matches",
    "key_problem",
    "new_key",
    "normalize_key",
]

KEY_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Letters and digits a generated key is made of: no 0/O, 1/I/L, which are read out wrongly."""
MIN_KEY_LENGTH = 6
"""The fewest letters and digits a key set by the teacher may have."""
MAX_KEY_LENGTH = 200
"""The most characters a typed key may have (anything longer is refused unread)."""
LOCAL_HOSTS = frozenset({"127.0.0.1", "::1", "localhost"})
"""Hosts on which ``push-learn serve`` needs no class key: only this computer can reach them."""


def new_key(groups: int = 2, size: int = 4) -> str:
    """A fresh random key such as ``K7QM-3RXP`` (``groups`` groups of ``size``, from ``secrets``).

    The default has 31**8 (about 2**40) possible keys: enough for a class network, where a guess
    costs a request and wrong keys are slowed down by the server.
    """
    return "-".join("".join(secrets.choice(KEY_ALPHABET) for _ in range(size)) for _ in range(groups))


def normalize_key(text: str) -> str:
    """The key as compared: upper case, without spaces, dashes or surrounding blanks."""
    return "".join(text.split()).replace("-", "").upper()


def key_problem(key: str, what: str = "the class key") -> str | None:
    """What makes ``key`` unusable as a key set by the teacher, in one sentence; None when it is fine."""
    if len(key) > MAX_KEY_LENGTH:
        return f"{what} is too long (at most {MAX_KEY_LENGTH} characters)"
    core = normalize_key(key)
    if not core.isascii() or not core.isprintable():
        return f"{what} may only use letters, digits and signs found on a keyboard"
    if len(core) < MIN_KEY_LENGTH:
        return f"{what} needs at least {MIN_KEY_LENGTH} letters or digits (spaces and dashes do not count)"
    return None


def key_matches(given: str, key: str) -> bool:
    """Whether ``given`` (typed by someone) is ``key``, ignoring case, spaces and dashes.

    The comparison takes the same time wherever the two differ, and over-long input is refused unread.
    """
    if not given or len(given) > MAX_KEY_LENGTH:
        return False
    return hmac.compare_digest(normalize_key(given).encode("utf-8"), normalize_key(key).encode("utf-8"))


def fingerprint(key: str) -> str:
    """A short digest of a key, kept in a browser's signed cookie instead of the key itself."""
    return hashlib.sha256(normalize_key(key).encode("utf-8")).hexdigest()[:16]


def is_local_host(host: str) -> bool:
    """Whether ``host`` is this computer only (127.0.0.1, ::1 or localhost), where no class key is needed."""
    return host.strip("[]").lower() in LOCAL_HOSTS


@dataclass(frozen=True)
class Keys:
    """The keys a server runs with.

    ``class_key`` None means an open server (localhost, or ``--no-key``): every page answers anyone
    who can reach it. The teacher key always exists: the teacher's pages never open without it.
    """

    class_key: str | None
    teacher_key: str
    class_key_generated: bool = False
    teacher_key_generated: bool = False

    def role_of(self, typed: str) -> str | None:
        """``"teacher"`` or ``"student"`` for the key someone typed, None when it is neither key."""
        teacher = key_matches(typed, self.teacher_key)
        student = self.class_key is not None and key_matches(typed, self.class_key)
        if teacher:
            return "teacher"
        return "student" if student else None
