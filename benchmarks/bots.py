"""Benchmark: the bots' decision times and strength, by tournaments of whole Push matches.

1. Decision time, measured over every decision of the tournaments below: GreedyBot's median
   (target <= 20 ms) and SearchBot's median and worst at its default budget (target <= 1 s),
   with RandomBot's time as the baseline measured in the same run.
2. Strength, seats alternating: GreedyBot against RandomBot (target: GreedyBot wins >= 90%) and
   SearchBot against GreedyBot (target: >= 60%), each with its 95% Wilson interval.

Run: .venv/bin/python benchmarks/bots.py [--matches 400] [--seed 1] [--search-budget SECONDS]
     [--search-samples N] [--search-monte-carlo] [--search-wary WEIGHT] [--search-tight]
     [--search-rule-hold] [--search-plan-discard] [--skip-search | --skip-greedy]
     [--tournaments N] [--jobs J]

--tournaments N plays N SearchBot-against-GreedyBot tournaments (tournament seeds seed+1 .. seed+N, the
first being the single tournament's) and prints each one and the win rate over all their matches
together; --jobs J plays J of them at once, one process each (decision times then share the machine).

SearchBot's default weighs holding back a met contract against going down now by play-outs on
sampled worlds; --search-rule-hold follows the holding rule instead (no search at all by default
then), --search-plan-discard discards the solver plan's costliest spare card while holding (the
earlier behaviour), --search-monte-carlo also weighs draws and discards by play-outs.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed

from push_learn.rummy import PUSH
from push_learn.rummy.bots import GreedyBot, RandomBot
from push_learn.rummy.rollout import RELEASED_BY
from push_learn.rummy.search_bot import SearchBot
from push_learn.rummy.tournament import TournamentResult, run_tournament, wilson, with_progress


def verdict(result: TournamentResult, target: float) -> str:
    """The win rate of the first bot against the target, with its interval."""
    first = result.stats[0]
    low, high = first.interval
    status = "ok" if first.win_rate >= target else "MISSED"
    return (
        f"{first.name} beats {result.stats[1].name} in {first.win_rate:.1%} of {first.matches} matches "
        f"(95% interval {low:.1%} - {high:.1%}; target >= {target:.0%}: {status})"
    )


def main() -> None:
    """Run both tournaments and print the tables, the decision times and the verdicts."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--search-budget", type=float, default=None, help="SearchBot seconds per decision")
    parser.add_argument("--search-samples", type=int, default=None, help="SearchBot worlds per decision")
    parser.add_argument("--search-monte-carlo", action="store_true", help="SearchBot also searches draws/discards")
    parser.add_argument("--search-wary", type=float, default=None, help="SearchBot wary weight (0: off)")
    parser.add_argument("--search-tight", action="store_true", help="SearchBot tight discards (least distance)")
    parser.add_argument("--search-rule-hold", action="store_true", help="SearchBot holds by rule, no hold search")
    parser.add_argument("--search-released-by", choices=RELEASED_BY, default=None,
                        help="whose go-down ends SearchBot's holding back")
    parser.add_argument("--search-plan-discard", action="store_true", help="SearchBot's hold discard: the plan's")
    parser.add_argument("--tournaments", type=int, default=1, help="SearchBot tournaments (seeds seed+1, seed+2, ...)")
    parser.add_argument("--jobs", type=int, default=1, help="tournaments played at once (one process each)")
    parser.add_argument("--skip-search", action="store_true", help="only GreedyBot against RandomBot")
    parser.add_argument("--skip-greedy", action="store_true", help="only SearchBot against GreedyBot")
    args = parser.parse_args()
    if not args.skip_greedy:
        greedy_random = run_tournament(PUSH, GreedyBot(), RandomBot(), args.matches, seed=args.seed)
        print(greedy_random.table())
        greedy, random_bot = greedy_random.stats
        print(
            f"decisions: greedy median {greedy.decision_median_ms:.1f} ms (worst {greedy.decision_max_ms:.0f} ms,"
            f" target median <= 20 ms), random median {random_bot.decision_median_ms:.2f} ms: greedy is "
            f"{greedy.decision_median_ms / max(random_bot.decision_median_ms, 1e-6):.0f}x the random baseline"
        )
        print(verdict(greedy_random, 0.90))
    if args.skip_search:
        return
    seeds = [args.seed + 1 + i for i in range(args.tournaments)]
    if args.jobs > 1 and len(seeds) > 1:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            futures = [pool.submit(search_tournament, args, seed, False) for seed in seeds]
            done = with_progress(as_completed(futures), len(futures), unit="tournament")
            results = sorted((future.result() for future in done), key=lambda result: result.seed)
    else:
        results = [search_tournament(args, seed, len(seeds) == 1) for seed in seeds]
    settings = make_search_bot(args)
    for result in results:
        print(result.table())
        search, greedy = result.stats
        ratio = search.decision_median_ms / greedy.decision_median_ms
        print(
            f"decisions: search median {search.decision_median_ms:.1f} ms, worst {search.decision_max_ms:.0f} ms"
            f" (budget {settings.budget:g} s, {settings.samples} worlds, target <= 1 s); {ratio:.1f}x greedy's"
            " median in the same run"
        )
        print(verdict(result, 0.60))
    if len(results) > 1:
        print(pooled(results, 0.60))


def make_search_bot(args: argparse.Namespace) -> SearchBot:
    """SearchBot at its defaults, changed by the command line's ``--search-*`` options."""
    bot = SearchBot()
    if args.search_budget is not None:
        bot.budget = args.search_budget
    if args.search_samples is not None:
        bot.samples = args.search_samples
    if args.search_wary is not None:
        bot.wary = args.search_wary
    if args.search_tight:
        bot.tight = True
    if args.search_rule_hold:
        bot.search_hold = False
    if args.search_plan_discard:
        bot.keep_hold = False
    if args.search_released_by is not None:
        bot.released_by = args.search_released_by
    if args.search_monte_carlo:
        bot.draws = bot.discards = True
    return bot


def search_tournament(args: argparse.Namespace, seed: int, progress: bool) -> TournamentResult:
    """One tournament of SearchBot (as the options say) against GreedyBot with tournament seed ``seed``."""
    return run_tournament(PUSH, make_search_bot(args), GreedyBot(), args.matches, seed=seed, progress=progress)


def pooled(results: Sequence[TournamentResult], target: float) -> str:
    """The first bot's win rate over every match of ``results`` together, with its interval and the spread."""
    matches = sum(result.matches for result in results)
    won = sum(result.stats[0].wins + 0.5 * result.stats[0].ties for result in results)
    low, high = wilson(won, matches)
    rates = ", ".join(f"{result.stats[0].win_rate:.1%}" for result in results)
    points = [statistics.fmean(result.stats[i].score_per_deal for result in results) for i in range(2)]
    status = "ok" if won / matches >= target else "MISSED"
    seeds = f"seeds {results[0].seed}-{results[-1].seed}"
    return (
        f"pooled over {len(results)} tournaments ({seeds}, {matches} matches): {results[0].stats[0].name} beats"
        f" {results[0].stats[1].name} in {won / matches:.1%} (95% interval {low:.1%} - {high:.1%}; target >="
        f" {target:.0%}: {status}); per tournament {rates}; points per deal {points[0]:.1f} against {points[1]:.1f}"
    )


if __name__ == "__main__":
    main()
