"""``push-learn tournament``: two bots over many seeded matches, seats alternating, with a summary table.

    push-learn tournament --variant push --bots search,greedy --matches 400 --seed 1

Only ``argparse`` is imported at the top: the engine and the bots load when the command runs.
"""

from __future__ import annotations

import argparse

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
    parser.add_argument("--budget", type=float, default=None, help="SearchBot's seconds per decision")
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
        print(f"push-learn tournament: --bots needs two of {', '.join(BOTS)} separated by a comma, not {args.bots!r}")
        return 2
    if args.matches < 1:
        print("push-learn tournament: --matches must be at least 1")
        return 2
    if args.budget is not None and args.budget <= 0:
        print("push-learn tournament: --budget must be a positive number of seconds")
        return 2
    try:
        if args.variant == "push":
            if args.players not in (None, 4):
                print(f"push-learn tournament: Push is played by exactly 4 players, not {args.players}")
                return 2
            rules = push()
        elif args.variant == "cap_it":
            rules = cap_it(args.players or 4)
        else:
            rules = six_to_ten(args.players or 2)
    except RulesError as error:
        print(f"push-learn tournament: {error}")
        return 2

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
