"""Benchmark: whole five-deal rummy matches between random legal players, through the engine's public API.

Prints, per variant: matches per second, median and worst time per match, actions per match, the
engine's own cost per action (time inside ``Match.apply``, which verifies and applies) and the share
of time the random players spend choosing; then the cost of replaying a record and of an observation.
The baseline, measured in the same run, is a bare loop that only shuffles and deals the five hands
of a match (no play): the ratio says how many such bare matches one played match costs.

Target (issue 3): a random-play Push match under 50 ms median on this machine.

Run: .venv/bin/python benchmarks/engine.py [--matches 60]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from push_learn.cards import make_deck
from push_learn.records import Record
from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN
from push_learn.rummy.engine import Match, RandomPlayer, load_match, observe
from push_learn.rummy.rules import RummyRules


def bare_deals(rules: RummyRules, seed: int) -> None:
    """Shuffle and deal the five hands of a match, nothing else (the baseline)."""
    for number in range(1, rules.deals + 1):
        pack = list(make_deck(rules.decks, rules.jokers))
        random.Random(f"{seed}:{number}").shuffle(pack)
        hands: list[list[object]] = [[] for _ in range(rules.players)]
        for i in range(rules.players * rules.hand_size(number)):
            hands[i % rules.players].append(pack.pop())


def play(rules: RummyRules, seed: int) -> tuple[float, float, int, Match, float]:
    """One match: CPU seconds, CPU seconds inside ``apply``, number of actions, the match, wall seconds."""
    wall = time.perf_counter()
    start = time.process_time()
    match = Match.new(rules, seed)
    player, rng = RandomPlayer(), random.Random(f"random-player:{seed}")
    in_apply = 0.0
    while not match.over:
        action = player.choose(match.observe(match.turn), rng)
        t = time.process_time()
        match.apply(action)
        in_apply += time.process_time() - t
    return time.process_time() - start, in_apply, len(match.actions), match, time.perf_counter() - wall


def ms(seconds: float) -> str:
    """Seconds as milliseconds, right-aligned for the tables."""
    return f"{seconds * 1000:7.2f} ms"


def main() -> None:
    """Time the engines and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=60, help="matches per variant (default 60)")
    args = parser.parse_args()

    baseline = []
    for seed in range(args.matches * 5):
        t = time.process_time()
        bare_deals(PUSH, seed)
        baseline.append(time.process_time() - t)
    base = statistics.median(baseline)
    print("Times are CPU time of this process (the machine is shared); wall-clock medians in brackets.")
    print(f"baseline: shuffle and deal the five Push hands, median {ms(base)}")
    print()

    last: Match | None = None
    for rules in (PUSH, CAP_IT, SIX_TO_TEN):
        runs = [play(rules, seed) for seed in range(args.matches)]
        totals = [r[0] for r in runs]
        actions = sum(r[2] for r in runs)
        per_action = sum(r[1] for r in runs) / actions
        choosing = 1 - sum(r[1] for r in runs) / sum(totals)
        median = statistics.median(totals)
        wall = statistics.median(r[4] for r in runs)
        print(f"{rules.name} ({rules.players} players), {args.matches} matches of 5 deals")
        print(f"  matches per second  {len(runs) / sum(totals):8.1f}")
        print(f"  per match           median {ms(median)} [wall {ms(wall)}], worst {ms(max(totals))}, "
              f"{actions / len(runs):.0f} actions on average; {median / base:.0f}x the baseline")
        print(f"  engine per action   {per_action * 1e6:7.1f} us (verify + apply); "
              f"players choosing: {choosing:.0%} of the time")
        last = runs[0][3]

    assert last is not None
    record = Record.from_json(last.record().to_json())
    t = time.process_time()
    load_match(record)
    replay = time.process_time() - t
    t = time.process_time()
    for _ in range(200):
        observe(last, 0).to_json()
    view = (time.process_time() - t) / 200
    print()
    print(f"replay of a {len(record)}-action record {ms(replay)}; observe(seat).to_json() {ms(view)}")
    print("target: a random-play Push match under 50 ms median")


if __name__ == "__main__":
    main()
