"""``push-learn hint RECORD.json --at N``: the coach's advice for the player to move after N actions.

Only ``argparse`` and ``pathlib`` are imported at the top: the engine and the coach load when it runs.
"""

from __future__ import annotations

import argparse
from pathlib import Path

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``push-learn hint``."""
    parser.add_argument("record", type=Path, help="a match record saved as JSON")
    parser.add_argument("--at", type=int, default=None, help="number of actions played (default: all of them)")
    parser.add_argument("--samples", type=int, default=40, help="sampled draws for the take-or-push estimate")


def run(args: argparse.Namespace) -> int:
    """Print the decision point and the coach's advice; 2 when the record cannot be used."""
    from push_learn.errors import RecordError
    from push_learn.rummy.coach import hint
    from push_learn.rummy.engine import MatchRecord

    if args.samples < 1:
        print("push-learn hint: --samples must be at least 1")
        return 2
    try:
        record = MatchRecord.from_json(args.record.read_text(encoding="utf-8"))
        at = len(record) if args.at is None else args.at
        match = record.replay(at)
    except (OSError, RecordError, ValueError) as error:
        print(f"push-learn hint: {error}")
        return 2
    if match.over:
        print(f"After {at} actions the match is over.")
        return 0
    seat = match.turn
    print(f"After {at} actions: deal {match.deal_no}, {match.names[seat]} to {match.phase.value}.")
    print(f"Hand: {' '.join(str(card) for card in match.hand(seat))}")
    print(hint(record, at, samples=args.samples).text())
    return 0
