"""A kernel's replica of a class table: the game replayed from the store's log, its student's moves checked
there and appended, bots' turns played by whichever kernel sees them first.

>>> import tempfile
>>> from push_learn.classroom.store import Store
>>> from push_learn.rummy.catalogue import rummy_rules
>>> from push_learn.rummy.engine import rules_to_json
>>> store = Store(folder=tempfile.mkdtemp(), seal_key=None)
>>> code = store.create_class("Year 9").code
>>> for name in ("Ann", "Ben"):
...     _ = store.join(code, name)
>>> table = store.open_table(code, "push", rules_to_json(rummy_rules("push")), 4, seed=5)
>>> _ = store.sit(table.id, "Ann", 0); _ = store.sit(table.id, "Ben", 2)
>>> _ = store.start_table(table.id)               # bots sit in seats 1 and 3
>>> ann = TableReplica(StoreLink(store, "Ann"), table.id)
>>> ben = TableReplica(StoreLink(store, "Ben"), table.id)
>>> while ann.match.to_move[0] != ann.seat and ann.play_bots():   # bots move until it is Ann's turn
...     pass
>>> step = ann.play(ann.match.legal_actions(ann.seat)[0])       # checked by Ann's replica, then appended
>>> ben.poll() and len(ben.match.actions) == len(ann.match.actions)   # Ben's replica sees it
True
>>> store.close()

**Who may append what.** The store only keeps the log in order (a unique step number per table);
the replica checks the rules. A student's kernel appends only its own seat's actions, checked by its
replica first: an action for another seat, out of turn or sent twice is refused in words
(``IllegalAction``). A bot's turn (a bot's seat, or a student idle past the table's limit) may be
appended by any seated student's kernel: the bot's choice depends only on the table's seed and the
step (D-TBL-05), so every kernel would append the same action, and the unique step lets one land.
A kernel that loses a race reloads the log; the student's move is then refused, because the table
moved on while it was chosen (D-TBL-06).
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Mapping
from typing import Any, Protocol

from push_learn.classroom.errors import ClassroomError
from push_learn.classroom.table_games import (
    TABLE_FAMILIES,
    TABLE_GAMES,
    TABLE_OPTIONS,
    table_record,
    table_rules,
    table_seat_names,
    table_spec,
)
from push_learn.classroom.table_store import (
    LoggedAction,
    StepTaken,
    TableInfo,
    table_from_json,
    table_to_json,
)
from push_learn.errors import IllegalAction, PushLearnError
from push_learn.protocol import SeatAction, seat_words

__all__ = [
    "HEARTBEAT_S",
    "TABLE_FAMILIES",
    "TABLE_GAMES",
    "TABLE_OPTIONS",
    "BotTurn",
    "Fetched",
    "ServiceLink",
    "StoreLink",
    "TableLink",
    "TableMoved",
    "TableReplica",
    "bot_rng",
    "table_from_json",
    "table_rules",
    "table_seat_names",
    "table_spec",
    "table_to_json",
]

HEARTBEAT_S = 5.0
"""At most one sign of life per this many seconds goes to the store (the idle limit is far longer)."""
class TableMoved(IllegalAction):
    """The student's move was chosen on a table that has moved on since: another move took that step."""


class TableLink(Protocol):
    """How a replica reaches the store: directly (tests, benchmarks) or through the class service (kernels)."""

    student: str | None
    """The student the link acts for (None: a spectator)."""

    def table(self, table_id: int) -> TableInfo:
        """The table as it is now (seed included: the replica needs it)."""
        ...

    def log(self, table_id: int, since: int) -> list[LoggedAction]:
        """The table's actions from step ``since`` on."""
        ...

    def append(self, table_id: int, step: int, seat: int, action: Mapping[str, Any], *, by_bot: bool,
               ends: bool) -> LoggedAction:
        """Append one action; ``StepTaken`` when another was first."""
        ...

    def seen(self, table_id: int) -> None:
        """A sign of life of the link's student at the table."""
        ...


