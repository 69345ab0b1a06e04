"""Class tables of the stud games (Push stud with its options, Screw Your Neighbor) on both backends.

Two students' kernels (two replicas) and bots play whole hands; refusals leave the log and the
replicas as they were; two appends of one step land once; the service opens a stud table with its
options and refuses others in words.
"""

from __future__ import annotations

import threading

import pytest
from class_games import plays_once, started_table, step_all, student_replicas

from push_learn.classroom import Store
from push_learn.classroom.errors import ClassroomError
from push_learn.classroom.service import ClassService, Member
from push_learn.classroom.table_store import StepTaken
from push_learn.classroom.tables import TABLE_GAMES, StoreLink, TableReplica, table_rules
from push_learn.errors import IllegalAction
from push_learn.games import load_record
from push_learn.poker.actions import Action, ActionKind
from push_learn.poker.observation import Phase
from push_learn.rummy.catalogue import rummy_rules
from push_learn.rummy.engine import rules_to_json

CAUTIOUS = (ActionKind.CHECK, ActionKind.CALL, ActionKind.KEEP, ActionKind.STAND, ActionKind.BRING_IN)


def _stud_table(store: Store, game: str, players: int, *, level: str = "random", **options: bool) -> int:
    return started_table(store, game, players, level=level, lesson="Stud lesson", **options)


def _stays_in(replica: TableReplica, seat: int) -> Action:
    """A student who never folds: the first cautious choice, else the first legal one."""
    legal = replica.match.legal_actions(seat)
    return next((a for a in legal if a.kind in CAUTIOUS), legal[0])


def _step_all(kernels: dict[int, TableReplica]) -> None:
    """One round of every kernel, its student staying in (``_stays_in``)."""
    step_all(kernels, _stays_in)


def test_the_catalogue_offers_the_rummy_and_stud_games_at_tables_and_rummy_rules_are_as_before() -> None:
    assert TABLE_GAMES == ("push", "cap_it", "six_to_ten", "push_stud", "screw", "brag")
    assert all(table_rules(game) == rules_to_json(rummy_rules(game)) for game in ("push", "cap_it", "six_to_ten"))
    rules = table_rules("push_stud", 4, roll_your_own=True, substitution=True)
    assert (rules["players"], rules["roll_your_own"], rules["substitution"], rules["starting_stack"]) == (4, True,
                                                                                                          True, 200)
    with pytest.raises(ClassroomError, match="a class table plays push, cap_it, six_to_ten, push_stud, screw, brag, "
                                             "not 'three_card_poker'"):
        table_rules("three_card_poker")
    with pytest.raises(ClassroomError, match="Push stud is for 4 to 9 players, not 2"):
        table_rules("push_stud", 2)
    with pytest.raises(ClassroomError, match="Screw Your Neighbor cannot be set up that way: there is no option "
                                             "'roll_your_own'"):
        table_rules("screw", 4, roll_your_own=True)


@pytest.mark.parametrize(("game", "players", "options"), [("push_stud", 4, {"roll_your_own": True}),
                                                          ("screw", 3, {})])
def test_two_students_and_a_bot_play_a_whole_stud_hand(store: Store, game: str, players: int,
                                                        options: dict[str, bool]) -> None:
    table_id = _stud_table(store, game, players, **options)
    kernels = student_replicas(store, table_id)
    while not kernels[0].match.over:
        _step_all(kernels)
    kernels[1].poll()
    assert store.table(table_id).status == "over" and kernels[1].match.over
    record = kernels[0].match.record()
    assert record.to_dict() == kernels[1].match.record().to_dict()
    assert record.rules == table_rules(game, players, **options)
    watcher = TableReplica(StoreLink(store, None), table_id)
    assert watcher.match.record().to_dict() == record.to_dict()
    assert load_record(record.to_json()).result == kernels[0].match.result  # the log is a valid record
    log = store.table_log(table_id)
    assert {row.seat for row in log if not row.by_bot} == {0, 1}
    assert {row.seat for row in log if row.by_bot} == set(range(2, players))


