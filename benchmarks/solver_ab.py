"""Benchmark: two checkouts' meld solvers side by side in one process, question by question.

The machine these benchmarks run on is shared, so a figure taken now and one taken an hour later can differ
by several times with the load alone. Here both solvers answer the same questions in the same loop, taking
turns (which goes first alternates from hand to hand), each with its own memo tables kept between questions
as in ``benchmarks/solver.py``'s steady state; the speed-up is read from the per-hand ratios, which load
slows on both sides alike. Processor time (``--clock cpu``, the default) is less disturbed by other
processes than wall time. Each checkout builds its own copy of the hands (its own card classes) from the
same seed with the ``benchmarks/solver.py`` of the new checkout, and their answers are compared. The contract
figures are also split by answer (by the old checkout's): plans that take every card out, and plans that leave
points (which the search must also prove best), since a change to the search often helps one and costs the other.
The slowest contract questions close each seed (``--tail``): each side's slowest added up, and each side's
slowest with both times; a full collection lands in one side's question only, so single pairs there can differ by
twice for no reason of their own.

What it cannot show: the garbage collector's work on one solver's memo tables. Both solvers live in one
heap, so a full collection walks the tracked objects of both whichever question it lands in, and a change
that only makes one side's tables cheaper for the collector (memo entries it no longer walks) shortens
both sides' pauses alike: the ratios stay near 1 while the change's own bookkeeping shows as a loss.
Such a change is measured with ``benchmarks/solver.py`` (which prints the collector's pauses), each
checkout in its own process, the runs alternating.

Run: .venv/bin/python benchmarks/solver_ab.py --old /path/to/other/checkout [--hands 300] [--seeds 1 2 3]
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent


def _ours(module: str) -> bool:
    """Whether a module name is the package's (each checkout keeps its own copy)."""
    return module == "push_learn" or module.startswith("push_learn.")


@dataclass
class Checkout:
    """One checkout's package, loaded apart: its modules, put back into ``sys.modules`` before each use."""

    name: str
    root: Path
    modules: dict[str, ModuleType] = field(default_factory=dict)
    solver: Any = None
    rules: Any = None
    bench: Any = None

    def load(self) -> None:
        """Import the checkout's ``push_learn`` (and the benchmark's hand makers) with no other copy in the way."""
        for name in [name for name in sys.modules if _ours(name)]:
            del sys.modules[name]
        sys.path.insert(0, str(self.root))
        try:
            self.solver = importlib.import_module("push_learn.rummy.solver")
            self.rules = importlib.import_module("push_learn.rummy")
        finally:
            sys.path.remove(str(self.root))
        self.modules = {name: module for name, module in sys.modules.items() if _ours(name)}
        spec = importlib.util.spec_from_file_location(f"solver_bench_{self.name}", HERE / "solver.py")
        assert spec is not None and spec.loader is not None
        self.bench = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = self.bench
        spec.loader.exec_module(self.bench)

    def use(self) -> None:
        """Make this checkout's modules the ones imported (the solver imports some of its parts lazily)."""
        sys.modules.update(self.modules)


@dataclass
class Timings:
    """One checkout's times on one seed (seconds), by question, in hand order."""

    contract: list[float] = field(default_factory=list)
    turn: list[float] = field(default_factory=list)


def _answer(plan: Any) -> object:
    """What must agree between the two solvers: points left, the melds and the discard (as text)."""
    if plan is None:
        return None
    return plan.points_left, sorted(str(meld) for meld in plan.melds), str(plan.discard)


