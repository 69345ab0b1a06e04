"""SearchBot: GreedyBot's play, with what a discard (or a push) hands over weighed on sampled worlds.

Before going down, the bot draws as GreedyBot (take the up-card when it brings the contract closer,
else push) and keeps GreedyBot's few best discards as candidates. What each candidate would hand
to the next player is judged on *sampled worlds*: the cards the seat cannot place
are dealt at random to the other hands around their known cards, the rest forming the stock (with
any buried wilds in it). In each world the next player's hand is played forward against the cards
handed over: a push gives them the up-card and the stock's top card, a discard is offered to them
as the up-card. Help to an opponent (cards brought closer to their contract, by the solver) counts
against the option, help to a partner for it. With ``deny`` the bot also takes an up-card rather than
push it to an opponent it would help (measured weaker: off by default).

Strength and time grow with ``samples`` and ``budget`` (seconds per decision, one deadline for all the
options, checked between worlds; every option gets at least one world). Once down, the bot plays
exactly as GreedyBot.
"""

from __future__ import annotations

import random
import time
from collections import Counter

from push_learn.cards import Card
from push_learn.rummy.bots import GreedyBot, _discards, _hand, keep_score, seat_of
from push_learn.rummy.coach import unseen_cards
from push_learn.rummy.engine import Action, Observation, Push, TakeUpcard

__all__ = ["SearchBot", "World", "sample_world"]


class World:
    """One sampled deal: every other hand and the stock (its top card last)."""

    def __init__(self, hands: dict[int, list[Card]], stock: list[Card]) -> None:
        self.hands = hands
        self.stock = stock


def sample_world(view: Observation, rng: random.Random) -> World:
    """Hidden hands and a stock consistent with the seat's observation (known cards stay with their holders)."""
    seat = seat_of(view)
    pool = unseen_cards(view)
    stock_fixed: list[Card] = []
    for card, n in Counter(view.buried).items():
        for _ in range(n):
            if card in pool:
                pool.remove(card)
                stock_fixed.append(card)
    rng.shuffle(pool)
    hands: dict[int, list[Card]] = {}
    for other in range(view.rules.players):
        if other == seat:
            continue
        known = list(view.known[other])
        need = max(0, view.hand_sizes[other] - len(known))
        hands[other] = known + pool[:need]
        del pool[:need]
    stock = pool + stock_fixed
    rng.shuffle(stock)
    return World(hands, stock[-view.stock :] if view.stock else [])


class SearchBot(GreedyBot):
    """GreedyBot whose discards (and, with ``deny``, pushes) are weighed on sampled worlds."""

    name = "search"

    def __init__(
        self, budget: float = 0.5, samples: int = 8, candidates: int = 3, help_weight: float = 1.0, deny: bool = False
    ) -> None:
        super().__init__()
        self.budget = budget
        """Seconds allowed per decision for the sampled worlds (at least one world is always used)."""
        self.samples = samples
        self.candidates = candidates
        """How many discards (GreedyBot's best few) are weighed."""
        self.help_weight = help_weight
        """How much one card of progress handed to the next player counts."""
        self.deny = deny
        """Take an up-card that would help the next opponent rather than push it to them."""
        self._deadline = 0.0

    # ---- decisions ------------------------------------------------------------------------------
    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """Draw and discard by sampling while not down; otherwise play as GreedyBot."""
        view = observation
        seat = seat_of(view)
        self._deadline = time.perf_counter() + self.budget
        if view.down[seat]:
            return super().choose(view, rng)
        if view.phase == "draw":
            if Push() not in view.legal or TakeUpcard() not in view.legal or view.upcard is None:
                return super().draw(view)
            return self._draw(view, rng)
        move = self.table_move(view)
        if move is not None:
            return move
        return self._discard(view, rng)

    def _draw(self, view: Observation, rng: random.Random) -> Action:
        """GreedyBot's rule, but an up-card that would bring the next opponent closer is not pushed to them
        when taking it costs us nothing in progress (``deny``)."""
        choice = super().draw(view)
        if not self.deny or isinstance(choice, TakeUpcard):
            return choice
        up = view.upcard
        assert up is not None
        if self._handed(view, [up], rng, with_stock=True) > self.help_weight * 0.5:
            return TakeUpcard()
        return choice

    def _discard(self, view: Observation, rng: random.Random) -> Action:
        """GreedyBot's few best discards, weighed by what each would do for the next player."""
        hand = _hand(view)
        legal = _discards(view)
        ranked = sorted(legal, key=lambda a: (keep_score(a.card, hand, view), a.card.ascii))[: self.candidates]
        if len(ranked) <= 1:
            return ranked[0] if ranked else super().discard(view, rng)
        scores = []
        for order, action in enumerate(ranked):
            handed = self._handed(view, [action.card], rng, with_stock=False)
            scores.append((handed + 0.05 * order, order, action))
        return min(scores)[2]

    def _handed(self, view: Observation, cards: list[Card], rng: random.Random, with_stock: bool) -> float:
        """Cost of handing ``cards`` (and the stock's top card) to the next player, averaged over sampled worlds."""
        seat = seat_of(view)
        nxt = (seat + 1) % view.rules.players
        if view.down[nxt]:
            return 0.0
        sign = -1.0 if view.rules.team_of(nxt) == view.rules.team_of(seat) else 1.0
        total, worlds = 0.0, 0
        while worlds < self.samples and (worlds == 0 or time.perf_counter() < self._deadline):
            world = sample_world(view, rng)
            theirs = world.hands.get(nxt, [])
            gift = list(cards)
            if with_stock and world.stock:
                gift.append(world.stock[-1])
            before = self.memo.contract_distance(view, theirs)
            after = self.memo.contract_distance(view, [*theirs, *gift])
            if before is not None and after is not None:
                total += before - after
            worlds += 1
        return sign * self.help_weight * total / worlds
