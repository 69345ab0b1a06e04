"""``push-learn tournament``: two bots over many seeded matches, seats alternating, with a summary table.

    push-learn tournament --variant push --bots search,greedy --matches 400 --seed 1

Only ``argparse`` is imported at the top: the engine and the bots load when the command runs.
"""

from __future__ import annotations

import argparse
import math

from push_learn.cli import refuse

__all__ = ["BOTS", "add_arguments", "run"]

BOTS = ("random", "greedy", "search")
VARIANTS = ("push", "cap_it", "six_to_ten")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``push-learn tournament``."""
    parser.add_argument("--variant", choices=VARIANTS, default="push", help="the game (default: push)")
    parser.add_argument("--players", type=int, default=None, help="players (Cap-It 3-6, 6-7-8-9-10 2-4)")
    parser.add_argument("--bots", default="search,greedy", help="two of random, greedy, search (default search,greedy)")
    parser.add_argument("--matches", type=int, default=400, help="matches to play (default 400)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first match (default 1)")
    parser.add_argument(
        "--budget", type=float, default=None, help="SearchBot's seconds per decision (a number above 0)"
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    """Play the tournament and print the summary table; 2 on bad options."""
    from push_learn.rummy import cap_it, push, six_to_ten
    from push_learn.rummy.bots import GreedyBot, RandomBot
    from push_learn.rummy.rules import RulesError
    from push_learn.rummy.search_bot import SearchBot
    from push_learn.rummy.tournament import run_tournament

    names = [name.strip() for name in args.bots.split(",")]
    if len(names) != 2 or any(name not in BOTS for name in names):
        return refuse("tournament", f"--bots needs two of {', '.join(BOTS)} separated by a comma, not {args.bots!r}")
    if args.matches < 1:
        return refuse("tournament", "--matches must be at least 1")
    if args.budget is not None and not (math.isfinite(args.budget) and args.budget > 0):
        return refuse("tournament", f"--budget must be a positive number of seconds, not {args.budget}")
    try:
        if args.variant == "push":
            if args.players not in (None, 4):
                return refuse("tournament", f"Push is played by exactly 4 players, not {args.players}")
            rules = push()
        elif args.variant == "cap_it":
            rules = cap_it(4 if args.players is None else args.players)
        else:
            rules = six_to_ten(2 if args.players is None else args.players)
    except RulesError as error:
        return refuse("tournament", str(error))

    def make(name: str) -> RandomBot | GreedyBot | SearchBot:
        if name == "random":
            return RandomBot()
        if name == "greedy":
            return GreedyBot()
        return SearchBot() if args.budget is None else SearchBot(budget=args.budget)

    result = run_tournament(
        rules, make(names[0]), make(names[1]), args.matches, seed=args.seed, progress=not args.no_progress
    )
    print(result.table())
    return 0

