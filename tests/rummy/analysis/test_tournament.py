"""Tournaments: the Wilson interval, and a tiny tournament's bookkeeping (seats alternate, stats add up)."""

from __future__ import annotations

import pytest

from push_learn.rummy import PUSH, six_to_ten
from push_learn.rummy.bots import GreedyBot, RandomBot
from push_learn.rummy.tournament import run_tournament, wilson, with_progress


def test_wilson_interval_known_values() -> None:
    low, high = wilson(60, 100)
    assert low == pytest.approx(0.5020, abs=1e-4) and high == pytest.approx(0.6906, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_tiny_tournament_alternates_seats_and_adds_up() -> None:
    seen: list[int] = []
    result = run_tournament(PUSH, GreedyBot(), RandomBot(), matches=2, seed=5, progress=False,
                            on_match=lambda i, match: seen.append(match.first_dealer))
    a, b = result.stats
    assert seen and len(seen) == 2
    assert a.wins + a.ties + a.losses == 2 == b.wins + b.ties + b.losses
    assert a.wins == b.losses and a.ties == b.ties
    assert a.decisions > 0 and b.decisions > 0
    table = result.table()
    assert "greedy" in table and "random" in table and "95% interval" in table


def test_individual_game_tournament() -> None:
    result = run_tournament(six_to_ten(2), GreedyBot(), RandomBot(), matches=2, seed=2, progress=False)
    assert result.game == "6-7-8-9-10" and result.stats[0].matches == 2


def test_with_progress_yields_every_item_with_or_without_a_bar() -> None:
    assert list(with_progress(iter("abc"), 3, enabled=False)) == ["a", "b", "c"]
    assert list(with_progress(range(4), 4, unit="tournament")) == [0, 1, 2, 3]
