"""The class's deal in a dashboard: what Play Push and the stud tables share when a student plays an assignment.

**A class assignment** (``?assignment=7``, the link the landing page gives a student who joined a class): the
kernel asks the server for the deal (``push_learn.classroom.client``), and the server answers for the student
whose browser opened the page: the game, its rules, the bots' level and the secret shuffle, which stays in the
kernel (the page shows "deal 1234", never the shuffle). The records sent name the student by their display name
(the poker tables call the seat "You" on the page, as in a free game); there is no take-back, new game, loading or
saving; hints are counted. Each time the student is to move, the kernel seals the game so far and the server keeps
it: a reload (or a restarted server) gets those moves back and continues the same game; the deal is never dealt
afresh (decision D-CLS-03). When the game ends, the kernel seals the record with the server's key, the hints in
its notes, and posts it; the store replays and scores it before it counts (it must continue the moves kept), and
the page says how it went.

For demonstrations and the browser tests, a server started with ``PUSH_LEARN_CLASS_AUTOPLAY=1`` lets
``&autoplay=1`` play the student's seat with a bot: the result travels the same path as a game played by hand.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from push_learn.apps.base import App
from push_learn.errors import RecordError
from push_learn.games import load_record
from push_learn.protocol import GameSpec
from push_learn.records import Record, seal_key_from_env
from push_learn.widgets.base import IntentError

__all__ = ["AUTOPLAY_ENV", "CLASS_RULE", "ClassDeal", "autoplay_asked", "bot_names", "class_deal", "class_level",
           "continued", "game_class_deal", "poker_class_deal", "setup_count", "shown_deal"]

T = TypeVar("T")

AUTOPLAY_ENV = "PUSH_LEARN_CLASS_AUTOPLAY"
"""Set to ``1`` on the server to let ``&autoplay=1`` play the student's seat with a bot (demonstrations, tests)."""
CLASS_RULE = "this is the class's deal: everyone plays it once, without taking moves back"


def class_deal(app: App, raw: str) -> dict[str, Any] | None:
    """The server's answer for the class's deal ``raw`` (``?assignment=``) for this page's student: game, rules,
    bots, secret shuffle, moves kept; or None, with a note on the page saying why, to play a free game."""
    from push_learn.classroom.client import ServiceError, configured, send

    if not configured():
        app.notes.append("This page was not opened from a class server, so the class's deal cannot be played "
                         "here; this is a free game.")
        return None
    try:
        deal: dict[str, Any] = send("deal", {"assignment": int(raw) if raw.isdigit() else raw})
        return {**deal, "seed": int(deal["seed"]), "student": str(deal["student"]), "id": int(deal["id"]),
                "rules": dict(deal["rules"]), "progress": list(deal.get("progress") or ())}
    except (ServiceError, KeyError, ValueError, TypeError) as error:
        app.notes.append(f"The class's deal could not be opened ({error}); this is a free game.")
        return None


def game_class_deal(app: App, raw: str, game: str) -> dict[str, Any] | None:
    """The class's deal ``raw`` (``class_deal``) when it is a deal of ``game``; else None, with a note on the page
    saying why, to play a free game."""
    from push_learn.games import GAMES, title_of

    deal = class_deal(app, raw)
    if deal is not None and deal.get("game") != game:
        app.notes.append(f"The class's deal is a game of {title_of(str(deal.get('game')))}, not of "
                         f"{GAMES[game].title}: open it from the landing page. This is a free game.")
        return None
    return deal


def poker_class_deal(app: App, raw: str, game: str) -> dict[str, Any] | None:
    """The class's deal ``raw`` (``game_class_deal``) when it is a deal of the poker game ``game`` for a number of
    players the game allows, with its ``players`` and the bots' ``level`` (the game's usual bots for a level it does
    not have); else None, with a note on the page saying why, to play a free game."""
    from push_learn.games import GAMES

    deal = game_class_deal(app, raw, game)
    if deal is None:
        return None
    spec = GAMES[game]
    players = deal["rules"].get("players")
    if isinstance(players, bool) or players not in spec.players:
        app.notes.append(f"The class's deal could not be opened ({spec.title} is for {spec.players_words} players, "
                         f"not {players!r}); this is a free game.")
        return None
    return {**deal, "players": players, "level": class_level(deal, spec)}


