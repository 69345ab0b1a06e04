"""A Three Card Poker session as the class's assignment (D-CLS-10), without a browser: the student plays the class's
ten rounds under their own name at the one Ante the class bets, the shuffle never reaches the page, there is no new
session, hints are counted, every move is kept by the server, and the sealed record posted at the end is one the class
store accepts and scores against the exact strategy."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from class_server import KEY, SEED, FakeServer, assert_free_game_instead, class_deal

from push_learn.apps.three_card_trainer import CLASS_ANTE, ClassThreeCardDeal, ThreeCardPokerTrainer
from push_learn.classroom import Score, Store
from push_learn.classroom.service import describe
from push_learn.classroom.table_games import TABLE_SETUP, assignment_rules
from push_learn.errors import RecordError
from push_learn.poker.three_card_analysis import ante_analysis
from push_learn.poker.three_card_poker import ThreeCardPokerRules
from push_learn.records import Record

RULES = assignment_rules("three_card_poker")


def _deal(**changes: Any) -> dict[str, Any]:
    """The class server's answer for a Three Card Poker deal (``ClassService.deal_for``)."""
    return class_deal("three_card_poker", **{
        "rules": RULES, "bot_level": "", "dashboards": ["three_card_trainer"],
        "text": "Three Card Poker, deal 77, 10 rounds against the dealer", **changes})


def _trainer(server: FakeServer, query: str = "assignment=7") -> ClassThreeCardDeal:
    app = ThreeCardPokerTrainer.from_query(query)
    trainer = app.main
    assert isinstance(trainer, ClassThreeCardDeal) and app.notes == []
    return trainer


def test_the_class_session_is_the_students_own_at_the_class_stakes(server: FakeServer) -> None:
    server.deal = _deal()
    app = ThreeCardPokerTrainer.from_query("assignment=7")
    trainer = app.main
    assert isinstance(trainer, ClassThreeCardDeal) and app.notes == []
    assert trainer.game.players == ("Ann",) and trainer.game.rounds == 10 and trainer.game.seed == SEED
    assert dict(trainer.game.record().rules) == {key: value for key, value in RULES.items() if key != "rounds"}
    assert str(SEED) not in str(trainer.state) and trainer.state["seed"] == ""
    assert app.subtitle == "Three Card Poker against the dealer · the class's deal 77"
    assert trainer.state["title"] == "Today's deal: Three Card Poker, deal 77, 10 rounds against the dealer"
    assert trainer.state["ante_options"] == [[CLASS_ANTE, "5 chips"]] and trainer.state["class_deal"] is True
    for intent, words in (({"type": "stake", "bet": "ante", "amount": 25}, "everyone bets an Ante of 5 chips"),
                          ({"type": "new"}, "no new game here: this is the class's deal")):
        trainer.handle_intent(intent)
        assert trainer.notice is not None and words in trainer.notice["text"]
    assert not trainer.game.actions and trainer.stakes == {"ante": CLASS_ANTE, "pair_plus": 0}
    assert server.sent == [("deal", {"assignment": 7})]
    # a whole session's stack covers two Antes every round, so no class session can run short
    assert ThreeCardPokerRules().starting_stack >= TABLE_SETUP["three_card_poker"]["rounds"] * 2 * CLASS_ANTE


