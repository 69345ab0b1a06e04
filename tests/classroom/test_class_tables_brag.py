"""Class tables of three-card brag on both backends: a five-deal match that two students' kernels and a bot
play to the end, refusals in words, the service's and the lobby's brag tables, and the teacher's views.
"""

from __future__ import annotations

import html
from typing import Any

import pytest
from class_games import SEAL_KEY, TABLE_STUDENTS, plays_once, started_table, step_all, student_replicas

from push_learn.apps.class_tables import TableBragTable, table_page
from push_learn.classroom import Store
from push_learn.classroom.errors import ClassroomError
from push_learn.classroom.service import ClassService, Member
from push_learn.classroom.table_games import replay_table, table_record
from push_learn.classroom.tables import StoreLink, TableReplica, table_rules, table_seat_names
from push_learn.errors import IllegalAction
from push_learn.games import load_record
from push_learn.poker.brag import Bet, BragAction, Fold, KeepHand, Look, See
from push_learn.widgets import PokerReplayer


def test_a_brag_table_is_a_five_deal_match_that_its_record_and_every_replay_carry() -> None:
    rules = table_rules("brag", 3)
    assert (rules["players"], rules["hands"], rules["starting_stack"]) == (3, 5, 100)
    assert table_rules("brag")["players"] == 4
    record = table_record("brag", rules, 9)
    assert dict(record.setup) == {"hands": 5} and "hands" not in record.rules
    game = replay_table("brag", rules, 9, [])
    assert (game.hands_to_play, game.players) == (5, ("Seat 1", "Seat 2", "Seat 3"))
    assert table_seat_names("brag", 3) == game.players
    with pytest.raises(ClassroomError, match="Three-card brag is for 2 to 8 players, not 9"):
        table_rules("brag", 9)
    with pytest.raises(ClassroomError, match="Three-card brag cannot be set up that way: there is no option 'ante"):
        table_rules("brag", 3, antes=2)


def _brag_table(store: Store, players: int = 3, level: str = "sensible", seed: int = 11) -> int:
    return started_table(store, "brag", players, level=level, seed=seed, lesson="Brag lesson")


def _stays_in(replica: TableReplica, seat: int) -> BragAction:
    """A student who looks at once, sees when two are left, bets the least twice a deal at most, then folds.

    (Betting on against a blind bot, who may not be seen, would take all their chips.)"""
    game = replica.match
    legal = game.legal_actions(seat)
    chosen = next((a for kind in (Look, KeepHand, See) for a in legal if isinstance(a, kind)), None)
    if chosen is not None:
        return chosen
    bets = sum(line.startswith(f"{game.players[seat]} bets") for line in game.log)
    least = min((a for a in legal if isinstance(a, Bet)), key=lambda a: a.amount, default=None)
    return least if least is not None and bets < 2 else next((a for a in legal if isinstance(a, Fold)), legal[0])


def _step_all(kernels: dict[int, TableReplica]) -> None:
    """One round of every kernel, its student staying in (``_stays_in``)."""
    step_all(kernels, _stays_in)


def test_two_students_and_a_bot_play_a_whole_brag_table_and_the_teacher_replays_it(store: Store) -> None:
    from push_learn.classroom.teacher_tables import render_tables

    table_id = _brag_table(store)
    kernels = student_replicas(store, table_id)
    service = ClassService(store, SEAL_KEY)
    code = store.table(table_id).class_code
    _step_all(kernels)
    assert "poker_replayer.ipynb" not in render_tables(service, code)  # not while it is played
    for _ in range(500):
        if kernels[0].match.over:
            break
        _step_all(kernels)
    kernels[1].poll()
    game = kernels[0].match
    assert game.over and store.table(table_id).status == "over" and kernels[1].match.over
    assert [result.hand_number for result in game.results] == [1, 2, 3, 4, 5]
    assert any(result.shown for result in game.results), "a student who sees brings a showdown"
    record = game.record()
    assert record.to_dict() == kernels[1].match.record().to_dict()
    assert dict(record.setup)["hands"] == 5 and {**record.rules, "hands": 5} == table_rules("brag", 3)
    assert [dict(a) for a in record.actions] == [row.action for row in store.table_log(table_id)]
    assert TableReplica(StoreLink(store, None), table_id).match.record().to_dict() == record.to_dict()
    log = store.table_log(table_id)
    assert {row.seat for row in log if not row.by_bot} == {0, 1} and {row.seat for row in log if row.by_bot} == {2}
    listing = render_tables(service, code)
    assert f"/voila/render/poker_replayer.ipynb?table={table_id}" in listing
    replayed = load_record(service.table_record(table_id))
    assert replayed.record().to_dict() == record.to_dict() and replayed.stacks == game.stacks
    replayer = PokerReplayer(replayed.record())  # what the replay link opens
    assert replayer.state["length"] == len(record.actions) and len(replayer.state["seats"]) == 3


