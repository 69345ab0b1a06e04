"""``push-learn hint RECORD.json --at N``: the coach's advice for the player to move after N actions, in any game.

Rummy records get the rummy coach's take-or-push estimate and best melds (``--samples`` sampled draws); the poker
family's get their game's coach (``GameSpec.advise``): a stud seat's keep-or-push values or its chances, brag's
sensible move with its reasons, Three Card Poker's exact play-or-fold verdict. The coach reads the seat to
move's own view only.

Only the standard library's ``argparse``, ``pathlib`` and ``random`` and the command line's
``refuse`` are imported at the top: the games and the coaches load when it runs.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path
from typing import TYPE_CHECKING

from push_learn.cli import refuse

if TYPE_CHECKING:
    from push_learn.records import Record

__all__ = ["MAX_SAMPLES", "add_arguments", "run"]

MAX_SAMPLES = 5000
"""Most sampled draws ``--samples`` allows: more takes minutes and no longer changes the advice."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``push-learn hint``."""
    parser.add_argument("record", type=Path, help="a game record saved as JSON (any game's: Save on its table)")
    parser.add_argument("--at", type=int, default=None, help="number of actions played (default: all of them)")
    parser.add_argument(
        "--samples",
        type=int,
        default=40,
        help=f"sampled draws for a rummy take-or-push estimate, 1 to {MAX_SAMPLES} (default %(default)s; "
        "more is slower and hardly changes the advice)",
    )


def run(args: argparse.Namespace) -> int:
    """Print the decision point and the coach's advice; 2 when the record cannot be used."""
    from push_learn.errors import RecordError
    from push_learn.games import read_record, record_spec
    from push_learn.protocol import counted
    from push_learn.records import read_capped

    if not 1 <= args.samples <= MAX_SAMPLES:
        return refuse(
            "hint",
            f"--samples must be between 1 and {MAX_SAMPLES}, not {args.samples} "
            "(more takes long and hardly changes the advice)"
        )
    try:
        # a byte-order mark (some Windows editors add one) is accepted; files past the records' size are refused
        record = read_record(read_capped(args.record))  # today's envelope or an older format
        spec = record_spec(record)
        if spec.advise is None:  # the rummy family: its coach reads the record itself
            return _rummy_hint(record, args.at, args.samples)
        spec.load(record)  # every step is checked, not only those up to --at
        at = len(record) if args.at is None else args.at
        game = spec.load(record.prefix(at))
    except (OSError, RecordError, ValueError) as error:
        return refuse("hint", str(error))
    if game.over:
        print(f"After {counted(at, 'action')} the game is over.")
        return 0
    seat = game.to_move[0]
    print(f"After {counted(at, 'action')}: {spec.title}, {game.players[seat]} to move.")
    for line in spec.advise(game, seat, random.Random(f"hint:{record.seed}:{at}")):
        print(line)
    return 0


def _rummy_hint(record: Record, at: int | None, samples: int) -> int:
    """The rummy family's decision point (the deal, the hand) and the coach's advice from the record."""
    from push_learn.errors import RecordError
    from push_learn.protocol import counted
    from push_learn.rummy.coach import hint
    from push_learn.rummy.engine import load_match

    try:
        load_match(record)  # every step is checked, not only those up to --at
        at = len(record) if at is None else at
        match = load_match(record, at)
    except (RecordError, ValueError) as error:
        return refuse("hint", str(error))
    if match.over:
        print(f"After {counted(at, 'action')} the match is over.")
        return 0
    seat = match.turn
    print(f"After {counted(at, 'action')}: deal {match.deal_no}, {match.names[seat]} to {match.phase.value}.")
    print(f"Hand: {' '.join(str(card) for card in match.hand(seat))}")
    print(hint(record, at, samples=samples).text())
    return 0
