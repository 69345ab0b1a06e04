"""The solver against a brute-force oracle on small hands (up to 12 cards, wilds, one or two decks).

The oracle is deliberately naive: every subset of the hand that ``interpret_meld`` reads as a meld,
every way to pack such melds (and one discard) into the hand, every contract assignment checked
against the contract's parts and the overlap rule, and for table play every sequence of moves that
``layoff_options`` and ``rescue_options`` allow. It shares no code with the solver.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache
from itertools import combinations

from budgets import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from push_learn.cards import JOKER, Card, Rank, Suit, format_cards, parse_cards
from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN, six_to_ten
from push_learn.rummy.contract_progress import _lone_naturals
from push_learn.rummy.contracts import meets_contract
from push_learn.rummy.melds import Meld, check_meld, interpret_meld, is_wild_card, layoff_options, rescue_options
from push_learn.rummy.rules import MeldKind, RummyRules
from push_learn.rummy.scoring import card_value, penalty
from push_learn.rummy.solver import best_go_down, best_turn, contract_distance, meld_options
from push_learn.rummy.solver.search import Search, Setup

NEG = -(10**9)
TWO_DECK_R3 = six_to_ten(4)
VARIANTS = {
    "push": PUSH,
    "cap_it": CAP_IT,
    "six_to_ten": SIX_TO_TEN,
    "six_to_ten_2deck": TWO_DECK_R3,
    "push_min_natural": replace(PUSH, min_naturals_per_meld=1),
    "push_share_runs": replace(PUSH, runs_may_share_cards=True),
}


# ---- the oracle ---------------------------------------------------------------------------------


class Oracle:
    """Best play for one hand by exhaustive search over subsets (bit masks of card indices)."""

    def __init__(self, hand: Sequence[Card], rules: RummyRules, weight: Callable[[Card], int] = card_value) -> None:
        self.hand = list(hand)
        self.rules = rules
        self.weight = weight
        n = len(hand)
        self.readings: dict[int, list[Meld]] = {}
        for mask in range(1, 1 << n):
            if bin(mask).count("1") >= 3:
                group = [hand[i] for i in range(n) if mask >> i & 1]
                found = interpret_meld(group, rules)
                if found:
                    self.readings[mask] = found
        self.by_low: dict[int, list[int]] = {}
        for mask in self.readings:
            low = (mask & -mask).bit_length() - 1
            self.by_low.setdefault(low, []).append(mask)

    def points(self, mask: int) -> int:
        return sum(self.weight(self.hand[i]) for i in range(len(self.hand)) if mask >> i & 1)

    def discard_ok(self, i: int, mask: int, taken: Card | None, wild_ok: bool) -> bool:
        card = self.hand[i]
        if is_wild_card(card) and not wild_ok:
            return False
        if taken is not None and card == taken:
            copies = sum(1 for j in range(len(self.hand)) if self.hand[j] == card)
            return copies >= 2
        return True

    def best(
        self,
        parts: tuple[tuple[str, int], ...] = (),
        keep_discard: bool = False,
        must_discard: bool = False,
        taken: Card | None = None,
        wild_ok: bool = True,
    ) -> int:
        """Most points out of the hand: melds (the contract among them when ``parts``), and a discard."""
        share = self.rules.runs_may_share_cards

        @cache
        def go(
            mask: int, left: tuple[tuple[str, int], ...], desig: tuple[tuple[Suit, int, int], ...], used: bool
        ) -> int:
            if mask == 0:
                if left or (must_discard and not used):
                    return NEG
                return 0
            low = (mask & -mask).bit_length() - 1
            rest = mask & ~(1 << low)
            best = go(rest, left, desig, used)
            if keep_discard and not used and self.discard_ok(low, mask, taken, wild_ok):
                best = max(best, self.weight(self.hand[low]) + go(rest, left, desig, True))
            for meld_mask in self.by_low.get(low, []):
                if meld_mask & ~mask:
                    continue
                gain = self.points(meld_mask)
                best = max(best, gain + go(mask & ~meld_mask, left, desig, used))
                for reading in self.readings[meld_mask]:
                    for k, (kind, length) in enumerate(left):
                        if reading.kind.value != kind or len(reading) < length:
                            continue
                        if k and left[k - 1] == left[k]:
                            continue
                        span = ()
                        if reading.is_run:
                            assert reading.suit is not None
                            if not share and any(
                                s is reading.suit and not (hi < reading.low_value or reading.high_value < lo)
                                for s, lo, hi in desig
                            ):
                                continue
                            span = ((reading.suit, reading.low_value, reading.high_value),)
                        rest_parts = left[:k] + left[k + 1 :]
                        best = max(best, gain + go(mask & ~meld_mask, rest_parts, desig + span, used))
            return best

        return go((1 << len(self.hand)) - 1, tuple(sorted(parts)), (), False)


def oracle_left(hand: Sequence[Card], rules: RummyRules, **kwargs: object) -> int | None:
    value = Oracle(hand, rules).best(**kwargs)  # type: ignore[arg-type]
    return None if value < 0 else penalty(hand) - value


def table_oracle(hand: Sequence[Card], table: Sequence[Meld], rules: RummyRules) -> int:
    """Fewest points left after any sequence of new melds, lay-offs and rescues, then one optional discard."""

    @cache
    def go(cards: tuple[Card, ...], melds: tuple[Meld, ...]) -> int:
        best = penalty(cards) - max((card_value(card) for card in cards), default=0)
        for i, meld in enumerate(melds):
            for card in set(cards):
                rest = list(cards)
                rest.remove(card)
                for grown in layoff_options(meld, card, rules):
                    best = min(best, go(_key(rest), (*melds[:i], grown, *melds[i + 1 :])))
                for place, after in rescue_options(meld, card, rules):
                    back = [*rest, meld.cards[place]]
                    best = min(best, go(_key(back), (*melds[:i], after, *melds[i + 1 :])))
        n = len(cards)
        for mask in range(1, 1 << n):
            if bin(mask).count("1") < 3:
                continue
            group = [cards[i] for i in range(n) if mask >> i & 1]
            readings = interpret_meld(group, rules)
            if readings:
                rest = [cards[i] for i in range(n) if not mask >> i & 1]
                best = min(best, go(_key(rest), (*melds, readings[0])))
        return best

    return go(_key(hand), tuple(table))


def go_down_oracle(hand: Sequence[Card], table: Sequence[Meld], rules: RummyRules, deal: int) -> int | None:
    """Fewest points left after going down with melds of the hand's own cards that meet the contract, then
    any sequence of new melds, lay-offs and rescues and one optional discard; None if the hand cannot."""
    readings = Oracle(hand, rules).readings
    parts = [(part.kind.value, part.min_length) for part in rules.contract(deal).melds]
    best: int | None = None

    def choose(k: int, used: int, melds: list[Meld]) -> None:
        nonlocal best
        if k == len(parts):
            if meets_contract(melds, rules, deal).ok:
                rest = [card for i, card in enumerate(hand) if not used >> i & 1]
                left = table_oracle(rest, [*table, *melds], rules)
                best = left if best is None else min(best, left)
            return
        kind, length = parts[k]
        for mask, found in readings.items():
            if not mask & used:
                for meld in found:
                    if meld.kind.value == kind and len(meld) >= length:
                        choose(k + 1, used | mask, [*melds, meld])

    choose(0, 0, [])
    return best


def _key(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (c.rank is None, c.suit.order if c.suit else 4, int(c.rank or 0))))


# ---- checking a plan by playing it ------------------------------------------------------------


def play_plan(
    plan: object, hand: Sequence[Card], table: Sequence[Meld], rules: RummyRules, deal: int | None
) -> list[Card]:
    """Apply a plan's actions by the rules, failing on any illegal step; return the hand left."""
    from push_learn.rummy.engine.actions import Discard, GoDown, LayOff, NewMeld, Rescue

    cards = Counter(hand)
    melds = dict(enumerate(table))
    for action in plan.actions:  # type: ignore[attr-defined]
        if isinstance(action, GoDown):
            assert deal is not None
            verdict = meets_contract(action.melds, rules, deal)
            assert verdict.ok, verdict.reason
            for meld in action.melds:
                check_meld(meld, rules)
                cards.subtract(meld.cards)
                melds[len(melds)] = meld
        elif isinstance(action, NewMeld):
            check_meld(action.meld, rules)
            cards.subtract(action.meld.cards)
            melds[len(melds)] = action.meld
        elif isinstance(action, LayOff):
            assert action.result in layoff_options(melds[action.target], action.card, rules)
            cards[action.card] -= 1
            melds[action.target] = action.result
        elif isinstance(action, Rescue):
            options = dict(rescue_options(melds[action.target], action.card, rules))
            assert action.position in options
            cards[action.card] -= 1
            cards[melds[action.target].cards[action.position]] += 1
            melds[action.target] = options[action.position]
        elif isinstance(action, Discard):
            cards[action.card] -= 1
        assert all(n >= 0 for n in cards.values()), f"{action} uses a card not in hand"
    return list(cards.elements())


