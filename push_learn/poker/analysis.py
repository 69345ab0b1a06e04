"""Analysis for the push stud games: equity by sampling, the keep-or-push coach, and simple bots.

Everything here reads an ``Observation`` only, so it never sees a card the seat could not see.

- ``equity(observation)`` deals the unseen cards at random many times (the opponents' hidden
  cards and every card still to come) and returns the seat's expected share of the high pot, of
  the low pot, and the hi-lo figure (half of each).
- ``coach(observation)`` answers "keep or push this card?": for every choice it gives the seat's
  equity afterwards, the price, a rough value in chips, and what the card would do for the player
  it goes to.
- Bots share one protocol, ``choose(observation, rng) -> Action``: ``RandomBot`` picks any legal
  action; ``ThresholdBot`` keeps or pushes by the coach and bets by equity thresholds.
  ``play(game, bots, rng)`` runs a deal to the end.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from push_learn.cards import Card, standard_deck
from push_learn.poker import hands as _hands
from push_learn.poker.actions import Action, ActionKind
from push_learn.poker.observation import Observation, Phase, Result
from push_learn.poker.showdown import Direction, ShowdownMode
from push_learn.protocol import seat_words

if TYPE_CHECKING:
    from push_learn.poker.stud import StudGame
    from push_learn.protocol import Bot

__all__ = ["Advice", "Bot", "Equity", "Option", "RandomBot", "ThresholdBot", "advice_lines", "coach", "equity", "play",
           "simulate"]

HAND_SIZE = 5


@dataclass(frozen=True)
class Equity:
    """Expected shares (0..1) of the high pot and of the low pot, from ``samples`` random deals."""

    high: float
    low: float
    samples: int

    @property
    def hi_lo(self) -> float:
        """The share of a pot split half high, half low (each half to the best hand that way)."""
        return (self.high + self.low) / 2

    def value(self, mode: ShowdownMode) -> float:
        """The figure that matters for the game: high, low, or the hi-lo share."""
        return {ShowdownMode.HIGH: self.high, ShowdownMode.LOW: self.low}.get(mode, self.hi_lo)

    def describe(self, mode: ShowdownMode) -> str:
        """The shares that matter for the game: ``high 29%`` where only high hands win, both in hi-lo."""
        if mode is ShowdownMode.HIGH:
            return f"high {self.high:.0%}"
        if mode is ShowdownMode.LOW:
            return f"low {self.low:.0%}"
        return str(self)

    def __str__(self) -> str:
        return f"high {self.high:.0%}, low {self.low:.0%}"


def simulate(
    known: Mapping[int, Sequence[Card]],
    pool: Sequence[Card],
    samples: int = 2000,
    rng: random.Random | None = None,
) -> dict[int, Equity]:
    """Every seat's equity when each holds its ``known`` cards plus random cards from ``pool`` to make five.

    The pool is everything the viewer has not seen; folded players are simply left out of ``known``.
    """
    rng = rng or random.Random()
    seats = list(known)
    if not seats:
        return {}
    code = _hands.card_code
    bases, slots, start = [], [], 0
    for seat in seats:
        cards = known[seat]
        if len(cards) > HAND_SIZE:
            raise ValueError(f"{seat_words(seat)} holds more than {HAND_SIZE} cards")
        bases.append(sum(code(c) for c in cards))
        missing = HAND_SIZE - len(cards)
        slots.append((start, start + missing))
        start += missing
    need = start
    codes = [code(c) for c in pool]
    n = len(codes)
    if need > n:
        raise ValueError(f"{need} unseen cards are needed but only {n} are left")
    high_table, low_table, key_mask, rank_mask = _hands.lookup_tables()
    rand = rng.random
    high_won = [0.0] * len(seats)
    low_won = [0.0] * len(seats)
    plan = list(zip(bases, slots, strict=True))
    for _ in range(samples):
        for j in range(need):
            k = j + int(rand() * (n - j))
            codes[j], codes[k] = codes[k], codes[j]
        highs, lows = [], []
        for base, (a, b) in plan:
            total = base + sum(codes[a:b])
            highs.append(high_table[total & key_mask])
            lows.append(low_table[total & rank_mask])
        top_high, top_low = max(highs), max(lows)
        winners_high = [i for i, v in enumerate(highs) if v == top_high]
        winners_low = [i for i, v in enumerate(lows) if v == top_low]
        for i in winners_high:
            high_won[i] += 1 / len(winners_high)
        for i in winners_low:
            low_won[i] += 1 / len(winners_low)
    return {seat: Equity(high_won[i] / samples, low_won[i] / samples, samples) for i, seat in enumerate(seats)}


def _table(obs: Observation) -> tuple[dict[int, list[Card]], list[Card]]:
    """The live seats' known cards (the offered card with its decider) and the unseen pool."""
    known = {view.seat: [*view.up, *(c for c in view.down if c is not None)] for view in obs.seats if view.in_hand}
    seen = {c for view in obs.seats for c in (*view.up, *view.down) if c is not None} | set(obs.known_out)
    if obs.offered is not None:
        seen.add(obs.offered)
        if obs.offered_to in known:
            known[obs.offered_to].append(obs.offered)
    pool = [c for c in standard_deck() if c not in seen]
    return known, pool


