"""Benchmark: the meld solver on big hands, against an integer-programming baseline run in the same loop.

Hands (two decks plus jokers, Push rules):

* ``random``: hands of 30 cards with 8 wilds (22 naturals drawn from the pack);
* ``stretches``: long same-suit stretches from both decks (a suit's 3..K twice, or two suits'
  long stretches), plus 8 wilds;
* ``clumped``: every suit clumped on the same five ranks (two copies each), 22 of those 40 naturals
  plus 8 wilds.

Questions: the *contract question* (``best_go_down`` for the deal's contract: can the hand go down,
and the best way by points left; deals cycle 1..5) and the *best full turn* after going down
(``best_turn`` with lay-offs and rescues onto a table of eight random melds with wilds). Contract
questions are also split by answer: plans that take every card out (found, nothing left to prove)
and plans that leave points (the search must also prove nothing better exists); and by deal (deal 5's
two runs of 5 are the dearest contract).

Steady-state figures keep the solver's memo tables between questions (as a long-running bot or
widget does); cold figures clear them before every question. The garbage collector runs as it does
in any process (the solver never switches it); its pauses fall inside the timings and are reported
per section, and the summary gives each steady-state worst also without the pauses inside its questions (what the
solver itself took, apart from where a full collection happened to land).

Baseline (issue 27): the textbook integer program for the same questions (``ilp_points_left``: run windows,
sets, table extensions and rescues as integer variables), solved by HiGHS (``highspy``, the ``bench`` extra;
``make bench`` installs it, the rules core never imports it). It answers the first ``--baseline`` hands of
each family right after the solver in the same loop; the figures print the median and worst of both on those
hands, their ratios, and how many answers differ (0 expected). A naive exact method (every subset that
``interpret_meld`` reads as a meld, then the best packing over bit masks) is also timed on hands of 10 cards.

Targets (issues 4 and 27): contract median <= 5 ms, worst <= 50 ms; full turn median <= 20 ms, worst <= 250
ms; on every family no slower than the integer program. Every measurement runs once per seed (three by
default, each with fresh memo tables); a summary at the end lists every target of every seed as met or
missed, with its figures and the baseline ratios per family.

Also printed, with no target: the contract question at every turn of whole matches between random players, in
each of Push, Cap-It and 6-7-8-9-10 (``--in-play``), the hands a Hint or a bot asks about in a game; and the machine's
pace at the start and end of every seed and every 100 hands of its steady state (``pace``: a fixed plain-Python
loop none of the solver's code runs in), so that a run on a slow machine can be told from a slower solver.

Run: .venv/bin/python benchmarks/solver.py [--hands 1000] [--adversarial 40] [--seeds 1 2 3] [--in-play 10]
"""

from __future__ import annotations

import argparse
import gc
import math
import os
import platform
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, partial
from typing import Any, NamedTuple

from push_learn.cards import JOKER, Card, Rank, Suit, make_deck
from push_learn.rummy import PUSH
from push_learn.rummy.melds import Meld, interpret_meld, rank_at
from push_learn.rummy.scoring import card_value
from push_learn.rummy.solver import TurnPlan, best_go_down, best_turn, clear_caches

PACK = make_deck(2, 4)
WILDS = [card for card in PACK if card.rank is None or card.rank is Rank.TWO]
NATURALS = [card for card in PACK if card not in WILDS]
_NATURAL = {(card.rank, card.suit): card for card in NATURALS}
"""The pack's own natural card of each rank and suit. The hands and tables below reuse the pack's cards rather
than build new equal ones: every card object kept alive is one more object each full garbage collection walks,
and the benchmark should not inflate the collector's work it measures (some 18,000 new cards were kept before)."""


_PLACE = {id(card): place for place, card in enumerate(PACK)}

HandSpec = tuple[int, ...]
"""A hand kept between questions as the places of its cards in ``PACK`` (a tuple of numbers, which the collector
stops tracking), not as a list of cards it would walk at every full collection."""
TableSpec = tuple[HandSpec, ...]
"""A table kept between questions as the cards of each meld (``HandSpec``), read into melds just before its
question (``table_melds``): 1,000 tables of eight ``Meld`` objects were some 20,000 objects alive."""


def pack_card(rank: Rank, suit: Suit) -> Card:
    """The pack's natural card of ``rank`` and ``suit`` (the very object, not a new equal one)."""
    return _NATURAL[(rank, suit)]


def spec(cards: Sequence[Card]) -> HandSpec:
    """The places in ``PACK`` of the pack's own ``cards``."""
    return tuple(_PLACE[id(card)] for card in cards)


def cards_of(places: HandSpec) -> list[Card]:
    """The pack's cards at ``places`` (the inverse of ``spec``)."""
    return [PACK[place] for place in places]


