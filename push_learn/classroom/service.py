"""The class store as a service of ``push-learn serve``: who may write, decided in the server process.

The store (and any database password) lives only in the server process. Nothing a student can run
reaches it directly; it is reached through the handlers here, and each handler decides *who* is
asking before the store is touched:

- **Browsers** (the landing page) join a class with a display name and a class code
  (``POST /push_learn/class/join``, the page's xsrf token). The store keeps which browser session is
  which student (table ``browsers``; ``ClassService.roster`` is only its cache), and the server signs
  session cookies with a key kept in the store, so a browser that comes back after the server
  restarted is the same student without joining again.
- **Dashboard kernels** (which run no student code) post with ``kernel_request``: the JSON body is
  signed with the server's sealing key (``PUSH_LEARN_SEAL_KEY``, handed down to the kernels it
  starts), and it comes from this computer without a browser's ``Origin``. The handler then asks
  ``push_learn.apps.access`` which browser session *owns* the kernel and acts for that session's
  student only: a kernel cannot name the student it writes for. A result must also be a record the
  kernel sealed, which the store replays and scores before it counts.
- **The teacher's pages** (``push_learn.classroom.teacher``) need the teacher key.

Refusals are one plain sentence in ``{"error": ...}`` with a 4xx status.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast
from urllib.parse import urlencode

from tornado import web
from tornado.ioloop import IOLoop
from tornado.log import app_log

from push_learn.classroom.store import (
    Assignment,
    ClassroomError,
    NotFound,
    ResultRefused,
    Store,
    display_name,
)
from push_learn.classroom.table_store import StepTaken, TableInfo, TableRefused, seat_in, table_to_json
from push_learn.errors import RecordError
from push_learn.protocol import counted, seat_words
from push_learn.records import same_secret

if TYPE_CHECKING:
    from push_learn.classroom.referee import Referee
    from push_learn.protocol import GameSpec

__all__ = [
    "ASSIGNMENT_DASHBOARDS",
    "AUTH_HEADER",
    "SERVICE_ENV",
    "SERVICE_SETTING",
    "TOKEN_ENV",
    "AttemptHandler",
    "ClassService",
    "JoinHandler",
    "KernelHandler",
    "Member",
    "assignment_dashboard",
    "assignment_games",
    "assignment_level",
    "assignment_query",
    "bot_words",
    "describe",
    "level_words",
    "request_signature",
]

SERVICE_ENV = "PUSH_LEARN_CLASS_SERVICE"
"""The environment variable giving kernels the server's address (``http://127.0.0.1:8866/``)."""
SERVICE_SETTING = "push_learn_class_service"
"""The tornado setting holding the server's ``ClassService``."""
AUTH_HEADER = "X-Push-Learn-Signature"
"""The header carrying a kernel request's signature (``request_signature``)."""
TOKEN_ENV = "PUSH_LEARN_CLASS_TOKEN"
"""The environment variable holding a student's own token in their JupyterLab (``ClassService.token``)."""
PREFIX = "/push_learn/class"
LOOPBACK = frozenset({"127.0.0.1", "::1"})
MAX_BODY = 2_100_000
_SIGNING = b"push_learn.class-request\x1f"

LEVEL_SAYINGS = {"search": "searching bots"}
"""The bot levels whose name does not read well before "bots"; every other level is said ``<level> bots``."""
ASSIGNMENT_DASHBOARDS: dict[str, str] = {"rummy": "play_push", "push_stud": "push_stud", "screw": "screw_your_neighbor",
                                         "brag": "brag", "three_card_poker": "three_card_trainer"}
"""The games an assignment of the day may deal, by family or game id, each with the dashboard (its slug) that plays
it: the rummy family's matches on Play Push, the push stud games' deals on their tables (D-CLS-06), a brag match of
several deals on Brag (D-CLS-08), a Three Card Poker session against the dealer on its trainer (D-CLS-10). The store
replays and scores every result (``scoring.default_score``): points left in rummy, chips won in the poker games
played against others, choices against the exact strategy in Three Card Poker."""

