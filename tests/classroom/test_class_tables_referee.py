"""The class server checks every move a kernel appends to a class table against the table's game (D-TBL-21):
a move the rules refuse, a garbled one or another seat's is refused in words and the log stays as it was; the
server, not the kernel, says when the game is over; a server that has not seen the table replays its log."""

from __future__ import annotations

from typing import Any

import pytest
from class_games import SEAL_KEY

from push_learn.classroom import Store
from push_learn.classroom.service import ClassService, Member
from push_learn.classroom.table_games import replay_table
from push_learn.classroom.table_store import TableRefused


def _screw_table(store: Store, service: ClassService) -> tuple[int, dict[int, Member]]:
    """A three-seat Screw Your Neighbor table: Ann in seat 0, Ben in seat 1, a random bot in seat 2, started."""
    code = store.create_class("Year 9").code
    ann, ben = service.join("session-ann", code, "Ann"), service.join("session-ben", code, "Ben")
    opened = service.table_request(ann, "new", {"game": "screw", "level": "random", "seat": 0, "players": 3})
    table_id = opened["table"]["id"]
    service.table_request(ben, "sit", {"table": table_id, "seat": 1})
    service.table_request(ben, "start", {"table": table_id})
    return table_id, {0: ann, 1: ben, 2: ann}


def _game(store: Store, table_id: int) -> Any:
    info = store.table(table_id)
    return replay_table(info.game, info.rules, info.seed, [row.action for row in store.table_log(table_id)])


def _append(service: ClassService, members: dict[int, Member], table_id: int, step: int, seat: int,
            action: dict[str, Any], ends: bool = False) -> dict[str, Any]:
    return service.table_request(members[seat], "append", {"table": table_id, "step": step, "seat": seat,
                                                          "action": action, "by_bot": seat == 2, "ends": ends})


def test_moves_the_rules_refuse_are_refused_in_the_engines_words_and_the_log_is_unchanged(store: Store) -> None:
    service = ClassService(store, SEAL_KEY)
    table_id, members = _screw_table(store, service)
    game = _game(store, table_id)
    seat = game.to_move[0]
    me = game.observe(seat).me
    held = {card.ascii for card in (*me.up, *me.down)}
    stranger = next(c for c in ("AS", "KH", "QD", "JC", "10S", "9H") if c not in held)
    refusals = [({"type": "push_own", "seat": seat, "card": stranger}, f"does not hold {stranger[:-1]}"),
                ({"type": "dance", "seat": seat}, "that move cannot be read: 'dance' is not an action of the stud"),
                ({"type": "bet"}, "that move cannot be read: an action must name its seat")]
    for action, words in refusals:
        with pytest.raises(TableRefused, match=words):
            _append(service, members, table_id, 0, seat, action)
        assert store.table_log(table_id) == []
    legal = game.legal_actions(seat)[0].to_json()
    with pytest.raises(TableRefused, match=f"that move is seat {seat + 1}'s, not seat {(seat + 1) % 3 + 1}'s"):
        _append(service, members, table_id, 0, (seat + 1) % 3, legal)
    assert store.table_log(table_id) == []
    assert _append(service, members, table_id, 0, seat, legal, ends=True)["step"] == 0
    assert store.table(table_id).status == "playing", "a kernel saying the game is over is not believed"


def test_a_whole_hand_through_the_server_which_says_when_it_is_over(store: Store) -> None:
    """Every move appended by a different server (none has seen the table: each replays its log), the kernels
    never saying the game ends; the table is over when the last move lands."""
    table_id, members = _screw_table(store, ClassService(store, SEAL_KEY))
    for step in range(200):
        game = _game(store, table_id)
        if game.over:
            break
        seat = game.to_move[0]
        _append(ClassService(store, SEAL_KEY), members, table_id, step, seat, game.legal_actions(seat)[-1].to_json())
    assert _game(store, table_id).over and store.table(table_id).status == "over"


def test_the_service_keeps_one_referee_made_at_the_first_move_it_checks(store: Store) -> None:
    service = ClassService(store, SEAL_KEY)
    table_id, members = _screw_table(store, service)
    assert service._referee is None, "opening, sitting at and starting a table check no move"
    game = _game(store, table_id)
    seat = game.to_move[0]
    _append(service, members, table_id, 0, seat, game.legal_actions(seat)[-1].to_json())
    referee = service.referee
    assert referee is service._referee is service.referee
    assert set(referee._games) == {table_id}, "the game it checked the first move on is kept for the next"
