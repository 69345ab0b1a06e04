"""Cards and hands as the JSON the widget pages draw (the Python half of the card views).

One card is ``{"c": "7H", "r": "7", "s": "H", "label": "seven of hearts"}``; a joker has ``r`` and
``s`` set to ``None``. A wild card that stands for something adds ``"wild": True``, ``as_r`` (the rank
it stands for) and, in a run, ``as_s`` (the suit); its label then says so: ``"joker, standing for the
five of clubs"`` or ``"two of hearts, standing for a seven"``. A hidden card is ``{"back": True,
"label": "face-down card"}`` and carries nothing else. Flags the page draws: ``sel`` (selected),
``hl`` (highlighted), ``new`` (just arrived), ``dim``; ``i`` is the card's index in its Python list,
so a click names a card even in a hand with two copies of it.

Sorting a hand for display (by suit, by rank, or as dealt) happens here, not in the page.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from push_learn.cards import Card, Rank, card_sort_key, parse_cards

if TYPE_CHECKING:
    from push_learn.poker.observation import Observation

__all__ = [
    "SORTS",
    "SORT_LABELS",
    "arrived",
    "as_cards",
    "back_json",
    "card_json",
    "display_order",
    "hand_json",
    "rank_phrase",
    "standing_label",
]

SORTS = ("suit", "rank", "dealt")
"""Ways a hand can be ordered for display."""

SORT_LABELS = (("suit", "By suit"), ("rank", "By rank"), ("dealt", "As dealt"))
"""The sort buttons' texts."""

HIDDEN_LABEL = "face-down card"


def as_cards(cards: str | Iterable[Card | str]) -> list[Card]:
    """Cards from text (``"7H 8H jk"``) or a list of cards or card strings; raises ``CardParseError``."""
    if isinstance(cards, str):
        return parse_cards(cards)
    items = list(cards)
    if all(isinstance(card, Card) for card in items):
        return [card for card in items if isinstance(card, Card)]
    return parse_cards([str(card.ascii if isinstance(card, Card) else card) for card in items])


def rank_phrase(rank: Rank) -> str:
    """``a seven``, ``an eight``, ``an ace``: a rank with its article, for labels."""
    word = rank.word
    return ("an " if word[0] in "aeiou" else "a ") + word


def standing_label(target: Card | Rank) -> str:
    """What a wild stands for, in words: ``the five of clubs`` (a run place) or ``a seven`` (a set)."""
    if isinstance(target, Card):
        return "the " + target.describe()
    return rank_phrase(target)


def card_json(
    card: Card,
    *,
    i: int | None = None,
    stands_for: Card | Rank | None = None,
    highlight_note: str = "highlighted",
    **flags: bool,
) -> dict[str, Any]:
    """The JSON of one face-up card; ``stands_for`` marks it as a wild standing for that card or rank.

    Keyword flags (``sel``, ``hl``, ``new``, ``dim``, ``wild``) are copied when true. ``note`` says in words
    why a card is lit (``highlight_note``) or that it is new: the page gives it to screen readers as the
    card's description, so its name (the label) stays the same for voice control and tests.
    """
    data: dict[str, Any] = {
        "c": card.ascii,
        "r": None if card.rank is None else card.rank.symbol,
        "s": None if card.suit is None else card.suit.letter,
        "label": card.describe(),
    }
    if stands_for is not None:
        data["wild"] = True
        if isinstance(stands_for, Card):
            data["as_r"] = None if stands_for.rank is None else stands_for.rank.symbol
            data["as_s"] = None if stands_for.suit is None else stands_for.suit.letter
        else:
            data["as_r"] = stands_for.symbol
        data["label"] = f"{card.describe()}, standing for {standing_label(stands_for)}"
    if i is not None:
        data["i"] = i
    for name, value in flags.items():
        if value:
            data[name] = True
    notes = [note for flag, note in (("hl", highlight_note), ("new", "new")) if flags.get(flag)]
    if notes:
        data["note"] = ", ".join(notes)
    return data


def offer_json(view: Observation) -> dict[str, Any] | None:
    """A stud seat's view of the card on offer (Push stud, Screw Your Neighbor): the card (``None`` when the view may
    not see it), whose choice it is, and the core's words for it (``Observation.offer_text``); ``None`` when no card
    is on offer. The PokerTable and the Poker Replayer draw it alike."""
    text = view.offer_text
    if text is None or view.offered_to is None:
        return None
    return {
        "card": None if view.offered is None else card_json(view.offered),
        "back": view.offered is None,
        "to": view.names[view.offered_to], "mine": view.offered_to == view.seat,
        "text": text,
    }


def back_json(i: int | None = None, label: str = HIDDEN_LABEL) -> dict[str, Any]:
    """The JSON of a face-down card: no rank, no suit, nothing to read from the page."""
    data: dict[str, Any] = {"back": True, "label": label}
    if i is not None:
        data["i"] = i
    return data


def _rank_key(card: Card) -> tuple[int, int]:
    if card.rank is None or card.suit is None:
        return (99, 0)
    return (int(card.rank), card.suit.order)


def display_order(
    cards: Sequence[Card], by: str = "suit", *, last: Callable[[Card], bool] | None = None
) -> list[int]:
    """Indices of ``cards`` in display order: ``suit`` (♣ ♦ ♥ ♠, then rank), ``rank`` (then suit) or ``dealt``.

    Jokers go last; ``last`` may name more cards to put at the end with them (the wild twos, say),
    jokers after those. Ties keep the dealt order.
    """
    if by not in SORTS:
        raise ValueError(f"a hand is sorted by {', '.join(SORTS)}, not {by!r}")
    order = list(range(len(cards)))
    if by == "dealt":
        return order
    key = card_sort_key if by == "suit" else _rank_key

    def full_key(n: int) -> tuple[bool, tuple[int, int]]:
        card = cards[n]
        return (card.is_joker or bool(last is not None and last(card)), key(card))

    return sorted(order, key=full_key)


def hand_json(
    cards: Sequence[Card],
    *,
    by: str = "suit",
    selected: Collection[int] = (),
    highlight: Collection[int] = (),
    new: Collection[int] = (),
    dim: Collection[int] = (),
    last: Callable[[Card], bool] | None = None,
    highlight_note: str = "highlighted",
) -> list[dict[str, Any]]:
    """A hand in display order, each card with its index ``i`` and its flags (indices into ``cards``);
    ``highlight_note`` says in words why the ``highlight`` cards are lit."""
    return [
        card_json(
            cards[n], i=n, highlight_note=highlight_note, sel=n in selected, hl=n in highlight, new=n in new,
            dim=n in dim,
        )
        for n in display_order(cards, by, last=last)
    ]


def arrived(before: Iterable[Card], after: Sequence[Card]) -> set[int]:
    """Indices of the cards of ``after`` that were not in ``before`` (as multisets: copies count)."""
    spare = Counter(before)
    fresh = set()
    for i, card in enumerate(after):
        if spare[card]:
            spare[card] -= 1
        else:
            fresh.add(i)
    return fresh
