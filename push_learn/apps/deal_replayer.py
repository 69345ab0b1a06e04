"""Deal Replayer: a whole seeded match between computer players, replayed move by move in a DealStepper.

First / back / next / last, play at a chosen speed, a slider over the moves, every hand open (or one
seat's view), and what-ifs from any point.

From the teacher's dashboard (``?result=N``, a row of an assignment's leaderboard, or ``?table=N``, a
class table) it replays that student's game or that table instead: the kernel asks the class server
for the record, which it gives only to a kernel whose page the teacher's browser opened.
"""

from __future__ import annotations

from push_learn.apps.base import App
from push_learn.apps.scenarios import demo_match
from push_learn.rummy.catalogue import RUMMY_GAMES
from push_learn.widgets import DealStepper

__all__ = ["DealReplayer"]

RUMMY_GAME_IDS = tuple(spec.id for spec in RUMMY_GAMES)
"""The games whose records the Deal Replayer steps through."""


class DealReplayer(App):
    """Deal Replayer: step through the seeded match (``?seed=N&variant=...``), forwards and backwards."""

    slug = "deal_replayer"

    def build(self) -> DealStepper:
        """A DealStepper over the record of the seeded demo match (or ``?result=N`` / ``?table=N``),
        all hands open, at its first move."""
        record = self.class_record(("result", "table"), RUMMY_GAME_IDS)
        if record is not None:
            return DealStepper(record, title=f"The game of {', '.join(record.players or ())}: every move")
        record = demo_match(self.rules, self.query.seed).record()
        return DealStepper(record, title=f"{self.rules.name}: every move of the match")
