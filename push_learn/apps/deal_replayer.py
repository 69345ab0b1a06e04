"""Deal Replayer: a whole seeded match between computer players, replayed move by move in a DealStepper.

First / back / next / last, play at a chosen speed, a slider over the moves, every hand open (or one
seat's view), and what-ifs from any point.
"""

from __future__ import annotations

from push_learn.apps.base import App
from push_learn.apps.scenarios import demo_match
from push_learn.widgets import DealStepper

__all__ = ["DealReplayer"]


class DealReplayer(App):
    """Deal Replayer: step through the seeded match (``?seed=N&variant=...``), forwards and backwards."""

    slug = "deal_replayer"

    def build(self) -> DealStepper:
        """A DealStepper over the record of the seeded demo match, all hands open, at its first move."""
        record = demo_match(self.rules, self.query.seed).record()
        return DealStepper(record, title=f"{self.rules.name}: every move of the match")
