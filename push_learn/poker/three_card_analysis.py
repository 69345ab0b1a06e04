"""Exact analysis of casino Three Card Poker: play or fold, house edge, Pair Plus, hand odds.

Every figure is an exact fraction over all 22,100 player hands and, for each, all 18,424 dealer
hands from the other 49 cards (407,170,400 deals). The work is cut down by symmetry, not by
sampling:

- relabelling suits changes nothing, so the 22,100 hands fall into 1,755 classes (ranks plus the
  pattern of suits), and only one hand of each class is examined;
- the dealer hands that avoid the player's three cards are counted by inclusion and exclusion over
  pre-sorted key lists (all hands, minus hands holding each player card, plus hands holding two of
  them, minus the player's own hand), each count being a binary search on the precomputed keys.

>>> analysis = ante_analysis()
>>> str(analysis.optimal_strategy())
'play Q-6-4 or better'
>>> f"{float(analysis.report(analysis.optimal_strategy()).house_edge):.2%}"
'3.37%'
>>> f"{float(pair_plus_edge(PAIR_PLUS_TABLES['40-30-6-3-1'])):.2%}"
'7.28%'

``ante_analysis_with_progress`` shows a progress bar (tqdm, if installed) when the work takes longer
than a moment; the core never needs tqdm.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import combinations
from typing import Any

from push_learn.cards import Card, Rank
from push_learn.poker.three_card import (
    DECK,
    THREE_CARD_POKER,
    ThreeCardRanking,
    all_hand_indices,
    card_index,
    category_counts,
    clear_tables,
    evaluate,
    hand_key,
    key_of_ranks,
    key_table,
)
from push_learn.poker.three_card_poker import (
    PAIR_PLUS_TABLES,
    SHOWDOWN_UNITS,
    Fold,
    Paytable,
    PlaceBets,
    Play,
    Showdown,
    ThreeCardPokerGame,
    ThreeCardPokerRules,
    showdown,
)

__all__ = [
    "ALWAYS_PLAY",
    "PLAY_Q_OR_BETTER",
    "AnteAnalysis",
    "HandClass",
    "Outcomes",
    "StrategyReport",
    "ThresholdStrategy",
    "ante_analysis",
    "ante_analysis_with_progress",
    "brute_force_outcomes",
    "category_probabilities",
    "clear_caches",
    "compute_ante_analysis",
    "hand_classes",
    "house_share",
    "pair_plus_edge",
    "simulate",
    "tcp_advice",
]

HANDS = 22_100
DEALER_HANDS = 18_424  # C(49, 3)


@dataclass(frozen=True)
class Outcomes:
    """How many of the 18,424 dealer hands give each showdown against one player hand."""

    not_qualified: int
    player_wins: int
    tie: int
    dealer_wins: int

    def __add__(self, other: Outcomes) -> Outcomes:
        return Outcomes(*(a + b for a, b in zip(self.counts(), other.counts(), strict=True)))

    def __sub__(self, other: Outcomes) -> Outcomes:
        return Outcomes(*(a - b for a, b in zip(self.counts(), other.counts(), strict=True)))

    def counts(self) -> tuple[int, int, int, int]:
        """The four counts in the order of ``Showdown``."""
        return (self.not_qualified, self.player_wins, self.tie, self.dealer_wins)

    def by_showdown(self) -> dict[Showdown, int]:
        """The counts keyed by ``Showdown``."""
        return dict(zip(Showdown, self.counts(), strict=True))

    @property
    def total(self) -> int:
        """The number of dealer hands counted."""
        return sum(self.counts())


@dataclass(frozen=True)
class HandClass:
    """Player hands that are the same up to relabelling suits, with their exact expected values.

    ``play_ev`` is the expected net result of playing, in units of the Ante (Ante, Play and Ante
    Bonus together); folding always returns ``-1``.
    """

    cards: tuple[Card, Card, Card]
    count: int
    key: int
    name: str
    outcomes: Outcomes
    play_ev: Fraction

    @property
    def should_play(self) -> bool:
        """True if playing is worth more than folding (it then loses less than the Ante)."""
        return self.play_ev > -1


@dataclass(frozen=True)
class ThresholdStrategy:
    """Play every hand at least as good as ``min_key`` (a Three Card Poker key), fold the rest."""

    name: str
    min_key: int

    @classmethod
    def at_least(cls, ranks: str) -> ThresholdStrategy:
        """Play a hand of these ranks (as ``"Q-6-4"`` or ``"2-2-3"``, suits unmatched) or better."""
        values = sorted((_RANK_WORDS[part.strip().upper()] for part in ranks.split("-")), reverse=True)
        if len(values) != 3:
            raise ValueError("write three ranks such as Q-6-4")
        return cls(f"play {ranks} or better", key_of_ranks(values, False, THREE_CARD_POKER))

    def plays(self, key: int) -> bool:
        """True if a hand of this key is played."""
        return key >= self.min_key

    def plays_cards(self, cards: str | Iterable[Card]) -> bool:
        """True if these three cards are played."""
        return self.plays(hand_key(cards, THREE_CARD_POKER))

    def __str__(self) -> str:
        return self.name


_RANK_WORDS = {r.symbol: int(r) for r in Rank} | {"T": 10}
ALWAYS_PLAY = ThresholdStrategy("always play", 0)
"""Never fold."""
PLAY_Q_OR_BETTER = ThresholdStrategy("play Q or better", int(Rank.QUEEN) << 8)
"""Play when the hand would qualify as a dealer's hand ("mimic the dealer")."""


