"""Play Push on a class's deal, without a browser: the shuffle never reaches the page, the class's rules hold,
hints are counted, and the finished match's sealed record is what the kernel posts."""

from __future__ import annotations

from typing import Any

import pytest
from class_server import FakeServer, class_deal

from push_learn.apps.play_push import ClassPlayTable, PlayPush
from push_learn.classroom import client
from push_learn.classroom.table_games import chosen_rules
from push_learn.records import SEAL_KEY_ENV, Record
from push_learn.rummy import PUSH
from push_learn.rummy.engine import Match
from push_learn.widgets.play_table import make_bot

SEED = 987654321987654321
PLAYERS = ("Ann", "Bot 1", "Bot 2", "Bot 3")


def _table(**options: Any) -> ClassPlayTable:
    seat = Match.new(PUSH, SEED, PLAYERS).names.index("Ann")
    return ClassPlayTable(SEED, assignment=7, rules=PUSH, seat=seat, names=PLAYERS,
                          speed="fastest", **options)


def test_the_page_never_gets_the_shuffle_and_the_class_rules_hold() -> None:
    table = _table()
    assert str(SEED) not in str(table.state)
    for method in (table._takeback, table._new, table._load, table._save, table._level):
        with pytest.raises(Exception, match=r"class|teacher"):
            method({})
    assert table.match.names[table.seat] == "Ann"


def test_a_finished_match_posts_its_sealed_record_with_the_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SEAL_KEY_ENV, "server key")
    monkeypatch.setenv("PUSH_LEARN_CLASS_SERVICE", "http://127.0.0.1:9/")
    posted: list[tuple[str, dict[str, Any]]] = []

    def fake_send(action: str, payload: dict[str, Any]) -> dict[str, Any]:
        posted.append((action, payload))
        if action == "progress":
            return {"moves": len(Record.from_json(payload["record"]).actions)}
        return {"text": "12 points left"}

    monkeypatch.setattr(client, "send", fake_send)
    seat = Match.new(PUSH, SEED, PLAYERS).names.index("Ann")
    table = _table(bots={seat: make_bot("greedy")})  # outside an event loop the bots play at once, up to Ann
    assert not table.match.over and table.match.turn == seat
    kept = [payload for action, payload in posted if action == "progress"]  # Ann is to move: the match so far
    assert len(kept) == 1 and table.kept == len(table.match.actions) > 0
    assert Record.from_json(kept[0]["record"]).check_seal(b"server key").actions == table.match.record().actions
    posted.clear()
    table.hints_used = 2
    table.autoplay = True  # now the greedy bot plays Ann's seat too, to the end
    while not table.match.over:
        table._bot_step()
    assert {action for action, _ in posted[:-1]} == {"progress"}  # kept each time Ann was to move
    action, payload = posted[-1]
    assert action == "result" and payload["assignment"] == 7
    record = Record.from_json(payload["record"]).check_seal(b"server key")
    assert record.notes == {"hints": 2} and record.seed == SEED and "Ann" in (record.players or ())
    assert "class's leaderboard" in str(table.state["notice"])
    count = len(posted)
    table.refresh()
    assert len(posted) == count  # posted once


def test_without_a_class_server_an_assignment_address_plays_a_free_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PUSH_LEARN_CLASS_SERVICE", raising=False)
    app = PlayPush.from_query("assignment=3&seed=5")
    assert not isinstance(app.main, ClassPlayTable)
    assert any("not opened from a class server" in note for note in app.notes)


def test_the_deal_replayer_opens_a_students_game_for_the_teacher(monkeypatch: pytest.MonkeyPatch) -> None:
    from push_learn.apps.deal_replayer import DealReplayer

    match = Match.new(PUSH, SEED, PLAYERS)
    asked: list[dict[str, Any]] = []

    def fake_send(action: str, payload: dict[str, Any]) -> dict[str, Any]:
        asked.append({"action": action, **payload})
        return {"record": match.record().sealed(b"k").to_json(), "about": "Ann's game of Push, deal 1234"}

    monkeypatch.setattr(client, "send", fake_send)
    app = DealReplayer.from_query("result=12")
    assert asked == [{"action": "record", "result": 12}] and app.notes == []
    assert "Ann" in app.main.state["title"]
    assert app.subtitle == "Ann's game of Push, deal 1234"  # what the server says the game is, not "deal number 1"

    def refuse(action: str, payload: dict[str, Any]) -> dict[str, Any]:
        raise client.ServiceError("only the teacher's pages may open a student's game")

    monkeypatch.setattr(client, "send", refuse)
    app = DealReplayer.from_query("result=12")
    assert any("only the teacher's pages" in note for note in app.notes)
    assert app.subtitle == "Push · deal number 1"  # the usual replay, said as usual