T = TypeVar("T")


def request_signature(key: bytes, body: bytes) -> str:
    """The hex HMAC-SHA256 a kernel sends with ``body``: proof that it holds the server's sealing key."""
    return hmac.new(key, _SIGNING + body, hashlib.sha256).hexdigest()


def bot_words(level: str) -> str:
    """A bot level as a sentence says it.

    >>> bot_words("greedy"), bot_words("search")
    ('greedy bots', 'searching bots')
    """
    return LEVEL_SAYINGS.get(level, f"{level} bots")


def level_words(games: Iterable[str] | None = None) -> dict[str, str]:
    """Every bot level that the catalogue's games offer (only ``games``' when given), in the catalogue's order,
    each with its words (``bot_words``).

    Read from each game's ``GameSpec.bots`` when asked, so no level a game offers is ever missing; the catalogue
    is imported at the first call, not with this module (which loads no game).

    >>> level_words(["push"])
    {'random': 'random bots', 'greedy': 'greedy bots', 'search': 'searching bots'}
    """
    from push_learn.games import GAMES

    specs = GAMES.values() if games is None else [GAMES[game] for game in games]
    return {level: bot_words(level) for spec in specs for level in spec.bots}


def assignment_games() -> dict[str, GameSpec]:
    """The catalogue's games an assignment of the day may deal (``ASSIGNMENT_DASHBOARDS``), by id, in the
    catalogue's order; each entry gives the game's title and usual bots (``GameSpec.default_level``).

    >>> [spec.title for spec in assignment_games().values()]
    ['Push', 'Cap-It', '6-7-8-9-10', 'Push stud', 'Screw Your Neighbor', 'Three-card brag', 'Three Card Poker']
    """
    from push_learn.games import GAMES

    return {game: spec for game, spec in GAMES.items()
            if game in ASSIGNMENT_DASHBOARDS or spec.family in ASSIGNMENT_DASHBOARDS}


def assignment_level(game: str, level: str) -> str:
    """The bots' level of an assignment of the day of ``game`` (one ``assignment_games`` lists) as the teacher chose
    it: the game's usual bots when none is chosen; none ("") for a game played against the dealer (D-CLS-10).
    ``ClassroomError`` in words for a level the game does not offer.

    >>> assignment_level("screw", ""), assignment_level("push", "search"), assignment_level("three_card_poker", "")
    ('threshold', 'search', '')
    >>> try:
    ...     assignment_level("three_card_poker", "strategy")
    ... except ClassroomError as error:
    ...     print(error)
    Three Card Poker is played against the dealer: choose no bots (none: against the dealer)
    """
    from push_learn.games import GAMES

    spec = GAMES[game]
    if spec.against_dealer:
        if level:
            raise ClassroomError(f"{spec.title} is played against the dealer: choose no bots "
                                 "(none: against the dealer)")
        return ""
    level = level or spec.default_level
    if level not in spec.bots:
        raise ClassroomError(f"choose a game and a bot level from the lists: {spec.title} is played "
                             f"against {' or '.join(bot_words(bots) for bots in spec.bots)}")
    return level


def assignment_dashboard(game: str) -> str:
    """The dashboard (its slug) that plays an assignment of ``game``.

    >>> assignment_dashboard("cap_it"), assignment_dashboard("screw")
    ('play_push', 'screw_your_neighbor')
    """
    from push_learn.games import spec_of

    return ASSIGNMENT_DASHBOARDS.get(game) or ASSIGNMENT_DASHBOARDS[spec_of(game).family]


def assignment_query(assignment: Assignment) -> str:
    """The query of the landing page's link to the dashboard that plays ``assignment``: its number, and for a rummy
    game the variant Play Push plays (the poker dashboards read no variant, and would say so under their title).

    >>> from push_learn.classroom.rows import Assignment
    >>> assignment_query(Assignment(7, "cap_it", "cap_it", {}, 12, 0, "greedy", (), 0))
    'assignment=7&variant=cap_it'
    >>> assignment_query(Assignment(8, "brag", "brag", {}, 12, 0, "random", (), 0))
    'assignment=8'
    """
    from push_learn.games import spec_of

    query = f"assignment={assignment.id}"
    return f"{query}&{urlencode({'variant': assignment.variant})}" if spec_of(assignment.game).family == "rummy" \
        else query


