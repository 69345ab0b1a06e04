"""The teacher's dashboard of ``push-learn serve`` (``/push_learn/teacher``, behind the teacher key).

One plain page, rendered by the server from the class store (it needs no kernel, so the teacher's
view never waits for one): create a class and read its code out, set the assignment of the day,
watch the class live (who is playing what, who finished with which score), the leaderboard of each
assignment (duplicate play: points left and deals won; for a poker deal chips won and pots taken; for a Three
Card Poker session the chips given up against the exact strategy and the choices that were its; moves, hints),
each exercise's success rate with the commonest wrong answers, the CSV export, and deleting a class. The live
parts refresh themselves every few seconds.

This module holds the page, its forms and its handlers; the live part is ``teacher_results``, the class tables'
list, form and watch pages are ``teacher_tables``, and what every page shares is ``teacher_pages``.
"""

from __future__ import annotations

from urllib.parse import urlencode

from tornado import web

from push_learn.apps.guards import teacher_only
from push_learn.classroom.service import (
    ClassService,
    _blocking,
    _service,
    assignment_dashboard,
    assignment_games,
    assignment_level,
    describe,
    level_words,
)
from push_learn.classroom.store import ClassInfo, ClassroomError, NotFound
from push_learn.classroom.table_games import (
    ASSIGNMENT_LENGTHS,
    OPTION_WORDS,
    TABLE_OPTIONS,
    assignment_rules,
    usual_length,
)
from push_learn.classroom.teacher_pages import PAGE_PATH, STYLE, TeacherRequestHandler, escaped, typed_number
from push_learn.classroom.teacher_results import render_live_data
from push_learn.classroom.teacher_tables import TableHandler, render_table_form, table_action
from push_learn.protocol import GameSpec, counted
from push_learn.records import cut, short

__all__ = ["SHEETS", "ExportHandler", "RecordHandler", "TableHandler", "TeacherHandler", "render_assignment_form",
           "render_class", "render_page"]

