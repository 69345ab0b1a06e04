"""Property tests of the meld functions against a brute-force enumerator written from RULES.md §1.1-§1.2.

The enumerator is deliberately simple: it tries every set rank, and for runs every suit, every start
and every choice of which places hold naturals, then keeps what the rules allow. It shares no code
with push_learn.rummy.melds.
"""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter
from itertools import combinations

import pytest
from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from push_learn.cards import JOKER, Card, Rank, Suit, make_deck
from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN, MeldKind, RummyRules, meets_contract, penalty, six_to_ten
from push_learn.rummy.melds import (
    Meld,
    check_meld,
    explain_meld,
    interpret_meld,
    layoff_options,
    rescue_options,
)

DECK = make_deck(2, 4)
RULE_SETS = [
    PUSH,
    CAP_IT,
    SIX_TO_TEN,
    six_to_ten(4),
    dataclasses.replace(PUSH, min_naturals_per_meld=1),
]
RULE_IDS = ["push", "cap_it", "six_to_ten", "six_to_ten_two_decks", "push_one_natural"]
EXAMPLES = settings(max_examples=examples(150))

ReadingKey = tuple[object, ...]


def acts_wild(card: Card) -> bool:
    """Jokers and twos are the wild cards of the family."""
    return card.rank is None or card.rank is Rank.TWO


def card_at(value: int, suit: Suit) -> Card:
    """The card of a run place: values 1 and 14 are the ace."""
    return Card(Rank.ACE if value in (1, 14) else Rank(value), suit)


def brute_force(cards: list[Card], rules: RummyRules) -> set[ReadingKey]:
    """Every legal reading, found by trying everything: ("set", rank) or ("run", suit, start, natural per place)."""
    found: set[ReadingKey] = set()
    size = len(cards)
    if size < 3 or (not rules.jokers_wild and JOKER in cards):
        return found
    bag = Counter(cards)
    plain = [c for c in cards if not acts_wild(c)]
    for rank in Rank:
        if rank is Rank.TWO:  # a 2 in a set is wild, so no set is declared as twos
            continue
        if any(c.rank is not rank for c in plain) or len(plain) < rules.min_naturals_per_meld:
            continue
        if rules.set_distinct_suits and (size > 4 or len({c.suit for c in plain}) < len(plain)):
            continue
        found.add(("set", rank))
    for suit in Suit:
        for start in range(1, 15):
            values = list(range(start, start + size))
            if values[-1] > 14 or (1 in values and 14 in values):
                continue
            if 1 in values and not rules.ace_low:
                continue
            if 2 in values and not rules.natural_twos:  # no card may stand for a two in 6-7-8-9-10
                continue
            targets = [card_at(v, suit) for v in values]
            candidates = [i for i in range(size) if targets[i] in bag]
            for count in range(len(candidates) + 1):
                for natural_places in combinations(candidates, count):
                    naturals = Counter(targets[i] for i in natural_places)
                    if any(naturals[c] > bag[c] for c in naturals):
                        continue
                    rest = list((bag - naturals).elements())
                    if not all(acts_wild(c) for c in rest) or count < rules.min_naturals_per_meld:
                        continue
                    free = [i for i in range(size) if i not in natural_places]
                    two_place = [i for i in free if values[i] == 2]
                    own_two = Card(Rank.TWO, suit)
                    if two_place and all(c == own_two for c in rest):
                        continue  # the 2 of the suit at its own place would be natural, not wild
                    key = tuple(targets[i] if i in natural_places else None for i in range(size))
                    found.add(("run", suit, start, key))
    return found


def reading_key(meld: Meld) -> ReadingKey:
    """The same key for a reading produced by interpret_meld."""
    if meld.kind is MeldKind.SET:
        return ("set", meld.rank)
    places = tuple(None if meld.is_wild(i) else meld.cards[i] for i in range(len(meld)))
    return ("run", meld.suit, meld.start, places)


