"""SearchBot: GreedyBot's exact melding, a held-back contract, and hold-or-go-down weighed by play-outs.

**Holding back** (on by default, ``hold=0``). Instrumented GreedyBot matches show that the side
that goes down first wins the deal only about half the time: its melds become everyone's lay-off
targets while it still has cards to shed. So SearchBot lays down a contract it could meet only when
that lets it go out in the same turn (at most ``hold`` cards left); it keeps the cards the solver's
plan melds and takes an up-card only when going down would absorb it. Holding ends (and it then goes
down at once and plays the solver's best turn, as GreedyBot does) when its own side is down
(``released_by="side"``, the default; ``"anyone"`` also ends it when an opponent goes down, as earlier
versions did; ``"none"`` never), when the stock runs low (``release_stock``) or, optionally, when an
opponent has taken ``release_taken`` up-cards. Holding on after an opponent goes down is the bot's
biggest gain: the opponent's melds are targets for its lay-offs too, but its own melds give the
opponents nothing to shed onto, and when it goes down it usually goes out in the same turn.

**The discard while holding** (``keep_hold``, on by default). A Push deal is a race: in 40
instrumented matches against GreedyBot every deal ended with one side going out and the other
taking about 110 points, so the spare card most likely to meld later is worth more than the points
it carries. While holding, SearchBot discards, among the cards outside the plan's melds, the one
with the least ``keep_score`` plus ``wary`` (below); without ``keep_hold`` it discards the plan's
own discard, the costliest spare card.

**Hold or go down, by play-outs** (``search_hold``, on by default). Each time the rule above says
hold, the bot weighs holding (the discard above) against going down now on *sampled worlds* (see
Determinized Monte Carlo below): in the play-outs the bot's side holds back as it does
(``hold_rollouts``) and the others play greedily; going down replaces holding only when it gains
more than ``margin`` points per deal and ``confidence`` (2) standard errors of the paired
difference. ``samples`` (64 worlds) and ``budget`` (0.5 s) bound the search, which runs only at
these decisions (a few per match), so the median decision stays a few milliseconds.

**Measured** (Push, SearchBot against GreedyBot, seats alternating; ``benchmarks/bots.py
--skip-greedy``, whose ``--seed N`` plays tournament seed N+1). With holding ended by anyone's go-down
(``released_by="anyone"``) SearchBot won 61.8% (60.5-63.1%) of 5,600 matches (fourteen tournaments of
400, seeds 3-16) before GreedyBot learned to rescue table wilds in its go-down turn, and 57.8% (seed 2),
60.1% (seed 3) and 62.1% (seed 4) after: about 60%, with five of the fourteen earlier tournaments just
under it. In 200 instrumented deals of that version GreedyBot went down first 173 times and SearchBot's
side then won the race out only 42% of them. Holding on until its own side is down (``"side"``) won
76.8% (70.4-82.1%) of a 200-match screen on seed 3 (38.9 against 83.3 points per deal), then over 400
matches each 80.2% (76.1-83.9%) on seed 2, 76.4% (72.0-80.3%) on seed 4, 76.9% (72.5-80.7%) on seed 5
and 78.6% (74.3-82.4%) on seed 6: **78.0% (75.9-80.0%) over the 1,600**, 40-43 against 86-90 points per
deal. ``"none"`` won 79.8% (73.6-84.7%) of the same 200-match screen and 76.9% (72.5-80.7%) on seed 4:
within noise of ``"side"``. Earlier screens found the rest of the defaults (the hold search, ``wary``,
``keep_hold``) within a few points of their alternatives: the hold search measured no stronger than the
plain rule (59.4% against 59.9% over 400 matches on seed 2); weighing draws by hold-aware play-outs was
weaker (56.5% in a 200-match screen); taking the up-card once down only when it melds or lays off,
racing by the fewest cards, or discarding by what the table can take changed 263-266 of 400 results.

**Tight discards** (``tight``, off by default). Before going down, GreedyBot's ``keep_score`` now and
then (about 4% of its discards) throws a card whose loss leaves the hand further from the contract
than another discard would. With ``tight`` SearchBot discards, among the cards whose loss keeps the
contract distance (the solver's ``contract_distance``) least, the one ``keep_score`` values least.
Measured against GreedyBot this was weaker (100 matches on each of two seeds: 55% and 60% won
against 60% and 60.5% without, and about 5 fewer points per deal of margin), so it is opt-in.
**Wary discards** (``wary``, 1.5 by default). The discard is the next player's up-card, and in Push
the next player is always an opponent. Before going down, SearchBot adds ``wary`` to GreedyBot's
``keep_score`` of a card for every card the next player is known to hold (taken up-cards, public
pushed cards) that it would fit: same rank when the contract asks for sets, same suit within two
ranks when it asks for runs. Measured against GreedyBot (100 matches on each of two seeds) this won
62% and 61.5% against 60% and 60.5% without, with about 3.2 more points per deal of margin; over
400 matches it won 60.2% (seed 2) and 56.0% (seed 3) against 58.2% and 57.5% without: within noise.

**Determinized Monte Carlo** (``draws`` and ``discards``, off by default). At a draw (take or
push) and at a discard the bot can weigh its few sensible options on *sampled worlds*: the cards
the seat cannot place are dealt at random to the other hands around the cards known to be there
(taken up-cards, public pushed cards, rescued wilds), the rest forming the stock (with any buried
wilds in it). In each world every option is played out to the end of the deal by a fast greedy
policy for all seats (``rollout.Sim``) and scored by the deal's points: what the other side takes
minus what the bot's side takes (team scoring in Push, each player alone in Cap-It and
6-7-8-9-10). Every option meets the same worlds; GreedyBot's own choice is kept unless another
beats it by more than ``margin`` points per deal and by ``confidence`` standard errors of the paired
difference. Measured against GreedyBot at ten worlds per decision this was no stronger (the
paired differences spread over about 120 points), so it is opt-in; its time grows with
``samples`` (worlds per decision) and ``budget`` (seconds per decision, checked between worlds; at
least ``min_samples`` worlds are always used).

The bot sees only its seat's ``Observation``.

>>> import random
>>> from push_learn.rummy import PUSH
>>> from push_learn.rummy.engine import Match
>>> match = Match.new(PUSH, seed=1)
>>> bot = SearchBot(budget=1.0, samples=2)
>>> match.can(bot.choose(match.observe(match.turn), random.Random(0)))
True
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections import Counter
from collections.abc import Sequence

from push_learn.cards import Card
from push_learn.rummy.bots import GreedyBot, hand_of, keep_score, legal_discards, seat_of
from push_learn.rummy.coach import unseen_cards
from push_learn.rummy.engine import Action, Discard, Observation, Push, TakeUpcard, Took
from push_learn.rummy.melds import is_wild_card
from push_learn.rummy.rollout import RELEASED_BY, ReleasedBy, Sim, encode, released_by_refusal, releasers
from push_learn.rummy.rules import MeldKind
from push_learn.rummy.scoring import card_value
from push_learn.rummy.solver import TurnPlan, best_go_down, best_turn

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
    in_stock, drawn = _place_buried(view, pool, rng)
    needs = {
        other: max(0, view.hand_sizes[other] - len(view.known[other]))
        for other in range(view.rules.players)
        if other != seat
    }
    rng.shuffle(pool)
    room = sum(needs.values())
    taken = drawn[:room]
    from_pool = room - len(taken)
    to_hands = taken + pool[:from_pool]
    rest = pool[from_pool:] + drawn[room:]
    rng.shuffle(to_hands)
    hands: dict[int, list[Card]] = {}
    for other, need in needs.items():
        hands[other] = list(view.known[other]) + to_hands[:need]
        del to_hands[:need]
    stock = rest + in_stock
    rng.shuffle(stock)
    return World(hands, stock[-view.stock :] if view.stock else [])


def _place_buried(view: Observation, pool: list[Card], rng: random.Random) -> tuple[list[Card], list[Card]]:
    """Take the unseen copies of the wilds buried at the deal out of ``pool``: (still in the stock, drawn
    since into a hidden hand). A buried card went to a uniform place below the stock's top, so it is still
    there with the chance that the stock has not yet been drawn down past it: now / at the deal."""
    in_stock: list[Card] = []
    drawn: list[Card] = []
    start = max(1, view.rules.stock_size(view.deal))
    for card in view.buried:
        if card in pool:
            pool.remove(card)
            (in_stock if rng.random() * start < view.stock else drawn).append(card)
    return in_stock, drawn


def fits(card: Card, known: Sequence[Card], view: Observation) -> int:
    """How many of ``known`` (natural cards another hand is known to hold) ``card`` would help toward this
    deal's contract: same rank when it asks for sets, same suit within two ranks when it asks for runs."""
    if is_wild_card(card) or card.rank is None:
        return 0
    kinds = {part.kind for part in view.contract.melds}
    count = 0
    for other in known:
        if is_wild_card(other) or other.rank is None:
            continue
        same_rank = MeldKind.SET in kinds and other.rank is card.rank
        near = MeldKind.RUN in kinds and other.suit is card.suit and abs(int(other.rank) - int(card.rank)) <= 2
        count += same_rank or near
    return count


