"""The class tables on the teacher's dashboard: the live list of tables (who sits where, watch links, pause and
resume), the form that gives a seat to a bot or sets an idle limit, the page that watches a table (one seat's view or
every hand) and the handler of its record."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tornado import web

from push_learn.apps.guards import teacher_only
from push_learn.classroom.service import ClassService, _blocking, _service, bot_words
from push_learn.classroom.store import ClassroomError, NotFound
from push_learn.classroom.table_games import TABLE_GAMES, table_levels, table_seat_names, table_spec
from push_learn.classroom.teacher_pages import (
    PAGE_PATH,
    STYLE,
    Link,
    Links,
    TableButton,
    TeacherRequestHandler,
    escaped,
    html_table,
    replay_link,
    replayer_of,
    typed_number,
)
from push_learn.games import title_of
from push_learn.records import short

if TYPE_CHECKING:
    from push_learn.classroom.table_store import TableInfo
    from push_learn.classroom.tables import TableReplica

__all__ = ["WATCH_LINES", "TableHandler", "render_table_form", "render_table_watch", "render_tables", "seat_named",
           "table_action"]

WATCH_LINES = 12
"""Lines of a table's log that its watch page shows (the last ones)."""


def _level_words(level: str, games: Sequence[str]) -> str:
    """A bot level in words for the table form, with the games that offer it unless every table game does."""
    words = bot_words(level)
    return words if len(games) == len(TABLE_GAMES) else f"{words} ({', '.join(games)})"


def render_table_form(code: str, xsrf: str) -> str:
    """The form that runs one of class ``code``'s tables: give a seat to a bot (of a level its game offers) or set
    the table's idle limit."""
    seat_levels = '<option value="" selected>the game\'s usual bots</option>' + "".join(
        f'<option value="{level}">{escaped(_level_words(level, games))}</option>' for level, games in table_levels())
    return (
        f'<section aria-labelledby="pl-table-ctl"><h2 id="pl-table-ctl">Run a class table</h2>'
        "<p>Pause or resume a table with its button in the list of tables above.</p>"
        f'<form method="post" aria-label="Run a class table">{xsrf}'
        f'<input type="hidden" name="code" value="{escaped(code)}">'
        '<label>Table <input name="table" type="number" min="1" required></label>'
        '<label>Do <select name="action"><option value="bot">give a seat to a bot</option>'
        '<option value="idle">set the idle limit</option></select></label>'
        '<label>Seat (as the list of tables names it) <input name="seat" placeholder="South, Seat 2"></label>'
        f"<label>Bots <select name=\"level\">{seat_levels}</select></label>"
        '<label>Idle limit (seconds, 0 = never) <input name="seconds" type="number" min="0" value="120"></label>'
        "<button type=\"submit\">Do it</button></form></section>")


def _sitter(info: TableInfo, seat: int) -> str:
    """Who plays ``seat`` of a table, in words: ``Ann``, ``Ann (away: a bot plays)`` (while the table is played),
    ``random bot`` or ``free``."""
    place = info.seats[seat]
    if place.student:
        return place.student + (" (away: a bot plays)" if info.status != "over" and info.bot_for(seat) else "")
    return f"{place.bot} bot" if place.bot else "free"


def render_tables(service: ClassService, code: str, xsrf: str = "") -> str:
    """Every table of the class, live: status, step, who sits where (away students marked), links to watch a
    seat or all cards, and, once over, the record for the Deal Replayer; with the page's ``xsrf`` token, a
    button that pauses a table being played or resumes a paused one."""
    rows: list[list[object]] = []
    for info in service.store.tables(code, finished=True):
        names = table_seat_names(info.game, len(info.seats))
        seats = "; ".join(f"{names[s.seat]}: {_sitter(info, s.seat)}" for s in info.seats)
        watch = [Link(f"{PAGE_PATH}/table/{info.id}.html?seat=all", "all cards")] + [
            Link(f"{PAGE_PATH}/table/{info.id}.html?seat={s.seat}", names[s.seat]) for s in info.seats]
        record = Links([replay_link(service, replayer_of(info.game), f"table={info.id}"),
                         Link(f"{PAGE_PATH}/table/{info.id}.json", "record")]) if info.status == "over" else ""
        title = title_of(info.game)
        action = {"playing": "pause", "paused": "resume"}.get(info.status)
        control = TableButton(xsrf, code, info.id, action) if xsrf and action else ""
        rows.append([info.id, title, info.status, info.steps, seats, Links(watch), record, control])
    return html_table("The class's tables",
                      ["table", "game", "status", "moves", "seats", "watch", "when over", "control"],
                      rows, "pl-tables", "No table opened yet: students open them from the class tables page.")


