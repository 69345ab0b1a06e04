"""The teacher's dashboard of ``push-learn serve`` (``/push_learn/teacher``, behind the teacher key).

One plain page, rendered by the server from the class store (it needs no kernel, so the teacher's
view never waits for one): create a class and read its code out, set the assignment of the day,
watch the class live (who is playing what, who finished with which score), the leaderboard of each
assignment (duplicate play: points left and deals won; for a poker deal chips won and pots taken; for a Three
Card Poker session the chips given up against the exact strategy and the choices that were its; moves, hints),
each exercise's success rate with the commonest wrong answers, the CSV export, and deleting a class. The live
parts refresh themselves every few seconds.
"""

from __future__ import annotations

import html
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from tornado import web

from push_learn.apps.catalogue import dashboard
from push_learn.apps.guards import teacher_only
from push_learn.apps.symbol_font import font_face, font_stack
from push_learn.classroom.scoring import result_unit
from push_learn.classroom.service import (
    ClassService,
    _blocking,
    _service,
    assignment_dashboard,
    assignment_games,
    bot_words,
    describe,
    level_words,
)
from push_learn.classroom.store import ClassInfo, ClassroomError, NotFound
from push_learn.classroom.table_games import (
    OPTION_WORDS,
    TABLE_GAMES,
    TABLE_OPTIONS,
    assignment_rules,
    table_levels,
    table_seat_names,
    table_spec,
)
from push_learn.games import GAMES, title_of
from push_learn.protocol import counted
from push_learn.records import short

if TYPE_CHECKING:
    from push_learn.classroom.table_store import TableInfo
    from push_learn.classroom.tables import TableReplica

__all__ = ["ExportHandler", "RecordHandler", "TableHandler", "TeacherHandler", "render_class", "render_page",
           "render_table_watch", "render_tables"]

REFRESH_SECONDS = 5
WATCH_LINES = 12
"""Lines of a table's log that its watch page shows (the last ones)."""
SHEETS = ("students", "assignments", "results", "trainer", "attempts")

_STYLE = font_face() + f"""
body {{ font-family: {font_stack("system-ui", "sans-serif")}; margin: 0; background: #f6f6f2; color: #1d1d1b; }}
""" + """main { max-width: 62rem; margin: 1.5rem auto; padding: 0 1rem; }
section { background: #fff; border: 1px solid #c8c8c0; border-radius: 8px; padding: 0.8rem 1.2rem; margin: 1rem 0; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.2rem; margin-top: 0.2rem; } h3 { font-size: 1rem; }
table { border-collapse: collapse; margin: 0.4rem 0; } th, td { padding: 0.25rem 0.7rem; text-align: left; }
th { border-bottom: 2px solid #1d1d1b; } td { border-bottom: 1px solid #ddd; }
.pl-code { font-size: 1.6rem; letter-spacing: 0.15em; font-weight: 700; }
.pl-wrong { color: #9b1c1c; font-weight: 600; } .pl-ok { color: #1f5f3f; font-weight: 600; }
label { margin-right: 0.8rem; } button { padding: 0.3rem 0.9rem; }
nav a { margin-right: 1rem; } .pl-row-form { display: inline; margin: 0; }
.pl-help { color: #4a4a4a; font-size: 0.9em; margin-right: 0.8rem; }
"""

_REFRESH_JS = """
<script>
setInterval(function () {
  fetch(location.href, {credentials: "same-origin", cache: "no-store"}).then(function (r) { return r.text(); })
    .then(function (text) {
      var fresh = new DOMParser().parseFromString(text, "text/html").getElementById("pl-live-data");
      var here = document.getElementById("pl-live-data");
      if (fresh && here) { here.innerHTML = fresh.innerHTML; }
    }).catch(function () {});
}, REFRESH_MS);
</script>
""".replace("REFRESH_MS", str(REFRESH_SECONDS * 1000))

