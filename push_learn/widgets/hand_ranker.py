"""HandRanker: pick two poker hands from a deck and see what each is, where it ranks, and which wins.

Five-card hands are read as high hands and as ace-to-five lows; three-card hands under Three Card
Poker's ranking and under brag's, side by side. Every name, place and reason comes from the rules
core (``push_learn.poker.hands``, ``push_learn.poker.three_card``, ``push_learn.poker.compare``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from push_learn.cards import Card, format_cards
from push_learn.poker.compare import Hand, class_rank, explain
from push_learn.poker.hands import LowHand, evaluate_high, evaluate_low
from push_learn.poker.three_card import BRAG, DECK, THREE_CARD_POKER, evaluate
from push_learn.widgets.base import IntentError, PushWidget, int_field, intent, str_field
from push_learn.widgets.cards import as_cards, card_json

__all__ = ["SIZES", "HandRanker"]

SIZES = (5, 3)
"""Hand sizes offered: five cards (poker, stud) or three (brag, Three Card Poker)."""
SLOTS = ("First hand", "Second hand")


def _readings(size: int) -> tuple[tuple[str, str, Callable[[Sequence[Card]], Hand]], ...]:
    """The rankings a hand of ``size`` cards is read under: (key, heading, evaluator)."""
    if size == 5:
        return (
            ("high", "High hand", evaluate_high),
            ("low", "Ace-to-five low", evaluate_low),
        )
    return (
        ("casino", "Three Card Poker", lambda cards: evaluate(cards, THREE_CARD_POKER)),
        ("brag", "Brag", lambda cards: evaluate(cards, BRAG)),
    )


class HandRanker(PushWidget, module="hand_ranker"):
    """Pick two hands of five (or three) cards and compare them under each ranking.

    Cards are picked from the deck (click, or Tab then arrows and Space) into the hand being filled,
    or typed. In JupyterLab::

        from push_learn.widgets import HandRanker
        HandRanker(first="AS KS QS JS 10S", second="9H 9C 9D 4S 4H")
        HandRanker(size=3, first="QS 6D 4C")
    """

    def __init__(
        self,
        first: str | Iterable[Card | str] = "",
        second: str | Iterable[Card | str] = "",
        *,
        size: int = 5,
        title: str = "Hand rankings",
        **options: Any,
    ) -> None:
        if size not in SIZES:
            raise ValueError(f"a hand here has {' or '.join(map(str, SIZES))} cards, not {size!r}")
        self.size = size
        self.title = title
        self.hands: list[list[Card]] = [[], []]
        self.filling = 0
        super().__init__(**options)
        for slot, cards in enumerate((first, second)):
            self._set_hand(slot, as_cards(cards))
        self.refresh()

    # ---- what the student sees -------------------------------------------------------------

    def readings(self, slot: int) -> list[dict[str, Any]]:
        """The hand in ``slot`` read under each ranking (empty until it has all its cards)."""
        cards = self.hands[slot]
        if len(cards) != self.size:
            return []
        rows = []
        for key, heading, read in _readings(self.size):
            hand = read(cards)
            place, classes = class_rank(hand)
            category = ("paired low" if hand.paired else "low") if isinstance(hand, LowHand) else hand.category
            rows.append({
                "key": key,
                "heading": heading,
                "name": hand.name,
                "category": str(category),
                "place": place,
                "classes": classes,
                "text": f"{hand.name}: number {place:,} of {classes:,} kinds of hand (1 is the best)",
            })
        return rows

    def comparisons(self) -> list[dict[str, Any]]:
        """When both hands are full: which wins under each ranking, and why."""
        if any(len(cards) != self.size for cards in self.hands):
            return []
        rows = []
        for key, heading, read in _readings(self.size):
            verdict = explain(read(self.hands[0]), read(self.hands[1]))
            rows.append({"key": key, "heading": heading, "order": verdict.order, "text": verdict.text})
        return rows

    def view_state(self) -> dict[str, Any]:
        """The deck by suit with the picked cards marked, both hands, their readings and the comparison."""
        owner = {card: slot for slot, cards in enumerate(self.hands) for card in cards}
        suits = []
        for start in range(0, len(DECK), 13):
            cards = []
            for n in range(start, start + 13):
                card = DECK[n]
                slot = owner.get(card)
                data = card_json(card, i=n, sel=slot == self.filling, dim=slot is not None and slot != self.filling)
                if slot is not None:
                    data["note"] = f"in the {SLOTS[slot].lower()}"
                cards.append(data)
            suit = DECK[start].suit
            suits.append({"name": f"deck-{start // 13}", "label": f"The {suit.word if suit else ''}", "cards": cards})
        hands = []
        for slot, held in enumerate(self.hands):
            hands.append({
                "slot": slot,
                "heading": SLOTS[slot],
                "filling": slot == self.filling,
                "cards": [card_json(card) for card in held],
                "typed": format_cards(held, ascii=True),
                "count": f"{len(held)} of {self.size} cards",
                "readings": self.readings(slot),
            })
        return {
            "title": self.title,
            "size": self.size,
            "sizes": [[n, f"{n} cards"] for n in SIZES],
            "deck": suits,
            "deck_label": f"Deck: pick cards for the {SLOTS[self.filling].lower()}",
            "hands": hands,
            "comparisons": self.comparisons(),
        }

    # ---- intents ---------------------------------------------------------------------------

    @intent("toggle")
    def _toggle(self, content: Mapping[str, Any]) -> None:
        """Put a deck card into the hand being filled, or take it out again."""
        n = int_field(content, "i")
        if not 0 <= n < len(DECK):
            raise IntentError("there is no such card in the deck")
        card = DECK[n]
        hand = self.hands[self.filling]
        other = self.hands[1 - self.filling]
        if card in hand:
            hand.remove(card)
        elif card in other:
            raise IntentError(
                f"the {card.describe()} is already in the {SLOTS[1 - self.filling].lower()}; one deck holds it once"
            )
        elif len(hand) >= self.size:
            raise IntentError(
                f"the {SLOTS[self.filling].lower()} already has {self.size} cards: take one out first"
            )
        else:
            hand.append(card)
            if len(hand) == self.size and len(other) < self.size:
                self.filling = 1 - self.filling

    @intent("fill")
    def _fill(self, content: Mapping[str, Any]) -> None:
        """Choose which hand the deck's cards go to."""
        slot = int_field(content, "slot")
        if slot not in (0, 1):
            raise IntentError("there are two hands, the first and the second")
        self.filling = slot

    @intent("clear")
    def _clear(self, content: Mapping[str, Any]) -> None:
        """Empty one hand and fill it next."""
        slot = int_field(content, "slot")
        if slot not in (0, 1):
            raise IntentError("there are two hands, the first and the second")
        self.hands[slot] = []
        self.filling = slot

    @intent("type")
    def _type(self, content: Mapping[str, Any]) -> None:
        """Typed cards become one hand."""
        slot = int_field(content, "slot")
        if slot not in (0, 1):
            raise IntentError("there are two hands, the first and the second")
        self._set_hand(slot, as_cards(str_field(content, "text")))
        self.filling = slot

    @intent("size")
    def _size(self, content: Mapping[str, Any]) -> None:
        """Switch between five-card and three-card hands (both hands start again)."""
        size = int_field(content, "n")
        if size not in SIZES:
            raise IntentError(f"a hand here has {' or '.join(map(str, SIZES))} cards")
        if size != self.size:
            self.size = size
            self.hands = [[], []]
            self.filling = 0

    def set_hands(self, first: str | Iterable[Card | str], second: str | Iterable[Card | str] = "") -> None:
        """Show these two hands (from Python); they are checked against each other, not against the hands shown
        before, and a pair refused changes neither hand."""
        hands = [as_cards(first), as_cards(second)]
        for slot in (0, 1):
            self._check_hand(hands[slot], hands[1 - slot])
        self.hands = hands
        self.refresh()

    def _set_hand(self, slot: int, cards: list[Card]) -> None:
        """Make ``cards`` the hand in ``slot`` after checking them (an ``IntentError`` says what is wrong)."""
        self._check_hand(cards, self.hands[1 - slot])
        self.hands[slot] = list(cards)

    def _check_hand(self, cards: list[Card], other: list[Card]) -> None:
        """Raise an ``IntentError`` saying what is wrong if ``cards`` cannot be a hand beside ``other``."""
        if len(cards) > self.size:
            raise IntentError(f"a hand here has {self.size} cards, not {len(cards)}")
        if any(card.is_joker for card in cards):
            raise IntentError("poker hands here use no jokers")
        if len(set(cards)) != len(cards):
            raise IntentError("a hand cannot hold the same card twice")
        clash = [card for card in cards if card in other]
        if clash:
            raise IntentError(f"{format_cards(clash)} {'is' if len(clash) == 1 else 'are'} already in the other hand")