def render_table_watch(service: ClassService, table_id: int, seat: str) -> str:
    """One table as the teacher watches it: one seat's view, or every hand (``seat`` = ``all``)."""
    from push_learn.classroom.tables import StoreLink, TableReplica

    replica = TableReplica(StoreLink(service.store, None), table_id)
    if replica.spec.family == "stud":
        return _stud_watch(replica, seat)
    if replica.spec.id == "brag":
        return _brag_watch(replica, seat)
    match = replica.match
    names = match.names
    hands: list[Any]
    if seat == "all":
        view, title, log = match.full_view(), "every hand", match.log("open")
        hands = list(view.hands or ())
    else:
        number = int(seat) if seat.isdigit() and int(seat) < len(names) else 0
        view, title, log = match.observe(number), f"{names[number]}'s view", match.log(number)
        hands = [view.hand if s == number else None for s in range(len(names))]
    rows: list[list[object]] = [
        [_seat_cell(replica, names, s),
         " ".join(str(c) for c in hand) if hand is not None else f"{view.hand_sizes[s]} cards"]
        for s, hand in enumerate(hands)]
    melds = "; ".join(f"{names[m.owner]}: {m.meld}" for m in view.melds) or "none"
    return _watch_page(replica, title, f"{names[match.to_move[0]] if match.to_move else 'over'} to play",
                       html_table("Hands", ["seat", "cards"], rows, "pl-hands", "")
                       + f"<p>Melds on the table: {escaped(melds)}</p>", log)


def _seat_cell(replica: TableReplica, names: Sequence[str], seat: int) -> str:
    """A watch page's seat: its name and who plays it, as the list of tables says it (``North: Ann``,
    ``Seat 3: random bot``)."""
    return f"{names[seat]}: {_sitter(replica.info, seat)}"


def _watch_page(replica: TableReplica, title: str, facts: str, body: str, log: Sequence[str]) -> str:
    """The teacher's watch page of a table (refreshed every 2 s): the table's number, game and ``title``, its
    status and move, ``facts`` in words, the ``body`` (HTML) and the last twelve lines of ``log``, numbered as
    lines of the whole log."""
    shown = log[-WATCH_LINES:]
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="2">'
        f"<title>Table {replica.table_id}</title><style>{STYLE}</style></head><body><main>"
        f"<h1>Table {replica.table_id} · {escaped(replica.spec.title)}: {escaped(title)}</h1>"
        f"<p>{escaped(replica.info.status)}, move {replica.step}, {escaped(facts)}</p>" + body
        + f'<h2>Last moves</h2><ol start="{len(log) - len(shown) + 1}">'
        + "".join(f"<li>{escaped(line)}</li>" for line in shown) + "</ol></main></body></html>")


def _stud_watch(replica: TableReplica, seat: str) -> str:
    """A stud table as the teacher watches it: every seat's cards, or what one seat sees (others' face-down
    cards counted, declarations only once all are revealed), with chips, the pot and the last moves."""
    game = replica.match
    names = game.players
    if seat == "all":
        title, view = "every hand", game.observe(None)

        def cards(s: int) -> str:
            down = [c for c in game.cards(s) if c not in view.seats[s].up]
            return " ".join(str(c) for c in view.seats[s].up) + (f" | down: {' '.join(map(str, down))}" if down else "")
    else:
        number = int(seat) if seat.isdigit() and int(seat) < len(names) else 0
        title, view = f"{names[number]}'s view", game.observe(number)

        def cards(s: int) -> str:
            place = view.seats[s]
            hidden = sum(1 for c in place.down if c is None)
            shown = " ".join(str(c) for c in (*place.up, *(c for c in place.down if c is not None)))
            return shown + (f" | {hidden} face-down" if hidden else "")
    rows: list[list[object]] = [
        [_seat_cell(replica, names, s), cards(s), f"${view.seats[s].stack}",
         "folded" if view.seats[s].folded else str(view.seats[s].declared or "")] for s in range(len(names))]
    movers = ", ".join(names[s] for s in game.to_move) or "nobody"
    return _watch_page(replica, title, f"pot ${view.pot}, {movers} to act",
                       html_table("Seats", ["seat", "cards", "chips", "in the hand"], rows, "pl-hands", ""), view.log)


