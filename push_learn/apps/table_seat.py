"""A seat's page at a class table, for any game the tables play: what the rummy and the stud pages share.

``SharedSeat`` turns a game widget that plays against bots (``PlayTable``, ``PokerTable``) into one seat
of a shared table driven by the table's replica (``push_learn.classroom.tables``): the student's moves
go through the replica (checked, then appended to the store's log), a worker thread polls the table
every ``POLL_S`` seconds and plays a due bot's turn, the title says who sits where, and what a shared
table cannot do (take-back, new deal, change of bots, Save) is refused in words. The page's state is
still built by the widget from ``observe(seat)`` alone.

``TablePokerTable`` is the stud games' seat (Push stud with its options, Screw Your Neighbor),
``TableBragTable`` three-card brag's; ``push_learn.apps.class_tables.TablePlayTable`` is the rummy games'.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any

from push_learn.classroom.errors import ClassroomError
from push_learn.classroom.table_store import TableInfo
from push_learn.classroom.tables import TableReplica
from push_learn.poker.actions import Action
from push_learn.poker.brag import BragGame
from push_learn.poker.stud import StudGame
from push_learn.protocol import SeatAction
from push_learn.widgets.base import IntentError
from push_learn.widgets.brag_table import BragTable
from push_learn.widgets.poker_table import PokerTable

if TYPE_CHECKING:
    from push_learn.widgets.base import PushWidget
    from push_learn.widgets.bot_table import BotTable
    from push_learn.widgets.pacer import Paced

    class _SeatWidget(Paced, PushWidget):
        """What ``SharedSeat`` expects of the widget it is mixed into (for the type checker only)."""

        def status(self, view: Any) -> str:
            """The widget's status line for its seat's ``view``."""
            ...

    class _BotTableWidget(BotTable, PushWidget):
        """What ``SharedBotTable`` expects of the widget it is mixed into (for the type checker only)."""

else:
    _SeatWidget = _BotTableWidget = object

__all__ = ["POLL_S", "TABLE_RULE", "SharedBotTable", "SharedSeat", "TableBragTable", "TablePokerTable", "seat_line"]

POLL_S = 0.25
"""Seconds between two polls of the table by a page's kernel."""
TABLE_RULE = "this table is shared with your classmates: moves cannot be taken back"


def seat_line(info: TableInfo, names: tuple[str, ...], seat: int | None) -> str:
    """Who sits where, in words: ``North: Ann (you) · East: greedy bot · South: Cat · West: Ben (away)``."""
    parts = []
    for place in info.seats:
        if place.student is not None:
            who = place.student + (" (you)" if place.seat == seat else "")
            if info.bot_for(place.seat) is not None:
                who += " (away: a bot plays)"
        elif place.bot is not None:
            who = f"{place.bot} bot"
        else:
            who = "free"
        parts.append(f"{names[place.seat]}: {who}")
    return " · ".join(parts)