def describe(assignment: Assignment) -> str:
    """The assignment as the landing page says it: ``Push, deal 1234, against greedy bots``; a game with options
    or another number of players than usual says so: ``Roll Your Own push for 5 players, deal 77, against threshold
    bots`` (the rules' own name, D-CLS-07); a game played against the dealer says its rounds: ``Three Card Poker,
    deal 77, 10 rounds against the dealer`` (D-CLS-10); a brag match of other than five deals says how many:
    ``Three-card brag, 8 deals, deal 77, against sensible bots`` (D-CLS-12)."""
    from push_learn.classroom.table_games import ASSIGNMENT_LENGTHS, TABLE_OPTIONS, usual_length

    spec = assignment_games().get(assignment.variant)
    game = assignment.variant if spec is None else spec.title
    rules = assignment.rules
    if spec is not None and spec.against_dealer:
        rounds = rules.get("rounds")
        session = counted(rounds, "round") if isinstance(rounds, int) and not isinstance(rounds, bool) else "a session"
        return f"{game}, deal {assignment.deal_number}, {session} against the dealer"
    if any(rules.get(name) is True for name in TABLE_OPTIONS.get(assignment.variant, ())):
        game = str(rules.get("name") or game)
    players = rules.get("players")
    if spec is not None and isinstance(players, int) and players != spec.default_players:
        game += f" for {players} players"
    allowed = ASSIGNMENT_LENGTHS.get(assignment.variant)
    length = rules.get(allowed.field) if allowed is not None else None
    if allowed is not None and isinstance(length, int) and length != usual_length(assignment.variant):
        game += f", {counted(length, allowed.unit)}"
    return f"{game}, deal {assignment.deal_number}, against {bot_words(assignment.bot_level)}"


def _dashboard_title(assignment: Assignment) -> str:
    """The title of the dashboard that plays ``assignment`` (``Play Push``), as the teacher's live view says it."""
    from push_learn.apps.catalogue import dashboard

    return dashboard(assignment_dashboard(assignment.game)).title


@dataclass(frozen=True)
class Member:
    """A browser session that joined a class: the class's code and name, and the student's display name."""

    code: str
    class_name: str
    name: str


@dataclass
class Activity:
    """What a student was last seen doing (for the teacher's live view)."""

    dashboard: str
    deal: str
    status: str
    at: float