_CHOICES_JS = """
<script>
(function () {
  var form = document.querySelector('form[aria-label="Set the assignment of the day"]');
  if (!form) { return; }
  var game = form.elements.variant, players = form.elements.players, level = form.elements.level;
  function fit() {
    var chosen = game.options[game.selectedIndex];
    var sizes = chosen.dataset.players.split(" "), bots = chosen.dataset.bots.split(" ");
    var options = chosen.dataset.options ? chosen.dataset.options.split(" ") : [];
    Array.prototype.forEach.call(players.options, function (size) {
      size.disabled = size.value !== "" && sizes.indexOf(size.value) < 0;
    });
    if (players.selectedOptions[0].disabled) { players.value = ""; }
    Array.prototype.forEach.call(level.options, function (bot) { bot.disabled = bots.indexOf(bot.value) < 0; });
    if (level.selectedOptions[0].disabled) { level.value = chosen.dataset.usual; }
    form.querySelectorAll('input[type="checkbox"]').forEach(function (box) {
      box.disabled = options.indexOf(box.name) < 0;
      if (box.disabled) { box.checked = false; }
    });
  }
  game.addEventListener("change", fit);
  fit();
})();
</script>
"""
"""Fits the assignment form to the game chosen: the numbers of players, bots and options it does not offer are
greyed out (the server refuses them in words anyway, for a page without scripts)."""


def _e(value: object) -> str:
    return html.escape(str(value))


class _Link:
    """A cell holding a link (a download of a student's sealed record, for the Deal Replayer's Load)."""

    def __init__(self, href: str, text: str) -> None:
        self.href, self.text = href, text

    def __str__(self) -> str:
        return self.text


class _TableButton:
    """A cell's button that pauses or resumes one class table: a form of its own, posted as the page's forms are."""

    def __init__(self, xsrf: str, code: str, table: int, action: str) -> None:
        self.xsrf, self.code, self.table, self.action = xsrf, code, table, action

    def __str__(self) -> str:
        return self.action

    def html(self) -> str:
        """The form: the page's xsrf token, the class and the table, and the button naming its action."""
        label = self.action.capitalize()
        return (f'<form method="post" class="pl-row-form" aria-label="{label} table {self.table}">{self.xsrf}'
                f'<input type="hidden" name="code" value="{_e(self.code)}">'
                f'<input type="hidden" name="table" value="{self.table}">'
                f'<button type="submit" name="action" value="{_e(self.action)}">{_e(label)}</button></form>')


class _Links:
    """A cell holding several links (or words in a link's place)."""

    def __init__(self, links: Sequence[_Link | str]) -> None:
        self.links = links

    def __str__(self) -> str:
        return " ".join(str(link) for link in self.links)


def _replay(service: ClassService, replayer: str, query: str) -> _Link | str:
    """A link that opens the dashboard ``replayer`` (its slug) on ``query`` (``result=12``); words instead when the
    server does not serve it (a lesson's folder, ``push-learn serve --root``), rather than a link to a missing page."""
    notebook = dashboard(replayer).notebook
    if service.serves(notebook):
        return _Link(f"/voila/render/{notebook}?{query}", "replay")
    return f"not served ({notebook})"


def _replayer(game: str) -> str:
    """The dashboard (its slug) that replays ``game``: the Deal Replayer for rummy, else the Poker Replayer."""
    return "deal_replayer" if game in GAMES and GAMES[game].family == "rummy" else "poker_replayer"


def _chips_won(lost: int) -> str:
    """A poker result's chips won, as the leaderboard shows them (the store keeps the chips lost: D-CLS-06).

    >>> _chips_won(-35), _chips_won(4), _chips_won(0)
    ('+$35', '-$4', '$0')
    """
    return f"{'+' if lost < 0 else '-' if lost > 0 else ''}${abs(lost)}"


_BOARD_HEADS = {"points": ("points left", "deals won"), "chips": ("chips won", "pots taken"),
                "strategy": ("chips given up", "choices as the strategy")}
"""The leaderboard's two score columns by the game's unit (``scoring.result_unit``)."""


def _board_cells(unit: str, points: int, deals_won: int) -> tuple[object, object]:
    """A leaderboard row's two score cells, as ``_BOARD_HEADS`` names them: points left and deals won; chips won
    and pots taken (the store keeps the chips lost: D-CLS-06); or the chips the choices off the exact strategy gave
    up and the choices that were its (the store keeps hundredths of a chip: D-CLS-10).

    >>> _board_cells("points", 45, 1), _board_cells("chips", -35, 1), _board_cells("strategy", 35, 9)
    ((45, 1), ('+$35', 1), ('0.35', 9))
    """
    if unit == "points":
        return points, deals_won
    return (_chips_won(points), deals_won) if unit == "chips" else (f"{points / 100:.2f}", deals_won)