# ---- hands --------------------------------------------------------------------------------------


@st.composite
def hands(draw: st.DrawFn, rules: RummyRules, most: int = 12) -> list[Card]:
    """A hand from a narrow corner of the pack (few suits, a window of ranks) so melds are common."""
    suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=3, unique=True))
    low = draw(st.integers(3, 11))
    ranks = [r for r in Rank if low <= r <= low + 3 or r is Rank.ACE] if draw(st.booleans()) else [
        r for r in Rank if low <= r <= low + 3
    ]
    pool: list[Card] = []
    copies = rules.decks
    for suit in suits:
        for rank in ranks:
            pool += [Card(rank, suit)] * copies
    wild_pool = [Card(Rank.TWO, suit) for suit in Suit for _ in range(copies)]
    wild_pool += [JOKER] * rules.jokers
    wilds = draw(st.integers(0, 4))
    size = draw(st.integers(3, most))
    count = min(max(0, size - wilds), len(pool))
    naturals = draw(st.lists(st.sampled_from(range(len(pool))), min_size=count, max_size=count, unique=True))
    picked = [pool[i] for i in naturals]
    extra = draw(st.lists(st.sampled_from(range(len(wild_pool))), max_size=wilds, unique=True))
    picked += [wild_pool[i] for i in extra]
    if not picked:
        picked = [pool[0]]
    return picked[:most]


