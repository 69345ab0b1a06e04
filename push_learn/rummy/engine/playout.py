"""A random legal player for tests, benchmarks and demonstrations (not a bot meant to play well).

It picks uniformly among the observation's legal choices for the draw and the discard, and before
discarding tries simple melds: a greedy attempt at the contract, then new melds, lay-offs and
rescues, each checked first with ``verify_in_view`` (the engine's judgement from the seat's own
view). Real bots live in the analysis layer.

>>> from push_learn.rummy import PUSH
>>> match = play_random_match(PUSH, seed=1)
>>> match.over, len(match.results)
(True, 5)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from push_learn.cards import Card, Suit
from push_learn.errors import IllegalAction
from push_learn.rummy.engine.actions import Action, GoDown, LayOff, NewMeld, Rescue
from push_learn.rummy.engine.game import Match
from push_learn.rummy.engine.observe import Observation, verify_in_view
from push_learn.rummy.engine.setup import Seed
from push_learn.rummy.engine.state import Phase, TableMeld, is_wild_card
from push_learn.rummy.melds import Meld, layoff_options, rescue_options, run_value_range
from push_learn.rummy.rules import MeldKind, RummyRules

__all__ = ["RandomPlayer", "greedy_meld", "play_random_match"]


_SUITS = tuple(Suit)


def greedy_meld(pool: Sequence[Card], kind: MeldKind, length: int, rules: RummyRules) -> Meld | None:
    """A meld of ``kind`` and exactly ``length`` cards from ``pool`` using as many naturals as it can
    (at least one), or ``None``. Cheap and incomplete: the solver finds every way."""
    wilds: list[Card] = []
    naturals: list[Card] = []
    for card in pool:
        (wilds if is_wild_card(card, rules) else naturals).append(card)
    if kind is MeldKind.SET:
        by_rank: dict[int, list[Card]] = {}
        for card in naturals:
            group = by_rank.setdefault(int(card.rank or 0), [])
            if len(group) < length and not (rules.set_distinct_suits and any(c.suit is card.suit for c in group)):
                group.append(card)
        best = max(by_rank.values(), key=len, default=[])
        rank = best[0].rank if best else None
        if rank is None or length - len(best) > len(wilds):
            return None
        return Meld.set_of(best + wilds[: length - len(best)], rank)
    low, high = run_value_range(rules)
    by_suit: list[dict[int, Card]] = [{}, {}, {}, {}]
    for card in naturals:
        places = by_suit[_SUITS.index(card.suit)]
        value = int(card.rank or 0)
        places[value] = card
        if value == 14:
            places[1] = card
    best_run: tuple[int, int, int] | None = None
    for index, places in enumerate(by_suit):
        if not places:
            continue
        prefix = [0]
        for value in range(15):
            prefix.append(prefix[-1] + (value in places))
        for start in range(low, high - length + 2):
            if start == 1 and start + length - 1 >= 14:
                continue
            count = prefix[start + length] - prefix[start]
            if count and length - count <= len(wilds) and (best_run is None or count > best_run[0]):
                best_run = (count, index, start)
    if best_run is None:
        return None
    _, index, start = best_run
    spare = iter(wilds)
    places = by_suit[index]
    return Meld.run_of([places.get(v) or next(spare) for v in range(start, start + length)], _SUITS[index], start)


def _without(pool: list[Card], cards: Iterable[Card]) -> list[Card]:
    rest = list(pool)
    for card in cards:
        rest.remove(card)
    return rest


def contract_attempt(hand: Sequence[Card], rules: RummyRules, deal_no: int) -> tuple[Meld, ...] | None:
    """A greedy try at this deal's contract from ``hand`` (runs first), or ``None``."""
    pool = list(hand)
    melds = []
    for part in sorted(rules.contract(deal_no).melds, key=lambda p: p.kind is MeldKind.SET):
        meld = greedy_meld(pool, part.kind, part.min_length, rules)
        if meld is None:
            return None
        pool = _without(pool, meld.cards)
        melds.append(meld)
    return tuple(melds)


def _might_fit(table_meld: TableMeld, card: Card) -> bool:
    meld = table_meld.meld
    if meld.kind is MeldKind.SET:
        return card.rank is meld.rank
    if card.suit is not meld.suit or card.rank is None:
        return False
    value = int(card.rank)
    return value in (meld.low_value - 1, meld.high_value + 1) or (value == 14 and meld.low_value == 2)


def _might_replace(table_meld: TableMeld, card: Card) -> bool:
    meld = table_meld.meld
    same = card.rank is meld.rank if meld.kind is MeldKind.SET else card.suit is meld.suit
    return same and any(meld.is_wild(i) for i in range(len(meld.cards)))


def _allowed(view: Observation, action: Action) -> bool:
    try:
        verify_in_view(view, action)
    except IllegalAction:
        return False
    return True


class RandomPlayer:
    """Plays any seat of any rummy match at random, among legal moves, with simple meld attempts.

    A bot (``push_learn.protocol.Bot``): ``choose(observation, rng)`` reads only the seat's view.
    """

    name = "random player"

    def __init__(self, meld_chance: float = 1.0) -> None:
        self.meld_chance = meld_chance
        """How often it looks for melds before discarding (0 never melds)."""

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """The next action for the seat to move, from its observation (or the open view)."""
        view = observation
        if view.phase == Phase.MELD.value and rng.random() < self.meld_chance:
            move = self._meld_move(view, rng)
            if move is not None:
                return move
        return rng.choice(list(view.legal))

    def _meld_move(self, view: Observation, rng: random.Random) -> Action | None:
        rules, seat = view.rules, view.turn
        hand = list(view.hand if view.hand is not None else (view.hands or ())[seat])
        if not view.down[seat]:
            melds = contract_attempt(hand, rules, view.deal)
            if melds is not None and _allowed(view, GoDown(seat, melds)):
                return GoDown(seat, melds)
            return None
        for kind in (MeldKind.SET, MeldKind.RUN):
            meld = greedy_meld(hand, kind, 3, rules)
            if meld is not None and len(meld.naturals) >= 2 and _allowed(view, NewMeld(seat, meld)):
                return NewMeld(seat, meld)
        naturals = sorted({card for card in hand if not is_wild_card(card, rules)}, key=str)
        rng.shuffle(naturals)
        for card in naturals:
            for table_meld in view.melds:
                if not _might_fit(table_meld, card):
                    continue
                for option in layoff_options(table_meld.meld, card, rules):
                    if _allowed(view, LayOff(seat, table_meld.id, card, option)):
                        return LayOff(seat, table_meld.id, card, option)
        for card in naturals:
            for table_meld in view.melds:
                if _might_replace(table_meld, card):
                    for position, _ in rescue_options(table_meld.meld, card, rules):
                        if _allowed(view, Rescue(seat, table_meld.id, position, card)):
                            return Rescue(seat, table_meld.id, position, card)
        return None


def play_random_match(rules: RummyRules, seed: Seed = 0, player_seed: Seed | None = None,
                      max_actions: int = 100_000) -> Match:
    """A whole match between random players (``player_seed`` defaults to ``seed``); each sees its own seat."""
    match = Match.new(rules, seed)
    player = RandomPlayer()
    rng = random.Random(f"random-player:{seed if player_seed is None else player_seed}")
    while not match.over:
        if len(match.actions) >= max_actions:
            raise RuntimeError(f"the match did not end within {max_actions} actions")
        match.apply(player.choose(match.observe(match.turn), rng))
    return match