def _cell(value: object) -> str:
    if isinstance(value, _TableButton):
        return value.html()
    if isinstance(value, _Links):
        return " ".join(_cell(link) for link in value.links)
    if isinstance(value, _Link):
        download = " download" if value.href.endswith(".json") else ' target="_blank"'
        return f'<a href="{_e(value.href)}"{download}>{_e(value.text)}</a>'
    return _e(value)


def _table(caption: str, header: list[str], rows: list[list[object]], css: str, empty: str) -> str:
    if not rows:
        return f'<p class="{css}-empty">{_e(empty)}</p>'
    head = "".join(f"<th scope=\"col\">{_e(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{_cell(cell)}</td>" for cell in row) + "</tr>" for row in rows)
    return (f'<table class="{css}"><caption>{_e(caption)}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")


def render_chart(steps: list[tuple[int, int, int, int]]) -> str:
    """The lesson's progress as bars (right answers, wrong answers, finished matches per step), with the
    same figures in a table for screen readers."""
    if not steps:
        return '<p class="pl-chart-empty">Nothing answered or played yet.</p>'
    tallest = max(max(right + wrong, done) for _, right, wrong, done in steps) or 1
    width, height, bar = 28, 120, 11
    shapes = []
    for index, (_, right, wrong, done) in enumerate(steps):
        x = 30 + index * width
        h_right, h_wrong = right * height // tallest, wrong * height // tallest
        h_done = done * height // tallest
        shapes.append(f'<rect x="{x}" y="{140 - h_right}" width="{bar}" height="{h_right}" fill="#1f7a4a"/>'
                      f'<rect x="{x}" y="{140 - h_right - h_wrong}" width="{bar}" height="{h_wrong}" fill="#c0392b"/>'
                      f'<rect x="{x + bar + 1}" y="{140 - h_done}" width="{bar}" height="{h_done}" fill="#2c5aa0"/>'
                      f'<text x="{x}" y="155" font-size="9">{steps[index][0]}</text>')
    total = max(240, 40 + len(steps) * width)
    rows: list[list[object]] = [[f"from minute {minute}", right, wrong, done] for minute, right, wrong, done in steps]
    return (f'<svg class="pl-chart" width="{total}" height="170" viewBox="0 0 {total} 170" aria-hidden="true">'
            f'{"".join(shapes)}<text x="30" y="168" font-size="9">minutes into the lesson</text></svg>'
            '<p>Green: right answers; red: wrong answers; blue: finished matches.</p>'
            '<details><summary>The figures</summary>'
            + _table("Progress over the lesson", ["time", "right answers", "wrong answers", "finished matches"],
                     rows, "pl-timeline", "") + "</details>")


def _level_words(level: str, games: Sequence[str]) -> str:
    """A bot level in words for the table form, with the games that offer it unless every table game does."""
    words = bot_words(level)
    return words if len(games) == len(TABLE_GAMES) else f"{words} ({', '.join(games)})"


def render_class(service: ClassService, info: ClassInfo, xsrf: str) -> str:
    """The sections of one class: code, assignment form, live view, leaderboards, exercises, export, delete."""
    store = service.store
    code = info.code
    assignments = store.assignments(code)
    students = store.students(code)
    today = assignments[0] if assignments else None
    games = assignment_games()
    usual = next(iter(games.values())).default_level  # the bots of the game the form shows first
    tables = {key: spec for key, spec in games.items() if not spec.against_dealer}
    variants = "".join(  # a game against the dealer has no table size to choose and no bots (D-CLS-10)
        f'<option value="{key}" data-players="{" ".join(map(str, () if spec.against_dealer else spec.players))}" '
        f'data-bots="{"" if spec.against_dealer else " ".join(spec.bots)}" '
        f'data-usual="{"" if spec.against_dealer else spec.default_level}" '
        f'data-options="{" ".join(TABLE_OPTIONS.get(key, ()))}">{_e(spec.title)}</option>'
        for key, spec in games.items())
    levels = "".join(f'<option value="{key}"{" selected" if key == usual else ""}>{_e(words)}</option>'
                     for key, words in level_words(tables).items())
    if len(tables) < len(games):
        levels += '<option value="">none: against the dealer</option>'
    sizes = "".join(f'<option value="{n}">{n}</option>' for n in sorted({n for spec in tables.values()
                                                                          for n in spec.players}))
    sizes_help = "; ".join(f"{spec.title} alone against the dealer" if spec.against_dealer
                           else f"{spec.title} {spec.players_words}" for spec in games.values())
    options = "".join(
        f'<label><input type="checkbox" name="{name}" value="1"> {_e(words)} ({_e(" or ".join(offered))} only)</label>'
        for name, words in OPTION_WORDS.items()
        if (offered := [spec.title for game, spec in games.items() if name in TABLE_OPTIONS.get(game, ())]))
    seat_levels = '<option value="" selected>the game\'s usual bots</option>' + "".join(
        f'<option value="{level}">{_e(_level_words(level, games))}</option>' for level, games in table_levels())
    parts = [
        f'<section aria-labelledby="pl-class-title"><h2 id="pl-class-title">{_e(info.name)}</h2>'
        f'<p>Class code to hand out: <span class="pl-code">{_e(code)}</span> '
        f"({counted(len(students), 'student')} joined)</p>"
        f"<p>Today: <strong class=\"pl-today\">{_e(describe(today)) if today else 'no assignment yet'}</strong></p>"
        f'<form method="post" aria-label="Set the assignment of the day">{xsrf}'
        f'<input type="hidden" name="action" value="assign"><input type="hidden" name="code" value="{_e(code)}">'
        f"<label>Game <select name=\"variant\">{variants}</select></label>"
        '<label>Players <select name="players" aria-describedby="pl-sizes">'
        f'<option value="" selected>the usual number</option>{sizes}</select></label>'
        f'<span id="pl-sizes" class="pl-help">({_e(sizes_help)})</span>{options}'
        '<label>Deal number <input name="deal" type="number" min="1" max="999999" '
        'placeholder="any"></label>'
        f"<label>Bots <select name=\"level\">{levels}</select></label>"
        "<button type=\"submit\">Set today's assignment</button></form></section>",
    ]
    live_rows: list[list[object]] = [
        [name, act.dashboard, act.deal, act.status, time.strftime("%H:%M:%S", time.localtime(act.at))]
        for name, act in service.live(code)]
    live = _table("Who is doing what (since the server started)", ["student", "where", "deal", "doing", "last seen"],
                  live_rows, "pl-live", "Nobody has joined from a browser yet.")
    boards = []
    for assignment in assignments:
        unit = result_unit(assignment.game)
        rows: list[list[object]] = [[row.rank, row.student, *_board_cells(unit, row.points, row.deals_won),
                                     row.moves,
                                     row.hints, _replay(service, _replayer(assignment.game), f"result={row.result_id}"),
                                     _Link(f"/push_learn/teacher/record/{row.result_id}.json", "record")]
                                    for row in store.leaderboard(assignment.id)]
        empty = {"points": "No finished match yet.", "chips": "No finished deal yet."}.get(unit,
                                                                                         "No finished session yet.")
        boards.append(f"<h3>{_e(describe(assignment))}</h3>" + _table(
            f"Leaderboard of deal {assignment.deal_number}", ["rank", "student", *_BOARD_HEADS[unit], "moves", "hints",
                                                              "replay", "file"],
            rows, "pl-board", empty))
    trainer_rows: list[list[object]] = [
        [row.student, row.sessions, row.score.rounds,
         f"{row.score.agreed} of {row.score.decisions} ({round(100 * row.score.agreement)} %)",
         f"{row.score.cost:.2f}", row.score.hints, f"{row.score.net:+d}", f"{row.score.expected:+.2f}"]
        for row in store.trainer_board(code)]
    trainer = _table("Three Card Poker trainer, the closest to the exact strategy first",
                     ["student", "sessions", "rounds", "choices as the strategy", "chips given up", "hints", "net",
                      "expected"], trainer_rows, "pl-trainer", "No trainer session yet.")
    progress_rows: list[list[object]] = [
        [f"{p.notebook} · {p.exercise}", p.attempts, f"{round(100 * p.success_rate)} %",
         f"{p.students_right} of {p.students}", "; ".join(f"{answer} ({n}×)" for answer, n in p.wrong_answers)]
        for p in store.progress(code)]
    progress = _table("Exercises", ["exercise", "attempts", "right", "students right", "commonest wrong answers"],
                      progress_rows, "pl-progress", "No exercise answered yet.")
    parts.append(
        '<div id="pl-live-data">'
        f'<section aria-labelledby="pl-live-title"><h2 id="pl-live-title">The class live</h2>{live}</section>'
        f'<section aria-labelledby="pl-boards-title"><h2 id="pl-boards-title">Leaderboards (duplicate play)</h2>'
        f'{"".join(boards) or "<p>No assignment yet.</p>"}</section>'
        f'<section aria-labelledby="pl-trainer-title"><h2 id="pl-trainer-title">Three Card Poker trainer</h2>'
        f"{trainer}</section>"
        f'<section aria-labelledby="pl-ex-title"><h2 id="pl-ex-title">Exercises</h2>{progress}</section>'
        f'<section aria-labelledby="pl-chart-title"><h2 id="pl-chart-title">Progress over the lesson</h2>'
        f"{render_chart(store.timeline(code))}</section>"
        f'<section aria-labelledby="pl-tables-title"><h2 id="pl-tables-title">Class tables</h2>'
        f"{render_tables(service, code, xsrf)}</section></div>")
    parts.append(
        f'<section aria-labelledby="pl-table-ctl"><h2 id="pl-table-ctl">Run a class table</h2>'
        "<p>Pause or resume a table with its button in the list of tables above.</p>"
        f'<form method="post" aria-label="Run a class table">{xsrf}'
        f'<input type="hidden" name="code" value="{_e(code)}">'
        '<label>Table <input name="table" type="number" min="1" required></label>'
        '<label>Do <select name="action"><option value="bot">give a seat to a bot</option>'
        '<option value="idle">set the idle limit</option></select></label>'
        '<label>Seat (as the list of tables names it) <input name="seat" placeholder="South, Seat 2"></label>'
        f"<label>Bots <select name=\"level\">{seat_levels}</select></label>"
        '<label>Idle limit (seconds, 0 = never) <input name="seconds" type="number" min="0" value="120"></label>'
        "<button type=\"submit\">Do it</button></form></section>")
    links = " ".join(f'<a href="/push_learn/teacher/export/{_e(code)}/{sheet}.csv" download>{sheet}.csv</a>'
                     for sheet in SHEETS)
    parts.append(
        f'<section aria-labelledby="pl-export-title"><h2 id="pl-export-title">Export and remove</h2>'
        f"<p>CSV for a spreadsheet: {links}</p>"
        f'<form method="post" aria-label="Delete this class">{xsrf}'
        f'<input type="hidden" name="action" value="delete"><input type="hidden" name="code" value="{_e(code)}">'
        f'<label>Type the class code to delete the class and everything of it <input name="confirm" '
        f'autocomplete="off"></label><button type="submit">Delete the class</button></form></section>')
    return "".join(parts)


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
        watch = [_Link(f"/push_learn/teacher/table/{info.id}.html?seat=all", "all cards")] + [
            _Link(f"/push_learn/teacher/table/{info.id}.html?seat={s.seat}", names[s.seat]) for s in info.seats]
        record = _Links([_replay(service, _replayer(info.game), f"table={info.id}"),
                         _Link(f"/push_learn/teacher/table/{info.id}.json", "record")]) if info.status == "over" else ""
        title = title_of(info.game)
        action = {"playing": "pause", "paused": "resume"}.get(info.status)
        control = _TableButton(xsrf, code, info.id, action) if xsrf and action else ""
        rows.append([info.id, title, info.status, info.steps, seats, _Links(watch), record, control])
    return _table("The class's tables", ["table", "game", "status", "moves", "seats", "watch", "when over", "control"],
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
                       _table("Hands", ["seat", "cards"], rows, "pl-hands", "")
                       + f"<p>Melds on the table: {_e(melds)}</p>", log)


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
        f"<title>Table {replica.table_id}</title><style>{_STYLE}</style></head><body><main>"
        f"<h1>Table {replica.table_id} · {_e(replica.spec.title)}: {_e(title)}</h1>"
        f"<p>{_e(replica.info.status)}, move {replica.step}, {_e(facts)}</p>" + body
        + f'<h2>Last moves</h2><ol start="{len(log) - len(shown) + 1}">'
        + "".join(f"<li>{_e(line)}</li>" for line in shown) + "</ol></main></body></html>")


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
                       _table("Seats", ["seat", "cards", "chips", "in the hand"], rows, "pl-hands", ""), view.log)


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
        f"<p>Deal {last.hand_number}: {_e(last.how)}; shown: "
        + (_e("; ".join(f"{names[h.seat]}: {' '.join(map(str, h.cards))} ({h.name})" for h in last.shown)) or "none")
        + "</p>")
    return _watch_page(replica, title, f"deal {view.hand_number} of {game.hands_to_play}, pot "
                       f"{view.pot}, {movers} to act",
                       _table("Seats", ["seat", "cards", "chips", "in the deal"], rows, "pl-hands", "") + showdown,
                       view.log)


