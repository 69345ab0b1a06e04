"""The class server's own check of every move a kernel appends to a class table's log.

Each student's kernel checks its moves against its replica before sending them, but the log is what every
replica replays: a move the rules refuse, once logged, would break the table for everyone. So the server
plays each appended move on its own copy of the table's game first and refuses it in the engine's words
when the rules do (D-TBL-21); whether the move ends the game is the server's reading too, not the kernel's.

The server keeps one game per table it has checked, at the step it has reached; a table it has not seen
(after a restart, or a move appended through another server on the same store) is replayed from the log.
One check at a time per table: two kernels appending to the same table wait for each other here, and the
store's unique step still decides which one lands.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from push_learn.classroom.table_games import replay_table, table_spec
from push_learn.classroom.table_store import LoggedAction, TableInfo, TableRefused
from push_learn.errors import PushLearnError
from push_learn.protocol import seat_words

__all__ = ["KEPT_TABLES", "Referee"]

KEPT_TABLES = 256
"""Tables whose game the server keeps between moves (the least recently played are replayed when next met)."""


class Referee:
    """Checks appended moves against each table's game, kept per table between appends."""

    def __init__(self, kept: int = KEPT_TABLES) -> None:
        self.kept = kept
        self._games: OrderedDict[int, tuple[int, Any]] = OrderedDict()
        """Table id -> (the step its game has reached, the game)."""
        self._locks: dict[int, threading.Lock] = {}
        self._guard = threading.Lock()

    def lock(self, table_id: int) -> threading.Lock:
        """The lock held while a move of table ``table_id`` is checked and appended."""
        with self._guard:
            return self._locks.setdefault(table_id, threading.Lock())

    def play(self, info: TableInfo, step: int, seat: int, raw: Mapping[str, Any],
             log: Callable[[], Sequence[LoggedAction]], append: Callable[[bool], LoggedAction]) -> LoggedAction:
        """Check ``raw`` as ``seat``'s move at ``step`` of table ``info``, then ``append(ends)`` it.

        Refused in words (``TableRefused``) when the move cannot be read, is not ``seat``'s, or the rules
        refuse it; the log is then unchanged. A step other than the table's next one goes to ``append``
        unchecked: the store refuses it (or reports it taken). ``log`` reads the table's whole log, for a
        table whose game is not kept.
        """
        with self.lock(info.id):
            game = self._game(info, log) if step == info.steps else None
            if game is None:  # not the next step, or the log has moved on since: the store refuses it in words
                return append(False)
            spec = table_spec(info.game)
            assert spec.read_action is not None  # every table game reads its actions (table_games.TABLE_GAMES)
            try:
                action = spec.read_action(dict(raw))
            except (PushLearnError, ValueError, TypeError, KeyError) as exc:
                raise TableRefused(f"that move cannot be read: {exc}") from None
            if getattr(action, "seat", None) != seat:
                raise TableRefused(f"that move is {_seat_of(action)}'s, not {seat_words(seat)}'s")
            try:
                game.verify(action)
            except PushLearnError as exc:
                raise TableRefused(str(exc)) from None
            with self._guard:
                self._games.pop(info.id, None)  # until the append lands, the kept game is not the log's
            game.apply(action)
            logged = append(bool(game.over))
            with self._guard:
                self._games[info.id] = (step + 1, game)
                while len(self._games) > self.kept:
                    self._games.popitem(last=False)
            return logged

    def _game(self, info: TableInfo, log: Callable[[], Sequence[LoggedAction]]) -> Any:
        """The table's game at its next step: the kept one, else replayed from the log (None when the log holds
        more steps than ``info`` says: another move landed meanwhile)."""
        with self._guard:
            kept = self._games.get(info.id)
            if kept is not None:
                self._games.move_to_end(info.id)
        if kept is not None and kept[0] == info.steps:
            return kept[1]
        rows = log()
        if len(rows) != info.steps:
            return None
        return replay_table(info.game, info.rules, info.seed, [row.action for row in rows])


def _seat_of(action: object) -> str:
    """The seat an action names, in words."""
    seat = getattr(action, "seat", None)
    return seat_words(seat) if isinstance(seat, int) and not isinstance(seat, bool) else "no seat"