class ClassService:
    """The store plus what the server knows about browsers: which session is which student, who does what.

    Every method may block on the database: handlers call them in a worker thread.
    """

    def __init__(self, store: Store, seal_key: bytes, root: Path | None = None) -> None:
        if not seal_key:
            raise ValueError("the class service needs the server's sealing key")
        self.store = store
        self.seal_key = seal_key
        self.root = root
        """The folder of dashboards the server serves (None: not known, taken to hold every dashboard)."""
        self.roster: dict[str, Member] = {}
        """Browser session -> the student it joined as (a cache of the store's ``browsers`` table)."""
        self.activity: dict[tuple[str, str], Activity] = {}
        """(class code, student) -> what they did last."""
        self.teachers: set[str] = set()
        """Browser sessions that opened the teacher's dashboard (their kernels may read students' records)."""
        self._lock = threading.Lock()
        self._referee: Referee | None = None

    def serves(self, notebook: str) -> bool:
        """Whether the server serves dashboard ``notebook`` (``deal_replayer.ipynb``): a lesson's folder
        (``push-learn serve --root``) may hold only some dashboards."""
        return self.root is None or (self.root / notebook).is_file()

    @property
    def referee(self) -> Referee:
        """Checks every move a kernel appends to a class table against the table's game (D-TBL-21).

        Made at the first append, so that a server whose classes play no table never imports the game
        catalogue and its engines (``push_learn.classroom.referee`` imports them).
        """
        with self._lock:
            if self._referee is None:
                from push_learn.classroom.referee import Referee

                self._referee = Referee()
            return self._referee

    # ---- students ----------------------------------------------------------------------------
    def join(self, session: str, code: object, name: object) -> Member:
        """Session ``session`` joins class ``code`` as ``name`` (a display name, nothing else)."""
        if not isinstance(code, str) or not code.strip():
            raise ClassroomError("type the class code your teacher gave you")
        tidy = display_name(name, "your name")
        info = self.store.class_info(code.strip())
        student = self.store.remember_browser(session, info.code, tidy)
        member = Member(info.code, info.name, student.name)
        with self._lock:
            self.roster[session] = member
        self.seen(member, "landing page", "", "joined")
        return member

    def token(self, member: Member) -> str:
        """The student's own token for their JupyterLab (``PUSH_LEARN_CLASS_TOKEN``): it records exercise
        attempts as this student and nobody else, and does nothing else (valid until the server restarts)."""
        text = f"{member.code}\x1f{member.name}".encode()
        return hmac.new(self.seal_key, b"push_learn.student-token\x1f" + text, hashlib.sha256).hexdigest()[:32]

    def member_of_token(self, token: str) -> Member | None:
        """The student a token was given to, if any (only students who joined since the server started)."""
        with self._lock:
            members = list(self.roster.values())
        for member in members:
            if same_secret(token, self.token(member)):
                return member
        return None

    def member(self, session: str | None) -> Member | None:
        """The student this browser session joined as, if it did (asked of the store the first time)."""
        if session is None:
            return None
        with self._lock:
            known = self.roster.get(session)
        if known is not None:
            return known
        found = self.store.browser(session)
        if found is None:
            return None
        info, student = found
        member = Member(info.code, info.name, student.name)
        with self._lock:
            self.roster[session] = member
        return member

    def seen(self, member: Member, dashboard: str, deal: str, status: str) -> None:
        """Note what ``member`` is doing now."""
        with self._lock:
            self.activity[(member.code, member.name)] = Activity(dashboard, deal, status, time.time())

    def live(self, code: str) -> list[tuple[str, Activity]]:
        """The students of class ``code`` seen since the server started, by name."""
        with self._lock:
            rows = [(name, act) for (c, name), act in self.activity.items() if c == code]
        return sorted(rows, key=lambda row: row[0].casefold())

    def today(self, code: str) -> Assignment | None:
        """The class's newest assignment ("the assignment of the day"), or None."""
        assignments = self.store.assignments(code)
        return assignments[0] if assignments else None

    def welcome(self, member: Member) -> dict[str, Any]:
        """What the landing page shows a student who joined: the class and today's assignment (no seed)."""
        today = self.today(member.code)
        return {
            "name": member.name,
            "class": member.class_name,
            "code": member.code,
            "token": self.token(member),
            "today": None if today is None else {**today.public(), "text": describe(today),
                                                  "dashboard": assignment_dashboard(today.game),
                                                  "query": assignment_query(today)},
        }

    # ---- dashboard kernels -------------------------------------------------------------------
    def _assignment_of(self, member: Member, assignment_id: object) -> Assignment:
        if isinstance(assignment_id, bool) or not isinstance(assignment_id, int):
            raise ClassroomError("the dashboard did not say which assignment it plays")
        assignment = self.store.assignment(assignment_id)
        if all(other.id != assignment.id for other in self.store.assignments(member.code)):
            raise ClassroomError(f"assignment {assignment_id} is not one of class {member.code}'s")
        return assignment

    def deal_for(self, member: Member, assignment_id: object) -> dict[str, Any]:
        """What a dashboard kernel needs to deal the assignment for its student: the secret seed too, and
        the moves played so far when the student opened it before (a reload continues the same match)."""
        assignment = self._assignment_of(member, assignment_id)
        if any(row.student == member.name for row in self.store.leaderboard(assignment.id)):
            raise ClassroomError(f"you have already played deal {assignment.deal_number}: your result is on the "
                                 "class's leaderboard, and only the first game counts")
        opening = self.store.open_deal(assignment.id, member.name)
        status = "playing" if opening.opens == 1 else f"playing (opened {opening.opens} times)"
        self.seen(member, _dashboard_title(assignment), f"deal {assignment.deal_number}", status)
        progress = None if opening.progress is None else [dict(action) for action in opening.progress.actions]
        return {**assignment.public(), "seed": assignment.seed, "rules": dict(assignment.rules),
                "student": member.name, "text": describe(assignment), "opens": opening.opens, "progress": progress}

    def keep(self, member: Member, assignment_id: object, record: object) -> dict[str, Any]:
        """Keep the match so far of ``member`` on an assignment (sealed by the kernel), for a reload to continue."""
        assignment = self._assignment_of(member, assignment_id)
        if not isinstance(record, str | dict):
            raise ResultRefused("the match so far must be a sealed match record")
        return {"moves": self.store.save_progress(assignment.id, member.name, record)}

    def trainer_session(self, member: Member, token: object, record: object) -> dict[str, Any]:
        """Hand a kernel's sealed Three Card Poker session to the store for ``member``; the store replays it."""
        if not isinstance(record, str | dict):
            raise ResultRefused("the trainer session must be a sealed record")
        accepted = self.store.submit_session(member.code, member.name, token if isinstance(token, str) else "",
                                             record)
        score = accepted.score
        self.seen(member, "Three Card Poker trainer", f"{score.rounds} rounds",
                  f"{score.agreed} of {score.decisions} as the strategy")
        return {"session": accepted.id, "text": score.describe(), "finished": score.finished}

    def submit(self, member: Member, assignment_id: object, record: object) -> dict[str, Any]:
        """Hand a kernel's sealed record to the store for ``member``; the store checks and scores it."""
        assignment = self._assignment_of(member, assignment_id)
        if not isinstance(record, str | dict):
            raise ResultRefused("the result must be a sealed match record")
        accepted = self.store.submit_result(assignment.id, member.name, record)
        score = accepted.score
        self.seen(member, _dashboard_title(assignment), f"deal {assignment.deal_number}",
                  f"finished: {score.outcome}")
        return {"result": accepted.id, "points": score.points, "deals_won": score.deals_won,
                "moves": score.moves, "hints": score.hints, "text": score.describe()}

    # ---- class tables (issue 24) -------------------------------------------------------------
    def lobby(self, member: Member) -> dict[str, Any]:
        """The class's tables that are not over, as the lobby shows them (no seeds)."""
        return {"tables": [info.public() for info in self.store.tables(member.code)], "student": member.name}

    def _seated(self, member: Member, table_id: object) -> TableInfo:
        """The table ``table_id`` of ``member``'s class, which ``member`` sits at (else refused in words)."""
        info = self.store.table(_whole(table_id, "a table"))
        if info.class_code != member.code:
            raise ClassroomError(f"table {info.id} is not one of class {member.code}'s")
        if info.seat_of(member.name) is None:
            raise TableRefused(f"{member.name} does not sit at table {info.id}")
        return info

    def replay(self, body: Mapping[str, Any]) -> dict[str, str]:
        """A record for the teacher's replayer (``{"table": N}`` or ``{"result": N}``), with ``about``: what it is,
        in the words the replayer puts under its title ("Ann's game of Push, deal 1234, against greedy bots",
        "Push stud · class table 3"). ``NotFound`` when there is no such table or result."""
        from push_learn.games import title_of

        if "table" in body:
            info = self.store.table(_whole(body.get("table"), "a table"))
            return {"record": self.table_record(info.id), "about": f"{title_of(info.game)} · class table {info.id}"}
        number = _whole(body.get("result"))
        student, assignment = self.store.result_owner(number)
        return {"record": self.store.result_record(number).to_json(),
                "about": f"{student}'s game of {describe(self.store.assignment(assignment))}"}

    def table_record(self, table_id: object) -> str:
        """The record of class table ``table_id`` as JSON, replayed from the store's log (for the teacher's
        pages only: it holds every hand). ``NotFound`` when there is no such table."""
        from push_learn.classroom.table_games import replay_table

        info = self.store.table(_whole(table_id, "a table"))
        actions = [row.action for row in self.store.table_log(info.id)]
        text: str = replay_table(info.game, info.rules, info.seed, actions).record().to_json(indent=1)
        return text

    def table_request(self, member: Member, action: str, body: dict[str, Any]) -> dict[str, Any]:
        """A dashboard kernel's request about a class table, for ``member`` (the kernel's owner).

        ``new`` opens a table and seats the student; ``sit``, ``start``; ``state`` (seed included: the
        kernel's replica needs it), ``log``, ``seen``, and ``append``: the student's own seat's action,
        or a bot's turn (a bot's seat or an idle student's), never another student's move; the server plays
        it on its own copy of the table's game first (``referee``), so a move the rules refuse never reaches
        the log, and the game's end is the server's reading, not the kernel's ``ends``.
        """
        if action == "lobby":
            return self.lobby(member)
        if action == "new":
            from push_learn.classroom.table_games import TABLE_GAMES, chosen_rules, table_spec

            game = str(body.get("game", TABLE_GAMES[0]))
            spec = table_spec(game)
            level = body.get("level", spec.default_level)
            if not isinstance(level, str) or level not in spec.bots:
                raise ClassroomError(f"choose {spec.title}'s bots among {', '.join(spec.bots)}, "
                                     f"not {str(level)[:20]!r}")
            rules = chosen_rules(game, body.get("players"), body.get("options") or {})
            # opened and sat at in one transaction: a seat the store refuses leaves no empty table behind
            info = self.store.open_table(member.code, game, rules, int(rules["players"]), bot_level=level,
                                         student=member.name, seat=body.get("seat"))
            return {"table": table_to_json(info, seed=True)}
        if action == "sit":
            info = self.store.table(_whole(body.get("table"), "a table"))
            if info.class_code != member.code:
                raise ClassroomError(f"table {info.id} is not one of class {member.code}'s")
            info = self.store.sit(info.id, member.name, body.get("seat"))
            self.seen(member, "Class table", f"table {info.id}", "seated")
            return {"table": table_to_json(info, seed=True)}
        info = self._seated(member, body.get("table"))
        if action == "start":
            return {"table": table_to_json(self.store.start_table(info.id), seed=True)}
        if action == "state":
            return {"table": table_to_json(info, seed=True)}
        if action == "seen":
            self.store.seen_at_table(info.id, member.name)
            self.seen(member, "Class table", f"table {info.id}", f"step {info.steps + 1}")
            return {"ok": True}
        if action == "log":
            since = body.get("since", 0)
            rows = self.store.table_log(info.id, since if isinstance(since, int) and since >= 0 else 0)
            return {"log": [{"step": r.step, "seat": r.seat, "action": dict(r.action), "by_bot": r.by_bot,
                             "at_ms": r.at_ms} for r in rows]}
        if action == "append":
            seat = seat_in(body.get("seat"), len(info.seats), f"table {info.id}")
            step, by_bot, own = body.get("step"), body.get("by_bot") is True, info.seat_of(member.name)
            if by_bot and info.bot_for(seat) is None:
                raise TableRefused(f"no bot plays {seat_words(seat)} of table {info.id} now: its student does")
            if not by_bot and seat != own:
                raise TableRefused(f"{member.name} sits in {'no seat' if own is None else seat_words(own)}, so a "
                                   f"move for {seat_words(seat)} is not theirs to send")
            raw = body.get("action")
            if not isinstance(raw, dict) or not isinstance(step, int):
                raise ClassroomError("an append names its step and carries the action")
            try:
                logged = self.referee.play(
                    info, step, seat, raw, lambda: self.store.table_log(info.id),
                    lambda ends: self.store.append_action(info.id, step, seat, raw, by_bot=by_bot, ends=ends))
            except StepTaken:
                return {"taken": True}
            return {"step": logged.step, "at_ms": logged.at_ms}
        raise NotFound(f"there is no table request {action[:30]!r}")

    def attempt(self, member: Member, body: dict[str, Any]) -> dict[str, Any]:
        """Record an exercise attempt of ``member``."""
        notebook, exercise = body.get("notebook"), body.get("exercise")
        if not isinstance(notebook, str) or not isinstance(exercise, str) or not isinstance(body.get("correct"), bool):
            raise ClassroomError("an attempt names its notebook and exercise and says whether it was right")
        number = self.store.record_attempt(member.code, member.name, notebook, exercise,
                                           str(body.get("answer", "")), correct=bool(body["correct"]))
        self.seen(member, notebook, exercise, "right" if body["correct"] else "wrong")
        return {"attempt": number}


