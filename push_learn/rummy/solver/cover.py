"""Covering a hand's naturals with melds and wilds: the shared ground of the take-all look (``take_all.py``).

A cover puts every natural card of the hand into a run or a set, or (once) into the discard, with wilds
in the empty places. The naturals are covered one at a time in a fixed order (``ORDER``: suit by suit,
each suit's aces first, then 3 up to the king), and the first natural still uncovered may only start a
group: a run that begins at it (for an ace: ends at it high, or begins at it low), taking a natural at
every place of its span that still holds one, or a set of its rank with some of the other suits' naturals
of that rank, or the discard. Every cover can be brought to that form without needing more wilds (a run's
wild where a natural of its suit is still free swaps with that natural, whose own meld or the discard takes
the wild; a meld of wilds alone is just spare wilds here), so a search over these options alone misses no
cover.

``Cover.wilds_at_least`` is a lower bound on the wilds the naturals left still need: every natural's
least share of the wilds in any meld it could join (a meld's wilds divided among its naturals: the shares
of a cover add up to its wilds). ``take_all_verdict`` searches every cover, with that bound and a memo of
the states that failed, to prove that no plan can take every card out of a hand (D-SOL-36).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from push_learn.cards import Card
from push_learn.rummy.rules import RummyRules
from push_learn.rummy.solver.encoding import ACE_LOW, ACE_POS, encode_hand
from push_learn.rummy.solver.memo import Settled, settled

__all__ = ["ORDER", "PROOF_BUDGET", "Cover", "Found", "Group", "OutOfBudget", "prove_cover", "take_all_verdict"]

ORDER = tuple((s, p) for s in range(4) for p in (ACE_POS, *range(3, ACE_POS)))
"""The order in which naturals are covered: suit by suit, aces first (they may end a high run or begin a low
one, which takes naturals further on), then 3 up to the king."""
PLACES = tuple(range(3, ACE_POS + 1))
"""The places a natural can hold (an ace is 14)."""
_PER_SUIT = len(PLACES)
"""Entries of ``ORDER`` per suit."""
_STEP = tuple(ORDER.index((0, p)) if p in PLACES else -1 for p in range(ACE_POS + 1))
"""Per place, its entry within a suit's stretch of ``ORDER``."""
_FROM = tuple(
    sum(1 << p for t, p in ORDER[index:] if t == s) for index, (s, _p) in enumerate(ORDER)
)
"""Per entry of ``ORDER``, a bit for each place of that entry and its suit's later ones (the ace's only at its own)."""
_WIDTH = 4
"""Bits a place takes in a suit's code (``row_code``): room for 15 naturals of one rank and suit (a pack has a few)."""
_FIELD = (1 << _WIDTH) - 1
PROOF_BUDGET = 600
"""Nodes ``take_all_verdict`` may visit before it gives up (and proves nothing)."""
DISCARD_KEY = 1.0
"""Where discarding a natural sorts among its options (the others sort by their wilds per natural)."""
EPSILON = 1e-9
"""Slack for comparing sums of shares (fractions) with whole wilds."""
MEMO_LIMIT = 100_000
"""Entries a memo table of this module holds at most (then the oldest are forgotten; ``memo.Settled``)."""

Group = tuple
"""A group of a cover: ("run", suit, first place, last place, the places of its naturals), ("set", place of
its rank, the suits of its naturals) or ("discard", suit, place)."""


Snapshot = tuple[list[int], list[int], int, tuple[int, int] | None]
"""What is left to cover: the masks and codes per suit, the sets and the discard (``Cover.snapshot``)."""


class OutOfBudget(Exception):
    """A search over covers visited its budget of nodes."""


