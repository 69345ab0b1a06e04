"""``push-learn tournament``: two bots over many seeded matches, seats alternating, with a summary table.

    push-learn tournament --variant push --bots search,greedy --matches 400 --seed 1

Only ``argparse`` is imported at the top: the engine and the bots load when the command runs.
"""

from __future__ import annotations

import argparse
import math
from typing import Any

from push_learn.cli import refuse

__all__ = ["MATCHES_LIMIT", "add_arguments", "run"]

MATCHES_LIMIT = 100_000
"""The most matches one tournament plays (400, the default, take a few minutes; more only narrows the interval)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``push-learn tournament`` (the games and bot levels are the catalogue's)."""
    from push_learn.rummy.catalogue import BOT_LEVELS, RUMMY_GAMES

    variants = tuple(spec.id for spec in RUMMY_GAMES)
    ranges = ", ".join(f"{spec.title} {spec.players[0]}-{spec.players[-1]}" for spec in RUMMY_GAMES
                       if len(spec.players) > 1)
    parser.add_argument("--variant", choices=variants, default="push", help="the game (default: push)")
    parser.add_argument("--players", type=int, default=None, help=f"players ({ranges})")
    parser.add_argument(
        "--bots", default="search,greedy", help=f"two of {', '.join(BOT_LEVELS)} (default search,greedy)"
    )
    parser.add_argument(
        "--matches", type=int, default=400, help=f"matches to play (default 400, at most {MATCHES_LIMIT:,})"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the first match (default 1)")
    parser.add_argument(
        "--budget", type=float, default=None, help="SearchBot's seconds per decision (a number above 0)"
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    """Play the tournament and print the summary table; 2 on bad options."""
    from push_learn.rummy.catalogue import BOT_LEVELS, make_rummy_bot, rummy_rules
    from push_learn.rummy.rules import RulesError
    from push_learn.rummy.tournament import run_tournament

    names = [name.strip() for name in args.bots.split(",")]
    if len(names) != 2 or any(name not in BOT_LEVELS for name in names):
        return refuse("tournament",
                      f"--bots needs two of {', '.join(BOT_LEVELS)} separated by a comma, not {args.bots!r}")
    if not 1 <= args.matches <= MATCHES_LIMIT:
        return refuse("tournament", f"--matches must be 1 to {MATCHES_LIMIT:,}, not {args.matches}")
    if args.budget is not None and not (math.isfinite(args.budget) and args.budget > 0):
        return refuse("tournament", f"--budget must be a positive number of seconds, not {args.budget}")
    try:
        rules = rummy_rules(args.variant, args.players)
    except RulesError as error:
        return refuse("tournament", str(error))

    def make(name: str) -> Any:
        if name == "search" and args.budget is not None:
            return make_rummy_bot(name, budget=args.budget)
        return make_rummy_bot(name)

    result = run_tournament(
        rules, make(names[0]), make(names[1]), args.matches, seed=args.seed, progress=not args.no_progress
    )
    print(result.table())
    return 0