def test_a_played_session_is_kept_move_by_move_and_its_sealed_record_scored_by_the_store(
        server: FakeServer, tmp_path: Path) -> None:
    """The student plays every hand (so the hands the exact strategy folds are choices off it), asks one hint, and the
    store's score is the exact analysis's: what playing those hands gives up, in hundredths of a chip."""
    with Store(str(tmp_path / "class.db"), seal_key=KEY) as store:
        code = store.create_class("Casino club").code
        store.join(code, "Ann")
        assignment = store.assign(code, "three_card_poker", "three_card_poker", RULES, deal_number=77, bot_level="")
        server.deal = _deal(id=assignment.id, seed=assignment.seed, text=describe(assignment))
        trainer = _trainer(server, f"assignment={assignment.id}")
        analysis, given_up, played_as_strategy = ante_analysis(trainer.rules), 0.0, 0
        trainer.handle_intent({"type": "hint"})  # before a hand is dealt: refused, not counted
        for round_number in range(1, 11):
            trainer.handle_intent({"type": "deal"})
            assert trainer.notice is None and trainer.game.phase == "deciding" and trainer.game.round == round_number
            cards = trainer.game.cards[0]
            value = analysis.hand(cards).play_ev
            given_up += float(max(value, -1) - value) * CLASS_ANTE
            played_as_strategy += value > -1
            if round_number == 3:
                trainer.handle_intent({"type": "hint"})
            trainer.handle_intent({"type": "play"})
        kept = [payload for action, payload in server.sent if action == "progress"]
        assert len(kept) == 19  # after every move but the last, which ends the session
        assert trainer.kept == 19 and trainer.hints_used == 1
        action, payload = server.sent[-1]
        assert action == "result" and payload["assignment"] == assignment.id
        record = Record.from_json(payload["record"]).check_seal(KEY)
        assert record.notes == {"hints": 1} and record.players == ("Ann",) and record.setup == {"rounds": 10}
        count = len(server.sent)
        trainer.refresh()
        assert len(server.sent) == count  # posted once
        accepted = store.submit_result(assignment.id, "Ann", payload["record"])
        assert accepted.score == Score(round(100 * given_up), played_as_strategy, 20, 1, "strategy")


def test_a_reload_continues_the_moves_kept_and_their_marks(server: FakeServer) -> None:
    server.deal = _deal()
    first = _trainer(server)
    for intent in ("deal", "fold", "deal"):
        first.handle_intent({"type": intent})
    kept = Record.from_json([payload for action, payload in server.sent if action == "progress"][-1]["record"])
    server.deal = _deal(progress=[dict(action) for action in kept.actions])
    again = _trainer(server)
    assert again.game.record().actions == first.game.record().actions and again.kept == 3
    assert again.decisions == first.decisions and again.game.phase == "deciding"


def test_autoplay_plays_the_exact_strategy_and_posts_the_result(server: FakeServer,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PUSH_LEARN_CLASS_AUTOPLAY", "1")
    server.deal = _deal()
    trainer = _trainer(server, "assignment=7&autoplay=1")
    assert trainer.game.over and trainer.tally.agreed == len(trainer.decisions) == 10
    assert [action for action, _ in server.sent] == ["deal", "result"]


def test_a_longer_session_the_teacher_chose_never_runs_short_before_its_last_round(
        server: FakeServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """D-CLS-12: a session of 50 rounds (the longest) starts with two Antes a round; even losing every round, the
    exact strategy plays them all."""
    monkeypatch.setenv("PUSH_LEARN_CLASS_AUTOPLAY", "1")
    rules = assignment_rules("three_card_poker", length=50)
    assert rules["rounds"] == 50 and rules["starting_stack"] == 50 * 2 * CLASS_ANTE
    server.deal = _deal(rules=rules, text="Three Card Poker, deal 77, 50 rounds against the dealer")
    trainer = _trainer(server, "assignment=7&autoplay=1")
    assert trainer.game.over and trainer.game.rounds == 50 and len(trainer.game.results) == 50
    assert trainer.tally.agreed == len(trainer.decisions) == 50


def test_a_session_without_a_number_of_rounds_is_said_and_a_free_session_is_played(server: FakeServer) -> None:
    for rounds in (0, None, "10"):
        server.deal = _deal(rules={**RULES, "rounds": rounds})
        app = ThreeCardPokerTrainer.from_query("assignment=7")
        assert not isinstance(app.main, ClassThreeCardDeal)
        assert app.notes == [f"The class's session could not be opened (it needs a number of rounds, not {rounds!r}); "
                             "this is a free game."]
    with pytest.raises(RecordError, match="a game has at least one round"):  # built directly, it says so too
        ClassThreeCardDeal(SEED, rules={key: value for key, value in RULES.items() if key != "rounds"}, assignment=7)


def test_a_deal_of_another_game_or_without_a_class_server_plays_a_free_session(
        server: FakeServer, monkeypatch: pytest.MonkeyPatch) -> None:
    assert_free_game_instead(ThreeCardPokerTrainer, ClassThreeCardDeal, "Three Card Poker", server, monkeypatch)
