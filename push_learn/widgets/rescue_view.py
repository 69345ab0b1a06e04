"""RescueView: which wild cards on the table a hand can rescue, and the table and hand before and after."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from push_learn.cards import Card, format_cards
from push_learn.rummy.engine import Match
from push_learn.rummy.melds import (
    RESCUE_MEANING,
    Meld,
    MeldError,
    explain_meld,
    interpret_meld,
    is_wild_card,
    rescue_outcomes,
    why_no_rescues,
)
from push_learn.rummy.rules import RummyRules
from push_learn.widgets.base import IntentError, PushWidget, int_field, intent
from push_learn.widgets.cards import as_cards, hand_json
from push_learn.widgets.rummy_json import meld_json, resolve_rules

__all__ = ["RescueChoice", "RescueView"]

RESCUER = "can rescue a wild card on the table"
"""What a lit hand card's label says in the rescue lab."""


@dataclass(frozen=True)
class RescueChoice:
    """One rescue: the natural ``card`` (hand index ``hand_index``) replaces the wild at ``position`` of
    table meld ``meld_index``, which then reads ``after``; the wild comes back to the hand."""

    meld_index: int
    position: int
    hand_index: int
    card: Card
    wild: Card
    after: Meld

    def __str__(self) -> str:
        return f"rescue {self.wild} with {self.card}: {self.after}"


def as_meld(meld: Meld | str, rules: RummyRules) -> Meld:
    """A declared meld, or the first legal reading of card text (``"5H JK 7H"``); MeldError with the reason."""
    if isinstance(meld, Meld):
        return meld
    cards = as_cards(meld)
    readings = interpret_meld(cards, rules)
    if not readings:
        raise MeldError(f"{format_cards(cards)} cannot be a table meld: {explain_meld(cards, rules)}")
    return readings[0]