class Cover:
    """A hand's naturals as they are being covered: what is left, and the groups that may cover the next one."""

    def __init__(self, hand: Sequence[Card], rules: RummyRules, discards: int, budget: int) -> None:
        coded = encode_hand(hand, rules)
        self.codes = [row_code(row) for row in coded.counts]
        """Per suit, the naturals not yet covered at each place, as one number (``row_code``): states and memo keys
        are a few numbers."""
        self.masks = [sum(1 << p for p in PLACES if row[p]) for row in coded.counts]
        """Per suit, a bit for each place that still holds a natural."""
        self.wild_count = coded.wild_count
        self.modelled = (
            not coded.dead and rules.max_set_size is not None and all(n <= _FIELD for row in coded.counts for n in row)
        )
        """Whether covers model the hand: no dead cards (never melded), sets of distinct suits (so a set's
        naturals are a choice of suits at one rank, as ``options`` makes them), and no more copies of a card than a
        code holds."""
        self.low = rules.run_values[0]
        self.maxlen = rules.max_run_length
        self.set_cap = rules.max_set_size or 0
        self.discards = discards
        self.budget = budget
        self.nodes = 0
        self.sets = 0
        """How many sets the cover holds."""
        self.discarded: tuple[int, int] | None = None
        """The natural discarded (suit, place), if one is."""

    def snapshot(self) -> Snapshot:
        """What is left to cover (copied), to go back to with ``restore``."""
        return self.masks[:], self.codes[:], self.sets, self.discarded

    def restore(self, snapshot: Snapshot) -> None:
        """Go back to what ``snapshot`` saw left to cover (its lists become the live ones)."""
        self.masks, self.codes, self.sets, self.discarded = snapshot

    def visit(self) -> None:
        """Count a node, and stop the search (``OutOfBudget``) past the budget."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget

    def state(self, *head: int) -> tuple[int, ...]:
        """What is left to cover, as a flat key of numbers: ``head`` (the wilds left, say), whether a natural may
        still be the discard, and every suit's naturals left (their codes)."""
        return (*head, self.discarded is None, *self.codes)

    def next_natural(self, index: int) -> int:
        """The place in ``ORDER`` of the first natural not yet covered, from ``index`` on (``len(ORDER)``: none)."""
        masks = self.masks
        while index < len(ORDER):
            s = ORDER[index][0]
            left = masks[s] & _FROM[index]
            if left:
                if left >> ACE_POS & 1:
                    return index  # the suit's ace, first in its order
                return s * _PER_SUIT + _STEP[(left & -left).bit_length() - 1]  # the lowest place left
            index = (s + 1) * _PER_SUIT
        return index

    def can_discard(self, s: int, p: int) -> bool:
        """Whether the natural at suit ``s``, place ``p`` may be the discard (no natural is yet)."""
        return self.discarded is None and bool(self.discards)

    def options(self, s: int, p: int, wilds: int, set_bonus: float = 0.0) -> list[tuple[float, int, Group]]:
        """Every group the natural at suit ``s``, place ``p`` may start with at most ``wilds`` wilds, as (wilds per
        natural, wilds needed, group); ``set_bonus`` is taken off a set's first number. The discard comes last."""
        options = [option for option in run_options(s, p, self.codes[s], self.low, self.maxlen) if option[1] <= wilds]
        masks = self.masks
        others = tuple([t for t in range(4) if t != s and masks[t] >> p & 1])
        options += set_options(s, p, others, min(wilds, 2), self.set_cap, set_bonus)
        if self.can_discard(s, p):
            options.append((DISCARD_KEY, 0, ("discard", s, p)))
        return options

    def take(self, group: Group) -> Snapshot:
        """Take ``group``'s naturals out of what is left; returns what was left before, for ``restore`` (which is
        cheaper than putting them back one by one: the search takes an option and goes back at every step)."""
        before = self.snapshot()
        masks, codes = self.masks, self.codes
        if group[0] == "run":
            _kind, s, _first, _last, places = group
            mask, code = masks[s], codes[s]
            for q in places:
                q = ACE_POS if q == ACE_LOW else q
                code -= 1 << _WIDTH * q
                if not code >> _WIDTH * q & _FIELD:
                    mask &= ~(1 << q)
            masks[s], codes[s] = mask, code
        elif group[0] == "set":
            _kind, p, suits = group
            self.sets += 1
            for t in suits:
                code = codes[t] = codes[t] - (1 << _WIDTH * p)
                if not code >> _WIDTH * p & _FIELD:
                    masks[t] &= ~(1 << p)
        else:
            _kind, s, p = group
            code = codes[s] = codes[s] - (1 << _WIDTH * p)
            if not code >> _WIDTH * p & _FIELD:
                masks[s] &= ~(1 << p)
            self.discarded = (s, p)
        return before

    def wilds_at_least(self) -> float:
        """A lower bound on the wilds the naturals left need: each natural's least share of the wilds in a run of
        its suit or a set of its rank (less the largest share, while a natural may still be the discard)."""
        a, b, c, d = masks = self.masks
        two = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
        three = (a & b & (c | d)) | (c & d & (a | b))
        two &= ~three
        total = worst = 0.0
        codes, low, maxlen = self.codes, self.low, self.maxlen
        for s, mask in enumerate(masks):
            if mask:
                key = (codes[s], mask & three, mask & two, low, maxlen)
                share, most = _settled_suit_shares(key) or _new_suit_shares(key, mask)
                total += share
                if most > worst:
                    worst = most
        if self.discarded is None and self.discards:
            total -= worst
        return total