def _whole(value: object, what: str = "a result") -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ClassroomError(f"{what} is named by its number")
    return value


def _service(settings: dict[str, Any]) -> ClassService:
    service = settings.get(SERVICE_SETTING)
    if not isinstance(service, ClassService):
        raise web.HTTPError(404)
    return service


async def _blocking(call: Callable[[], T]) -> T:
    """Run a store call in a worker thread so that the server keeps answering pages meanwhile."""
    return await cast("Awaitable[T]", IOLoop.current().run_in_executor(None, call))


class _JSONHandler(web.RequestHandler):
    """JSON in and out; refusals are ``{"error": "one sentence"}``."""

    def set_default_headers(self) -> None:
        """Never cached."""
        self.set_header("Cache-Control", "no-store")

    def prepare(self) -> None:
        """Check the page's xsrf token on every write from a browser (Voila's application does not turn
        tornado's own check on, so it is asked for here); kernels' and tokens' handlers skip it."""
        if self.request.method not in ("GET", "HEAD", "OPTIONS"):
            self.check_xsrf_cookie()

    def reply(self, data: dict[str, Any], status: int = 200) -> None:
        """Send ``data`` as JSON."""
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps(data, ensure_ascii=False))

    def refuse(self, status: int, text: str) -> None:
        """Refuse in words."""
        self.reply({"error": text}, status)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """Errors as JSON too, never a traceback."""
        reason = {403: "this is not allowed here", 404: "there is no class service here"}.get(
            status_code, "the class service could not do that")
        self.reply({"error": reason}, status_code)

    def body_json(self) -> dict[str, Any]:
        """The request's JSON object; ``HTTPError(400)`` otherwise."""
        if len(self.request.body) > MAX_BODY:
            raise web.HTTPError(413)
        try:
            data = json.loads(self.request.body or b"{}")
        except (ValueError, UnicodeDecodeError):
            raise web.HTTPError(400) from None
        if not isinstance(data, dict):
            raise web.HTTPError(400)
        return data

    async def act(self, call: Callable[[], dict[str, Any]]) -> None:
        """Run ``call`` in a worker thread; its answer, or its refusal in words (400, or 404 for unknown)."""
        try:
            self.reply(await _blocking(call))
        except NotFound as exc:
            self.refuse(404, str(exc))
        except (ClassroomError, RecordError) as exc:
            self.refuse(400, str(exc))


