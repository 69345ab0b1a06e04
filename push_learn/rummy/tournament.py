"""Tournaments between two bots: whole seeded matches, seats alternating, with win rates and intervals.

In match ``i`` bot A sits in the even seats and bot B in the odd ones, and the other way round in the
next match, so both play every position equally often (in Push that means both partnerships). A
bot wins a match when the winners (lowest total) include one of its seats and none of the other's;
a shared win counts half. The win rate comes with a 95% Wilson interval. When both bots have the same
name (say two ``random`` bots) their statistics are labelled ``random (A)`` and ``random (B)``.

>>> from push_learn.rummy import PUSH
>>> from push_learn.rummy.bots import GreedyBot, RandomBot
>>> result = run_tournament(PUSH, GreedyBot(), RandomBot(), matches=2, seed=1, progress=False)
>>> result.stats[0].matches
2
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TypeVar

from push_learn.rummy.bots import RummyBot as Bot
from push_learn.rummy.engine import Match
from push_learn.rummy.rules import RummyRules

__all__ = ["BotStats", "TournamentResult", "play_match", "run_tournament", "wilson", "with_progress"]


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for ``successes`` out of ``n`` (halves allowed)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class BotStats:
    """One bot's results in a tournament."""

    name: str
    matches: int
    wins: int
    ties: int
    losses: int
    score_per_deal: float
    """Mean penalty points its unit (team or player) took per deal."""
    decision_median_ms: float
    decision_max_ms: float
    decisions: int

    @property
    def win_rate(self) -> float:
        """Wins plus half the shared wins, per match."""
        return (self.wins + 0.5 * self.ties) / self.matches if self.matches else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate."""
        return wilson(self.wins + 0.5 * self.ties, self.matches)


@dataclass(frozen=True)
class TournamentResult:
    """Both bots' statistics and how the tournament was run."""

    game: str
    matches: int
    seed: int
    stats: tuple[BotStats, BotStats]
    seconds: float

    def table(self) -> str:
        """A summary table in plain text."""
        width = max(10, *(len(s.name) for s in self.stats))
        header = (
            f"{self.game}: {self.matches} matches, seed {self.seed}, seats alternating "
            f"({self.seconds:.0f} s)\n"
            f"{'bot':<{width}} {'wins':>5} {'ties':>5} {'losses':>6} {'win rate':>9} {'95% interval':>16} "
            f"{'points/deal':>12} {'decision ms (median/max)':>26}"
        )
        rows = []
        for s in self.stats:
            low, high = s.interval
            rows.append(
                f"{s.name:<{width}} {s.wins:>5} {s.ties:>5} {s.losses:>6} {s.win_rate:>9.1%} "
                f"{f'{low:.1%} - {high:.1%}':>16} {s.score_per_deal:>12.1f} "
                f"{f'{s.decision_median_ms:.1f} / {s.decision_max_ms:.0f}':>26}"
            )
        return "\n".join([header, *rows])


def _bot_labels(name_a: str, name_b: str) -> tuple[str, str]:
    """How the two bots are named in the results: their own names, or ``name (A)`` and ``name (B)``
    when the names are the same (so that two ``random`` bots can be told apart in the table)."""
    if name_a == name_b:
        return (f"{name_a} (A)", f"{name_b} (B)")
    return (name_a, name_b)


def bot_name(bot: object) -> str:
    """A bot's name: its ``name`` (the rummy bots' level), else its class name."""
    name = getattr(bot, "name", None)
    return name if isinstance(name, str) else type(bot).__name__


def play_match(
    rules: RummyRules, seed: int, seats: list[Bot], rng: random.Random
) -> tuple[Match, list[list[float]]]:
    """Play one match with ``seats[i]`` choosing for seat ``i``; return it and each seat's decision times."""
    match = Match.new(rules, seed)
    times: list[list[float]] = [[] for _ in seats]
    limit = 20_000
    while not match.over:
        seat = match.turn
        view = match.observe(seat)
        start = time.perf_counter()
        action = seats[seat].choose(view, rng)
        times[seat].append(time.perf_counter() - start)
        match.apply(action)
        limit -= 1
        if limit == 0:
            raise RuntimeError(f"match {seed} did not end after 20000 actions")
    return match, times


T = TypeVar("T")


def with_progress(iterable: Iterable[T], total: int, enabled: bool = True, unit: str = "match") -> Iterator[T]:
    """The items of ``iterable``, under a ``tqdm`` progress bar when one is wanted and tqdm is installed."""
    if enabled:
        try:
            from tqdm import tqdm
        except ImportError:
            pass
        else:
            yield from tqdm(iterable, total=total, unit=unit)
            return
    yield from iterable


def run_tournament(
    rules: RummyRules,
    bot_a: Bot,
    bot_b: Bot,
    matches: int,
    seed: int = 1,
    progress: bool = True,
    on_match: Callable[[int, Match], None] | None = None,
) -> TournamentResult:
    """Play ``matches`` matches of ``rules`` between two bots, alternating seats; return the statistics."""
    players = rules.players
    results = {"a": [0, 0, 0], "b": [0, 0, 0]}
    points: dict[str, list[float]] = {"a": [], "b": []}
    times: dict[str, list[float]] = {"a": [], "b": []}
    start = time.perf_counter()
    for i in with_progress(range(matches), matches, progress):
        first = "a" if i % 2 == 0 else "b"
        order = [first if s % 2 == 0 else ("b" if first == "a" else "a") for s in range(players)]
        seats = [bot_a if label == "a" else bot_b for label in order]
        match, seat_times = play_match(rules, seed * 1_000_003 + i, seats, random.Random(f"{seed}:{i}"))
        winners = {rules.team_of(s) for s in range(players) if rules.team_of(s) in match.winners}
        units = {label: {rules.team_of(s) for s in range(players) if order[s] == label} for label in ("a", "b")}
        for label, other in (("a", "b"), ("b", "a")):
            mine, theirs = bool(units[label] & winners), bool(units[other] & winners)
            results[label][0 if mine and not theirs else (1 if mine else 2)] += 1
            for result in match.results:
                points[label] += [result.scores[unit] for unit in units[label]]
            times[label] += [t for s in range(players) if order[s] == label for t in seat_times[s]]
        if on_match is not None:
            on_match(i, match)
    seconds = time.perf_counter() - start

    def stats(label: str, name: str) -> BotStats:
        wins, ties, losses = results[label]
        decisions = times[label]
        return BotStats(
            name,
            matches,
            wins,
            ties,
            losses,
            statistics.fmean(points[label]) if points[label] else 0.0,
            1000 * statistics.median(decisions) if decisions else 0.0,
            1000 * max(decisions) if decisions else 0.0,
            len(decisions),
        )

    name_a, name_b = _bot_labels(bot_name(bot_a), bot_name(bot_b))
    return TournamentResult(rules.name, matches, seed, (stats("a", name_a), stats("b", name_b)), seconds)
