"""Benchmark aid: where chosen contract questions of ``benchmarks/solver.py`` spend their time (issue 27).

The benchmark's worst contract question is set by a few hands per seed (seed 1's 564 and 615, seed 3's 346, say),
and each is slow for its own reason: a long proof, a spaced search, a take-all look that misses, a full collection.
This replays one seed of ``benchmarks/solver.py``'s steady state (its random hands and tables, each hand's contract
question then its full turn, memo tables kept) up to each chosen hand, and asks that hand's contract question in
place, as the benchmark does, with the solver's steps timed. It prints, per hand:

* the whole question (processor time, so other processes disturb it less) and the points the best plan leaves;
* the steps: the take-all look and the proof (``take_all.py``, ``cover.py``), the search's tries and bounds, the
  read-backs of plans, and the spaced search (contract runs kept apart, when the fast pass's runs overlap);
* what they are made of: suit sweeps (``suits.solve_suit``), node evaluations (``node.NodeValues._evaluate``),
  the sweeps per way of setting a suit's aces low, and the transitions stepped because no memo table held them, by
  kind of sweep (fast or spaced, with or without relaxed set prices);
* the objects the garbage collector moved to its oldest generation during the question: they bring the next full
  collection nearer, and a full collection that lands in a slow question adds some 10 to 20 ms to it.

The timings wrap the solver's functions, which adds some 10 to 20% to what is timed: read the split, not the sum.
A step's time includes the steps inside it (a bound's time includes its sweeps).

Run: .venv/bin/python benchmarks/solver_anatomy.py [--seed 1] [HAND ...]   (default: seed 1, hands 564 and 615)
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import solver as bench

from push_learn.rummy import PUSH
from push_learn.rummy.solver import api, best_go_down, best_turn, clear_caches, node, search, sweep, trace

SLOWEST = {1: [564, 615], 2: [999, 781], 3: [346, 594]}
"""Slow contract questions of each seed (in ``benchmarks/solver.py`` runs of session 41, this machine)."""


class Anatomy:
    """Times and counts of the solver's steps while it is watched (``watching``)."""

    def __init__(self) -> None:
        self.seconds: defaultdict[str, float] = defaultdict(float)
        self.calls: Counter[str] = Counter()
        self.active: Counter[str] = Counter()
        self.cuts = 0
        self.stepped: Counter[str] = Counter()
        self.stepped_seconds: defaultdict[str, float] = defaultdict(float)
        self.promoted: Counter[str] = Counter()
        self._older: set[int] = set()

    def timed(self, label: str, function: Callable[..., Any]) -> Callable[..., Any]:
        """``function``, with its time and calls added to ``label`` (only the outermost of nested calls)."""

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            self.active[label] += 1
            start = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                self.active[label] -= 1
                if not self.active[label]:
                    self.seconds[label] += time.process_time() - start
                    self.calls[label] += 1

        return wrapper

    def bound(self, function: Callable[..., int]) -> Callable[..., int]:
        """``Search.bound``, counting the bounds that cut (cannot beat the floor they were asked with)."""

        def wrapper(search_: Any, decided: Any, floor: int = -1, pivot: int | None = None) -> int:
            value = function(search_, decided, floor, pivot)
            self.cuts += value <= floor
            return value

        return self.timed("bounds", wrapper)

    def moves(self, function: Callable[..., Any]) -> Callable[..., Any]:
        """``Sweep.moves``, counting the transitions no memo table held (stepped) by kind, with their time."""

        def wrapper(sweep_: sweep.Sweep, state: Any, sid: int, p: int, n: int, phi: Any, disc: bool, last: bool,
                    did: int) -> Any:
            if sweep_._moves.get((sid, did, p, last)) is not None:
                return function(sweep_, state, sid, p, n, phi, disc, last, did)
            kind = f"{'spaced' if sweep_.desig_items else 'fast'} {'relaxed' if phi is not None else 'exact'}"
            start = time.process_time()
            try:
                return function(sweep_, state, sid, p, n, phi, disc, last, did)
            finally:
                self.stepped[kind] += 1
                self.stepped_seconds[kind] += time.process_time() - start

        return wrapper

    def watch_collector(self, phase: str, info: dict[str, Any]) -> None:
        """A ``gc.callbacks`` hook: what a collection of the middle generation moves to the oldest (type names only:
        an object still being built may be among them)."""
        if info["generation"] != 1:
            return
        if phase == "start":
            self._older = {id(thing) for thing in gc.get_objects(2)}
        else:
            self.promoted.update(type(thing).__name__ for thing in gc.get_objects(2) if id(thing) not in self._older)


