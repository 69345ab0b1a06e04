"""How far a hand is from its deal's contract, meld by meld: which contract melds it holds, what the rest need.

The solver answers how many cards a hand is short of the contract (D-SOL-05). This module says
*where*: it lends the hand that many stand-in wilds, asks the solver for the best way down, and
reads the plan back meld by meld. Each contract meld is then either found (the hand holds it now,
with its own wilds) or lacks a few places, named as the cards that would fill them:

>>> from push_learn.cards import parse_cards
>>> from push_learn.rummy import PUSH
>>> str(contract_progress(parse_cards("7H 8H 9H 10H 6S 7S 8S KD"), PUSH, 3))
'2 runs of 4: one found (7♥ 8♥ 9♥ 10♥), the other needs 5♠, 9♠ or a wild (so far 6♠ 7♠ 8♠)'

The hand's own wilds go first to the melds that need the fewest, so as many melds as possible count
as found; any one wild could fill any open place, so "or a wild" is always part of the answer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from push_learn.cards import JOKER, Card, Rank, Suit, card_sort_key, format_cards
from push_learn.protocol import counted
from push_learn.rummy.contracts import meets_contract
from push_learn.rummy.meld_reading import interpret_meld
from push_learn.rummy.meld_value import Meld, is_wild_card, rank_at, run_value_range
from push_learn.rummy.rules import Contract, ContractMeld, RummyRules
from push_learn.rummy.solver import best_go_down, contract_distance

__all__ = ["ContractProgress", "PartProgress", "contract_progress"]

COUNT_WORDS = ("no", "one", "two", "three", "four", "five")


@dataclass(frozen=True)
class PartProgress:
    """One meld of the contract: the hand's cards toward it and what it still lacks.

    ``meld`` is the meld as the hand could complete it, its open places held by wilds; ``in_hand``
    the hand's cards in it; ``missing`` how many more cards (at best wilds) it needs, 0 when found;
    ``fillers`` the natural cards that would fill one open place.
    """

    part: ContractMeld
    meld: Meld
    in_hand: tuple[Card, ...]
    missing: int
    fillers: tuple[Card, ...]
    natural_needed: bool = False
    """Every meld needs a natural (a house rule) and the hand has none toward this one: one of the missing
    cards must be a natural, any natural."""

    @property
    def found(self) -> bool:
        """True when the hand holds this meld now."""
        return self.missing == 0

    def needs(self) -> str:
        """What the meld still needs, in words: ``9♠ or a wild``, ``2 more 7s (or wilds)``."""
        if self.found:
            return "nothing"
        if self.natural_needed:
            if self.missing == 1:
                return "any natural card"
            yet = "" if self.in_hand else ", nothing toward it yet"
            return f"{self.missing} {'more ' if self.in_hand else ''}cards, at least one natural{yet}"
        if not self.in_hand:
            return f"{self.missing} cards or wilds, nothing toward it yet"
        if self.missing == 1 and self.meld.is_set and len(self.fillers) == len(Suit):
            assert self.meld.rank is not None
            return f"another {self.meld.rank.word} or a wild"
        if self.missing == 1:
            return _either([*self.fillers, "a wild"])
        if self.meld.is_set:
            assert self.meld.rank is not None
            return f"{self.missing} more {self.meld.rank.plural} or wilds"
        such = f", such as {_either(self.fillers)}" if self.fillers else ""
        return f"{self.missing} more cards or wilds{such}"

    def __str__(self) -> str:
        cards = format_cards(self.in_hand)
        if self.found:
            return f"found ({cards})"
        return f"needs {self.needs()} (so far {cards})" if cards else f"needs {self.needs()}"


@dataclass(frozen=True)
class ContractProgress:
    """Where a hand stands on its deal's contract, meld by meld.

    ``short`` is the number of cards (at best wilds) the hand lacks, ``None`` when no hand of this
    size could hold the contract; ``parts`` follow the contract's order (empty when ``short`` is None).
    """

    contract: Contract
    short: int | None
    parts: tuple[PartProgress, ...]

    @property
    def holds(self) -> bool:
        """True when every contract meld is in hand now."""
        return self.short == 0

    def __str__(self) -> str:
        if self.short is None:
            return f"{self.contract}: this hand can never hold it"
        if not self.parts:
            return f"{self.contract}: {counted(self.short, 'card')} short"
        groups: dict[ContractMeld, list[PartProgress]] = {}
        for progress in self.parts:
            groups.setdefault(progress.part, []).append(progress)
        texts = []
        for part, group in groups.items():
            label = f"{len(group)} {part.kind.value}s of {part.min_length}" if len(group) > 1 else str(part)
            texts.append(f"{label}: {_group_text(group)}")
        return "; ".join(texts)


def _group_text(progress: list[PartProgress]) -> str:
    """``one found (…), the other needs …`` for the parts of one kind and length."""
    n = len(progress)
    if n == 1:
        return str(progress[0])
    found = [part for part in progress if part.found]
    open_parts = sorted((part for part in progress if not part.found), key=lambda part: part.missing)
    words = []
    if found:
        count = "all" if len(found) == n > 2 else "both" if len(found) == n else COUNT_WORDS[len(found)]
        words.append(f"{count} found ({'; '.join(format_cards(part.in_hand) for part in found)})")
    for k, part in enumerate(open_parts):
        last = k == len(open_parts) - 1 and (found or k)
        who = ("the other" if n == 2 else "the last") if last else "another" if found or k else "one"
        words.append(f"{who} {part}")
    return ", ".join(words)


def contract_progress(
    hand: Sequence[Card], rules: RummyRules, deal: int, *, short: int | None = None
) -> ContractProgress:
    """Which melds of deal ``deal``'s contract the hand holds now, and what each other one needs.

    Exact in the count (the solver's fewest missing cards); the melds shown are one best way to
    complete the contract, and every card named would bring that meld one card closer. ``short``:
    the hand's ``contract_distance`` when the caller already knows it.
    """
    contract = rules.contract(deal)
    if short is None:
        short = contract_distance(hand, rules, deal)
    if short is None:
        return ContractProgress(contract, None, ())
    completion = _completion(hand, short, rules, deal)
    if completion is None:  # the distance promised a way; keep the count even without one
        return ContractProgress(contract, short, ())
    stand_in, melds = completion
    borrowed = _borrowed_naturals(melds, hand)
    slots = [len(meld.wild_positions) for meld in melds]
    own_wilds = sum(slots) - (short - sum(len(places) for places in borrowed))
    gaps = [0] * len(melds)
    for i in sorted(range(len(melds)), key=lambda i: slots[i]):
        used = min(own_wilds, slots[i])
        own_wilds -= used
        gaps[i] = slots[i] - used
    missing = [gap + len(places) for gap, places in zip(gaps, borrowed, strict=True)]
    held = _held_cards(melds, gaps, borrowed, [card for card in hand if is_wild_card(card, rules)])
    parts = []
    for i, (part, meld) in enumerate(zip(contract.melds, melds, strict=True)):
        others = melds[:i] + melds[i + 1 :]
        # every meld needs a natural and all of this one's are lent: any natural will do, none is named
        natural_needed = bool(rules.min_naturals_per_meld) and borrowed[i] == set(meld.natural_positions)
        fillers: tuple[Card, ...] = ()
        if missing[i] and not natural_needed:
            fillers = _fillers(part, meld, held[i], missing[i], others, stand_in, rules, deal)
        parts.append(PartProgress(part, meld, held[i], missing[i], fillers, natural_needed))
    return ContractProgress(contract, short, tuple(parts))


_TWO = Card(Rank.TWO, Suit.CLUBS)


def _completion(hand: Sequence[Card], short: int, rules: RummyRules, deal: int) -> tuple[Card, list[Meld]] | None:
    """The first loan of ``short`` cards (``_loans``) that completes the contract: its stand-in wild and the
    contract melds."""
    for stand_in, loan in _loans(hand, short, rules, len(rules.contract(deal).melds)):
        melds = _completed(hand, loan, rules, deal)
        if melds is not None:
            return stand_in, melds
    return None


def _completed(hand: Sequence[Card], stand_ins: list[Card], rules: RummyRules, deal: int) -> list[Meld] | None:
    """The contract melds of one best way to go down with ``stand_ins`` added, in contract order."""
    plan = best_go_down([*hand, *stand_ins], rules, deal, keep_discard=False)
    check = meets_contract(plan.go_down, rules, deal) if plan is not None else None
    if plan is None or not check:
        return None
    return [plan.go_down[i] for i in check.matched]


def _loans(hand: Sequence[Card], short: int, rules: RummyRules, melds: int) -> Iterator[tuple[Card, list[Card]]]:
    """The cards to lend the hand, as many as it is short, in the order tried: (the stand-in wild, the loan).

    Wilds first. Where every meld needs a natural, a meld with none of the hand's stands on a 2 in its own
    place (runs, as ``contract_distance`` counts them) or on a natural the hand does not hold yet.
    """
    stand_in = _stand_in(rules)
    yield stand_in, [stand_in] * short
    if not rules.min_naturals_per_meld:
        return
    if rules.natural_twos and stand_in != _TWO:
        stand_in = _TWO
        yield stand_in, [stand_in] * short
    lone = _lone_naturals(hand, melds)
    for n in range(1, min(short, len(lone)) + 1):
        yield stand_in, [*lone[:n], *[stand_in] * (short - n)]


def _lone_naturals(hand: Sequence[Card], count: int) -> list[Card]:
    """Up to ``count`` naturals for melds with no natural of the hand's: a king, a three and an eight of a
    suit the hand's naturals leave free where there is one (runs around them never overlap)."""
    used = {card.suit for card in hand if card.rank is not None and card.rank is not Rank.TWO}
    suit = next((suit for suit in Suit if suit not in used), Suit.SPADES)
    return [Card(rank, suit) for rank in (Rank.KING, Rank.THREE, Rank.EIGHT)][:count]


def _borrowed_naturals(melds: list[Meld], hand: Sequence[Card]) -> list[set[int]]:
    """Per meld, the natural places that hold a stand-in (a 2 as itself) rather than a card of the hand."""
    left = Counter(hand)
    out: list[set[int]] = []
    for meld in melds:
        places = set()
        for k in meld.natural_positions:
            if left[meld.cards[k]] > 0:
                left[meld.cards[k]] -= 1
            else:
                places.add(k)
        out.append(places)
    return out


def _held_cards(
    melds: list[Meld], missing: list[int], borrowed: list[set[int]], own_wilds: list[Card]
) -> list[tuple[Card, ...]]:
    """The hand's cards in each meld, in meld order: its naturals (less the ``borrowed`` stand-ins) and as
    many of the hand's own wilds as its wild places less the ``missing`` ones (stand-ins and own wilds look
    alike, so own wilds, less any 2 standing for itself, are matched to the places first by identity, then
    fill the remaining places)."""
    naturals = [
        [k for k in meld.natural_positions if k not in places] for meld, places in zip(melds, borrowed, strict=True)
    ]
    pool = Counter(own_wilds) - Counter(meld.cards[k] for meld, ks in zip(melds, naturals, strict=True) for k in ks)
    kept: list[list[int]] = [
        list(meld.wild_positions[: len(meld.wild_positions) - gap]) for meld, gap in zip(melds, missing, strict=True)
    ]
    chosen: list[dict[int, Card]] = [{} for _ in melds]
    for meld, places, picks in zip(melds, kept, chosen, strict=True):
        for k in places:
            if pool[meld.cards[k]] > 0:
                pool[meld.cards[k]] -= 1
                picks[k] = meld.cards[k]
    spare = list(pool.elements())
    for places, picks in zip(kept, chosen, strict=True):
        for k in places:
            if k not in picks:
                picks[k] = spare.pop()
    return [
        tuple(picks.get(k, card) for k, card in enumerate(meld.cards) if k in picks or k in ks)
        for meld, picks, ks in zip(melds, chosen, naturals, strict=True)
    ]


def _stand_in(rules: RummyRules) -> Card:
    """A card that is always wild under ``rules``: a joker where jokers are wild, else a 2."""
    return JOKER if rules.jokers_wild else Card(Rank.TWO, Suit.CLUBS)


def _fillers(
    part: ContractMeld,
    meld: Meld,
    in_hand: tuple[Card, ...],
    missing: int,
    others: list[Meld],
    stand_in: Card,
    rules: RummyRules,
    deal: int,
) -> tuple[Card, ...]:
    """Natural cards any one of which, added to ``in_hand``, leaves the meld one card short fewer.

    Candidates are the cards of the meld's open places and, for a run, the cards just past either
    end; each is checked by reading the new group as a meld that still fits the rest of the contract.
    """
    if meld.is_set:
        assert meld.rank is not None
        candidates = [Card(meld.rank, suit) for suit in Suit]
    else:
        assert meld.suit is not None
        low, high = run_value_range(rules)
        ends = (meld.low_value - 1, meld.high_value + 1)
        candidates = [card for i in meld.wild_positions if isinstance(card := meld.stands_for(i), Card)]
        candidates += [Card(rank_at(value), meld.suit) for value in ends if low <= value <= high]
    rest = [stand_in] * (missing - 1)
    helpful = [
        card
        for card in dict.fromkeys(candidates)
        if not is_wild_card(card, rules)
        and any(
            reading.kind is part.kind
            and len(reading) >= part.min_length
            and meets_contract([*others, reading], rules, deal)
            for reading in interpret_meld([*in_hand, card, *rest], rules)
        )
    ]
    return tuple(sorted(helpful, key=card_sort_key))


def _either(items: Sequence[object]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    words = [str(item) for item in items]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"