def test_stud_refusals_in_words_leave_the_log_and_the_replica_unchanged(store: Store) -> None:
    table_id = _stud_table(store, "screw", 3)
    kernels = student_replicas(store, table_id)
    while not ({0, 1} & set(kernels[0].match.to_move)):
        _step_all(kernels)
    ann = kernels[0]
    mover = next(seat for seat in ann.match.to_move if seat in (0, 1))
    other = 1 - mover
    replica, idle = kernels[mover], kernels[other]
    move = _stays_in(replica, mover)
    steps, before = len(store.table_log(table_id)), replica.match.record().to_dict()
    with pytest.raises(IllegalAction, match=f"you sit in Seat {other + 1}; that move is for Seat {mover + 1}'s seat"):
        idle.play(move)
    if other not in idle.match.to_move:  # Screw's simultaneous rounds give both students a move at once
        own = Action.from_json({**move.to_json(), "seat": other})
        with pytest.raises(IllegalAction, match=f"Seat {other + 1}"):
            idle.play(own)
    assert len(store.table_log(table_id)) == steps and replica.match.record().to_dict() == before
    plays_once(store, table_id, replica, move)


def test_two_appends_of_one_stud_step_land_once_and_the_loser_reloads(store: Store) -> None:
    table_id = _stud_table(store, "screw", 4)
    kernels = student_replicas(store, table_id)
    ann, ben = kernels[0], kernels[1]
    for _ in range(3):  # students move until a bot is due at the same step in both kernels
        for seat, replica in kernels.items():
            replica.poll()
            if seat in replica.match.to_move:
                replica.play(_stays_in(replica, seat))
        ann.poll()
        ben.poll()
        if ann.bot_turn() is not None:
            break
    turns = [ann.bot_turn(), ben.bot_turn()]
    assert turns[0] is not None and turns[1] is not None and turns[0].step == turns[1].step
    assert turns[0].choose() == turns[1].choose()  # the same seeded choice in every kernel
    assert ann.play_bot(turns[0], turns[0].choose())
    assert ben.play_bot(turns[1], turns[1].choose())  # its step was taken: Ben's replica reloaded instead
    assert [row.step for row in store.table_log(table_id)] == list(range(ann.step))
    assert ben.match.record().to_dict() == ann.match.record().to_dict()
    with pytest.raises(StepTaken):
        store.append_action(table_id, ann.step - 1, turns[0].observation.seat, turns[0].choose().to_json(),
                            by_bot=True)


def _both_to_declare(ann: TableReplica, ben: TableReplica) -> bool:
    """Both kernels caught up, at the declaration, with neither student declared yet."""
    ann.poll()
    ben.poll()
    return ann.match.phase is Phase.DECLARE and {0, 1} <= set(ann.match.to_move)


def test_at_the_declaration_a_student_who_lost_the_step_to_another_declaration_is_appended_next(store: Store) -> None:
    table_id = _stud_table(store, "screw", 3)
    kernels = student_replicas(store, table_id)
    ann, ben = kernels[0], kernels[1]
    while not _both_to_declare(ann, ben):
        assert not ann.match.over, "both students stayed in, so the hand reaches the declaration"
        if not ann.play_bots():  # one move at a time, so that neither student declares before the check
            seat = next(s for s in ann.match.to_move if s in kernels)
            kernels[seat].poll()
            kernels[seat].play(_stays_in(kernels[seat], seat))
    step = ann.step
    ben.play(Action.declare(1, "high"))
    ann.play(Action.declare(0, "low"))  # chosen without seeing Ben's (hidden) declaration: appended at the next step
    assert [(row.step, row.seat) for row in store.table_log(table_id, step)] == [(step, 1), (step + 1, 0)]
    ben.poll()
    assert ben.match.record().to_dict() == ann.match.record().to_dict()


