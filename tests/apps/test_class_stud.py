"""A stud deal as the class's assignment (D-CLS-06), without a browser: the student plays the first seat under their
own name, the shuffle never reaches the page, the class's rules hold, hints are counted, and the sealed record the
kernel posts at the end is one the class store accepts and scores in chips."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from push_learn.apps.poker_table import ClassPokerTable, PushStud, ScrewYourNeighbor
from push_learn.classroom import Store, client
from push_learn.games import GAMES
from push_learn.records import SEAL_KEY_ENV, Record

SEED = 424242424242
KEY = b"server key"


def _deal(game: str = "push_stud", **changes: Any) -> dict[str, Any]:
    """What the class server answers a dashboard kernel asking for the class's deal (``ClassService.deal_for``)."""
    return {"id": 7, "game": game, "variant": game, "deal_number": 77, "bot_level": "threshold",
            "dashboards": ["push_stud"], "seed": SEED, "rules": dict(GAMES[game].new(seed=0).record().rules),
            "student": "Ann", "text": f"{GAMES[game].title}, deal 77, against threshold bots", "opens": 1,
            "progress": None, **changes}


@dataclass
class FakeServer:
    """The class server as a dashboard kernel meets it: it answers the deal (``deal``), keeps moves (``progress``)
    and takes results; ``sent`` is what the kernel sent it, in order."""

    deal: dict[str, Any] = field(default_factory=_deal)
    sent: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def send(self, action: str, payload: dict[str, Any]) -> dict[str, Any]:
        """Answer one request of the kernel."""
        self.sent.append((action, payload))
        if action == "deal":
            return self.deal
        if action == "progress":
            return {"moves": len(Record.from_json(payload["record"]).actions)}
        return {"text": "won $3 (took a share of a pot), 4 moves, 1 hints"}


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> FakeServer:
    """A class server for the dashboard kernel of these tests (its address and sealing key in the environment)."""
    monkeypatch.setenv(SEAL_KEY_ENV, KEY.decode())
    monkeypatch.setenv("PUSH_LEARN_CLASS_SERVICE", "http://127.0.0.1:9/")
    fake = FakeServer()
    monkeypatch.setattr(client, "send", fake.send)
    return fake


def test_the_student_plays_the_first_seat_of_the_class_deal_and_the_class_rules_hold(server: FakeServer) -> None:
    app = PushStud.from_query("assignment=7")
    table = app.main
    assert isinstance(table, ClassPokerTable) and app.notes == []
    assert table.seat == 0 and table.game.players == ("Ann", "Bot 1", "Bot 2", "Bot 3", "Bot 4", "Bot 5")
    assert table.game.seed == SEED and str(SEED) not in str(table.state)
    assert app.subtitle == "Push stud for 6 players · the class's deal 77"
    assert table.state["title"] == "Today's deal: Push stud, deal 77, against threshold bots"
    for method in (table._takeback, table._new, table._save, table._level):
        with pytest.raises(Exception, match=r"class|teacher"):
            method({})
    assert server.sent[0] == ("deal", {"assignment": 7})


def test_the_finished_deal_posts_a_sealed_record_the_store_accepts(server: FakeServer, tmp_path: Path) -> None:
    with Store(str(tmp_path / "class.db"), seal_key=KEY) as store:
        code = store.create_class("Poker club").code
        store.join(code, "Ann")
        assignment = store.assign(code, "push_stud", "push_stud", server.deal["rules"], deal_number=77,
                                  bot_level="threshold")
        server.deal.update(id=assignment.id, seed=assignment.seed)  # the store's secret shuffle, as the server says
        table = PushStud.from_query(f"assignment={assignment.id}").main
        assert isinstance(table, ClassPokerTable)
        assert not table.game.over and table.student_to_move()  # outside an event loop the bots play at once
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
    server.deal = _deal(progress=[dict(action) for action in kept.actions])
    again = PushStud.from_query("assignment=7").main
    assert isinstance(again, ClassPokerTable)
    assert again.game.record().actions == first.game.record().actions and again.kept == len(kept.actions)


def test_a_deal_of_another_game_or_without_a_class_server_plays_a_free_game(
        server: FakeServer, monkeypatch: pytest.MonkeyPatch) -> None:
    server.deal = _deal("push")
    app = ScrewYourNeighbor.from_query("assignment=7")
    assert not isinstance(app.main, ClassPokerTable)
    assert app.notes == ["The class's deal is a game of Push, not of Screw Your Neighbor: open it from the landing "
                         "page. This is a free game."]
    monkeypatch.delenv("PUSH_LEARN_CLASS_SERVICE")
    app = PushStud.from_query("assignment=7")
    assert not isinstance(app.main, ClassPokerTable)
    assert any("not opened from a class server" in note for note in app.notes)


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
