"""Deal Replayer: a whole seeded match between computer players, replayed move by move in a DealStepper.

First / back / next / last, play at a chosen speed, a slider over the moves, every hand open (or one
seat's view), and what-ifs from any point.

From the teacher's dashboard (``?result=N``, a row of an assignment's leaderboard) it replays that
student's game instead: the kernel asks the class server for the record, which it gives only to a
kernel whose page the teacher's browser opened.
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
        """A DealStepper over the record of the seeded demo match (or a student's game: ``?result=N``),
        all hands open, at its first move."""
        raw = self.query.options.get("result", "")
        if raw:
            from push_learn.classroom.client import ServiceError, send
            from push_learn.records import Record

            try:
                record = Record.from_json(str(send("record", {"result": int(raw) if raw.isdigit() else raw})["record"]))
                return DealStepper(record, title=f"The game of {', '.join(record.players or ())}: every move")
            except (ServiceError, KeyError, ValueError) as error:
                self.notes.append(f"That student's game could not be opened ({error}); this is the demo match.")
        record = demo_match(self.rules, self.query.seed).record()
        return DealStepper(record, title=f"{self.rules.name}: every move of the match")
