"""Every message that names a seat by its number counts from 1, as the pages' Seat 1 does, through the protocol's one
wording (``seat_words``, ``seat_outside``; D-TBL-24): the games' dealer and turn checks, the bots, the widgets'
constructors and intents, the class layer and the Brag dashboard's title. Seats nobody named are called the same way
in every poker game: ``Seat 1`` … (``default_names``)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from push_learn.apps import Brag, PushStud, ScrewYourNeighbor
from push_learn.apps.query import parse_query
from push_learn.cards import standard_deck
from push_learn.classroom.table_store import TableRefused, seat_in
from push_learn.errors import IllegalAction
from push_learn.poker.analysis import simulate
from push_learn.poker.brag import BragGame, BragRules
from push_learn.poker.brag_bots import SensibleBragBot
from push_learn.poker.plain import describe_step
from push_learn.poker.push_stud import PushStudGame
from push_learn.poker.screw import ScrewGame
from push_learn.poker.stud import PokerRulesError
from push_learn.poker.tcp_bots import RandomTcpBot
from push_learn.poker.three_card_poker import PlaceBets, Play, ThreeCardPokerGame, ThreeCardPokerRules
from push_learn.protocol import default_name, default_names, seat_outside, seat_refusal, seat_words
from push_learn.widgets.push_choice import PushChoice


def test_the_one_wording_counts_from_1_and_refuses_what_is_not_a_whole_number() -> None:
    assert [seat_words(seat) for seat in (0, 1, 9)] == ["seat 1", "seat 2", "seat 10"]
    assert seat_words(10**40) == "seat 10000000000000000000000…"
    assert seat_outside(-1, 4, "table 2") == "table 2 has seats 1 to 4, not seat 0"
    assert seat_outside(True, 4, "table 2") == "a seat is named by its number, not True"
    assert seat_refusal(4, (0,), ("Ann", "Bob")) == "this table has seats 1 to 2, not seat 5"
    with pytest.raises(TableRefused, match=r"^table 2 has seats 1 to 3, not seat 4$"):
        seat_in(3, 3, "table 2")


@pytest.mark.parametrize(("make", "error", "words"), [
    (lambda: ScrewGame(dealer=9), PokerRulesError, r"^the dealer is one of the seats: this table has seats 1 to \d, "
                                                   r"not seat 10$"),
    (lambda: BragGame(BragRules(players=3), dealer=3), ValueError,
     "^the dealer is one of the seats: this brag school has seats 1 to 3, not seat 4$"),
    (lambda: ThreeCardPokerGame(seed=1).hand(0), IllegalAction, "^seat 1 has no cards this round$"),
    (lambda: simulate({1: standard_deck()[:6]}, []), ValueError, "^seat 2 holds more than 5 cards$"),
    (lambda: SensibleBragBot().advise(BragGame(BragRules(players=3)).observe(None)), ValueError,
     "^it is not a spectator's turn$"),
    (lambda: RandomTcpBot().choose(ThreeCardPokerGame(seed=1).observe(None), random.Random(1)), ValueError,
     "^it is not a spectator's turn$"),
    (lambda: PushChoice(seed=3, seat=4), Exception, "^Push here has seats 1 to 4, not seat 5$"),
])
def test_each_message_counts_seats_from_1(make: Callable[[], object], error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        make()


def test_a_step_of_an_unknown_seat_is_described_counting_from_1() -> None:
    assert describe_step({"type": "bet", "seat": 2, "amount": 4}, None) == "seat 3: bet 4"
    assert describe_step({"type": "bet", "seat": 5, "amount": 4}, ("Ann", "Bob")) == "seat 6: bet 4"
    assert describe_step({"type": "bet", "seat": 1, "amount": 4}, ("Ann", "Bob")) == "Bob: bet 4"


def test_the_brag_dashboard_names_the_address_seat_as_people_count() -> None:
    app = Brag(parse_query("seed=9&players=4&seat=0"))
    assert app.main.title == "You are seat 1"
    app.main.halt()


@pytest.mark.parametrize("dashboard", [PushStud, ScrewYourNeighbor])
def test_the_stud_dashboards_head_the_table_with_the_students_seat_as_brag_does(dashboard: type[PushStud]) -> None:
    app = dashboard(parse_query("seed=9&players=5&seat=2&speed=fast"))
    assert app.main.title == "You are seat 3"  # was "Your seat", which said nothing of where the student sits
    app.main.halt()


def test_seats_nobody_named_are_seat_1_onwards_in_every_poker_game() -> None:
    assert default_names(3) == ("Seat 1", "Seat 2", "Seat 3") and default_name(9) == "Seat 10"
    assert ScrewGame().players == PushStudGame().players == default_names(len(PushStudGame().players))
    assert BragGame(BragRules(players=3)).players == ("Seat 1", "Seat 2", "Seat 3")
    assert ThreeCardPokerGame(ThreeCardPokerRules(seats=2)).players == ("Seat 1", "Seat 2")
    game = ThreeCardPokerGame(ThreeCardPokerRules(seats=2), seed=1)
    with pytest.raises(IllegalAction, match=r"^it is Seat 1's turn, not Seat 2's$"):
        game.apply(PlaceBets(1, 2, 0))


def test_a_result_told_without_names_names_the_seats_as_the_game_does() -> None:
    brag = BragGame(BragRules(players=3), seed=1)
    while not brag.over:
        seat = brag.to_move[0]
        brag.apply(brag.legal_actions(seat)[-1])
    (result,) = brag.results
    assert str(result) == "\n".join(result.lines(brag.players)) and "Seat 1" in str(result)
    assert not any("seat 0" in line.lower() for line in result.lines())
    tcp = ThreeCardPokerGame(ThreeCardPokerRules(seats=2), seed=1)
    for action in (PlaceBets(0, 1, 0), PlaceBets(1, 1, 0), Play(0), Play(1)):
        tcp.apply(action)
    (round_result,) = tcp.results
    assert str(round_result) == "\n".join(round_result.lines(tcp.players))
    assert [line.split(" (")[0] for line in round_result.lines()[1:]] == ["Seat 1", "Seat 2"]
