"""Recorded solver answers: the golden file that pins the solver's plans while its insides change.

Run as a script to record the file again from the solver as it is (do that only when an answer is meant to
change, and say why in the commit)::

    python tests/rummy/analysis/solver_golden.py

Each question is written with its hand (and table) as card codes, so the file does not depend on how a
random generator draws; its answer is the plan's full text (``repr``), which names every meld, action,
the discard and what is kept), stored as a short digest with the points left (the file stays small).
Every question asks for the go-down and the turn onto its table; the first ``FULL`` also ask for the
go-down onto the table, the turn without one and the contract distance.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from push_learn.cards import Card, Rank, make_deck, parse_cards
from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN
from push_learn.rummy.melds import Meld, interpret_meld
from push_learn.rummy.rules import RummyRules
from push_learn.rummy.solver import TurnPlan, best_go_down, best_turn, contract_distance

GOLDEN = Path(__file__).parent / "data" / "solver_golden.json"
RULES: dict[str, RummyRules] = {"push": PUSH, "cap_it": CAP_IT, "six_to_ten": SIX_TO_TEN}
PACK = make_deck(2, 4)
WILDS = [card for card in PACK if card.rank is None or card.rank is Rank.TWO]
NATURALS = [card for card in PACK if card not in WILDS]
FULL = 40
"""Questions that also ask the slower kinds (the go-down onto a table with wilds to rescue, the distance)."""


def _codes(cards: list[Card]) -> str:
    return " ".join(card.ascii for card in cards)


def _table(rng: random.Random, hand: list[Card], rules: RummyRules) -> list[list[Card]]:
    """A few table melds of cards not in ``hand`` (some holding a wild to rescue)."""
    rest = [card for card in NATURALS if card not in hand]
    table: list[list[Card]] = []
    while len(table) < 4:
        suit = rng.choice(rest).suit
        if rng.random() < 0.5:
            start = rng.randint(3, 11)
            cards = [Card(Rank(v), suit) for v in range(start, start + rng.randint(3, 4))]
        else:
            rank = Rank(rng.randint(3, 14))
            cards = [card for card in rest if card.rank is rank][:3]
        if rng.random() < 0.4 and len(cards) >= 3:
            cards[rng.randrange(len(cards))] = rng.choice(WILDS)
        if len(cards) >= 3 and interpret_meld(cards, rules):
            table.append(cards)
    return table


def questions(count: int = 160, seed: int = 27) -> list[dict[str, Any]]:
    """``count`` questions of every kind on random hands (8 to 30 cards; every third under each rule set)."""
    rng = random.Random(seed)
    out = []
    for number in range(count):
        variant = ("push", "cap_it", "six_to_ten")[number % 3]
        wilds = rng.randint(0, 8)
        hand = rng.sample(NATURALS, rng.randint(8, 22)) + rng.sample(WILDS, wilds)
        table = _table(rng, hand, RULES[variant])
        out.append({
            "rules": variant, "deal": number % 5 + 1, "hand": _codes(hand), "table": [_codes(m) for m in table],
        })
    return out


def _melds(texts: list[str], rules: RummyRules) -> list[Meld]:
    return [interpret_meld(parse_cards(text), rules)[0] for text in texts]


def _text(plan: TurnPlan | None) -> str | None:
    """The plan's points left and a digest of its full text (None when the hand cannot go down)."""
    if plan is None:
        return None
    return f"{plan.points_left} {hashlib.sha256(repr(plan).encode()).hexdigest()[:16]}"


def answers(question: dict[str, Any], full: bool) -> dict[str, Any]:
    """The solver's answers to one recorded question: the go-down and the turn onto the table; with
    ``full`` also the go-down onto the table, the turn without one and the contract distance."""
    rules = RULES[question["rules"]]
    hand = parse_cards(question["hand"])
    table = _melds(question["table"], rules)
    deal = question["deal"]
    out = {"go_down": _text(best_go_down(hand, rules, deal)), "turn_table": _text(best_turn(hand, rules, table))}
    if full:
        out["go_down_table"] = _text(best_go_down(hand, rules, deal, table=table))
        out["turn"] = _text(best_turn(hand, rules))
        out["distance"] = contract_distance(hand, rules, deal)
    return out


def record() -> None:
    """Write the golden file from the solver as it is."""
    recorded = [
        {**question, "answers": answers(question, number < FULL)} for number, question in enumerate(questions())
    ]
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps(recorded, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    record()
