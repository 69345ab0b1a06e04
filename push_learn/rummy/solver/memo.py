"""Memo tables that live across the solver's questions, kept cheap for the garbage collector.

They take no lock of their own: ``api`` lets one search at a time use them (D-SOL-17).

>>> table = Memo(4)
>>> table["a"] = 1
>>> table.get("a"), table.get("b")
(1, None)
"""

from __future__ import annotations

from gc import is_tracked
from itertools import islice
from typing import Any

__all__ = ["Memo", "clear_shared", "shared", "trim_oldest"]


class Memo:
    """A memo table in two generations, forgotten a generation at a time (nothing is ever copied).

    New entries go to ``young``; when it holds half the limit it becomes ``old`` and the previous old
    generation starts *dying*: each later new entry removes one of its entries, so it is gone by the
    next turn of generations and no single question pays for freeing a whole generation at once
    (dropping a dict of 50,000 tuples in one go stalls for some 40 ms). A hit in ``old`` is copied
    to ``young``, so entries still in use survive the next drop. Keys and values are tuples of
    numbers, which the garbage collector stops tracking once it has seen them. Values must not be ``None``.

    Only a full collection stops tracking a dict, and one new entry the collector still tracks makes it
    tracked again: then every full collection walked every entry of both generations (some 100,000 in a
    benchmark run, most of each full collection's work). So an entry still tracked (a new tuple) waits in
    ``fresh``, a small dict of its own, until the collector has seen it, and only entries it no longer
    tracks go on to ``young``: the generations stay untracked, and a full collection walks ``fresh`` alone
    (D-SOL-28). The collector is only asked (``gc.is_tracked``), never switched (D-SOL-17).
    """

    __slots__ = ("batch", "dying", "fresh", "half", "old", "settle_at", "young")

    def __init__(self, limit: int, batch: int = 1024) -> None:
        self.half = max(1, limit // 2)
        self.young: dict = {}
        self.old: dict = {}
        self.dying: dict = {}
        self.fresh: dict = {}
        self.batch = batch
        """New entries ``fresh`` takes between two looks at what the collector has seen."""
        self.settle_at = batch

    def get(self, key: object) -> Any:
        """The value memoised for ``key``, or None."""
        value = self.young.get(key)
        if value is None:
            value = self.fresh.get(key)
            if value is None:
                value = self.old.get(key)
                if value is not None:
                    self[key] = value
        return value

    def __setitem__(self, key: object, value: object) -> None:
        if is_tracked(value) or is_tracked(key):
            fresh = self.fresh
            fresh[key] = value
            if len(fresh) >= self.settle_at:
                self._settle()
        else:
            self._keep(key, value)

    def _keep(self, key: object, value: object) -> None:
        """Put an entry into ``young`` (turning the generations when it is full)."""
        young = self.young
        young[key] = value
        if self.dying:
            self.dying.popitem()
        if len(young) >= self.half:
            self.dying = self.old  # the generation before it is empty by now: one entry went per new one
            self.old = young
            self.young = {}

    def _settle(self) -> None:
        """Move the fresh entries the collector no longer tracks on to ``young``; the others wait for the next
        look, unless half the limit waits (values holding objects, say): then all move rather than grow."""
        waiting = {}
        keep = self._keep
        for key, value in self.fresh.items():
            if is_tracked(value) or is_tracked(key):
                waiting[key] = value
            else:
                keep(key, value)
        if len(waiting) >= self.half:
            for key, value in waiting.items():
                keep(key, value)
            waiting = {}
        self.fresh = waiting
        self.settle_at = len(waiting) + self.batch

    def __len__(self) -> int:
        return len(self.young) + len(self.old) + len(self.fresh)

    def clear(self) -> None:
        """Forget everything."""
        self.young = {}
        self.old = {}
        self.dying = {}
        self.fresh = {}
        self.settle_at = self.batch


def trim_oldest(table: dict, limit: int) -> None:
    """Forget the oldest half of a small memo dict once it holds more than ``limit`` entries."""
    if len(table) > limit:
        for key in list(islice(table, len(table) // 2)):
            del table[key]


_SHARED_LIMIT = 200_000
"""Shared tuples kept at most (the oldest generation forgotten at a time: sharing is only an economy)."""
_SHARED = Memo(_SHARED_LIMIT)
"""The shared tuples, each its own key, in a ``Memo``: a plain dict took every new tuple and so stayed tracked,
all of its entries walked by each full collection (D-SOL-28)."""


def shared(item: tuple) -> tuple:
    """The one shared copy of a small tuple of numbers, for memo keys and values.

    The garbage collector stops tracking a tuple only when everything in it is untracked, and one
    collection untracks one level of new nested tuples: a memo value of new pairs inside new tuples
    stayed tracked into the oldest generation, where every full collection walked it again (and the
    objects it kept there made full collections come sooner). Built from shared parts, which are old
    and untracked after the first questions, a memo key or value is a flat tuple the collector stops
    tracking the first time it sees it.

    >>> shared((1, 2)) is shared((1, 2))
    True
    """
    kept = _SHARED.get(item)
    if kept is None:
        kept = _SHARED[item] = item
    return kept


def clear_shared() -> None:
    """Forget the shared tuples."""
    _SHARED.clear()