@dataclass(frozen=True)
class StrategyReport:
    """Exact results of the Ante game under one strategy, per unit of Ante."""

    strategy: str
    expected_value: Fraction
    play_probability: Fraction

    @property
    def house_edge(self) -> Fraction:
        """The expected loss per unit of Ante."""
        return -self.expected_value

    @property
    def element_of_risk(self) -> Fraction:
        """The expected loss per unit actually wagered (the Ante plus the Play bet when made)."""
        return self.house_edge / (1 + self.play_probability)

    def __str__(self) -> str:
        return (
            f"{self.strategy}: house edge {float(self.house_edge):.4%} of the ante, element of risk "
            f"{float(self.element_of_risk):.4%}, plays {float(self.play_probability):.2%} of hands"
        )


@dataclass(frozen=True)
class AnteAnalysis:
    """The play-or-fold value of every player hand class under one set of rules."""

    rules: ThreeCardPokerRules
    classes: tuple[HandClass, ...]
    """Sorted from the worst hand to the best."""
    _by_signature: dict[tuple[tuple[int, ...], ...], HandClass] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        lookup = {_signature(tuple(card_index(c) for c in cls.cards)): cls for cls in self.classes}
        object.__setattr__(self, "_by_signature", lookup)

    def report(self, strategy: ThresholdStrategy | None = None) -> StrategyReport:
        """House edge, element of risk and play rate of ``strategy`` (the optimal one by default)."""
        plays: Callable[[HandClass], bool] = (
            (lambda c: c.should_play) if strategy is None else (lambda c: strategy.plays(c.key))
        )
        value = sum((c.count * (c.play_ev if plays(c) else Fraction(-1)) for c in self.classes), Fraction(0))
        played = sum(c.count for c in self.classes if plays(c))
        name = str(strategy) if strategy else "optimal"
        return StrategyReport(name, value / HANDS, Fraction(played, HANDS))

    def optimal_strategy(self) -> ThresholdStrategy:
        """The best play-or-fold rule, written as a threshold hand (it is one: Q-6-4)."""
        played = [c for c in self.classes if c.should_play]
        folded = [c for c in self.classes if not c.should_play]
        lowest = min(played, key=lambda c: c.key)
        if folded and max(c.key for c in folded) >= lowest.key:
            raise ArithmeticError("the optimal strategy is not a single threshold under these rules")
        ranks = sorted((card.rank for card in lowest.cards if card.rank is not None), reverse=True)
        return ThresholdStrategy(f"play {'-'.join(r.symbol for r in ranks)} or better", lowest.key)

    def hand(self, cards: str | Iterable[Card]) -> HandClass:
        """The class (and so the exact play value) of a player hand."""
        signature = _signature(tuple(card_index(c) for c in evaluate(cards, THREE_CARD_POKER).cards))
        return self._by_signature[signature]

    def verdict(self, cards: str | Iterable[Card]) -> str:
        """The exact strategy's word on a player hand: play or fold, and what playing it is worth.

        >>> ante_analysis().verdict("QS 6H 4D")  # doctest: +ELLIPSIS
        'The exact strategy (play Q-6-4 or better) plays this hand. Playing it is worth -0.9... antes on average; ...'
        """
        hand = self.hand(cards)
        return (f"The exact strategy ({self.optimal_strategy().name}) {'plays' if hand.should_play else 'folds'} this "
                f"hand. Playing it is worth {float(hand.play_ev):+.3f} antes on average; folding always loses the "
                "ante (-1).")


def house_share(value: Fraction, bet: str) -> str:
    """What a bet of expected ``value`` (per unit staked) gives the house or the player in the long run, in words.

    >>> house_share(Fraction(-337, 10000), "Ante"), house_share(Fraction(1, 100), "Pair Plus bet")
    ('the house keeps 3.37% of each Ante in the long run', 'you win 1.00% of each Pair Plus bet in the long run')
    """
    if value > 0:
        return f"you win {float(value):.2%} of each {bet} in the long run"
    return f"the house keeps {float(-value):.2%} of each {bet} in the long run"


