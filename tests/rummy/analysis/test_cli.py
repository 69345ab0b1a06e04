"""The ``tournament`` and ``hint`` subcommands of ``push-learn``."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from push_learn.cli import build_parser, main
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
    assert "two of random, greedy, search" in capsys.readouterr().out
    assert main(["tournament", "--variant", "cap_it", "--players", "9", "--matches", "1"]) == 2
    assert main(["tournament", "--variant", "push", "--players", "3", "--matches", "1"]) == 2
    assert "Push is played by exactly 4 players, not 3" in capsys.readouterr().out
    assert main(["tournament", "--bots", "search,greedy", "--budget", "-1", "--matches", "1"]) == 2
    assert "--budget must be a positive number of seconds" in capsys.readouterr().out
    assert main(["tournament", "--matches", "0"]) == 2


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
    assert main(["hint", str(path), "--at", "0", "--samples", "0"]) == 2
    assert "--samples must be at least 1" in capsys.readouterr().out
    assert main(["hint", str(path), "--at", "9999"]) == 2
    assert capsys.readouterr().out.startswith("push-learn hint: ")


def test_cli_modules_import_light() -> None:
    code = (
        "import sys, push_learn.cli_tournament, push_learn.cli_hint; "
        "print(any(m.startswith('push_learn.rummy') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
