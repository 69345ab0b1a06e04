"""The coach: advice for one seat in plain sentences, worked out from that seat's observation only.

* ``draw_advice(view)``: take the up-card or push it? What each choice gives whom (a push hands the
  next player two cards and their points), how far the contract is before and after, and the
  chance to go down within the next few turns, estimated by sampling the cards the seat has not seen.
* ``suggestions(view)``: the melds, lay-offs and rescues available now, ranked by the points the
  best play leaves after each, each with a one-line reason.
* ``explain_illegal(view, action)``: the engine's reason for refusing an attempt, and the nearest
  legal move.
* ``advise(view)`` puts the right one of these together; ``hint(record, at)`` advises the player
  to move after ``at`` actions of a saved match.

>>> from push_learn.rummy import PUSH
>>> from push_learn.rummy.engine import Match
>>> match = Match.new(PUSH, seed=3)
>>> advice = advise(match.observe(match.turn), samples=10)
>>> advice.title, advice.draw.recommend in ("take", "push", "either")
('Take or push?', True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from push_learn.cards import Card, make_deck
from push_learn.errors import IllegalAction
from push_learn.protocol import counted
from push_learn.records import Record
from push_learn.rummy.contract_progress import contract_progress
from push_learn.rummy.engine import (
    Action,
    Discard,
    GoDown,
    LayOff,
    NewMeld,
    Observation,
    Push,
    Rescue,
    TakeUpcard,
    load_match,
    verify_in_view,
)
from push_learn.rummy.engine.turn import push_mode
from push_learn.rummy.melds import Meld, interpret_meld, is_wild_card, layoff_options, rescue_options
from push_learn.rummy.rules import MIN_MELD_CARDS, Contract
from push_learn.rummy.scoring import card_value, penalty
from push_learn.rummy.solver import TurnPlan, best_go_down, best_turn, contract_distance, meld_options
from push_learn.rummy.solver.same_turn import next_meld_id, play_through

__all__ = [
    "Advice",
    "DrawAdvice",
    "IllegalAdvice",
    "OptionView",
    "Suggestion",
    "advise",
    "contract_gap",
    "discard_before_down",
    "draw_advice",
    "engine_reason",
    "explain_illegal",
    "hand_state",
    "hint",
    "suggestions",
    "unseen_cards",
]


def contract_gap(short: int | None, contract: Contract) -> str:
    """``holds 2 runs of 4``, ``2 cards short of 2 runs of 4`` or ``can never hold 2 runs of 4``."""
    if short is None:
        return f"can never hold {contract}"
    if short == 0:
        return f"holds {contract}"
    return f"{counted(short, 'card')} short of {contract}"


def hand_state(short: int | None, contract: Contract) -> str:
    """The hand's standing as a predicate: ``already holds …``, ``is 2 cards short of …``, ``can never hold …``."""
    if short == 0:
        return f"already holds {contract}"
    if short is None:
        return f"can never hold {contract}"
    return f"is {contract_gap(short, contract)}"


def unseen_cards(view: Observation) -> list[Card]:
    """The cards this seat cannot place: the pack minus its hand, the table, the up-card and known cards."""
    pool = Counter(make_deck(view.rules.decks, view.rules.jokers))
    pool.subtract(view.hand or ())
    for table_meld in view.melds:
        pool.subtract(table_meld.meld.cards)
    if view.upcard is not None:
        pool[view.upcard] -= 1
    for seat, known in enumerate(view.known):
        if seat != view.seat:
            pool.subtract(known)
    return [card for card, n in pool.items() for _ in range(max(0, n))]


@dataclass(frozen=True)
class OptionView:
    """One draw choice: what it gives whom, and where it leaves the seat."""

    name: str
    lines: tuple[str, ...]
    short_after: int | None = None
    """Cards short of the contract after this choice (None once down or when never possible)."""
    chance: float | None = None
    """Estimated chance of going down within the coming turns (None once down)."""
    points_after: float | None = None
    """Once down: the points the best play leaves this turn (an average over unseen draws for a push)."""


@dataclass(frozen=True)
class DrawAdvice:
    """Take or push: both options, the recommendation and a one-line summary."""

    take: OptionView
    push: OptionView | None
    recommend: str
    """``take``, ``push``, or ``either`` when both give the same figure as shown (a tie recommends neither)."""
    summary: str
    short_now: int | None = None