def render_page(service: ClassService, chosen: str | None, xsrf: str, message: str = "", ok: bool = True) -> str:
    """The whole teacher's page: the classes, a form for a new one, and the chosen class."""
    classes = service.store.classes()
    nav = " ".join(f'<a href="?{urlencode({"class": c.code})}">{_e(c.name)} ({_e(c.code)})</a>' for c in classes)
    info = next((c for c in classes if c.code == (chosen or "").upper()), classes[-1] if classes else None)
    note = f'<p class="{"pl-ok" if ok else "pl-wrong"}" role="status">{_e(message)}</p>' if message else ""
    body = render_class(service, info, xsrf) if info else "<section><p>No class yet: create one above.</p></section>"
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>Teacher's dashboard</title><style>{_STYLE}</style></head><body><main>"
        "<h1>Teacher's dashboard</h1>"
        f"{note}<nav aria-label=\"Classes\">{nav}</nav>"
        f'<section aria-labelledby="pl-new-title"><h2 id="pl-new-title">A new class</h2>'
        f'<form method="post" aria-label="Create a class">{xsrf}<input type="hidden" name="action" value="create">'
        '<label>Class name <input name="name" required maxlength="40"></label>'
        "<button type=\"submit\">Create the class</button></form></section>"
        f"{body}</main>{_REFRESH_JS}{_CHOICES_JS}</body></html>"
    )


