"""The order ``node.NodeValues._evaluate`` relies on: every part of a node is a Pareto map best value first, so
its loops stop at the first entry too weak to count (and the answers stay those of trying every pairing)."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from push_learn.cards import Rank, Suit, make_deck, parse_cards
from push_learn.rummy import PUSH
from push_learn.rummy.melds import Meld
from push_learn.rummy.solver import best_go_down, best_turn, clear_caches
from push_learn.rummy.solver.entries import Entries
from push_learn.rummy.solver.search import Search


def _best_value_first(part: Entries) -> bool:
    return all(a >= b for a, b in pairwise(part.values()))


def test_every_part_evaluated_comes_best_value_first(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []
    evaluate, project = Search._evaluate, Search._project

    def checked_evaluate(self: Search, parts: list[Entries], relaxed: bool, floor: int, free: int = 0) -> int:
        assert all(_best_value_first(part) for part in parts), [list(part.values()) for part in parts]
        seen.append(len(parts))
        return evaluate(self, parts, relaxed, floor, free)

    def checked_project(self: Search, part: Entries) -> Entries:
        projected = project(self, part)
        assert _best_value_first(projected), list(projected.values())
        return projected

    monkeypatch.setattr(Search, "_evaluate", checked_evaluate)
    monkeypatch.setattr(Search, "_project", checked_project)
    clear_caches()
    rng = random.Random(7)
    deck = list(make_deck(2, 4))
    table = [Meld.run_of(parse_cards("5H JK 7H"), Suit.HEARTS, 5), Meld.set_of(parse_cards("QC QD 2S"), Rank.QUEEN)]
    for question in range(12):
        hand = rng.sample(deck, 26)
        best_go_down(hand, PUSH, question % 5 + 1)
        best_turn(hand, PUSH, table)
    assert len(seen) > 100
