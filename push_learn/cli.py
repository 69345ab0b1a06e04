"""The ``push-learn`` command: one subcommand per module.

Each subcommand lives in its own module, which provides ``add_arguments(parser)`` and
``run(args) -> int``; ``SUBCOMMANDS`` maps the subcommand's name to that module and a one-line help.
A subcommand refuses settings it cannot use by raising ``push_learn.errors.UsageError``: ``main``
prints its sentence and exits with status 2. Adding a subcommand is one line here. Modules are
imported when the parser is built, so keep their top-level imports light (import heavy things
inside ``run``).

    push-learn serve --port 8866      # the dashboards under Voila
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from collections.abc import Sequence
from importlib import import_module

from push_learn.errors import UsageError
from push_learn.records import short

__all__ = ["DEBUG_ENV", "SUBCOMMANDS", "build_parser", "main", "refuse"]

DEBUG_ENV = "PUSH_LEARN_DEBUG"
"""Set to show the traceback of a failure inside push-learn (otherwise one sentence is printed)."""

SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "serve": ("push_learn.apps.serve", "serve the dashboards with Voila (a landing page on http://127.0.0.1:8866/)"),
    "tournament": ("push_learn.cli_tournament", "play two bots against each other over many seeded matches"),
    "hint": ("push_learn.cli_hint", "the coach's advice at a decision point of a saved game record (any game)"),
}
"""Subcommand name -> (module providing add_arguments and run, one-line help)."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(prog="push-learn", description="Learn the Push family of card games.")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, (module_name, help_text) in SUBCOMMANDS.items():
        module = import_module(module_name)
        sub = subparsers.add_parser(name, help=help_text, description=help_text)
        module.add_arguments(sub)
        sub.set_defaults(run=module.run)
    return parser


def refuse(command: str, message: str) -> int:
    """Print a subcommand's complaint about its input to stderr (``push-learn hint: ...``); return 2, the
    exit status for bad input."""
    print(f"push-learn {command}: {message}", file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``push-learn`` with these arguments (the command line by default); return the exit status."""
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args))
    except UsageError as error:  # a subcommand's settings it cannot use: one sentence, status 2
        return refuse(args.command, str(error))
    except KeyboardInterrupt:
        print(f"push-learn {args.command}: stopped", file=sys.stderr)
        return 130
    except Exception as error:  # never a traceback for a student: one sentence, the details on request
        if os.environ.get(DEBUG_ENV):
            traceback.print_exc()
        print(f"push-learn {args.command}: something went wrong inside push-learn ({type(error).__name__}: "
              f"{short(str(error), 200)}); set {DEBUG_ENV}=1 to see the details", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