def world_sim(
    view: Observation,
    world: World,
    hold: bool = False,
    release_stock: int | None = None,
    released_by: ReleasedBy = "side",
) -> Sim:
    """The play-out state of ``world``: the seat's own hand, the sampled hands and stock, the open table;
    with ``hold`` the seat's side holds back its contract in the play-out (``release_stock`` and
    ``released_by`` as in Sim)."""
    seat = seat_of(view)
    rules = view.rules
    hands = [list(hand_of(view)) if other == seat else world.hands[other] for other in range(rules.players)]
    sim = Sim.start(rules, view.deal, view.turn, hands, world.stock, view.upcard, view.down, view.melds)
    if hold:
        sim.hold = [rules.team_of(other) == rules.team_of(seat) for other in range(rules.players)]
    if release_stock is not None:
        sim.release_stock = release_stock
    sim.released_by = released_by
    return sim


def codes(view: Observation) -> list[int]:
    """The seat's hand in play-out codes."""
    return [encode(card, view.rules) for card in hand_of(view)]


class SearchBot(GreedyBot):
    """GreedyBot that holds back a met contract until it can go out (or its own side is down, or the stock
    runs low), weighing each hold against going down now by play-outs on sampled worlds, and avoids
    discarding what the next player collects.

    While holding it discards the spare card its hand needs least; draws and discards can also be
    weighed by play-outs (``draws``, ``discards``; measured weaker, so off). Against GreedyBot the
    default won 78.0% (75.9-80.0%) of 1,600 Push matches (four tournaments of 400; figures in the module
    docstring).
    """

    name = "search"

    def __init__(
        self,
        budget: float = 0.5,
        samples: int = 64,
        candidates: int = 3,
        margin: float = 1.0,
        confidence: float = 2.0,
        min_samples: int = 2,
        max_turns: int = 60,
        draws: bool = False,
        discards: bool = False,
        hold: int | None = 0,
        release_stock: int | None = None,
        release_taken: int | None = None,
        tight: bool = False,
        wary: float = 1.5,
        search_hold: bool = True,
        hold_rollouts: bool = True,
        keep_hold: bool = True,
        released_by: ReleasedBy = "side",
    ) -> None:
        super().__init__()
        self.budget = budget
        """Seconds allowed per decision for the sampled worlds (``min_samples`` worlds are always used)."""
        self.samples = samples
        """Most worlds sampled per decision."""
        self.candidates = candidates
        """How many discards (GreedyBot's best few) are weighed."""
        self.margin = margin
        """Points per deal by which an option must beat GreedyBot's choice to replace it."""
        self.confidence = confidence
        """Standard errors of the paired difference by which an option must beat GreedyBot's choice."""
        self.min_samples = min_samples
        self.max_turns = max_turns
        """Turns a play-out may last before it is scored as a stock exhaustion."""
        self.draws = draws
        """Weigh take against push by play-outs (else draw as GreedyBot)."""
        self.discards = discards
        """Weigh the discards by play-outs (else discard as GreedyBot)."""
        self.hold = hold
        """Hold back a met contract (until ``released``) unless going down leaves at most this many cards
        (``None``: go down at once, as GreedyBot)."""
        self.release_stock = release_stock
        """Stop holding back once the stock has at most this many cards (``None``: two per player)."""
        self.release_taken = release_taken
        """Stop holding back once an opponent has taken this many up-cards in the deal (``None``: never)."""
        self.tight = tight
        """Before going down, discard a card whose loss keeps the contract distance least (GreedyBot's
        ``keep_score`` breaks ties); else discard as GreedyBot."""
        self.wary = wary
        """Before going down, how much each known card of the next player that a discard would fit (same
        rank, or same suit within two ranks) counts against discarding it, in ``keep_score`` units."""
        self.search_hold = search_hold
        """Weigh holding back against going down now by play-outs (else follow the holding rule)."""
        self.hold_rollouts = hold_rollouts
        """In play-outs the seat's side holds back as this bot does (else every seat plays greedily)."""
        self.keep_hold = keep_hold
        """While holding back, discard by ``keep_score`` and ``wary`` among the cards outside the plan's melds
        (else the plan's own discard, the costliest)."""
        if released_by not in RELEASED_BY:  # refuse it now, not in the middle of a match
            raise released_by_refusal(released_by)
        self.released_by = released_by
        """Whose go-down ends holding back: ``"anyone"``'s, the bot's own ``"side"``'s or ``"none"``."""
        self.last_worlds = 0
        """Worlds sampled for the last decision (0 when it needed no search)."""

    # ---- decisions ------------------------------------------------------------------------------
    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """Draw (holding back or as GreedyBot), then go down or meld, then discard; draws and discards are
        weighed by play-outs on sampled worlds when ``draws`` / ``discards`` are on."""
        view = observation
        deadline = time.perf_counter() + self.budget
        self.last_worlds = 0
        if view.phase == "draw":
            greedy = self.draw(view)
            both = Push(view.turn) in view.legal and TakeUpcard(view.turn) in view.legal
            if not self.draws or not both or view.upcard is None:
                return greedy
            if isinstance(greedy, TakeUpcard) and not view.down[seat_of(view)]:
                return greedy  # the card brings the contract closer (the solver says so): keep it
            other: Action = Push(view.turn) if isinstance(greedy, TakeUpcard) else TakeUpcard(view.turn)
            return self._best(view, [greedy, other], rng, deadline)
        if not view.down[seat_of(view)]:
            plan = best_go_down(hand_of(view), view.rules, view.deal, table=view.melds, taken=view.taken)
            plan = None if plan is None else plan.for_seat(view.turn)
            if plan is not None and plan.table_actions:
                if not self.holds(view, plan):
                    return plan.table_actions[0]
                if plan.discard is not None and Discard(view.turn, plan.discard) in view.legal:
                    hold = self.hold_discard(view, plan)
                    # weigh only when the play-out's own greedy melding sees the contract too: otherwise its
                    # "go down now" would not go down
                    if self.search_hold and Sim(view.rules, view.deal).contract_missing(codes(view)) == 0:
                        return self._best(view, [hold, plan.table_actions[0]], rng, deadline)
                    return hold
        else:
            move = self.table_move(view)
            if move is not None:
                return move
        if not self.discards:
            return self.discard(view, rng)
        options = self.discard_candidates(view, rng)
        if len(options) == 1:
            return options[0]
        return self._best(view, list(options), rng, deadline)

    def draw(self, view: Observation) -> Action:
        """GreedyBot's take-or-push, except while holding back a met contract: then take the up-card only
        when going down would absorb it (it melds or lays off), else push."""
        up = view.upcard
        if self.released(view) or up is None or len(view.legal) < 2:
            return super().draw(view)
        hand = hand_of(view)
        without = best_go_down(hand, view.rules, view.deal, table=view.melds)
        if without is None or not without.table_actions:
            return super().draw(view)
        with_up = best_go_down([*hand, up], view.rules, view.deal, table=view.melds, taken=up)
        if with_up is not None and len(with_up.left) <= len(without.left):
            return TakeUpcard(view.turn)
        return Push(view.turn)

    def released(self, view: Observation) -> bool:
        """Whether holding back is over for this deal: a seat that ``released_by`` names is down, the stock
        has at most ``release_stock`` cards (default two per player), or an opponent has taken
        ``release_taken`` up-cards."""
        if self.hold is None:
            return True
        units = [view.rules.team_of(other) for other in range(view.rules.players)]
        if any(view.down[other] for other in releasers(self.released_by, seat_of(view), units)):
            return True
        limit = 2 * view.rules.players if self.release_stock is None else self.release_stock
        if view.stock <= limit:
            return True
        if self.release_taken is not None:
            mine = view.rules.team_of(seat_of(view))
            taken = Counter(event.seat for event in view.log if isinstance(event, Took))
            return any(view.rules.team_of(other) != mine and n >= self.release_taken for other, n in taken.items())
        return False

    def holds(self, view: Observation, plan: TurnPlan) -> bool:
        """Whether to hold back a contract the seat could lay down now: until ``released``, unless going
        down leaves at most ``hold`` cards (going out at once when ``hold`` is 0)."""
        return not self.released(view) and self.hold is not None and len(plan.left) > self.hold

    def hold_discard(self, view: Observation, plan: TurnPlan) -> Discard:
        """While holding back: the plan's discard, or with ``keep_hold`` the card outside the plan's melds
        with the least ``keep_score`` plus ``wary`` for each known card of the next player it fits."""
        assert plan.discard is not None
        if not self.keep_hold:
            return Discard(view.turn, plan.discard)
        hand = hand_of(view)
        spare = [card for card in {plan.discard, *plan.left} if Discard(view.turn, card) in view.legal]
        return Discard(view.turn, min(spare, key=lambda card: (self.discard_score(card, hand, view), card.ascii)))

    def discard_score(self, card: Card, hand: Sequence[Card], view: Observation) -> float:
        """How much ``card`` is worth keeping before going down: GreedyBot's ``keep_score`` plus ``wary`` for
        each card the next player is known to hold that it would fit (the lowest score is discarded)."""
        after = view.known[(seat_of(view) + 1) % view.rules.players]
        return keep_score(card, hand, view) + self.wary * fits(card, after, view)

    def discard(self, view: Observation, rng: random.Random) -> Action:
        """GreedyBot's discard, except before going down with ``tight`` or ``wary``: the legal discard with
        the least contract distance left (with ``tight``), then the least ``keep_score`` plus ``wary`` for
        each known card of the next player it fits."""
        legal = legal_discards(view)
        if not (self.tight or self.wary) or view.down[seat_of(view)] or not legal:
            return super().discard(view, rng)
        hand = hand_of(view)

        def rank(action: Discard) -> tuple[int, float, str]:
            distance: int | None = 0
            if self.tight:
                rest = list(hand)
                rest.remove(action.card)
                distance = self.memo.contract_distance(view, rest)
            score = self.discard_score(action.card, hand, view)
            return (99 if distance is None else distance, score, action.card.ascii)

        return min(legal, key=rank)

    def discard_candidates(self, view: Observation, rng: random.Random) -> list[Discard]:
        """GreedyBot's discard first, then its next best few (before going down by ``keep_score``,
        once down the costliest other cards)."""
        greedy = super().discard(view, rng)
        assert isinstance(greedy, Discard)
        hand = hand_of(view)
        legal = legal_discards(view)
        if view.down[seat_of(view)]:
            plan = best_turn(hand, view.rules, view.melds, taken=view.taken).for_seat(view.turn)
            pool = list(plan.left) if plan.left else [action.card for action in legal]
            ranked = sorted(
                (a for a in legal if a.card in pool), key=lambda a: (-card_value(a.card), a.card.ascii)
            )
        else:
            ranked = sorted(legal, key=lambda a: (keep_score(a.card, hand, view), a.card.ascii))
        options = [greedy, *(a for a in ranked if a != greedy)]
        return options[: max(1, self.candidates)]

    def _best(self, view: Observation, options: Sequence[Action], rng: random.Random, deadline: float) -> Action:
        """The option with the best mean play-out value. ``options[0]`` (GreedyBot's) is kept unless another
        beats it by more than ``margin`` points and by ``confidence`` standard errors of the paired difference."""
        values: list[list[float]] = [[] for _ in options]
        worlds = 0
        hold = self.hold_rollouts and self.hold is not None
        while worlds < self.samples and (worlds < self.min_samples or time.perf_counter() < deadline):
            base = world_sim(view, sample_world(view, rng), hold, self.release_stock, self.released_by)
            for i, option in enumerate(options):
                values[i].append(self.play_out(view, base.copy(), option))
            worlds += 1
        self.last_worlds = worlds
        best, best_gain = 0, 0.0
        for i in range(1, len(options)):
            diffs = [a - b for a, b in zip(values[i], values[0], strict=True)]
            gain = statistics.fmean(diffs)
            spread = statistics.stdev(diffs) / math.sqrt(worlds) if worlds > 1 else 0.0
            if gain > self.margin and gain > self.confidence * spread and gain > best_gain:
                best, best_gain = i, gain
        return options[best]

    def play_out(self, view: Observation, sim: Sim, option: Action) -> float:
        """Play ``option`` in ``sim`` and the rest of the deal; the deal's value for the seat's side."""
        seat = seat_of(view)
        if view.phase == "draw":
            points = sim.rollout(self.max_turns, first_draw=isinstance(option, TakeUpcard))
        else:
            if isinstance(option, Discard):
                out = sim.finish_turn(discard=encode(option.card, view.rules))
            else:  # going down now: the play-out's own melding, holding back no longer
                sim.hold[seat] = False
                out = sim.finish_turn()
            points = sim.scores(out) if out is not None else sim.rollout(self.max_turns)
        mine = view.rules.team_of(seat)
        others = [p for unit, p in enumerate(points) if unit != mine]
        return sum(others) / len(others) - points[mine]