def run_seed(
    old: Checkout, new: Checkout, seed: int, hands: int, clock: Callable[[], float], tail: int = 10
) -> None:
    """Both solvers on one seed's random hands, taking turns; print their figures and the ratios."""
    data: dict[str, tuple[list[Any], list[Any]]] = {}
    for side in (old, new):
        side.use()
        rng = random.Random(seed)
        cards = [side.bench.random_hand(rng) for _ in range(hands)]
        data[side.name] = (cards, [side.bench.table_melds(side.bench.random_table(rng, hand)) for hand in cards])
        side.solver.clear_caches()
    times = {side.name: Timings() for side in (old, new)}
    differ = 0
    takes_all: list[bool] = []
    for i in range(hands):
        answers: dict[str, object] = {}
        contract_left: dict[str, int | None] = {}
        for side in (old, new) if i % 2 == 0 else (new, old):
            side.use()
            hand, table = data[side.name][0][i], data[side.name][1][i]
            start = clock()
            plan = side.solver.best_go_down(hand, side.rules.PUSH, i % 5 + 1)
            times[side.name].contract.append(clock() - start)
            start = clock()
            turn = side.solver.best_turn(hand, side.rules.PUSH, table)
            times[side.name].turn.append(clock() - start)
            answers[side.name] = (_answer(plan), _answer(turn))
            contract_left[side.name] = None if plan is None else plan.points_left
        differ += answers[old.name] != answers[new.name]
        takes_all.append(contract_left[old.name] == 0)
    print(f"seed {seed}: {hands} random hands (30 cards, 8 wilds); load {_load()}; answers that differ: {differ}")
    for question in ("contract", "turn"):
        before: list[float] = getattr(times[old.name], question)
        after: list[float] = getattr(times[new.name], question)
        ratios = [b / a for a, b in zip(after, before, strict=True) if a > 0]
        print(
            f"  {question:<8}  old median {1000 * statistics.median(before):6.2f} ms, worst {1000 * max(before):7.2f}"
            f" ms   new median {1000 * statistics.median(after):6.2f} ms, worst {1000 * max(after):7.2f} ms"
            f"   old/new: median of per-hand ratios {statistics.median(ratios):.2f}, of totals"
            f" {sum(before) / sum(after):.2f}"
        )
    _print_split(times[old.name].contract, times[new.name].contract, takes_all)
    _print_tail(times[old.name].contract, times[new.name].contract, tail)


def _print_tail(before: list[float], after: list[float], count: int) -> None:
    """The slowest contract questions (the worst is a target of its own): each side's ``count`` slowest added up,
    and each side's slowest with both times (a change that speeds up the old side's slowest may slow others)."""
    if count <= 0:
        return
    print(
        f"    slowest {count}: old {1000 * sum(sorted(before)[-count:]):7.1f} ms in all, new"
        f" {1000 * sum(sorted(after)[-count:]):7.1f} ms"
    )
    for side, times in (("old", before), ("new", after)):
        slowest = sorted(range(len(times)), key=times.__getitem__, reverse=True)[:count]
        print(
            f"      the {side} side's, old/new:"
            f" {', '.join(f'{i} {1000 * before[i]:.0f}/{1000 * after[i]:.0f}' for i in slowest)}"
        )


def _print_split(before: list[float], after: list[float], takes_all: list[bool]) -> None:
    """The contract figures split by answer: plans that take every card out, and the others (which the search
    must also prove best)."""
    for label, wanted in (("take all", True), ("leave points", False)):
        pairs = [(b, a) for b, a, t in zip(before, after, takes_all, strict=True) if t == wanted and a > 0]
        if not pairs:
            continue
        print(
            f"    {label:<12} n={len(pairs):<4} old median {1000 * statistics.median(b for b, _ in pairs):6.2f} ms"
            f"   new median {1000 * statistics.median(a for _, a in pairs):6.2f} ms   old/new: median of per-hand"
            f" ratios {statistics.median(b / a for b, a in pairs):.2f}, of totals"
            f" {sum(b for b, _ in pairs) / sum(a for _, a in pairs):.2f}"
        )


def _load() -> str:
    """The machine's load averages over 1, 5 and 15 minutes."""
    return " / ".join(f"{n:.1f}" for n in os.getloadavg())


def main() -> None:
    """Load both checkouts, then time them side by side on each seed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--old", type=Path, required=True, help="root of the checkout to compare against")
    parser.add_argument("--new", type=Path, default=HERE.parent, help="root of the checkout to measure")
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    parser.add_argument("--tail", type=int, default=10, help="how many of the slowest contract questions to show")
    args = parser.parse_args()
    old, new = Checkout("old", args.old.resolve()), Checkout("new", args.new.resolve())
    for side in (old, new):
        side.load()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    print(f"old: {old.root}  new: {new.root}  clock: {args.clock}")
    for seed in args.seeds:
        run_seed(old, new, seed, args.hands, clock, args.tail)


if __name__ == "__main__":
    main()