class TeacherHandler(web.RequestHandler):
    """The teacher's dashboard: GET shows it (``?class=CODE``), POST creates, assigns or deletes."""

    def get_current_user(self) -> Any:
        """The browser's user from the server's identity provider."""
        provider = self.settings.get("identity_provider")
        return None if provider is None else provider.get_user(self)

    def set_default_headers(self) -> None:
        """Never cached, never framed by another site."""
        self.set_header("Cache-Control", "no-store")
        self.set_header("Content-Security-Policy", "frame-ancestors 'self'")

    def prepare(self) -> None:
        """Check the form's xsrf token on every POST (Voila's application does not turn tornado's check on)."""
        if self.request.method not in ("GET", "HEAD", "OPTIONS"):
            self.check_xsrf_cookie()

    async def _page(self, chosen: str | None, message: str = "", ok: bool = True) -> str:
        service = _service(self.settings)
        xsrf = self.xsrf_form_html()
        return await _blocking(lambda: render_page(service, chosen, xsrf, message, ok))

    @teacher_only
    async def get(self) -> None:
        """The page (and this browser's session noted as the teacher's, for the Deal Replayer's requests)."""
        user = self.current_user
        if user is not None:
            _service(self.settings).teachers.add(str(user.username))
        page = await self._page(self.get_argument("class", None), self.get_argument("said", ""))
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(page)

    @teacher_only
    async def post(self) -> None:
        """Create a class, set an assignment or delete a class; then show the page again (303)."""
        service = _service(self.settings)
        action = self.get_body_argument("action", "")
        code = self.get_body_argument("code", "").strip().upper()

        def act() -> tuple[str, str]:
            if action == "create":
                new = service.store.create_class(self.get_body_argument("name", ""))
                return new.code, f"Class {new.name} created: hand out the code {new.code}."
            if action == "assign":
                games = assignment_games()
                variant = self.get_body_argument("variant", next(iter(games)))
                spec = games.get(variant)
                if spec is None:
                    raise ClassroomError("choose a game and a bot level from the lists")
                level = self.get_body_argument("level", "")
                if spec.against_dealer:
                    if level:
                        raise ClassroomError(f"{spec.title} is played against the dealer: choose no bots "
                                             "(none: against the dealer)")
                elif (level := level or spec.default_level) not in spec.bots:
                    raise ClassroomError(f"choose a game and a bot level from the lists: {spec.title} is played "
                                         f"against {' or '.join(bot_words(bots) for bots in spec.bots)}")
                players_text = self.get_body_argument("players", "").strip()
                players = typed_number(players_text)
                if players_text and players is None:
                    raise ClassroomError(f"the number of players is a whole number, not {short(players_text, 20)}")
                rules = assignment_rules(variant, players, {name: True for name in OPTION_WORDS
                                                        if self.get_body_argument(name, "")})
                deal_text = self.get_body_argument("deal", "").strip()
                deal = typed_number(deal_text)
                if deal_text and deal is None:
                    raise ClassroomError("a deal number is a whole number from 1 to 999999, "
                                         f"not {short(deal_text, 20)}")
                assignment = service.store.assign(
                    code, variant, variant, rules,
                    deal_number=deal, bot_level=level, dashboards=[assignment_dashboard(variant)])
                return code, f"Today's assignment is set: {describe(assignment)}."
            if action == "delete":
                if self.get_body_argument("confirm", "").strip().upper() != code:
                    raise ClassroomError("type the class code in the box to delete the class")
                removed = service.store.delete_class(code)
                return "", (f"Class {code} deleted with its {removed['students']} students "
                            f"and {removed['results']} results.")
            if action in ("pause", "resume", "bot", "idle"):
                return code, _table_action(service, code, action, self.get_body_argument)
            raise ClassroomError("the page asked for something this dashboard does not do")

        try:
            chosen, said = await _blocking(act)
            ok = True
        except (ClassroomError, NotFound) as exc:
            chosen, said, ok = code, str(exc), False
        if not ok:
            page = await self._page(chosen, said, ok=False)
            self.set_status(400)
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(page)
            return
        self.redirect("/push_learn/teacher?" + urlencode({"class": chosen, "said": said}), status=303)