Found = tuple[tuple[Group, ...], tuple[int, int] | None, int]
"""A cover the proof found: its groups in the order they were taken, the natural discarded (suit, place) if one
is, and the wilds it leaves spare."""


class _Proof(Cover):
    """Every cover of the naturals, with no contract and spare wilds free: none means no plan takes all."""

    def covers(self) -> bool:
        """Whether some cover exists (``OutOfBudget`` when the budget runs out first); the first one found is
        kept in ``found``."""
        self.failed: set[tuple] = set()
        self.groups: list[Group] = []
        self.found: Found | None = None
        return self._covers(0, self.wild_count)

    def _covers(self, index: int, wilds: int) -> bool:
        self.visit()
        index = self.next_natural(index)
        if index == len(ORDER):
            self.found = (tuple(self.groups), self.discarded, wilds)
            return True
        key = self.state(wilds)
        if key in self.failed:
            return False
        if self.wilds_at_least() > wilds + EPSILON:
            self.failed.add(key)
            return False
        s, p = ORDER[index]
        groups = self.groups
        for _share, need, group in sorted(self.options(s, p, wilds), key=lambda option: option[0]):
            before = self.take(group)
            groups.append(group)
            ok = self._covers(index, wilds - need)
            groups.pop()
            self.restore(before)
            if ok:
                return True
        self.failed.add(key)
        return False


def prove_cover(
    hand: Sequence[Card], rules: RummyRules, *, discard: bool, budget: int = PROOF_BUDGET
) -> tuple[bool | None, Found | None]:
    """``take_all_verdict``'s answer, with the first cover found when there is one (a cover that may still fail
    the contract or leave a spare wild nowhere to go: ``take_all.TakeAllLook.plan_of_cover`` checks it)."""
    proof = _Proof(hand, rules, 1 if discard else 0, budget)
    if not proof.modelled:
        return None, None
    try:
        return proof.covers(), proof.found
    except OutOfBudget:
        return None, None


def take_all_verdict(
    hand: Sequence[Card], rules: RummyRules, *, discard: bool, budget: int = PROOF_BUDGET
) -> bool | None:
    """Whether the naturals of ``hand`` can all be covered (with one discard if ``discard``) on the hand's own
    cards, with no contract and spare wilds free: False proves that no plan can take every card out without
    the table; True that a cover exists (a plan may still fail the contract); None when the search ran past
    ``budget`` nodes, or the hand has cards it does not model (dead cards, sets of repeated suits)."""
    return prove_cover(hand, rules, discard=discard, budget=budget)[0]


_RUN_SHARES = Settled(MEMO_LIMIT)
_SUIT_SHARES = Settled(MEMO_LIMIT)
_RUN_OPTIONS = Settled(MEMO_LIMIT)
_settled_suit_shares = _SUIT_SHARES.table.get
_settled_run_options = _RUN_OPTIONS.table.get


def run_shares(mask: int, low: int, maxlen: int) -> tuple[float, ...]:
    """Per place, the least share of wilds a natural there has in any run of its suit, where ``mask`` holds a
    bit for each place with a natural (memoised: a suit has at most 4,096 such masks)."""
    key = (mask, low, maxlen)
    got: tuple[float, ...] | None = _RUN_SHARES.get(key)
    if got is not None:
        return got
    held = [mask >> p & 1 for p in range(ACE_POS + 1)]
    held[ACE_LOW] = held[ACE_POS] if low == ACE_LOW else 0
    best = [float("inf")] * (ACE_POS + 1)
    for first in range(low, ACE_POS - 1):
        naturals = 0
        for last in range(first, min(ACE_POS, first + maxlen - 1) + 1):
            naturals += held[last]
            if last - first >= 2 and naturals:
                share = (last - first + 1 - naturals) / naturals
                for q in range(first, last + 1):
                    if held[q] and share < best[q]:
                        best[q] = share
    best[ACE_POS] = min(best[ACE_POS], best[ACE_LOW])
    return _RUN_SHARES.put(key, tuple(best))


def row_code(row: Sequence[int]) -> int:
    """A suit's counts per place as one number, ``_WIDTH`` bits a place.

    >>> row_code([0, 0, 0, 2, 1]) == 2 << 12 | 1 << 16
    True
    """
    return sum(n << _WIDTH * p for p, n in enumerate(row))