EXAMPLES = os.environ.get("ORACLE_EXAMPLES")
"""Set ORACLE_EXAMPLES to hunt harder here alone (the default keeps the suite fast; ``HYPOTHESIS_PROFILE=hunt``
scales it like every budget, see ``budgets.py``)."""


def budget(default: int) -> settings:
    """Hypothesis settings with ``default`` examples (or ORACLE_EXAMPLES; scaled when hunting)."""
    return settings(
        max_examples=int(EXAMPLES or examples(default)),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )


SMALL = budget(60)


@SMALL
@given(st.data(), st.sampled_from(sorted(VARIANTS)))
def test_best_turn_without_discard_matches_oracle(data: st.DataObject, variant: str) -> None:
    rules = VARIANTS[variant]
    hand = data.draw(hands(rules))
    plan = best_turn(hand, rules, keep_discard=False)
    expected = oracle_left(hand, rules)
    assert plan.points_left == expected, f"{format_cards(hand)}: solver {plan.points_left}, oracle {expected}"
    left = play_plan(plan, hand, (), rules, None)
    assert penalty(left) == plan.points_left


@SMALL
@given(st.data(), st.sampled_from(sorted(VARIANTS)))
def test_best_turn_with_discard_matches_oracle(data: st.DataObject, variant: str) -> None:
    rules = VARIANTS[variant]
    hand = data.draw(hands(rules))
    taken = data.draw(st.sampled_from(hand)) if not rules.discard_taken_card_allowed else None
    plan = best_turn(hand, rules, taken=taken)
    expected = oracle_left(
        hand, rules, keep_discard=True, must_discard=not rules.go_out_by_melding, taken=taken,
        wild_ok=rules.discard_wild_allowed,
    )
    if expected is None:
        assert plan.points_left == penalty(hand) and not plan.actions
        return
    assert plan.points_left == expected, f"{format_cards(hand)}: solver {plan.points_left}, oracle {expected}"
    left = play_plan(plan, hand, (), rules, None)
    assert penalty(left) == plan.points_left
    if not rules.go_out_by_melding:
        assert plan.discard is not None


@SMALL
@given(st.data(), st.sampled_from(sorted(VARIANTS)), st.integers(1, 5))
def test_go_down_matches_oracle(data: st.DataObject, variant: str, deal: int) -> None:
    _go_down_leaves_what_the_oracle_says(data.draw(hands(VARIANTS[variant], most=11)), VARIANTS[variant], deal)


