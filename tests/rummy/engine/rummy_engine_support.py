"""Helpers for the engine tests: set up a deal position by hand, build melds, check invariants."""

from __future__ import annotations

import hashlib
import json
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from push_learn.cards import Card, make_deck, parse_card, parse_cards
from push_learn.errors import IllegalAction
from push_learn.records import Record
from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN, cap_it, six_to_ten
from push_learn.rummy.engine import Action, Match, match_states, play_random_match
from push_learn.rummy.engine.turn import Referee
from push_learn.rummy.melds import Meld, interpret_meld
from push_learn.rummy.rules import MeldKind, RummyRules


def rig(
    match: Match,
    hands: Sequence[str],
    upcard: str,
    stock: str | None = None,
    turn: int | None = None,
) -> Match:
    """Put the deal in progress into a chosen position: hands, up-card, stock (top card first), turn.

    The rest of the state (table, scores) is kept; the position need not use the whole pack.
    """
    deal = match.deal
    deal.hands = [parse_cards(hand) for hand in hands]
    deal.upcard = parse_card(upcard)
    if stock is not None:
        deal.stock = list(reversed(parse_cards(stock)))
    deal.known = [[] for _ in deal.hands]
    Referee.start_turn(deal, deal.turn if turn is None else turn)
    return match


def reading(text: str, rules: RummyRules, kind: MeldKind | None = None, index: int = 0) -> Meld:
    """A legal reading of the cards ``text`` (the first, or the ``index``-th of ``kind``)."""
    readings = [m for m in interpret_meld(parse_cards(text), rules) if kind is None or m.kind is kind]
    assert readings, f"{text} is not a meld"
    return readings[index]


def pack(rules: RummyRules) -> Counter[Card]:
    """The whole pack of ``rules`` as a multiset."""
    return Counter(make_deck(rules.decks, rules.jokers))


def check_conservation(match: Match) -> None:
    """Every card of the pack is in exactly one place (hands, table, up-card, stock)."""
    assert Counter(match.deal.all_cards()) == pack(match.rules)


def card(text: str) -> Card:
    """One card from text."""
    return parse_card(text)


def refused(match: Match, action: object, words: str) -> str:
    """Assert ``action`` is refused with a reason containing ``words`` and leaves the state exactly as it was."""
    assert isinstance(action, Action)
    before = match.snapshot()
    with pytest.raises(IllegalAction) as verified:
        match.verify(action)
    assert not match.can(action)
    with pytest.raises(IllegalAction):
        match.apply(action)
    assert match.snapshot() == before
    message = str(verified.value)
    assert words in message, message
    return message


# ---- golden records ------------------------------------------------------------------------

GOLDEN_DIR = Path(__file__).resolve().parents[2] / "data"
GOLDEN_CASES = {
    "push": [(PUSH, 2024, 1), (PUSH, 7, 2)],
    "cap_it": [(CAP_IT, 31, 3), (replace(cap_it(5), pot_ante=10, pot_round_prize=5), 8, 4)],
    "six_to_ten": [(SIX_TO_TEN, 5, 5), (six_to_ten(4), 77, 6)],
}


def state_json(match: Match) -> dict[str, Any]:
    """The whole state as plain values (for the golden files' per-step digests)."""
    deal = match.deal
    return {
        "deal": deal.number,
        "dealer": deal.dealer,
        "turn": deal.turn,
        "phase": deal.phase.value,
        "hands": [[c.ascii for c in hand] for hand in deal.hands],
        "stock": [c.ascii for c in deal.stock],
        "upcard": None if deal.upcard is None else deal.upcard.ascii,
        "melds": [[tm.id, tm.owner, tm.meld.to_json()] for tm in deal.melds],
        "down": list(deal.down),
        "taken": None if deal.taken is None else deal.taken.ascii,
        "quiet": deal.quiet_turns,
        "known": [[c.ascii for c in k] for k in deal.known],
        "scores": [list(row) for row in match.deal_scores],
        "pot": [match.pot, *match.pot_shares],
        "winners": list(match.winners),
    }


def state_digest(match: Match) -> str:
    """A short fingerprint of ``state_json``."""
    text = json.dumps(state_json(match), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def golden_steps(record: Record) -> list[dict[str, Any]]:
    """For the start and after each action: the state digest and the events of that step."""
    steps = []
    seen = 0
    for match in match_states(record):
        steps.append({"state": state_digest(match), "events": [e.to_json() for e in match.events[seen:]]})
        seen = len(match.events)
    return steps


def write_golden(names: Sequence[str] = ()) -> None:
    """Regenerate tests/data/rummy_engine_golden_*.json, or only those of ``names`` (after a deliberate rules
    change: 6-7-8-9-10's were written again when its first player moved to the dealer's right, D-ENG-17)."""
    for name, cases in GOLDEN_CASES.items():
        if names and name not in names:
            continue
        matches = []
        for rules, seed, player in cases:
            record = play_random_match(rules, seed, player).record()
            matches.append({"record": record.to_dict(), "steps": golden_steps(record)})
            # The files in tests/data hold the older record format (version 1): they now also test its
            # upgrade. Regenerating writes today's envelope, which the golden test reads as well.
        path = GOLDEN_DIR / f"rummy_engine_golden_{name}.json"
        path.write_text(json.dumps({"matches": matches}, separators=(",", ":"), ensure_ascii=False) + "\n")
        print(f"wrote {path} ({path.stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    write_golden(sys.argv[1:])
