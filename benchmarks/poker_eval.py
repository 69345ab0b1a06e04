"""Benchmark: poker hand evaluation and equity sampling, side by side with treys in the same run.

Prints, each as the median and the worst of ``--repeats`` runs:

1. import time of ``push_learn.poker.hands`` and of the whole ``push_learn.poker`` package in a fresh
   interpreter (target under 0.2 s; a Voila kernel pays every import), with ``treys`` as the baseline,
   and the one-off cost of building the lookup tables on the first evaluation;
2. five-card high evaluations per second: our integer core (``high5``) against treys' core
   (``Evaluator._five``), our list API (``high_value``) against treys' public ``evaluate(hand, board)``,
   and the ``Card`` API that also names the hand (``evaluate_high``);
3. ace-to-five low evaluations per second (``low5``); treys has no low evaluator, so the baselines are
   treys' high core (the same kind of work) and a plain sort-and-count low evaluator;
4. seven-card high evaluations (best of 21) against treys' ``evaluate`` on seven cards;
5. equity by sampling, 10,000 samples: heads-up, and the six-handed seed-004 table (target under 1 s).

Run: .venv/bin/python benchmarks/poker_eval.py [--hands 100000] [--repeats 11]
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence

from treys import Card as TreysCard
from treys import Evaluator

from push_learn.cards import Card, Rank, standard_deck
from push_learn.poker.actions import ActionKind
from push_learn.poker.analysis import equity
from push_learn.poker.examples import seed_004_record
from push_learn.poker.hands import card_codes, evaluate_high, high5, high_value, low5, low_value
from push_learn.poker.observation import Phase
from push_learn.poker.push_stud import PushStudGame, push_stud_rules
from push_learn.poker.stud_records import load_stud


def timed(repeats: int, run: Callable[[], object]) -> list[float]:
    """Wall times of ``repeats`` calls."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return times


def paired(repeats: int, baseline: Callable[[], object], ours: Callable[[], object]) -> tuple[list[float], list[float]]:
    """Interleaved timings (baseline, ours, baseline, ours ...) so both see the same machine load."""
    base_times: list[float] = []
    our_times: list[float] = []
    for _ in range(repeats):
        base_times += timed(1, baseline)
        our_times += timed(1, ours)
    return base_times, our_times


def rate_line(label: str, count: int, times: Sequence[float], baseline: Sequence[float] | None = None) -> str:
    """``label: median /s (worst /s)`` and the speed ratio to the baseline's medians."""
    median, worst = count / statistics.median(times), count / max(times)
    line = f"  {label:<46} {median:>12,.0f}/s median  {worst:>12,.0f}/s worst"
    if baseline is not None:
        line += f"   x{statistics.median(baseline) / statistics.median(times):.2f} vs baseline"
    return line


def import_times(module: str, repeats: int) -> list[float]:
    """Seconds to import ``module`` in fresh interpreters."""
    code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    return [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
            for _ in range(repeats)]


def treys_code(card: Card) -> int:
    """Our card as the ``treys`` library's integer code (the baseline evaluator's input)."""
    rank = "T" if card.rank is Rank.TEN else card.rank.symbol  # type: ignore[union-attr]
    return int(TreysCard.new(rank + card.suit.letter.lower()))  # type: ignore[union-attr]


def plain_low(cards: Sequence[Card]) -> tuple[int, ...]:
    """A straightforward ace-to-five reader: count ranks, sort; smaller tuples are better lows."""
    ranks = [1 if c.rank is Rank.ACE else int(c.rank) for c in cards]  # type: ignore[arg-type]
    counts = Counter(ranks)
    return (-len(counts), *sorted(counts, key=lambda r: (counts[r], r), reverse=True))


