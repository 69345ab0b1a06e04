"""Building one player's move on a rummy table from clicks, for PlayTable and DealStepper's what-if.

The composer keeps what the student has picked (hand cards, melds staged for going down, a table
meld) and offers the moves the rules core finds for that pick: readings from ``interpret_meld``,
lay-offs from ``layoff_options``, rescues from ``rescue_options``, the listed take/push/discards.
A meld, lay-off or rescue is offered only when ``Match.verify`` accepts it; the basic moves (take,
push, discard, go down) are always offered so that a refusal shows the engine's reason. The page
sends back the chosen action as the engine's own JSON and the engine has the last word.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from push_learn.cards import Card
from push_learn.errors import IllegalAction
from push_learn.rummy.engine import (
    Action,
    Discard,
    GoDown,
    LayOff,
    Match,
    NewMeld,
    Observation,
    Push,
    Rescue,
    TakeUpcard,
    action_from_json,
)
from push_learn.rummy.melds import Meld, interpret_meld, layoff_options, rescue_options
from push_learn.widgets.base import IntentError, int_field, intent
from push_learn.widgets.rummy_json import meld_json

__all__ = ["MoveComposer", "MoveIntents", "Offer", "action_in"]


@dataclass(frozen=True)
class Offer:
    """One button: its text, a stable CSS class, and the engine action it sends (or a staging step)."""

    text: str
    cls: str
    action: Action | None = None
    stage: int | None = None
    """Index of the reading to stage for going down (no engine action)."""

    def to_json(self) -> dict[str, Any]:
        """``{"text", "cls", "action"}`` (the action as the engine's JSON) or ``{"text", "cls", "stage"}``."""
        data: dict[str, Any] = {"text": self.text, "cls": self.cls}
        if self.action is not None:
            data["action"] = self.action.to_json()
        if self.stage is not None:
            data["stage"] = self.stage
        return data


@dataclass
class MoveComposer:
    """What one seat has picked towards its next move; cleared whenever the table changes."""

    selection: list[int] = field(default_factory=list)
    """Indices into the seat's hand, in the order picked."""
    staged: list[tuple[Meld, tuple[int, ...]]] = field(default_factory=list)
    """Melds put aside for going down, with the hand indices they use."""
    target: int | None = None
    """The id of the table meld picked for a lay-off or rescue."""

    def clear(self) -> None:
        """Forget every pick (after a move, a take-back or a new deal)."""
        self.selection.clear()
        self.staged.clear()
        self.target = None

    @property
    def staged_indices(self) -> set[int]:
        """Hand indices already used by staged melds."""
        return {i for _meld, used in self.staged for i in used}

    def toggle(self, index: int, hand: tuple[Card, ...]) -> None:
        """Pick or unpick the hand card at ``index``."""
        if not 0 <= index < len(hand) or index in self.staged_indices:
            raise IntentError("that card is not in your hand to pick")
        if index in self.selection:
            self.selection.remove(index)
        else:
            self.selection.append(index)

    def choose_meld(self, meld_id: int, view: Observation) -> None:
        """Pick a table meld (again to unpick) for a lay-off or rescue."""
        if all(tm.id != meld_id for tm in view.melds):
            raise IntentError("that meld is no longer on the table")
        self.target = None if self.target == meld_id else meld_id

    def picked(self, hand: tuple[Card, ...]) -> list[Card]:
        """The picked cards."""
        return [hand[i] for i in self.selection]

    def stage(self, k: int, view: Observation) -> None:
        """Put reading ``k`` of the picked cards aside as one of the melds to go down with."""
        hand = view.hand or ()
        readings = interpret_meld(self.picked(hand), view.rules)
        if not 0 <= k < len(readings):
            raise IntentError("that reading is no longer offered; pick again")
        self.staged.append((readings[k], tuple(self.selection)))
        self.selection = []

    def unstage(self, k: int) -> None:
        """Return staged meld ``k``'s cards to the hand."""
        if not 0 <= k < len(self.staged):
            raise IntentError("that meld is no longer staged")
        self.staged.pop(k)

    def offers(self, match: Match, view: Observation) -> list[Offer]:
        """The moves to offer the seat of ``view`` now (empty when it is not that seat's turn)."""
        if not view.my_turn:
            return []
        if view.phase == "draw":
            upcard = "" if view.upcard is None else f" {view.upcard}"
            return [
                Offer(f"Take{upcard}", "pl-btn-take", TakeUpcard(view.turn)),
                Offer("Push", "pl-btn-push", Push(view.turn)),
            ]
        hand = view.hand or ()
        picked = self.picked(hand)
        offers: list[Offer] = []
        if self.staged:
            melds = tuple(meld for meld, _used in self.staged)
            offers.append(Offer("Go down", "pl-btn-go-down", GoDown(view.turn, melds)))
        if len(picked) >= 3:
            for k, reading in enumerate(interpret_meld(picked, view.rules)):
                if view.down[view.turn]:
                    offers += _if_legal(match, Offer(f"Meld {reading}", "pl-btn-meld", NewMeld(view.turn, reading)))
                else:
                    offers.append(Offer(f"Set aside {reading}", "pl-btn-stage", stage=k))
        if len(picked) == 1 and self.target is not None:
            offers += self._table_offers(match, view, picked[0], self.target)
        if len(picked) == 1:
            offers.append(Offer(f"Discard {picked[0]}", "pl-btn-discard", Discard(view.turn, picked[0])))
        return offers

    def _table_offers(self, match: Match, view: Observation, card: Card, target: int) -> list[Offer]:
        table = next((tm for tm in view.melds if tm.id == target), None)
        if table is None:
            return []
        whose = view.names[table.owner]
        found: list[Offer] = []
        for result in layoff_options(table.meld, card, view.rules):
            lay_off = LayOff(view.turn, target, card, result)
            offer = Offer(f"Lay off {card} on {whose}'s meld: {result}", "pl-btn-lay-off", lay_off)
            found += _if_legal(match, offer)
        for position, _after in rescue_options(table.meld, card, view.rules):
            text = f"Rescue {table.meld.cards[position]} from {whose}'s meld with {card}"
            offer = Offer(text, "pl-btn-rescue", Rescue(view.turn, target, position, card))
            found += _if_legal(match, offer)
        return found

    def why_not_on_meld(self, match: Match, view: Observation) -> str | None:
        """When one card and a table meld are picked but no lay-off or rescue fits, the engine's reason."""
        hand = view.hand or ()
        picked = self.picked(hand)
        if not view.my_turn or view.phase != "meld" or len(picked) != 1 or self.target is None:
            return None
        if self._table_offers(match, view, picked[0], self.target):
            return None
        try:
            match.verify(LayOff(view.turn, self.target, picked[0]))
        except IllegalAction as exc:
            return str(exc)
        return None

    def staged_json(self) -> list[dict[str, Any]]:
        """The staged melds for the page."""
        return [meld_json(meld, k=k) for k, (meld, _used) in enumerate(self.staged)]


def _if_legal(match: Match, offer: Offer) -> list[Offer]:
    """``[offer]`` when the engine accepts its action now, else ``[]``."""
    return [offer] if offer.action is not None and match.can(offer.action) else []


def action_in(content: Mapping[str, Any]) -> Action:
    """The engine action carried by an ``act`` intent (the engine's own JSON)."""
    try:
        return action_from_json(content.get("action"))
    except ValueError as exc:
        raise IntentError(f"the page sent a move that cannot be read: {exc}") from exc


class MoveIntents:
    """Mixin for widgets that build a move with a ``MoveComposer``: the intents ``toggle`` (a hand card),
    ``meld`` (a table meld), ``stage`` (set a reading aside for going down) and ``unstage``."""

    composer: MoveComposer

    def picking_view(self) -> Observation:
        """The observation of the seat whose move is being built; ``IntentError`` when there is none."""
        raise NotImplementedError

    def acting_view(self) -> Observation:
        """Like ``picking_view``, for steps that need that seat to be the one to move."""
        return self.picking_view()

    @intent("toggle")
    def _toggle(self, content: Mapping[str, Any]) -> None:
        self.composer.toggle(int_field(content, "i"), self.picking_view().hand or ())

    @intent("meld")
    def _meld(self, content: Mapping[str, Any]) -> None:
        self.composer.choose_meld(int_field(content, "id"), self.picking_view())

    @intent("stage")
    def _stage(self, content: Mapping[str, Any]) -> None:
        self.composer.stage(int_field(content, "k"), self.acting_view())

    @intent("unstage")
    def _unstage(self, content: Mapping[str, Any]) -> None:
        self.composer.unstage(int_field(content, "k"))
