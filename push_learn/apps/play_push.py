"""Play Push: a whole match of Push, Cap-It or 6-7-8-9-10 against computer players, in a PlayTable.

The address chooses the game (``variant``), the number of players (``players``, where the game
allows a choice), the computer players' strength (``level``), their pace (``speed``: a name or seconds
per move) and the student's seat (``seat``, 0 to players - 1); the deal number fixes every deal.

**A class assignment** (``?assignment=7``, the link the landing page gives a student who joined a
class): the kernel asks the server for the deal (``push_learn.classroom.client``), and the server
answers for the student whose browser opened the page: the game, the bots' level and the secret
shuffle, which stays in the kernel (the page shows "deal 1234", never the shuffle). The student
plays under their display name, without take-back, new game, loading or saving; hints are counted.
Each time the student is to move, the kernel seals the match so far and the server keeps it: a
reload (or a restarted server) gets those moves back and continues the same match; the deal is never
dealt afresh (decision D-CLS-03). When the match ends, the kernel seals the record with the server's
key, the hints in its notes, and posts it; the store replays and scores it before it counts (it must
continue the moves kept), and the page says how it went.

For demonstrations and the browser tests, a server started with ``PUSH_LEARN_CLASS_AUTOPLAY=1``
lets ``&autoplay=1`` play the student's seat with the greedy bot (seeded by the deal): the result
travels the same path as a match played by hand.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping, Sequence
from typing import Any

from push_learn.apps.base import App
from push_learn.errors import RecordError
from push_learn.records import seal_key_from_env
from push_learn.rummy.engine import Match, load_match
from push_learn.widgets import PlayTable
from push_learn.widgets.base import IntentError
from push_learn.widgets.pacer import SPEEDS
from push_learn.widgets.play_table import LEVELS, default_seat, make_bot

__all__ = ["AUTOPLAY_ENV", "ClassPlayTable", "PlayPush", "address_speed"]

FASTEST_STEP = 0.02
"""The shortest pause between two computer moves that an address may ask for, in seconds."""
AUTOPLAY_ENV = "PUSH_LEARN_CLASS_AUTOPLAY"
"""Set to ``1`` on the server to let ``&autoplay=1`` play the student's seat with a bot (demonstrations, tests)."""
BOT_NAMES = ("Bot 1", "Bot 2", "Bot 3", "Bot 4", "Bot 5")
CLASS_RULE = "this is the class's deal: everyone plays it once, without taking moves back"


def address_speed(app: App) -> str | float:
    """The address's ``speed``: a speed name, or seconds per computer move (``FASTEST_STEP`` to 10); else
    the normal pace, with a note."""
    raw = app.query.options.get("speed", "")
    try:
        seconds = float(raw)
    except ValueError:
        return app.option("speed", tuple(SPEEDS), "normal")
    if FASTEST_STEP <= seconds <= 10:
        return seconds
    app.notes.append(f"A pace of {raw} s per move is outside {FASTEST_STEP} to 10 s, so the normal pace is used.")
    return "normal"


class ClassPlayTable(PlayTable):
    """A PlayTable for a class assignment: the deal's number instead of its shuffle, hints counted, no
    take-back, new game, load, save or change of bots; the match so far is kept by the server whenever
    the student is to move (``moves`` continues it after a reload), and the sealed result is posted when
    the match ends."""

    def __init__(self, seed: int, *, deal_label: str, assignment: int, autoplay: bool = False,
                 moves: Sequence[Mapping[str, Any]] = (), **options: Any) -> None:
        self.deal_label = deal_label
        self.assignment = assignment
        self.hints_used = 0
        self.autoplay = autoplay
        self.posted: dict[str, Any] | None = None
        """The service's answer to the posted result (``{"error": ...}`` when it was refused)."""
        self._moves = tuple(moves)
        self.kept = len(self._moves)
        """How many moves of the match the server keeps (a reload continues from there)."""
        super().__init__(seed, **options)

    def _start(self, match: Match, mine: list[int]) -> None:
        """Start the class's deal, continuing the moves the server kept (a reload never deals it afresh)."""
        moves, self._moves = self._moves, ()
        if moves:
            match = load_match(match.record().with_actions(moves))  # RecordError names a bad step
        super()._start(match, mine)

    @property
    def bots_to_move(self) -> bool:
        """As a PlayTable; with ``autoplay`` the student's seat is a bot too and deal ends do not wait."""
        if self.autoplay:
            return not self.match.over
        return super().bots_to_move

    def _record_events(self, before: int, seat_acting: int) -> None:
        super()._record_events(before, seat_acting)
        if self.autoplay:
            self.paused_at_deal_end = False

    def view_state(self) -> dict[str, Any]:
        """The table, without the secret shuffle and without take-back."""
        state = super().view_state()
        state["seed"] = ""
        state["can_take_back"] = False
        return state

    def refresh(self) -> None:
        """Rebuild the page's state; keep the match so far when the student is to move; the first time the
        match is over, post the result."""
        waiting = self.match.turn == self.seat or self.paused_at_deal_end
        if not self.match.over and waiting and len(self.match.actions) > self.kept:
            self.keep_progress()
        if self.match.over and self.posted is None:
            self.posted = self.post_result()
            if "error" in self.posted:
                self.notify("refused", f"Your result was not recorded: {self.posted['error']}")
            else:
                self.notify("ok", f"Your result is on the class's leaderboard: {self.posted['text']}.")
        super().refresh()

    def keep_progress(self) -> None:
        """Seal the match so far and have the server keep it (a refusal is said on the page)."""
        from push_learn.classroom.client import ServiceError, send

        key = seal_key_from_env()
        if key is None:
            return
        record = dataclasses.replace(self.match.record(), notes={"hints": self.hints_used}).sealed(key)
        try:
            self.kept = int(send("progress", {"assignment": self.assignment, "record": record.to_json()})["moves"])
        except (ServiceError, KeyError, ValueError, TypeError) as error:
            self.kept = len(self.match.actions)  # said once, not again at every refresh
            self.notify("refused", f"The server could not keep your moves so far: {error}")

    def post_result(self) -> dict[str, Any]:
        """Seal the match record (hints in its notes) with the server's key and post it for this page's student
        (under JupyterHub the hub's class service seals it: a student's server holds no key)."""
        from push_learn.classroom.client import ServiceError, hub_configured, send

        key = seal_key_from_env()
        if key is None and not hub_configured():
            return {"error": "this page was not opened from a class server"}
        record = dataclasses.replace(self.match.record(), notes={"hints": self.hints_used})
        if key is not None:
            record = record.sealed(key)
        try:
            return send("result", {"assignment": self.assignment, "record": record.to_json()})
        except ServiceError as error:
            return {"error": str(error)}

    def _hint_intent(self, content: Mapping[str, Any]) -> None:
        self.hints_used += 1
        super()._hint_intent(content)

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


