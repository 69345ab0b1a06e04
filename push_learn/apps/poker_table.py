"""Push Stud and Screw Your Neighbor: one deal of a push stud game against computer players, in a PokerTable.

The address chooses the deal number (``seed``), the number of players (``players``: 4 to 9 for Push
stud, 3 to 8 for Screw Your Neighbor), the student's seat (``seat``, 0 to players - 1), the computer
players' strength (``level``: ``random`` or ``threshold``), their pace (``speed``: a name or seconds per
move) and, for Push stud, its options (``roll_your_own=1``, ``substitution=1``). A value the game does
not allow is replaced by the default, with a note under the title (D-UI-14, D-UI-18).

**A class assignment** (``?assignment=7``, the link the landing page gives a student whose class has a stud deal
today) plays the class's deal in the first seat ("You" on the page, the student's display name in the record), against
the teacher's choice of bots (``push_learn.apps.class_deal``, D-CLS-06): hints are counted, nothing is taken back, and
the chips won or lost go to the class's leaderboard.
"""

from __future__ import annotations

from typing import Any, ClassVar

from push_learn.apps.base import App
from push_learn.apps.class_deal import ClassDeal, continued, poker_class_deal, shown_deal
from push_learn.apps.play_push import address_speed
from push_learn.apps.poker_settings import address_players, address_seat, class_table_options
from push_learn.games import GAMES
from push_learn.protocol import seat_words
from push_learn.widgets import PokerTable
from push_learn.widgets.poker_table import LEVELS

__all__ = ["ClassPokerTable", "PokerTableApp", "PushStud", "ScrewYourNeighbor"]

YES = ("1", "true", "yes", "on")
NO = ("0", "false", "no", "off")


class ClassPokerTable(ClassDeal, PokerTable):
    """A PokerTable for a class assignment (``ClassDeal``): with ``autoplay`` a bot of the deal's level plays the
    student's seat too."""

    def student_to_move(self) -> bool:
        """Whether the student's seat has a choice to make."""
        return self.seat in self.game.to_move

    def _bot_seats(self) -> list[int]:
        """As a PokerTable; with ``autoplay`` the student's seat too."""
        return list(self.game.to_move) if self.autoplay else super()._bot_seats()


class PokerTableApp(App):
    """A PokerTable dashboard; subclasses name the game (``game``) and the Push stud options they read."""

    game: ClassVar[str] = "push_stud"
    switches: ClassVar[tuple[str, ...]] = ()
    """The game's yes/no options read from the address."""

    def build(self) -> PokerTable:
        """The PokerTable for the address's deal number, table size, seat, bots, pace and options (or the class's
        deal: ``?assignment=N``)."""
        self.deal: dict[str, Any] | None = None
        if self.query.options.get("assignment"):
            table = self._class_table(self.query.options["assignment"])
            if table is not None:
                return table
        self.players = address_players(self, self.game)
        seat = int(address_seat(self, self.players))
        level = self.option("level", LEVELS, GAMES[self.game].default_level)
        switches = {name: self.option(name, YES + NO, "0") in YES for name in self.switches}
        table = PokerTable(game=self.game, seed=self.query.seed, players=self.players, seat=seat, level=level,
                           speed=address_speed(self), title=f"You are {seat_words(seat)}",
                           roll_your_own=switches.get("roll_your_own", False),
                           substitution=switches.get("substitution", False))
        self.variant = table.game.rules.name
        return table

    def _class_table(self, raw: str) -> ClassPokerTable | None:
        """The class's deal for this page's student in the first seat, or None (with a note saying why) to play
        freely."""
        deal = poker_class_deal(self, raw, self.game)
        if deal is None:
            return None
        options = class_table_options(self, deal)
        options.update({name: deal["rules"].get(name) is True for name in self.switches})
        table = continued(lambda: ClassPokerTable(self.game, deal["seed"], **options))
        self.deal = shown_deal(deal)
        self.players = deal["players"]
        self.variant = table.game.rules.name
        return table

    @property
    def subtitle(self) -> str:
        """The game with its options, the number of players and the deal number (for the class's deal: its number
        only)."""
        if self.deal is not None:
            return f"{self.variant} for {self.players} players · the class's deal {self.deal['deal_number']}"
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