def setup_count(app: App, deal: Mapping[str, Any], name: str, what: str, unit: str) -> int | None:
    """The whole number ``name`` of the class's deal's set-up, kept beside its rules (a brag match's ``hands``, a
    Three Card Poker session's ``rounds``: ``table_games.TABLE_SETUP``); or None, with a note on the page saying why
    (the class's ``what`` needs a number of ``unit``), to play a free game."""
    from push_learn.classroom.table_games import split_rules

    count = split_rules(str(deal.get("game")), deal["rules"])[1].get(name)
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        app.notes.append(f"The class's {what} could not be opened (it needs a number of {unit}, not {count!r}); "
                         "this is a free game.")
        return None
    return count


def class_level(deal: Mapping[str, Any], spec: GameSpec) -> str:
    """The bots' level of the class's deal, or the game's usual bots (``GameSpec.default_level``) for a level
    ``spec``'s game does not have."""
    level = deal.get("bot_level")
    return level if isinstance(level, str) and level in spec.bots else spec.default_level


def shown_deal(deal: Mapping[str, Any]) -> dict[str, Any]:
    """The class's deal as the page may keep it: without its secret shuffle and the moves kept."""
    return {key: value for key, value in deal.items() if key not in ("seed", "progress")}


def bot_names(count: int) -> tuple[str, ...]:
    """The names of ``count`` computer players at a class's deal (the student plays under their own).

    >>> bot_names(3)
    ('Bot 1', 'Bot 2', 'Bot 3')
    """
    return tuple(f"Bot {n}" for n in range(1, count + 1))


def continued(make: Callable[[], T]) -> T:
    """``make()``: the table of the class's deal; moves kept that no longer replay are said in words (the deal is
    never dealt afresh instead)."""
    try:
        return make()
    except RecordError as error:
        raise RecordError(f"the class's deal could not be continued ({error}); tell your teacher") from None


def autoplay_asked(app: App) -> bool:
    """Whether a bot plays the student's seat: the server allows it (``AUTOPLAY_ENV``) and the address asks."""
    return os.environ.get(AUTOPLAY_ENV) == "1" and app.query.options.get("autoplay") == "1"