def test_the_replayers_open_a_finished_class_table_for_the_teacher(monkeypatch: pytest.MonkeyPatch) -> None:
    from push_learn.apps.deal_replayer import DealReplayer
    from push_learn.apps.poker_replay import PokerReplay, play_demo
    from push_learn.widgets import PokerReplayer

    rummy = Match.new(PUSH, SEED, PLAYERS).record()
    stud = play_demo("screw", 5, 3, "random")
    asked: list[dict[str, Any]] = []
    answer = {"record": rummy}

    def fake_send(action: str, payload: dict[str, Any]) -> dict[str, Any]:
        asked.append({"action": action, **payload})
        return {"record": answer["record"].to_json(), "about": f"{answer['record'].game} · class table"}

    monkeypatch.setattr(client, "send", fake_send)
    app = DealReplayer.from_query("table=7")
    assert asked == [{"action": "record", "table": 7}] and app.notes == []
    assert "Ann" in app.main.state["title"] and app.subtitle == "push · class table"
    answer["record"] = stud
    poker = PokerReplay.from_query("table=8")
    assert isinstance(poker.main, PokerReplayer) and poker.notes == []
    assert poker.subtitle == "screw · class table"
    # a table of the other family is not forced into the wrong replayer: the page says so and shows its demo
    app = DealReplayer.from_query("table=8")
    assert any("does not replay" in note for note in app.notes)
    answer["record"] = rummy
    poker = PokerReplay.from_query("table=7")
    assert any("does not replay" in note for note in poker.notes) and poker.table is None


def test_a_class_trainer_posts_each_settled_round_of_its_session(monkeypatch: pytest.MonkeyPatch) -> None:
    from push_learn.apps.three_card_trainer import ClassThreeCardTrainer
    from push_learn.classroom.scoring import session_score

    monkeypatch.setenv(SEAL_KEY_ENV, "server key")
    posted: list[tuple[str, dict[str, Any]]] = []

    def fake_send(action: str, payload: dict[str, Any]) -> dict[str, Any]:
        posted.append((action, payload))
        return {"session": 1, "text": "kept", "finished": False}

    monkeypatch.setattr(client, "send", fake_send)
    trainer = ClassThreeCardTrainer(seed=4, player="Ann", rounds=3)
    for round_ in range(2):
        trainer._deal({})
        assert len(posted) == round_  # nothing is posted before the round is settled
        trainer._hint({})
        trainer._play({})
    assert [action for action, _ in posted] == ["session", "session"]
    tokens = {payload["token"] for _, payload in posted}
    record = Record.from_json(posted[-1][1]["record"]).check_seal(b"server key")
    assert len(tokens) == 1 and record.players == ("Ann",) and record.notes == {"hints": 2}
    assert session_score(record, "Ann").rounds == 2
    trainer._new({})  # a new session is posted under a name of its own
    trainer._deal({})
    trainer._fold({})
    assert posted[-1][1]["token"] not in tokens


def test_a_class_deal_set_for_another_table_size_is_dealt_for_that_many(server: FakeServer) -> None:
    """The teacher set Cap-It for three players (D-CLS-07): the match seats three, with the very rules the store
    keeps (a record of other rules would be refused)."""
    rules = chosen_rules("cap_it", 3)
    server.deal = class_deal("cap_it", rules=rules, text="Cap-It for 3 players, deal 77, against greedy bots",
                             bot_level="greedy")
    app = PlayPush.from_query("assignment=7")
    table = app.main
    assert isinstance(table, ClassPlayTable) and app.notes == []
    assert sorted(table.match.names) == ["Ann", "Bot 1", "Bot 2"]
    assert dict(table.match.record().rules) == rules
    assert app.subtitle == "Cap-It for 3 players · the class's deal 77"
    assert table.state["title"] == "Today's deal: Cap-It for 3 players, deal 77, against greedy bots"
