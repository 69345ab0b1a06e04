"""Benchmark: the meld solver on big hands, against a naive baseline measured in the same run.

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
and plans that leave points (the search must also prove nothing better exists).

Steady-state figures keep the solver's memo tables between questions (as a long-running bot or
widget does); cold figures clear them before every question. The garbage collector runs as it does
in any process (the solver never switches it); its pauses fall inside the timings and are reported
per section. The naive baseline is the obvious
exact method (every subset that ``interpret_meld`` reads as a meld, then the best packing over bit
masks), timed on hands of 10 cards next to the solver on the same hands; it cannot run on 30.

Targets (issue 4): contract median <= 5 ms, worst <= 50 ms; full turn median <= 20 ms, worst <= 250 ms.

Run: .venv/bin/python benchmarks/solver.py [--hands 1000] [--adversarial 40] [--seed 1]
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from collections.abc import Callable, Sequence
from functools import cache, partial
from typing import Any

from push_learn.cards import JOKER, Card, Rank, Suit, make_deck
from push_learn.rummy import PUSH
from push_learn.rummy.melds import Meld, interpret_meld
from push_learn.rummy.scoring import card_value
from push_learn.rummy.solver import TurnPlan, best_go_down, best_turn, clear_caches

PACK = make_deck(2, 4)
WILDS = [card for card in PACK if card.rank is None or card.rank is Rank.TWO]
NATURALS = [card for card in PACK if card not in WILDS]


def random_hand(rng: random.Random, naturals: int = 22, wilds: int = 8) -> list[Card]:
    """A hand of ``naturals`` natural cards and ``wilds`` wild cards from the Push pack."""
    return rng.sample(NATURALS, naturals) + rng.sample(WILDS, wilds)


def stretch_hand(rng: random.Random) -> list[Card]:
    """Long same-suit stretches from both decks: one suit 3..K twice, or two suits' long stretches."""
    suits = rng.sample(list(Suit), 2)
    if rng.random() < 0.5:
        cards = [Card(Rank(r), suits[0]) for r in range(3, 14) for _ in range(2)]
    else:
        low = rng.randint(3, 6)
        cards = [Card(Rank(r), suits[0]) for r in range(low, low + 7) for _ in range(2)]
        cards += [Card(Rank(r), suits[1]) for r in range(low, low + 4) for _ in range(2)]
    return cards[:22] + rng.sample(WILDS, 8)


def clumped_hand(rng: random.Random) -> list[Card]:
    """Every suit clumped on the same five ranks (two copies each): 22 of those 40 naturals, 8 wilds."""
    low = rng.randint(3, 10)
    pool = [Card(Rank(r), suit) for r in range(low, low + 5) for suit in Suit for _ in range(2)]
    return rng.sample(pool, 22) + rng.sample(WILDS, 8)