REFRESH_SECONDS = 5
"""How often the page fetches its live part again."""
SHEETS = ("students", "assignments", "results", "trainer", "attempts")
"""The CSV sheets of a class the page links to."""
SAID_COOKIE = "push_learn_said"
"""The signed cookie that carries what a form did to the page shown after it (read once, then cleared)."""
SAID_LONGEST = 1_000
"""The most characters of a form's answer the cookie carries (a cookie holds some 4,000 bytes)."""
SAID_MINUTES = 10
"""How long the answer waits for its page (the browser asks for it at once)."""

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
  var length = form.elements.namedItem("length");  // not .length: the number of the form's fields
  function fit() {
    var chosen = game.options[game.selectedIndex];
    length.disabled = !chosen.dataset.length;
    length.placeholder = chosen.dataset.length || "a whole match";
    length.max = chosen.dataset.most;
    if (length.disabled) { length.value = ""; }
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
greyed out, and so is the length of a game that plays a whole match (the server refuses them in words anyway, for a
page without scripts)."""


def _game_option(key: str, spec: GameSpec) -> str:
    """The assignment form's option for game ``key``, with what the page's script fits the form to: its table sizes,
    bot levels, usual bots, options and usual and longest length (a game against the dealer has no table size and no
    bots: D-CLS-10; only brag and Three Card Poker have a length: D-CLS-12)."""
    dealer = spec.against_dealer
    players = "" if dealer else " ".join(map(str, spec.players))
    bots, usual = ("", "") if dealer else (" ".join(spec.bots), spec.default_level)
    allowed = ASSIGNMENT_LENGTHS.get(key)
    length, most = ("", "") if allowed is None else (counted(usual_length(key), allowed.unit), str(allowed.most))
    return (f'<option value="{key}" data-players="{players}" data-bots="{bots}" data-usual="{usual}" '
            f'data-options="{" ".join(TABLE_OPTIONS.get(key, ()))}" data-length="{length}" data-most="{most}">'
            f"{escaped(spec.title)}</option>")


def render_assignment_form(code: str, xsrf: str) -> str:
    """The form that sets class ``code``'s assignment of the day: the game, the number of players, the game's
    options, the deal number, the length (a brag match's deals, a Three Card Poker session's rounds: D-CLS-12) and
    the bots, each offered as the catalogue allows (the script greys out the rest)."""
    games = assignment_games()
    usual = next(iter(games.values())).default_level  # the bots of the game the form shows first
    tables = {key: spec for key, spec in games.items() if not spec.against_dealer}
    variants = "".join(_game_option(key, spec) for key, spec in games.items())
    levels = "".join(f'<option value="{key}"{" selected" if key == usual else ""}>{escaped(words)}</option>'
                     for key, words in level_words(tables).items())
    if len(tables) < len(games):
        levels += '<option value="">none: against the dealer</option>'
    sizes = "".join(f'<option value="{n}">{n}</option>' for n in sorted({n for spec in tables.values()
                                                                          for n in spec.players}))
    sizes_help = "; ".join(f"{spec.title} alone against the dealer" if spec.against_dealer
                           else f"{spec.title} {spec.players_words}" for spec in games.values())
    longest = max(allowed.most for allowed in ASSIGNMENT_LENGTHS.values())
    length_help = "; ".join(
        f"{games[game].title}: 1 to {allowed.most} {allowed.unit}s, "
        f"{counted(usual_length(game), allowed.unit)} unless given"
        for game, allowed in ASSIGNMENT_LENGTHS.items() if game in games) + "; the other games play a whole match"
    options = "".join(
        f'<label><input type="checkbox" name="{name}" value="1"> {escaped(words)} '
        f'({escaped(" or ".join(offered))} only)</label>'
        for name, words in OPTION_WORDS.items()
        if (offered := [spec.title for game, spec in games.items() if name in TABLE_OPTIONS.get(game, ())]))
    return (
        f'<form method="post" aria-label="Set the assignment of the day">{xsrf}'
        f'<input type="hidden" name="action" value="assign"><input type="hidden" name="code" value="{escaped(code)}">'
        f"<label>Game <select name=\"variant\">{variants}</select></label>"
        '<label>Players <select name="players" aria-describedby="pl-sizes">'
        f'<option value="" selected>the usual number</option>{sizes}</select></label>'
        f'<span id="pl-sizes" class="pl-help">({escaped(sizes_help)})</span>{options}'
        '<label>Deal number <input name="deal" type="number" min="1" max="999999" '
        'placeholder="any"></label>'
        f'<label>Length <input name="length" type="number" min="1" max="{longest}" placeholder="usual" '
        f'aria-describedby="pl-length"></label><span id="pl-length" class="pl-help">({escaped(length_help)})</span>'
        f"<label>Bots <select name=\"level\">{levels}</select></label>"
        "<button type=\"submit\">Set today's assignment</button></form>")


def render_class(service: ClassService, info: ClassInfo, xsrf: str) -> str:
    """The sections of one class: code, assignment form, live view, leaderboards, exercises, class tables, export,
    delete."""
    store = service.store
    code = info.code
    assignments = store.assignments(code)
    today = escaped(describe(assignments[0])) if assignments else "no assignment yet"
    links = " ".join(f'<a href="{PAGE_PATH}/export/{escaped(code)}/{sheet}.csv" download>{sheet}.csv</a>'
                     for sheet in SHEETS)
    return (
        f'<section aria-labelledby="pl-class-title"><h2 id="pl-class-title">{escaped(info.name)}</h2>'
        f'<p>Class code to hand out: <span class="pl-code">{escaped(code)}</span> '
        f"({counted(len(store.students(code)), 'student')} joined)</p>"
        f'<p>Today: <strong class="pl-today">{today}</strong></p>'
        f"{render_assignment_form(code, xsrf)}</section>"
        + render_live_data(service, code, assignments, xsrf)
        + render_table_form(code, xsrf)
        + f'<section aria-labelledby="pl-export-title"><h2 id="pl-export-title">Export and remove</h2>'
        f"<p>CSV for a spreadsheet: {links}</p>"
        f'<form method="post" aria-label="Delete this class">{xsrf}'
        f'<input type="hidden" name="action" value="delete"><input type="hidden" name="code" value="{escaped(code)}">'
        f'<label>Type the class code to delete the class and everything of it <input name="confirm" '
        f'autocomplete="off"></label><button type="submit">Delete the class</button></form></section>')


def render_page(service: ClassService, chosen: str | None, xsrf: str, message: str = "", ok: bool = True) -> str:
    """The whole teacher's page: the classes, a form for a new one, and the chosen class."""
    classes = service.store.classes()
    nav = " ".join(f'<a href="?{urlencode({"class": c.code})}">{escaped(c.name)} ({escaped(c.code)})</a>'
                   for c in classes)
    info = next((c for c in classes if c.code == (chosen or "").upper()), classes[-1] if classes else None)
    note = f'<p class="{"pl-ok" if ok else "pl-wrong"}" role="status">{escaped(message)}</p>' if message else ""
    body = render_class(service, info, xsrf) if info else "<section><p>No class yet: create one above.</p></section>"
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>Teacher's dashboard</title><style>{STYLE}</style></head><body><main>"
        "<h1>Teacher's dashboard</h1>"
        f"{note}<nav aria-label=\"Classes\">{nav}</nav>"
        f'<section aria-labelledby="pl-new-title"><h2 id="pl-new-title">A new class</h2>'
        f'<form method="post" aria-label="Create a class">{xsrf}<input type="hidden" name="action" value="create">'
        '<label>Class name <input name="name" required maxlength="40"></label>'
        "<button type=\"submit\">Create the class</button></form></section>"
        f"{body}</main>{_REFRESH_JS}{_CHOICES_JS}</body></html>"
    )


