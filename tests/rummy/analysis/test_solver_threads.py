"""Two solver questions asked at once on two threads (a hint while a bot thinks) get the answers they get alone."""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Callable

import pytest

from push_learn.cards import Card, Rank, make_deck, parse_cards
from push_learn.rummy import PUSH
from push_learn.rummy.melds import Meld, interpret_meld
from push_learn.rummy.solver import TurnPlan, best_go_down, best_turn, clear_caches, suits, sweep

PACK = make_deck(2, 4)
ROUNDS = 24
"""Without the lock around the memo tables, such a run failed about once in three with eight rounds."""
WILDS = [card for card in PACK if card.rank is None or card.rank is Rank.TWO]
NATURALS = [card for card in PACK if card not in WILDS]


def _hands(seed: int, count: int) -> list[list[Card]]:
    rng = random.Random(seed)
    return [rng.sample(NATURALS, 16) + rng.sample(WILDS, 4) for _ in range(count)]


def _table() -> list[Meld]:
    """Table melds, two of them holding a wild to rescue."""
    return [interpret_meld(parse_cards(text), PUSH)[0] for text in ("5H 6H JK", "9C 9D 9S", "JS QS KS 2D")]


def test_two_threads_asking_at_once_get_the_single_threaded_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hint's contract questions and a bot's turns run together, ROUNDS rounds, with memo tables small enough
    that they forget generations (and trim) all the time; every answer equals the one asked alone."""
    for table in (suits._FORWARD, suits._BACKWARD, suits._SOLVED):
        monkeypatch.setattr(table, "half", 40)
    monkeypatch.setattr(sweep, "STEP_LIMIT", 80)
    monkeypatch.setattr(sweep, "_TRACE_LIMIT", 20)
    hint_hands, bot_hands = _hands(1, 6), _hands(2, 6)
    hint: list[Callable[[], TurnPlan | None]] = [
        lambda hand=hand, deal=i % 5 + 1: best_go_down(hand, PUSH, deal) for i, hand in enumerate(hint_hands)
    ]
    bot: list[Callable[[], TurnPlan | None]] = [
        lambda hand=hand: best_turn(hand, PUSH, _table()) for hand in bot_hands
    ]
    clear_caches()
    expected = {"hint": [ask() for ask in hint], "bot": [ask() for ask in bot]}
    failures: list[BaseException] = []
    got: dict[str, list[TurnPlan | None]] = {}

    def run(name: str, questions: list[Callable[[], TurnPlan | None]], start: threading.Barrier) -> None:
        try:
            start.wait()
            got[name] = [ask() for ask in questions]
        except BaseException as error:  # the thread's failure is the test's
            failures.append(error)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # switch threads often, inside the memo tables' updates
    try:
        for round_ in range(ROUNDS):
            if round_ % 2 == 0:
                clear_caches()  # both threads fill empty tables (and turn their generations) together
            start = threading.Barrier(2)
            threads = [
                threading.Thread(target=run, args=("hint", hint, start)),
                threading.Thread(target=run, args=("bot", bot[::-1] if round_ % 2 else bot, start)),
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert not failures, failures
            assert got["hint"] == expected["hint"]
            assert got["bot"] == (expected["bot"][::-1] if round_ % 2 else expected["bot"])
    finally:
        sys.setswitchinterval(interval)