def test_kernels_racing_in_threads_land_each_stud_step_once(store: Store) -> None:
    table_id = _stud_table(store, "push_stud", 5, substitution=True)
    for seat in (0, 1):
        store.seat_bot(table_id, seat, "random")  # the teacher gives both seats to bots: the kernels race
    kernels = student_replicas(store, table_id)
    failures: list[BaseException] = []

    def run(replica: TableReplica) -> None:
        try:
            while not replica.match.over:
                replica.poll()
                replica.play_bots()
        except BaseException as exc:  # pragma: no cover - said by the assertion below
            failures.append(exc)

    threads = [threading.Thread(target=run, args=(replica,)) for replica in kernels.values()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not failures and all(replica.match.over for replica in kernels.values())
    log = store.table_log(table_id)
    assert [row.step for row in log] == list(range(len(log))) and all(row.by_bot for row in log)
    assert kernels[0].match.record().to_dict() == kernels[1].match.record().to_dict()


def test_the_service_opens_a_stud_table_with_its_options_and_refuses_others_in_words(store: Store) -> None:
    code = store.create_class("Stud lesson").code
    store.join(code, "Ann")
    service = ClassService(store, b"key")
    ann = Member(code, "Stud lesson", "Ann")
    opened = service.table_request(ann, "new", {"game": "push_stud", "players": 4,
                                                "options": {"roll_your_own": True}})["table"]
    assert (opened["game"], opened["bot_level"], opened["rules"]["roll_your_own"], len(opened["seats"])) == (
        "push_stud", "threshold", True, 4)
    assert opened["seats"][0]["student"] == "Ann"
    with pytest.raises(ClassroomError, match="Screw Your Neighbor has no options to choose"):
        service.table_request(ann, "new", {"game": "screw", "options": {"substitution": True}})
    with pytest.raises(ClassroomError, match="choose Push stud's bots among random, threshold, not 'greedy'"):
        service.table_request(ann, "new", {"game": "push_stud", "level": "greedy"})
    with pytest.raises(ClassroomError, match=r"a class table plays .* not 'three_card_poker'"):
        service.table_request(ann, "new", {"game": "three_card_poker"})
    assert [t.id for t in store.tables(code)] == [opened["id"]]


def test_the_teacher_watches_a_stud_table_one_seat_or_every_card_and_gives_a_seat_to_a_bot(store: Store) -> None:
    from push_learn.classroom.teacher_tables import render_table_watch, render_tables, table_action

    table_id = _stud_table(store, "push_stud", 4, substitution=True)
    kernels = student_replicas(store, table_id)
    for _ in range(12):
        _step_all(kernels)
    game = kernels[0].match
    service = ClassService(store, b"key")
    code = store.table(table_id).class_code
    listing = render_tables(service, code)
    assert "Push stud" in listing and "Seat 1: Ann" in listing and "Seat 3: random bot" in listing
    every = render_table_watch(service, table_id, "all")
    assert all(str(card) in every for seat in range(4) for card in game.cards(seat))
    assert "Push stud: every hand" in every and "<td>Seat 3: random bot</td>" in every
    bens = render_table_watch(service, table_id, "1")
    assert "Seat 2&#x27;s view" in bens and "<td>Seat 2: Ben</td>" in bens
    assert all(str(card) in bens for card in game.cards(1))
    anns_down = [card for card in game.cards(0) if card not in game.observe(None).seats[0].up]
    assert anns_down and not any(str(card) in bens for card in anns_down)
    assert str(store.table(table_id).seed) not in every + listing
    said = table_action(service, code, "bot", {"table": str(table_id), "seat": "seat 1", "level": "threshold"}.get)
    assert said == f"Seat 1 (Ann's) of table {table_id} is played by threshold bots now."
    with pytest.raises(ClassroomError, match="one of Push stud's bot levels \\(random, threshold\\)"):
        table_action(service, code, "bot", {"table": str(table_id), "seat": "2", "level": "greedy"}.get)
    assert [s.bot for s in store.table(table_id).seats] == ["threshold", None, "random", "random"]
    said = table_action(service, code, "bot", {"table": str(table_id), "seat": "3", "level": ""}.get)
    assert said == f"Seat 3 of table {table_id} is played by threshold bots now."  # usual bots, seat by number
    assert [s.bot for s in store.table(table_id).seats] == ["threshold", None, "threshold", "random"]


def test_a_finished_stud_table_is_linked_to_the_poker_replayer_with_its_record(store: Store) -> None:
    from push_learn.classroom.teacher_tables import render_tables

    table_id = _stud_table(store, "screw", 3)
    kernels = student_replicas(store, table_id)
    service = ClassService(store, b"key")
    code = store.table(table_id).class_code
    assert "poker_replayer.ipynb?table=" not in render_tables(service, code)  # not while it is played
    while not kernels[0].match.over:
        _step_all(kernels)
    assert f"/voila/render/poker_replayer.ipynb?table={table_id}" in render_tables(service, code)
    replayed = load_record(service.table_record(table_id))
    assert replayed.over and replayed.record().to_dict() == kernels[0].match.record().to_dict()
