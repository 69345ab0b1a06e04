"""Whatever a student types after ``push-learn``, the answer is a sentence and an exit status, never a traceback.

Bad options end with status 2 (argparse's and ours), a failure inside push-learn with status 1 and one
sentence; record files are read only up to the records' size.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from push_learn.cli import main
from push_learn.protocol import counted
from push_learn.records import MAX_RECORD_BYTES
from push_learn.rummy import PUSH
from push_learn.rummy.engine import Match


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        status = main(argv)
    except SystemExit as stop:  # argparse's own refusals
        status = int(stop.code or 0)
    err = capsys.readouterr().err
    return status, err


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    """Files a student might hand ``hint``: good, empty, huge, nested, binary, a folder, a record of no game here."""
    match = Match.new(PUSH, seed=4)
    good = tmp_path / "good.json"
    good.write_text(match.record().to_json())
    made = {
        "good": good,
        "empty": tmp_path / "empty.json",
        "nested": tmp_path / "nested.json",
        "huge": tmp_path / "huge.json",
        "binary": tmp_path / "binary.json",
        "deep_int": tmp_path / "int.json",
        "no_game": tmp_path / "chess.json",
        "folder": tmp_path,
        "missing": tmp_path / "missing.json",
    }
    made["empty"].write_text("")
    made["nested"].write_text("[" * 1000 + "]" * 1000)
    made["huge"].write_text(" " * (MAX_RECORD_BYTES + 10))
    made["binary"].write_bytes(bytes(range(256)))
    made["deep_int"].write_text('{"seed": ' + "9" * 5000 + "}")
    from push_learn.games import new_game

    made["no_game"].write_text(json.dumps({**new_game("screw", seed=1).record().to_dict(), "game": "chess"}))
    edited = json.loads(good.read_text())
    edited["actions"] = [{"type": "lay_off", "seat": 0, "target": 1.0, "card": "7H"}]
    made["edited"] = tmp_path / "edited.json"
    made["edited"].write_text(json.dumps(edited))
    return made


BAD_CALLS = [
    ["hint"], ["hint", "{good}", "--at", "-5"], ["hint", "{good}", "--at", "99999"], ["hint", "{good}", "--at", "x"],
    ["hint", "{good}", "--samples", "0"], ["hint", "{good}", "--samples", "1e9"], ["hint", "{empty}"],
    ["hint", "{nested}"], ["hint", "{huge}"], ["hint", "{binary}"], ["hint", "{deep_int}"], ["hint", "{folder}"],
    ["hint", "{missing}"], ["hint", "{no_game}"], ["hint", "{edited}"],
    ["tournament", "--matches", "-1"], ["tournament", "--matches", "0"], ["tournament", "--matches", "100001"],
    ["tournament", "--bots", "nobody,greedy"],
    ["tournament", "--variant", "poker"], ["tournament", "--players", "99"], ["tournament", "--budget", "nan"],
    ["tournament", "--seed", "²"], ["tournament", "--bots", ""], ["tournament", "--bots", ",,,"],
    ["serve", "--port", "-1"], ["serve", "--port", "99999"], ["serve", "--pool-size", "-3"], ["serve", "--host", ""],
    ["serve", "--root", "{missing}"], ["serve", "--cull-idle", "x"], ["nonsense"], [],
]


@pytest.mark.parametrize("call", BAD_CALLS, ids=lambda call: " ".join(call) or "(nothing)")
def test_a_bad_call_is_answered_in_words(call: list[str], files: dict[str, Path],
                                         capsys: pytest.CaptureFixture[str]) -> None:
    argv = [part.format(**{k: str(v) for k, v in files.items()}) for part in call]
    status, err = _run(argv, capsys)
    assert status == 2, err
    assert "Traceback" not in err and err.strip()
    assert len(err) < 2000  # a bad input is never echoed back whole


def test_a_file_that_cannot_be_read_is_named_in_plain_words(files: dict[str, Path],
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["hint", str(files["missing"])], capsys) == (2, f"push-learn hint: there is no record file "
                                                                f"'{files['missing']}'\n")
    assert _run(["hint", str(files["folder"])], capsys) == (2, f"push-learn hint: '{files['folder']}' is a folder, "
                                                               "not a record file\n")


def test_a_good_record_gets_its_hint(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hint", str(files["good"]), "--samples", "2"]) == 0
    assert "Hand:" in capsys.readouterr().out


POKER_HINTS = {
    # game, players, actions played: what the coach says first to the seat then to move
    ("push_stud", 4, 6): "If every card still to come were dealt now, you would win",
    ("brag", 3, 3): "The sensible player would",
    ("three_card_poker", 1, 0): "Place your bets: the Ante",
    ("three_card_poker", 1, 1): "The exact strategy (play Q-6-4 or better)",
}


@pytest.mark.parametrize(("game", "players", "at"), list(POKER_HINTS))
def test_every_games_record_gets_its_coachs_hint(game: str, players: int, at: int, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """A record saved from any poker-family table gets its own game's coach, for the seat to move after ``--at``
    actions; past its end the record is refused in words, as a rummy record is."""
    from push_learn.apps.poker_replay import play_demo
    from push_learn.games import GAMES

    saved = tmp_path / f"{game}.json"
    record = play_demo(game, 5, players, "random")
    saved.write_text(record.to_json())
    assert main(["hint", str(saved), "--at", str(at)]) == 0
    first, advice, *_ = capsys.readouterr().out.splitlines()
    seat = GAMES[game].load(record.prefix(at)).to_move[0]
    assert first == f"After {counted(at, 'action')}: {GAMES[game].title}, Seat {seat + 1} to move."
    assert advice.startswith(POKER_HINTS[game, players, at])
    assert main(["hint", str(saved)]) == 0
    assert capsys.readouterr().out == f"After {len(record)} actions the game is over.\n"
    past = len(record) + 1
    status, err = _run(["hint", str(saved), "--at", str(past)], capsys)
    assert status == 2 and f"this record has {len(record)} actions, so it cannot be replayed to {past}" in err


def test_a_failure_inside_push_learn_is_one_sentence(monkeypatch: pytest.MonkeyPatch, files: dict[str, Path],
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    import push_learn.rummy.coach

    def broken(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(push_learn.rummy.coach, "hint", broken)
    monkeypatch.delenv("PUSH_LEARN_DEBUG", raising=False)
    status, err = _run(["hint", str(files["good"]), "--samples", "2"], capsys)
    assert status == 1 and "Traceback" not in err and "something went wrong inside push-learn" in err


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.sampled_from(["--at", "--samples", "--seed", "-1", "0", "3", "x", "²", "nan", "1e99", "/", "",
                                 "{}", "hint"]), max_size=6))
def test_any_hint_call_ends_in_a_status_not_a_traceback(tail: list[str]) -> None:
    argv = ["hint", *tail]  # a whole tournament or a server would start on good options: those have their own tests
    import contextlib
    import io

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            status = main(argv)
        except SystemExit as stop:
            status = int(stop.code or 0)
    assert status in (0, 1, 2) and "Traceback" not in err.getvalue()
    assert status != 1, err.getvalue()  # 1 means something inside push-learn failed