@st.composite
def focused_groups(draw: st.DrawFn) -> list[Card]:
    """2 to 6 cards drawn from a few neighbouring ranks of one or two suits, plus the twos (and maybe jokers)."""
    low = draw(st.integers(1, 12))
    suits = draw(st.sets(st.sampled_from(list(Suit)), min_size=1, max_size=2))
    jokers = draw(st.booleans())
    near = {card_at(v, s) for v in range(low, min(low + 4, 15)) for s in suits}
    pool = [c for c in DECK if c in near or c.rank is Rank.TWO or (jokers and c.is_joker)]
    size = draw(st.integers(2, 6))
    picks = draw(st.lists(st.integers(0, len(pool) - 1), unique=True, min_size=size, max_size=size))
    return [pool[i] for i in picks]


any_groups = st.lists(st.integers(0, len(DECK) - 1), unique=True, max_size=6).map(lambda ix: [DECK[i] for i in ix])
groups = st.one_of(focused_groups(), any_groups)


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
@EXAMPLES
@given(cards=groups)
def test_readings_agree_with_brute_force(rules: RummyRules, cards: list[Card]) -> None:
    readings = interpret_meld(cards, rules)
    keys = [reading_key(meld) for meld in readings]
    assert len(keys) == len(set(keys)), "a reading is listed twice"
    assert set(keys) == brute_force(cards, rules)


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
@EXAMPLES
@given(cards=groups)
def test_every_reading_revalidates_and_uses_exactly_the_given_cards(rules: RummyRules, cards: list[Card]) -> None:
    readings = interpret_meld(cards, rules)
    for meld in readings:
        check_meld(meld, rules)
        assert Counter(meld.cards) == Counter(cards)
        assert Meld.from_json(meld.to_json()) == meld
    explanation = explain_meld(cards, rules)
    if readings:
        assert "meld" in explanation and str(len(readings) if len(readings) > 1 else "is a meld") in explanation
    else:
        assert "is a meld" not in explanation and "ways" not in explanation
        assert explanation != "these cards make neither a set nor a run"


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
@EXAMPLES
@given(cards=groups, extra=st.sampled_from(DECK))
def test_lay_offs_and_rescues_revalidate(rules: RummyRules, cards: list[Card], extra: Card) -> None:
    for meld in interpret_meld(cards, rules):
        for option in layoff_options(meld, extra, rules):
            check_meld(option, rules)
            assert Counter(option.cards) == Counter(meld.cards) + Counter([extra])
            if meld.is_run:
                assert option.cards[1:] == meld.cards or option.cards[:-1] == meld.cards
                assert option.represented()[1:] == meld.represented() or option.represented()[:-1] == meld.represented()
        for place, option in rescue_options(meld, extra, rules):
            check_meld(option, rules)
            assert meld.is_wild(place) and not option.is_wild(place)
            assert option.cards[place] == extra
            assert option.cards[:place] == meld.cards[:place] and option.cards[place + 1 :] == meld.cards[place + 1 :]
            if meld.is_run:
                assert option.represented() == meld.represented()


@EXAMPLES
@given(cards=groups, extra=st.sampled_from(DECK), deal=st.integers(1, 5))
def test_no_function_mutates_its_inputs(cards: list[Card], extra: Card, deal: int) -> None:
    before = copy.copy(cards)
    readings = interpret_meld(cards, PUSH)
    explain_meld(cards, PUSH)
    penalty(cards)
    assert cards == before
    snapshot = list(readings)
    meets_contract(readings, PUSH, deal)
    for meld in readings:
        frozen = (meld.kind, meld.cards, meld.rank, meld.suit, meld.start)
        layoff_options(meld, extra, PUSH)
        rescue_options(meld, extra, PUSH)
        assert (meld.kind, meld.cards, meld.rank, meld.suit, meld.start) == frozen
    assert readings == snapshot
