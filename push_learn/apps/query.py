"""Reading a dashboard's settings from its page address (``?seed=1234&variant=cap_it&players=5``).

Voila hands the page's query string to the kernel in the ``QUERY_STRING`` environment variable. A
preheated kernel is started before anyone asks for the page, so there it must first wait for the
request (``voila.utils.wait_for_request``); everything imported before that wait is already warm
when the student arrives. Outside Voila (JupyterLab, nbval) the query is empty and defaults apply.

A bad value never breaks the page: it is replaced by the default and a plain note says so.
"""

from __future__ import annotations

import os
import sys
import warnings
from dataclasses import dataclass, field
from urllib.parse import parse_qs

from push_learn.rummy.catalogue import RUMMY_GAMES, VARIANT_ALIASES, rummy_rules, rummy_spec
from push_learn.rummy.rules import RummyRules
from push_learn.seeds import DEFAULT_SEED, MAX_SEED, SeedError, read_seed, whole_number

__all__ = ["DEFAULT_SEED", "MAX_SEED", "Query", "parse_query", "query_string"]



def query_string() -> str:
    """The query part of the address of the page showing this kernel's dashboard, or ``""`` outside Voila.

    In a preheated Voila kernel this blocks until a student's request arrives. If Voila cannot be
    reached the defaults apply; if it closes the connection without a request (it is shutting the kernel
    down), the kernel process ends there.
    """
    if os.environ.get("VOILA_PREHEAT") == "True":
        from voila.utils import wait_for_request  # only a preheated Voila kernel pays for this import

        os.environ.pop("QUERY_STRING", None)
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                wait_for_request()
        except Exception as error:  # the page must still open (with the defaults) if Voila cannot tell us
            print(f"push_learn: the page's address could not be read ({error!r})", file=sys.stderr)
            return ""
        if "QUERY_STRING" not in os.environ:
            if any("Failed to connect" in str(warning.message) for warning in caught):
                print("push_learn: Voila could not be reached for the page's address", file=sys.stderr)
                return ""
            # Voila closed the connection without a request: it is shutting this kernel down. Leave quietly
            # rather than finish a cell whose answer can no longer be sent (a traceback in the server's log).
            os._exit(0)
    return os.environ.get("QUERY_STRING", "")


@dataclass(frozen=True)
class Query:
    """A dashboard's settings read from its address: the seed (the deal number), the game, the players."""

    seed: int = DEFAULT_SEED
    variant: str = "push"
    players: int | None = None
    notes: tuple[str, ...] = field(default=(), compare=False)
    """Sentences about values in the address that were not understood and were replaced by defaults."""
    options: dict[str, str] = field(default_factory=dict, compare=False)
    """The address's other settings, lower-cased names to raw values (each dashboard reads its own)."""

    @property
    def rules(self) -> RummyRules:
        """The rules of the chosen game for the chosen number of players (the game's default if none)."""
        return rummy_rules(self.variant, self.players)

    def __str__(self) -> str:
        """A short description such as ``Cap-It for 5 players, deal number 1234``."""
        rules = self.rules
        return f"{rules.name} for {rules.players} players, deal number {self.seed}"


def parse_query(text: str) -> Query:
    """Read seed, variant and players from a query string; unknown keys are ignored, bad values noted.

    >>> parse_query("seed=42&variant=cap-it&players=5&level=search")
    Query(seed=42, variant='cap_it', players=5, notes=(), options={'players': '5', 'level': 'search'})
    >>> parse_query("seed=abc").notes
    ("In the address, the deal number 'abc' is not a whole number from 0 to 4294967295, so deal number 1 is used.",)
    """
    pairs = parse_qs(text.lstrip("?"), keep_blank_values=True)
    values = {key.lower(): items[-1].strip() for key, items in pairs.items()}
    notes: list[str] = []
    seed = DEFAULT_SEED
    if "seed" in values:
        try:
            seed = read_seed(values["seed"])
        except SeedError as error:
            notes.append(f"In the address, {error}, so deal number {DEFAULT_SEED} is used.")
    variant = "push"
    if "variant" in values:
        raw = values["variant"]
        key = raw.lower().replace("-", "_").replace(" ", "_")
        if key in VARIANT_ALIASES:
            variant = VARIANT_ALIASES[key]
        elif raw.lower() in VARIANT_ALIASES:
            variant = VARIANT_ALIASES[raw.lower()]
        else:
            games = ", ".join(spec.title for spec in RUMMY_GAMES)
            notes.append(f"The game {raw!r} in the address is not one of {games}, so Push is played.")
    players = None
    if "players" in values:
        raw = values["players"]
        spec = rummy_spec(variant)
        low, high = spec.players[0], spec.players[-1]
        count = whole_number(raw, low, high)
        if count in spec.players:
            players = count if low != high else None
        else:
            name = spec.title
            notes.append(
                f"{name} is played by {low} to {high} players, not {raw!r}, so the usual number is used."
                if low != high
                else f"{name} is always played by {low} players, so {raw!r} players is ignored."
            )
    # ``players`` stays among the options too: a dashboard of another game reads it against that game's counts
    options = {key: value for key, value in values.items() if key not in ("seed", "variant")}
    return Query(seed=seed, variant=variant, players=players, notes=tuple(notes), options=options)