def test_brag_refusals_in_words_leave_the_log_and_the_replicas_unchanged(store: Store) -> None:
    table_id = _brag_table(store)
    kernels = student_replicas(store, table_id)
    while not ({0, 1} & set(kernels[0].match.to_move)):
        _step_all(kernels)
    for replica in kernels.values():
        replica.poll()
    mover = kernels[0].match.to_move[0]
    other = 1 - mover
    replica, idle = kernels[mover], kernels[other]
    move = _stays_in(replica, mover)
    steps = len(store.table_log(table_id))
    before = {seat: k.match.record().to_dict() for seat, k in kernels.items()}
    with pytest.raises(IllegalAction, match=f"you sit in Seat {other + 1}; that move is for Seat {mover + 1}'s seat"):
        idle.play(move)
    with pytest.raises(IllegalAction, match=f"it is Seat {mover + 1}'s turn, not Seat {other + 1}'s"):
        idle.play(Fold(other))
    assert len(store.table_log(table_id)) == steps
    assert {seat: k.match.record().to_dict() for seat, k in kernels.items()} == before
    plays_once(store, table_id, replica, move)


def test_the_service_and_the_lobby_open_a_brag_table_with_sensible_bots(store: Store) -> None:
    code = store.create_class("Brag lesson").code
    service = ClassService(store, SEAL_KEY)
    members = {name: service.join(f"session-{name}", code, name) for name in TABLE_STUDENTS}
    ann: Member = members["Ann"]
    with pytest.raises(ClassroomError, match="Three-card brag has no options to choose"):
        service.table_request(ann, "new", {"game": "brag", "options": {"substitution": True}})
    with pytest.raises(ClassroomError, match="choose Three-card brag's bots among random, sensible, not 'threshold'"):
        service.table_request(ann, "new", {"game": "brag", "level": "threshold"})

    def send(action: str, payload: dict[str, Any]) -> dict[str, Any]:
        return service.table_request(members["Ben"], action, payload)

    page = table_page(send, StoreLink(store, "Ben"))
    form = page.children[0].children[2].children
    game, level = form[0], form[1]
    game.value = "brag"
    assert [value for _, value in level.options] == ["random", "sensible"] and level.value == "sensible"
    assert all(box.layout.display == "none" for box in form[2:4])  # Push stud's options are not brag's
    next(w for w in form if getattr(w, "description", "") == "Open a new table").click()
    (opened,) = store.tables(code)
    assert (opened.game, opened.bot_level, opened.rules["hands"], len(opened.seats)) == ("brag", "sensible", 5, 4)
    page.children[1].click()  # Ben starts: sensible bots in the three other seats
    (seat_page,) = page.children
    assert isinstance(seat_page, TableBragTable) and seat_page.seat == 0
    assert "Seat 2: sensible bot" in seat_page.state["title"] and seat_page.state["deals"] == 5


