"""Stud and brag lines about a seat named "You" read "You keep", "You pay", "Deal 2: you deal" (poker.wording)."""

from __future__ import annotations

import random
import re

import pytest

from push_learn.errors import IllegalAction
from push_learn.games import GAMES
from push_learn.poker.actions import Action
from push_learn.poker.analysis import RandomBot
from push_learn.poker.brag import BragGame, BragRules
from push_learn.poker.brag_bots import RandomBragBot, SensibleBragBot
from push_learn.poker.push_stud import PushStudGame, push_stud_rules
from push_learn.poker.screw import ScrewGame, screw_rules
from push_learn.poker.stud import StudGame
from push_learn.poker.wording import BOT_NAMES, YOU, table_names
from push_learn.widgets.poker_table import GAMES as POKER_TABLE_GAMES

AGREEING_WRONG = re.compile(r"\bYou (is|has|was|does|[a-z]*[^s]s)\b")
"""A verb for "he" or "she" after "You" ("You keeps", "You is"); "You pass" is fine."""
CAPITAL_INSIDE = re.compile(r"[;:,] You\b|\b(and|to|so) You\b")
"""The seat named "You" written with a capital inside a sentence ("it is dead; You get 8♥")."""


def deals() -> list[StudGame]:
    names = (YOU, "Ann", "Bob", "Cat")
    games: list[StudGame] = []
    for seed in range(3):
        games.append(PushStudGame(push_stud_rules(players=4, substitution=True, starting_stack=40), players=names,
                                  stacks=[12, 40, 40, 40], seed=seed))
        games.append(PushStudGame(push_stud_rules(players=4, roll_your_own=True), players=names, seed=seed))
        games.append(ScrewGame(screw_rules(players=4), players=names, stacks=[9, 40, 40, 40], seed=seed))
    return games


@pytest.mark.parametrize("game", deals(), ids=lambda g: f"{g.game_name}-{g.seed}-{g.rules.name}")
def test_no_line_of_a_deal_puts_you_before_a_verb_for_he_or_she(game: StudGame) -> None:
    rng, bot, prompts = random.Random(str(game.seed)), RandomBot(), []
    while not game.over:
        seat = game.to_move[0]
        prompts.append(game.observe(seat).prompt)
        game.apply(bot.choose(game.observe(seat), rng))
    lines = [*game.observe(0).log, *game.observe(None).log, *prompts]
    assert any(line.startswith("You ") for line in lines)
    assert [line for line in lines if AGREEING_WRONG.search(line)] == []
    assert [line for line in lines if CAPITAL_INSIDE.search(line)] == []


def test_the_push_round_and_a_move_described_read_you_push_you_keep() -> None:
    game = ScrewGame(screw_rules(players=3), players=(YOU, "Ann", "Bob"), seed=3, dealer=2)
    assert game.to_move == (0,) and game.observe(0).log[-1].startswith("You are dealt ")
    game.apply(Action.push(0))
    assert re.fullmatch(r"You pay \$1 and push \S+ to Ann", game.observe(0).log[-1])
    game.apply(Action.keep(1))
    assert game.observe(0).log[-2].startswith("Ann keeps ")  # then Bob is dealt a card
    assert Action.keep(0).describe(game.players) == "You keep the card"
    assert Action.of(0, "fold").describe(game.players) == "You fold"


def test_a_dead_card_pushed_by_the_last_seat_reads_you_get_in_lower_case() -> None:
    game = PushStudGame(push_stud_rules(players=4), players=("Ann", "Bob", "Cat", YOU), seed=3, dealer=3)
    while game.to_move != (3,):
        game.apply(Action.keep(game.to_move[0]))
    game.apply(Action.push(3))
    assert re.fullmatch(r"You push \S+ for \$10: it is dead, discarded face down; you get \S+", game.observe(3).log[-1])


def test_a_refusal_to_the_seat_named_you_is_worded_for_you() -> None:
    game = PushStudGame(push_stud_rules(players=4), players=("Ann", YOU, "Bob", "Cat"), stacks=[200, 5, 200, 200],
                        seed=3)
    assert game.observe(1).prompt.endswith("(a push costs $10 and you have only $4)")  # "you", mid-sentence
    with pytest.raises(IllegalAction, match=r"a push costs \$10 and you have only \$4, so the card must be kept"):
        game.apply(Action.push(1))


@pytest.mark.parametrize("game", deals(), ids=lambda g: f"{g.game_name}-{g.seed}-{g.rules.name}")
def test_a_seat_reads_its_own_choice_addressed_to_it_and_the_others_read_it_after_its_name(game: StudGame) -> None:
    """The mover's prompt speaks to them ("keep 8♦ or push it", "you have only $4"); onlookers read the same
    choice after the mover's name, about the mover ("Ann: keep 8♦ ... Ann has only $4")."""
    rng, bot, seen = random.Random(str(game.seed)), RandomBot(), set()
    while not game.over:
        seat = game.to_move[0]
        mine, onlooker = game.observe(seat).prompt, game.observe(None).prompt
        if len(game.to_move) == 1:
            name = game.players[seat]
            assert onlooker.startswith(f"{name}: ") and not mine.startswith(f"{name}: ")
            assert re.search(r"\bYou\b|\byou\b|\byour\b", onlooker.removeprefix(f"{name}: ")) is None or name == YOU
            assert "only $" not in mine or "you have only $" in mine
            seen.add(game.phase)
        game.apply(bot.choose(game.observe(seat), rng))
    assert seen  # the deal had decisions of one seat


@pytest.mark.parametrize("seat", range(3))
def test_brag_logs_and_results_put_you_in_lower_case_inside_a_line(seat: int) -> None:
    """Brag's log and its results, with the student's seat named "You" anywhere at the table: "Deal 2: you deal",
    "Deal 1: you saw Ann", never "Deal 2: You deal" nor "You sees"."""
    names = tuple(YOU if s == seat else name for s, name in enumerate(("Ann", "Bob", "Cat")))
    lines: list[str] = []
    for seed in range(12):
        game = BragGame(BragRules(players=3, starting_stack=30), seed=seed, hands=4, players=names)
        rng, bot = random.Random(seed), (RandomBragBot(), SensibleBragBot())[seed % 2]
        while not game.over:
            game.apply(bot.choose(game.observe(game.to_move[0]), rng))
            lines += game.log[-1:]
        lines += [line for result in game.results for line in result.lines(names)]
    assert any(line.startswith("You ") for line in lines) and any(": you " in line for line in lines)
    assert [line for line in lines if AGREEING_WRONG.search(line)] == []
    assert [line for line in lines if CAPITAL_INSIDE.search(line)] == []


@pytest.mark.parametrize("game", [*POKER_TABLE_GAMES, "brag"])
def test_a_full_student_table_gives_every_bot_its_own_name(game: str) -> None:
    """The bots' names last for the biggest table a student can open (D-UI-27): one name a seat, none twice."""
    most = max(GAMES[game].players)
    for seat in (0, most - 1):
        names = table_names(most, seat)
        assert len(set(names)) == most and names[seat] == YOU and YOU not in names[:seat] + names[seat + 1:]


def test_a_table_bigger_than_the_names_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match=f"names for {len(BOT_NAMES) + 1} seats at most, not {len(BOT_NAMES) + 2}"):
        table_names(len(BOT_NAMES) + 2, 0)