class StoreLink:
    """A replica's link straight to a ``Store``, acting as ``student`` (tests, benchmarks, the server)."""

    def __init__(self, store: Any, student: str | None) -> None:
        self.store = store
        self.student = student

    def table(self, table_id: int) -> TableInfo:
        """The store's table."""
        info: TableInfo = self.store.table(table_id)
        return info

    def log(self, table_id: int, since: int) -> list[LoggedAction]:
        """The store's log from ``since``."""
        rows: list[LoggedAction] = self.store.table_log(table_id, since)
        return rows

    def append(self, table_id: int, step: int, seat: int, action: Mapping[str, Any], *, by_bot: bool,
               ends: bool) -> LoggedAction:
        """Append in the store."""
        logged: LoggedAction = self.store.append_action(table_id, step, seat, action, by_bot=by_bot, ends=ends)
        return logged

    def seen(self, table_id: int) -> None:
        """Mark the student seen (nothing for a spectator)."""
        if self.student is not None:
            self.store.seen_at_table(table_id, self.student)


class ServiceLink:
    """A dashboard kernel's link: signed requests to the class service, which acts for the kernel's owner.

    The kernel holds no database address; the service checks that its student sits at the table and
    appends only that student's seat's moves or a bot's due turn.
    """

    def __init__(self, student: str | None = None) -> None:
        self.student = student

    @staticmethod
    def _send(action: str, payload: dict[str, Any]) -> dict[str, Any]:
        from push_learn.classroom.client import ServiceError, send

        try:
            return send(f"table_{action}", payload)
        except ServiceError as exc:
            raise ClassroomError(str(exc)) from None

    def table(self, table_id: int) -> TableInfo:
        """The table, seed included (the service gives it to the kernels of its students only)."""
        return table_from_json(self._send("state", {"table": table_id})["table"])

    def log(self, table_id: int, since: int) -> list[LoggedAction]:
        """The log from ``since``."""
        rows = self._send("log", {"table": table_id, "since": since})["log"]
        return [LoggedAction(int(r["step"]), int(r["seat"]), dict(r["action"]), bool(r["by_bot"]), int(r["at_ms"]))
                for r in rows]

    def append(self, table_id: int, step: int, seat: int, action: Mapping[str, Any], *, by_bot: bool,
               ends: bool) -> LoggedAction:
        """Append through the service; ``StepTaken`` when another move was first."""
        reply = self._send("append", {"table": table_id, "step": step, "seat": seat, "action": dict(action),
                                      "by_bot": by_bot, "ends": ends})
        if reply.get("taken"):
            raise StepTaken(table_id, step)
        return LoggedAction(step, seat, dict(action), by_bot, int(reply["at_ms"]))

    def seen(self, table_id: int) -> None:
        """The student's sign of life."""
        self._send("seen", {"table": table_id})


def bot_rng(seed: int, step: int) -> random.Random:
    """The chance a bot uses at ``step`` of a table with ``seed``: the same in every kernel (D-TBL-05)."""
    return random.Random(f"push_learn.table:{seed}:{step}")


