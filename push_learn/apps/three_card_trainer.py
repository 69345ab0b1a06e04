"""Three Card Poker trainer: Ante/Play and Pair Plus against the dealer, in a ThreeCardTrainer.

The address chooses the deal number (``seed``, which fixes every shuffle of the session), the
paytables (``pair_plus``, such as ``40-30-6-3-1``; ``ante_bonus``, such as ``5-4-1`` or ``none``)
and the first Ante (``ante``). A value the table does not offer is replaced by the default, with a note.
"""

from __future__ import annotations

from push_learn.apps.base import App
from push_learn.poker.three_card_poker import ANTE_BONUS_TABLES, PAIR_PLUS_TABLES
from push_learn.widgets import ThreeCardTrainer
from push_learn.widgets.three_card_trainer import ANTES

__all__ = ["ThreeCardPokerTrainer"]


class ThreeCardPokerTrainer(App):
    """Three Card Poker trainer (``?seed=N&pair_plus=40-30-6-3-1&ante_bonus=5-4-1&ante=5``)."""

    slug = "three_card_trainer"

    def build(self) -> ThreeCardTrainer:
        """A ThreeCardTrainer for the seeded session with the address's paytables and Ante."""
        pair_plus = self.option("pair_plus", tuple(PAIR_PLUS_TABLES), "40-30-6-4-1")
        ante_bonus = self.option("ante_bonus", tuple(ANTE_BONUS_TABLES), "5-4-1")
        ante = int(self.option("ante", tuple(str(n) for n in ANTES), "5"))
        return ThreeCardTrainer(
            self.query.seed, pair_plus=pair_plus, ante_bonus=ante_bonus, ante=ante, title="Your seat"
        )

    @property
    def subtitle(self) -> str:
        """The deal number of the session (it follows "New session")."""
        return f"Three Card Poker against the dealer · deal number {self.seed}"