def table_melds(table: TableSpec) -> list[Meld]:
    """The melds of a kept table, read as ``random_table`` read them (the first reading of each)."""
    return [interpret_meld(cards_of(cards), PUSH)[0] for cards in table]


def random_hand(rng: random.Random, naturals: int = 22, wilds: int = 8) -> list[Card]:
    """A hand of ``naturals`` natural cards and ``wilds`` wild cards from the Push pack."""
    return rng.sample(NATURALS, naturals) + rng.sample(WILDS, wilds)


def stretch_hand(rng: random.Random) -> list[Card]:
    """Long same-suit stretches from both decks: one suit 3..K twice, or two suits' long stretches (pack cards)."""
    suits = rng.sample(list(Suit), 2)
    if rng.random() < 0.5:
        cards = [pack_card(Rank(r), suits[0]) for r in range(3, 14) for _ in range(2)]
    else:
        low = rng.randint(3, 6)
        cards = [pack_card(Rank(r), suits[0]) for r in range(low, low + 7) for _ in range(2)]
        cards += [pack_card(Rank(r), suits[1]) for r in range(low, low + 4) for _ in range(2)]
    return cards[:22] + rng.sample(WILDS, 8)


def clumped_hand(rng: random.Random) -> list[Card]:
    """Every suit clumped on the same five ranks (two copies each): 22 of those 40 naturals, 8 wilds (pack cards)."""
    low = rng.randint(3, 10)
    pool = [pack_card(Rank(r), suit) for r in range(low, low + 5) for suit in Suit for _ in range(2)]
    return rng.sample(pool, 22) + rng.sample(WILDS, 8)


def random_table(rng: random.Random, hand: Sequence[Card], melds: int = 8) -> TableSpec:
    """Melds from the cards not in ``hand``: runs and sets of 3 to 6 cards, about one in three with a wild (the pack's
    cards, see ``pack_card``), kept as their cards (``table_melds`` reads them)."""
    rest = list(NATURALS)
    for card in hand:
        if card in rest:
            rest.remove(card)
    wilds = [card for card in WILDS if card not in hand] or [JOKER]
    table: list[HandSpec] = []
    while len(table) < melds:
        suit = rng.choice(list(Suit))
        if rng.random() < 0.5:
            start = rng.randint(3, 11)
            length = rng.randint(3, min(6, 15 - start))
            cards = [pack_card(Rank(v), suit) for v in range(start, start + length)]
        else:
            rank = Rank(rng.randint(3, 14))
            cards = [pack_card(rank, s) for s in rng.sample(list(Suit), rng.randint(3, 4))]
        if not all(card in rest for card in cards):
            continue
        if rng.random() < 0.35:
            cards[rng.randrange(len(cards))] = rng.choice(wilds)
        readings = interpret_meld(cards, PUSH)
        if readings:
            for card in cards:
                if card in rest:
                    rest.remove(card)
            table.append(spec(cards))
    return tuple(table)


def naive_best(hand: Sequence[Card]) -> int:
    """The naive exact baseline: read every subset with ``interpret_meld``, then the best packing."""
    n = len(hand)
    melds = [mask for mask in range(1, 1 << n) if bin(mask).count("1") >= 3
             and interpret_meld([hand[i] for i in range(n) if mask >> i & 1], PUSH)]
    points = [card_value(card) for card in hand]

    @cache
    def best(mask: int) -> int:
        if not mask:
            return 0
        low = mask & -mask
        out = best(mask & ~low)
        for meld in melds:
            if meld & low and meld & mask == meld:
                out = max(out, sum(points[i] for i in range(n) if meld >> i & 1) + best(mask & ~meld))
        return out

    return best((1 << n) - 1)


class Pauses:
    """The garbage collector's pauses while in a ``with`` block (seconds, and which were full collections)."""

    def __init__(self) -> None:
        self.pauses: list[tuple[float, bool]] = []
        self.seconds = 0.0
        """The collector's time so far in the block (a running total: ``watched`` reads it around a question)."""
        self._began = 0.0
        self._start = 0.0

    def _watch(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
        else:
            pause = time.perf_counter() - self._start
            self.pauses.append((pause, info["generation"] == 2))
            self.seconds += pause

    def __enter__(self) -> Pauses:
        self._began = time.perf_counter()
        gc.callbacks.append(self._watch)
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self._watch)
        took = time.perf_counter() - self._began
        full = [p for p, whole in self.pauses if whole]
        print(
            f"  garbage collection: {len(self.pauses)} pauses ({len(full)} full), longest"
            f" {1000 * max((p for p, _ in self.pauses), default=0):.1f} ms,"
            f" {100 * self.seconds / took:.0f}% of the time"
        )


def timed(question: Callable[[], object], cold: bool) -> float:
    """Seconds taken by one question (memo tables cleared first when ``cold``)."""
    return answered(question, cold)[0]


