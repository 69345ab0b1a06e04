"""A stud deal as the class's assignment (D-CLS-06), without a browser: the student plays the first seat ("You" on
the page, their own name in the records, D-CLS-09), the shuffle never reaches the page, the class's rules hold, hints
are counted, and the sealed record the kernel posts at the end is one the class store accepts and scores in chips."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from class_server import KEY, SEED, FakeServer, assert_free_game_instead, class_deal

from push_learn.apps.poker_table import ClassPokerTable, PushStud, ScrewYourNeighbor
from push_learn.classroom import Store, client
from push_learn.classroom.service import describe
from push_learn.classroom.table_games import chosen_rules
from push_learn.records import Record


def test_the_student_plays_the_first_seat_of_the_class_deal_and_the_class_rules_hold(server: FakeServer) -> None:
    app = PushStud.from_query("assignment=7")
    table = app.main
    assert isinstance(table, ClassPokerTable) and app.notes == []
    assert table.seat == 0 and table.game.players == ("You", "Bot 1", "Bot 2", "Bot 3", "Bot 4", "Bot 5")
    assert table.student == "Ann"  # the name the server is sent
    assert table.game.seed == SEED and str(SEED) not in str(table.state)
    assert app.subtitle == "Push stud for 6 players · the class's deal 77"
    assert table.state["title"] == "Today's deal: Push stud, deal 77, against threshold bots"
    for method in (table._takeback, table._new, table._save, table._level):
        with pytest.raises(Exception, match=r"class|teacher"):
            method({})
    assert server.sent[0] == ("deal", {"assignment": 7})


@pytest.mark.parametrize(("players", "options"), [(None, {}), (5, {"roll_your_own": True, "substitution": True})])
def test_the_finished_deal_posts_a_sealed_record_the_store_accepts(
        server: FakeServer, tmp_path: Path, players: int | None, options: dict[str, bool]) -> None:
    """The usual game, and one the teacher set for five players with both options (D-CLS-07)."""
    with Store(str(tmp_path / "class.db"), seal_key=KEY) as store:
        code = store.create_class("Poker club").code
        store.join(code, "Ann")
        rules = chosen_rules("push_stud", players, options)
        assignment = store.assign(code, "push_stud", "push_stud", rules, deal_number=77, bot_level="threshold")
        server.deal.update(id=assignment.id, seed=assignment.seed, rules=rules, text=describe(assignment))
        app = PushStud.from_query(f"assignment={assignment.id}")
        table = app.main
        assert isinstance(table, ClassPokerTable)
        assert len(table.game.players) == rules["players"] and dict(table.game.record().rules) == rules
        if options:
            assert table.state["title"] == ("Today's deal: Roll Your Own push with substitution for 5 players, "
                                            "deal 77, against threshold bots")
            assert app.subtitle == "Roll Your Own push with substitution for 5 players · the class's deal 77"
        assert not table.game.over and table.student_to_move()  # outside an event loop the bots play at once
        log = " ".join(table.state["log"]).lower()
        assert table.game.players[0] == "You" and " you " in f" {log} " and "ann" not in log  # the record names Ann
        kept = [payload for action, payload in server.sent if action == "progress"]
        assert len(kept) == 1 and table.kept == len(table.game.actions)
        table.hints_used = 1
        table.autoplay = True  # now a threshold bot plays Ann's seat too, to the end
        while not table.game.over:
            table._bot_step()
        action, payload = server.sent[-1]
        assert action == "result" and payload["assignment"] == assignment.id
        assert "class's leaderboard: won $3" in str(table.state["notice"])
        count = len(server.sent)
        table.refresh()
        assert len(server.sent) == count  # posted once
        record = Record.from_json(payload["record"]).check_seal(KEY)
        assert record.notes == {"hints": 1} and record.players is not None and record.players[0] == "Ann"
        accepted = store.submit_result(assignment.id, "Ann", payload["record"])
        assert accepted.score.unit == "chips" and accepted.score.hints == 1
        assert accepted.score.points == -table.game.result.net[0]


def test_a_reload_continues_the_moves_kept(server: FakeServer) -> None:
    first = PushStud.from_query("assignment=7").main
    assert isinstance(first, ClassPokerTable)
    kept = Record.from_json([p for a, p in server.sent if a == "progress"][-1]["record"])
    server.deal = class_deal(progress=[dict(action) for action in kept.actions])
    again = PushStud.from_query("assignment=7").main
    assert isinstance(again, ClassPokerTable)
    assert again.game.record().actions == first.game.record().actions and again.kept == len(kept.actions)


def test_a_deal_of_another_game_or_without_a_class_server_plays_a_free_game(
        server: FakeServer, monkeypatch: pytest.MonkeyPatch) -> None:
    assert_free_game_instead(ScrewYourNeighbor, ClassPokerTable, "Screw Your Neighbor", server, monkeypatch)


def test_the_poker_replayer_opens_a_students_stud_deal_for_the_teacher(monkeypatch: pytest.MonkeyPatch) -> None:
    from push_learn.apps.poker_replay import PokerReplay, play_demo

    record = play_demo("push_stud", 5, 6, "threshold")
    asked: list[dict[str, Any]] = []

    def fake_send(action: str, payload: dict[str, Any]) -> dict[str, Any]:
        asked.append({"action": action, **payload})
        return {"record": record.to_json(), "about": "Ann's game of Push stud, deal 77, against threshold bots"}

    monkeypatch.setattr(client, "send", fake_send)
    app = PokerReplay.from_query("result=12")
    assert asked == [{"action": "record", "result": 12}] and app.notes == []
    assert app.subtitle == "Ann's game of Push stud, deal 77, against threshold bots"
    assert app.main.state["title"] == "Push stud at a class's deal: every move"
