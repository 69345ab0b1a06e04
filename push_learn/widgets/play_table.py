"""PlayTable: a whole match of a rummy game, the student in one seat against bots of a chosen level.

The page only ever receives what the student's seat may know: the state is built from
``observe(match, seat)`` (own hand, public table, card counts, the seat's log) plus the student's
own picks. Bots read their own observations and play one action per step at a readable pace on the
kernel's event loop (``Pacer``), so their turns appear move by move.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from push_learn.cards import Card
from push_learn.errors import IllegalAction
from push_learn.protocol import checked_seat, seat_words
from push_learn.records import Record
from push_learn.rummy.catalogue import BOT_LEVELS, make_rummy_bot
from push_learn.rummy.engine import (
    Action,
    DealEnded,
    Match,
    Observation,
    Push,
    action_from_json,
    load_match,
    read_match_record,
)
from push_learn.rummy.rules import RummyRules
from push_learn.seeds import read_seed
from push_learn.widgets.base import (
    CoachOffLoop,
    HandSorting,
    IntentError,
    PushWidget,
    SavesRecords,
    bot_level,
    intent,
    str_field,
)
from push_learn.widgets.bot_table import TAKE_BACK_NOTE, BotTable
from push_learn.widgets.cards import arrived
from push_learn.widgets.coach_json import hint_json, refusal_help
from push_learn.widgets.moves import MoveComposer, MoveIntents, action_in
from push_learn.widgets.rummy_json import resolve_rules
from push_learn.widgets.score_sheet import source_json
from push_learn.widgets.table_json import table_json

if TYPE_CHECKING:
    from push_learn.rummy.bots import RummyBot as Bot

__all__ = ["LEVELS", "TAKE_BACK_NOTE", "PlayTable", "default_seat", "make_bot"]


LEVELS = BOT_LEVELS
"""Bot levels offered to the student, weakest first (the catalogue's, ``push_learn.rummy.catalogue``)."""


def make_bot(level: str) -> Bot:
    """A bot of ``level`` (``random``, ``greedy`` or ``search``) from the analysis layer (imported when needed)."""
    bot: Bot = make_rummy_bot(level)
    return bot


def parse_seed(text: str) -> int:
    """A deal number typed by a student, read exactly as a page's address reads it (``read_seed``)."""
    if not text.strip():
        raise IntentError("type a deal number first")
    return read_seed(text)


def default_seat(rules: RummyRules) -> int:
    """The student's seat unless one is chosen: South (seat 2), or the last seat when fewer than three play."""
    return min(2, rules.players - 1)


class PlayTable(
    HandSorting, MoveIntents, CoachOffLoop, SavesRecords, BotTable, PushWidget, module="play_table",
    parts=("pl_table.js", "pl_scores.js", "pl_files.js"),
):
    """Play a whole match as one seat against bots: take or push, meld, lay off, rescue, discard.

    The hint button asks the coach about the current decision; take-back undoes your last moves
    of this turn, as long as none of them has shown you a card you had not seen (see
    ``TAKE_BACK_NOTE``); a new game starts from a deal number (seed), so a class can play
    the same cards; save and load keep the match record; at each deal's end the score sheet shows
    the penalties card by card. Bots play one move at a time at the chosen speed. ``names`` gives the
    entrants' names (the seed seats them, as ``Match.new`` does); ``bots`` sets the bot of chosen seats.

    In JupyterLab::

        from push_learn.widgets import PlayTable
        PlayTable(seed=1234)                                   # Push, you are South, greedy bots
        PlayTable(seed=7, rules="cap_it", seat=0, level="search", speed="fast")
    """

    def __init__(
        self,
        seed: int | str = 1,
        *,
        rules: RummyRules | str = "push",
        seat: int | None = None,
        level: str = "greedy",
        speed: str | float = "normal",
        bots: Mapping[int, Bot] | None = None,
        title: str = "",
        names: Sequence[str] | None = None,
        **options: Any,
    ) -> None:
        game = resolve_rules(rules)
        seat = default_seat(game) if seat is None else seat
        checked_seat(seat, game.players, f"{game.name} here")
        self.seat = seat
        bot_level(level, LEVELS, ValueError)
        self.start_level_bots(level, bots, speed)
        self.title = title
        self.sort = "suit"
        self.composer = MoveComposer()
        self._hint: dict[str, Any] | None = None
        self._help: str | None = None
        self._last_events: list[str] = []
        self._start(Match.new(game, seed, names), mine=[])  # names: the entrants, seated by the seed
        super().__init__(**options)
        self.refresh()
        self._resume()

    # ---- the match ---------------------------------------------------------------------------

    def _keep_game(self, match: Match) -> None:
        """Play ``match``: no pause, no cards picked, the student's hand as seen now."""
        self.match = match
        self.paused_at_deal_end = False
        self.composer.clear()
        self._seen_hand: list[Card] = list(match.hand(self.seat))

    def _make_bot(self, level: str) -> Bot:
        """A fresh rummy bot of ``level`` (``make_bot``)."""
        return make_bot(level)

    @property
    def view(self) -> Observation:
        """What the student's seat may know now."""
        return self.match.observe(self.seat)

    @property
    def bots_to_move(self) -> bool:
        """True when a bot is to move and play is not paused."""
        match = self.match
        return not match.over and match.turn != self.seat and not self.paused_at_deal_end

    def _record_events(self, before: int, seat_acting: int) -> None:
        """Keep the log lines of what just happened (as the student sees them); pause at a deal's end.

        The student's hand is remembered when their turn ends or a deal ends, so the cards that
        arrive afterwards (pushed to them, taken, drawn) can be marked as new.
        """
        match = self.match
        fresh = match.events[before:]
        self._last_events = [event.seen_by(self.seat).text(match.names) for event in fresh]
        deal_ended = any(isinstance(event, DealEnded) for event in fresh)
        if deal_ended and not match.over:
            self.paused_at_deal_end = True
        if deal_ended or (seat_acting == self.seat and match.turn != self.seat):
            self._seen_hand = list(match.hand(self.seat))

    def _current_game(self) -> Match:
        """The match being played."""
        return self.match

    def _due_bot_seat(self) -> int:
        """The seat whose turn it is."""
        return self.match.turn

    def _seat_name(self, seat: int) -> str:
        """The seat's name at this match."""
        return self.match.names[seat]

    def _apply_bot_move(self, seat: int, action: Action) -> None:
        """Play the bot's move; keep its log lines and close the student's take-back."""
        before = len(self.match.events)
        self.match.apply(action)
        self._record_events(before, seat)
        self._track_take_back(seat, action, before)

    def _track_take_back(self, seat: int, action: Action, before: int) -> None:
        """After ``action`` by ``seat`` (its events from ``before`` on): the student's move stays open to
        take-back unless it showed a new card; any other player's move closes every earlier one."""
        shown = isinstance(action, Push) or any(isinstance(e, DealEnded) for e in self.match.events[before:])
        if seat == self.seat and not shown:
            self._mine.append(len(self.match.actions) - 1)
        else:
            self._mine.clear()

    def _new_cards(self) -> set[int]:
        """Indices of the student's cards that arrived since their last turn ended (pushes, draws)."""
        return arrived(self._seen_hand, self.match.hand(self.seat))

    # ---- what the page shows -----------------------------------------------------------------

    def status(self, view: Observation) -> str:
        """One line: whose move it is and what can be done."""
        if view.over:
            return "The match is over."
        if self.paused_at_deal_end:
            return f"Deal {view.deal - 1} is over: read the score sheet, then go on to deal {view.deal}."
        if not view.my_turn:
            return f"{view.names[view.turn]} is playing…"
        if view.phase == "draw":
            up = "" if view.upcard is None else f" {view.upcard}"
            return f"Your turn: take{up} or push."
        if not view.down[self.seat]:
            return f"Pick cards to set aside for the contract ({view.contract}), or one card to discard."
        return "Pick cards to meld, one card and a table meld to lay off or rescue, or one card to discard."

    def view_state(self) -> dict[str, Any]:
        """The table from the student's observation, their moves, controls, hint, score sheet."""
        view = self.view
        offers = self.composer.offers(self.match, view) if not self.paused_at_deal_end else []
        help_text, self._help = self._help, None
        show_sheet = self.paused_at_deal_end or view.over
        download = self.take_download()
        return {
            "title": self.title or f"{view.rules.name}: you are {view.names[self.seat]}",
            "seed": str(self.match.seed),
            "level": self.level,
            "levels": [[name, name.capitalize()] for name in LEVELS],
            **self.pace_state(),
            **self.sort_state(),
            "status": self.status(view),
            "my_turn": view.my_turn and not self.paused_at_deal_end,
            "thinking": self.bots_to_move,
            "table": table_json(
                view,
                sort=self.sort,
                selected=self.composer.selection,
                hidden=self.composer.staged_indices,
                new=self._new_cards(),
                chosen_meld=self.composer.target,
                recent=len(self._last_events),
                waiting=self.paused_at_deal_end,
            ),
            "offers": [offer.to_json() for offer in offers],
            "staged": self.composer.staged_json(),
            "meld_note": self.composer.why_not_on_meld(self.match, view),
            "can_take_back": bool(self._mine),
            "hint": self._hint,
            "help": help_text,
            "paused": self.paused_at_deal_end,
            "sheet": source_json(view) if show_sheet else None,
            "download": download,
            "announce": self._announcement(),
        }

    def _announcement(self) -> str:
        """What screen readers say now: a hint once it is ready, else the moves just played."""
        if self._hint and self._hint["lines"]:
            return f"{self._hint['title']}. {self._hint['lines'][0]}"
        return " ".join(self._last_events)

    # ---- intents: building and making a move -------------------------------------------------

    def _my_view(self) -> Observation:
        view = self.view
        if self.paused_at_deal_end:
            raise IntentError("the deal is over: go on to the next deal first")
        if not view.my_turn:
            raise IntentError("it is not your turn yet")
        return view

    def picking_view(self) -> Observation:
        """The student's own view: cards may be picked while the bots play."""
        return self.view

    def acting_view(self) -> Observation:
        """The student's view when it is their move."""
        return self._my_view()

    @intent("act")
    def _act(self, content: Mapping[str, Any]) -> None:
        """Make the student's move; the engine accepts it or refuses with its reason."""
        view = self._my_view()
        action = action_in(content)
        before = len(self.match.events)
        try:
            self.match.apply(action)
        except IllegalAction:
            self._help = refusal_help(view, action)
            raise  # refused with the engine's reason; nothing changed
        self._track_take_back(self.seat, action, before)
        self.composer.clear()
        self._hint = None
        self._record_events(before, self.seat)
        self._resume()

    @intent("continue")
    def _continue(self, _content: Mapping[str, Any]) -> None:
        self.paused_at_deal_end = False
        self._seen_hand = list(self.match.hand(self.seat))
        self._resume()

    def _taken_back(self, index: int) -> tuple[Match, str]:
        """The match before the student's move ``index``, and that move."""
        return self.match.fork(index), str(self.match.actions[index])

    def _takeback(self, content: Mapping[str, Any]) -> None:
        """As every table with take-back (``BotTable``); the log lines of the undone moves go too."""
        super()._takeback(content)
        self._last_events = []

    @intent("hint")
    def _hint_intent(self, _content: Mapping[str, Any]) -> None:
        """The coach's advice, worked out in a worker thread under a running event loop (``CoachOffLoop``)."""
        match = self.match
        advise = partial(hint_json, self._my_view(), random.Random(f"hint:{match.seed}:{len(match.actions)}"))
        self.ask_coach(advise, {"title": "Hint: the coach is thinking…", "lines": []}, "a hint")

    def coach_position(self) -> tuple[object, int]:
        """The match and its number of moves."""
        return self.match, len(self.match.actions)

    # ---- intents: games, records, settings ---------------------------------------------------

    @intent("new")
    def _new(self, content: Mapping[str, Any]) -> None:
        seed = parse_seed(str_field(content, "seed"))
        self._pacer.stop()
        self._start(Match.new(self.match.rules, seed), mine=[])
        self._last_events = []
        self.notify("info", f"New game, deal number {seed}.")
        self._resume()

    def record_file(self) -> tuple[str, Record]:
        """The file name and the record that Save offers (replay it in the Deal Replayer)."""
        match = self.match
        return f"{match.rules.variant}-deal-number-{match.seed}-move-{len(match.actions)}.json", match.record()

    @intent("load")
    def _load(self, content: Mapping[str, Any]) -> None:
        record = read_match_record(str_field(content, "text"))  # RecordError: refused with its reason
        start = load_match(record, 0)
        load_match(record)  # every step is checked before the table changes
        if self.seat >= start.rules.players:
            raise IntentError(f"this record has {start.rules.players} players, so {seat_words(self.seat)} "
                              "is not in it")
        self._pacer.stop()
        self._start(start, mine=[])
        for raw in record.actions:  # replayed move by move to know which moves may still be taken back
            action = action_from_json(raw)
            seat, before = self.match.turn, len(self.match.events)
            self.match.apply(action)
            self._track_take_back(seat, action, before)
        self._seen_hand = list(self.match.hand(self.seat))
        self._last_events = []
        self.notify("ok", f"Loaded a {start.rules.name} match at move {len(record.actions)}.")
        self._resume()

    @intent("level")
    def _level(self, content: Mapping[str, Any]) -> None:
        level = str_field(content, "level")
        try:
            self._bot_level = self._make_bot(level)
        except ValueError as exc:
            raise IntentError(str(exc)) from exc
        self.level = level