def answered(question: Callable[[], object], cold: bool) -> tuple[float, object]:
    """Seconds taken by one question and its answer (memo tables cleared first when ``cold``)."""
    if cold:
        clear_caches()
    start = time.perf_counter()
    answer = question()
    return time.perf_counter() - start, answer


def watched(question: Callable[[], object], cold: bool, pauses: Pauses | None) -> tuple[float, float, object]:
    """``answered``, with the collector's pauses inside the question between the seconds and the answer (0 without a
    watch)."""
    before = pauses.seconds if pauses is not None else 0.0
    seconds, answer = answered(question, cold)
    return seconds, (pauses.seconds - before if pauses is not None else 0.0), answer


@dataclass(frozen=True)
class Figure:
    """One timed question kind on one family of one seed, with its targets (ms)."""

    seed: int
    label: str
    median: float
    worst: float
    median_target: float
    worst_target: float
    over: int = 0
    """Questions slower than the worst target: how far a missed worst is from met (one slow hand, or many)."""
    worst_alone: float | None = None
    """The worst with the collector's pauses inside each question taken out (steady state): what the solver itself
    took, apart from where a full collection happened to land."""

    @property
    def met(self) -> bool:
        """Whether both the median and the worst are within their targets."""
        return self.median <= self.median_target and self.worst <= self.worst_target


@dataclass(frozen=True)
class Versus:
    """The solver against the integer-programming baseline on the same questions of one family (ms)."""

    seed: int
    label: str
    median: float
    worst: float
    base_median: float
    base_worst: float

    @property
    def met(self) -> bool:
        """Whether the solver is no slower than the baseline, by median and by worst."""
        return self.median <= self.base_median and self.worst <= self.base_worst


def report(
    label: str,
    seconds: list[float],
    median_target: float,
    worst_target: float,
    seed: int = 0,
    collected: Sequence[float] = (),
) -> Figure:
    """Print median, 90th and 99th percentiles and worst in ms, and whether the targets hold (with how many questions
    were slower than the worst target); return the figure. ``collected``: the collector's pauses inside each question
    (seconds, in the same order), for the worst without them."""
    ms = sorted(1000 * s for s in seconds)
    median = statistics.median(ms)
    p90, p99 = _at(ms, 0.9), _at(ms, 0.99)
    over = sum(m > worst_target for m in ms)
    alone = max(1000 * (s - c) for s, c in zip(seconds, collected, strict=True)) if collected else None
    figure = Figure(seed, label, median, ms[-1], median_target, worst_target, over, alone)
    print(
        f"  {label:<34} n={len(ms):<5} median {median:7.2f} ms   p90 {p90:7.2f} ms   p99 {p99:7.2f} ms"
        f"   worst {ms[-1]:8.2f} ms"
        f"   (targets {median_target:g} / {worst_target:g} ms: {'met' if figure.met else 'MISSED'}"
        f"{f'; {over} over {worst_target:g} ms' if over else ''})"
    )
    return figure


def _section(
    families: dict[str, list[HandSpec]],
    tables: dict[str, list[TableSpec]],
    cold: bool,
    cold_count: int,
    beside: int = 0,
    seed: int = 0,
    pauses: Pauses | None = None,
    paces: PaceLog | None = None,
) -> tuple[list[Figure], list[Versus]]:
    """Time both questions on every family and print the figures; with ``beside``, the integer-programming
    baseline answers the same questions on that many of each family's hands, each right after the solver.
    With ``pauses`` (the collector's watch), the slowest contract questions are printed too; with ``paces``, the
    machine's pace is sampled every ``paces.every`` hands (between questions). Returns the figures against the
    targets and against the baseline."""
    figures: list[Figure] = []
    versus: list[Versus] = []
    for name, hands in families.items():
        count = min(len(hands), cold_count) if cold else len(hands)
        if not count:
            continue
        contract: list[float] = []
        turn_collected: list[float] = []
        asked: list[tuple[float, int | None]] = []
        by_deal: dict[int, list[float]] = {}
        turn: list[float] = []
        pairs: dict[str, list[tuple[float, float]]] = {"contract": [], "full turn": []}
        disagree = 0
        slowest: list[Slow] = []
        for i, (kept, kept_table) in enumerate(zip(hands[:count], tables[name][:count], strict=True)):
            if paces is not None and i and not i % paces.every:
                paces.sample()
            deal, hand, table = i % 5 + 1, cards_of(kept), table_melds(kept_table)
            seconds, collected, plan = watched(partial(best_go_down, hand, PUSH, deal), cold, pauses)
            left = plan.points_left if isinstance(plan, TurnPlan) else None
            del plan  # only the answer's points are kept: plans kept would give the collector more to walk
            if pauses is not None:
                slowest.append(Slow(seconds, collected, i, deal, kept, left))
            asked.append((seconds, left))
            by_deal.setdefault(deal, []).append(seconds)
            contract.append(seconds)
            if i < beside:
                took, points = answered(partial(ilp_points_left, hand, deal), False)
                pairs["contract"].append((seconds, took))
                disagree += points != left
            seconds, collected, plan = watched(partial(best_turn, hand, PUSH, table), cold, pauses)
            turn.append(seconds)
            if pauses is not None:
                turn_collected.append(collected)
            if i < beside:
                took, points = answered(partial(ilp_points_left, hand, None, table), False)
                pairs["full turn"].append((seconds, took))
                disagree += points != (plan.points_left if isinstance(plan, TurnPlan) else None)
        figures.append(report(f"{name}: contract", contract, 5, 50, seed, [slow.collector for slow in slowest]))
        _split_by_answer(asked)
        _split_by_deal(by_deal)
        _print_slowest(slowest)
        figures.append(report(f"{name}: full turn", turn, 20, 250, seed, turn_collected))
        for question, timings in pairs.items():
            if timings:
                versus.append(_against_baseline(f"{name}: {question}", timings, seed))
        if beside:
            print(f"    baseline answers that differ from the solver's: {disagree}")
    return figures, versus