class TableReplica:
    """The game of one table, replayed from its log, for the student of ``link`` (or a spectator).

    ``match`` is the whole game (every hand) of any game the catalogue lists for tables (``TABLE_GAMES``),
    started with ``spec.load`` and stepped with the family's action reader: it stays in the kernel, and
    pages get only ``match.observe(seat)``. ``poll()`` catches up with the log; ``play(action)`` checks and appends
    the student's move; ``play_bots()`` appends one bot's turn when one is due.
    """

    def __init__(self, link: TableLink, table_id: int, student: str | None = None) -> None:
        self.link = link
        self.table_id = table_id
        self.student = student if student is not None else getattr(link, "student", None)
        self._bots: dict[str, Any] = {}
        self._last_seen = 0.0
        self.info = link.table(table_id)
        self.spec = table_spec(self.info.game)
        self.match: Any = self._fresh()
        self.sync()

    # ---- following the log -------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        """The student's seat (None for a spectator, or when a bot replaced them)."""
        return None if self.student is None else self.info.seat_of(self.student)

    @property
    def step(self) -> int:
        """The next step number: how many actions the replica has applied."""
        return len(self.match.actions)

    def _fresh(self) -> Any:
        """The table's game before its first action: the catalogue replays a record with no actions."""
        try:
            game = self.spec.load(table_record(self.info.game, self.info.rules, self.info.seed))
        except (PushLearnError, ValueError) as exc:
            raise ClassroomError(f"table {self.table_id}'s game cannot be set up: {exc}") from None
        if len(game.players) != len(self.info.seats):
            raise ClassroomError(f"table {self.table_id} has {len(self.info.seats)} seats but its rules are for "
                                 f"{len(game.players)} players")
        return game

    def reload(self) -> None:
        """Start again from the log (after a lost race, where the replica had applied its own move)."""
        self.info = self.link.table(self.table_id)
        self.match = self._fresh()
        self.sync()

    def sync(self) -> list[LoggedAction]:
        """Apply the log's steps this replica has not applied yet; the steps applied."""
        fresh = self.link.log(self.table_id, self.step)
        self._apply(fresh)
        return fresh

    def _apply(self, rows: list[LoggedAction]) -> None:
        read = self.spec.read_action
        assert read is not None  # TABLE_GAMES holds only games with a reader
        for entry in rows:
            if entry.step != self.step:
                raise ClassroomError(f"the log of table {self.table_id} skips from step {self.step + 1} "
                                     f"to {entry.step + 1}")
            try:
                action = read(dict(entry.action))
                if action.seat != entry.seat:
                    raise IllegalAction(f"it is logged for {seat_words(entry.seat)} but names "
                                        f"{seat_words(action.seat)}")
                self.match.apply(action)
            except (PushLearnError, ValueError) as exc:
                raise ClassroomError(f"step {entry.step + 1} of table {self.table_id} cannot be replayed: "
                                     f"{exc}") from None

    def poll(self) -> bool:
        """Catch up with the table (status, seats, new steps); True when something changed.

        A student's replica also tells the store, at most every ``HEARTBEAT_S`` seconds, that the
        student is here, so no bot takes their turns.
        """
        return self.catch_up(self.fetch())

    def fetch(self) -> Fetched:
        """Read the table and its new steps from the link, leaving the replica as it is (so a page may
        read in a worker thread while its replica stays free), and send the heartbeat when due."""
        if self.student is not None and time.monotonic() - self._last_seen >= HEARTBEAT_S:
            self.link.seen(self.table_id)
            self._last_seen = time.monotonic()
        since = self.step
        info = self.link.table(self.table_id)
        return Fetched(info, self.link.log(self.table_id, since) if info.steps > since else [], since)

    def catch_up(self, fetched: Fetched) -> bool:
        """Apply what ``fetch`` read (steps applied since by this replica are skipped); True when changed."""
        before = (self.info.status, tuple((s.seat, s.student, s.bot) for s in self.info.seats), self.step)
        rows = [row for row in fetched.rows if row.step >= self.step]
        if rows and rows[0].step != self.step:  # the replica was reloaded meanwhile: read again
            rows = self.link.log(self.table_id, self.step)
        if self.step >= fetched.since:
            self.info = fetched.info
        self._apply(rows)
        if self.info.steps < self.step:
            self.info = dataclasses.replace(self.info, steps=self.step)
        after = (self.info.status, tuple((s.seat, s.student, s.bot) for s in self.info.seats), self.step)
        return after != before

    # ---- moving ------------------------------------------------------------------------------
    def refusal(self, action: SeatAction) -> str | None:
        """Why the student may not send ``action`` now, in words; None when they may."""
        if self.info.status != "playing":
            return {"open": "the table has not started yet", "paused": "the teacher paused this table",
                    "over": "this table's game is over"}.get(self.info.status, "the table is not playing")
        seat = self.seat
        if seat is None:
            return "you do not sit at this table, so you can only watch"
        names = self.match.players
        if action.seat != seat:
            other = names[action.seat] if 0 <= action.seat < len(names) else seat_words(action.seat)
            return f"you sit in {names[seat]}; that move is for {other}'s seat"
        try:
            self.match.verify(action)
        except IllegalAction as exc:
            return str(exc)
        return None

    def play(self, action: SeatAction) -> LoggedAction:
        """Check the student's ``action`` on the replica and append it; ``IllegalAction`` says why not.

        When another move took the step first the replica reloads and ``TableMoved`` says so: the
        student looks again at the table as it is now. At a choice several seats make at once (Screw Your
        Neighbor's replace round and declaration) a move that lost the step to another seat's choice of
        the same round is appended at the next step instead: the others' choices stay hidden until all
        are made, so the student's choice was made on what they still see (D-TBL-14).
        """
        seat = self.seat
        if seat is not None and self.info.bot_for(seat) is not None and self.info.seats[seat].bot is None:
            self.link.seen(self.table_id)  # back from being away: the seat is the student's again
            self._last_seen = time.monotonic()
            self.poll()
        reason = self.refusal(action)
        if reason is not None:
            raise IllegalAction(reason)
        while True:
            together = len(self.match.to_move) > 1
            try:
                return self._append(action, by_bot=False)
            except TableMoved:
                if not together or action.seat not in self.match.to_move or self.refusal(action) is not None:
                    raise

    def _append(self, action: SeatAction, *, by_bot: bool) -> LoggedAction:
        step = self.step
        self.match.apply(action)
        try:
            logged = self.link.append(self.table_id, step, action.seat, action.to_json(), by_bot=by_bot,
                                      ends=self.match.over)
        except StepTaken:
            self._forget(step)
            raise TableMoved("another move was played there first, so the table moved on; look again") from None
        except BaseException:
            self._forget(step)  # not appended: the replica forgets the move it applied
            raise
        self.info = dataclasses.replace(self.info, steps=step + 1,
                                        status="over" if self.match.over else self.info.status)
        if self.student is not None and not by_bot:
            self._last_seen = time.monotonic()
        return logged

    def _forget(self, step: int) -> None:
        """Forget the move applied at ``step`` that was not appended: reload from the log, or, when the link
        fails too (the server out of reach), replay the replica's own steps before it, so that the replica never
        holds a move the log does not (it would wait for the others while they wait for it)."""
        applied = self.match.record().actions[:step]
        try:
            self.reload()
        except Exception:  # the append's own failure is the one to say; the next poll catches up
            if self.step > step:
                self.match = self.spec.load(table_record(self.info.game, self.info.rules, self.info.seed, applied))

    def bot_seat(self) -> int | None:
        """The first seat to move that a bot plays now, or None (students' turns, or the table is not playing).

        Several seats move at once only at a simultaneous choice; the bots' seats then choose in seat order.
        """
        if self.info.status != "playing" or self.match.over:
            return None
        return next((seat for seat in self.match.to_move if self.info.bot_for(seat) is not None), None)

    def bot_due(self) -> str | None:
        """The bot level that is to move now, or None (a student's turn, or the table is not playing)."""
        seat = self.bot_seat()
        return None if seat is None else self.info.bot_for(seat)

    def bot_turn(self) -> BotTurn | None:
        """What the due bot needs to choose its move, copied out of the replica (None when no bot is due).

        Choosing may take a while (a searching bot): ``BotTurn.choose`` can run without holding the
        replica, and ``play_bot(turn, action)`` appends the move if the table is still at that step.
        """
        seat = self.bot_seat()
        if seat is None:
            return None
        level = self.info.bot_for(seat)
        assert level is not None
        bot = self._bots.get(level)
        if bot is None:
            make = self.spec.bots.get(level)
            if make is None:
                raise ClassroomError(f"{self.spec.title} has no {level} bots (its bots are "
                                     f"{', '.join(self.spec.bots)})")
            bot = self._bots[level] = make()
        return BotTurn(bot, self.match.observe(seat), self.info.seed, self.step)

    def bot_action(self) -> SeatAction | None:
        """The action the bot to move would take now (the same in every kernel), or None."""
        turn = self.bot_turn()
        return None if turn is None else turn.choose()

    def play_bot(self, turn: BotTurn, action: SeatAction) -> bool:
        """Append the bot's ``action`` chosen for ``turn``, unless the table has moved on since; True when
        the replica moved on (by this append, or by another kernel's)."""
        if self.step != turn.step:
            return True
        if self.bot_due() is None:  # its student came back meanwhile
            return False
        try:
            self._append(action, by_bot=True)
        except TableMoved:
            return True
        return True

    def play_bots(self) -> bool:
        """Append the due bot's action, if any; True when the replica moved on (by this append or,
        after a lost race, by another kernel's)."""
        turn = self.bot_turn()
        return False if turn is None else self.play_bot(turn, turn.choose())


@dataclasses.dataclass(frozen=True)
class Fetched:
    """What a replica's ``fetch`` read: the table, the log's steps from ``since`` on."""

    info: TableInfo
    rows: list[LoggedAction]
    since: int


@dataclasses.dataclass(frozen=True)
class BotTurn:
    """A due bot's turn: the bot, the seat's observation (a snapshot) and the step, seeded by the table."""

    bot: Any
    observation: Any
    seed: int
    step: int

    def choose(self) -> SeatAction:
        """The bot's move (the same in every kernel: its chance is seeded by the table's seed and the step)."""
        action: SeatAction = self.bot.choose(self.observation, bot_rng(self.seed, self.step))
        return action