def _go_down_leaves_what_the_oracle_says(hand: list[Card], rules: RummyRules, deal: int) -> None:
    """The best go-down for ``deal`` leaves what the oracle leaves (or neither finds one), and playing its plan
    out leaves exactly those points."""
    parts = tuple((part.kind.value, part.min_length) for part in rules.contract(deal).melds)
    plan = best_go_down(hand, rules, deal, keep_discard=False)
    expected = oracle_left(hand, rules, parts=parts)
    if expected is None:
        assert plan is None, f"{format_cards(hand)}: solver found {plan}, oracle none"
        return
    assert plan is not None, f"{format_cards(hand)}: oracle leaves {expected}, solver none"
    assert plan.points_left == expected, f"{format_cards(hand)}: solver {plan.points_left}, oracle {expected}"
    left = play_plan(plan, hand, (), rules, deal)
    assert penalty(left) == plan.points_left


@budget(40)
@given(st.data(), st.sampled_from(sorted(VARIANTS)), st.integers(1, 5))
def test_first_solutions_are_real_plans(data: st.DataObject, variant: str, deal: int) -> None:
    """Each first solution the search tries before bounding (free sets, sets of naturals outside likely runs,
    no sets) is valued as a real plan: never above the oracle's optimum, and the search still reaches it."""
    rules = VARIANTS[variant]
    hand = data.draw(hands(rules, most=11))
    parts = tuple((part.kind.value, part.min_length) for part in rules.contract(deal).melds)
    setup = Setup(rules, tuple(hand), (), parts, rescue=False, wild_discard=rules.discard_wild_allowed)
    expected = oracle_left(hand, rules, parts=parts)
    optimum = -1 if expected is None else penalty(hand) - expected
    search = Search(setup, roomy=False, spaced=True)
    for first in (*search._first_guesses(search._guess()), {}):
        search.incumbent = -1
        search._try(first)
        assert search.incumbent <= optimum, f"{format_cards(hand)}: {first} valued {search.incumbent} > {optimum}"
    result = Search(setup).best()
    assert (result.value if result.feasible else -1) == optimum


@budget(25)
@given(st.data(), st.sampled_from(["push", "six_to_ten", "cap_it", "push_min_natural"]), st.integers(1, 5))
def test_contract_distance_matches_oracle(data: st.DataObject, variant: str, deal: int) -> None:
    """The fewest cards to add: wilds, and where every meld needs a natural, up to one lone natural per
    contract meld (a natural that joins the hand's cards does no more than a wild in its place; the lone
    naturals are the ones contract_progress lends, of a suit the hand's naturals leave free)."""
    rules = VARIANTS[variant]
    hand = data.draw(hands(rules, most=8))
    parts = tuple((part.kind.value, part.min_length) for part in rules.contract(deal).melds)
    filler = JOKER if rules.jokers_wild else Card(Rank.TWO, Suit.CLUBS)
    lone = _lone_naturals(hand, len(parts)) if rules.min_naturals_per_meld else []
    expected = next(
        k
        for k in range(16)
        if any(
            oracle_left([*hand, *lone[:n], *[filler] * (k - n)], rules, parts=parts) is not None
            for n in range(min(k, len(lone)) + 1)
        )
    )
    assert contract_distance(hand, rules, deal) == expected, format_cards(hand)


TABLE_RULES = [PUSH, SIX_TO_TEN, TWO_DECK_R3, replace(PUSH, min_naturals_per_meld=1)]


@st.composite
def table_position(draw: st.DrawFn) -> tuple[RummyRules, list[Card], list[Meld]]:
    rules = draw(st.sampled_from(TABLE_RULES))
    hand = draw(hands(rules, most=6))
    table: list[Meld] = []
    for _ in range(draw(st.integers(1, 2))):
        group = draw(hands(rules, most=5))
        readings = interpret_meld(group, rules)
        if readings:
            table.append(draw(st.sampled_from(readings)))
    return rules, hand, table


