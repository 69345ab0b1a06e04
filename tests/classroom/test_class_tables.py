"""Class tables (issue 24) on both backends: seats, the append-only log, replicas, races, idle seats, the teacher."""

from __future__ import annotations

import dataclasses
import multiprocessing
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest
from budgets import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine, inspect, text, update

from push_learn.classroom import NotFound, Store
from push_learn.classroom.errors import ClassroomError
from push_learn.classroom.schema import MIGRATIONS, SCHEMA_VERSION, TABLES, VERSION_TABLE
from push_learn.classroom.table_store import LoggedAction, StepTaken, TableInfo, TableRefused
from push_learn.classroom.tables import StoreLink, TableMoved, TableReplica
from push_learn.classroom.teacher_tables import _sitter
from push_learn.errors import IllegalAction
from push_learn.rummy.catalogue import rummy_rules
from push_learn.rummy.engine import Discard, action_from_json, load_match, rules_to_json

PUSH = rummy_rules("push")
ONE_DEAL = dataclasses.replace(PUSH, contracts=PUSH.contracts[:1], hand_sizes=PUSH.hand_sizes[:1])
ONE_DEAL_RULES = rules_to_json(ONE_DEAL)
NAMES = ("Ann", "Ben", "Cat", "Dan")
RACE_STEPS = 40


def _class(store: Store, names: tuple[str, ...] = NAMES) -> str:
    code = store.create_class("Table lesson").code
    for name in names:
        store.join(code, name)
    return code


def _table(store: Store, code: str, seated: tuple[str, ...] = ("Ann", "Ben"), *, seed: int = 5,
           idle_limit_s: int = 120, level: str = "greedy") -> int:
    table = store.open_table(code, "push", ONE_DEAL_RULES, 4, seed=seed, idle_limit_s=idle_limit_s, bot_level=level)
    for name in seated:
        store.sit(table.id, name)
    store.start_table(table.id)
    return table.id


def _until_turn_of(replica: TableReplica, seat: int) -> None:
    while replica.match.to_move[0] != seat:
        assert replica.play_bots(), "the bots stopped before it was the seat's turn"


def test_a_version_1_store_is_migrated_to_class_tables(store_url: str) -> None:
    engine = create_engine(store_url)
    with engine.begin() as conn:
        conn.execute(text(f"CREATE TABLE {VERSION_TABLE} (version INTEGER NOT NULL)"))
        conn.execute(text(f"INSERT INTO {VERSION_TABLE} (version) VALUES (1)"))
        MIGRATIONS[0](conn)
    assert "class_tables" not in inspect(engine).get_table_names()
    engine.dispose()
    store = Store(store_url, seal_key=None)
    try:
        assert store.schema_version() == SCHEMA_VERSION == 3
        assert set(TABLES) <= set(inspect(store.engine).get_table_names())
    finally:
        store.close()


def test_seats_are_taken_once_and_a_returning_student_keeps_theirs(store: Store) -> None:
    code = _class(store)
    table = store.open_table(code, "push", ONE_DEAL_RULES, 4)
    assert table.status == "open" and all(seat.empty for seat in table.seats)
    assert store.sit(table.id, "Ann", 2).seat_of("Ann") == 2
    with pytest.raises(TableRefused, match=r"seat 3 of table \d+ is taken"):  # seat 2 counted from 1 (D-TBL-24)
        store.sit(table.id, "Ben", 2)
    assert store.sit(table.id, "Ann", 0).seat_of("Ann") == 2  # coming back: the same seat, whatever is asked
    with pytest.raises(TableRefused, match="has seats 1 to 4, not seat 10"):
        store.sit(table.id, "Ben", 9)
    with pytest.raises(NotFound, match="Zoe has not joined"):
        store.sit(table.id, "Zoe")
    with pytest.raises(TableRefused, match="has not started yet"):
        store.append_action(table.id, 0, 0, {"type": "push", "seat": 0}, by_bot=False)
    started = store.start_table(table.id)
    assert started.status == "playing"
    assert [seat.bot for seat in started.seats] == ["greedy", "greedy", None, "greedy"]
    with pytest.raises(TableRefused, match="has started"):
        store.sit(table.id, "Ben")
    assert store.sit(table.id, "Ann").seat_of("Ann") == 2  # but Ann may come back
    assert "seed" not in started.public() and [t.id for t in store.tables(code)] == [table.id]


