"""Play Push: a whole match of Push, Cap-It or 6-7-8-9-10 against computer players, in a PlayTable.

The address chooses the game (``variant``), the number of players (``players``, where the game
allows a choice), the computer players' strength (``level``), their pace (``speed``: a name or seconds
per move) and the student's seat (``seat``, 0 to players - 1); the deal number fixes every deal.

**A class assignment** (``?assignment=7``, the link the landing page gives a student who joined a
class) plays the class's deal under the student's display name (``push_learn.apps.class_deal``): the seed
seats the players, hints are counted, nothing is taken back, and the result goes to the class's leaderboard.
"""

from __future__ import annotations

from typing import Any

from push_learn.apps.base import App
from push_learn.apps.class_deal import (
    ClassDeal,
    autoplay_asked,
    bot_names,
    class_deal,
    class_level,
    continued,
    shown_deal,
)
from push_learn.games import GAMES
from push_learn.rummy.engine import Match
from push_learn.widgets import PlayTable
from push_learn.widgets.pacer import SPEEDS
from push_learn.widgets.play_table import LEVELS, default_seat, make_bot

__all__ = ["FASTEST_STEP", "ClassPlayTable", "PlayPush", "address_speed"]

FASTEST_STEP = 0.02
"""The shortest pause between two computer moves that an address may ask for, in seconds."""


def address_speed(app: App) -> str | float:
    """The address's ``speed``: a speed name, or seconds per computer move (``FASTEST_STEP`` to 10); else
    the normal pace, with a note."""
    raw = app.query.options.get("speed", "")
    try:
        seconds = float(raw)
    except ValueError:
        return app.option("speed", tuple(SPEEDS), "normal")
    if FASTEST_STEP <= seconds <= 10:
        return seconds
    app.notes.append(f"A pace of {raw} s per move is outside {FASTEST_STEP} to 10 s, so the normal pace is used.")
    return "normal"


class ClassPlayTable(ClassDeal, PlayTable):
    """A PlayTable for a class assignment (``ClassDeal``): with ``autoplay`` the greedy bot plays the student's
    seat too and deal ends do not wait."""

    def student_to_move(self) -> bool:
        """The student's turn, or a deal's end waiting for their Next deal."""
        return self.match.turn == self.seat or self.paused_at_deal_end

    @property
    def bots_to_move(self) -> bool:
        """As a PlayTable; with ``autoplay`` the student's seat is a bot too."""
        if self.autoplay:
            return not self.match.over
        return super().bots_to_move

    def _record_events(self, before: int, seat_acting: int) -> None:
        super()._record_events(before, seat_acting)
        if self.autoplay:
            self.paused_at_deal_end = False


class PlayPush(App):
    """Play Push: one seat against computer players (``?seed=N&variant=cap_it&level=search&seat=0``)."""

    slug = "play_push"

    def build(self) -> PlayTable:
        """A PlayTable for the seeded match with the address's settings (or the class's deal: ``?assignment=N``)."""
        self.deal: dict[str, Any] | None = None
        if self.query.options.get("assignment"):
            table = self._class_table(self.query.options["assignment"])
            if table is not None:
                return table
        level = self.option("level", tuple(LEVELS), GAMES[self.rules.variant].default_level)
        seat = self._seat()
        speed = self._speed()
        return PlayTable(self.query.seed, rules=self.rules, seat=seat, level=level, speed=speed)

    def _class_table(self, raw: str) -> ClassPlayTable | None:
        """The class's deal for this page's student, or None (with a note saying why) to play freely."""
        from push_learn.rummy.catalogue import rummy_rules

        deal = class_deal(self, raw)
        if deal is None:
            return None
        try:
            rules = rummy_rules(str(deal["variant"]), deal["rules"].get("players"))  # the class's table size
        except (KeyError, ValueError) as error:
            self.notes.append(f"The class's deal could not be opened ({error}); this is a free game.")
            return None
        level = class_level(deal, GAMES[rules.variant])
        seed, student = deal["seed"], deal["student"]
        self.rules = rules
        self.deal = shown_deal(deal)
        players = (student, *bot_names(rules.players - 1))
        seat = Match.new(rules, seed, players).names.index(student)  # the seed seats the players
        autoplay = autoplay_asked(self)
        return continued(lambda: ClassPlayTable(
            seed, assignment=deal["id"], rules=rules, seat=seat,
            level=level, names=players, speed=FASTEST_STEP if autoplay else self._speed(), autoplay=autoplay,
            bots={seat: make_bot("greedy")} if autoplay else None, moves=deal["progress"],
            title=f"Today's deal: {deal['text']}"))

    def _seat(self) -> int:
        """The student's seat: the address's ``seat`` if valid, else South (the last seat with two players)."""
        default = default_seat(self.rules)
        seats = tuple(str(n) for n in range(self.rules.players))
        return int(self.option("seat", seats, str(default)))

    def _speed(self) -> str | float:
        """A speed name, or seconds per computer move (at least ``FASTEST_STEP``)."""
        return address_speed(self)

    @property
    def subtitle(self) -> str:
        """The game, the number of players and the deal number (for the class's deal: its number only)."""
        if self.deal is not None:
            return f"{self.rules.name} for {self.rules.players} players · the class's deal {self.deal['deal_number']}"
        return f"{self.rules.name} for {self.rules.players} players · deal number {self.seed}"