class PlayPush(App):
    """Play Push: one seat against computer players (``?seed=N&variant=cap_it&level=search&seat=0``)."""

    slug = "play_push"

    def build(self) -> PlayTable:
        """A PlayTable for the seeded match with the address's settings (or the class's deal: ``?assignment=N``)."""
        self.deal: dict[str, Any] | None = None
        if self.query.options.get("assignment"):
            table = self._class_table(self.query.options["assignment"])
            if table is not None:
                return table
        level = self.option("level", tuple(LEVELS), "greedy")
        seat = self._seat()
        speed = self._speed()
        return PlayTable(self.query.seed, rules=self.rules, seat=seat, level=level, speed=speed)

    def _class_table(self, raw: str) -> ClassPlayTable | None:
        """The class's deal for this page's student, or None (with a note saying why) to play freely."""
        from push_learn.classroom.client import ServiceError, configured, send
        from push_learn.rummy.catalogue import rummy_rules

        if not configured():
            self.notes.append("This page was not opened from a class server, so the class's deal cannot be played "
                              "here; this is a free game.")
            return None
        try:
            deal = send("deal", {"assignment": int(raw) if raw.isdigit() else raw})
            rules = rummy_rules(str(deal["variant"]))
            level = str(deal["bot_level"]) if deal["bot_level"] in LEVELS else "greedy"
            seed, student = int(deal["seed"]), str(deal["student"])
        except (ServiceError, KeyError, ValueError, TypeError) as error:
            self.notes.append(f"The class's deal could not be opened ({error}); this is a free game.")
            return None
        self.rules = rules
        self.deal = {key: value for key, value in deal.items() if key not in ("seed", "progress")}
        players = (student, *BOT_NAMES[: rules.players - 1])
        seat = Match.new(rules, seed, players).names.index(student)  # the seed seats the players
        autoplay = os.environ.get(AUTOPLAY_ENV) == "1" and self.query.options.get("autoplay") == "1"
        moves = deal.get("progress") or ()
        try:
            return ClassPlayTable(seed, deal_label=f"deal {deal['deal_number']}", assignment=int(deal["id"]),
                                  rules=rules, seat=seat, level=level, names=players,
                                  speed=FASTEST_STEP if autoplay else self._speed(), autoplay=autoplay,
                                  bots={seat: make_bot("greedy")} if autoplay else None, moves=moves,
                                  title=f"Today's deal: {deal['text']}")
        except RecordError as error:  # the moves kept do not replay: never deal the class's deal afresh
            raise RecordError(f"the class's deal could not be continued ({error}); tell your teacher") from None

    def _seat(self) -> int:
        """The student's seat: the address's ``seat`` if valid, else South (the last seat with two players)."""
        default = default_seat(self.rules)
        seats = tuple(str(n) for n in range(self.rules.players))
        return int(self.option("seat", seats, str(default)))

    def _speed(self) -> str | float:
        """A speed name, or seconds per computer move (at least ``FASTEST_STEP``)."""
        return address_speed(self)

    @property
    def subtitle(self) -> str:
        """The game, the number of players and the deal number (for the class's deal: its number only)."""
        if self.deal is not None:
            return f"{self.rules.name} for {self.rules.players} players · the class's deal {self.deal['deal_number']}"
        return f"{self.rules.name} for {self.rules.players} players · deal number {self.seed}"