class JoinHandler(_JSONHandler):
    """The landing page's class: GET says whom this browser joined as and today's assignment; POST joins."""

    def get_current_user(self) -> Any:
        """The browser's user from the server's identity provider (None without the class key)."""
        provider = self.settings.get("identity_provider")
        return None if provider is None else provider.get_user(self)

    def _session(self) -> str:
        user = self.current_user
        if user is None:
            raise web.HTTPError(403)
        return str(user.username)

    async def get(self) -> None:
        """``{"joined": false}``, or the student, the class and today's assignment."""
        service = _service(self.settings)
        session = self._session()
        member = await _blocking(lambda: service.member(session))
        if member is None:
            self.reply({"joined": False})
            return
        await self.act(lambda: {"joined": True, **service.welcome(member)})

    async def post(self) -> None:
        """Join ``{"code": ..., "name": ...}`` (the page's xsrf token in ``X-XSRFToken``)."""
        service = _service(self.settings)
        session = self._session()
        body = self.body_json()

        def join() -> dict[str, Any]:
            member = service.join(session, body.get("code"), body.get("name"))
            return {"joined": True, **service.welcome(member)}

        await self.act(join)


class KernelHandler(_JSONHandler):
    """Requests of dashboard kernels: ``student`` (whom is this page for), ``deal`` (today's deal for my
    student, with the moves kept so far), ``progress`` (keep the moves so far), ``result``, ``session`` (a
    Three Card Poker trainer session), ``attempt``.

    Accepted only from this computer, without a browser's ``Origin``, with a body signed with the
    server's sealing key; the student is the owner of the kernel named in the body, never a name the
    kernel gives.
    """

    def check_xsrf_cookie(self) -> None:
        """No xsrf cookie: kernels are not browsers; the signature authenticates them instead."""

    async def post(self, action: str) -> None:
        """Authenticate the kernel, find the session that owns it, and act for that session's student."""
        from push_learn.apps.guards import OWNERS_SETTING, KernelOwners

        service = _service(self.settings)
        if "Origin" in self.request.headers or self.request.remote_ip not in LOOPBACK:
            app_log.warning("refused a class request from %s: only the server's kernels may send them",
                            self.request.remote_ip)
            self.refuse(403, "only the dashboards' kernels on this server may send this")
            return
        signature = self.request.headers.get(AUTH_HEADER, "")
        if not same_secret(signature, request_signature(service.seal_key, self.request.body)):
            app_log.warning("refused a class request with a wrong signature")
            self.refuse(403, "this request is not signed with the server's key")
            return
        body = self.body_json()
        owners = self.settings.get(OWNERS_SETTING)
        kernel = body.get("kernel")
        session = owners.owner(kernel) if isinstance(owners, KernelOwners) and isinstance(kernel, str) else None
        if action == "record":  # the Deal Replayer of the teacher's browser opens a student's game
            if session is None or session not in service.teachers:
                self.refuse(403, "only the teacher's pages may open a student's game")
                return
            await self.act(lambda: service.replay(body))  # or a finished class table
            return
        member = await _blocking(lambda: service.member(session))
        if member is None:
            self.refuse(403, "the browser that opened this dashboard has not joined a class on the landing page")
            return
        if action == "student":  # a dashboard asks whom it is for (the trainer plays under that name)
            self.reply({"student": member.name, "class": member.class_name})
        elif action == "deal":
            await self.act(lambda: service.deal_for(member, body.get("assignment")))
        elif action == "result":
            await self.act(lambda: service.submit(member, body.get("assignment"), body.get("record")))
        elif action == "progress":
            await self.act(lambda: service.keep(member, body.get("assignment"), body.get("record")))
        elif action == "session":
            await self.act(lambda: service.trainer_session(member, body.get("token"), body.get("record")))
        elif action == "attempt":
            await self.act(lambda: service.attempt(member, body))
        elif action.startswith("table_"):
            await self.act(lambda: service.table_request(member, action[len("table_"):], body))
        else:
            self.refuse(404, f"the class service has no request {action[:30]!r}")


class AttemptHandler(_JSONHandler):
    """Exercise attempts from a student's own JupyterLab (``tutor.check``): ``Authorization: token <t>``, the
    token the landing page gave that student's browser. A student's kernel holds no key and no database
    address: the token can only add attempts under its own student's name."""

    def check_xsrf_cookie(self) -> None:
        """No xsrf cookie: the token authenticates the request (a browser never sends it by itself)."""

    async def post(self) -> None:
        """Record the attempt for the token's student."""
        service = _service(self.settings)
        scheme, _, token = self.request.headers.get("Authorization", "").partition(" ")
        member = service.member_of_token(token.strip()) if scheme.lower() == "token" else None
        if member is None:
            self.refuse(403, "this token is not a student's of a class on this server (join on the landing page)")
            return
        body = self.body_json()
        await self.act(lambda: service.attempt(member, body))
