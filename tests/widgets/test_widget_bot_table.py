"""What PlayTable and PokerTable share (``BotTable``): a seat's bot, and each seat's source of chance at a start."""

from __future__ import annotations

import pytest

from push_learn.poker.analysis import RandomBot, ThresholdBot
from push_learn.rummy.bots import GreedyBot
from push_learn.widgets import PlayTable, PokerTable
from push_learn.widgets.bot_table import BotTable


def _table(kind: str) -> BotTable:
    """A four-seat table of ``kind`` (PlayTable or PokerTable), the student in seat 0, a bot given for seat 1."""
    if kind == "PlayTable":
        return PlayTable(seed=3, seat=0, speed=0.0, bots={1: GreedyBot()})
    return PokerTable(game="push_stud", seed=3, players=4, seat=0, speed=0.0, bots={1: RandomBot()})


@pytest.mark.parametrize("kind", ["PlayTable", "PokerTable"])
def test_a_seat_given_a_bot_keeps_it_and_the_other_seats_share_one_bot_of_the_level(kind: str) -> None:
    table = _table(kind)
    given = table.bot_for(1)
    assert table.bot_for(1) is given and table._seat_bot(1) is given
    shared = table.bot_for(2)
    assert table.bot_for(3) is shared and shared is not given
    assert type(shared) is {"greedy": GreedyBot, "threshold": ThresholdBot}[table.level]


@pytest.mark.parametrize("kind", ["PlayTable", "PokerTable"])
def test_every_start_gives_each_seat_its_own_chance_fixed_by_the_seed(kind: str) -> None:
    table = _table(kind)
    first = {seat: rng.random() for seat, rng in table._rngs.items()}
    assert sorted(first) == [0, 1, 2, 3] and len(set(first.values())) == 4
    table.handle_intent({"type": "new", "seed": "3"})
    assert {seat: rng.random() for seat, rng in table._rngs.items()} == first
    table.handle_intent({"type": "new", "seed": "4"})
    assert {seat: rng.random() for seat, rng in table._rngs.items()} != first
