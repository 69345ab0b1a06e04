"""HandView: one hand of cards, sorted by suit or rank, selected by click or keyboard."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import traitlets

from push_learn.cards import Card, format_cards
from push_learn.widgets.base import HandSorting, PushWidget, int_field, intent
from push_learn.widgets.cards import SORTS, as_cards, hand_json

__all__ = ["HandView"]


class HandView(HandSorting, PushWidget, module="hand_view"):
    """A hand of cards to look at and pick from: sort buttons, selection by click, arrows and Space/Enter.

    In JupyterLab::

        from push_learn.widgets import HandView
        view = HandView("7H 8H 9H JK 7S", title="Your hand")
        view            # click cards, or Tab into the hand and use the arrows and Space
        view.selected   # the picked cards, e.g. [Card(Rank.SEVEN, Suit.HEARTS), JOKER]

    ``selection`` (indices into ``hand``) is a traitlet: ``view.observe(callback, "selection")``.
    """

    selection = traitlets.List(traitlets.Int())
    """Indices of the selected cards in ``hand`` (Python side only; the page sees ``state``)."""

    def __init__(
        self,
        hand: str | Iterable[Card | str] = "",
        *,
        title: str = "",
        sort: str = "suit",
        selectable: bool = True,
        **options: Any,
    ) -> None:
        self.hand: list[Card] = as_cards(hand)
        self.title = title
        self.sort = sort if sort in SORTS else "suit"
        self.selectable = selectable
        super().__init__(**options)
        self.refresh()

    @property
    def selected(self) -> list[Card]:
        """The selected cards, in hand order."""
        return [self.hand[n] for n in sorted(self.selection)]

    def set_hand(self, hand: str | Iterable[Card | str]) -> None:
        """Show another hand (the selection is cleared)."""
        self.hand = as_cards(hand)
        self.selection = []
        self.refresh()

    @intent("toggle")
    def _toggle(self, content: Mapping[str, Any]) -> None:
        index = int_field(content, "i")
        if self.selectable and 0 <= index < len(self.hand):
            chosen = set(self.selection) ^ {index}
            self.selection = sorted(chosen)

    @intent("clear")
    def _clear(self, _content: Mapping[str, Any]) -> None:
        self.selection = []

    def view_state(self) -> dict[str, Any]:
        """Title, sort, the cards in display order and the selection in words."""
        chosen = self.selected
        return {
            "title": self.title,
            **self.sort_state(),
            "selectable": self.selectable,
            "hand_label": f"{self.title or 'Hand'}, {len(self.hand)} cards",
            "cards": hand_json(self.hand, by=self.sort, selected=set(self.selection)),
            "selected_text": f"Selected: {format_cards(chosen)}" if chosen else "Nothing selected.",
        }