def random_table(rng: random.Random, hand: Sequence[Card], melds: int = 8) -> list[Meld]:
    """Melds from the cards not in ``hand``: runs and sets of 3 to 6 cards, about one in three with a wild."""
    rest = list(NATURALS)
    for card in hand:
        if card in rest:
            rest.remove(card)
    wilds = [card for card in WILDS if card not in hand] or [JOKER]
    table: list[Meld] = []
    while len(table) < melds:
        suit = rng.choice(list(Suit))
        if rng.random() < 0.5:
            start = rng.randint(3, 11)
            length = rng.randint(3, min(6, 15 - start))
            cards = [Card(Rank(14 if v == 14 else v), suit) for v in range(start, start + length)]
        else:
            rank = Rank(rng.randint(3, 14))
            cards = [Card(rank, s) for s in rng.sample(list(Suit), rng.randint(3, 4))]
        if not all(card in rest for card in cards):
            continue
        if rng.random() < 0.35:
            cards[rng.randrange(len(cards))] = rng.choice(wilds)
        readings = interpret_meld(cards, PUSH)
        if readings:
            for card in cards:
                if card in rest:
                    rest.remove(card)
            table.append(readings[0])
    return table


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
        self._began = 0.0
        self._start = 0.0

    def _watch(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.pauses.append((time.perf_counter() - self._start, info["generation"] == 2))

    def __enter__(self) -> Pauses:
        self._began = time.perf_counter()
        gc.callbacks.append(self._watch)
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self._watch)
        took = time.perf_counter() - self._began
        total = sum(p for p, _ in self.pauses)
        full = [p for p, whole in self.pauses if whole]
        print(
            f"  garbage collection: {len(self.pauses)} pauses ({len(full)} full), longest"
            f" {1000 * max((p for p, _ in self.pauses), default=0):.1f} ms, {100 * total / took:.0f}% of the time"
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


def report(label: str, seconds: list[float], median_target: float, worst_target: float) -> None:
    """Print median, 90th percentile and worst in ms, and whether the targets hold."""
    ms = sorted(1000 * s for s in seconds)
    median = statistics.median(ms)
    p90 = ms[int(0.9 * (len(ms) - 1))]
    verdict = "ok" if median <= median_target and ms[-1] <= worst_target else "MISSED"
    print(
        f"  {label:<34} n={len(ms):<5} median {median:7.2f} ms   p90 {p90:7.2f} ms   worst {ms[-1]:8.2f} ms"
        f"   (targets {median_target:g} / {worst_target:g} ms: {verdict})"
    )


def _section(
    families: dict[str, list[list[Card]]], tables: dict[str, list[list[Meld]]], cold: bool, cold_count: int
) -> None:
    """Time both questions on every family and print the figures."""
    for name, hands in families.items():
        count = min(len(hands), cold_count) if cold else len(hands)
        if not count:
            continue
        asked = [
            answered(partial(best_go_down, hand, PUSH, i % 5 + 1), cold) for i, hand in enumerate(hands[:count])
        ]
        contract = [seconds for seconds, _ in asked]
        turn = [
            timed(partial(best_turn, hand, PUSH, table), cold)
            for hand, table in zip(hands[:count], tables[name][:count], strict=True)
        ]
        report(f"{name}: contract", contract, 5, 50)
        _split_by_answer(asked)
        report(f"{name}: full turn", turn, 20, 250)


def _split_by_answer(asked: Sequence[tuple[float, object]]) -> None:
    """Contract questions apart by answer: the plan takes every card out (found, nothing left to prove)
    or leaves points (then the search must also prove that nothing better exists)."""
    clean = sorted(1000 * s for s, plan in asked if isinstance(plan, TurnPlan) and plan.points_left == 0)
    left = sorted(1000 * s for s, plan in asked if isinstance(plan, TurnPlan) and plan.points_left > 0)
    if clean and left:
        print(
            f"    of which {len(clean)} take every card out (median {statistics.median(clean):.2f} ms) and"
            f" {len(left)} leave points, proved best (median {statistics.median(left):.2f} ms, worst {left[-1]:.1f} ms)"
        )


def main() -> None:
    """Run every measurement and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--adversarial", type=int, default=40)
    parser.add_argument("--cold", type=int, default=100, help="questions also timed with cleared memo tables")
    parser.add_argument("--small", type=int, default=20, help="10-card hands for the naive baseline")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    families: dict[str, list[list[Card]]] = {
        "random 30 cards, 8 wilds": [random_hand(rng) for _ in range(args.hands)],
        "adversarial: same-suit stretches": [stretch_hand(rng) for _ in range(args.adversarial)],
        "adversarial: clumped on 5 ranks": [clumped_hand(rng) for _ in range(args.adversarial)],
    }
    tables = {name: [random_table(rng, hand) for hand in hands] for name, hands in families.items()}
    print(f"Meld solver (plain Python), Push rules, seed {args.seed} (wall-clock times on this machine)")
    for cold in (False, True):
        print("cold: memo tables cleared before every question" if cold else "steady state: memo tables kept")
        with Pauses():
            _section(families, tables, cold, args.cold)

    small = [random_hand(rng, 7, 3) for _ in range(args.small)]
    naive = [timed(partial(naive_best, hand), False) for hand in small]
    clear_caches()
    ours = [timed(partial(best_turn, hand, PUSH, keep_discard=False), True) for hand in small]
    for hand in small:
        assert PUSH and naive_best(hand) == sum(card_value(c) for c in hand) - best_turn(
            hand, PUSH, keep_discard=False
        ).points_left
    ratio = statistics.median(naive) / statistics.median(ours)
    print(
        f"baseline (10-card hands, 3 wilds): naive enumerate-then-pack median {1000 * statistics.median(naive):.1f} ms,"
        f" solver (cold) {1000 * statistics.median(ours):.2f} ms: solver {ratio:.0f}x faster; answers agree"
    )


if __name__ == "__main__":
    main()