@st.composite
def go_down_position(draw: st.DrawFn) -> tuple[RummyRules, list[Card], list[Meld]]:
    """Deal 1 (two sets of three): a hand holding two sets (some with one wild), table melds with a wild
    in them, often with a natural that rescues it in the hand, and up to two more cards."""
    rules = replace(draw(st.sampled_from(TABLE_RULES)), discard_wild_allowed=True, go_out_by_melding=True)
    wilds = [JOKER] * bool(rules.jokers_wild) + [Card(Rank.TWO, suit) for suit in Suit]
    hand: list[Card] = []
    ranks = st.lists(st.sampled_from([r for r in Rank if r is not Rank.TWO]), min_size=2, max_size=2, unique=True)
    for rank in draw(ranks):
        suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=2, max_size=3, unique=True))
        hand += [Card(rank, suit) for suit in suits] + ([draw(st.sampled_from(wilds))] if len(suits) == 2 else [])
    table: list[Meld] = []
    for _ in range(draw(st.integers(1, 2))):
        if draw(st.booleans()):  # a run with a wild in it, and the natural that would take its place
            suit, start, length = draw(st.sampled_from(list(Suit))), draw(st.integers(3, 10)), draw(st.integers(3, 4))
            hole = draw(st.integers(0, length - 1))
            cards = [draw(st.sampled_from(wilds)) if i == hole else Card(Rank(start + i), suit) for i in range(length)]
            table.append(Meld.run_of(cards, suit, start))
            natural = Card(Rank(start + hole), suit)
        else:  # a set of two naturals and a wild, and a natural of a suit it lacks
            rank = draw(st.sampled_from([r for r in Rank if r is not Rank.TWO]))
            suits = draw(st.permutations(list(Suit)))
            table.append(Meld.set_of([Card(rank, suits[0]), Card(rank, suits[1]), draw(st.sampled_from(wilds))], rank))
            natural = Card(rank, suits[2])
        if draw(st.booleans()):
            hand.append(natural)
    naturals = [Card(rank, suit) for rank in Rank if rank is not Rank.TWO for suit in Suit]
    hand += draw(st.lists(st.sampled_from(naturals + wilds), max_size=2))
    return rules, hand[:9], table


@budget(60)
@given(go_down_position())
def test_go_down_with_rescues_matches_oracle(position: tuple[RummyRules, list[Card], list[Meld]]) -> None:
    """Going down, then rescuing in the same turn (the rescued wilds may go into new melds and lay-offs,
    never into the contract): the fewest points left, by every contract of the hand's own cards followed by
    every sequence of moves."""
    rules, hand, table = position
    expected = go_down_oracle(hand, table, rules, 1)
    plan = best_go_down(hand, rules, 1, table=table)
    where = f"{format_cards(hand)} with {[str(m) for m in table]}"
    if expected is None:
        assert plan is None, f"{where}: solver found {plan}, oracle none"
        return
    assert plan is not None, f"{where}: oracle leaves {expected}, solver none"
    assert plan.points_left == expected, f"{where}: solver {plan}, oracle {expected}"
    assert penalty(play_plan(plan, hand, table, rules, 1)) == plan.points_left


def test_going_down_then_rescuing_in_the_same_turn() -> None:
    """Each way a plan that lends its contract a wild still to be rescued becomes legal (D-SOL-02)."""
    run = interpret_meld(parse_cards("5H JK 7H"), PUSH)
    # The joker the search adds to the sevens is spare: the sevens go down without it, and it is laid off
    # on them once 6♥ has rescued it.
    hand = parse_cards("9C 9D 9S 7S 7D 7C 6H KD")
    plan = best_go_down(hand, PUSH, 1, table=run)
    assert plan is not None and plan.points_left == 0
    assert [type(action).__name__ for action in plan.actions] == ["GoDown", "Rescue", "LayOff", "Discard"]
    assert penalty(play_plan(plan, hand, run, PUSH, 1)) == 0
    # 2♠ is needed in the set of fours: it trades places with the hand's 2♣, spare in the set of tens.
    clubs = [Meld.run_of(parse_cards("5C 6C 2S"), Suit.CLUBS, 5)]
    hand = parse_cards("10D 10H 10C 4S 4D 2C 7C 4D 9S")
    plan = best_go_down(hand, PUSH, 1, table=clubs)
    assert plan is not None and plan.points_left == 5 == go_down_oracle(hand, clubs, PUSH, 1)
    assert penalty(play_plan(plan, hand, clubs, PUSH, 1)) == 5
    # Both sets need a wild and the hand holds one: the search's plan cannot be reordered, so each contract
    # way is laid down and followed by its best turn (rescue both 2s, lay them off).
    table = [
        Meld.run_of(parse_cards("10C 2C QC"), Suit.CLUBS, 10),
        Meld.run_of(parse_cards("2D 7S 8S"), Suit.SPADES, 6),
    ]
    hand = parse_cards("AD AC 2D 5D 5C 5S JC 6S QC")
    plan = best_go_down(hand, PUSH, 1, table=table)
    assert plan is not None and plan.points_left == 0 == go_down_oracle(hand, table, PUSH, 1)
    assert penalty(play_plan(plan, hand, table, PUSH, 1)) == 0
    # A wild still to be rescued never completes the contract: two nines cannot go down on the table's joker.
    assert best_go_down(parse_cards("9C 9D 7S 7D 7C 6H KD"), PUSH, 1, table=run) is None