class SharedSeat(_SeatWidget):
    """Mixed in before a game widget: the widget's seat at a class table, driven by the table's replica.

    The widget keeps painting from its seat's observation; this mixin feeds it the replica's game,
    polls the table off the kernel's event loop and refuses what a shared table does not allow. The
    widget says how to notice what changed (``_mark``, ``_follow``).
    """

    replica: TableReplica
    lock: threading.RLock
    """Held while the replica is read or changed: by intents on the event loop, and by the poll's thread."""

    def _take_seat(self, replica: TableReplica) -> int:
        """Keep ``replica`` and its lock; the student's seat (refused in words for a spectator)."""
        seat = replica.seat
        if seat is None:
            raise ClassroomError("you do not sit at this table, so there is no seat to play from here")
        self.replica = replica
        self.lock = threading.RLock()
        return seat

    # ---- what the widget says ----------------------------------------------------------------
    def _mark(self) -> int:
        """A count of what the page has shown so far, taken before a poll (to say what is new after it)."""
        raise NotImplementedError

    def _follow(self, before: int) -> None:
        """Point the page at the replica's game again (a reload replaces it) and note what is new since ``before``."""
        raise NotImplementedError

    # ---- polling -----------------------------------------------------------------------------
    @property
    def bots_to_move(self) -> bool:
        """True while the table is not over: the poller runs all the time (it also plays due bots)."""
        return not self.replica.match.over and self.replica.info.status != "over"

    def _resume(self) -> None:
        """Schedule the polls from the kernel's event loop; without one (a script) the owner calls ``_bot_step``,
        since a table that waits for others would otherwise be polled for ever."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return
        if self.bots_to_move:
            self._pacer.start()

    def _bot_step(self) -> bool | Awaitable[bool]:
        """One poll: catch up with the log, play a due bot's turn; repaint when something changed.

        Under the kernel's event loop the poll (requests to the class server, a bot's thinking) runs in a
        worker thread, so the page stays answered meanwhile; only the repaint comes back to the loop.
        """
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return self._repaint(self._mark(), self._poll)
        return self._poll_off_loop(loop)

    async def _poll_off_loop(self, loop: asyncio.AbstractEventLoop) -> bool:
        before = self._mark()
        done: asyncio.Future[bool] = loop.run_in_executor(None, self._poll)
        await asyncio.wait({done})  # its failure, if any, is read (and said) by _repaint
        return self._repaint(before, done.result)

    def _poll(self) -> bool:
        """Catch up with the table and play a due bot's turn; True when the replica changed.

        The replica is held (``lock``) only to change it (and to append a bot's move): the table is read
        from the class server before, and a bot chooses its move on a snapshot of its seat's observation
        after, so a student's click is kept waiting neither by a slow server nor by a searching bot.
        """
        fetched = self.replica.fetch()  # the requests to the class server, without holding the replica
        with self.lock:
            changed = self.replica.catch_up(fetched)
            turn = self.replica.bot_turn()
        if turn is None:
            return changed
        action = turn.choose()
        with self.lock:
            return self.replica.play_bot(turn, action) or changed

    def _repaint(self, before: int, poll: Callable[[], bool]) -> bool:
        """Repaint after ``poll()`` (called here: it may raise); a table out of reach is said in words."""
        try:
            changed = poll()
        except ClassroomError as exc:
            with self.lock:
                self.notify("error", f"the table could not be reached: {exc}")
                self.refresh()
            return self.bots_to_move
        if changed:
            with self.lock:
                self._follow(before)
                self.refresh()
        return self.bots_to_move

    def _play_mine(self, action: SeatAction, before: int) -> None:
        """Check the student's ``action`` on the replica and append it (``replica.play``). When it is not
        appended (the rules, the store or the class server refuse it, another move took the step, the server
        is out of reach) the replica has undone it, and the page follows the replica before the refusal is
        said: it never shows a move the table does not have. ``before`` is ``_mark()`` before the move."""
        try:
            self.replica.play(action)
        except Exception:
            self._follow(before)
            raise

    def handle_intent(self, content: Mapping[str, Any]) -> None:
        """As the widget, holding the replica: a poll in a worker thread waits until the intent is done."""
        with self.lock:
            super().handle_intent(content)

    # ---- the page ----------------------------------------------------------------------------
    def table_title(self, names: tuple[str, ...], seat: int) -> str:
        """``Table 3: you are South — North: Ann · East: greedy bot · ...``."""
        title: str = getattr(self, "title", "")
        return (title or f"Table {self.replica.table_id}: you are {names[seat]}") + (
            " — " + seat_line(self.replica.info, names, seat))

    def shared_state(self, state: dict[str, Any], names: tuple[str, ...], over: bool) -> dict[str, Any]:
        """The widget's page ``state`` as a shared table shows it: never the seed, no take-back, the others
        "thinking" while it is not this seat's turn, no move offered once the teacher gave the seat to a bot
        (the student may watch, not play: D-TBL-08), who sits where in the title, and ``shared``: the page then offers
        none of the controls the table refuses (take-back, new deal, loading, saving, the bots and their speed)."""
        state["seed"] = ""
        state["can_take_back"] = False
        state["shared"] = True  # the page offers none of the controls the table refuses
        if self.replica.seat is None:  # the teacher gave the seat to a bot: its moves would all be refused
            state["my_turn"] = False
            state.update({key: [] for key in ("actions", "choices") if key in state})
        state["thinking"] = not state["my_turn"] and not over
        state["title"] = self.table_title(names, self.seat)
        return state

    def status(self, view: Any) -> str:
        """As the widget says it, unless the teacher paused the table or gave the seat to a bot."""
        return self.paused_status() or super().status(view)

    def paused_status(self) -> str | None:
        """The status line while the teacher has paused the table or given the student's seat to a bot,
        else None."""
        if self.replica.seat is None:
            return "The teacher gave your seat to a bot: you can watch the table, not play."
        return "The teacher paused this table." if self.replica.info.status == "paused" else None

    # ---- what a shared table refuses ---------------------------------------------------------
    @staticmethod
    def _refuse(what: str) -> None:
        raise IntentError(f"no {what} here: {TABLE_RULE}")

    def _takeback(self, _content: Mapping[str, Any]) -> None:
        self._refuse("take-back")

    def _new(self, content: Mapping[str, Any]) -> None:
        self._refuse("new game")

    def _level(self, content: Mapping[str, Any]) -> None:
        self._refuse("change of bots")

    def _speed(self, content: Mapping[str, Any]) -> None:
        self._refuse("change of speed")  # the page's polls of the shared table keep their own pace

    def _save(self, _content: Mapping[str, Any]) -> None:
        raise IntentError("the table's game is kept by the class server; the teacher can open it when it ends")

    def _hint_intent(self, content: Mapping[str, Any]) -> None:
        """The widget's hint, unless the teacher gave the seat to a bot: the page then offers none (the bot
        plays the seat, and the student watches)."""
        if self.replica.seat is None:
            raise IntentError("no hint here: the teacher gave your seat to a bot, so you can watch, not play")
        super()._hint_intent(content)


class SharedBotTable(SharedSeat, _BotTableWidget):
    """``SharedSeat`` for a widget that begins each game with ``BotTable._start`` (``PlayTable``, ``PokerTable``):
    whatever game the widget starts, the page plays the replica's, with no move of the student's to take back."""

    def _start(self, game: Any, mine: list[int]) -> None:
        """Play the replica's game, not ``game`` (the widget's constructor deals one of its own from the seed)."""
        replica = getattr(self, "replica", None)
        super()._start(game if replica is None else replica.match, mine=[])

    def _start_replica_again(self, game: Any) -> bool:
        """Start the replica's game when the page plays another ``game`` (a reload replaced the replica's);
        True when it did."""
        if game is self.replica.match:
            return False
        self._start(self.replica.match, mine=[])
        return True


class TablePokerTable(SharedBotTable, PokerTable):
    """The PokerTable of one seat at a class table of Push stud (its options as the table's rules) or
    Screw Your Neighbor, driven by the table's replica.

    Others' face-down cards stay backs and their declarations stay hidden until all are revealed,
    exactly as at a PokerTable: the page's state is built from the seat's observation. Hint asks the
    coach as at a PokerTable; take-back, new deal, change of bots and Save are refused (the table is
    shared, and the class server keeps its game).
    """

    def __init__(self, replica: TableReplica, **options: Any) -> None:
        seat = self._take_seat(replica)
        game: StudGame = replica.match
        options.setdefault("speed", POLL_S)
        super().__init__(replica.info.game, replica.info.seed, players=len(game.players), seat=seat,
                         level=replica.info.bot_level,
                         roll_your_own=bool(getattr(game.rules, "roll_your_own", False)),
                         substitution=bool(getattr(game.rules, "substitution", False)), **options)

    def _mark(self) -> int:
        """How many actions the page's game had."""
        return len(self.game.actions)

    def _follow(self, before: int) -> None:
        """Point the page at the replica's game (a reload replaces it); the hint goes once the turn has gone."""
        self._start_replica_again(self.game)
        if len(self.game.actions) != before and not self.view.my_turn:
            self._hint = None

    def view_state(self) -> dict[str, Any]:
        """The seat's table (never the seed), who sits where, without take-back."""
        return self.shared_state(super().view_state(), self.game.players, self.game.over)

    def _act(self, content: Mapping[str, Any]) -> None:
        """The student's move: checked by the replica, then appended to the table's log."""
        self._my_view()
        action = Action.from_json(content.get("action"))  # RecordError in words for a garbled action
        before = self._mark()
        self._play_mine(action, before)
        self._hint = None
        self._follow(before)
        self._resume()


class TableBragTable(SharedSeat, BragTable):
    """The BragTable of one seat at a class table of three-card brag, driven by the table's replica.

    The page is built from the seat's observation as at a BragTable: a blind student's own cards stay face
    down until they look, the others' until the engine shows them at a deal's end. The table does not wait
    at a deal's end (D-TBL-19): the next deal begins at once, and the page keeps showing the last showdown
    until the student's first move of the new deal (or until the next showdown). Hint asks the coach as at
    a BragTable; new game, change of bots and Save are refused in words (the table is shared), and a
    BragTable has no take-back.
    """

    def __init__(self, replica: TableReplica, **options: Any) -> None:
        seat = self._take_seat(replica)
        game: BragGame = replica.match
        options.setdefault("speed", POLL_S)
        super().__init__(replica.info.seed, players=len(game.players), seat=seat, level=replica.info.bot_level,
                         hands=game.hands_to_play, **options)

    def _start_session(self, seed: int | str) -> None:
        """The replica's game, its seats named as the table names them (the student's own: "You")."""
        self.seed = seed
        game: BragGame = self.replica.match
        self.names = tuple("You" if s == self.seat else name for s, name in enumerate(game.players))
        self._begin(game)
        self._at = (game.hand_number, len(game.log))

    @property
    def paused(self) -> bool:
        """Never: a shared table goes on to the next deal at once (the page still shows the showdown)."""
        return False

    def _mark(self) -> int:
        """How many actions the page's game had."""
        return len(self.game.actions)

    def _follow(self, before: int) -> None:
        """Point the page at the replica's game (a reload replaces it) and announce what happened since."""
        self.game = self.replica.match
        if len(self.game.actions) != before:
            self._note_events(*self._at)
        self._at = (self.game.hand_number, len(self.game.log))

    def view_state(self) -> dict[str, Any]:
        """The seat's table (never the seed), who sits where, without take-back; the last showdown stays until
        the student's first move after it."""
        state = super().view_state()
        state["show_last"] = state["over"] or len(self.game.results) > self._results_seen
        return self.shared_state(state, self.game.players, self.game.over)

    def _act(self, content: Mapping[str, Any]) -> None:
        """The student's move: checked by the replica, then appended to the table's log."""
        action = self._action_of(content)
        before, seen = self._mark(), len(self.game.results)
        self._play_mine(action, before)
        self._results_seen = seen  # the showdowns before this move are put away; one it brought stays
        self._follow(before)
        self._resume()

    def _continue(self, _content: Mapping[str, Any]) -> None:
        """Put the last showdown away (only on this page: the table never waits at a deal's end)."""
        self._results_seen = len(self.game.results)
