"""Benchmark: the bots' decision times and strength, by tournaments of whole Push matches.

1. Decision time, measured over every decision of the tournaments below: GreedyBot's median
   (target <= 20 ms) and SearchBot's median and worst at its default budget (target <= 1 s),
   with RandomBot's time as the baseline measured in the same run.
2. Strength, seats alternating: GreedyBot against RandomBot (target: GreedyBot wins >= 90%) and
   SearchBot against GreedyBot (target: >= 60%), each with its 95% Wilson interval.

Run: .venv/bin/python benchmarks/bots.py [--matches 400] [--seed 1] [--search-budget SECONDS]
     [--search-samples N] [--search-monte-carlo] [--search-wary WEIGHT] [--search-tight]
     [--search-rule-hold] [--search-plan-discard] [--skip-search | --skip-greedy]

SearchBot's default weighs holding back a met contract against going down now by play-outs on
sampled worlds; --search-rule-hold follows the holding rule instead (no search at all by default
then), --search-plan-discard discards the solver plan's costliest spare card while holding (the
earlier behaviour), --search-monte-carlo also weighs draws and discards by play-outs.
"""

from __future__ import annotations

import argparse

from push_learn.rummy import PUSH
from push_learn.rummy.bots import GreedyBot, RandomBot
from push_learn.rummy.search_bot import SearchBot
from push_learn.rummy.tournament import TournamentResult, run_tournament


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
    parser.add_argument("--search-plan-discard", action="store_true", help="SearchBot's hold discard: the plan's")
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
    search_bot = SearchBot()
    if args.search_budget is not None:
        search_bot.budget = args.search_budget
    if args.search_samples is not None:
        search_bot.samples = args.search_samples
    if args.search_wary is not None:
        search_bot.wary = args.search_wary
    if args.search_tight:
        search_bot.tight = True
    if args.search_rule_hold:
        search_bot.search_hold = False
    if args.search_plan_discard:
        search_bot.keep_hold = False
    if args.search_monte_carlo:
        search_bot.draws = search_bot.discards = True
    search_greedy = run_tournament(PUSH, search_bot, GreedyBot(), args.matches, seed=args.seed + 1)
    print(search_greedy.table())
    search, greedy2 = search_greedy.stats
    ratio = search.decision_median_ms / greedy2.decision_median_ms
    print(
        f"decisions: search median {search.decision_median_ms:.1f} ms, worst {search.decision_max_ms:.0f} ms"
        f" (budget {search_bot.budget:g} s, {search_bot.samples} worlds, target <= 1 s); {ratio:.1f}x greedy's"
        " median in the same run"
    )
    print(verdict(search_greedy, 0.60))


if __name__ == "__main__":
    main()
