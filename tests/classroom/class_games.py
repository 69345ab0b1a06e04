"""The one place where the class store's tests make and score real game records.

``sealed_push_record`` plays a real Push match with the random player and seals its record (the
one envelope, every action naming its seat), ``sealed_poker_record`` a real deal of a stud game with its
bots; ``score_push`` is the store's default scorer, which replays any record with
``push_learn.games.load_record``.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import pytest

from push_learn.classroom import Store, default_score
from push_learn.classroom.tables import StoreLink, TableReplica, table_rules
from push_learn.errors import IllegalAction
from push_learn.records import Record
from push_learn.rummy import PUSH
from push_learn.rummy.engine import Match, RandomPlayer, rules_to_json

SEAL_KEY = b"the server's sealing key"
"""The sealing key of the tests' server."""
PUSH_RULES: dict[str, Any] = rules_to_json(PUSH)
"""Push's rules as the plain values an assignment stores."""


def bots_for(student: str) -> tuple[str, str, str, str]:
    """The four players of a duplicate deal: the student and three bots."""
    return (student, "Bot West", "Bot North", "Bot East")


def sealed_push_record(seed: int, student: str, key: bytes | None, *, player_seed: int = 0, hints: int = 0,
                       stop_after: int | None = None) -> Record:
    """A whole (or, with ``stop_after``, unfinished) Push match of ``seed`` played at random, sealed under ``key``."""
    match = Match.new(PUSH, seed, bots_for(student))
    player, rng = RandomPlayer(), random.Random(player_seed)
    while not match.over and (stop_after is None or len(match.actions) < stop_after):
        match.apply(player.choose(match.observe(match.turn), rng))
    record = dataclasses.replace(match.record(), notes={"hints": hints})
    return record.sealed(key) if key else record


def sealed_poker_record(game: str, seed: int, student: str, key: bytes | None, *, level: str | None = None,
                        hints: int = 0, players: int | None = None, **setup: Any) -> Record:
    """A whole deal (or brag match) of the poker game ``game`` (the student in the first seat, then Bot 1 …, at its
    default table unless ``players`` says), every seat played by the catalogue's ``level`` bot (the game's usual one
    unless given), sealed under ``key``;
    ``setup`` as the game takes it (a brag match's ``hands``)."""
    from push_learn.games import GAMES

    spec = GAMES[game]
    names = (student, *(f"Bot {n}" for n in range(1, players or spec.default_players)))
    deal, rng = spec.new(seed=seed, players=names, **setup), random.Random(seed)
    bot = spec.bots[level or spec.default_level]()
    while not deal.over:
        deal.apply(bot.choose(deal.observe(deal.to_move[0]), rng))
    record = dataclasses.replace(deal.record(), notes={"hints": hints})
    return record.sealed(key) if key else record


score_push = default_score
"""Replay a record (the store has checked its seal) and score a player: the store's own scorer."""


def trainer_record(student: str, key: bytes | None, *, seed: int = 5, rounds: int = 6, played: int | None = None,
                   choose: str = "strategy", hints: int = 0) -> Record:
    """A Three Card Poker trainer session of ``student`` (``played`` of its ``rounds`` played, all by default),
    sealed under ``key``: each hand played or folded as the exact strategy says (``choose="strategy"``), always
    played (``"play"``) or always folded (``"fold"``)."""
    from push_learn.games import new_game
    from push_learn.poker.three_card_analysis import ante_analysis
    from push_learn.poker.three_card_poker import Fold, PlaceBets, Play

    game = new_game("three_card_poker", seed=seed, players=(student,), rounds=rounds)
    analysis = ante_analysis(game.rules)
    for _ in range(rounds if played is None else played):
        game.apply(PlaceBets(0, 5, 1))
        cards = game.observe(0).cards
        play = choose == "play" or (choose == "strategy" and analysis.hand(cards).should_play)
        game.apply(Play(0) if play else Fold(0))
    record = dataclasses.replace(game.record(), notes={"hints": hints})
    return record.sealed(key) if key else record


TABLE_STUDENTS = ("Ann", "Ben")
"""The students of a class table in the table tests: Ann in seat 0, Ben in seat 1, bots in the others."""


def started_table(store: Store, game: str, players: int, *, level: str, seed: int = 11, lesson: str = "Lesson",
                  **options: bool) -> int:
    """A started class table of ``game`` with ``players`` seats, the ``TABLE_STUDENTS`` seated first."""
    code = store.create_class(lesson).code
    for name in TABLE_STUDENTS:
        store.join(code, name)
    table = store.open_table(code, game, table_rules(game, players, **options), players, seed=seed, bot_level=level)
    for seat, name in enumerate(TABLE_STUDENTS):
        store.sit(table.id, name, seat)
    store.start_table(table.id)
    return table.id


def student_replicas(store: Store, table_id: int) -> dict[int, TableReplica]:
    """Each seated student's kernel replica of the table, by seat."""
    return {seat: TableReplica(StoreLink(store, name), table_id) for seat, name in enumerate(TABLE_STUDENTS)}


def step_all(kernels: dict[int, TableReplica], choose: Callable[[TableReplica, int], Any]) -> None:
    """One round of every kernel: catch up, then play its student's turn (``choose(replica, seat)``) or a due bot's."""
    for seat, replica in kernels.items():
        replica.poll()
        if seat in replica.match.to_move:
            replica.play(choose(replica, seat))
        else:
            replica.play_bots()


def plays_once(store: Store, table_id: int, replica: TableReplica, move: Any) -> None:
    """``replica`` plays ``move``: the table's log grows by one step, and the same move sent again is refused
    (the table has moved on) with nothing logged and the replica's game unchanged."""
    steps = len(store.table_log(table_id))
    replica.play(move)
    after = replica.match.record().to_dict()
    with pytest.raises(IllegalAction):
        replica.play(move)
    assert len(store.table_log(table_id)) == steps + 1 and replica.match.record().to_dict() == after