def tcp_advice(game: Any, seat: int, rng: Any = None) -> list[str]:
    """The coach's word to ``seat`` of a Three Card Poker game (``GameSpec.advise``): before the deal, what the
    Ante and the Pair Plus cost a player of the exact strategy on average; with cards, the strategy's verdict on
    the seat's own hand (the only cards it sees)."""
    analysis = ante_analysis(game.rules)
    seen = game.observe(seat)
    if seen.phase == "deciding":
        return [analysis.verdict(seen.cards)]
    ante = house_share(-analysis.report().house_edge, "Ante")
    pair_plus = house_share(-pair_plus_edge(game.rules.pair_plus), "Pair Plus bet")
    return [f"Place your bets: the Ante (its Play bet follows if you play), and the Pair Plus if you like. Played by "
            f"the exact strategy ({analysis.optimal_strategy().name}), {ante}. Whatever you play, {pair_plus}."]


def _signature(hand: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The ranks held in each suit, suits forgotten: equal for hands that differ only by suit names."""
    groups: dict[int, list[int]] = {}
    for card in hand:
        groups.setdefault(card // 13, []).append(card % 13)
    return tuple(sorted(tuple(sorted(ranks)) for ranks in groups.values()))


@cache
def hand_classes() -> tuple[tuple[tuple[int, int, int], int], ...]:
    """The 1,755 classes of player hand: (a representative as card numbers, how many hands it stands for)."""
    classes: dict[tuple[tuple[int, ...], ...], list[Any]] = {}
    for hand in all_hand_indices():
        entry = classes.setdefault(_signature(hand), [hand, 0])
        entry[1] += 1
    return tuple((rep, count) for rep, count in classes.values())


def clear_caches() -> None:
    """Forget every remembered table and analysis (a benchmark then measures all the work)."""
    clear_tables()
    for cached in (hand_classes, _positions, ante_analysis):
        cached.cache_clear()


@cache
def _positions() -> dict[tuple[int, int, int], int]:
    """Where each hand (increasing card numbers) sits in ``all_hand_indices()``."""
    return {hand: i for i, hand in enumerate(all_hand_indices())}


class _KeyLists:
    """Sorted keys of all hands, of the hands holding each card and of those holding each pair of cards."""

    def __init__(self, ranking: ThreeCardRanking) -> None:
        keys = key_table(ranking)
        self.all = sorted(keys)
        single: list[list[int]] = [[] for _ in range(52)]
        double: dict[tuple[int, int], list[int]] = {}
        for (a, b, c), key in zip(all_hand_indices(), keys, strict=True):
            single[a].append(key)
            single[b].append(key)
            single[c].append(key)
            for pair in ((a, b), (a, c), (b, c)):
                double.setdefault(pair, []).append(key)
        self.single = [sorted(lst) for lst in single]
        self.double = {pair: sorted(lst) for pair, lst in double.items()}


def _count(keys: Sequence[int], player: int, qualify: int) -> Outcomes:
    """Showdowns of a player key against every key of a sorted list."""
    not_qualified = bisect_left(keys, qualify)
    if player < qualify:
        return Outcomes(not_qualified, 0, 0, len(keys) - not_qualified)
    low, high = bisect_left(keys, player), bisect_right(keys, player)
    return Outcomes(not_qualified, low - not_qualified, high - low, len(keys) - high)


def _outcomes(hand: tuple[int, int, int], player: int, lists: _KeyLists, qualify: int) -> Outcomes:
    """Dealer outcomes over the hands that avoid the player's cards, by inclusion and exclusion."""
    a, b, c = hand
    total = _count(lists.all, player, qualify)
    for card in hand:
        total = total - _count(lists.single[card], player, qualify)
    for pair in ((a, b), (a, c), (b, c)):
        total = total + _count(lists.double[pair], player, qualify)
    return total - _count([player], player, qualify)


def _play_value(outcomes: Outcomes, bonus: int) -> Fraction:
    """Expected net of playing, per unit of Ante, from the showdown counts and the Ante Bonus odds."""
    units = sum(n * sum(SHOWDOWN_UNITS[s]) for s, n in outcomes.by_showdown().items())
    return Fraction(units, outcomes.total) + bonus


def compute_ante_analysis(
    rules: ThreeCardPokerRules | None = None, progress: Callable[[int], object] | None = None
) -> AnteAnalysis:
    """Compute the exact play value of every hand class (uncached; ``progress(n)`` is told of each step)."""
    rules = rules or ThreeCardPokerRules()
    lists = _KeyLists(THREE_CARD_POKER)
    table = key_table(THREE_CARD_POKER)
    position = _positions()
    classes = []
    for step, (hand, count) in enumerate(hand_classes(), start=1):
        key = table[position[hand]]
        high, mid, low = sorted((DECK[i] for i in hand), key=lambda c: (c.rank, -card_index(c)), reverse=True)
        cards = (high, mid, low)
        evaluated = evaluate(cards, THREE_CARD_POKER)
        outcomes = _outcomes(hand, key, lists, rules.qualifying_key)
        bonus = rules.ante_bonus.pays_for(evaluated.category.name) or 0
        classes.append(HandClass(cards, count, key, evaluated.name, outcomes, _play_value(outcomes, bonus)))
        if progress is not None and step % 100 == 0:
            progress(100)
    if progress is not None:
        progress(len(classes) % 100)
    return AnteAnalysis(rules, tuple(sorted(classes, key=lambda c: (c.key, [card_index(x) for x in c.cards]))))


@cache
def ante_analysis(rules: ThreeCardPokerRules | None = None) -> AnteAnalysis:
    """``compute_ante_analysis``, remembered per set of rules."""
    return compute_ante_analysis(rules)


def ante_analysis_with_progress(rules: ThreeCardPokerRules | None = None) -> AnteAnalysis:
    """Like ``ante_analysis`` but with a tqdm progress bar (when tqdm is installed and it takes over 0.5 s)."""
    try:
        from tqdm import tqdm
    except ImportError:
        return ante_analysis(rules)
    with tqdm(total=len(hand_classes()), desc="hand classes", unit="class", delay=0.5) as bar:
        return compute_ante_analysis(rules, progress=bar.update)


def brute_force_outcomes(cards: str | Iterable[Card], rules: ThreeCardPokerRules | None = None) -> Outcomes:
    """The obvious count: compare the player hand with each of the 18,424 dealer hands in turn.

    About a thousand times slower than the analysis; it is here to check it and to measure it against.
    """
    rules = rules or ThreeCardPokerRules()
    player = evaluate(cards, THREE_CARD_POKER)
    used = {card_index(c) for c in player.cards}
    table = key_table(THREE_CARD_POKER)
    counts = dict.fromkeys(Showdown, 0)
    rest = [i for i in range(52) if i not in used]
    position = _positions()
    for dealer in combinations(rest, 3):
        counts[showdown(player.key, table[position[dealer]], rules)] += 1
    return Outcomes(*(counts[s] for s in Showdown))


def pair_plus_edge(table: Paytable) -> Fraction:
    """The house edge of a Pair Plus table: the expected loss per unit bet (only the player's cards count)."""
    value = 0
    for category, count in category_counts(THREE_CARD_POKER).items():
        odds = table.pays_for(category)
        value += count * (odds if odds is not None else -1)
    return Fraction(-value, HANDS)


def pair_plus_edges() -> dict[str, Fraction]:
    """The house edge of every table in ``PAIR_PLUS_TABLES``."""
    return {name: pair_plus_edge(table) for name, table in PAIR_PLUS_TABLES.items()}


def category_probabilities(ranking: ThreeCardRanking = THREE_CARD_POKER) -> dict[str, Fraction]:
    """The exact chance of being dealt each category, best first."""
    return {name: Fraction(count, HANDS) for name, count in category_counts(ranking).items()}


@dataclass(frozen=True)
class SimulationResult:
    """Totals of a simulated session: rounds played, chips bet on the Ante, and the net result."""

    rounds: int
    antes: int
    net: int

    @property
    def per_ante(self) -> float:
        """The average result per unit of Ante (to compare with the exact expected value)."""
        return self.net / self.antes if self.antes else 0.0


def simulate(
    strategy: ThresholdStrategy, rounds: int, seed: int = 0, rules: ThreeCardPokerRules | None = None,
    ante: int = 1,
) -> SimulationResult:
    """Play ``rounds`` real rounds through ``ThreeCardPokerGame`` with one seat following ``strategy``."""
    rules = rules or ThreeCardPokerRules(seats=1, starting_stack=2 * ante * rounds, max_bet=max(ante, 1))
    game = ThreeCardPokerGame(rules, seed=seed, rounds=rounds)
    while not game.over:
        if game.phase == "betting":
            game.apply(PlaceBets(0, ante, 0))
        else:
            game.apply(Play(0) if strategy.plays(game.hand(0).key) else Fold(0))
    net = sum(seat.net for result in game.results for seat in result.seats)
    return SimulationResult(len(game.results), ante * len(game.results), net)

