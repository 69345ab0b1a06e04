"""Class tables on a student's page: a lobby of the class's open tables, then the PlayTable of their seat.

The page's kernel holds the table's replica (``push_learn.classroom.tables``): the whole game, replayed
from the store's log, stays in the kernel; the page is a ``TablePlayTable``, a PlayTable whose state
is built from ``observe(seat)`` only, so each page receives its own seat's observation and nothing
else. The replica is polled every ``POLL_S`` seconds (short polling), in a worker thread so that the
kernel's event loop stays free for the student's clicks: others' moves appear as they happen, and when a
bot's turn is due (a bot's seat, or an absent student's) this kernel may play it.

The lobby is made of plain Jupyter widgets (buttons with labels, a choice of game and bots): the open
tables of the class with their free seats, a button per free seat, and "start a table"; a student who
already sits at a table (a reopened page, a kernel that crashed) goes straight back to their seat.
"""

from __future__ import annotations

import asyncio
import html
import threading
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import ipywidgets

from push_learn.apps.base import App
from push_learn.classroom.errors import ClassroomError
from push_learn.classroom.table_store import TableInfo
from push_learn.classroom.tables import ServiceLink, TableLink, TableMoved, TableReplica
from push_learn.errors import IllegalAction
from push_learn.rummy.engine import Match
from push_learn.widgets import PlayTable
from push_learn.widgets.base import IntentError
from push_learn.widgets.coach_json import refusal_help
from push_learn.widgets.moves import action_in

__all__ = ["POLL_S", "TABLE_RULE", "ClassTables", "Lobby", "TablePlayTable", "seat_line"]

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


class TablePlayTable(PlayTable):
    """The PlayTable of one seat at a class table, driven by the table's replica.

    The student's moves go through the replica (checked, then appended to the store's log); every
    ``POLL_S`` seconds the replica catches up with the others' moves and plays a due bot's turn. No
    take-back, new game, loading or change of bots: the table is shared.
    """

    def __init__(self, replica: TableReplica, **options: Any) -> None:
        seat = replica.seat
        if seat is None:
            raise ClassroomError("you do not sit at this table, so there is no seat to play from here")
        self.replica = replica
        self.lock = threading.RLock()
        """Held while the replica is read or changed: by intents on the event loop, and by the poll's thread."""
        options.setdefault("speed", POLL_S)
        super().__init__(replica.info.seed, rules=replica.match.rules, seat=seat, level=replica.info.bot_level,
                         **options)

    def _start(self, match: Match, mine: list[int]) -> None:
        replica = getattr(self, "replica", None)
        super()._start(match if replica is None else replica.match, mine=[])

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
        super()._resume()

    def _follow(self, before: int) -> None:
        """Point the page at the replica's game again (a reload replaces it) and note the new events."""
        if self.match is not self.replica.match:
            super()._start(self.replica.match, mine=[])
            before = len(self.match.events)
        if len(self.match.events) > before:
            seat_acting = self.match.actions[-1].seat if self.match.actions else self.seat
            self._record_events(before, seat_acting)

    def _record_events(self, before: int, seat_acting: int) -> None:
        super()._record_events(before, seat_acting)
        self.paused_at_deal_end = False  # a shared table does not wait at a deal's end

    def _bot_step(self) -> bool | Awaitable[bool]:
        """One poll: catch up with the log, play a due bot's turn; repaint when something changed.

        Under the kernel's event loop the poll (requests to the class server, a bot's thinking) runs in a
        worker thread, so the page stays answered meanwhile; only the repaint comes back to the loop.
        """
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            before = len(self.match.events)
            return self._repaint(before, self._poll)
        return self._poll_off_loop(loop)

    async def _poll_off_loop(self, loop: asyncio.AbstractEventLoop) -> bool:
        before = len(self.match.events)
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

    def handle_intent(self, content: Mapping[str, Any]) -> None:
        """As a PlayTable, holding the replica: a poll in a worker thread waits until the intent is done."""
        with self.lock:
            super().handle_intent(content)

    def status(self, view: Any) -> str:
        """As a PlayTable, with the table's pause and whose move it is."""
        if self.replica.info.status == "paused":
            return "The teacher paused this table."
        return super().status(view)

    def view_state(self) -> dict[str, Any]:
        """The seat's table (never the seed), who sits where, without take-back."""
        state = super().view_state()
        state["seed"] = ""
        state["can_take_back"] = False
        state["thinking"] = not self.view.my_turn and not self.view.over
        names = self.match.names
        state["title"] = (self.title or f"Table {self.replica.table_id}: you are {names[self.seat]}") + (
            " — " + seat_line(self.replica.info, names, self.seat))
        return state

    def _act(self, content: Mapping[str, Any]) -> None:
        """The student's move: checked by the replica, then appended to the table's log."""
        view = self._my_view()
        action = action_in(content)
        before = len(self.match.events)
        try:
            self.replica.play(action)
        except TableMoved:
            self._follow(before)
            raise
        except IllegalAction:
            self._help = refusal_help(view, action)
            raise
        self.composer.clear()
        self._hint = None
        self._follow(before)
        self._resume()

    @staticmethod
    def _refuse(what: str) -> None:
        raise IntentError(f"no {what} here: {TABLE_RULE}")

    def _takeback(self, _content: Mapping[str, Any]) -> None:
        self._refuse("take-back")

    def _new(self, content: Mapping[str, Any]) -> None:
        self._refuse("new game")

    def _load(self, content: Mapping[str, Any]) -> None:
        self._refuse("loading")

    def _level(self, content: Mapping[str, Any]) -> None:
        self._refuse("change of bots")

    def _continue(self, _content: Mapping[str, Any]) -> None:
        """Nothing to continue: a shared table never waits at a deal's end."""

    def _save(self, _content: Mapping[str, Any]) -> None:
        raise IntentError("the table's game is kept by the class server; the teacher can open it when it ends")


