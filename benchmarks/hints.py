"""Benchmark: the Hint of the rummy games (the coach's ``advise``) on the positions a student meets.

Positions: every turn of the first seat in random-player matches of Push, Cap-It and 6-7-8-9-10. Each position is
asked twice, memo tables kept between questions as in a dashboard's kernel: by the coach as it is, and by the
baseline, the take-or-push estimate counted the plain way (each sampled draw's hand asked its exact contract
distance, turn after turn, given up when more cards short than turns are left), which the coach did until
session 29. Which of the two goes first alternates from position to position, and both must give the same advice
text. The take-or-push positions (hands not yet down) are where the hint samples draws and where its worst times
were; they are also reported apart.

Goal: the worst at most 300 ms, as for the poker tables' Hint (issue 22): a hint should never make a student wait
(issue 27).

Run: .venv/bin/python benchmarks/hints.py [--matches 3] [--seed 0] [--positions N (at most, per game)]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from unittest import mock

from push_learn.cards import Card
from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN, Match, RummyRules, coach
from push_learn.rummy.engine import Observation, RandomPlayer
from push_learn.rummy.solver import clear_caches

GOAL_MS = 300.0


def turn_by_turn_chance(
    hand: list[Card], first: Card | None, view: Observation, distances: Callable[..., int | None], turns: int,
    samples: int, rng: random.Random,
) -> float:
    """The baseline's estimate of going down within ``turns`` turns: every sampled hand's exact distance, turn by
    turn (the same draws as the coach's, from the same generator)."""
    pool = coach.unseen_cards(view)
    if first in pool:
        pool.remove(first)
    needed = turns if first is None else turns - 1
    if not pool or len(pool) < needed:
        return 0.0
    hits = 0
    for _ in range(samples):
        draws = rng.sample(pool, needed)
        cards = [*hand, first] if first is not None else [*hand, draws.pop(0)]
        for turn in range(turns):
            if turn:
                cards.append(draws.pop(0))
            short = distances(cards)
            if short == 0:
                hits += 1
                break
            if short is None or short > turns - 1 - turn:
                break
    return hits / samples


def asked(view: Observation, seed: int, plain: bool) -> tuple[float, str]:
    """Seconds and advice text of one hint, by the coach (``plain`` False) or the baseline."""
    start = time.perf_counter()
    if plain:
        with mock.patch.object(coach, "_chance", turn_by_turn_chance):
            text = coach.advise(view, rng=random.Random(seed)).text()
    else:
        text = coach.advise(view, rng=random.Random(seed)).text()
    return time.perf_counter() - start, text


def positions(rules: RummyRules, matches: int, seed: int) -> list[tuple[Observation, bool]]:
    """The first seat's view at each of its turns, and whether it is a take-or-push question (not yet down)."""
    out: list[tuple[Observation, bool]] = []
    player = RandomPlayer()
    for number in range(matches):
        match, rng = Match.new(rules, seed=seed + number), random.Random(seed + number)
        while not match.over:
            seat = match.to_move[0]
            view = match.observe(seat)
            if seat == 0:
                out.append((view, view.phase == "draw" and view.upcard is not None and not view.down[0]))
            match.apply(player.choose(view, rng))
    return out


def figures(label: str, ours: Sequence[float], plain: Sequence[float]) -> str:
    """One line: median, p99 and worst of both, in ms, with the baseline's ratio to ours."""
    if not ours:
        return f"  {label:<28} n=0"
    def ms(values: Sequence[float]) -> tuple[float, float, float]:
        ordered = sorted(1000 * value for value in values)
        return statistics.median(ordered), ordered[int(0.99 * (len(ordered) - 1))], ordered[-1]

    (m, p, w), (bm, _, bw) = ms(ours), ms(plain)
    status = "met" if w <= GOAL_MS else "MISSED"
    return (
        f"  {label:<28} n={len(ours):<4} median {m:6.1f}  p99 {p:6.1f}  worst {w:6.1f} ms"
        f" (goal {GOAL_MS:.0f}: {status})"
        f" | baseline median {bm:6.1f}  worst {bw:6.1f} ms: {bm / m:.1f}x median, {bw / w:.1f}x worst"
    )


def main() -> None:
    """Time the hints of each rummy game, against the baseline run beside them."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--positions", type=int, default=None, help="at most this many positions per game")
    args = parser.parse_args()
    print("The rummy Hint (coach.advise, 40 samples), memo tables kept; baseline: sampled hands asked turn by turn")
    differ = 0
    for rules in (PUSH, CAP_IT, SIX_TO_TEN):
        clear_caches()
        ours: dict[bool, list[float]] = {False: [], True: []}
        plain: dict[bool, list[float]] = {False: [], True: []}
        for n, (view, drawing) in enumerate(positions(rules, args.matches, args.seed)[: args.positions]):
            first, second = (False, True) if n % 2 else (True, False)
            (s1, t1), (s2, t2) = asked(view, n, first), asked(view, n, second)
            differ += t1 != t2
            (plain if first else ours)[drawing].append(s1)
            (plain if second else ours)[drawing].append(s2)
        print(f"{rules.name}:")
        print(figures("every turn", ours[False] + ours[True], plain[False] + plain[True]))
        print(figures("take or push (not yet down)", ours[True], plain[True]))
    print(f"advice texts that differ from the baseline's: {differ}")


if __name__ == "__main__":
    main()