class Slow(NamedTuple):
    """One timed contract question, kept to print the slowest: how long, how much of it the collector took (a tuple
    of numbers, which the collector stops tracking: one is kept for every question)."""

    seconds: float
    collector: float
    number: int
    deal: int
    hand: HandSpec
    points_left: int | None
    """What the best plan leaves, or None when the hand cannot go down."""


SLOWEST = 3
"""Slowest contract questions printed per family (steady state)."""


def _print_slowest(questions: Sequence[Slow]) -> None:
    """The slowest contract questions: time, the collector's pauses inside it, the answer and the hand (sorted)."""
    for slow in sorted(questions, key=lambda q: q.seconds, reverse=True)[:SLOWEST]:
        answer = "cannot go down" if slow.points_left is None else f"leaves {slow.points_left} points"
        cards = " ".join(sorted(card.ascii for card in cards_of(slow.hand)))
        print(
            f"    slow: hand {slow.number} deal {slow.deal}: {1000 * slow.seconds:.1f} ms, of which collector"
            f" {1000 * slow.collector:.1f} ms; {answer}; {cards}"
        )


def _against_baseline(label: str, timings: Sequence[tuple[float, float]], seed: int = 0) -> Versus:
    """Print the solver's and the baseline's median and worst on the same questions, and their ratios."""
    ours = sorted(1000 * s for s, _ in timings)
    theirs = sorted(1000 * b for _, b in timings)
    median, base_median = statistics.median(ours), statistics.median(theirs)
    versus = Versus(seed, label, median, ours[-1], base_median, theirs[-1])
    verdict = "ok" if versus.met else "SLOWER"
    print(
        f"    vs integer program (HiGHS) on the same {len(timings)} {label}: solver median {median:.2f} / worst"
        f" {ours[-1]:.2f} ms, baseline {base_median:.2f} / {theirs[-1]:.2f} ms; baseline/solver"
        f" {base_median / median:.1f}x median, {theirs[-1] / ours[-1]:.1f}x worst ({verdict})"
    )
    return versus


def _split_by_answer(asked: Sequence[tuple[float, int | None]]) -> None:
    """Contract questions apart by answer (the points the best plan leaves): it takes every card out (found,
    nothing left to prove) or leaves points (then the search must also prove that nothing better exists)."""
    clean = sorted(1000 * s for s, points in asked if points == 0)
    left = sorted(1000 * s for s, points in asked if points is not None and points > 0)
    if clean and left:
        print(
            f"    of which {len(clean)} take every card out (median {statistics.median(clean):.2f} ms) and"
            f" {len(left)} leave points, proved best (median {statistics.median(left):.2f} ms, worst {left[-1]:.1f} ms)"
        )


def _split_by_deal(by_deal: dict[int, list[float]]) -> None:
    """Contract questions apart by deal (each deal's contract): median, worst and how many took over 50 ms."""
    parts = []
    for deal, seconds in sorted(by_deal.items()):
        times = sorted(1000 * s for s in seconds)
        over = sum(1 for t in times if t > 50)
        parts.append(f"deal {deal} median {statistics.median(times):.2f} / worst {times[-1]:.1f} ms ({over} over 50)")
    if len(parts) > 1:
        print("    by deal: " + "; ".join(parts))


# ---- the integer-programming baseline ------------------------------------------------------------------

RUN_VALUES = range(1, 15)
"""Run places: 1 is the ace low, 2 the place of the 2, 14 the ace high (Push: runs of 3 to 13 cards)."""
NATURAL_RANKS = [rank for rank in Rank if rank is not Rank.TWO]


@cache
def _highs() -> Any:
    """One HiGHS instance, quiet and on one thread, reused by every integer program (its model replaced)."""
    import highspy

    highs = highspy.Highs()
    highs.setOptionValue("output_flag", False)
    highs.setOptionValue("threads", 1)
    return highs


