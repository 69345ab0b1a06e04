"""DealStepper: replay a match record step by step, all hands open or from one seat, and try what-ifs."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from push_learn.records import Record
from push_learn.rummy.engine import (
    DealEnded,
    Event,
    Match,
    Observation,
    RecordError,
    action_from_json,
    load_match,
    read_match_record,
)
from push_learn.rummy.engine.playout import play_random_match
from push_learn.rummy.rules import RummyRules
from push_learn.rummy.tournament import play_match
from push_learn.widgets.base import HandSorting, IntentError, PushWidget, int_field, intent
from push_learn.widgets.moves import MoveComposer, MoveIntents, action_in
from push_learn.widgets.pacer import Paced
from push_learn.widgets.play_table import make_bot
from push_learn.widgets.rummy_json import resolve_rules
from push_learn.widgets.score_sheet import last_hand_json, source_json
from push_learn.widgets.table_json import table_json

__all__ = ["DealStepper"]

RecordSource = Record | Match | str


class DealStepper(
    HandSorting, MoveIntents, Paced, PushWidget, module="deal_stepper", parts=("pl_table.js", "pl_scores.js")
):
    """Replay any match record: first / back / next / last, play at a chosen speed, a slider over the
    moves, the text of each step ("East takes 9♦"), all hands open or one seat's view. From any
    point, try another move (what-if) and carry on from there; "Back to the record" restores it.

    In JupyterLab::

        from push_learn.widgets import DealStepper
        DealStepper(seed=7)                                  # a demo match of Push, all hands open
        DealStepper(seed=7, rules="cap_it", level="greedy")  # a demo played by greedy bots (takes seconds)
        DealStepper(open("game.json").read(), seat=0)        # a saved record, from North's seat

    ``speed`` is ``slow``, ``normal``, ``fast``, ``fastest`` or seconds per step.
    """

    def __init__(
        self,
        record: RecordSource | None = None,
        *,
        seed: int = 1,
        rules: RummyRules | str = "push",
        seat: int | None = None,
        level: str | None = None,
        position: int = 0,
        speed: str | float = "normal",
        title: str = "",
        **options: Any,
    ) -> None:
        self.original = _as_record(record, resolve_rules(rules), seed, level)
        self.record = self.original
        self._match = load_match(self.record, 0)
        self.title = title or f"Deal stepper: {self._match.rules.name}, deal number {self.original.seed}"
        self.seat = seat
        self.sort = "suit"
        self.composer = MoveComposer()
        self.position = 0
        self.branch_at: int | None = None
        """During a what-if: how many moves of the record come before the first move tried instead."""
        self.start_pacing(self._play_step, speed)
        super().__init__(**options)
        self.go(position)

    # ---- moving along the record -----------------------------------------------------------

    @property
    def match(self) -> Match:
        """The match at the current position."""
        return self._match

    @property
    def length(self) -> int:
        """How many moves the record holds."""
        return len(self.record.actions)

    @property
    def diverged(self) -> bool:
        """True when a what-if has replaced the original record's later moves."""
        return self.record is not self.original

    def position_text(self) -> str:
        """Where the replay stands, counting a what-if's moves apart from the record's."""
        if self.branch_at is None:
            return f"Move {self.position} of {self.length}"
        whole = len(self.original.actions)
        if self.position <= self.branch_at:
            return f"Move {self.position} of the record's {whole} (your what-if starts after move {self.branch_at})"
        tried = self.length - self.branch_at
        return (
            f"What-if move {self.position - self.branch_at} of {tried}, "
            f"tried after move {self.branch_at} of the record's {whole}"
        )

    def go(self, position: int) -> None:
        """Show the match after ``position`` moves (clamped to the record)."""
        self._seek(position)
        self.refresh()

    def _seek(self, position: int) -> None:
        position = max(0, min(position, self.length))
        if position == self.position + 1:
            self._match.apply(action_from_json(self.record.actions[self.position]))
        elif position != self.position or position == 0:
            self._match = load_match(self.record, position)
        self.position = position
        self.composer.clear()

    def _step_span(self) -> tuple[int, int]:
        """Indices in ``match.events`` of the events of the move that led here (the first deal's start at 0)."""
        if self.position == 0:
            return 0, 1
        ends = self._match.action_event_ends
        start = ends[self.position - 2] if self.position >= 2 else 1
        return start, ends[self.position - 1]

    def step_events(self) -> list[Event]:
        """The events of the move that led here (the deal's first event at the start)."""
        start, end = self._step_span()
        return self._match.events[start:end]

    def _play_step(self) -> bool:
        if self.position >= self.length:
            self.refresh()
            return False
        self._seek(self.position + 1)
        self.refresh()
        return self.position < self.length

    # ---- what the page shows ---------------------------------------------------------------

    def _mover_view(self) -> Observation | None:
        match = self._match
        if match.over or (self.seat is not None and match.turn != self.seat):
            return None
        return match.observe(match.turn)

    def view_state(self) -> dict[str, Any]:
        """Controls, the step's text, the table as the chosen seat sees it, and the move builder."""
        match = self._match
        view = match.full_view() if self.seat is None else match.observe(self.seat)
        start, end = self._step_span()
        events = match.events[start:end]
        names = match.names
        texts = [(event if self.seat is None else event.seen_by(self.seat)).text(names) for event in events]
        in_deal = max(0, end - max(start, match.deal_event_start))
        mover = self._mover_view()
        offers = self.composer.offers(match, mover) if mover is not None else []
        ended = next((e for e in reversed(events) if isinstance(e, DealEnded)), None)
        return {
            "title": self.title,
            "position": self.position,
            "length": self.length,
            "position_text": self.position_text(),
            "playing": self._pacer.running,
            **self.pace_state(),
            "seat": self.seat,
            "seats": [[-1, "All hands open"], *([s, f"{name}'s view"] for s, name in enumerate(match.seat_names))],
            **self.sort_state(),
            "step_text": " ".join(texts),
            "announce": " ".join(texts),
            "table": table_json(
                view,
                sort=self.sort,
                selected=self.composer.selection,
                hidden=self.composer.staged_indices,
                chosen_meld=self.composer.target,
                recent=min(in_deal, len(view.log)),
                pick_seat=None if mover is None else match.turn,
            ),
            "mover": None if mover is None else match.turn,
            "mover_name": None if mover is None else names[match.turn],
            "offers": [offer.to_json() for offer in offers],
            "staged": self.composer.staged_json(),
            "meld_note": None if mover is None else self.composer.why_not_on_meld(match, mover),
            "diverged": self.diverged,
            "deal_end": None if ended is None else last_hand_json(ended, match.rules, names),
            "sheet": source_json(match, self.seat) if ended is not None else None,
        }

    # ---- intents ---------------------------------------------------------------------------

    @intent("go")
    def _go(self, content: Mapping[str, Any]) -> None:
        self._pacer.stop()
        self._seek(int_field(content, "to"))

    @intent("step")
    def _step(self, content: Mapping[str, Any]) -> None:
        self._pacer.stop()
        self._seek(self.position + int_field(content, "by"))

    @intent("play")
    def _play(self, _content: Mapping[str, Any]) -> None:
        if self._pacer.running:
            self._pacer.stop()
            return
        if self.position >= self.length:
            self._seek(0)
        self._pacer.start()

    @intent("seat")
    def _seat(self, content: Mapping[str, Any]) -> None:
        seat = int_field(content, "seat")
        if not -1 <= seat < self._match.rules.players:
            raise IntentError("there is no such seat")
        self.seat = None if seat < 0 else seat
        self.composer.clear()

    def picking_view(self) -> Observation:
        """The mover's view, when a what-if may be tried here."""
        mover = self._mover_view()
        if mover is None:
            raise IntentError("no move can be tried from this seat here")
        return mover

    @intent("act")
    def _act(self, content: Mapping[str, Any]) -> None:
        """What-if: play another move here; the record's later moves give way to it."""
        if self._mover_view() is None:
            raise IntentError("no move can be tried from this seat here")
        self._pacer.stop()
        action = action_in(content)
        branch = self._match.fork(self.position)
        branch.apply(action)  # IllegalAction: refused with the engine's reason, nothing changed
        if self.branch_at is None or self.position < self.branch_at:
            self.branch_at = self.position
        self.record = branch.record()
        self._match = branch
        self.position += 1
        self.composer.clear()
        self.notify("ok", f"What-if: {action}. Later moves of the record are set aside.")

    @intent("restore")
    def _restore(self, _content: Mapping[str, Any]) -> None:
        position = min(self.position, len(self.original.actions))
        self.record = self.original
        self.branch_at = None
        self._match = load_match(self.record, position)  # the what-if's match is not a prefix of the original
        self.position = position
        self.composer.clear()


def _as_record(source: RecordSource | None, rules: RummyRules, seed: int, level: str | None) -> Record:
    """A record from a record, a match, JSON text, or (None) a demo match: the engine's quick random
    player, or bots of ``level`` (``random``, ``greedy``, ``search``) in every seat."""
    if source is None:
        if level is None:
            return play_random_match(rules, seed).record()
        bot = make_bot(level)
        match, _times = play_match(rules, seed, [bot] * rules.players, random.Random(f"demo:{seed}"))
        return match.record()
    if isinstance(source, Record):
        load_match(source)  # every step checked before anything is shown
        return source
    if isinstance(source, Match):
        return source.record()
    if isinstance(source, str):
        record = read_match_record(source)  # today's envelope or the older rummy format
        load_match(record)
        return record
    raise RecordError(f"a deal stepper replays a match record, not {type(source).__name__}")