def main() -> None:
    """Time the hand evaluators against the baselines and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000, help="hands per evaluation run")
    parser.add_argument("--repeats", type=int, default=11)
    args = parser.parse_args()
    n, repeats = args.hands, args.repeats
    print(f"poker evaluation benchmark: {n:,} random hands per run, {repeats} runs, Python {sys.version.split()[0]}")

    print("\nimport time in a fresh interpreter (target < 0.2 s)")
    for module in ("push_learn.poker.hands", "push_learn.poker", "treys"):
        times = import_times(module, repeats)
        print(f"  import {module:<40} {statistics.median(times) * 1000:7.1f} ms median  "
              f"{max(times) * 1000:7.1f} ms worst")
    code = ("import time, push_learn.poker.hands as h; t = time.perf_counter(); h.lookup_tables(); "
            "print(time.perf_counter() - t)")
    builds = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                   check=True).stdout) for _ in range(repeats)]
    print(f"  {'first evaluation builds the tables':<47} {statistics.median(builds) * 1000:7.1f} ms median  "
          f"{max(builds) * 1000:7.1f} ms worst")

    rng = random.Random(2024)
    deck = list(standard_deck())
    hands = [rng.sample(deck, 5) for _ in range(n)]
    ours = [tuple(card_codes(h)) for h in hands]
    theirs = [[treys_code(c) for c in h] for h in hands]
    evaluator = Evaluator()
    five = evaluator._five
    evaluate = evaluator.evaluate

    def our_core() -> None:
        for a, b, c, d, e in ours:
            high5(a, b, c, d, e)

    def treys_core() -> None:
        for cards in theirs:
            five(cards)

    def our_list() -> None:
        for codes in ours:
            high_value(codes)

    def treys_public() -> None:
        for cards in theirs:
            evaluate(cards[:2], cards[2:])

    def our_cards() -> None:
        for cards in hands[: n // 10]:
            evaluate_high(cards)

    def our_low() -> None:
        for a, b, c, d, e in ours:
            low5(a, b, c, d, e)

    def our_low_list() -> None:
        for codes in ours:
            low_value(codes)

    def plain_low_run() -> None:
        for cards in hands:
            plain_low(cards)

    high5(*ours[0])  # build the tables outside the timings
    print("\nfive-card high hand (each pair of lines timed interleaved)")
    base, mine = paired(repeats, treys_core, our_core)
    print(rate_line("treys Evaluator._five (baseline, core)", n, base))
    print(rate_line("push_learn high5(a, b, c, d, e) (core)", n, mine, base))
    base, mine = paired(repeats, treys_public, our_list)
    print(rate_line("treys evaluate(hand, board) (baseline, API)", n, base))
    print(rate_line("push_learn high_value(codes) (API)", n, mine, base))
    print(rate_line("push_learn evaluate_high(cards) (named, Card objects)", n // 10, timed(repeats, our_cards)))

    print("\nfive-card ace-to-five low (treys has no low evaluator)")
    base, mine = paired(repeats, treys_core, our_low)
    print(rate_line("treys Evaluator._five (baseline: high, same work)", n, base))
    print(rate_line("push_learn low5(a, b, c, d, e) (core)", n, mine, base))
    base, mine = paired(repeats, plain_low_run, our_low_list)
    print(rate_line("plain sort-and-count low (baseline)", n, base))
    print(rate_line("push_learn low_value(codes) (API)", n, mine, base))

    sevens = [rng.sample(deck, 7) for _ in range(n // 10)]
    our7 = [card_codes(h) for h in sevens]
    their7 = [[treys_code(c) for c in h] for h in sevens]
    print("\nseven-card high hand (best five of seven)")
    base, mine = paired(repeats, lambda: [evaluate(h[:2], h[2:]) for h in their7],
                        lambda: [high_value(h) for h in our7])
    print(rate_line("treys evaluate(hand, board) (baseline)", n // 10, base))
    print(rate_line("push_learn high_value(codes)", n // 10, mine, base))

    print("\nequity by sampling, 10,000 samples (target < 1 s)")
    heads_up = PushStudGame(push_stud_rules(players=4), stacks=[0, 200, 200, 0], seed=5)
    while heads_up.observe(1).round < 3 or heads_up.phase is not Phase.BET:
        options = heads_up.legal_actions()
        heads_up.apply(next((a for a in options if a.kind in (ActionKind.CHECK, ActionKind.CALL)), options[0]))
    seed004 = load_stud(seed_004_record(), 25)
    for label, obs in (("heads-up Push stud, round 3", heads_up.observe(1)),
                       ("six seats, seed 004 after round 3 (RIZ)", seed004.observe(2))):
        times = timed(repeats, lambda obs=obs: equity(obs, 10_000, random.Random(1)))  # type: ignore[misc]
        print(f"  {label:<46} {statistics.median(times):7.3f} s median  {max(times):7.3f} s worst   "
              f"({equity(obs, 10_000, random.Random(1))})")


if __name__ == "__main__":
    main()