def _wrap(anatomy: Anatomy) -> list[tuple[Any, str, Callable[..., Any]]]:
    """The solver's functions to watch: (where, name, the watched replacement)."""
    node_values = node.NodeValues
    return [
        (api.TakeAllLook, "plan", anatomy.timed("take-all look", api.TakeAllLook.plan)),
        (api.TakeAllLook, "plan_of_cover", anatomy.timed("take-all look", api.TakeAllLook.plan_of_cover)),
        (api, "prove_cover", anatomy.timed("proof", api.prove_cover)),
        (search.Search, "_try", anatomy.timed("tries", search.Search._try)),
        (search.Search, "bound", anatomy.bound(search.Search.bound)),
        (trace.Tracer, "rebuild", anatomy.timed("read-backs", trace.Tracer.rebuild)),
        (trace.Tracer, "rebuild_spread", anatomy.timed("read-backs", trace.Tracer.rebuild_spread)),
        (node, "solve_suit", anatomy.timed("suit sweeps", node.solve_suit)),
        (node_values, "_evaluate", anatomy.timed("node evaluations", node_values._evaluate)),
        (sweep.Sweep, "moves", anatomy.moves(sweep.Sweep.moves)),
    ]


@contextmanager
def watching(anatomy: Anatomy) -> Iterator[Anatomy]:
    """Watch the solver (its functions wrapped, the collector's promotions counted) inside the block."""
    best, segment_problems = search.Search.best, node.NodeValues.segment_problems

    def watched_best(search_: search.Search, *args: Any, **kwargs: Any) -> Any:
        if search_.spaced and search_.bounder is not None:
            return anatomy.timed("spaced search", best)(search_, *args, **kwargs)
        return best(search_, *args, **kwargs)

    def counted_problems(values: node.NodeValues, s: int, decided: Any, relaxed: bool, low_aces: int) -> Any:
        anatomy.calls[f"suit maps with {low_aces} aces low"] += 1
        return segment_problems(values, s, decided, relaxed, low_aces)

    wrapped = [
        *_wrap(anatomy),
        (search.Search, "best", watched_best),
        (node.NodeValues, "segment_problems", counted_problems),
    ]
    originals = [(owner, name, owner.__dict__[name]) for owner, name, _ in wrapped]
    for owner, name, replacement in wrapped:
        setattr(owner, name, replacement)
    gc.callbacks.append(anatomy.watch_collector)
    try:
        yield anatomy
    finally:
        gc.callbacks.remove(anatomy.watch_collector)
        for owner, name, original in originals:
            setattr(owner, name, original)


def describe(number: int, deal: int, seconds: float, left: int | None, anatomy: Anatomy) -> None:
    """Print one question's anatomy."""
    answer = "cannot go down" if left is None else f"leaves {left} points"
    print(f"hand {number} (deal {deal}): {1000 * seconds:.1f} ms of processor time, watched; {answer}")
    steps = ("take-all look", "proof", "tries", "bounds", "read-backs", "spaced search")
    print("  steps:  " + "; ".join(
        f"{label} {1000 * anatomy.seconds[label]:.1f} ms ({anatomy.calls[label]})"
        + (f", {anatomy.cuts} cut" if label == "bounds" else "")
        for label in steps if anatomy.calls[label]
    ))
    splits = ", ".join(
        f"{low} low {anatomy.calls[f'suit maps with {low} aces low']}" for low in range(3)
        if anatomy.calls[f"suit maps with {low} aces low"]
    )
    print("  inside: " + "; ".join(
        f"{label} {1000 * anatomy.seconds[label]:.1f} ms ({anatomy.calls[label]})"
        for label in ("suit sweeps", "node evaluations")
    ) + (f"; suit maps asked by aces set low: {splits}" if splits else ""))
    stepped = "; ".join(
        f"{kind} {count} ({1000 * anatomy.stepped_seconds[kind]:.1f} ms)"
        for kind, count in sorted(anatomy.stepped.items())
    )
    print(f"  transitions stepped (no memo held them): {stepped or 'none'}")
    promoted = ", ".join(f"{name} {count}" for name, count in anatomy.promoted.most_common(6))
    print(f"  objects moved to the collector's oldest generation: {sum(anatomy.promoted.values())}"
          + (f" ({promoted})" if promoted else ""))


def run(seed: int, numbers: list[int]) -> None:
    """Replay seed ``seed``'s questions and describe the contract question of each hand in ``numbers``."""
    rng = random.Random(seed)
    last = max(numbers)
    hands = [bench.random_hand(rng) for _ in range(last + 1)]
    tables = [bench.random_table(rng, hand) for hand in hands]
    kept = [bench.spec(hand) for hand in hands]
    del hands  # kept as numbers, as the benchmark keeps them
    clear_caches()
    print(f"seed {seed}: hands 0 to {last} replayed as in benchmarks/solver.py's steady state")
    for number in range(last + 1):
        hand, deal = bench.cards_of(kept[number]), number % 5 + 1
        if number in numbers:
            with watching(Anatomy()) as anatomy:
                start = time.process_time()
                plan = best_go_down(hand, PUSH, deal)
                seconds = time.process_time() - start
            describe(number, deal, seconds, None if plan is None else plan.points_left, anatomy)
        else:
            best_go_down(hand, PUSH, deal)
        best_turn(hand, PUSH, bench.table_melds(tables[number]))


def main() -> None:
    """Describe the chosen hands of one seed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("hands", type=int, nargs="*", help="hand numbers of the seed (default: its known slow ones)")
    args = parser.parse_args()
    numbers = args.hands or SLOWEST.get(args.seed, [0])
    if any(number < 0 for number in numbers):
        parser.error("hand numbers count from 0")
    run(args.seed, sorted(set(numbers)))


if __name__ == "__main__":
    main()
