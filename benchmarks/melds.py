"""Benchmark: how fast ``interpret_meld`` and ``explain_meld`` answer, as a widget calls them on every click.

Times both on random groups of 3 to 13 cards (a stretch of one suit with some cards swapped for wilds
or a stray card, so most groups are melds) under Push and 6-7-8-9-10, and prints the median and
worst call. As a baseline, the same run times the obvious generate-and-test method on 6-card
groups: every set rank, and every ordering of the cards as a run of every suit and start, each
checked with ``check_meld``; the two methods must find the same readings.

Run: .venv/bin/python benchmarks/melds.py [groups]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from itertools import permutations

from push_learn.cards import Card, Rank, Suit, make_deck
from push_learn.rummy import PUSH, SIX_TO_TEN, RummyRules
from push_learn.rummy.melds import Meld, MeldError, check_meld, explain_meld, interpret_meld

DECK = make_deck(2, 4)


def random_group(rng: random.Random, size: int, rules: RummyRules) -> list[Card]:
    """``size`` cards: a stretch of one suit with some of it replaced by wilds, and now and then a stray card."""
    suit = rng.choice(list(Suit))
    low = rng.randint(3, 15 - size) if size <= 12 else 2
    stretch = [Card(Rank.ACE if v == 14 else Rank(v), suit) for v in range(low, low + size)]
    wild = [c for c in DECK if c.rank is Rank.TWO or (c.is_joker and rules.jokers_wild)]
    cards = [rng.choice(wild) if rng.random() < 0.3 else card for card in stretch]
    if rng.random() < 0.3:
        cards[rng.randrange(size)] = rng.choice([c for c in DECK if rules.jokers_wild or not c.is_joker])
    rng.shuffle(cards)
    return cards


def generate_and_test(cards: list[Card], rules: RummyRules) -> set[Meld]:
    """The obvious method: declare everything, keep what check_meld accepts (wild order made canonical)."""
    found: set[Meld] = set()
    candidates: list[Meld] = [Meld.set_of(cards, rank) for rank in Rank]
    for order in set(permutations(cards)):
        for suit in Suit:
            candidates.extend(Meld.run_of(order, suit, start) for start in range(1, 15 - len(cards) + 1))
    for meld in candidates:
        try:
            check_meld(meld, rules)
        except MeldError:
            continue
        found.add(canonical(meld))
    return found


def canonical(meld: Meld) -> Meld:
    """The reading with its wilds in sorted order, so interchangeable wilds compare equal."""
    if meld.is_set:
        return Meld.set_of(sorted(meld.cards, key=repr), meld.rank)  # type: ignore[arg-type]
    wilds = iter(sorted(meld.wilds, key=repr))
    cards = [next(wilds) if meld.is_wild(i) else card for i, card in enumerate(meld.cards)]
    return Meld.run_of(cards, meld.suit, meld.start)  # type: ignore[arg-type]


def timed(call: Callable[[], object], repeats: int = 5) -> float:
    """The best of a few timings of ``call``, in seconds."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - start)
    return best


def main(groups: int = 300) -> None:
    """Time interpret_meld and explain_meld, and the generate-and-test baseline, and print the figures."""
    rng = random.Random(2026)
    for rules in (PUSH, SIX_TO_TEN):
        samples = [random_group(rng, rng.randint(3, 13), rules) for _ in range(groups)]
        melds = sum(1 for cards in samples if interpret_meld(cards, rules))
        for name, function in (("interpret_meld", interpret_meld), ("explain_meld", explain_meld)):
            times = [timed(partial(function, cards, rules)) for cards in samples]
            print(
                f"{rules.name}: {name} on {groups} groups of 3-13 cards ({melds} are melds): "
                f"median {statistics.median(times) * 1e6:.0f} us, worst {max(times) * 1e6:.0f} us"
            )
    six = [random_group(rng, 6, PUSH) for _ in range(20)]
    fast = [timed(partial(interpret_meld, cards, PUSH)) for cards in six]
    slow = []
    for cards in six:
        start = time.perf_counter()
        expected = generate_and_test(cards, PUSH)
        slow.append(time.perf_counter() - start)
        assert expected == {canonical(meld) for meld in interpret_meld(cards, PUSH)}, "the two methods disagree"
    print(
        f"baseline generate-and-test on 20 groups of 6 cards: median {statistics.median(slow) * 1000:.1f} ms, "
        f"worst {max(slow) * 1000:.1f} ms; interpret_meld median {statistics.median(fast) * 1e6:.0f} us; "
        f"ratio {statistics.median(slow) / statistics.median(fast):,.0f}x (the readings agree)"
    )


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:2]))
