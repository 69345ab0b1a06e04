"""Class tables on a student's page: a lobby of the class's open tables, then the PlayTable of their seat
(the PokerTable at a stud game's table, the BragTable at a brag table: ``push_learn.apps.table_seat``).

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

import html
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets

from push_learn.apps.base import App
from push_learn.apps.table_seat import (
    POLL_S,
    TABLE_RULE,
    SharedBotTable,
    TableBragTable,
    TablePokerTable,
    seat_line,
)
from push_learn.classroom.errors import ClassroomError
from push_learn.classroom.table_games import OPTION_WORDS
from push_learn.classroom.tables import (
    TABLE_GAMES,
    TABLE_OPTIONS,
    ServiceLink,
    TableLink,
    TableMoved,
    TableReplica,
    table_seat_names,
)
from push_learn.errors import IllegalAction
from push_learn.games import GAMES
from push_learn.widgets import PlayTable
from push_learn.widgets.coach_json import refusal_help
from push_learn.widgets.moves import action_in

__all__ = ["POLL_S", "TABLE_RULE", "ClassTables", "Lobby", "TableBragTable", "TablePlayTable", "TablePokerTable",
           "seat_line", "seat_page"]

class TablePlayTable(SharedBotTable, PlayTable):
    """The PlayTable of one seat at a class table of a rummy game, driven by the table's replica.

    The student's moves go through the replica (checked, then appended to the store's log); every
    ``POLL_S`` seconds the replica catches up with the others' moves and plays a due bot's turn. No
    take-back, new game, loading or change of bots: the table is shared.
    """

    def __init__(self, replica: TableReplica, **options: Any) -> None:
        seat = self._take_seat(replica)
        options.setdefault("speed", POLL_S)
        super().__init__(replica.info.seed, rules=replica.match.rules, seat=seat, level=replica.info.bot_level,
                         **options)

    def _mark(self) -> int:
        """How many events the page's match had."""
        return len(self.match.events)

    def _follow(self, before: int) -> None:
        """Point the page at the replica's game again (a reload replaces it) and note the new events."""
        if self._start_replica_again(self.match):
            before = len(self.match.events)
        if len(self.match.events) > before:
            seat_acting = self.match.actions[-1].seat if self.match.actions else self.seat
            self._record_events(before, seat_acting)

    def _record_events(self, before: int, seat_acting: int) -> None:
        super()._record_events(before, seat_acting)
        self.paused_at_deal_end = False  # a shared table does not wait at a deal's end

    def view_state(self) -> dict[str, Any]:
        """The seat's table (never the seed), who sits where, without take-back."""
        return self.shared_state(super().view_state(), self.match.names, self.view.over)

    def _act(self, content: Mapping[str, Any]) -> None:
        """The student's move: checked by the replica, then appended to the table's log."""
        view = self._my_view()
        action = action_in(content)
        before = len(self.match.events)
        try:
            self._play_mine(action, before)
        except TableMoved:
            raise
        except IllegalAction:
            self._help = refusal_help(view, action)
            raise
        self.composer.clear()
        self._hint = None
        self._follow(before)
        self._resume()

    def _load(self, content: Mapping[str, Any]) -> None:
        self._refuse("loading")

    def _continue(self, _content: Mapping[str, Any]) -> None:
        """Nothing to continue: a shared table never waits at a deal's end."""


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
        self.game = ipywidgets.Dropdown(options=[(GAMES[game].title, game) for game in TABLE_GAMES],
                                        description="Game")
        self.level = ipywidgets.Dropdown(description="Bots")
        self.options = {name: ipywidgets.Checkbox(description=words, value=False, indent=False)
                        for name, words in OPTION_WORDS.items()}
        self.game.observe(lambda _change: self._game_chosen(), names="value")
        self._game_chosen()
        self.new_button = ipywidgets.Button(description="Open a new table", tooltip="Open a table and sit at it")
        self.new_button.on_click(lambda _b: self._guard(self._new))
        self.refresh_button = ipywidgets.Button(description="Refresh", tooltip="Show the tables as they are now")
        self.refresh_button.on_click(lambda _b: self._guard(self.refresh))
        self.view = ipywidgets.VBox([self.message, self.rows,
                                     ipywidgets.HBox([self.game, self.level, *self.options.values(),
                                                      self.new_button]), self.refresh_button])
        self.view.add_class("pl-lobby")
        self.refresh()

    def _game_chosen(self) -> None:
        """The chosen game's bot levels (its usual ones chosen) and, for Push stud, its options."""
        spec = GAMES[self.game.value]
        self.level.options = [(f"{level.capitalize()} bots", level) for level in spec.bots]
        self.level.value = spec.default_level
        for name, box in self.options.items():
            box.layout.display = None if name in TABLE_OPTIONS.get(spec.id, ()) else "none"

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
        names = table_seat_names(str(table["game"]), len(table["seats"]))
        who = ", ".join(f"{names[s['seat']]}: {s['student'] or (s['bot'] + ' bot' if s['bot'] else 'free')}"
                        for s in table["seats"])
        label = ipywidgets.HTML(f"<p><b>Table {int(table['id'])}</b> ({html.escape(GAMES[str(table['game'])].title)}, "
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
        game = self.game.value
        options = {name: box.value for name, box in self.options.items() if name in TABLE_OPTIONS.get(game, ())}
        answer = self.send("new", {"game": game, "level": self.level.value, "options": options})
        self.open_table(TableReplica(self.link, int(answer["table"]["id"])))


def seat_page(replica: TableReplica) -> TablePlayTable | TablePokerTable | TableBragTable:
    """The page of the student's seat: a PokerTable at a stud game's table, a BragTable at a brag table, a
    PlayTable at a rummy one's."""
    if replica.spec.id == "brag":
        return TableBragTable(replica)
    return TablePokerTable(replica) if replica.spec.family == "stud" else TablePlayTable(replica)


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
        page.children = (seat_page(replica),)

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