class ClassDeal:
    """Mixin for a bot table (``PlayTable``, ``PokerTable``, ``BragTable``) playing a class assignment: the deal's
    number instead of its shuffle, hints counted, no take-back, new game, load, save or change of bots; the game so
    far is kept by the server whenever the student is to move (``moves`` continues it after a reload), and the
    sealed result is posted when the game ends.

    A table lists it first (``class ClassPokerTable(ClassDeal, PokerTable)``), fills in ``student_to_move`` and
    applies ``kept_applied`` to its first game (a ``BotTable`` does through ``_start``).
    """

    assignment: int
    hints_used: int
    autoplay: bool
    posted: dict[str, Any] | None
    """The service's answer to the posted result (``{"error": ...}`` when it was refused)."""
    kept: int
    """How many moves of the game the server keeps (a reload continues from there)."""
    student: str | None
    """The student's display name where the table itself names their seat "You" (the poker tables: the log reads
    "You keep 7♥"); the records sent to the server name the seat by it. None where the table names it so already."""
    _moves: tuple[Mapping[str, Any], ...]

    def __init__(self, *args: Any, assignment: int, autoplay: bool = False,
                 moves: Sequence[Mapping[str, Any]] = (), student: str | None = None, **options: Any) -> None:
        """Play the class's deal of ``assignment``, continuing ``moves`` kept by the server; with ``autoplay`` a bot
        plays the student's seat too; ``student`` names the student's seat in what is sent (``student``). ``args``
        and ``options`` are the table's own."""
        self.assignment = assignment
        self.student = student
        self.hints_used = 0
        self.autoplay = autoplay
        self.posted = None
        self._moves = tuple(moves)
        self.kept = len(self._moves)
        super().__init__(*args, **options)

    # ---- what the table fills in -------------------------------------------------------------
    def student_to_move(self) -> bool:
        """Whether the game waits for the student now (their move, or a pause only they can end)."""
        raise NotImplementedError

    if TYPE_CHECKING:  # the table's own (``BotTurns``, ``PushWidget``)
        seat: int
        """The student's seat."""

        def _current_game(self) -> Any:
            """The game the table plays."""

        def notify(self, kind: str, text: str) -> None:
            """Show a notice on the page."""

    # ---- the game ----------------------------------------------------------------------------
    def kept_applied(self, game: Any) -> Any:
        """``game`` (the class's deal, new) with the moves the server kept played again, the first time it is asked
        (a reload never deals the deal afresh); ``RecordError`` names a step that no longer replays."""
        moves, self._moves = self._moves, ()
        return load_record(game.record().with_actions(moves)) if moves else game

    def _start(self, game: Any, mine: list[int]) -> None:
        """Start the class's deal where the server kept it (a table that starts with ``BotTable._start``)."""
        super()._start(self.kept_applied(game), mine)  # type: ignore[misc]

    def view_state(self) -> dict[str, Any]:
        """The table, without the secret shuffle and without take-back; ``class_deal`` tells the page to offer none
        of the controls a class's deal refuses (take-back, saving, loading, other bots, a new game)."""
        state: dict[str, Any] = super().view_state()  # type: ignore[misc]
        state["seed"] = ""
        state["can_take_back"] = False
        state["class_deal"] = True
        return state

    def refresh(self) -> None:
        """Rebuild the page's state; keep the game so far when the student is to move; the first time the game is
        over, post the result."""
        game = self._current_game()
        if not game.over and self.student_to_move() and len(game.actions) > self.kept:
            self.keep_progress()
        if game.over and self.posted is None:
            self.posted = self.post_result()
            if "error" in self.posted:
                self.notify("refused", f"Your result was not recorded: {self.posted['error']}")
            else:
                self.notify("ok", f"Your result is on the class's leaderboard: {self.posted['text']}.")
        super().refresh()  # type: ignore[misc]

    def _outgoing(self) -> Record | None:
        """The game so far, the hints in its notes, sealed with the server's key; unsealed under JupyterHub, whose
        class service seals it (a student's server holds no key); None when no class server is configured."""
        from push_learn.classroom.client import hub_configured

        key = seal_key_from_env()
        if key is None and not hub_configured():
            return None
        record = self._current_game().record()
        players = record.players
        if self.student is not None and players is not None:
            players = tuple(self.student if s == self.seat else name for s, name in enumerate(players))
        record = dataclasses.replace(record, players=players, notes={"hints": self.hints_used})
        return record.sealed(key) if key is not None else record

    def keep_progress(self) -> None:
        """Seal the game so far and have the server keep it (a refusal is said on the page)."""
        from push_learn.classroom.client import ServiceError, send

        record = self._outgoing()
        if record is None:
            return
        try:
            self.kept = int(send("progress", {"assignment": self.assignment, "record": record.to_json()})["moves"])
        except (ServiceError, KeyError, ValueError, TypeError) as error:
            self.kept = len(self._current_game().actions)  # said once, not again at every refresh
            self.notify("refused", f"The server could not keep your moves so far: {error}")

    def post_result(self) -> dict[str, Any]:
        """Post the finished game's record (``_outgoing``) for this page's student."""
        from push_learn.classroom.client import ServiceError, send

        record = self._outgoing()
        if record is None:
            return {"error": "this page was not opened from a class server"}
        try:
            answer: dict[str, Any] = send("result", {"assignment": self.assignment, "record": record.to_json()})
        except ServiceError as error:
            return {"error": str(error)}
        return answer

    # ---- what a class's deal refuses ---------------------------------------------------------
    def _hint_intent(self, content: Mapping[str, Any]) -> None:
        """The table's hint, counted once it is given (a hint refused, say before the student's turn, is not)."""
        super()._hint_intent(content)  # type: ignore[misc]
        self.hints_used += 1

    def _takeback(self, _content: Mapping[str, Any]) -> None:
        raise IntentError(f"no take-back here: {CLASS_RULE}")

    def _new(self, _content: Mapping[str, Any]) -> None:
        raise IntentError(f"no new game here: {CLASS_RULE}")

    def _load(self, _content: Mapping[str, Any]) -> None:
        raise IntentError(f"no loading here: {CLASS_RULE}")

    def _save(self, _content: Mapping[str, Any]) -> None:
        raise IntentError("the class's deal is kept by the class server; the teacher's dashboard has it")

    def _level(self, _content: Mapping[str, Any]) -> None:
        raise IntentError("the teacher chose the computer players for this deal")
