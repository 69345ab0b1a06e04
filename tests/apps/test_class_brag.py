"""A brag match as the class's assignment (D-CLS-08), without a browser: the student plays the first seat ("You" on
the page, their own name in the records, D-CLS-09) for the class's number of deals, the shuffle never reaches the
page, a reload continues the moves kept, and the sealed record the kernel posts at the end is one the class store
accepts and scores in chips."""

from __future__ import annotations

from pathlib import Path

import pytest
from class_server import KEY, FakeServer, class_deal

from push_learn.apps.brag import Brag, ClassBragTable
from push_learn.classroom import ResultRefused, Store
from push_learn.classroom.service import describe
from push_learn.classroom.table_games import chosen_rules
from push_learn.records import Record
from push_learn.widgets.base import IntentError


def _brag_deal(players: int = 3, **changes: object) -> dict[str, object]:
    rules = chosen_rules("brag", players)
    return class_deal("brag", **{"rules": rules, "bot_level": "sensible", "dashboards": ["brag"],
                                 "text": f"Three-card brag for {players} players, deal 77, against sensible bots",
                                 **changes})


def test_the_student_plays_the_first_seat_of_the_class_match_for_its_deals(server: FakeServer) -> None:
    server.deal = _brag_deal()
    app = Brag.from_query("assignment=7")
    table = app.main
    assert isinstance(table, ClassBragTable) and app.notes == []
    assert table.seat == 0 and table.game.players == ("You", "Bot 1", "Bot 2") and table.student == "Ann"
    assert table.state["seats"][0]["label"].startswith("You: ")  # the page says "You"; what is sent names Ann
    assert table.game.hands_to_play == 5 and dict(table.game.record().rules) == {
        key: value for key, value in server.deal["rules"].items() if key != "hands"}  # type: ignore[attr-defined]
    assert str(table.game.seed) not in str(table.state) and "hands" not in table.game.record().rules
    assert app.subtitle == "Three-card brag for 3 players · the class's deal 77"
    assert table.state["title"] == "Today's deal: Three-card brag for 3 players, deal 77, against sensible bots"
    for method in (table._new, table._save, table._level):
        with pytest.raises(Exception, match=r"class|teacher"):
            method({})


def test_a_reload_continues_the_moves_kept(server: FakeServer) -> None:
    server.deal = _brag_deal()
    first = Brag.from_query("assignment=7").main
    assert isinstance(first, ClassBragTable) and first.game.actions  # the bots before Ann moved; kept when she is to
    kept = Record.from_json([p for a, p in server.sent if a == "progress"][-1]["record"])
    server.deal = _brag_deal(progress=[dict(action) for action in kept.actions])
    again = Brag.from_query("assignment=7").main
    assert isinstance(again, ClassBragTable)
    assert again.game.record().actions == first.game.record().actions and again.kept == len(kept.actions)


def test_a_deal_of_another_game_plays_a_free_game(server: FakeServer) -> None:
    app = Brag.from_query("assignment=7")  # the server's deal is a Push stud deal
    assert not isinstance(app.main, ClassBragTable)
    assert app.notes == ["The class's deal is a game of Push stud, not of Three-card brag: open it from the landing "
                         "page. This is a free game."]


@pytest.mark.parametrize("players", [2, 4])
def test_the_finished_match_posts_a_sealed_record_the_store_accepts_and_scores_in_chips(
        server: FakeServer, tmp_path: Path, players: int) -> None:
    with Store(str(tmp_path / "class.db"), seal_key=KEY) as store:
        code = store.create_class("Card club").code
        store.join(code, "Ann")
        assignment = store.assign(code, "brag", "brag", chosen_rules("brag", players), deal_number=77,
                                  bot_level="sensible")
        server.deal = _brag_deal(players, id=assignment.id, seed=assignment.seed, text=describe(assignment))
        table = Brag.from_query(f"assignment={assignment.id}").main
        assert isinstance(table, ClassBragTable) and table.student_to_move()
        table.hints_used = 2
        table.autoplay = True  # now a sensible bot plays Ann's seat too, over every deal, without pausing
        table._bots[0] = table._bots[1]
        while not table.game.over:
            table._bot_step()
        action, payload = server.sent[-1]
        assert action == "result" and payload["assignment"] == assignment.id
        record = Record.from_json(payload["record"]).check_seal(KEY)
        assert record.notes == {"hints": 2} and record.players is not None and record.players[0] == "Ann"
        assert dict(record.setup)["hands"] == 5
        accepted = store.submit_result(assignment.id, "Ann", payload["record"])
        game = table.game
        assert accepted.score.unit == "chips" and accepted.score.hints == 2
        assert accepted.score.points == game.rules.starting_stack - game.stacks[0]
        assert accepted.score.deals_won == sum(any(a.seat == 0 for a in r.awards) for r in game.results)
        assert accepted.score.moves == sum(1 for a in record.actions if a["seat"] == 0) > 0
        # the same record for a match of another number of deals is refused: the deals are part of its rules
        other = store.assign(code, "brag", "brag", {**chosen_rules("brag", players), "hands": 3}, deal_number=78,
                             bot_level="sensible")
        with pytest.raises(ResultRefused, match="was played with other rules than deal 78 of brag"):
            store.submit_result(other.id, "Ann", payload["record"])


def test_a_class_match_the_game_cannot_play_is_said_and_a_free_game_is_played(server: FakeServer) -> None:
    server.deal = _brag_deal(rules={**chosen_rules("brag", 3), "players": 9})
    app = Brag.from_query("assignment=7")
    assert not isinstance(app.main, ClassBragTable)
    assert app.notes == ["The class's deal could not be opened (Three-card brag is for 2 to 8 players, not 9); this "
                         "is a free game."]
    server.deal = _brag_deal(rules={**chosen_rules("brag", 3), "hands": 0})
    app = Brag.from_query("assignment=7")
    assert not isinstance(app.main, ClassBragTable)
    assert app.notes == ["The class's match could not be opened (it needs a number of deals, not 0); this is a free "
                         "game."]


def test_a_hint_counts_when_the_coach_answers_and_not_when_it_is_refused(server: FakeServer) -> None:
    server.deal = _brag_deal()
    table = Brag.from_query("assignment=7").main
    assert isinstance(table, ClassBragTable) and table.student_to_move()
    table._hint_intent({})
    assert table.hints_used == 1 and table._hint is not None
    table.autoplay = True
    table._bots[0] = table._bots[1]
    while not table.game.over:
        table._bot_step()
    with pytest.raises(IntentError, match="the coach answers when it is your turn"):
        table._hint_intent({})
    assert table.hints_used == 1
