"""BotTable: what the tables with take-back share, where a student plays one seat against bots of one level.

``PlayTable`` (the rummy games) and ``PokerTable`` (the push stud games) mix this in instead of ``BotTurns``.
The bots: one bot of the chosen level plays every bot's seat, unless a bot was given for a seat. The start:
a new game, a load and a take-back all begin with ``_start``, which resets the student's moves that may be
taken back, each seat's source of chance (fixed by the game's seed) and the coach's hint. Take-back undoes
the student's last move while it has shown them nothing new and no one has moved since (``TAKE_BACK_NOTE``).

A table fills in three hooks: ``_keep_game`` (keep the game under its own name, reset its own state),
``_make_bot`` (a fresh bot of a level) and ``_taken_back`` (the game before one of the student's moves,
and that move in words).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from push_learn.protocol import Bot
from push_learn.widgets.base import IntentError, intent
from push_learn.widgets.bot_turns import BotTurns, seat_rngs

__all__ = ["TAKE_BACK_NOTE", "BotTable"]

TAKE_BACK_NOTE = (
    "a move cannot be taken back once a card you had not seen has been shown since: your draw after a push, "
    "another player's move, the end of a deal"
)
"""Why take-back stops where it does: the same deal number deals the same cards again, so undoing a move
after seeing what came next would tell the student the stock's order or another player's cards."""


class BotTable(BotTurns):
    """Mixin for a table where the student plays one seat against bots of one level and may take moves back.

    ``start_level_bots`` sets the level, the bots given for chosen seats and the pace; ``bot_for`` is a seat's
    bot; ``_start`` begins a game where it stands; the ``takeback`` intent undoes the student's last move.
    """

    level: str
    """The chosen bot level."""
    _bots: dict[int, Bot[Any, Any]]
    """The bots given for chosen seats."""
    _bot_level: Bot[Any, Any] | None
    """The bot of the chosen level, made when first needed."""
    _mine: list[int]
    """Indices in the game's actions of the student's moves that may still be taken back."""
    _hint: dict[str, Any] | None
    """The coach's answer shown now."""

    def start_level_bots(self, level: str, bots: Mapping[int, Bot[Any, Any]] | None, speed: str | float) -> None:
        """Play the bots' seats with bots of ``level`` (``bots`` given for chosen seats) at ``speed``."""
        self.level = level
        self._bots = dict(bots or {})
        self._bot_level = None
        self.start_bot_turns(speed)

    # ---- what the table fills in -------------------------------------------------------------
    def _keep_game(self, game: Any) -> None:
        """Keep ``game`` as the one the table plays, with whatever else the table resets for it."""
        raise NotImplementedError

    def _make_bot(self, level: str) -> Bot[Any, Any]:
        """A fresh bot of ``level``."""
        raise NotImplementedError

    def _taken_back(self, index: int) -> tuple[Any, str]:
        """The game as it stood before the student's move ``index`` (in the game's actions), and that move in
        words."""
        raise NotImplementedError

    # ---- the bots and the start --------------------------------------------------------------
    def bot_for(self, seat: int) -> Bot[Any, Any]:
        """The bot playing ``seat`` (the chosen level unless a bot was given for that seat)."""
        if seat in self._bots:
            return self._bots[seat]
        if self._bot_level is None:
            self._bot_level = self._make_bot(self.level)
        return self._bot_level

    def _seat_bot(self, seat: int) -> Bot[Any, Any]:
        """The bot playing ``seat`` (``bot_for``)."""
        return self.bot_for(seat)

    def _start(self, game: Any, mine: list[int]) -> None:
        """Play ``game`` from where it stands; ``mine``: the student's moves in it that may still be taken back."""
        self._mine = mine
        self._rngs = seat_rngs(game.seed, len(game.players))
        self._hint = None
        self._keep_game(game)

    @intent("takeback")
    def _takeback(self, _content: Mapping[str, Any]) -> None:
        """Undo the student's last move if it has shown nothing new and no one has moved since (D-UI-08, D-UI-12)."""
        if not self._mine:
            raise IntentError(f"there is no move of yours to take back: {TAKE_BACK_NOTE}")
        self._pacer.stop()
        index = self._mine[-1]
        game, taken = self._taken_back(index)
        self._start(game, mine=self._mine[:-1])
        self.notify("info", f"Taken back: {taken}. Your move again.")
        self._resume()
