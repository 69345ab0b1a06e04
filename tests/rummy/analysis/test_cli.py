"""The ``tournament`` and ``hint`` subcommands of ``push-learn``."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from push_learn.cli import build_parser, main
from push_learn.cli_hint import MAX_SAMPLES
from push_learn.rummy import PUSH
from push_learn.rummy.bots import GreedyBot
from push_learn.rummy.engine import Match


def test_subcommands_are_registered() -> None:
    parser = build_parser()
    args = parser.parse_args(["tournament", "--bots", "greedy,random", "--matches", "2"])
    assert args.matches == 2 and args.variant == "push"
    args = parser.parse_args(["hint", "x.json", "--at", "3"])
    assert args.at == 3


def test_tournament_prints_a_summary_table(capsys) -> None:
    assert main(["tournament", "--bots", "greedy,random", "--matches", "2", "--seed", "3", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "Push: 2 matches, seed 3" in out and "win rate" in out and "greedy" in out


def test_tournament_refuses_bad_options(capsys) -> None:
    assert main(["tournament", "--bots", "greedy", "--matches", "2"]) == 2
    assert "two of random, greedy, search" in capsys.readouterr().err
    assert main(["tournament", "--variant", "cap_it", "--players", "9", "--matches", "1"]) == 2
    assert main(["tournament", "--variant", "push", "--players", "3", "--matches", "1"]) == 2
    assert "Push is played by exactly 4 players, not 3" in capsys.readouterr().err
    assert main(["tournament", "--bots", "search,greedy", "--budget", "-1", "--matches", "1"]) == 2
    assert "--budget must be a positive number of seconds" in capsys.readouterr().err
    assert main(["tournament", "--matches", "0"]) == 2


def test_tournament_complaints_go_to_stderr(capsys) -> None:
    assert main(["tournament", "--bots", "greedy", "--matches", "2"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("push-learn tournament: --bots needs two of")


@pytest.mark.parametrize("variant", ["cap_it", "six_to_ten"])
def test_tournament_refuses_zero_players(variant: str, capsys) -> None:
    assert main(["tournament", "--variant", variant, "--players", "0", "--matches", "1", "--no-progress"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("push-learn tournament: ") and "players, not 0" in captured.err


@pytest.mark.parametrize("variant", ["cap_it", "six_to_ten"])
def test_tournament_without_players_keeps_the_default(variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import push_learn.rummy.tournament as tournament

    played: list[int] = []
    real = tournament.run_tournament

    def spy(rules, *args, **kwargs):
        played.append(rules.players)
        return real(rules, *args, **kwargs)

    monkeypatch.setattr(tournament, "run_tournament", spy)
    assert main(["tournament", "--variant", variant, "--bots", "greedy,random", "--matches", "1", "--no-progress"]) == 0
    assert played == [4 if variant == "cap_it" else 2]


@pytest.mark.parametrize("budget", ["nan", "inf", "-inf", "0"])
def test_tournament_budget_must_be_a_finite_positive_number(budget: str, capsys) -> None:
    assert main(["tournament", "--bots", "search,greedy", f"--budget={budget}", "--matches", "1"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    expected = f"push-learn tournament: --budget must be a positive number of seconds, not {float(budget)}\n"
    assert captured.err == expected


def test_tournament_labels_two_bots_with_the_same_name(capsys) -> None:
    assert main(["tournament", "--bots", "random,random", "--matches", "2", "--no-progress"]) == 0
    rows = capsys.readouterr().out.splitlines()[2:]
    assert [row.split("  ")[0] for row in rows] == ["random (A)", "random (B)"]


def test_tournament_keeps_plain_names_when_they_differ(capsys) -> None:
    assert main(["tournament", "--bots", "greedy,random", "--matches", "2", "--no-progress"]) == 0
    rows = capsys.readouterr().out.splitlines()[2:]
    assert [row.split()[0] for row in rows] == ["greedy", "random"]
    assert "(A)" not in "\n".join(rows)


@pytest.mark.parametrize("variant", ["cap_it", "six_to_ten"])
def test_tournament_plays_the_other_games(variant: str, capsys) -> None:
    assert main(["tournament", "--variant", variant, "--bots", "greedy,random", "--matches", "1", "--no-progress"]) == 0
    assert "win rate" in capsys.readouterr().out.lower()


def test_hint_reads_a_record(tmp_path: Path, capsys) -> None:
    match = Match.new(PUSH, seed=3)
    bot, rng = GreedyBot(), random.Random(0)
    for _ in range(9):
        match.apply(bot.choose(match.observe(match.turn), rng))
    path = tmp_path / "match.json"
    path.write_text(match.record().to_json(), encoding="utf-8")
    assert main(["hint", str(path), "--at", "4", "--samples", "5"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("After 4 actions: deal 1,")
    assert "Hand:" in out
    assert main(["hint", str(tmp_path / "missing.json")]) == 2
    capsys.readouterr()
    assert main(["hint", str(path), "--at", "0", "--samples", "0"]) == 2
    assert f"--samples must be between 1 and {MAX_SAMPLES}, not 0" in capsys.readouterr().err
    assert main(["hint", str(path), "--at", "9999"]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("push-learn hint: ") and captured.out == ""


def _record_file(tmp_path: Path, actions: int = 9) -> Path:
    """A Push match record with ``actions`` greedy actions, saved as JSON in ``tmp_path``."""
    match = Match.new(PUSH, seed=3)
    bot, rng = GreedyBot(), random.Random(0)
    for _ in range(actions):
        match.apply(bot.choose(match.observe(match.turn), rng))
    path = tmp_path / "match.json"
    path.write_text(match.record().to_json(), encoding="utf-8")
    return path


def test_hint_caps_samples(tmp_path: Path, capsys) -> None:
    path = _record_file(tmp_path)
    assert main(["hint", str(path), "--at", "4", "--samples", "1000000000"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"push-learn hint: --samples must be between 1 and {MAX_SAMPLES}, not 1000000000")
    assert main(["hint", str(path), "--at", "4", "--samples", str(MAX_SAMPLES + 1)]) == 2
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main(["hint", "--help"])
    assert f"1 to {MAX_SAMPLES}" in " ".join(capsys.readouterr().out.split())


def test_hint_complaints_go_to_stderr(tmp_path: Path, capsys) -> None:
    assert main(["hint", str(tmp_path / "missing.json")]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("push-learn hint: ")


def test_hint_reads_a_record_saved_with_a_byte_order_mark(tmp_path: Path, capsys) -> None:
    path = _record_file(tmp_path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert main(["hint", str(path), "--at", "4", "--samples", "5"]) == 0
    captured = capsys.readouterr()
    assert captured.err == "" and captured.out.startswith("After 4 actions: deal 1,")


def test_cli_modules_import_light() -> None:
    code = (
        "import sys, push_learn.cli_tournament, push_learn.cli_hint; "
        "print(any(m.startswith('push_learn.rummy') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
