"""Memo tables that live across the solver's questions, kept cheap for the garbage collector.

They take no lock of their own: ``api`` lets one search at a time use them (D-SOL-17).

>>> table = Memo(4)
>>> table["a"] = 1
>>> table.get("a"), table.get("b")
(1, None)
"""

from __future__ import annotations

from collections.abc import Iterable
from gc import is_tracked
from itertools import islice
from typing import Any

__all__ = ["FreshMemo", "Memo", "Settled", "clear_shared", "settled", "shared", "shared_pairs", "trim_oldest"]


class Memo:
    """A memo table in two generations, forgotten a generation at a time (nothing is ever copied).

    New entries go to ``young``; when it holds half the limit it becomes ``old`` and the previous old
    generation starts *dying*: each later new entry removes one of its entries, so it is gone by the
    next turn of generations and no single question pays for freeing a whole generation at once
    (dropping a dict of 50,000 tuples in one go stalls for some 40 ms). A hit in ``old`` is copied
    to ``young``, so entries still in use survive the next drop. Keys and values are tuples of
    numbers: once the garbage collector has seen them it stops tracking them, and the ``old`` dict,
    which never grows, with them. Values must not be ``None``.
    """

    __slots__ = ("dying", "half", "old", "young")

    def __init__(self, limit: int) -> None:
        self.half = max(1, limit // 2)
        self.young: dict = {}
        self.old: dict = {}
        self.dying: dict = {}

    def get(self, key: object) -> Any:
        """The value memoised for ``key``, or None."""
        value = self.young.get(key)
        if value is None:
            value = self.old.get(key)
            if value is not None:
                self[key] = value
        return value

    def __setitem__(self, key: object, value: object) -> None:
        young = self.young
        young[key] = value
        if self.dying:
            self.dying.popitem()
        if len(young) >= self.half:
            self.dying = self.old  # the generation before it is empty by now: one entry went per new one
            self.old = young
            self.young = {}

    def __len__(self) -> int:
        return len(self.young) + len(self.old)

    def clear(self) -> None:
        """Forget everything."""
        self.young = {}
        self.old = {}
        self.dying = {}


class FreshMemo(Memo):
    """A ``Memo`` whose generations the garbage collector does not walk: for the big tables.

    Only a full collection stops tracking a dict, and one new entry the collector still tracks (a new
    tuple) makes it tracked again: a plain ``Memo`` took new tuples all the time, so every full collection
    walked every entry of its young generation and of an old one turned since the last full collection
    (up to 100,000 entries of the segment memos in a benchmark run, most of such a collection's work).
    Here new entries wait in ``fresh``, a small dict of their own; every ``batch`` new entries, those the
    collector no longer tracks (it has seen them) move on to ``young`` in bulk, the others wait for the next
    look. The generations then only ever take untracked entries and stay untracked themselves; a full
    collection walks ``fresh`` alone (D-SOL-28). The collector is only asked (``gc.is_tracked``), never
    switched (D-SOL-17). Lookups take the newest first (an entry written again may be in an older dict too).

    >>> table = FreshMemo(8, batch=2)
    >>> table[(1,)] = (2,)
    >>> table.get((1,)), len(table.fresh), len(table)
    ((2,), 1, 1)
    """

    __slots__ = ("batch", "fresh", "settle_at")

    def __init__(self, limit: int, batch: int = 1024) -> None:
        super().__init__(limit)
        self.fresh: dict = {}
        self.batch = batch
        """New entries ``fresh`` takes between two looks at what the collector has seen."""
        self.settle_at = batch

    def get(self, key: object) -> Any:
        """The value memoised for ``key``, or None (the newest copy: fresh entries first)."""
        value = self.fresh.get(key)
        return super().get(key) if value is None else value

    def __setitem__(self, key: object, value: object) -> None:
        fresh = self.fresh
        fresh[key] = value
        if len(fresh) >= self.settle_at:
            self._settle()

    def _settle(self) -> None:
        """Move the fresh entries the collector no longer tracks on to ``young``, in bulk (turning the
        generations as ``Memo`` does, one dying entry freed per entry moved); the others wait for the next
        look, unless half the limit waits (values holding objects, say): then all move rather than grow."""
        moving_items, waiting = _let_go(self.fresh, self.half)
        moving = iter(moving_items)
        while chunk := dict(islice(moving, self.half - len(self.young))):
            self.young.update(chunk)  # entries the collector has seen: ``young`` stays untracked
            dying = self.dying
            for _ in range(min(len(chunk), len(dying))):
                dying.popitem()
            if len(self.young) >= self.half:
                self.dying = self.old  # empty by now: one entry went per entry moved
                self.old = self.young
                self.young = {}
        self.fresh = waiting
        self.settle_at = len(waiting) + self.batch

    def __len__(self) -> int:
        return super().__len__() + len(self.fresh)

    def clear(self) -> None:
        """Forget everything, the fresh entries too."""
        super().clear()
        self.fresh = {}
        self.settle_at = self.batch


class Settled:
    """A plain memo table the garbage collector never walks, for tables read in the solver's inner loops.

    ``table`` is a plain dict, read directly where speed matters (``table.get``), that only ever takes entries
    the collector no longer tracks (tuples of numbers it has seen, numbers, strings), so the dict itself stays
    untracked: a full collection skips it, however big it grows. A dict that took new tuples straight away was
    tracked again by each of them, and every full collection walked all its entries, in memory long gone cold
    (the cover and shared tables held some 110,000 entries after 1,000 big hands: most of a 50 ms pause;
    D-SOL-38). New entries wait in ``fresh``; every ``batch`` of them, those the collector has let go move on in
    bulk, the others wait for the next look (unless half the limit waits: values holding objects, say; then all
    move rather than grow). Past ``limit`` entries, the oldest leave as many at a time as came in, so no single
    question pays for freeing a big table. The collector is only asked (``gc.is_tracked``), never switched. A key's
    value must never change (the settled copy is read first).

    >>> memo = Settled(8, batch=2)
    >>> memo.put((1,), (2,))
    (2,)
    >>> memo.get((1,)), len(memo.fresh), len(memo)
    ((2,), 1, 1)
    """

    __slots__ = ("batch", "fresh", "limit", "settle_at", "table")

    def __init__(self, limit: int, batch: int = 1024) -> None:
        self.table: dict = {}
        """The settled entries (never replaced, only cleared: callers may keep its bound ``get``)."""
        self.fresh: dict = {}
        """New entries, until the collector lets them go."""
        self.limit = limit
        self.batch = batch
        self.settle_at = batch

    def get(self, key: object) -> Any:
        """The value memoised for ``key``, or None."""
        value = self.table.get(key)
        return self.fresh.get(key) if value is None else value

    def put(self, key: object, value: Any) -> Any:
        """Memoise ``value`` (not None) for ``key``, and return it."""
        fresh = self.fresh
        fresh[key] = value
        if len(fresh) >= self.settle_at:
            self._settle()
        return value

    def _settle(self) -> None:
        moving, waiting = _let_go(self.fresh, self.limit // 2)
        table = self.table
        table.update(moving)  # entries the collector has seen: ``table`` stays untracked
        if len(table) > self.limit:
            for key in list(islice(table, len(table) - self.limit)):
                del table[key]
        self.fresh = waiting
        self.settle_at = len(waiting) + self.batch

    def items(self) -> list[tuple[Any, Any]]:
        """Every entry, settled or fresh."""
        return [*self.table.items(), *self.fresh.items()]

    def __len__(self) -> int:
        return len(self.table) + len(self.fresh)

    def clear(self) -> None:
        """Forget everything (in place: ``table`` stays the same dict)."""
        self.table.clear()
        self.fresh = {}
        self.settle_at = self.batch


def _let_go(fresh: dict, most: int) -> tuple[list[tuple[Any, Any]], dict]:
    """``fresh``'s entries split into those the collector no longer tracks, to move on, and those it still tracks, to
    wait for a later look; when ``most`` or more would wait (values holding objects, say), all move rather than grow."""
    waiting = {key: value for key, value in fresh.items() if is_tracked(value) or is_tracked(key)}
    if len(waiting) >= most:
        return list(fresh.items()), {}
    return [item for item in fresh.items() if item[0] not in waiting], waiting


def trim_oldest(table: dict, limit: int) -> None:
    """Forget the oldest half of a small memo dict once it holds more than ``limit`` entries."""
    if len(table) > limit:
        for key in list(islice(table, len(table) // 2)):
            del table[key]


_SHARED = Settled(200_000)
"""Shared tuples kept at most (then the oldest are forgotten: sharing is only an economy)."""
_SHARED_COPY = _SHARED.table.get


def shared(item: tuple) -> tuple:
    """The one shared copy of a small tuple of numbers, for memo keys and values.

    The garbage collector stops tracking a tuple only when everything in it is untracked, and one
    collection untracks one level of new nested tuples: a memo value of new pairs inside new tuples
    stayed tracked into the oldest generation, where every full collection walked it again (and the
    objects it kept there made full collections come sooner). Built from shared parts, which are old
    and untracked after the first questions, a memo key or value is a flat tuple the collector stops
    tracking the first time it sees it. (A copy forgotten while still in use elsewhere is harmless:
    the next one asked for becomes the shared copy.)

    >>> shared((1, 2)) is shared((1, 2))
    True
    """
    kept = _SHARED_COPY(item)
    if kept is None:
        kept = _SHARED.fresh.get(item)
        if kept is None:
            kept = _SHARED.put(item, item)
    return kept


def settled(item: tuple) -> tuple:
    """``item`` rebuilt from the shared copies (``shared``) of every tuple nested in it, innermost first.

    An inner tuple that only its container refers to is moved behind the container while a collection looks for
    garbage, so the container is examined while the inner tuple is still tracked: a value nested four deep took
    four collections to untrack, and reached the oldest generation still tracked, where only full collections
    look again. Shared copies are referred to by the shared table and mostly keep their place, so a whole settled
    value is most often untracked by the first collection that sees it. Not always: where that table's dict of
    fresh copies is itself young (a new look has just made it), or in a full collection (which orders the objects
    as it reaches them), a value may be looked at before its parts and let go a level a pass (D-SOL-62).

    >>> value = settled(((1, (2, 3)), (2, 3)))
    >>> value[0][1] is value[1] is shared((2, 3))
    True
    """
    return shared(tuple([settled(part) if type(part) is tuple else part for part in item]))


def shared_pairs(pairs: Iterable[tuple[tuple, Any]]) -> tuple[tuple, ...]:
    """``pairs`` of (key tuple, number) as one tuple of shared pairs, each key itself shared (``shared``).

    A new key that only its new pair refers to is moved behind the pair while a collection looks for garbage (see
    ``settled``): the pair, and everything holding it, then stayed tracked into the oldest generation.

    >>> pairs = shared_pairs([((1, 2), 3)])
    >>> pairs[0] is shared(((1, 2), 3)) and pairs[0][0] is shared((1, 2))
    True
    """
    copy = _SHARED_COPY  # the settled copies first, without a call each: most keys and pairs are old
    out = []
    for key, value in pairs:
        key = copy(key) or shared(key)
        pair = (key, value)
        out.append(copy(pair) or shared(pair))
    return tuple(out)


def clear_shared() -> None:
    """Forget the shared tuples."""
    _SHARED.clear()