@budget(50)
@given(table_position())
def test_table_play_matches_oracle(position: tuple[RummyRules, list[Card], list[Meld]]) -> None:
    rules, hand, table = position
    relaxed = replace(rules, discard_wild_allowed=True, go_out_by_melding=True)
    plan = best_turn(hand, relaxed, table)
    expected = table_oracle(hand, table, relaxed)
    assert plan.points_left == expected, (
        f"{format_cards(hand)} with {[str(m) for m in table]}: solver {plan.points_left}, oracle {expected}"
    )
    left = play_plan(plan, hand, table, rules, None)
    assert penalty(left) == plan.points_left


@SMALL
@given(st.data(), st.sampled_from(["push", "six_to_ten", "cap_it"]))
def test_fewest_cards_objective_matches_oracle(data: st.DataObject, variant: str) -> None:
    rules = VARIANTS[variant]
    hand = data.draw(hands(rules))
    plan = best_turn(hand, rules, objective="cards")

    def weight(card: Card) -> int:
        return 100 + card_value(card)

    value = Oracle(hand, rules, weight).best(
        keep_discard=True, must_discard=not rules.go_out_by_melding, wild_ok=rules.discard_wild_allowed
    )
    if value < 0:
        return
    expected = sum(weight(card) for card in hand) - value
    assert sum(weight(card) for card in plan.left) == expected, format_cards(hand)


def test_oracle_itself_on_a_known_hand() -> None:
    hand = [Card(Rank.SEVEN, Suit.HEARTS), Card(Rank.SEVEN, Suit.SPADES), JOKER, Card(Rank.KING, Suit.CLUBS)]
    assert oracle_left(hand, PUSH) == 10
    assert oracle_left(hand, PUSH, keep_discard=True) == 0
    assert Oracle(hand, PUSH).best(parts=(("set", 3), ("set", 3))) < 0
    assert MeldKind.SET.value == "set"


def test_a_natural_two_at_its_own_place_is_the_meld_s_natural_under_the_house_rule() -> None:
    """Where every meld needs a natural, 2♥ 🃏 🃏 is still a run (A♥-2♥-3♥): the 2 stands for itself."""
    rules = VARIANTS["push_min_natural"]
    two, hand = Card(Rank.TWO, Suit.HEARTS), [Card(Rank.TWO, Suit.HEARTS), JOKER, JOKER]
    assert interpret_meld(hand, rules)
    assert meld_options([two], hand, rules).completable
    assert meld_options([JOKER], hand, rules).joinable == (two, JOKER)
    wild_twos = replace(rules, natural_twos=False)  # where a 2 is always wild, the three are wilds alone
    assert not interpret_meld(hand, wild_twos) and not meld_options([two], hand, wild_twos).completable


