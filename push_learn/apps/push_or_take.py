"""Push or Take: the first take-or-push decision of a seeded deal, in a PushChoice.

The up-card, the hand and both options side by side (what taking gives, what pushing sends to the
next player), with the coach's estimate; the student chooses and sees the cards move.
"""

from __future__ import annotations

from push_learn.apps.base import App
from push_learn.widgets import PushChoice
from push_learn.widgets.play_table import LEVELS

__all__ = ["PushOrTake"]


class PushOrTake(App):
    """Push or Take: decide at the deal's first draw (``?seed=N&variant=...&level=greedy``)."""

    slug = "push_or_take"

    def build(self) -> PushChoice:
        """A PushChoice at the first decision of the seeded match (bots of ``level`` play any turn before)."""
        level = self.option("level", tuple(LEVELS), "greedy")
        return PushChoice(self.query.seed, rules=self.rules, level=level, title="Take the up-card or push it?")
