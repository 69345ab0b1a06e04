"""Three Card Poker trainer: Ante/Play and Pair Plus against the dealer, in a ThreeCardTrainer.

The address chooses the deal number (``seed``, which fixes every shuffle of the session), the
paytables (``pair_plus``, such as ``40-30-6-3-1``; ``ante_bonus``, such as ``5-4-1`` or ``none``)
and the first Ante (``ante``). A value the table does not offer is replaced by the default, with a note.

**In a class** (the page opened from a class server by a browser that joined a class on the landing
page) the student plays under their display name, and after every settled round the kernel seals the
session's record (hints counted in its notes) and posts it: the store replays it, marks every choice
against the exact strategy and keeps the session, up to date, for the teacher's dashboard and the CSV
export (decision D-CLS-01). Every round is kept as it is settled, so a reload or a new session never
takes a choice back.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Mapping
from typing import Any

from push_learn.apps.base import App
from push_learn.poker.three_card_poker import ANTE_BONUS_TABLES, PAIR_PLUS_TABLES, Fold, PlaceBets, Play
from push_learn.records import seal_key_from_env
from push_learn.widgets import ThreeCardTrainer
from push_learn.widgets.three_card_trainer import ANTES

__all__ = ["ClassThreeCardTrainer", "ThreeCardPokerTrainer"]


class ClassThreeCardTrainer(ThreeCardTrainer):
    """A ThreeCardTrainer whose sessions are kept by the class server: each settled round posts the sealed session."""

    def __init__(self, seed: int | str = 1, **options: Any) -> None:
        self.hints_used = 0
        self.token = secrets.token_hex(16)
        self.posted: dict[str, Any] | None = None
        """The service's answer to the last post (``{"error": ...}`` when it was refused)."""
        super().__init__(seed, **options)

    def _start(self, seed: int | str) -> None:
        """A new session, under a fresh name of its own (the one before stays kept as it was)."""
        super()._start(seed)
        self.hints_used = 0
        self.token = secrets.token_hex(16)

    def apply(self, action: PlaceBets | Play | Fold) -> None:
        """As a ThreeCardTrainer; once a round is settled, the session so far is posted."""
        settled = len(self.game.results)
        super().apply(action)
        if len(self.game.results) > settled:
            self.posted = self.post_session()
            if "error" in self.posted:
                self.notify("refused", f"Your session was not recorded: {self.posted['error']}")

    def post_session(self) -> dict[str, Any]:
        """Seal the session's record (hints in its notes) with the server's key and post it for this page's student."""
        from push_learn.classroom.client import ServiceError, send

        key = seal_key_from_env()
        if key is None:
            return {"error": "this page was not opened from a class server"}
        record = dataclasses.replace(self.game.record(), notes={"hints": self.hints_used}).sealed(key)
        try:
            return send("session", {"token": self.token, "record": record.to_json()})
        except ServiceError as error:
            return {"error": str(error)}

    def _hint(self, content: Mapping[str, Any]) -> None:
        super()._hint(content)
        self.hints_used += 1


class ThreeCardPokerTrainer(App):
    """Three Card Poker trainer (``?seed=N&pair_plus=40-30-6-3-1&ante_bonus=5-4-1&ante=5``)."""

    slug = "three_card_trainer"

    def build(self) -> ThreeCardTrainer:
        """A ThreeCardTrainer for the seeded session with the address's paytables and Ante (a class's student's
        sessions are kept by the class server)."""
        pair_plus = self.option("pair_plus", tuple(PAIR_PLUS_TABLES), "40-30-6-4-1")
        ante_bonus = self.option("ante_bonus", tuple(ANTE_BONUS_TABLES), "5-4-1")
        ante = int(self.option("ante", tuple(str(n) for n in ANTES), "5"))
        student = self._student()
        if student is not None:
            return ClassThreeCardTrainer(self.query.seed, pair_plus=pair_plus, ante_bonus=ante_bonus, ante=ante,
                                         title=f"{student}'s seat (your sessions go to your class)", player=student)
        return ThreeCardTrainer(
            self.query.seed, pair_plus=pair_plus, ante_bonus=ante_bonus, ante=ante, title="Your seat"
        )

    def _student(self) -> str | None:
        """The display name of the class student whose browser opened this page, or None (a free session, said by
        the title: a class's trainer names the student's seat)."""
        from push_learn.classroom.client import ServiceError, configured, send

        if not configured():
            return None
        try:
            return str(send("student", {})["student"])
        except (ServiceError, KeyError):  # most often: this browser has not joined a class (a free session)
            return None

    @property
    def subtitle(self) -> str:
        """The deal number of the session (it follows "New session")."""
        return f"Three Card Poker against the dealer · deal number {self.seed}"