class IntegerProgram:
    """A small integer program built row by row and solved by HiGHS (``highspy``): maximise ``cost @ x``."""

    def __init__(self) -> None:
        self.lower: list[float] = []
        self.upper: list[float] = []
        self.cost: list[float] = []
        self.rows: list[tuple[float, float, dict[int, float]]] = []

    def var(self, upper: float, cost: float = 0.0) -> int:
        """A new integer variable in ``0..upper`` worth ``cost`` in the objective."""
        self.lower.append(0.0)
        self.upper.append(float(upper))
        self.cost.append(float(cost))
        return len(self.cost) - 1

    def row(self, terms: dict[int, float], lower: float = -math.inf, upper: float = math.inf) -> None:
        """The constraint ``lower <= sum(coef * x) <= upper``."""
        self.rows.append((lower, upper, terms))

    def maximum(self) -> float | None:
        """The optimum, or None when infeasible."""
        import highspy
        import numpy as np

        highs = _highs()
        lp = highspy.HighsLp()
        n = len(self.cost)
        lp.num_col_ = n
        lp.num_row_ = len(self.rows)
        lp.col_cost_ = np.array(self.cost)
        lp.col_lower_ = np.array(self.lower)
        lp.col_upper_ = np.array(self.upper)
        inf = highs.getInfinity()
        lp.row_lower_ = np.array([-inf if lo == -math.inf else lo for lo, _, _ in self.rows])
        lp.row_upper_ = np.array([inf if hi == math.inf else hi for _, hi, _ in self.rows])
        starts: list[int] = [0]
        index: list[int] = []
        value: list[float] = []
        for _, _, terms in self.rows:
            index += terms.keys()
            value += terms.values()
            starts.append(len(index))
        lp.a_matrix_.format_ = highspy.MatrixFormat.kRowwise
        lp.a_matrix_.start_ = np.array(starts, dtype=np.int32)
        lp.a_matrix_.index_ = np.array(index, dtype=np.int32)
        lp.a_matrix_.value_ = np.array(value)
        lp.a_matrix_.num_col_ = n
        lp.a_matrix_.num_row_ = len(self.rows)
        lp.sense_ = highspy.ObjSense.kMaximize
        lp.integrality_ = [highspy.HighsVarType.kInteger] * n
        highs.clearModel()
        highs.passModel(lp)
        highs.run()
        if highs.getModelStatus() != highspy.HighsModelStatus.kOptimal:
            return None
        return float(highs.getInfo().objective_function_value)