def equity(observation: Observation, samples: int = 2000, rng: random.Random | None = None,
           seat: int | None = None) -> Equity:
    """The viewer's (or ``seat``'s) equity against the visible boards, sampling the unseen cards."""
    hero = observation.seat if seat is None else seat
    if hero is None:
        raise ValueError("say whose equity: observe a seat or pass seat=")
    known, pool = _table(observation)
    if hero not in known:
        return Equity(0.0, 0.0, 0)
    return simulate(known, pool, samples, rng)[hero]


# -- the coach --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """One choice weighed by the coach."""

    action: Action
    cost: int
    equity: Equity
    value: float
    receiver: int | None
    receiver_gain: float | None
    note: str


@dataclass(frozen=True)
class Advice:
    """The coach's answer: every option weighed, the best one, and the reasoning in words."""

    seat: int
    mode: ShowdownMode
    options: tuple[Option, ...]
    best: Action
    expected_pot: float
    names: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        """One line per option, best first, then the recommendation."""
        ranked = sorted(self.options, key=lambda o: o.value, reverse=True)
        lines = [o.note for o in ranked]
        best = self.best.describe(self.names or None)
        lines.append(f"best: {best} (value = equity × expected pot {self.expected_pot:.0f} − price)")
        return "\n".join(lines)

    def lines(self) -> list[str]:
        """The coach's panel: the recommendation first, then one line per option, best first."""
        *options, best = self.text.splitlines()
        return [best, *options]

    def __str__(self) -> str:
        return self.text


def _expected_pot(obs: Observation) -> float:
    """The pot now plus a rough guess of the bets still to come (one big bet a player a round)."""
    rules = obs.rules
    rounds_left = max(1, rules.betting_rounds - obs.round + 1)
    return obs.pot + len(obs.live) * rules.big_bet * rounds_left


def advice_lines(observation: Observation, rng: random.Random) -> list[str]:
    """The coach's word to the seat of ``observation``, in lines: at a keep-or-push choice its advice first and
    then each option's value; in the other phases the seat's chances if every card still to come were dealt now."""
    if observation.push_choice:
        return coach(observation, rng=rng).lines()
    mine = equity(observation, 1000, rng)
    return [f"If every card still to come were dealt now, you would win {mine.describe(observation.rules.showdown)} "
            f"of the pot on average (from {mine.samples} random deals of the cards you cannot see)."]


def coach(observation: Observation, samples: int = 1000, rng: random.Random | None = None) -> Advice:
    """Weigh keep / push / push-one-of-your-own for the viewer who is offered a card."""
    obs = observation
    if obs.phase is not Phase.PUSH or not obs.legal or obs.offered is None or obs.seat is None:
        raise ValueError("the coach answers when this seat is offered a card to keep or push")
    hero, card, mode = obs.seat, obs.offered, obs.rules.showdown
    names = obs.names
    rng = rng or random.Random()
    known, pool = _table(obs)
    known[hero] = [c for c in known[hero] if c != card]
    pot = _expected_pot(obs)
    receiver = obs.pass_to
    scenarios: list[tuple[Action, dict[int, list[Card]], Card | None]] = []
    for action in obs.legal:
        table = {seat: list(cards) for seat, cards in known.items()}
        passed: Card | None = None
        if action.kind is ActionKind.KEEP:
            table[hero].append(card)
        elif action.kind is ActionKind.PUSH:
            passed = card
        else:
            assert action.card is not None
            table[hero] = [c for c in table[hero] if c != action.card] + [card]
            passed = action.card
        if passed is not None and receiver is not None:
            table[receiver].append(passed)
        scenarios.append((action, table, passed))
    results = [simulate(table, pool, samples, rng) for _, table, _ in scenarios]
    baseline = next((r for (a, _, _), r in zip(scenarios, results, strict=True) if a.kind is ActionKind.KEEP), None)
    options = []
    for (action, _, passed), result in zip(scenarios, results, strict=True):
        cost = 0 if action.kind is ActionKind.KEEP else obs.rules.push_price
        mine = result[hero]
        value = mine.value(mode) * pot - cost
        gain = None
        if passed is not None and receiver is not None and baseline is not None:
            gain = result[receiver].value(mode) - baseline[receiver].value(mode)
        where = "" if passed is None else (
            f"; {passed} goes to {names[receiver]} ({gain:+.0%} for them)" if receiver is not None and gain is not None
            else f"; {passed} leaves play")
        price = f" for ${cost}" if cost else ""
        note = f"{action.describe(names)}{price}: {mine.describe(mode)} → value {value:+.1f}{where}"
        options.append(Option(action, cost, mine, value, receiver if passed is not None else None, gain, note))
    best = max(options, key=lambda o: (o.value, -o.cost)).action
    return Advice(hero, mode, tuple(options), best, pot, names)