class TeacherHandler(TeacherRequestHandler):
    """The teacher's dashboard: GET shows it (``?class=CODE``), POST creates, assigns or deletes."""

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

    def _said(self) -> str:
        """What the last form did, told once: from the signed cookie the form's answer set, which is then cleared.
        Only this server can sign it, so a link cannot make the page say what no form did."""
        said = self.get_signed_cookie(SAID_COOKIE, max_age_days=SAID_MINUTES / (24 * 60))
        if self.get_cookie(SAID_COOKIE) is not None:
            self.clear_cookie(SAID_COOKIE, path=PAGE_PATH)
        return said.decode("utf-8", errors="replace") if said else ""

    @teacher_only
    async def get(self) -> None:
        """The page (and this browser's session noted as the teacher's, for the Deal Replayer's requests)."""
        user = self.current_user
        if user is not None:
            _service(self.settings).teachers.add(str(user.username))
        page = await self._page(self.get_argument("class", None), self._said())
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
                if variant not in games:
                    raise ClassroomError("choose a game and a bot level from the lists")
                level = assignment_level(variant, self.get_body_argument("level", ""))
                players_text = self.get_body_argument("players", "").strip()
                players = typed_number(players_text)
                if players_text and players is None:
                    raise ClassroomError(f"the number of players is a whole number, not {short(players_text, 20)}")
                length_text = self.get_body_argument("length", "").strip()
                length = typed_number(length_text)
                if length_text and length is None:
                    units = " or ".join(f"{allowed.unit}s" for allowed in ASSIGNMENT_LENGTHS.values())
                    raise ClassroomError(f"a length is a whole number of {units}, not {short(length_text, 20)}")
                rules = assignment_rules(variant, players, {name: True for name in OPTION_WORDS
                                                        if self.get_body_argument(name, "")}, length)
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
                return code, table_action(service, code, action, self.get_body_argument)
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
        self.set_signed_cookie(SAID_COOKIE, cut(said, SAID_LONGEST), expires_days=None, path=PAGE_PATH, httponly=True,
                               samesite="Strict")
        self.redirect(PAGE_PATH + ("?" + urlencode({"class": chosen}) if chosen else ""), status=303)


class RecordHandler(TeacherRequestHandler):
    """A student's sealed match record (``/push_learn/teacher/record/12.json``), for the teacher only: open it
    with the Deal Replayer's Load to replay that student's game move by move."""

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


class ExportHandler(TeacherRequestHandler):
    """One CSV sheet of a class (``/push_learn/teacher/export/CODE/results.csv``), for the teacher only."""

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
