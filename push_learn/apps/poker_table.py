"""Push Stud and Screw Your Neighbor: one deal of a push stud game against computer players, in a PokerTable.

The address chooses the deal number (``seed``), the number of players (``players``: 4 to 9 for Push
stud, 3 to 8 for Screw Your Neighbor), the student's seat (``seat``, 0 to players - 1), the computer
players' strength (``level``: ``random`` or ``threshold``), their pace (``speed``: a name or seconds per
move) and, for Push stud, its options (``roll_your_own=1``, ``substitution=1``). A value the game does
not allow is replaced by the default, with a note under the title (D-UI-14, D-UI-18).
"""

from __future__ import annotations

from typing import ClassVar

from push_learn.apps.base import App
from push_learn.apps.play_push import address_speed
from push_learn.apps.poker_settings import address_players, address_seat
from push_learn.protocol import seat_words
from push_learn.widgets import PokerTable
from push_learn.widgets.poker_table import LEVELS

__all__ = ["PokerTableApp", "PushStud", "ScrewYourNeighbor"]

YES = ("1", "true", "yes", "on")
NO = ("0", "false", "no", "off")


class PokerTableApp(App):
    """A PokerTable dashboard; subclasses name the game (``game``) and the Push stud options they read."""

    game: ClassVar[str] = "push_stud"
    switches: ClassVar[tuple[str, ...]] = ()
    """The game's yes/no options read from the address."""

    def build(self) -> PokerTable:
        """The PokerTable for the address's deal number, table size, seat, bots, pace and options."""
        self.players = address_players(self, self.game)
        seat = int(address_seat(self, self.players))
        level = self.option("level", LEVELS, "threshold")
        switches = {name: self.option(name, YES + NO, "0") in YES for name in self.switches}
        table = PokerTable(game=self.game, seed=self.query.seed, players=self.players, seat=seat, level=level,
                           speed=address_speed(self), title=f"You are {seat_words(seat)}",
                           roll_your_own=switches.get("roll_your_own", False),
                           substitution=switches.get("substitution", False))
        self.variant = table.game.rules.name
        return table

    @property
    def subtitle(self) -> str:
        """The game with its options, the number of players and the deal number."""
        return f"{self.variant} for {self.players} players · deal number {self.seed}"


class PushStud(PokerTableApp):
    """Push stud (``?seed=N&players=5&seat=0&level=threshold&roll_your_own=1&substitution=1``)."""

    slug = "push_stud"
    game = "push_stud"
    switches = ("roll_your_own", "substitution")


class ScrewYourNeighbor(PokerTableApp):
    """Screw Your Neighbor (``?seed=N&players=6&seat=2&level=random&speed=fast``)."""

    slug = "screw_your_neighbor"
    game = "screw"
