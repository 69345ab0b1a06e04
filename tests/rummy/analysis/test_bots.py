"""Bots: legal moves from observations only and whole matches (SearchBot: test_search_bot.py)."""

from __future__ import annotations

import random

import pytest
from rigging import play, rigged

from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN
from push_learn.rummy.bots import GreedyBot, RandomBot, keep_score
from push_learn.rummy.engine import Discard, Push, TakeUpcard
from push_learn.rummy.search_bot import SearchBot


@pytest.mark.parametrize("rules", [PUSH, CAP_IT, SIX_TO_TEN], ids=lambda r: r.name)
def test_greedy_and_random_play_whole_matches(rules) -> None:
    bots = [GreedyBot() if seat % 2 else RandomBot() for seat in range(rules.players)]
    match = play(rules, bots, seed=3)
    assert match.over and len(match.results) == rules.deals


def test_greedy_takes_what_completes_the_contract_and_pushes_junk() -> None:
    _, view = rigged("7H 7S 9C 9D 9S QD", "7D")
    assert GreedyBot().choose(view, random.Random(0)) == TakeUpcard(view.turn)
    _, view = rigged("7H 7S 9C 9D 9S QD", "KC")
    assert GreedyBot().choose(view, random.Random(0)) == Push(view.turn)


def test_greedy_discards_what_the_contract_needs_least() -> None:
    _, view = rigged("7H 7S 9C 9D KS QD 4C", "KC", pushed=True)
    action = GreedyBot().choose(view, random.Random(0))
    assert isinstance(action, Discard)
    hand = list(view.hand or ())
    scores = [keep_score(card, hand, view) for card in hand if Discard(view.turn, card) in view.legal]
    assert keep_score(action.card, hand, view) == min(scores)


def test_bots_have_names() -> None:
    assert (RandomBot.name, GreedyBot.name, SearchBot.name) == ("random", "greedy", "search")