class Lobby:
    """The lobby: the class's open tables, a button for each free seat, and a form to start a table.

    ``link`` is the kernel's ``ServiceLink`` (tests give a store's); ``open_table`` is called with the
    replica of the table the student sits at, to show its PlayTable.
    """

    def __init__(self, send: Callable[[str, dict[str, Any]], dict[str, Any]], link: TableLink,
                 open_table: Callable[[TableReplica], None]) -> None:
        self.send = send
        self.link = link
        self.open_table = open_table
        self.message = ipywidgets.HTML()
        self.rows = ipywidgets.VBox()
        self.game = ipywidgets.Dropdown(options=[("Push", "push"), ("Cap-It", "cap_it"), ("6-7-8-9-10", "six_to_ten")],
                                        description="Game")
        self.level = ipywidgets.Dropdown(options=[("Random bots", "random"), ("Greedy bots", "greedy"),
                                                  ("Searching bots", "search")], value="greedy", description="Bots")
        self.new_button = ipywidgets.Button(description="Open a new table", tooltip="Open a table and sit at it")
        self.new_button.on_click(lambda _b: self._guard(self._new))
        self.refresh_button = ipywidgets.Button(description="Refresh", tooltip="Show the tables as they are now")
        self.refresh_button.on_click(lambda _b: self._guard(self.refresh))
        self.view = ipywidgets.VBox([self.message, self.rows,
                                     ipywidgets.HBox([self.game, self.level, self.new_button]), self.refresh_button])
        self.view.add_class("pl-lobby")
        self.refresh()

    def _guard(self, call: Callable[[], None]) -> None:
        try:
            call()
        except (ClassroomError, IllegalAction) as exc:
            self.message.value = f'<p class="pl-lobby-error" role="alert">{html.escape(str(exc))}</p>'

    def refresh(self) -> None:
        """Read the class's open tables; a student already seated goes back to their seat."""
        answer = self.send("lobby", {})
        student = answer.get("student")
        if self.link.student is None:
            self.link.student = student  # the service says whom this kernel's page belongs to
        rows: list[ipywidgets.Widget] = []
        for table in answer.get("tables", []):
            mine = any(seat["student"] == student for seat in table["seats"])
            if mine:
                self._sit(int(table["id"]), None)
                return
            rows.append(self._row(table))
        self.rows.children = tuple(rows) or (ipywidgets.HTML("<p>No table is open yet: open one below.</p>"),)

    def _row(self, table: Mapping[str, Any]) -> ipywidgets.Widget:
        from push_learn.rummy.engine import seat_names

        names = seat_names(len(table["seats"]))
        who = ", ".join(f"{names[s['seat']]}: {s['student'] or (s['bot'] + ' bot' if s['bot'] else 'free')}"
                        for s in table["seats"])
        label = ipywidgets.HTML(f"<p><b>Table {int(table['id'])}</b> ({html.escape(str(table['game']))}, "
                                f"{html.escape(str(table['status']))}): {html.escape(who)}</p>")
        buttons = []
        for seat in table["seats"]:
            if seat["student"] is None and seat["bot"] is None and table["status"] == "open":
                button = ipywidgets.Button(description=f"Sit {names[seat['seat']]}",
                                           tooltip=f"Sit in {names[seat['seat']]} at table {table['id']}")
                button.on_click(lambda _b, t=int(table["id"]), s=int(seat["seat"]): self._guard(
                    lambda: self._sit(t, s)))
                buttons.append(button)
        return ipywidgets.VBox([label, ipywidgets.HBox(buttons)])

    def _sit(self, table_id: int, seat: int | None) -> None:
        self.send("sit", {"table": table_id, "seat": seat})
        self.open_table(TableReplica(self.link, table_id))

    def _new(self) -> None:
        answer = self.send("new", {"game": self.game.value, "level": self.level.value})
        self.open_table(TableReplica(self.link, int(answer["table"]["id"])))