def ilp_points_left(hand: Sequence[Card], deal: int | None = None, table: Sequence[Meld] = ()) -> int | None:
    """The textbook integer program for Push's questions, solved by HiGHS: the fewest points left after going
    down with deal ``deal``'s contract (no table), or after a full turn once down (``deal`` None: new melds,
    lay-offs onto ``table`` and rescues of its wilds); a card is kept to discard unless the hand is emptied.
    None when the contract cannot go down.

    Variables: how many copies of each run window (suit, first place, last place) and of each set (rank, 3 or
    4 cards) are laid; per suit and place, how many of the runs' cards there are naturals (the rest wilds); per
    rank and suit the set naturals (at most one per set); per table run one extension window, per table wild a
    rescue, per table set the naturals and wilds laid off; one discard. Every 2 is pooled with the jokers (a 2
    at its own place scores the same 20 points as a wild there)."""
    ip = IntegerProgram()
    counts = Counter(card for card in hand if card.rank not in (None, Rank.TWO))
    wilds = sum(1 for card in hand if card.rank in (None, Rank.TWO))
    uses: dict[Card, dict[int, float]] = {Card(rank, suit): {} for rank in NATURAL_RANKS for suit in Suit}
    wild_use: dict[int, float] = {}
    rescues: dict[int, float] = {}
    cover: dict[tuple[Suit, int], dict[int, float]] = {(suit, v): {} for suit in Suit for v in RUN_VALUES}
    contract_cover: dict[tuple[Suit, int], dict[int, float]] = {(suit, v): {} for suit in Suit for v in RUN_VALUES}
    parts = [(part.kind.value, part.min_length) for part in PUSH.contract(deal).melds] if deal else []
    run_need = [length for kind, length in parts if kind == "run"]
    set_need = sum(1 for kind, _ in parts if kind == "set")
    contract_runs: dict[int, float] = {}
    for suit in Suit:
        for low in RUN_VALUES:
            for high in range(low + 2, min(low + 12, 14) + 1):
                copies = ip.var(2)
                for v in range(low, high + 1):
                    cover[suit, v][copies] = 1
                if run_need and high - low + 1 >= min(run_need):
                    laid = ip.var(1)
                    ip.row({laid: 1, copies: -1}, upper=0)
                    contract_runs[laid] = 1
                    for v in range(low, high + 1):
                        contract_cover[suit, v][laid] = 1
    for meld in table:
        if meld.is_run:
            assert meld.suit is not None
            options: dict[int, float] = {}
            for low in range(1, meld.low_value + 1):
                for high in range(meld.high_value, 15):
                    if high - low + 1 > 13 or (low, high) == (meld.low_value, meld.high_value):
                        continue
                    option = ip.var(1)
                    options[option] = 1
                    for v in [*range(low, meld.low_value), *range(meld.high_value + 1, high + 1)]:
                        cover[meld.suit, v][option] = 1  # filled like any run place (rows built below)
            if options:
                ip.row(options, upper=1)
            for place in meld.wild_positions:
                v = meld.start + place
                if v != 2:
                    rescue = ip.var(1, card_value(Card(rank_at(v), meld.suit)) - card_value(JOKER))
                    uses[Card(rank_at(v), meld.suit)][rescue] = 1
                    rescues[rescue] = 1
        else:
            assert meld.rank is not None
            present = {card.suit for card in meld.naturals}
            added: dict[int, float] = {}
            for suit in Suit:
                if suit not in present:
                    natural = ip.var(1, card_value(Card(meld.rank, suit)))
                    uses[Card(meld.rank, suit)][natural] = 1
                    added[natural] = 1
            rescued = ip.var(len(meld.wild_positions), -card_value(JOKER))
            rescues[rescued] = 1
            laid_wild = ip.var(4, card_value(JOKER))
            wild_use[laid_wild] = 1
            ip.row({**added, rescued: -1}, lower=0)
            ip.row({**added, rescued: -1, laid_wild: 1}, upper=4 - len(meld))
    for (suit, v), terms in cover.items():
        points = card_value(Card(Rank.ACE if v in (1, 14) else Rank(v), suit)) if v != 2 else 0
        if v != 2:
            natural = ip.var(8, points)
            uses[Card(Rank.ACE if v in (1, 14) else Rank(v), suit)][natural] = 1
            ip.row({natural: 1, **{k: -c for k, c in terms.items()}}, upper=0)
        wild = ip.var(8, card_value(JOKER))
        wild_use[wild] = 1
        ip.row({**terms, **({natural: -1} if v != 2 else {}), wild: -1}, lower=0, upper=0)
    if run_need:
        ip.row(contract_runs, lower=len(run_need))
        for terms in contract_cover.values():
            if terms:
                ip.row(terms, upper=1)
    contract_sets: dict[int, float] = {}
    for rank in NATURAL_RANKS:
        three, four = ip.var(8), ip.var(8)
        contract_sets[three] = contract_sets[four] = 1
        naturals = {}
        for suit in Suit:
            natural = ip.var(2, card_value(Card(rank, suit)))
            uses[Card(rank, suit)][natural] = 1
            naturals[natural] = 1.0
            ip.row({natural: 1, three: -1, four: -1}, upper=0)  # suits differ within a set
        wild = ip.var(32, card_value(JOKER))
        wild_use[wild] = 1
        ip.row({three: 3, four: 4, **{k: -1.0 for k in naturals}, wild: -1}, lower=0, upper=0)
    if set_need:
        ip.row(contract_sets, lower=set_need)
    discards: dict[int, float] = {}
    for card in counts:
        discard = ip.var(1, card_value(card))
        discards[discard] = 1
        uses[card][discard] = 1
    if wilds:
        discard = ip.var(1, card_value(JOKER))
        discards[discard] = 1
        wild_use[discard] = 1
    if discards:
        ip.row(discards, upper=1)
    for card, terms in uses.items():
        if terms:
            ip.row(terms, upper=counts[card])
    ip.row({**wild_use, **{k: -c for k, c in rescues.items()}}, upper=wilds)
    best = ip.maximum()
    if best is None:
        return None
    return sum(card_value(card) for card in hand) - round(best)


def _at(ms: Sequence[float], share: float) -> float:
    """The figure at ``share`` of the way up sorted figures ``ms`` (0.9: the 90th percentile, nearest rank below).

    >>> _at([1.0, 2.0, 3.0, 4.0, 5.0], 0.5), _at([1.0, 2.0, 3.0, 4.0, 5.0], 0.99)
    (3.0, 4.0)
    """
    return ms[int(share * (len(ms) - 1))]


def _interpreter() -> str:
    """Which Python runs the benchmark: plain Python's speed depends on how the interpreter was built as much as on
    the machine (on this one, Debian's own Python 3.11, built with profile-guided and link-time optimisation, ran the
    slowest questions 10 to 15% faster than a Python 3.11 built without them: D-SOL-57)."""
    return f"Python: {platform.python_implementation()} {platform.python_version()} at {sys.executable}"


def _load() -> str:
    """The machine's load averages over 1, 5 and 15 minutes (other processes slow every figure)."""
    try:
        return " / ".join(f"{n:.1f}" for n in os.getloadavg())
    except OSError:
        return "unknown"