def test_opening_a_table_for_a_student_is_one_transaction(store: Store) -> None:
    """A table opened with its first student: a seat or a student that sitting refuses leaves no table behind."""
    code = _class(store)
    table = store.open_table(code, "push", ONE_DEAL_RULES, 4, student="Ann", seat=2)
    assert table.seat_of("Ann") == 2 and table.status == "open"
    assert store.open_table(code, "push", ONE_DEAL_RULES, 4, student="Ben").seat_of("Ben") == 0  # the first seat
    before = list(store.iter_table_ids(code))
    with pytest.raises(TableRefused, match="a new table for 4 has seats 1 to 4, not seat 5"):
        store.open_table(code, "push", ONE_DEAL_RULES, 4, student="Ann", seat=4)
    with pytest.raises(NotFound, match="Zoe has not joined"):
        store.open_table(code, "push", ONE_DEAL_RULES, 4, student="Zoe")
    with pytest.raises(TableRefused, match="name the student"):
        store.open_table(code, "push", ONE_DEAL_RULES, 4, seat=1)
    assert list(store.iter_table_ids(code)) == before


@pytest.mark.parametrize("seat", [True, False, "2", 2.0, [1]])
def test_a_seat_that_is_not_a_number_is_refused_not_read_as_any_seat(store: Store, seat: object) -> None:
    code = _class(store)
    table = store.open_table(code, "push", ONE_DEAL_RULES, 4)
    with pytest.raises(TableRefused, match="a seat is named by its number"):
        store.sit(table.id, "Ann", seat)
    with pytest.raises(TableRefused, match="a seat is named by its number"):
        store.open_table(code, "push", ONE_DEAL_RULES, 4, student="Ann", seat=seat)
    assert list(store.iter_table_ids(code)) == [table.id] and store.table(table.id).seat_of("Ann") is None


def test_the_stores_refusals_count_seats_from_1(store: Store) -> None:
    """D-TBL-24: the wire's seat 0 is the student's Seat 1."""
    code = _class(store)
    table_id = _table(store, code)
    with pytest.raises(TableRefused, match=r"table \d+ has seats 1 to 4, not seat 5$"):
        store.append_action(table_id, 0, 4, {"type": "push", "seat": 0}, by_bot=False)
    with pytest.raises(TableRefused, match=r"table \d+ has seats 1 to 4, not seat 0$"):
        store.seat_bot(table_id, -1, "random")


def test_the_log_takes_each_step_once_and_in_order(store: Store) -> None:
    code = _class(store)
    table_id = _table(store, code)
    replica = TableReplica(StoreLink(store, "Ann"), table_id)
    action = replica.bot_action()
    assert action is not None or replica.match.to_move[0] == replica.seat
    first = replica.match.legal_actions(replica.match.to_move[0])[0].to_json()
    store.append_action(table_id, 0, replica.match.to_move[0], first, by_bot=True)
    with pytest.raises(StepTaken, match=r"step 1 of table \d+ was already played"):
        store.append_action(table_id, 0, replica.match.to_move[0], first, by_bot=True)
    with pytest.raises(TableRefused, match="at step 2, so step 4 cannot be played yet"):
        store.append_action(table_id, 3, 0, first, by_bot=True)
    assert [entry.step for entry in store.table_log(table_id)] == [0]


def test_the_last_step_ends_the_table_and_a_late_copy_of_it_is_told_the_step_was_taken(store: Store) -> None:
    code = _class(store)
    table_id = _table(store, code)
    store.seat_bot(table_id, 0, "greedy")
    store.seat_bot(table_id, 1, "greedy")
    replica = TableReplica(StoreLink(store, None), table_id)
    while replica.play_bots():
        pass
    assert replica.match.over and store.table(table_id).status == "over"
    last = store.table_log(table_id)[-1]
    with pytest.raises(StepTaken):
        store.append_action(table_id, last.step, last.seat, last.action, by_bot=True, ends=True)
    with pytest.raises(TableRefused, match=r"table \d+ is over"):
        store.append_action(table_id, last.step + 1, last.seat, last.action, by_bot=True)
    assert store.tables(code) == [] and [t.id for t in store.tables(code, finished=True)] == [table_id]