def _service_send(action: str, payload: dict[str, Any]) -> dict[str, Any]:
    from push_learn.classroom.client import ServiceError, send

    try:
        return send(f"table_{action}", payload)
    except ServiceError as exc:
        raise ClassroomError(str(exc)) from None


def table_page(send: Callable[[str, dict[str, Any]], dict[str, Any]] = _service_send,
               link: TableLink | None = None) -> ipywidgets.VBox:
    """The whole page: the lobby, replaced by the seat's table (with a start button while it is open)."""
    page = ipywidgets.VBox()
    page.add_class("pl-class-tables")

    def show(replica: TableReplica) -> None:
        if replica.info.status == "open":
            start = ipywidgets.Button(description="Start with bots in the free seats",
                                      tooltip="Start the table: bots sit in the free seats")
            note = ipywidgets.HTML(f"<p>You sit at table {replica.table_id}. Classmates may join until it starts.</p>")

            def begin(_b: Any) -> None:
                try:
                    send("start", {"table": replica.table_id})
                except ClassroomError as exc:  # a classmate may have started it a moment ago
                    replica.reload()
                    if replica.info.status == "open":
                        note.value = f'<p role="alert">{html.escape(str(exc))}</p>'
                        return
                replica.reload()
                show(replica)

            start.on_click(begin)
            page.children = (note, start)
            return
        page.children = (TablePlayTable(replica),)

    lobby = Lobby(send, link if link is not None else ServiceLink(), show)
    if not page.children:
        page.children = (lobby.view,)
    return page



class ClassTables(App):
    """The Class tables dashboard: the lobby of the class's tables, then the student's seat at one.

    The page needs a class: a server with a class store, and a browser that joined a class on the
    landing page. Without either it says so in plain words and offers a practice table against bots
    instead (the address's ``seed`` and ``variant`` choose its deal), so the page is never empty.
    """

    slug = "class_tables"

    def build(self) -> ipywidgets.Widget:
        """The class's lobby, or a practice table with a note saying why there is no class here."""
        from push_learn.classroom.client import configured

        self.in_class = False
        if not configured():
            self.notes.append("This page was not opened from a class server, so there are no classmates' tables "
                              "here. Ask your teacher for the class's address; meanwhile this is a practice table "
                              "against computer players.")
        else:
            try:
                page = table_page()
            except ClassroomError as exc:
                self.notes.append(f"The class's tables could not be opened ({exc}). Join your class on the landing "
                                  "page, then open this page again; meanwhile this is a practice table against "
                                  "computer players.")
            else:
                self.in_class = True
                return page
        return PlayTable(self.query.seed, rules=self.rules, level="greedy")

    @property
    def subtitle(self) -> str:
        """The class's tables, or the practice table's game and deal number."""
        if self.in_class:
            return "Sit at a table with your classmates; computer players take the free seats"
        return f"{self.rules.name} · practice · deal number {self.seed}"
