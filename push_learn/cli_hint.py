"""``push-learn hint RECORD.json --at N``: the coach's advice for the player to move after N actions.

Only ``argparse``, ``pathlib`` and the command line's ``refuse`` are imported at the top: the engine and the coach
load when it runs.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from push_learn.cli import refuse

__all__ = ["MAX_SAMPLES", "add_arguments", "run"]

MAX_SAMPLES = 5000
"""Most sampled draws ``--samples`` allows: more takes minutes and no longer changes the advice."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``push-learn hint``."""
    parser.add_argument("record", type=Path, help="a match record saved as JSON")
    parser.add_argument("--at", type=int, default=None, help="number of actions played (default: all of them)")
    parser.add_argument(
        "--samples",
        type=int,
        default=40,
        help=f"sampled draws for the take-or-push estimate, 1 to {MAX_SAMPLES} (default %(default)s; "
        "more is slower and hardly changes the advice)",
    )


def run(args: argparse.Namespace) -> int:
    """Print the decision point and the coach's advice; 2 when the record cannot be used."""
    from push_learn.errors import RecordError
    from push_learn.records import read_capped
    from push_learn.rummy.coach import hint
    from push_learn.rummy.engine import load_match, read_match_record

    if not 1 <= args.samples <= MAX_SAMPLES:
        return refuse(
            "hint",
            f"--samples must be between 1 and {MAX_SAMPLES}, not {args.samples} "
            "(more takes long and hardly changes the advice)"
        )
    try:
        # a byte-order mark (some Windows editors add one) is accepted; files past the records' size are refused
        record = read_match_record(read_capped(args.record))  # today's envelope or the older rummy format
        load_match(record)  # every step is checked, not only those up to --at
        at = len(record) if args.at is None else args.at
        match = load_match(record, at)
    except (OSError, RecordError, ValueError) as error:
        return refuse("hint", str(error))
    if match.over:
        print(f"After {at} actions the match is over.")
        return 0
    seat = match.turn
    print(f"After {at} actions: deal {match.deal_no}, {match.names[seat]} to {match.phase.value}.")
    print(f"Hand: {' '.join(str(card) for card in match.hand(seat))}")
    print(hint(record, at, samples=args.samples).text())
    return 0

