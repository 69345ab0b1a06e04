"""The catalogue and the one way to start or replay any game."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from push_learn.errors import RecordError
from push_learn.games import GAMES, load_record, new_game, read_record, spec_of
from push_learn.protocol import Game
from push_learn.records import Record

KEY = b"class key"
DATA = Path(__file__).parents[1] / "data"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_answers_the_protocol_and_names_the_seat_to_move(game_id: str) -> None:
    game = new_game(game_id, seed=3)
    assert isinstance(game, Game)
    assert game.to_move and not game.over and game.result is None
    seat = game.to_move[0]
    assert all(action.seat == seat for action in game.legal_actions(seat))
    record = game.record()
    assert isinstance(record, Record) and record.game == game_id


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_reads_back_the_json_of_its_actions_and_refuses_garbage_in_words(game_id: str) -> None:
    read = spec_of(game_id).read_action
    assert read is not None
    game = new_game(game_id, seed=5)
    for _ in range(30):  # the first moves of a deal, each read back from its JSON before it is played
        if game.over:
            break
        action = game.legal_actions(game.to_move[0])[-1]
        again = read(json.loads(json.dumps(action.to_json())))
        assert again == action and again.seat == action.seat
        game.apply(again)
    for garbage in ({}, {"type": "no such move", "seat": 0}, [1], "push"):
        with pytest.raises((RecordError, ValueError)):
            read(garbage)


def test_an_unknown_game_is_named_with_the_known_ones() -> None:
    with pytest.raises(KeyError, match="the games are push, cap_it"):
        spec_of("poker")
    with pytest.raises(RecordError, match="there is no game 'poker'"):
        load_record(Record("poker", {}, 1))


def _finished(game_id: str, seed: int = 5) -> object:
    import random

    game = new_game(game_id, seed=seed)
    bot, rng = GAMES[game_id].bots["random"](), random.Random(seed)
    while not game.over:
        seat = game.to_move[0]
        game.apply(bot.choose(game.observe(seat), rng))
    return game


@pytest.mark.parametrize("game_id", ["push", "screw", "brag", "three_card_poker"])
def test_a_sealed_record_loads_and_an_edited_one_is_refused(game_id: str) -> None:
    game = _finished(game_id)
    sealed = game.record().sealed(KEY)  # type: ignore[attr-defined]
    again = load_record(sealed.to_json(), key=KEY, sealed=True)
    assert again.result == game.result  # type: ignore[attr-defined]
    data = sealed.to_dict()
    data["seed"] = 6 if data["seed"] != 6 else 7
    with pytest.raises(RecordError, match="changed after it was sealed"):
        load_record(json.dumps(data), key=KEY)
    with pytest.raises(RecordError, match="not sealed"):
        load_record(game.record(), key=KEY, sealed=True)  # type: ignore[attr-defined]
    with pytest.raises(RecordError, match="no key"):
        load_record(sealed, sealed=True)


def test_a_rummy_file_saved_in_the_older_format_still_loads() -> None:
    text = (DATA / "legacy_push_v1_seed5.json").read_text()
    assert json.loads(text)["schema"] == "push_learn.rummy.match"
    record = read_record(text)
    assert record.game == "push" and all("seat" in action for action in record.actions)
    match = load_record(text)
    assert len(match.record().actions) == len(json.loads(text)["actions"])


@pytest.mark.parametrize("text", ["[" * 1000 + "]" * 1000, '{"schema": 1e400}', "", "null", "[]", '{"a": 1}'])
def test_malformed_text_is_a_record_error(text: str) -> None:
    with pytest.raises(RecordError):
        load_record(text)


def test_the_catalogue_says_each_games_usual_bots_and_which_game_is_played_against_the_dealer() -> None:
    assert {game_id: spec.default_level for game_id, spec in GAMES.items()} == {
        "push": "greedy", "cap_it": "greedy", "six_to_ten": "greedy", "push_stud": "threshold", "screw": "threshold",
        "brag": "sensible", "three_card_poker": "random"}
    assert [game_id for game_id, spec in GAMES.items() if spec.against_dealer] == ["three_card_poker"]


def test_a_games_usual_bots_are_among_its_bots() -> None:
    spec = GAMES["brag"]
    with pytest.raises(ValueError, match="Three-card brag's bots are random, sensible: its usual bots cannot be "
                                         "'greedy'"):
        dataclasses.replace(spec, default_level="greedy")
    assert dataclasses.replace(spec, bots={}, default_level="greedy").default_level == "greedy"  # no bots: no check