def typed_number(text: str) -> int | None:
    """The whole number typed in a form's box (spaces around it allowed), or None for anything else: only the
    digits 0 to 9 (``str.isdigit`` also takes ``²``, which ``int`` refuses), at most 18 of them.

    >>> typed_number(" 42 "), typed_number("\u00b2"), typed_number("9" * 19), typed_number("")
    (42, None, None, None)
    """
    tidy = text.strip()
    if not tidy or len(tidy) > 18 or not (tidy.isascii() and tidy.isdigit()):
        return None
    return int(tidy)


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


def _table_action(service: ClassService, code: str, action: str, argument: Any) -> str:
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


class TableHandler(web.RequestHandler):
    """A class table for the teacher: ``/push_learn/teacher/table/3.html?seat=all`` watches it (one seat's view
    or every hand), ``3.json`` is its record for the Deal Replayer's Load."""

    def get_current_user(self) -> Any:
        """The browser's user from the server's identity provider."""
        provider = self.settings.get("identity_provider")
        return None if provider is None else provider.get_user(self)

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


class RecordHandler(web.RequestHandler):
    """A student's sealed match record (``/push_learn/teacher/record/12.json``), for the teacher only: open it
    with the Deal Replayer's Load to replay that student's game move by move."""

    def get_current_user(self) -> Any:
        """The browser's user from the server's identity provider."""
        provider = self.settings.get("identity_provider")
        return None if provider is None else provider.get_user(self)

    @teacher_only
    async def get(self, result_id: str) -> None:
        """The record as a download."""
        service = _service(self.settings)
        try:
            record = await _blocking(lambda: service.store.result_record(int(result_id)))
        except NotFound as exc:
            raise web.HTTPError(404, str(exc)) from None
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("Content-Disposition", f'attachment; filename="result-{int(result_id)}.json"')
        self.finish(record.to_json(indent=1))


class ExportHandler(web.RequestHandler):
    """One CSV sheet of a class (``/push_learn/teacher/export/CODE/results.csv``), for the teacher only."""

    def get_current_user(self) -> Any:
        """The browser's user from the server's identity provider."""
        provider = self.settings.get("identity_provider")
        return None if provider is None else provider.get_user(self)

    @teacher_only
    async def get(self, code: str, sheet: str) -> None:
        """The sheet as a download."""
        service = _service(self.settings)
        try:
            files = await _blocking(lambda: service.store.export_csv(code))
        except NotFound as exc:
            raise web.HTTPError(404, str(exc)) from None
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("Content-Disposition", f'attachment; filename="{code.upper()}-{sheet}.csv"')
        self.finish(files[f"{sheet}.csv"])