@budget(60)
@given(st.data(), st.sampled_from(sorted(VARIANTS)))
def test_meld_options_match_every_meld_the_hand_can_make(data: st.DataObject, variant: str) -> None:
    """A selection is completable exactly when some legal meld of the hand's cards holds it, and a card
    joins exactly when some such meld holds the selection and that card (all subsets, by brute force)."""
    rules = VARIANTS[variant]
    hand = data.draw(hands(rules, most=8))
    chosen = data.draw(st.lists(st.sampled_from(range(len(hand))), min_size=1, max_size=3, unique=True))
    selection = [hand[i] for i in chosen]
    rest = [card for i, card in enumerate(hand) if i not in chosen]
    melds_with: list[set[int]] = []
    for size in range(max(0, 3 - len(selection)), len(rest) + 1):
        for extra in combinations(range(len(rest)), size):
            if interpret_meld([*selection, *(rest[i] for i in extra)], rules):
                melds_with.append(set(extra))
    options = meld_options(selection, hand, rules)
    assert options.completable == bool(melds_with), f"{format_cards(selection)} in {format_cards(hand)}"
    joiners = {rest[i] for extra in melds_with for i in extra}
    assert set(options.joinable) == joiners, f"{format_cards(selection)} in {format_cards(hand)}"


@st.composite
def suit_heavy_hands(draw: st.DrawFn) -> list[Card]:
    """Hands of 20 to 30 cards where one or two suits hold long stretches from both decks (two copies of
    each rank), so the fast pass often lays two contract runs of one suit over each other."""
    suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=2, unique=True))
    pool = [Card(Rank(r), suit) for suit in suits for r in range(3, 15) for _ in range(2)]
    heavy = draw(st.lists(st.sampled_from(range(len(pool))), min_size=12, max_size=18, unique=True))
    others = [Card(Rank(r), suit) for suit in Suit if suit not in suits for r in range(3, 15)]
    light = draw(st.lists(st.sampled_from(others), min_size=2, max_size=6))
    wilds = draw(st.lists(st.sampled_from([JOKER, *(Card(Rank.TWO, suit) for suit in Suit)]), min_size=3, max_size=8))
    return [pool[i] for i in heavy] + light + wilds


@budget(30)
@given(suit_heavy_hands(), st.sampled_from([3, 5]))
def test_go_down_matches_a_search_that_spaces_runs_from_the_start(hand: list[Card], deal: int) -> None:
    """On big suit-heavy hands (beyond the oracle's reach), the best go-down leaves what a search that spaces
    contract runs from the start leaves: the fast pass, its repairs and the second search that borrows the
    fast pass's bounds change nothing but the time."""
    parts = tuple((part.kind.value, part.min_length) for part in PUSH.contract(deal).melds)
    alone = Search(Setup(PUSH, tuple(hand), (), parts, rescue=False, keep_discard=True), spaced=True).best()
    plan = best_go_down(hand, PUSH, deal)
    if not alone.feasible:
        assert plan is None, f"{format_cards(hand)}: spaced search finds no go-down, solver {plan}"
        return
    assert plan is not None, f"{format_cards(hand)}: spaced search leaves {alone.left}, solver none"
    assert plan.points_left == alone.left, f"{format_cards(hand)}: solver {plan.points_left}, spaced {alone.left}"


@st.composite
def two_run_suits(draw: st.DrawFn) -> tuple[list[Card], int]:
    """A deal with two contract runs (3: runs of 4, 5: runs of 5) and a hand of one suit's naturals spread over a
    window of six to nine ranks with one to four wilds: two contract runs of that suit must keep clear of each
    other (A-R1-08), so extension wilds above or below the first and below the second decide whether both fit."""
    deal = draw(st.sampled_from([3, 5]))
    suit = draw(st.sampled_from(list(Suit)))
    width = draw(st.integers(6, 9))
    low = draw(st.integers(3, 15 - width))
    pool = [Card(Rank(r), suit) for r in range(low, low + width) for _ in range(2)]
    naturals = draw(st.lists(st.sampled_from(range(len(pool))), min_size=4, max_size=8, unique=True))
    wilds = draw(st.lists(st.sampled_from([JOKER, *(Card(Rank.TWO, s) for s in Suit)]), min_size=1, max_size=4))
    return [pool[i] for i in naturals] + wilds, deal


@budget(40)
@given(two_run_suits())
def test_two_contract_runs_of_one_suit_keep_clear_as_the_oracle_says(case: tuple[list[Card], int]) -> None:
    """Where a contract run ended is forgotten once it can no longer limit where the next one's extension wilds
    go (``sweep.Sweep._step``): the go-down still leaves exactly what the oracle's overlap check allows."""
    hand, deal = case
    _go_down_leaves_what_the_oracle_says(hand, PUSH, deal)