def test_refusals_in_words_another_seat_out_of_turn_and_twice(store: Store) -> None:
    code = _class(store)
    table_id = _table(store, code)
    ann = TableReplica(StoreLink(store, "Ann"), table_id)
    ben = TableReplica(StoreLink(store, "Ben"), table_id)
    assert (ann.seat, ben.seat) == (0, 1)
    _until_turn_of(ann, ann.seat)
    ben.poll()
    move = ann.match.legal_actions(ann.seat)[0]
    with pytest.raises(IllegalAction, match="you sit in East; that move is for North's seat"):
        ben.play(move)
    ben_move = dataclasses.replace(move, seat=ben.seat)
    with pytest.raises(IllegalAction, match="it is North's turn, not East's"):
        ben.play(ben_move)
    ann.play(move)
    with pytest.raises(IllegalAction):  # the same move again: the draw is done
        ann.play(move)
    # a second page of Ann's (another kernel) that had not seen her move yet sends it again
    stale = TableReplica(StoreLink(store, "Ann"), table_id)
    stale.match = stale._fresh()
    for entry in store.table_log(table_id)[:-1]:
        stale.match.apply(action_from_json(dict(entry.action)))
    stale.info = dataclasses.replace(stale.info, steps=stale.step)
    with pytest.raises(TableMoved, match="another move was played there first"):
        stale.play(move)
    assert stale.step == ann.step  # it reloaded
    assert len(store.table_log(table_id)) == ann.step


@pytest.mark.parametrize("step", [-1, -(10**30), True, "0", None])
def test_a_step_that_is_not_counted_from_0_is_refused_not_called_taken(store: Store, step: object) -> None:
    """A negative step was answered StepTaken ("another kernel was first"), so a kernel sent one reloaded
    for nothing; a step that is not a whole number from 0 is refused in words, and the log is unchanged."""
    table_id = _table(store, _class(store))
    with pytest.raises(TableRefused, match="a step is a whole number counted from 0"):
        store.append_action(table_id, step, 0, {"type": "draw", "seat": 0}, by_bot=False)  # type: ignore[arg-type]
    assert store.table_log(table_id) == []


def test_racing_kernels_append_each_bot_step_once(open_store: Callable[..., Store]) -> None:
    store = open_store()
    code = _class(store)
    table_id = _table(store, code, seated=("Ann",), level="random")  # three bots, Ann idle-free
    store.seat_bot(table_id, 0, "random")  # all four seats are bots: the kernels race for every step
    kernels = [TableReplica(StoreLink(open_store(pool_size=2), "Ann"), table_id) for _ in range(4)]
    for replica in kernels:
        replica.student = None  # spectators' replicas: they may still append bots' turns
    errors: list[BaseException] = []
    start = threading.Barrier(len(kernels))

    def run(replica: TableReplica) -> None:
        try:
            start.wait()
            while replica.step < RACE_STEPS:
                if not replica.play_bots():
                    replica.poll()
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(replica,)) for replica in kernels]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert errors == []
    log = store.table_log(table_id)
    assert [entry.step for entry in log] == list(range(len(log)))
    assert {len(replica.match.actions) for replica in kernels} == {len(log)}
    assert len({replica.match.snapshot() for replica in kernels}) == 1
    fresh = TableReplica(StoreLink(store, None), table_id)
    assert fresh.match.snapshot() == kernels[0].match.snapshot()


def _race_in_a_process(url: str, table_id: int, steps: int) -> int:
    """A kernel in its own process: append bots' turns until ``steps``; how many of its appends landed."""
    store = Store(url, seal_key=None, pool_size=1)
    try:
        replica = TableReplica(StoreLink(store, None), table_id)
        landed = 0
        while replica.step < steps:
            action = replica.bot_action()
            if action is None:
                replica.poll()
                continue
            try:
                replica._append(action, by_bot=True)
                landed += 1
            except TableMoved:
                pass
        return landed
    finally:
        store.close()