@dataclass(frozen=True)
class Suggestion:
    """A move available now, the points the best play leaves after it, and why."""

    action: Action
    points_left: int
    reason: str
    best: bool = False


@dataclass(frozen=True)
class IllegalAdvice:
    """Why an attempt was refused, and the nearest legal move (if any)."""

    action: Action
    reason: str
    alternative: Action | None
    suggestion: str


@dataclass(frozen=True)
class Advice:
    """The coach's advice for a decision: a title and lines of text, with the analysis behind them."""

    title: str
    lines: tuple[str, ...]
    draw: DrawAdvice | None = None
    moves: tuple[Suggestion, ...] = field(default=())

    def text(self) -> str:
        """The advice as text: the title, then one line per point."""
        return "\n".join([self.title, *(f"  {line}" for line in self.lines)])


# ---- take or push --------------------------------------------------------------------------------


class _Distances:
    """Contract distances of hands, cached by their cards and the cap asked with (the sampling asks for the same
    hands often)."""

    def __init__(self, view: Observation) -> None:
        self.view = view
        self.cache: dict[tuple[tuple[str, ...], int | None], int | None] = {}

    def __call__(self, cards: Sequence[Card], cap: int | None = None) -> int | None:
        key = (tuple(sorted(card.ascii for card in cards)), cap)
        if key not in self.cache:
            self.cache[key] = contract_distance(cards, self.view.rules, self.view.deal, cap=cap)
        return self.cache[key]


def _chance(
    hand: list[Card], first: Card | None, view: Observation, distances: _Distances, turns: int, samples: int,
    rng: random.Random,
) -> float:
    """How often, over sampled draws, the hand can go down within ``turns`` turns.

    ``first`` is this turn's card (the up-card when taking; ``None`` draws an unseen card, as a push
    does). Each later turn adds one unseen card (the up-card or a stock card, both unseen now). The
    hand is assumed to keep what it needs, so this is an optimistic estimate.

    A card more never takes a hand further from its contract, nor closer by more than one card (a wild could
    stand where it stands; a property test checks both), so a sampled hand goes down within the turns exactly
    when it can with all of them drawn: each sample asks only that, and where the hand as it is now (with
    ``first``) already can, or is more cards short than are still to come, no sample is asked at all. Where melds
    of wilds alone are allowed, a wild drawn brings a hand that is short exactly one card closer (tested too), so
    a sample's wilds are taken off what its other cards leave short, and a sample with as many wilds as the hand
    is now short needs no question.
    """
    pool = unseen_cards(view)
    if first is not None and first in pool:
        pool.remove(first)
    needed = turns if first is None else turns - 1
    if not pool or len(pool) < needed:
        return 0.0
    base = [*hand, first] if first is not None else hand
    short = distances(base)
    known = 0.0 if short is None or short > needed else 1.0 if short == 0 else None
    rules, hits = view.rules, 0
    for _ in range(samples):
        draws = rng.sample(pool, needed)  # drawn even when the answer is known, so later samples stay the same
        if known is not None or short is None:
            continue
        wilds = [card for card in draws if is_wild_card(card, rules)] if not rules.min_naturals_per_meld else []
        if len(wilds) >= short:
            hits += 1
            continue
        left = distances([*base, *(card for card in draws if card not in wilds)], cap=len(wilds) + 1)
        hits += left is not None and left <= len(wilds)
    return known if known is not None else hits / samples


def _percent(chance: float) -> int:
    """A chance as the whole percentage the student reads."""
    return round(chance * 100)


