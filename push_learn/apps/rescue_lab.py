"""Rescue Lab: a real moment of a seeded match when the player to move can rescue a wild card.

The table's melds and that player's hand go into a RescueView: the wild cards the hand can set free
glow; choosing a rescue shows the table and the hand before and after, and it can be made.
"""

from __future__ import annotations

from push_learn.apps.base import App
from push_learn.apps.scenarios import rescue_position
from push_learn.widgets import RescueView

__all__ = ["RescueLab"]


class RescueLab(App):
    """Rescue Lab: rescue wild cards from the table in a position of the seeded match (``?seed=N``)."""

    slug = "rescue_lab"

    def build(self) -> RescueView:
        """A RescueView of the first moment in the seeded match when the player to move may rescue."""
        match = rescue_position(self.rules, self.query.seed)
        if match is None:
            self.position_text = "No rescue came up in the match of this deal number; here is a worked example."
            return RescueView(rules=self.rules, title="A worked example")
        seat = match.turn
        self.position_text = f"Deal {match.deal_no}, move {len(match.actions) + 1}: {match.names[seat]} to play."
        return RescueView.from_match(match, seat, title=f"{match.names[seat]}'s turn: rescue a wild card")

    @property
    def subtitle(self) -> str:
        """The game, the deal number and where in the match the position comes from."""
        return f"{super().subtitle} · {self.position_text}"