def test_the_teacher_watches_a_brag_table_one_seat_or_every_card_and_gives_a_seat_to_a_bot(store: Store) -> None:
    from push_learn.classroom.teacher_tables import render_table_watch, render_tables, table_action

    table_id = _brag_table(store, players=4)
    kernels = student_replicas(store, table_id)
    while kernels[0].match.seats[1].blind:  # Ann stays blind (she bets without looking), Ben looks
        assert not kernels[0].match.results, "Ben looks before the first deal ends"
        for seat, replica in kernels.items():
            replica.poll()
            if seat in replica.match.to_move:
                replica.play(_stays_in(replica, 1) if seat else next(
                    a for a in replica.match.legal_actions(0) if isinstance(a, Bet)))
            else:
                replica.play_bots()
    kernels[0].poll()
    game = kernels[0].match
    service = ClassService(store, SEAL_KEY)
    code = store.table(table_id).class_code
    listing = render_tables(service, code)
    assert "Three-card brag" in listing and "Seat 1: Ann" in listing and "Seat 3: sensible bot" in listing
    every = render_table_watch(service, table_id, "all")
    held = {seat: [str(card) for hand in game.seats[seat].hands for card in hand] for seat in range(4)}
    assert all(card in every for cards in held.values() for card in cards)
    assert "<td>Seat 1: Ann</td>" in every and "<td>Seat 3: sensible bot</td>" in every
    bens = render_table_watch(service, table_id, "1")
    assert "Seat 2&#x27;s view" in bens and all(card in bens for card in held[1])  # Ben looked at his
    assert not any(card in bens for seat in (0, 2, 3) for card in held[seat])
    anns = render_table_watch(service, table_id, "0")
    assert not any(card in anns for cards in held.values() for card in cards)  # Ann is still blind
    assert str(store.table(table_id).seed) not in every + listing
    said = table_action(service, code, "bot", {"table": str(table_id), "seat": "Seat 1", "level": "random"}.get)
    assert said == f"Seat 1 (Ann's) of table {table_id} is played by random bots now.", \
        "the teacher names the seat as the table's list does, and is told whose it was"
    with pytest.raises(ClassroomError, match="one of Three-card brag's bot levels \\(random, sensible\\)"):
        table_action(service, code, "bot", {"table": str(table_id), "seat": "2", "level": "threshold"}.get)
    for typed in ("Seat 5", "0", "North", ""):  # brag's seats are Seat 1 to Seat 4 (or 1 to 4)
        with pytest.raises(ClassroomError, match=f"table {table_id}'s seats are Seat 1, Seat 2, Seat 3 and Seat 4"):
            table_action(service, code, "bot", {"table": str(table_id), "seat": typed, "level": "random"}.get)
    assert [s.bot for s in store.table(table_id).seats] == ["random", None, "sensible", "sensible"]


def test_the_watch_page_numbers_its_last_moves_as_lines_of_the_whole_log(store: Store) -> None:
    """The teacher's watch page shows a table's last moves numbered as lines of its whole log (line 9 is
    "9."), not 1 to 12 again, as the students' pages do."""
    from push_learn.classroom.teacher_tables import WATCH_LINES, render_table_watch

    table_id = _brag_table(store)
    kernels = student_replicas(store, table_id)

    def table_log() -> tuple[str, ...]:
        return TableReplica(StoreLink(store, None), table_id).match.observe(None).log

    while len(table_log()) <= WATCH_LINES:
        _step_all(kernels)
    log = table_log()
    page = render_table_watch(ClassService(store, SEAL_KEY), table_id, "all")
    first = len(log) - WATCH_LINES + 1
    assert first > 1 and f'<ol start="{first}"><li>{html.escape(log[-WATCH_LINES])}</li>' in page


def test_the_teachers_pages_draw_the_joker_and_the_suits_with_our_font(store: Store) -> None:
    """The dashboard and a watch page (whose log shows cards: ♠ ♥ ...) carry the landing page's very @font-face
    rule for "Push Learn Symbols" and ask for it first, so a machine without an emoji font draws no boxes."""
    from push_learn.apps.symbol_font import LANDING_CSS, font_face
    from push_learn.classroom.teacher import render_page
    from push_learn.classroom.teacher_tables import render_table_watch

    table_id = _brag_table(store)
    kernels = student_replicas(store, table_id)
    _step_all(kernels)
    service = ClassService(store, SEAL_KEY)
    watch = render_table_watch(service, table_id, "all")
    assert any(suit in watch for suit in "♣♦♥♠"), "the watch page shows cards"
    for page in (watch, render_page(service, None, "")):
        assert font_face() in page and font_face() in LANDING_CSS.read_text(encoding="utf-8")
        assert 'body { font-family: "Push Learn Symbols", system-ui, sans-serif;' in page