def test_kernels_in_separate_processes_land_each_step_once(store_url: str, store: Store) -> None:
    code = _class(store)
    table_id = _table(store, code, seated=("Ann",), level="random")
    store.seat_bot(table_id, 0, "random")
    # An executor, not a Pool: a worker that dies fails the test at once (BrokenProcessPool), where a Pool waits
    # forever for the result it lost (seen once under `make hunt`, with another test run beside it).
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        racing = [pool.submit(_race_in_a_process, store_url, table_id, RACE_STEPS // 2) for _ in range(2)]
        landed = [kernel.result(timeout=300) for kernel in racing]
    log = store.table_log(table_id)
    assert [entry.step for entry in log] == list(range(len(log))) and len(log) >= RACE_STEPS // 2
    assert sum(landed) == len(log)  # every landed append is in the log once, and nothing else is
    assert TableReplica(StoreLink(store, None), table_id).step == len(log)


def test_an_idle_student_is_played_by_a_bot_until_they_return(store: Store) -> None:
    code = _class(store)
    table_id = _table(store, code, idle_limit_s=30)
    ann = TableReplica(StoreLink(store, "Ann"), table_id)
    ben = TableReplica(StoreLink(store, "Ben"), table_id)
    _until_turn_of(ben, ann.seat)
    assert ben.bot_due() is None  # Ann is here: nobody may play her turn
    with store._write() as conn:
        conn.execute(update(TABLES["table_seats"]).where(TABLES["table_seats"].c.table_id == table_id,
                                                         TABLES["table_seats"].c.seat == 0)
                     .values(seen_ms=TABLES["table_seats"].c.seen_ms - 60_000))
    ben.poll()
    assert ben.bot_due() == "greedy"
    idle = store.table(table_id)  # the teacher's pages say so while the table is played, not once it is over
    assert _sitter(idle, 0) == "Ann (away: a bot plays)"
    assert _sitter(dataclasses.replace(idle, status="over"), 0) == "Ann"
    assert ben.play_bots()
    assert store.table_log(table_id)[-1].by_bot and store.table_log(table_id)[-1].seat == 0
    ann.poll()  # Ann's page is open again: her poll is a sign of life
    ann._last_seen = 0.0
    ann.poll()
    ben.poll()
    assert store.table(table_id).public()["seats"][0]["idle"] is False
    assert ben.info.bot_for(0) is None


def test_the_teacher_pauses_a_table_and_gives_a_seat_to_a_bot(store: Store) -> None:
    code = _class(store)
    table_id = _table(store, code)
    ann = TableReplica(StoreLink(store, "Ann"), table_id)
    store.pause_table(table_id)
    ann.poll()
    assert ann.bot_due() is None
    with pytest.raises(TableRefused, match="the teacher paused table"):
        store.append_action(table_id, 0, 0, {"type": "push", "seat": 0}, by_bot=True)
    with pytest.raises(TableRefused, match="is paused, so it cannot be paused"):
        store.pause_table(table_id)
    store.pause_table(table_id, paused=False)
    store.seat_bot(table_id, 0, "random")
    ann.poll()
    assert ann.seat is None
    with pytest.raises(IllegalAction, match="you do not sit at this table"):
        ann.play(Discard(0, ann.match.hand(0)[0]))
    with pytest.raises(TableRefused, match="idle limit is a whole number"):
        store.set_idle_limit(table_id, -1)


def test_deleting_a_class_removes_its_tables(store: Store) -> None:
    code = _class(store)
    table_id = _table(store, code)
    TableReplica(StoreLink(store, "Ann"), table_id).play_bots()
    class_id = store.class_info(code).id
    assert store.delete_class(code)["class_tables"] == 1
    assert set(store.rows_of_class(class_id).values()) == {0}
    with store._read() as conn:
        for name in ("table_seats", "table_actions"):
            assert conn.execute(text(f"SELECT count(*) FROM {name}")).scalar() == 0


@settings(max_examples=examples(4), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), steps=st.integers(1, 30))
def test_a_log_replays_to_the_same_state(store: Store, seed: int, steps: int) -> None:
    code = _class(store, ("Ann",))
    table = store.open_table(code, "push", ONE_DEAL_RULES, 4, seed=seed, bot_level="random")
    store.sit(table.id, "Ann")
    store.start_table(table.id)
    store.seat_bot(table.id, 0, "random")
    player = TableReplica(StoreLink(store, None), table.id)
    while player.step < steps and player.play_bots():
        pass
    again = TableReplica(StoreLink(store, None), table.id)
    assert again.match.snapshot() == player.match.snapshot()
    assert load_match(player.match.record()).snapshot() == player.match.snapshot()


def test_a_fetch_read_before_moves_catches_up_without_applying_a_step_twice(store: Store) -> None:
    """A page reads the table in a worker thread (``fetch``) while a click or another kernel moves the
    table on; applying the older read afterwards (``catch_up``) skips what the replica already has."""
    code = _class(store)
    table = _table(store, code, ("Ann",), level="random")
    ann = TableReplica(StoreLink(store, "Ann"), table)
    other = TableReplica(StoreLink(store, None), table)
    seat = ann.seat
    assert seat is not None
    _until_turn_of(other, seat)
    early = ann.fetch()  # read while it is Ann's turn: the bots' steps so far
    assert ann.catch_up(early) and ann.step == other.step
    stale = ann.fetch()  # read before Ann's own move (nothing new for her yet)
    ann.play(ann.match.legal_actions(seat)[0])
    assert not ann.catch_up(stale)  # the move Ann appended herself is not replayed, nor lost
    assert ann.step == len(store.table_log(table)) == other.step + 1
    while ann.match.to_move[0] == seat:  # Ann ends her turn
        ann.play(ann.match.legal_actions(seat)[0])
    # another kernel's bots move on after Ann's read: that read brings nothing, the next poll brings the bots
    before_bots = ann.fetch()
    other.poll()
    assert other.play_bots() and other.play_bots()
    steps = ann.step
    assert not ann.catch_up(before_bots) and ann.step == steps
    assert ann.poll() and ann.step == steps + 2 == len(store.table_log(table))
    assert ann.match.snapshot() == TableReplica(StoreLink(store, None), table).match.snapshot()


class _FlakyLink(StoreLink):
    """A link to the store that can be cut (``down``): every request then fails as a server out of reach."""

    down = False

    def _reach(self) -> None:
        if self.down:
            raise ClassroomError("the class server is out of reach")

    def table(self, table_id: int) -> TableInfo:
        self._reach()
        return super().table(table_id)

    def log(self, table_id: int, since: int) -> list[LoggedAction]:
        self._reach()
        return super().log(table_id, since)

    def append(self, table_id: int, step: int, seat: int, action: Mapping[str, Any], *, by_bot: bool,
               ends: bool) -> LoggedAction:
        self._reach()
        return super().append(table_id, step, seat, action, by_bot=by_bot, ends=ends)


def test_a_move_sent_while_the_server_is_out_of_reach_is_forgotten_and_can_be_sent_again(store: Store) -> None:
    """The append fails and so does the reload after it: the replica must still forget the move it applied,
    or it would wait for the others while they wait for it."""
    code = _class(store)
    table_id = _table(store, code, ("Ann",), level="random")
    link = _FlakyLink(store, "Ann")
    ann = TableReplica(link, table_id)
    _until_turn_of(ann, 0)
    steps = ann.step
    move = ann.match.legal_actions(0)[0]
    link.down = True
    with pytest.raises(ClassroomError, match="out of reach"):
        ann.play(move)
    assert ann.step == steps == store.table(table_id).steps and ann.match.to_move == (0,)
    link.down = False
    ann.poll()
    assert ann.match.to_move == (0,) and ann.step == steps
    ann.play(move)
    assert store.table(table_id).steps == steps + 1 == ann.step


def test_a_move_that_lost_its_step_is_forgotten_even_when_the_server_goes_out_of_reach(store: Store) -> None:
    """Ben's kernel lands a bot's step first; Ann's append of that step is told it was taken, and the server is
    out of reach for the reload after it: Ann's replica must still forget the bot's move it applied."""
    code = _class(store)
    table_id = _table(store, code, ("Ann", "Ben"), level="random")
    link = _FlakyLink(store, "Ann")
    ann, ben = TableReplica(link, table_id), TableReplica(StoreLink(store, "Ben"), table_id)
    while ann.bot_due() is None:
        ann.play(ann.match.legal_actions(ann.match.to_move[0])[0])
        ben.poll()
    steps = ann.step
    turn = ann.bot_turn()
    assert turn is not None and ben.play_bots()

    def cut_after_taken(*args: Any, **kwargs: Any) -> LoggedAction:
        link.down = True
        raise StepTaken(table_id, steps)

    link.append = cut_after_taken  # type: ignore[method-assign]
    assert ann.play_bot(turn, turn.choose())
    assert ann.step == steps
    link.down = False
    ann.poll()
    assert ann.step == steps + 1 and ann.match.record().actions == ben.match.record().actions
