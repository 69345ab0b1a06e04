"""Brag: a session of three-card brag against computer players, in a BragTable.

The address chooses the deal number (``seed``, which fixes every shuffle), the number of players
(``players``, 2 to 8), the student's seat (``seat``), the computer players' level (``level``: random
or sensible) and their pace (``speed``: a name, or seconds per move). A value the game does not
allow is replaced by the default, with a note.

**A class assignment** (``?assignment=7``, the link the landing page gives a student whose class has a brag match
today) plays the class's match in the first seat ("You" on the page, the student's display name in the record),
against the teacher's choice of bots, for the class's number of deals (``push_learn.apps.class_deal``, D-CLS-08):
hints are counted, nothing is dealt afresh, and the chips won or lost go to the class's leaderboard.
"""

from __future__ import annotations

from typing import Any

from push_learn.apps.base import App
from push_learn.apps.class_deal import ClassDeal, continued, poker_class_deal, setup_count, shown_deal
from push_learn.apps.play_push import address_speed
from push_learn.apps.poker_settings import address_players, address_seat, class_table_options
from push_learn.games import GAMES
from push_learn.poker.brag import BragGame
from push_learn.protocol import seat_words
from push_learn.widgets import BragTable
from push_learn.widgets.brag_table import LEVELS

__all__ = ["Brag", "ClassBragTable"]


class ClassBragTable(ClassDeal, BragTable):
    """A BragTable for a class assignment (``ClassDeal``): with ``autoplay`` a bot of the match's level plays the
    student's seat too and the ends of deals do not wait."""

    def _start_session(self, seed: int | str) -> None:
        """The class's match, with a bot for the student's seat too under ``autoplay``."""
        super()._start_session(seed)
        if self.autoplay:
            self._bots[self.seat] = GAMES["brag"].bots[self.level]()

    def _begin(self, game: BragGame) -> None:
        """Show the class's match where the server kept it."""
        super()._begin(self.kept_applied(game))

    def student_to_move(self) -> bool:
        """The student's turn, or a deal's end waiting for them to go on."""
        return not self.game.over and (self.paused or self.game.to_move[0] == self.seat)

    @property
    def paused(self) -> bool:
        """As a BragTable; never under ``autoplay``."""
        return not self.autoplay and super().paused

    @property
    def bots_to_move(self) -> bool:
        """As a BragTable; under ``autoplay`` the student's seat is a bot too."""
        return not self.game.over if self.autoplay else super().bots_to_move


class Brag(App):
    """Brag: one seat against computer players (``?seed=N&players=4&seat=0&level=sensible&speed=fast``)."""

    slug = "brag"

    def build(self) -> BragTable:
        """A BragTable for the seeded session with the address's settings (or the class's match:
        ``?assignment=N``)."""
        self.deal: dict[str, Any] | None = None
        if self.query.options.get("assignment"):
            table = self._class_table(self.query.options["assignment"])
            if table is not None:
                return table
        self.players = address_players(self, "brag")
        seat = int(address_seat(self, self.players))
        level = self.option("level", LEVELS, GAMES["brag"].default_level)
        return BragTable(self.query.seed, players=self.players, seat=seat, level=level, speed=address_speed(self),
                         title=f"You are {seat_words(seat)}")

    def _class_table(self, raw: str) -> ClassBragTable | None:
        """The class's match for this page's student in the first seat, or None (with a note saying why) to play
        freely."""
        deal = poker_class_deal(self, raw, "brag")
        hands = None if deal is None else setup_count(self, deal, "hands", "match", "deals")
        if deal is None or hands is None:
            return None
        table = continued(lambda: ClassBragTable(deal["seed"], hands=hands, **class_table_options(self, deal)))
        self.deal = shown_deal(deal)
        self.players = deal["players"]
        return table

    @property
    def subtitle(self) -> str:
        """The game, the number of players and the deal number (for the class's match: its number only)."""
        if self.deal is not None:
            return f"Three-card brag for {self.players} players · the class's deal {self.deal['deal_number']}"
        return f"Three-card brag for {self.players} players · deal number {self.seed}"
