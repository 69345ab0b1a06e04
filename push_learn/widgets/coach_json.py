"""Advice for a seat's decision, in sentences for the pages: the hint of PlayTable, the estimates of PushChoice.

Everything is asked of the analysis layer with the seat's observation only: the solver's contract
distance before and after taking the up-card, and its best play for the turn (go down, meld, lay off,
rescue, discard) with the points it leaves.
"""

from __future__ import annotations

from typing import Any

from push_learn.rummy.engine import Observation
from push_learn.rummy.rules import Contract
from push_learn.rummy.scoring import card_value
from push_learn.rummy.solver import best_go_down, best_turn, contract_distance

__all__ = ["distance_text", "draw_advice", "hint_json"]


def distance_text(short: int | None, contract: Contract) -> str:
    """``holds 2 sets of 3``, ``is 2 cards short of 2 sets of 3`` or ``can never hold …``."""
    if short is None:
        return f"can never hold {contract}"
    if short == 0:
        return f"holds {contract}"
    return f"is {short} card{'s' if short != 1 else ''} short of {contract}"


def draw_advice(view: Observation) -> dict[str, Any]:
    """For a take-or-push decision: lines about taking, about pushing, and a one-line summary."""
    seat = view.seat if view.seat is not None else view.turn
    hand = list(view.hand or ())
    up = view.upcard
    receiver = view.names[(seat + 1) % view.rules.players]
    if up is None:
        return {"take": [], "push": [], "summary": None}
    push = [f"{receiver} would hold {card_value(up)} more penalty points with {up}, plus the stock card's."]
    if not view.down[seat]:
        before = contract_distance(hand, view.rules, view.deal)
        after = contract_distance([*hand, up], view.rules, view.deal)
        now, then = distance_text(before, view.contract), distance_text(after, view.contract)
        take = [f"After taking, your hand {then} (now it {now})."]
        if before is not None and after is not None and after < before:
            gain = before - after
            summary = f"Taking {up} brings you {gain} card{'s' if gain > 1 else ''} closer to the contract."
        else:
            summary = f"Taking {up} does not bring you closer to the contract; a push draws you an unseen card instead."
        return {"take": take, "push": push, "summary": summary}
    without = best_turn(hand, view.rules, view.melds).points_left
    with_up = best_turn([*hand, up], view.rules, view.melds).points_left
    take = [f"Taking it, your best play this turn would leave {with_up} points (without it, {without})."]
    better = "lowers" if with_up < without else "does not lower"
    summary = f"Taking {up} {better} the points you would be left with this turn."
    return {"take": take, "push": push, "summary": summary}


def hint_json(view: Observation) -> dict[str, Any]:
    """The hint for the seat to move: at the draw, take or push; after it, the solver's best play."""
    if view.phase == "draw":
        advice = draw_advice(view)
        lines = [*advice["take"], *advice["push"]]
        return {"title": "Hint: take or push?", "lines": [advice["summary"], *lines] if advice["summary"] else lines}
    seat = view.seat if view.seat is not None else view.turn
    hand = list(view.hand or ())
    if not view.down[seat]:
        plan = best_go_down(hand, view.rules, view.deal, table=view.melds, taken=view.taken)
        if plan is None:
            short = contract_distance(hand, view.rules, view.deal)
            return {
                "title": "Hint: not down yet",
                "lines": [f"Your hand {distance_text(short, view.contract)}, so you cannot go down this turn.",
                          "Discard a card you are least likely to need."],
            }
    else:
        plan = best_turn(hand, view.rules, view.melds, taken=view.taken)
    steps = [str(action).capitalize() + "." for action in plan.actions]
    return {
        "title": "Hint: the best play now",
        "lines": [*steps, f"That leaves {plan.points_left} penalty points in your hand."],
    }
