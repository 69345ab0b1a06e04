"""Address settings shared by the poker dashboards: the number of players read against the poker game's own
counts (not the rummy game's), the seat, and how a table seats the student at the class's deal.

``parse_query`` checks ``players`` against the rummy game of the address and keeps the raw value among
the options; a poker dashboard reads it here against its own game and drops the rummy game's note.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import quote

from push_learn.apps.base import App
from push_learn.apps.class_deal import autoplay_asked, bot_names
from push_learn.apps.play_push import FASTEST_STEP, address_speed
from push_learn.apps.query import parse_query
from push_learn.games import GAMES
from push_learn.poker.wording import YOU

__all__ = ["address_players", "address_seat", "class_table_options"]


def address_players(app: App, game_id: str) -> int:
    """The address's ``players`` if ``game_id`` may be played by that many; else its usual count, with a note."""
    spec = GAMES[game_id]
    raw = app.query.options.get("players", "")
    if raw:
        rummy_notes = parse_query(f"variant={quote(app.query.variant)}&players={quote(raw)}").notes
        app.notes = [note for note in app.notes if note not in rummy_notes]
    counts = tuple(str(n) for n in spec.players)
    if raw and raw.strip() not in counts:
        app.notes.append(f"{spec.title} is played by {spec.players_words} players, not {raw!r}, "
                         f"so {spec.default_players} play.")
        return spec.default_players
    return int(raw.strip()) if raw else spec.default_players


def address_seat(app: App, players: int, default: str = "0", extra: tuple[str, ...] = ()) -> str:
    """The address's ``seat``: 0 to ``players`` - 1 or one of ``extra``; else ``default``, with a note."""
    return app.option("seat", (*extra, *(str(n) for n in range(players))), default)


def class_table_options(app: App, deal: Mapping[str, Any]) -> dict[str, Any]:
    """What a poker table of the class's deal (``class_deal.poker_class_deal``) is opened with: the student in the
    first seat, "You" on the page and their display name in what is sent to the server, Bot 1, Bot 2 … of the
    deal's level in the others, the moves the server kept, and with ``autoplay`` (``autoplay_asked``) a bot for the
    student too, at the fastest pace."""
    autoplay, players = autoplay_asked(app), deal["players"]
    return {"assignment": deal["id"], "autoplay": autoplay, "moves": deal["progress"], "players": players, "seat": 0,
            "level": deal["level"], "names": (YOU, *bot_names(players - 1)), "student": deal["student"],
            "speed": FASTEST_STEP if autoplay else address_speed(app), "title": f"Today's deal: {deal['text']}"}
