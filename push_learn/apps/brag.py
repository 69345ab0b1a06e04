"""Brag: a session of three-card brag against computer players, in a BragTable.

The address chooses the deal number (``seed``, which fixes every shuffle), the number of players
(``players``, 2 to 8), the student's seat (``seat``), the computer players' level (``level``: random
or sensible) and their pace (``speed``: a name, or seconds per move). A value the game does not
allow is replaced by the default, with a note.
"""

from __future__ import annotations

from push_learn.apps.base import App
from push_learn.apps.play_push import address_speed
from push_learn.apps.poker_settings import address_players, address_seat
from push_learn.protocol import seat_words
from push_learn.widgets import BragTable
from push_learn.widgets.brag_table import LEVELS

__all__ = ["Brag"]


class Brag(App):
    """Brag: one seat against computer players (``?seed=N&players=4&seat=0&level=sensible&speed=fast``)."""

    slug = "brag"

    def build(self) -> BragTable:
        """A BragTable for the seeded session with the address's settings."""
        self.players = address_players(self, "brag")
        seat = int(address_seat(self, self.players))
        level = self.option("level", LEVELS, "sensible")
        return BragTable(self.query.seed, players=self.players, seat=seat, level=level, speed=address_speed(self),
                         title=f"You are {seat_words(seat)}")

    @property
    def subtitle(self) -> str:
        """The game, the number of players and the deal number."""
        return f"Three-card brag for {self.players} players · deal number {self.seed}"