class RescueView(PushWidget, module="rescue_view"):
    """Melds on the table and a hand: the wild cards the hand can rescue glow; choose a rescue to see
    the table and the hand before and after it, then make it (and try another) or start again.

    In JupyterLab::

        from push_learn.widgets import RescueView
        RescueView(table=["5H JK 7H", "8C 8D 2S"], hand="6H 8S KD")
        RescueView.from_match(match, seat=0)       # the melds and hand of a real game
    """

    def __init__(
        self,
        table: Iterable[Meld | str] = ("5H JK 7H", "8C 8D 2S"),
        hand: str | Iterable[Card | str] = "6H 8S KD",
        *,
        rules: RummyRules | str = "push",
        title: str = "Rescue a wild card",
        **options: Any,
    ) -> None:
        self.rules = resolve_rules(rules)
        self.title = title
        self.start_table = [as_meld(meld, self.rules) for meld in table]
        self.start_hand = as_cards(hand)
        self.table = list(self.start_table)
        self.hand = list(self.start_hand)
        self.chosen: RescueChoice | None = None
        self.done: list[RescueChoice] = []
        super().__init__(**options)
        self.refresh()

    @classmethod
    def from_match(cls, match: Match, seat: int, **options: Any) -> RescueView:
        """The table melds of a match and the hand of ``seat`` (from that seat's observation)."""
        view = match.observe(seat)
        return cls([tm.meld for tm in view.melds], view.hand or (), rules=view.rules, **options)

    def choices(self) -> list[RescueChoice]:
        """Every rescue the hand can make on the table, one per distinct outcome (``rescue_outcomes`` of the
        rules core: two identical wilds in one set are one choice)."""
        found = []
        for m, meld in enumerate(self.table):
            for i, card in enumerate(self.hand):
                if is_wild_card(card, self.rules) or card in self.hand[:i]:
                    continue
                for position, after in rescue_outcomes(meld, card, self.rules):
                    found.append(RescueChoice(m, position, i, card, meld.cards[position], after))
        return found

    def cannot(self, choices: Sequence[RescueChoice]) -> list[str]:
        """Why the cards of the hand that rescue nothing cannot (the core's reasons, alike ones together)."""
        rescuers = {choice.card for choice in choices}
        idle = [card for card in self.hand if card not in rescuers]
        return [reason[:1].upper() + reason[1:] + "." for reason in why_no_rescues(self.table, idle, self.rules)]

    def view_state(self) -> dict[str, Any]:
        """The table with rescuable wilds lit, the hand with rescuing cards lit, the choices, before/after."""
        choices = self.choices()
        return {
            "title": self.title,
            "game": self.rules.name,
            "table": _table_json(self.table, {(c.meld_index, c.position) for c in choices}),
            "hand": hand_json(self.hand, highlight={c.hand_index for c in choices}, highlight_note=RESCUER),
            "meaning": RESCUE_MEANING,
            "choices": [
                {
                    "k": k,
                    "m": c.meld_index,
                    "text": f"Rescue {c.wild} with {c.card}" + self._where(c, choices),
                    "label": str(c),
                }
                for k, c in enumerate(choices)
            ],
            "cannot": self.cannot(choices),
            "chosen": None if self.chosen is None else self._before_after(self.chosen),
            "done": [str(c) for c in self.done],
            "summary": _summary(len(choices), self.hand),
        }

    def _where(self, choice: RescueChoice, choices: Sequence[RescueChoice]) -> str:
        """`` from the set of tens`` when another choice frees the same wild with the same card elsewhere."""
        twins = [c for c in choices if (c.wild, c.card) == (choice.wild, choice.card)]
        return f" from the {self.table[choice.meld_index].describe()}" if len(twins) > 1 else ""

    def _before_after(self, choice: RescueChoice) -> dict[str, Any]:
        table_after = list(self.table)
        table_after[choice.meld_index] = choice.after
        hand_after = [card for i, card in enumerate(self.hand) if i != choice.hand_index] + [choice.wild]
        return {
            "text": str(choice),
            "before": {
                "table": _table_json(self.table, {(choice.meld_index, choice.position)}),
                "hand": hand_json(self.hand, highlight={choice.hand_index}, highlight_note=RESCUER),
            },
            "after": {
                "table": _table_json(table_after, {(choice.meld_index, choice.position)}, "the rescuing card"),
                "hand": hand_json(hand_after, new={len(hand_after) - 1}),
            },
        }

    @intent("choose")
    def _choose(self, content: Mapping[str, Any]) -> None:
        choices = self.choices()
        k = int_field(content, "k")
        if not 0 <= k < len(choices):
            raise IntentError("that rescue is no longer possible; choose again")
        self.chosen = None if self.chosen == choices[k] else choices[k]

    @intent("apply")
    def _apply(self, _content: Mapping[str, Any]) -> None:
        choice = self.chosen
        if choice is None:
            raise IntentError("choose a rescue first")
        self.table[choice.meld_index] = choice.after
        self.hand = [card for i, card in enumerate(self.hand) if i != choice.hand_index] + [choice.wild]
        self.done.append(choice)
        self.chosen = None
        self.notify("ok", f"Done: {choice}. {choice.wild} is now in the hand.")

    @intent("reset")
    def _reset(self, _content: Mapping[str, Any]) -> None:
        self.table = list(self.start_table)
        self.hand = list(self.start_hand)
        self.chosen = None
        self.done = []


def _table_json(
    melds: Sequence[Meld], lit: set[tuple[int, int]], note: str = "can be rescued"
) -> list[dict[str, Any]]:
    """Table melds, with the cards at ``lit`` (meld index, position) highlighted and a note saying why."""
    shown = []
    for m, meld in enumerate(melds):
        data = meld_json(meld, k=m)
        for position, card in enumerate(data["cards"]):
            if (m, position) in lit:
                card["hl"] = True
                card["note"] = note
        shown.append(data)
    return shown


def _summary(count: int, hand: Sequence[Card]) -> str:
    if not hand:
        return "The hand is empty."
    if not count:
        return "No card of this hand can rescue a wild card on this table."
    return f"The hand can make {count} rescue{'s' if count > 1 else ''}: the glowing wild cards."