def code_row(code: int) -> list[int]:
    """The counts per place that ``row_code`` made ``code`` of.

    >>> code_row(row_code([0, 0, 0, 2, 1]))[:6]
    [0, 0, 0, 2, 1, 0]
    """
    return [code >> _WIDTH * p & _FIELD for p in range(ACE_POS + 1)]


def _new_suit_shares(key: tuple[int, int, int, int, int], mask: int) -> tuple[float, float]:
    """A suit's naturals' least shares of wilds, in all and the largest one, for ``key`` = (``code``, ``three``,
    ``two``, ``low``, ``maxlen``) that the settled table lacks (``wilds_at_least`` asks that first): ``code``
    (``row_code``) holds the suit's naturals and ``mask`` a bit for each place that holds one; ``three`` and ``two``
    hold a bit for each place whose rank three or more (exactly two) suits still hold (memoised, by flat keys of
    numbers: the collector stops tracking them at once)."""
    got: tuple[float, float] | None = _SUIT_SHARES.fresh.get(key)
    if got is None:
        code, three, two, low, maxlen = key
        runs = run_shares(mask, low, maxlen)
        total = worst = 0.0
        for p in PLACES:
            if mask >> p & 1:
                share = min(runs[p], 0.0 if three >> p & 1 else 0.5 if two >> p & 1 else 2.0)
                total += share * (code >> _WIDTH * p & _FIELD)
                worst = max(worst, share)
        got = _SUIT_SHARES.put(key, (total, worst))
    return got


@cache
def set_options(
    s: int, p: int, others: tuple[int, ...], wilds: int, set_cap: int, set_bonus: float
) -> tuple[tuple[float, int, Group], ...]:
    """The sets the natural at place ``p`` of suit ``s`` may start with naturals of the ``others`` suits at that
    place and at most ``wilds`` wilds, largest first, as (wilds per natural less ``set_bonus``, wilds needed,
    group); memoised (at most some 2,000 arguments: four suits, twelve places, the other suits there, up to two wilds,
    the rules' largest set, the bonus of a set the contract still wants), the values settled (``memo.settled``).

    >>> set_options(0, 5, (2,), 1, 4, 0.0)
    ((0.75, 1, ('set', 5, (0, 2))),)
    """
    options: list[tuple[float, int, Group]] = []
    for size in range(min(len(others), set_cap - 1), -1, -1):
        need = max(0, 2 - size)
        if need <= wilds:
            key = (need + 0.5) / (size + 1) - set_bonus
            options += [(key, need, ("set", p, tuple(sorted((s, *chosen))))) for chosen in combinations(others, size)]
    return settled(tuple(options))


def run_options(s: int, p: int, code: int, low: int, maxlen: int) -> tuple[tuple[float, int, Group], ...]:
    """The runs the natural at place ``p`` of suit ``s`` may start (for an ace: end high or start low) when the
    suit holds the naturals of ``code`` (``row_code``), as (wilds per natural, wilds needed, group); memoised (the
    values settled, ``memo.settled``, so the collector stops tracking them)."""
    key = (s, p, low, maxlen, code)
    got: tuple[tuple[float, int, Group], ...] | None = _settled_run_options(key)
    if got is None:
        got = _RUN_OPTIONS.fresh.get(key)
    if got is not None:
        return got
    row = code_row(code)
    if p == ACE_POS:
        spans = [(first, ACE_POS) for first in range(ACE_POS, ACE_POS - maxlen, -1)
                 if first == ACE_POS or (first > 2 and row[first])]
        if low == ACE_LOW:
            spans += [(ACE_LOW, last) for last in range(ACE_LOW, ACE_LOW + maxlen) if last == ACE_LOW or row[last]]
    else:
        spans = [(p, last) for last in range(p, min(ACE_POS, p + maxlen - 1) + 1) if last == p or row[last]]
    options = []
    for first, last in spans:
        places = tuple(q for q in range(first, last + 1) if q != 2 and row[ACE_POS if q == ACE_LOW else q])
        length = last - first + 1
        short = max(0, 3 - length)
        if short <= (first - low) + (ACE_POS - last):
            need = length - len(places) + short
            options.append(((need + 0.5) / len(places), need, ("run", s, first, last, places)))
    return _RUN_OPTIONS.put(key, settled(tuple(options)))


def clear_cover_caches() -> None:
    """Forget this module's memo tables."""
    _RUN_SHARES.clear()
    _SUIT_SHARES.clear()
    _RUN_OPTIONS.clear()
    set_options.cache_clear()