def draw_advice(
    view: Observation, *, samples: int = 40, turns: int = 3, rng: random.Random | None = None
) -> DrawAdvice:
    """Take the up-card or push it, for the seat to move (``view`` is its observation at the draw)."""
    rng = rng or random.Random(0)
    seat = view.turn if view.seat is None else view.seat
    rules, up = view.rules, view.upcard
    hand = list(view.hand or ())
    if up is None:
        raise ValueError("there is no up-card to take or push")
    receiver = view.names[(seat + 1) % rules.players]
    rival = rules.partner(seat) != (seat + 1) % rules.players
    unseen = unseen_cards(view)
    stock_points = sum(card_value(c) for c in unseen) / len(unseen) if unseen else 0.0
    mode = push_mode(view.stock, rules)
    ends = mode != "normal"  # the pusher draws nothing and every hand is scored as it stands
    if not ends:
        gift = (
            f"a push gives {receiver}{' (an opponent)' if rival else ''} two cards: {up} ({card_value(up)} points)"
            f" and the top stock card (about {stock_points:.0f} points on average); you draw an unseen card."
        )
    elif mode == "last":
        gift = (
            f"a push now ends the deal: {receiver}{' (an opponent)' if rival else ''} gets {up}"
            f" ({card_value(up)} points) and the last stock card, you draw nothing,"
            " and every hand is scored as it stands."
        )
    else:
        gift = "a push now ends the deal with no card moving: every hand is scored as it stands."
    push_ok = Push(view.turn) in view.legal if view.legal else True
    take_ok = TakeUpcard(view.turn) in view.legal if view.legal else True
    take_lines = [f"taking {up} adds {card_value(up)} points to your hand unless you meld it."]
    if not rules.discard_taken_card_allowed:
        take_lines.append(f"you may not discard {up} this turn.")
    if not view.down[seat]:
        distances = _Distances(view)
        now = distances(hand)
        after = distances([*hand, up])
        take_chance = _chance(hand, up, view, distances, turns, samples, rng)
        push_chance = 0.0 if ends else _chance(hand, None, view, distances, turns, samples, rng)
        take_lines.append(
            f"after taking, your hand {hand_state(after, view.contract)} (now {contract_gap(now, view.contract)})."
        )
        if after is not None:
            progress = contract_progress([*hand, up], rules, view.deal, short=after)
            take_lines.append(f"meld by meld after taking: {progress}.")
        take_lines.append(f"chance to go down within {turns} turns: about {take_chance:.0%}.")
        push_lines = [
            gift,
            f"you cannot go down after that: your whole hand counts ({penalty(hand)} points)."
            if ends
            else f"chance to go down within {turns} turns: about {push_chance:.0%}.",
        ]
        take = OptionView("take", tuple(take_lines), after, take_chance)
        push = OptionView("push", tuple(push_lines), None, push_chance) if push_ok else None
        better_take = push is None or take_chance >= push_chance
        # a tie as the student reads it: the same whole percentage (the estimate is sampled, so no finer)
        tie = push is not None and not ends and take_ok and _percent(take_chance) == _percent(push_chance)
        if now == 0:
            why = f"you can already go down with {view.contract}"
        elif after is not None and now is not None and after < now:
            why = f"{up} brings you {now - after} card{'s' if now - after > 1 else ''} closer to {view.contract}"
        else:
            why = f"{up} does not bring you closer to {view.contract}"
        within = f"your chance to go down within {turns} turns"
        summary = (
            f"Take: {why}, and {within} is about {take_chance:.0%} if you take, against {push_chance:.0%} if you push."
            if better_take
            else f"Push: {why}; {within} is about {push_chance:.0%} with an unseen card, against {take_chance:.0%} "
            f"with {up}, and {receiver} gets {up}."
        )
        if tie:
            summary = (
                f"Either: {why}, and {within} is about {take_chance:.0%} whether you take or push; "
                f"a push gives {receiver} {up}"
            ) + (", an opponent." if rival else ", your partner.")
        if ends and better_take:
            summary = f"Take: {why}; a push would end the deal with your whole hand counting."
        if not take_ok:
            better_take, summary = False, f"Push: you may not take {up} here. " + summary
        recommend = "either" if tie else "take" if better_take else "push"
        return DrawAdvice(take, push, recommend, summary, now)
    with_up = best_turn([*hand, up], rules, view.melds, taken=up).points_left
    if ends:
        push_points = float(penalty(hand))
        push_line = f"your hand then counts {penalty(hand)} points."
    else:
        draws = rng.sample(unseen, min(len(unseen), max(4, samples // 4))) if unseen else []
        pushed = [best_turn([*hand, card], rules, view.melds).points_left for card in draws]
        push_points = sum(pushed) / len(pushed) if pushed else float(penalty(hand))
        push_line = f"with an unseen card your best play leaves about {push_points:.0f} points."
    take = OptionView("take", (*take_lines, f"your best play this turn would then leave {with_up} points."),
                      points_after=with_up)
    push = OptionView("push", (gift, push_line), points_after=push_points) if push_ok else None
    better_take = (push is None or with_up <= push_points) and take_ok
    if push is not None and take_ok and round(push_points) == with_up:  # the same whole number of points
        summary = (
            f"Either: {up} leaves you {with_up} points after your best play, and a "
            + ("push that ends the deal" if ends else "fresh card")
            + f" about the same ({push_points:.0f})."
        )
        return DrawAdvice(take, push, "either", summary)
    if better_take:
        against = f"{push_points:.0f} if a push ends the deal now" if ends else f"about {push_points:.0f} with a push"
        summary = f"Take: {up} leaves you {with_up} points after your best play, against {against}."
    elif ends:
        summary = f"Push: the deal ends with your hand at {push_points:.0f} points, against {with_up} with {up}."
    else:
        summary = (
            f"Push: a fresh card leaves you about {push_points:.0f} points on average, against {with_up} with {up}."
        )
    return DrawAdvice(take, push, "take" if better_take else "push", summary)


# ---- moves available now -------------------------------------------------------------------------


class _TableNow:
    """The table melds as a turn's moves change them (new melds get the next ids), with whose each one is."""

    def __init__(self, view: Observation) -> None:
        seat = view.turn if view.seat is None else view.seat
        self.melds = {tm.id: tm.meld for tm in view.melds}
        self.owners = {tm.id: "your" if tm.owner == seat else f"{view.names[tm.owner]}'s" for tm in view.melds}
        self.rules = view.rules

    def meld(self, meld_id: int) -> Meld:
        """The meld with id ``meld_id`` as it stands now."""
        return self.melds[meld_id]

    def owner(self, meld_id: int) -> str:
        """Whose meld it is, as a possessive: "your", "West's"."""
        return self.owners.get(meld_id, "the")

    def play(self, action: Action) -> None:
        """Apply one of the seat's table moves."""
        placed: tuple[Meld, ...] = ()
        if isinstance(action, GoDown):
            placed = action.melds
        elif isinstance(action, NewMeld):
            placed = (action.meld,)
        elif isinstance(action, LayOff) and action.result is not None:
            self.melds[action.target] = action.result
        elif isinstance(action, Rescue):
            freed = dict(rescue_options(self.melds[action.target], action.card, self.rules))
            self.melds[action.target] = freed[action.position]
        for meld in placed:
            meld_id = next_meld_id(self.melds)
            self.melds[meld_id] = meld
            self.owners[meld_id] = "your"


def _after(view: Observation, action: Action) -> tuple[list[Card], list[tuple[int, Meld]]] | None:
    """The seat's hand and the table after one move (None if it does not apply)."""
    table = [(tm.id, tm.meld) for tm in view.melds]
    played = play_through((action,), view.hand or (), table, view.rules, view.deal)
    if played is None:
        return None
    cards, melds = played
    return list(cards.elements()), list(melds.items())


def _reason(view: Observation, action: Action, table: _TableNow | None = None) -> str:
    """One line saying what a move does, on ``table`` as it stands (the observed table by default)."""
    table = table or _TableNow(view)
    if isinstance(action, NewMeld):
        return f"meld {action.meld}: {penalty(action.meld.cards)} points out of your hand"
    if isinstance(action, LayOff):
        meld, owner = table.meld(action.target), table.owner(action.target)
        return f"lay {action.card} off on {owner} {meld.describe()}: {card_value(action.card)} points out"
    if isinstance(action, Rescue):
        meld = table.meld(action.target)
        wild = meld.cards[action.position]
        return (
            f"put {action.card} in place of the {wild} in {table.owner(action.target)} {meld.describe()}: "
            f"the wild comes back to your hand to meld or lay off"
        )
    if isinstance(action, GoDown):
        return f"go down with {view.contract}: " + "; ".join(str(meld) for meld in action.melds)
    return str(action)


def _candidate_moves(view: Observation, plan: TurnPlan) -> list[Action]:
    """Every lay-off and rescue the hand allows, plus the plan's melds and the hand's natural melds."""
    hand = list(view.hand or ())
    moves: list[Action] = [a for a in plan.table_actions if isinstance(a, NewMeld | Rescue)]
    for table_meld in view.melds:
        for card in set(hand):
            for result in layoff_options(table_meld.meld, card, view.rules):
                moves.append(LayOff(view.turn, table_meld.id, card, result))
            if not is_wild_card(card):
                for place, _after_meld in rescue_options(table_meld.meld, card, view.rules):
                    moves.append(Rescue(view.turn, table_meld.id, place, card))
    naturals = [card for card in hand if not is_wild_card(card)]
    by_rank: dict[object, list[Card]] = {}
    for card in naturals:
        by_rank.setdefault(card.rank, [])
        if card not in by_rank[card.rank]:
            by_rank[card.rank].append(card)
    for group in by_rank.values():
        readings = interpret_meld(group, view.rules) if len(group) >= MIN_MELD_CARDS else []
        moves += [NewMeld(view.turn, reading) for reading in readings[:1]]
    unique: list[Action] = []
    for move in moves:
        if move not in unique:
            unique.append(move)
    return unique


def suggestions(view: Observation, limit: int = 8) -> list[Suggestion]:
    """The moves available now, best first, each with the points the best play leaves after it and a reason.

    Before going down this is the best plan's whole sequence (the go-down, then each meld, rescue and
    lay-off in order), however long; once down it is the best ``limit`` of the moves to choose from."""
    seat = view.turn if view.seat is None else view.seat
    hand = list(view.hand or ())
    rules = view.rules
    if not view.down[seat]:
        plan = best_go_down(hand, rules, view.deal, table=view.melds, taken=view.taken)
        plan = None if plan is None else plan.for_seat(view.turn)
        if plan is None:
            return []
        now = _TableNow(view)
        out: list[Suggestion] = []
        for action in plan.table_actions:  # the go-down first, then each move on the table as it then stands
            if isinstance(action, GoDown):
                reason = f"{_reason(view, action, now)}; the best play then leaves {plan.points_left} points"
            else:
                reason = "then " + _reason(view, action, now)
            out.append(Suggestion(action, plan.points_left, reason, True))
            now.play(action)
        return out
    plan = best_turn(hand, rules, view.melds, taken=view.taken).for_seat(view.turn)
    scored: list[Suggestion] = []
    for move in _candidate_moves(view, plan):
        state = _after(view, move)
        if state is None:
            continue
        after_hand, table = state
        left = best_turn(after_hand, rules, [m for _, m in table], taken=view.taken).points_left
        is_best = left == plan.points_left
        extra = left - plan.points_left
        tail = "part of the best play" if is_best else f"then the best play leaves {left} points, {extra} more"
        scored.append(Suggestion(move, left, f"{_reason(view, move)} ({tail})", is_best))
    scored.sort(key=lambda s: (s.points_left, not isinstance(s.action, Rescue), str(s.action)))
    return scored[:limit]


def discard_before_down(view: Observation) -> Card | None:
    """The discard that keeps the hand closest to the contract, and among those the one worth most points."""
    hand = list(view.hand or ())
    return _closest_discard(view, hand, contract_distance(hand, view.rules, view.deal))


def _closest_discard(view: Observation, hand: list[Card], short: int | None) -> Card | None:
    """``discard_before_down`` for a hand ``short`` cards short of the contract (None: never).

    A card less leaves a hand as short or one card shorter (never more: the tests of D-SOL-43), so each discard is
    asked only whether it keeps the hand as close, a question capped one above ``short`` (far quicker).
    """
    legal = [a.card for a in view.legal if isinstance(a, Discard)] or hand
    best: tuple[int, int, str] | None = None
    choice: Card | None = None
    for card in set(legal):
        rest = list(hand)
        rest.remove(card)
        left = None if short is None else contract_distance(rest, view.rules, view.deal, cap=short + 1)
        score = (99 if left is None else left, -card_value(card), card.ascii)
        if best is None or score < best:
            best, choice = score, card
    return choice


# ---- illegal attempts ----------------------------------------------------------------------------


def engine_reason(view: Observation, action: Action) -> str | None:
    """The engine's reason for refusing ``action`` by the seat to move, or None when it is legal."""
    try:
        verify_in_view(view, action)
    except IllegalAction as refusal:
        return str(refusal)
    return None


def _nearest_meld(view: Observation, cards: Sequence[Card]) -> Meld | None:
    """A legal meld from the hand closest to ``cards``: one card fewer, one card more, or the plan's meld
    sharing the most cards."""
    hand = list(view.hand or ())
    group = list(cards)
    if len(group) > 3:
        for i in range(len(group)):
            readings = interpret_meld(group[:i] + group[i + 1 :], view.rules)
            if readings:
                return readings[0]
    try:
        joinable = meld_options(group, hand, view.rules).joinable
    except ValueError:
        joinable = ()
    for card in joinable:
        readings = interpret_meld([*group, card], view.rules)
        if readings:
            return readings[0]
    plan = best_turn(hand, view.rules, view.melds, keep_discard=False).for_seat(view.turn)
    melds = [a.meld for a in plan.actions if isinstance(a, NewMeld)]
    if not melds:
        return None
    return max(melds, key=lambda meld: sum((Counter(meld.cards) & Counter(group)).values()))


def explain_illegal(view: Observation, action: Action) -> IllegalAdvice:
    """Why the engine refuses ``action`` (the seat to move), and the nearest legal alternative."""
    reason = engine_reason(view, action) or "that move is legal"
    seat = view.turn
    hand = list(view.hand or ())
    alternative: Action | None = None
    if isinstance(action, TakeUpcard | Push):
        other: Action = Push(view.turn) if isinstance(action, TakeUpcard) else TakeUpcard(view.turn)
        alternative = other if other in view.legal else None
    elif isinstance(action, GoDown) or (not view.down[seat] and isinstance(action, NewMeld | LayOff | Rescue)):
        plan = best_go_down(hand, view.rules, view.deal, table=view.melds, taken=view.taken)
        plan = None if plan is None else plan.for_seat(view.turn)
        alternative = next((a for a in plan.actions if isinstance(a, GoDown)), None) if plan else None
        if alternative is None:
            short = contract_distance(hand, view.rules, view.deal)
            return IllegalAdvice(action, reason, None, f"your hand {hand_state(short, view.contract)}: keep building")
    elif isinstance(action, NewMeld):
        meld = _nearest_meld(view, action.meld.cards)
        alternative = NewMeld(view.turn, meld) if meld is not None else None
    elif isinstance(action, LayOff):
        for table_meld in view.melds:
            options = layoff_options(table_meld.meld, action.card, view.rules)
            if options:
                alternative = LayOff(view.turn, table_meld.id, action.card, options[0])
                break
    elif isinstance(action, Rescue):
        for table_meld in view.melds:
            places = rescue_options(table_meld.meld, action.card, view.rules)
            if places:
                alternative = Rescue(view.turn, table_meld.id, places[0][0], action.card)
                break
        target = next((tm.meld for tm in view.melds if tm.id == action.target), None)
        if alternative is None and target is not None:
            for card in set(hand):
                if any(place == action.position for place, _ in rescue_options(target, card, view.rules)):
                    alternative = Rescue(view.turn, action.target, action.position, card)
                    break
    elif isinstance(action, Discard):
        legal = [a for a in view.legal if isinstance(a, Discard)]
        alternative = max(legal, key=lambda a: card_value(a.card), default=None)
    text = f"instead: {alternative}" if alternative is not None else "no similar move is legal now"
    return IllegalAdvice(action, reason, alternative, text)


# ---- putting it together ------------------------------------------------------------------------


def advise(view: Observation, *, samples: int = 40, turns: int = 3, rng: random.Random | None = None) -> Advice:
    """The coach's advice for the seat to move: take or push at the draw; the best moves after it."""
    if view.over:
        return Advice("The match is over", ("No decision is left to make.",))
    if view.seat is not None and view.seat != view.turn:
        return Advice("Not your turn", (f"{view.names[view.turn]} is to move.",))
    view = view if view.seat is not None else replace(view, seat=view.turn, hand=(view.hands or ())[view.turn])
    if view.phase == "draw":
        draw = draw_advice(view, samples=samples, turns=turns, rng=rng)
        lines = [draw.summary, *(f"take: {line}" for line in draw.take.lines)]
        if draw.push is not None:
            lines += [f"push: {line}" for line in draw.push.lines]
        return Advice("Take or push?", tuple(lines), draw=draw)
    moves = suggestions(view)
    hand = list(view.hand or ())
    if not moves:
        short = contract_distance(hand, view.rules, view.deal)
        lines = [f"your hand {hand_state(short, view.contract)}, so you cannot go down yet."]
        card = _closest_discard(view, hand, short)
        if card is not None:
            lines.append(f"discard {card}: it helps the contract least and costs {card_value(card)} points to keep.")
        return Advice("Not down yet", tuple(lines))
    plan_lines = [f"{'best' if move.best else 'also'}: {move.reason}" for move in moves]
    return Advice("Your moves now", tuple(plan_lines), moves=tuple(moves))


def hint(record: Record, at: int, *, samples: int = 40) -> Advice:
    """Advice for the player to move after the first ``at`` actions of a saved match."""
    match = load_match(record, at)
    return advise(match.observe(match.turn), samples=samples)
