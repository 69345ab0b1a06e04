"""BotTurns: how a table widget lets its bots take their turns, one move per paced step.

A table widget (``PlayTable``, ``PokerTable``, ``BragTable``) mixes this in instead of ``Paced`` and
fills in a few hooks: which game it plays now, which seat's bot is due, the seat's name, the seat's
bot, and how it applies a bot's move with its own bookkeeping. The step itself is the same everywhere:
the due bot chooses from its own seat's observation; under a running event loop (JupyterLab, Voila) it
thinks in a worker thread, so the page stays answered, and its move is played only if the game is still
where it was; a bot that fails or tries a refused move stops play with a notice that does not quote the
reason (it may name the bot's hidden cards), which is kept in ``bot_error`` instead.

``seat_rngs`` gives each seat its own source of chance, fixed by the game's seed.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable, Sequence
from functools import partial
from typing import Any, Protocol

from push_learn.errors import IllegalAction
from push_learn.protocol import Bot
from push_learn.widgets.pacer import Paced

__all__ = ["BotTurns", "PlayedGame", "seat_rngs"]


def seat_rngs(seed: int | str, seats: int) -> dict[int, random.Random]:
    """Each seat's own source of chance, fixed by the game's ``seed``: the same deal number, the same bots' choices.

    >>> rngs = seat_rngs(7, 3)
    >>> sorted(rngs), rngs[1].random() == random.Random("7:1").random()
    ([0, 1, 2], True)
    """
    return {seat: random.Random(f"{seed}:{seat}") for seat in range(seats)}


class PlayedGame(Protocol):
    """What ``BotTurns`` reads of a game: its actions so far and a seat's observation."""

    @property
    def actions(self) -> Sequence[Any]:
        """Every action applied so far, in order."""
        ...

    def observe(self, seat: int) -> Any:
        """What ``seat`` may know now."""
        ...


class BotTurns(Paced):
    """Mixin for table widgets whose bots play paced turns: ``_bot_step`` is the pacer's step.

    The widget fills in the hooks below (``bots_to_move``, ``_current_game``, ``_due_bot_seat``,
    ``_seat_name``, ``_seat_bot``, ``_apply_bot_move``) and keeps one ``random.Random`` per seat in
    ``_rngs``. ``BOT_FAILED`` and ``BOT_REFUSED`` say in the notice what went wrong; ``BOT_REFUSALS``
    are the errors of ``_apply_bot_move`` (or of a bot choosing without an event loop) that stop play
    rather than propagate.
    """

    BOT_FAILED = "failed to choose a move"
    """What the notice says when a bot's choice raised."""
    BOT_REFUSED = "tried a move the rules refuse"
    """What the notice says when a bot's move was refused."""
    BOT_REFUSALS: tuple[type[Exception], ...] = (IllegalAction,)
    """The errors of playing a bot's move that stop play with a notice."""

    bot_error: Exception | None
    """Why a bot's last move was refused or failed (kept in Python: the reason may name the bot's cards)."""
    _rngs: dict[int, random.Random]
    notify: Callable[[str, str], None]
    refresh: Callable[[], None]

    def start_bot_turns(self, speed: str | float) -> None:
        """Set up the pacer for the bots' turns at ``speed``, with no bot error yet."""
        self.start_pacing(self._bot_step, speed)
        self.bot_error = None

    # ---- what the widget says ----------------------------------------------------------------
    @property
    def bots_to_move(self) -> bool:
        """True when a bot is to move and play is not paused."""
        raise NotImplementedError

    def _current_game(self) -> PlayedGame:
        """The game the widget plays now (a new game, a load or a take-back replaces it)."""
        raise NotImplementedError

    def _due_bot_seat(self) -> int:
        """The seat whose bot moves next (asked only while ``bots_to_move``)."""
        raise NotImplementedError

    def _seat_name(self, seat: int) -> str:
        """The name of ``seat`` as the notices give it."""
        raise NotImplementedError

    def _seat_bot(self, seat: int) -> Bot[Any, Any]:
        """The bot playing ``seat``."""
        raise NotImplementedError

    def _apply_bot_move(self, seat: int, action: Any) -> None:
        """Apply ``seat``'s bot's ``action`` to the game and keep the widget's own account of it."""
        raise NotImplementedError

    # ---- the step ----------------------------------------------------------------------------
    def _resume(self) -> None:
        """Start the pacer when a bot is to move."""
        if self.bots_to_move:
            self._pacer.start()

    def _bot_step(self) -> bool | Awaitable[bool]:
        """One bot move; False when no bot is to move (the page is repainted then).

        Without a running event loop the bot chooses and plays at once; under one it thinks in a worker
        thread and the awaitable returned plays its move when it is ready.
        """
        if not self.bots_to_move:
            self.refresh()
            return False
        game = self._current_game()
        seat = self._due_bot_seat()
        think = partial(self._seat_bot(seat).choose, game.observe(seat), self._rngs[seat])
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return self._play_bot(seat, think)
        return self._think_then_play(loop, game, seat, think)

    async def _think_then_play(
        self, loop: asyncio.AbstractEventLoop, game: PlayedGame, seat: int, think: Callable[[], Any]
    ) -> bool:
        """Let the bot think in a worker thread, then play its move if ``game`` is still where it was."""
        moves = len(game.actions)
        try:
            action = await loop.run_in_executor(None, think)
        except Exception as exc:  # a bot that fails must not leave the table waiting without a word
            return self._bot_stopped(seat, exc, self.BOT_FAILED)
        if game is not self._current_game():
            return False  # a new game, a load or a take-back happened while the bot was thinking (each restarts play)
        if len(game.actions) != moves:  # at a choice made together the student moved meanwhile: the thought is
            return self.bots_to_move  # dropped, and the pacer goes on while bots are still to choose
        return self._play_bot(seat, lambda: action)

    def _play_bot(self, seat: int, think: Callable[[], Any]) -> bool:
        """Play the move ``think()`` gives for ``seat``; True while bots are still to move."""
        try:
            self._apply_bot_move(seat, think())
        except self.BOT_REFUSALS as exc:
            return self._bot_stopped(seat, exc, self.BOT_REFUSED)
        self.refresh()
        return self.bots_to_move

    def _bot_stopped(self, seat: int, exc: Exception, what: str) -> bool:
        """Stop play after a bot's failure. The notice does not quote the reason, which may name the bot's
        hidden cards; it is kept in ``bot_error`` for whoever wrote the bot."""
        self.bot_error = exc
        self.notify("error", f"{self._seat_name(seat)}'s bot {what}; play stops here (its reason is in bot_error).")
        self.refresh()
        return False