@cache
def _pace_entries() -> tuple[tuple[tuple[tuple[int, int, int, int], int], ...], ...]:
    """The reference loop's fixed entries: two maps of (wilds, room, designations, discard) keys with values (made at
    the first pace reading, not when the other benchmarks import this module)."""
    return tuple(
        tuple(((rng.randrange(17), 0, rng.randrange(8), rng.randrange(2)), rng.randrange(200)) for _ in range(90))
        for rng in (random.Random(2026), random.Random(2027))
    )


def _reference_loop() -> int:
    """Plain-Python work of the solver's kind (pairing two maps of small tuple keys into a dict, then ranking it), but
    none of the solver's code: the same work on every commit, so its time measures the machine, not the solver."""
    left, right = _pace_entries()
    best: dict[tuple[int, int, int, int], int] = {}
    get = best.get
    for _round in range(3):
        for (wa, xa, da, fa), va in left:
            for (wb, xb, db, fb), vb in right:
                if fa + fb > 1:
                    continue
                key = (wa + wb, xa + xb, da | db, fa + fb)
                value = va + vb + _round
                if get(key, -1) < value:
                    best[key] = value
    return len(sorted(best.items(), key=lambda item: (-item[1], item[0])))


def pace(repeats: int = 5) -> float:
    """The reference loop's median time (ms) over ``repeats`` runs: this machine's pace right now."""
    _reference_loop()  # the first run also grows the interpreter's memory pools: not timed
    return 1000 * statistics.median(timed(_reference_loop, False) for _ in range(repeats))


class PaceLog:
    """The machine's pace (``pace``) sampled through a seed: at its start and end, and every ``every`` hands of its
    steady-state questions.

    The machines these figures come from are shared, and their pace changes by up to twice from one run to the next,
    and within a run, with no change of load average (issue 27: the same contract question took 42 to 79 ms in six
    runs of the same code): a seed's samples tell a slow machine from a slower solver."""

    def __init__(self, seed: int, every: int = 100) -> None:
        self.seed = seed
        self.every = every
        self.samples: list[float] = []

    def sample(self) -> float:
        """Measure the pace now and keep it."""
        self.samples.append(pace())
        return self.samples[-1]

    def text(self) -> str:
        """The samples so far: how many, their range and their median."""
        low, high = min(self.samples), max(self.samples)
        return (
            f"machine pace: reference loop {low:.2f} to {high:.2f} ms (median {statistics.median(self.samples):.2f})"
            f" over {len(self.samples)} samples"
        )


def run_seed(args: argparse.Namespace, seed: int) -> tuple[list[Figure], list[Versus], PaceLog]:
    """Every measurement on one seed's hands; prints the figures and returns the steady-state ones, with the
    machine's pace sampled through the seed."""
    rng = random.Random(seed)
    dealt: dict[str, list[list[Card]]] = {
        "random 30 cards, 8 wilds": [random_hand(rng) for _ in range(args.hands)],
        "adversarial: same-suit stretches": [stretch_hand(rng) for _ in range(args.adversarial)],
        "adversarial: clumped on 5 ranks": [clumped_hand(rng) for _ in range(args.adversarial)],
    }
    tables = {name: [random_table(rng, hand) for hand in hands] for name, hands in dealt.items()}
    families = {name: [spec(hand) for hand in hands] for name, hands in dealt.items()}
    del dealt  # kept as numbers (``HandSpec``): lists of cards would give every full collection more to walk
    clear_caches()
    print(
        f"Meld solver (plain Python), Push rules, seed {seed} (wall-clock times on this machine; load average"
        f" {_load()} on {os.cpu_count()} cores at the start)"
    )
    paces = PaceLog(seed)
    print(f"at the start, machine pace: reference loop {paces.sample():.2f} ms")
    kept: tuple[list[Figure], list[Versus]] = ([], [])
    for cold in (False, True):
        print("cold: memo tables cleared before every question" if cold else "steady state: memo tables kept")
        with Pauses() as pauses:
            figures = _section(
                families, tables, cold, args.cold, 0 if cold else args.baseline, seed, None if cold else pauses,
                None if cold else paces,
            )
        if not cold:
            kept = figures

    small = [random_hand(rng, 7, 3) for _ in range(args.small)]
    naive = [timed(partial(naive_best, hand), False) for hand in small]
    clear_caches()
    ours = [timed(partial(best_turn, hand, PUSH, keep_discard=False), True) for hand in small]
    for hand in small:
        assert PUSH and naive_best(hand) == sum(card_value(c) for c in hand) - best_turn(
            hand, PUSH, keep_discard=False
        ).points_left
    if args.in_play:
        in_play(seed, args.in_play)
    print(f"load average at the end: {_load()} (with more load than cores, figures are slower by about load / cores)")
    print(f"at the end, machine pace: reference loop {paces.sample():.2f} ms; through the seed, {paces.text()}")
    if small:  # ``--small 0`` skips the naive baseline
        ratio = statistics.median(naive) / statistics.median(ours)
        print(
            f"baseline (10-card hands, 3 wilds): naive enumerate-then-pack median {1000 * statistics.median(naive):.1f}"
            f" ms, solver (cold) {1000 * statistics.median(ours):.2f} ms: solver {ratio:.0f}x faster; answers agree"
        )
    print()
    return (*kept, paces)


