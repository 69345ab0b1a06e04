"""Three Card Poker trainer sessions in the class store, on both backends: replayed, marked, kept, refused in words."""

from __future__ import annotations

import csv
import dataclasses
import io
import json

import pytest
from class_games import SEAL_KEY, trainer_record

from push_learn.classroom import ResultRefused, Store
from push_learn.classroom.scoring import SessionFigures, session_score
from push_learn.poker.three_card_poker import Fold, PlaceBets, Play
from push_learn.widgets import ThreeCardTrainer

TOKEN = "session-token-1"


def _class(store: Store, *names: str) -> str:
    code = store.create_class("Year 10").code
    for name in names:
        store.join(code, name)
    return code


def test_a_session_is_scored_as_the_trainer_marked_it() -> None:
    """The store's replay gives what the widget showed the student: the same choices, net and expectation."""
    trainer = ThreeCardTrainer(seed=9, player="Ann", rounds=8, ante=5)
    for index in range(8):
        trainer.apply(PlaceBets(0, 5, 1 if index % 2 else 0))
        trainer.apply(Play(0) if index % 3 else Fold(0))  # some choices against the strategy
    score = session_score(trainer.game.record(), "Ann")
    running = trainer.running(trainer.observation)
    assert (score.rounds, score.decisions, score.agreed, score.net) == (8, 8, running["agreed"], running["net"])
    assert score.expected == pytest.approx(running["expected"], abs=0.01)
    assert score.cost == pytest.approx(float(trainer.tally.cost), abs=1e-4) and score.cost > 0
    assert score.finished and score.agreed < score.decisions
    twice = SessionFigures.total([score, score])  # sessions add up figure by figure; "finished" is one session's
    assert (twice.rounds, twice.agreed, twice.hints, twice.net) == (16, 2 * score.agreed, 0, 2 * score.net)
    assert twice.cost == pytest.approx(2 * score.cost) and twice.agreement == score.agreement
    nothing = SessionFigures.total([])
    assert nothing == SessionFigures(0, 0, 0, 0, 0, 0.0, 0.0) and nothing.agreement == 0.0


def test_a_session_is_kept_brought_up_to_date_and_shown_to_the_teacher(store: Store) -> None:
    code = _class(store, "Ann", "Bo")
    first = store.submit_session(code, "Ann", TOKEN, trainer_record("Ann", SEAL_KEY, played=2, hints=1))
    assert (first.score.rounds, first.score.finished) == (2, False)
    whole = store.submit_session(code, "Ann", TOKEN, trainer_record("Ann", SEAL_KEY, hints=1))
    assert whole.id == first.id and (whole.score.rounds, whole.score.finished) == (6, True)
    assert whole.score.agreed == whole.score.decisions == 6
    store.submit_session(code, "Bo", "bo-session-01", trainer_record("Bo", SEAL_KEY, choose="fold"))
    board = store.trainer_board(code)
    assert [(row.student, row.sessions, row.score.rounds) for row in board] == [("Ann", 1, 6), ("Bo", 1, 6)]
    assert board[0].score.agreement == 1.0 and board[0].score.hints == 1 and board[1].score.agreement < 1.0
    sheet = list(csv.DictReader(io.StringIO(store.export_csv(code)["trainer.csv"])))
    assert [(row["student"], row["rounds"], row["as_strategy"]) for row in sheet] == [
        ("Ann", "6", "6"), ("Bo", "6", str(board[1].score.agreed))]
    assert "record" not in sheet[0] and str(whole.score.net) == sheet[0]["net"]
    removed = store.delete_class(code)
    assert removed["trainer_sessions"] == 2


def test_forged_edited_or_foreign_sessions_are_refused_in_words(store: Store) -> None:
    code = _class(store, "Ann", "Bo")
    sealed = trainer_record("Ann", SEAL_KEY)
    with pytest.raises(ResultRefused, match=r"not sealed|no seal"):
        store.submit_session(code, "Ann", TOKEN, trainer_record("Ann", None))
    with pytest.raises(ResultRefused, match="trainer session is refused"):
        store.submit_session(code, "Ann", TOKEN, trainer_record("Ann", b"a student's own key"))
    edited = json.loads(sealed.to_json())
    edited["actions"][1] = {"type": "fold" if edited["actions"][1]["type"] == "play" else "play", "seat": 0}
    with pytest.raises(ResultRefused, match="trainer session is refused"):
        store.submit_session(code, "Ann", TOKEN, json.dumps(edited))
    with pytest.raises(ResultRefused, match="Bo did not play in this session"):
        store.submit_session(code, "Bo", TOKEN, sealed)  # Ann's session under Bo's name
    illegal = dataclasses.replace(sealed, actions=(*sealed.actions[:2], {"type": "play", "seat": 0})).sealed(SEAL_KEY)
    with pytest.raises(ResultRefused, match="cannot be replayed: step 3"):
        store.submit_session(code, "Ann", TOKEN, illegal)
    claimed = dataclasses.replace(session_score(sealed, "Ann"), net=999)
    with pytest.raises(ResultRefused, match="but its replay gives"):
        store.submit_session(code, "Ann", TOKEN, sealed, claimed=claimed)
    assert store.trainer_board(code) == []


def test_a_kept_choice_cannot_be_taken_back(store: Store) -> None:
    code = _class(store, "Ann")
    kept = store.submit_session(code, "Ann", TOKEN, trainer_record("Ann", SEAL_KEY, played=3, choose="fold"))
    with pytest.raises(ResultRefused, match="cannot be taken back"):  # the same session replayed otherwise
        store.submit_session(code, "Ann", TOKEN, trainer_record("Ann", SEAL_KEY, choose="strategy"))
    assert store.trainer_board(code)[0].score.rounds == 3
    second = store.submit_session(code, "Ann", "session-token-2", trainer_record("Ann", SEAL_KEY, seed=6, played=2))
    (row,) = store.trainer_board(code)  # the teacher's row adds up both sessions
    assert (row.sessions, row.score.rounds, row.score.decisions, row.score.agreed) == (
        2, 5, 5, kept.score.agreed + second.score.agreed)
    assert row.score.cost == round(kept.score.cost + second.score.cost, 2)


def test_a_session_token_holding_half_an_emoji_names_its_session_like_any_other(store: Store) -> None:
    """The token only names the session (its digest is kept): a lone surrogate in it, which has no UTF-8 form,
    must neither fail the hashing (UnicodeEncodeError) nor let the session be taken back."""
    code = _class(store, "Ann")
    token = "session-\ud800-01"
    store.submit_session(code, "Ann", token, trainer_record("Ann", SEAL_KEY, played=3, choose="fold"))
    with pytest.raises(ResultRefused, match="cannot be taken back"):
        store.submit_session(code, "Ann", token, trainer_record("Ann", SEAL_KEY, choose="strategy"))
    assert store.trainer_board(code)[0].score.rounds == 3
