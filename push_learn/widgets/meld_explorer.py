"""MeldExplorer: pick cards and see every legal reading of them as a meld, or the reason there is none."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from push_learn.cards import Card, format_cards
from push_learn.rummy.contract_progress import contract_progress
from push_learn.rummy.contracts import meets_contract
from push_learn.rummy.melds import Meld, explain_meld, interpret_meld, is_wild_card
from push_learn.rummy.rules import RummyRules
from push_learn.rummy.solver import best_go_down, meld_options
from push_learn.widgets.base import HandSorting, IntentError, PushWidget, int_field, intent, str_field
from push_learn.widgets.cards import SORTS, as_cards, hand_json
from push_learn.widgets.rummy_json import meld_json, resolve_rules, rules_json

__all__ = ["MeldExplorer"]

SHOWN_READINGS = 12
"""At most this many readings are drawn; the rest are counted."""
USE_TYPED = "Use as my hand"
"""The button that makes the typed cards the hand (the other button only picks cards the hand holds)."""


class MeldExplorer(HandSorting, PushWidget, module="meld_explorer"):
    """Pick cards from a hand (click, keyboard, or type them) and see every legal reading as a meld.

    Each reading shows what every wild card stands for; an illegal group shows the core's reason.
    Cards of the hand that could join the selection are highlighted. Keep a reading to lay it aside
    and the contract line tells how the kept melds measure up to the deal's contract.

    In JupyterLab::

        from push_learn.widgets import MeldExplorer
        MeldExplorer(hand="7H 8H 9H JK 7S")                       # Push, deal 1
        MeldExplorer(hand="9S 10S JS 2C 5D 5H 5C", rules="cap_it", deal=2)
    """

    def __init__(
        self,
        hand: str | Iterable[Card | str] = "7H 8H 9H JK 7S 7D 2C",
        *,
        rules: RummyRules | str = "push",
        deal: int = 1,
        title: str = "",
        sort: str = "suit",
        **options: Any,
    ) -> None:
        self.rules = resolve_rules(rules)
        self.deal = min(max(1, deal), self.rules.deals)
        self.title = title or f"Meld explorer: {self.rules.name}"
        self.sort = sort if sort in SORTS else "suit"
        self.hand: list[Card] = as_cards(hand)
        self.selection: list[int] = []
        self.kept: list[Meld] = []
        super().__init__(**options)
        self.refresh()

    # ---- what the student sees -------------------------------------------------------------

    @property
    def selected(self) -> list[Card]:
        """The selected cards, in the order they were picked."""
        return [self.hand[n] for n in self.selection]

    def readings(self) -> list[Meld]:
        """Every legal reading of the selection (from the rules core)."""
        return interpret_meld(self.selected, self.rules) if self.selection else []

    def could_join(self) -> set[int]:
        """Indices of unselected hand cards that fit a legal meld made from the hand with the whole selection
        (the solver's ``meld_options``)."""
        if not self.selection:
            return set()
        joinable = set(meld_options(self.selected, self.hand, self.rules).joinable)
        return {n for n, card in enumerate(self.hand) if n not in self.selection and card in joinable}

    def contract_line(self) -> str:
        """The deal's contract, where the whole hand stands on it meld by meld, and how the kept melds stand."""
        cards = [*self.hand, *(card for meld in self.kept for card in meld.cards)]
        line = f"Deal {self.deal} contract: {_contract_answer(tuple(cards), self.rules, self.deal)}"
        if self.kept:
            line += f" Kept melds: {meets_contract(self.kept, self.rules, self.deal).reason}."
        return line

    def view_state(self) -> dict[str, Any]:
        """The hand with selection and highlights, the readings or the reason, kept melds, contract line."""
        readings = self.readings()
        joiners = self.could_join()
        verdict = None
        if self.selection:
            verdict = {
                "ok": bool(readings),
                "open": not readings and bool(joiners),
                "text": explain_meld(self.selected, self.rules),
            }
        return {
            "title": self.title,
            "rules": rules_json(self.rules),
            "deal": self.deal,
            **self.sort_state(),
            "hand": hand_json(
                self.hand, by=self.sort, selected=set(self.selection), highlight=joiners, last=is_wild_card,
                highlight_note="could join the selection",
            ),
            "hand_label": f"Your hand, {len(self.hand)} cards; pick cards to meld",
            "typed": format_cards(self.hand, ascii=True),
            "use_typed": USE_TYPED,
            "selection_text": format_cards(self.selected),
            "verdict": verdict,
            "readings": [meld_json(meld, k=k) for k, meld in enumerate(readings[:SHOWN_READINGS])],
            "more_readings": max(0, len(readings) - SHOWN_READINGS),
            "kept": [meld_json(meld, k=k) for k, meld in enumerate(self.kept)],
            "contract_line": self.contract_line(),
        }

    # ---- intents ---------------------------------------------------------------------------

    @intent("toggle")
    def _toggle(self, content: Mapping[str, Any]) -> None:
        index = int_field(content, "i")
        if not 0 <= index < len(self.hand):
            raise IntentError("that card is no longer in the hand")
        if index in self.selection:
            self.selection.remove(index)
        else:
            self.selection.append(index)

    @intent("clear")
    def _clear(self, _content: Mapping[str, Any]) -> None:
        self.selection = []

    @intent("deal")
    def _deal(self, content: Mapping[str, Any]) -> None:
        deal = int_field(content, "deal")
        if not 1 <= deal <= self.rules.deals:
            raise IntentError(f"{self.rules.name} has deals 1 to {self.rules.deals}")
        self.deal = deal

    @intent("type")
    def _type(self, content: Mapping[str, Any]) -> None:
        """Typed cards are picked from the hand; cards the hand lacks are refused (the hand never changes here)."""
        typed = as_cards(str_field(content, "text"))
        picked = _find_in(self.hand, typed)
        if picked is None:
            missing = format_cards(_missing_from(self.hand, typed))
            raise IntentError(
                f"{missing} {'is' if len(_missing_from(self.hand, typed)) == 1 else 'are'} not in this hand, "
                f"so nothing was picked. To explore other cards, press “{USE_TYPED}” instead"
            )
        self.selection = picked

    @intent("use")
    def _use(self, content: Mapping[str, Any]) -> None:
        """Typed cards become the hand, all selected (asked for with its own button, never by accident)."""
        typed = as_cards(str_field(content, "text"))
        if not typed:
            raise IntentError("type the cards you want to explore first")
        self._load(typed)
        self.title = f"Cards you typed: a hand of {len(typed)}"
        self.selection = list(range(len(self.hand)))
        self.notify("info", f"The hand is now the cards you typed: {format_cards(typed)}.")

    @intent("keep")
    def _keep(self, content: Mapping[str, Any]) -> None:
        readings = self.readings()
        k = int_field(content, "k")
        if not 0 <= k < len(readings):
            raise IntentError("that reading is no longer offered; pick again")
        meld = readings[k]
        self.kept.append(meld)
        self.hand = [card for n, card in enumerate(self.hand) if n not in self.selection]
        self.selection = []
        self.notify("ok", f"Kept {meld}.")

    @intent("unkeep")
    def _unkeep(self, content: Mapping[str, Any]) -> None:
        k = int_field(content, "k")
        if not 0 <= k < len(self.kept):
            raise IntentError("that meld is no longer kept")
        meld = self.kept.pop(k)
        self.hand.extend(meld.cards)

    def set_hand(self, hand: str | Iterable[Card | str]) -> None:
        """Explore another hand (selection and kept melds are cleared)."""
        self._load(hand)
        self.refresh()

    def _load(self, hand: str | Iterable[Card | str]) -> None:
        self.hand = as_cards(hand)
        self.selection = []
        self.kept = []


@lru_cache(maxsize=256)
def _contract_answer(cards: tuple[Card, ...], rules: RummyRules, deal: int) -> str:
    """The solver's verdict on a whole hand for a deal's contract: the best way down, or meld by meld
    what is found and what the rest need (cached per hand)."""
    contract = rules.contract(deal)
    best = best_go_down(cards, rules, deal)
    if best is not None:
        melds = "; ".join(str(meld) for meld in best.go_down)
        return f"{contract}. This hand can go down, leaving {best.points_left} points: {melds}."
    progress = contract_progress(cards, rules, deal)
    if progress.short is None:
        return f"{contract}. No hand of {len(cards)} cards can hold it."
    if progress.short == 0:
        return f"{progress}. This hand holds it but would keep no card to discard."
    return f"{progress}. This hand is {progress.short} card{'s' if progress.short > 1 else ''} short."


def _missing_from(hand: Sequence[Card], wanted: Sequence[Card]) -> list[Card]:
    """The cards of ``wanted`` that ``hand`` does not hold (counting repeats: two 7♥ need two in the hand)."""
    free = list(hand)
    missing = []
    for card in wanted:
        if card in free:
            free.remove(card)
        else:
            missing.append(card)
    return missing


def _find_in(hand: Sequence[Card], wanted: Sequence[Card]) -> list[int] | None:
    """Indices of ``wanted`` in ``hand`` (each hand card used once), or None when the hand lacks one."""
    free = list(range(len(hand)))
    found = []
    for card in wanted:
        n = next((n for n in free if hand[n] == card), None)
        if n is None:
            return None
        free.remove(n)
        found.append(n)
    return found
