"""Play Push: a whole match of Push, Cap-It or 6-7-8-9-10 against computer players, in a PlayTable.

The address chooses the game (``variant``), the number of players (``players``, where the game
allows a choice), the computer players' strength (``level``), their pace (``speed``: a name or seconds
per move) and the student's seat (``seat``, 0 to players - 1); the deal number fixes every deal.
"""

from __future__ import annotations

from push_learn.apps.base import App
from push_learn.widgets import PlayTable
from push_learn.widgets.pacer import SPEEDS
from push_learn.widgets.play_table import LEVELS, default_seat

__all__ = ["PlayPush"]

FASTEST_STEP = 0.02
"""The shortest pause between two computer moves that an address may ask for, in seconds."""


class PlayPush(App):
    """Play Push: one seat against computer players (``?seed=N&variant=cap_it&level=search&seat=0``)."""

    slug = "play_push"

    def build(self) -> PlayTable:
        """A PlayTable for the seeded match with the address's settings."""
        level = self.option("level", tuple(LEVELS), "greedy")
        seat = self._seat()
        speed = self._speed()
        return PlayTable(self.query.seed, rules=self.rules, seat=seat, level=level, speed=speed)

    def _seat(self) -> int:
        """The student's seat: the address's ``seat`` if valid, else South (the last seat with two players)."""
        default = default_seat(self.rules)
        seats = tuple(str(n) for n in range(self.rules.players))
        return int(self.option("seat", seats, str(default)))

    def _speed(self) -> str | float:
        """A speed name, or seconds per computer move (at least ``FASTEST_STEP``)."""
        raw = self.query.options.get("speed", "")
        try:
            seconds = float(raw)
        except ValueError:
            return self.option("speed", tuple(SPEEDS), "normal")
        if FASTEST_STEP <= seconds <= 10:
            return seconds
        self.notes.append(f"A pace of {raw} s per move is outside {FASTEST_STEP} to 10 s, so the normal pace is used.")
        return "normal"

    @property
    def subtitle(self) -> str:
        """The game, the number of players and the deal number (it follows the "New game" box)."""
        return f"{self.rules.name} for {self.rules.players} players · deal number {self.seed}"
