"""The rummy Match through the one game protocol (push_learn.protocol): seats, refusals, records."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from rummy_engine_support import card, reading, rig

from push_learn.cards import JOKER
from push_learn.errors import IllegalAction
from push_learn.protocol import Bot, Game
from push_learn.records import Record
from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN
from push_learn.rummy.engine import (
    Action,
    ActionFormatError,
    Discard,
    GoDown,
    LayOff,
    Match,
    MatchResult,
    NewMeld,
    Push,
    RandomPlayer,
    Rescue,
    TakeUpcard,
    action_from_json,
    load_match,
    play_random_match,
)
from push_learn.rummy.rules import MeldKind


def sets(*texts: str) -> tuple:  # type: ignore[type-arg]
    return tuple(reading(text, PUSH, MeldKind.SET) for text in texts)


HANDS = ["7C 7D 7H KC KD KS 4C", "QC QD QH JD JH JS KH", "4S 5S 6S 9S 10S 2D 3D", "AH AD 3S 3H 9C 9D 8H"]


def test_match_answers_the_game_protocol() -> None:
    match = Match.new(PUSH, seed=7)
    assert isinstance(match, Game)
    bot: Bot[object, Action] = RandomPlayer()  # type-checked: RandomPlayer is a Bot
    assert callable(bot.choose)
    assert match.players == ("North", "East", "South", "West") == match.names
    seat = match.turn
    assert match.to_move == (seat,)
    assert match.legal_actions(seat) == [TakeUpcard(seat), Push(seat)]
    for other in range(4):
        if other != seat:
            assert match.legal_actions(other) == []
    assert match.result is None and not match.over


def test_an_action_from_the_wrong_seat_is_refused_naming_both_seats() -> None:
    match = Match.new(PUSH, seed=7)
    match.apply(Push(match.turn))
    mover = match.turn
    before = match.snapshot()
    for seat in range(4):
        if seat == mover:
            continue
        wrong = Discard(seat, match.hand(mover)[0])
        with pytest.raises(IllegalAction) as refused:
            match.verify(wrong)
        assert str(refused.value) == f"it is {match.names[mover]}'s turn, not {match.names[seat]}'s"
        assert not match.can(wrong)
        with pytest.raises(IllegalAction):
            match.apply(wrong)
        assert match.snapshot() == before
    with pytest.raises(IllegalAction, match="this table has seats 1 to 4, not seat 8"):
        match.verify(Discard(7, match.hand(mover)[0]))
    with pytest.raises(IllegalAction, match="is not a rummy action"):
        match.verify({"type": "push", "seat": mover})  # type: ignore[arg-type]
    assert match.snapshot() == before


def test_the_wrong_seat_is_refused_before_anything_else() -> None:
    match = Match.new(PUSH, seed=7)
    other = (match.turn + 1) % 4
    # an action that is wrong in other ways too is refused for its seat first
    with pytest.raises(IllegalAction, match=r"it is .*'s turn, not "):
        match.verify(Discard(other, card("AS")))


def test_fields_of_the_wrong_type_are_refused_in_words() -> None:
    with pytest.raises(ActionFormatError, match=r"the meld number of a lay-off must be a whole number, not 1\.0"):
        LayOff(0, 1.0, card("7H"))  # type: ignore[arg-type]
    with pytest.raises(ActionFormatError, match="the card of a discard must be a card such as 7♥, not '7H'"):
        Discard(0, "7H")  # type: ignore[arg-type]
    with pytest.raises(ActionFormatError, match="the seat of a push must be a whole number, not '2'"):
        Push("2")  # type: ignore[arg-type]
    with pytest.raises(ActionFormatError, match="the seat of taking the up-card must be a whole number, not True"):
        TakeUpcard(True)
    with pytest.raises(ActionFormatError, match="the seat of a discard must be 0 or more"):
        Discard(-1, card("7H"))
    with pytest.raises(ActionFormatError, match="needs a declared meld"):
        NewMeld(0, card("7H"))  # type: ignore[arg-type]
    with pytest.raises(ActionFormatError, match="going down needs a list of melds"):
        GoDown(0, reading("7C 7D 7H", PUSH))  # type: ignore[arg-type]
    with pytest.raises(ActionFormatError, match="the place of a rescue must be a whole number"):
        Rescue(0, 1, "2", card("7H"))  # type: ignore[arg-type]
    with pytest.raises(ActionFormatError, match="needs a 'seat' field"):
        action_from_json({"type": "push"})


def every_kind() -> list[Action]:
    return [
        TakeUpcard(1),
        Push(2),
        GoDown(0, sets("7C 7D 7H", "KC KD KS")),
        NewMeld(3, reading("4S 5S 6S", PUSH)),
        LayOff(1, 0, card("7S")),
        LayOff(1, 2, JOKER, reading("5H 6H 7H 8H", PUSH)),
        Rescue(2, 1, 2, card("KS")),
        Discard(0, card("QC")),
    ]


@pytest.mark.parametrize("action", every_kind(), ids=lambda a: type(a).__name__)
def test_every_action_kind_round_trips_through_json(action: Action) -> None:
    data = action.to_json()
    assert data["seat"] == action.seat and list(data)[:2] == ["type", "seat"]
    text = json.dumps(data)
    assert action_from_json(json.loads(text)) == action


def test_a_played_match_replays_to_an_identical_snapshot_through_its_record() -> None:
    for rules in (PUSH, CAP_IT, SIX_TO_TEN):
        match = play_random_match(rules, seed=11)
        record = match.record()
        assert isinstance(record, Record)
        assert record.game == rules.variant
        again = load_match(Record.from_json(record.to_json()))
        assert again.snapshot() == match.snapshot()
        assert isinstance(match.result, MatchResult)
        assert match.result == again.result
        assert match.result.totals == match.totals and match.result.winners == match.winners
        assert match.to_move == () and match.legal_actions(0) == []


def test_meld_phase_moves_of_another_seat_are_refused() -> None:
    match = rig(Match.new(PUSH, seed=2), HANDS, upcard="5C", stock="KS 3C 9D 4H 5H", turn=0)
    match.apply(TakeUpcard(0))
    before = match.snapshot()
    with pytest.raises(IllegalAction, match="it is North's turn, not East's"):
        match.apply(GoDown(1, sets("QC QD QH", "JD JH JS")))
    assert match.snapshot() == before
    match.apply(GoDown(0, sets("7C 7D 7H", "KC KD KS")))


def test_random_player_chooses_from_its_own_observation_only() -> None:
    match = Match.new(CAP_IT, seed=3)
    rng = random.Random(1)
    player = RandomPlayer()
    for _ in range(80):
        view = match.observe(match.turn)
        action = player.choose(view, rng)
        assert action.seat == match.turn
        match.apply(action)
    # the same observation gives the same choice whatever the hidden cards
    copy = dataclasses.replace(view)
    assert copy == view