def _brag_watch(replica: TableReplica, seat: str) -> str:
    """A brag table as the teacher watches it: every hand held, or what one seat sees (its own cards once it
    has looked, the others' face down), with chips, each player's state, the pots, the last showdown and the
    deal's moves."""
    game = replica.match
    names = game.players
    if seat == "all":
        title, view = "every hand", game.observe(None)

        def cards(s: int) -> str:
            return " | ".join(" ".join(str(c) for c in hand) for hand in game.seats[s].hands)
    else:
        number = int(seat) if seat.isdigit() and int(seat) < len(names) else 0
        title, view = f"{names[number]}'s view", game.observe(number)

        def cards(s: int) -> str:
            held = view.players[s].hands
            if s == number and view.cards:
                return " ".join(str(c) for c in view.cards[0])
            return f"{3 * held} face-down" if held else ""
    rows: list[list[object]] = [
        [_seat_cell(replica, names, s), cards(s), place.stack, place.status + (f", {'blind' if place.blind else 'seen'}"
                                                          if place.status in ("in", "covered") else "")]
        for s, place in enumerate(view.players)]
    movers = ", ".join(names[s] for s in view.to_move) or "nobody"
    last = view.results[-1] if view.results else None
    showdown = "" if last is None else (
        f"<p>Deal {last.hand_number}: {escaped(last.how)}; shown: "
        + (escaped("; ".join(f"{names[h.seat]}: {' '.join(map(str, h.cards))} ({h.name})" for h in last.shown))
           or "none")
        + "</p>")
    return _watch_page(replica, title, f"deal {view.hand_number} of {game.hands_to_play}, pot "
                       f"{view.pot}, {movers} to act",
                       html_table("Seats", ["seat", "cards", "chips", "in the deal"], rows, "pl-hands", "") + showdown,
                       view.log)


def seat_named(names: Sequence[str], typed: object, table: int) -> int:
    """The number of the seat the teacher typed, as the list of tables names it (``South``, ``Seat 2``; any
    case), or for numbered seats the number alone (``2``); ``ClassroomError`` in words for any other.

    >>> seat_named(("Seat 1", "Seat 2", "Seat 3"), " seat 2", 4), seat_named(("Seat 1", "Seat 2"), "1", 4)
    (1, 0)
    >>> seat_named(("North", "East", "South", "West"), "south", 4)
    2
    """
    text = " ".join(str(typed).split()).casefold()
    for number, name in enumerate(names):
        if text in (name.casefold(), name.casefold().removeprefix("seat ")):
            return number
    said = f", not {short(typed, 20)}" if text else ""
    raise ClassroomError(f"table {table}'s seats are {', '.join(names[:-1])} and {names[-1]}: "
                         f"type one of them as the list of tables names it{said}")

def table_action(service: ClassService, code: str, action: str, argument: Any) -> str:
    """Pause or resume a table, give a seat to a bot, or set its idle limit; the sentence saying so."""
    store = service.store
    table_id = typed_number(argument("table", ""))
    if table_id is None:
        raise ClassroomError("type the table's number")
    info = store.table(table_id)
    if info.class_code != code:
        raise ClassroomError(f"table {info.id} is not one of class {code}'s")
    if action in ("pause", "resume"):
        store.pause_table(info.id, paused=action == "pause")
        return f"Table {info.id} {'paused' if action == 'pause' else 'resumed'}."
    if action == "bot":
        spec = table_spec(info.game)
        level = argument("level", "").strip() or spec.default_level
        if level not in spec.bots:
            raise ClassroomError(f"choose one of {spec.title}'s bot levels ({', '.join(spec.bots)})")
        names = table_seat_names(info.game, len(info.seats))
        number = seat_named(names, argument("seat", ""), info.id)
        store.seat_bot(info.id, number, level)
        student = info.seats[number].student
        whose = f" ({student}'s)" if student is not None else ""
        return f"{names[number]}{whose} of table {info.id} is played by {bot_words(level)} now."
    seconds = typed_number(argument("seconds", ""))
    if seconds is None:
        raise ClassroomError("the idle limit is a whole number of seconds")
    store.set_idle_limit(info.id, seconds)
    return f"Table {info.id}: a bot plays for a student away longer than {seconds} s."

class TableHandler(TeacherRequestHandler):
    """A class table for the teacher: ``/push_learn/teacher/table/3.html?seat=all`` watches it (one seat's view
    or every hand), ``3.json`` is its record for the Deal Replayer's Load."""

    @teacher_only
    async def get(self, table_id: str, kind: str) -> None:
        """The watch page or the record."""
        service = _service(self.settings)
        seat = self.get_argument("seat", "all")
        try:
            if kind == "json":
                text = await _blocking(lambda: service.table_record(int(table_id)))
                self.set_header("Content-Type", "application/json; charset=utf-8")
                self.set_header("Content-Disposition", f'attachment; filename="table-{int(table_id)}.json"')
            else:
                text = await _blocking(lambda: render_table_watch(service, int(table_id), seat))
                self.set_header("Content-Type", "text/html; charset=utf-8")
        except NotFound as exc:
            raise web.HTTPError(404, str(exc)) from None
        self.set_header("Cache-Control", "no-store")
        self.finish(text)