def in_play(seed: int, matches: int) -> None:
    """The contract question at every turn of whole matches between random players, in each variant (the hands a
    Hint or a bot asks about in a game: usually far smaller than the families above), timed with the memo tables
    kept; one line per variant."""
    from push_learn.rummy import Match
    from push_learn.rummy.catalogue import RUMMY_GAMES, rummy_rules
    from push_learn.rummy.engine import RandomPlayer

    player = RandomPlayer()
    for rules in (rummy_rules(game.id) for game in RUMMY_GAMES):  # every variant the catalogue offers, as it sets it
        clear_caches()
        times: list[float] = []
        sizes: list[int] = []
        for number in range(matches):
            match, rng = Match.new(rules, seed=seed * 1000 + number), random.Random(number)
            while not match.over:
                seat = match.to_move[0]
                hand = list(match.hand(seat))
                times.append(timed(partial(best_go_down, hand, rules, match.deal_no), False))
                sizes.append(len(hand))
                match.apply(player.choose(match.observe(seat), rng))
        ms = sorted(1000 * t for t in times)
        print(
            f"in play, {rules.name}: {len(ms)} contract questions at every turn of {matches} random-player matches"
            f" (hands of {min(sizes)} to {max(sizes)} cards, median {statistics.median(sizes):g}): median"
            f" {statistics.median(ms):.2f} ms, p90 {_at(ms, 0.9):.2f} ms, p99 {_at(ms, 0.99):.2f} ms, worst"
            f" {ms[-1]:.2f} ms"
        )


def summary(figures: Sequence[Figure], versus: Sequence[Versus], paces: Sequence[PaceLog] = ()) -> None:
    """Every target, seed by seed, as met or missed with its figures (steady state), then the solver against the
    integer-programming baseline per family and question, with the ratios, and the machine's pace (``pace``)."""
    print("Summary (steady state): targets")
    for figure in figures:
        print(
            f"  seed {figure.seed}  {figure.label:<44} median {figure.median:7.2f} ms (target {figure.median_target:g})"
            f"  worst {figure.worst:8.2f} ms (target {figure.worst_target:g})  {'met' if figure.met else 'MISSED'}"
            f"{f' ({figure.over} questions over {figure.worst_target:g} ms)' if figure.over else ''}"
            f"{f'; without the collector {figure.worst_alone:.2f} ms' if figure.worst_alone is not None else ''}"
        )
    if versus:
        print("Summary: no slower than the integer program (HiGHS) on the same hands")
    for pair in versus:
        print(
            f"  seed {pair.seed}  {pair.label:<44} baseline/solver {pair.base_median / pair.median:5.1f}x median,"
            f" {pair.base_worst / pair.worst:5.1f}x worst  {'met' if pair.met else 'MISSED'}"
        )
    if paces:
        print("Machine pace (a plain-Python loop that is the same on every commit: a higher figure, a slower machine)")
    for log in paces:
        print(f"  seed {log.seed}  {log.text()}")
    missed = sum(not figure.met for figure in figures) + sum(not pair.met for pair in versus)
    total = len(figures) + len(versus)
    print(f"{missed} of {total} missed" if missed else f"all {total} met", f"(load average at the end: {_load()})")


def main() -> None:
    """Run every measurement on each seed, print the figures, then the summary of every target."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--adversarial", type=int, default=40)
    parser.add_argument("--cold", type=int, default=100, help="questions also timed with cleared memo tables")
    parser.add_argument("--small", type=int, default=20, help="10-card hands for the naive baseline")
    parser.add_argument("--in-play", type=int, default=10, help="random-player matches whose every turn is asked")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3], help="one run of every measurement each")
    parser.add_argument(
        "--baseline", type=int, default=100, help="hands per family also answered by the integer program (0: none)"
    )
    args = parser.parse_args()
    if args.baseline:
        try:
            _highs()
        except ImportError:
            parser.error("the integer-programming baseline needs highspy: pip install '.[bench]' (or --baseline 0)")
    print(_interpreter())
    figures: list[Figure] = []
    versus: list[Versus] = []
    paces: list[PaceLog] = []
    for seed in args.seeds:
        seed_figures, seed_versus, seed_pace = run_seed(args, seed)
        figures += seed_figures
        versus += seed_versus
        paces.append(seed_pace)
    summary(figures, versus, paces)


if __name__ == "__main__":
    main()
