"""Admission of dashboard pages: a limit on pages prepared at once, first come first served, stale tickets dropped."""

from __future__ import annotations

import pytest

from push_learn.apps.admission import RETRY_SECONDS, Admission, queue_page
from push_learn.apps.serve import ServeOptions, options_problem


def test_pages_beyond_the_limit_queue_in_order_of_arrival() -> None:
    gate = Admission(limit=2)
    assert gate.ask("a", 0.0) is None
    assert gate.ask("b", 0.1) is None
    assert gate.preparing == 2
    assert gate.ask("c", 0.2) == 0  # next in line, waiting for a free place
    assert gate.ask("d", 0.3) == 1
    assert gate.ask("e", 0.4) == 2
    assert gate.ask("d", 1.0) == 1  # asking again keeps the place
    gate.done("a")
    assert gate.ask("d", 1.1) == 1  # not its turn: c came first
    assert gate.ask("c", 1.2) is None
    assert gate.ask("d", 1.3) == 0  # first in line, but both places are taken
    gate.done("b")
    assert gate.ask("d", 1.4) is None
    assert gate.ask("e", 1.5) == 0
    assert (gate.preparing, gate.queued) == (2, 1)


def test_a_ticket_that_stops_asking_leaves_the_queue() -> None:
    gate = Admission(limit=1, stale=10.0)
    assert gate.ask("busy", 0.0) is None
    assert gate.ask("gone", 1.0) == 0
    assert gate.ask("stays", 2.0) == 1
    assert gate.ask("stays", 11.5) == 0  # "gone" last asked 10.5 s ago
    assert gate.queued == 1


def test_the_same_page_in_two_tabs_is_prepared_twice_and_released_twice() -> None:
    gate = Admission(limit=2)
    assert gate.ask("s /p", 0.0) is None
    assert gate.ask("s /p", 0.1) is None
    assert gate.ask("t /p", 0.2) == 0
    gate.done("s /p")
    assert gate.ask("t /p", 0.3) is None
    gate.done("s /p")
    gate.done("t /p")
    assert gate.preparing == 0


def test_a_limit_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one page"):
        Admission(limit=0)


@pytest.mark.parametrize(("ahead", "words"), [(0, "You are next."), (1, "1 ahead of you."), (5, "5 ahead of you.")])
def test_the_queue_page_says_how_many_are_ahead_and_asks_again(ahead: int, words: str) -> None:
    page = queue_page(ahead)
    assert words in page
    assert f'<meta http-equiv="refresh" content="{RETRY_SECONDS}">' in page
    assert "Starting your table" in page


def test_a_negative_admission_limit_is_refused() -> None:
    message = options_problem(ServeOptions(max_starting=-1))
    assert message == "--max-starting must be 0 or more, not -1 (0 turns the queue off)"
    assert options_problem(ServeOptions(max_starting=2)) is None
