"""Score Sheet: the score pad of a seeded match between computer players, deal by deal.

Choose a deal and the sheet shows the scores as they stood when it was scored, with the penalty of
every card left in the hands at its end.
"""

from __future__ import annotations

from typing import Any

import ipywidgets

from push_learn.apps.base import App
from push_learn.apps.scenarios import deal_end_positions, demo_match
from push_learn.rummy.engine import load_match
from push_learn.widgets import ScoreSheet

__all__ = ["ScoreSheetLab"]


class ScoreSheetLab(App):
    """Score Sheet: read the seeded match's score pad after each deal (``?seed=N&variant=...``)."""

    slug = "score_sheet"

    def build(self) -> ipywidgets.Widget:
        """Deal buttons above a ScoreSheet; the sheet starts at the end of the match."""
        match = demo_match(self.rules, self.query.seed)
        self.record = match.record()
        self.ends = deal_end_positions(match)
        self.sheet = ScoreSheet(match, title=f"{self.rules.name}: the score pad")
        self.chooser = ipywidgets.ToggleButtons(
            options=[(f"After deal {n}", n) for n in range(1, len(self.ends) + 1)],
            value=len(self.ends),
            description="Show",
            tooltips=[f"The sheet as it stood when deal {n} was scored" for n in range(1, len(self.ends) + 1)],
        )
        self.chooser.add_class("pl-deal-chooser")
        self.chooser.observe(self._show_deal, names="value")
        return ipywidgets.VBox([self.chooser, self.sheet])

    def show_deal(self, deal: int) -> None:
        """Show the sheet as it stood when ``deal`` was scored."""
        self.sheet.show(load_match(self.record, self.ends[deal - 1]))

    def _show_deal(self, change: dict[str, Any]) -> None:
        self.show_deal(int(change["new"]))