# -- bots -------------------------------------------------------------------------------------


class RandomBot:
    """Picks uniformly among the legal actions (useful to test that every deal ends)."""

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """A random legal action."""
        return rng.choice(observation.legal)


class ThresholdBot:
    """Keeps or pushes by the coach, bets by equity: raise above ``raise_at``, call on pot odds."""

    def __init__(self, samples: int = 200, raise_at: float = 0.6, both_at: float = 0.8) -> None:
        self.samples = samples
        self.raise_at = raise_at
        self.both_at = both_at

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """Choose by the phase: coach for pushes, thresholds for bets, equity for the rest."""
        obs = observation
        kinds = {a.kind: a for a in obs.legal}
        if obs.push_choice:
            return coach(obs, self.samples, rng).best
        if obs.phase is Phase.EXPOSE:
            low_game = obs.rules.showdown is ShowdownMode.LOW
            return min(obs.legal, key=lambda a: int(a.card.rank) * (-1 if low_game else 1))  # type: ignore
        mine = equity(obs, self.samples, rng)
        if obs.phase is Phase.DECLARE:
            if mine.high >= self.both_at and mine.low >= self.both_at:
                way = Direction.BOTH
            else:
                way = Direction.HIGH if mine.high >= mine.low else Direction.LOW
            return Action.declare(obs.seat or 0, way)
        if obs.phase is Phase.REPLACE:
            return self._replace(obs, mine, rng)
        return self._bet(obs, mine.value(obs.rules.showdown), kinds)

    def _bet(self, obs: Observation, share: float, kinds: dict[ActionKind, Action]) -> Action:
        for strong in (ActionKind.RAISE, ActionKind.BET, ActionKind.COMPLETE):
            if share >= self.raise_at and strong in kinds:
                return kinds[strong]
        for passive in (ActionKind.BRING_IN, ActionKind.CHECK):
            if passive in kinds:
                return kinds[passive]
        odds = obs.to_call / (obs.pot + obs.to_call) if obs.to_call else 0.0
        if ActionKind.CALL in kinds and share >= odds:
            return kinds[ActionKind.CALL]
        return kinds.get(ActionKind.FOLD, obs.legal[0])

    def _replace(self, obs: Observation, mine: Equity, rng: random.Random) -> Action:
        assert obs.seat is not None
        mode, pot = obs.rules.showdown, _expected_pot(obs)
        known, pool = _table(obs)
        best, best_value = None, mine.value(mode) * pot
        for action in obs.legal:
            if action.kind is not ActionKind.REPLACE or action.card is None:
                continue
            price = obs.rules.replace_price(action.card in obs.seats[obs.seat].down)
            table = dict(known)
            table[obs.seat] = [c for c in known[obs.seat] if c != action.card]
            value = simulate(table, pool, self.samples, rng)[obs.seat].value(mode) * pot - price
            if value > best_value:
                best, best_value = action, value
        return best or next(a for a in obs.legal if a.kind is ActionKind.STAND)


def play(game: StudGame, bots: Mapping[int, Bot[Observation, Action]] | Sequence[Bot[Observation, Action]],
         rng: random.Random | None = None, max_actions: int = 10_000) -> Result:
    """Let the bots (``push_learn.protocol.Bot``) play the deal to its end; return the result."""
    rng = rng or random.Random()
    for _ in range(max_actions):
        if game.over:
            assert game.result is not None
            return game.result
        for seat in game.to_move:
            game.apply(bots[seat].choose(game.observe(seat), rng))
    raise RuntimeError(f"the deal did not end within {max_actions} actions")
