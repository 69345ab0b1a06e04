"""Records: JSON round trips, exact replay at every step, step back, fork, and refusal of bad records."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from push_learn.errors import RecordError
from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN, cap_it, six_to_ten
from push_learn.rummy.engine import (
    Discard,
    Match,
    MatchRecord,
    Push,
    TakeUpcard,
    play_random_match,
    rules_from_json,
    rules_to_json,
)
from push_learn.rummy.rules import RulesError


@pytest.fixture(scope="module")
def played() -> Match:
    return play_random_match(CAP_IT, seed=17)


@pytest.mark.parametrize(
    "rules",
    [PUSH, CAP_IT, SIX_TO_TEN, cap_it(6), six_to_ten(4),
     replace(PUSH, min_naturals_per_meld=1, atomic_push=True, loop_guard=False, name="House Push")],
)
def test_rules_round_trip(rules) -> None:  # type: ignore[no-untyped-def]
    data = rules_to_json(rules)
    assert json.loads(json.dumps(data)) == data
    assert rules_from_json(data) == rules


def test_bad_rules_are_refused_with_a_reason() -> None:
    data = rules_to_json(PUSH)
    with pytest.raises(RulesError, match="unknown rules settings: colour"):
        rules_from_json({**data, "colour": "red"})
    with pytest.raises(RulesError, match="must be a bool"):
        rules_from_json({**data, "loop_guard": "yes"})
    with pytest.raises(RulesError, match="played by exactly 4 players"):
        rules_from_json({**data, "players": 5})
    with pytest.raises(RulesError, match="not a meld kind"):
        rules_from_json({**data, "contracts": [[["pair", 2]]] * 5})


def test_record_round_trip_and_replay_every_step(played: Match) -> None:
    """Replaying the record reproduces every state exactly, step by step."""
    record = MatchRecord.from_json(played.record().to_json())
    assert record == played.record()
    snapshots = [state.snapshot() for state in record.states()]
    assert len(snapshots) == len(played.actions) + 1
    assert snapshots[-1] == played.snapshot()
    for n in (0, 1, 57, len(record) - 1):
        assert record.replay(n).snapshot() == snapshots[n]


def test_step_back_and_fork(played: Match) -> None:
    back = played.fork(len(played.actions) - 1)
    assert len(back.actions) == len(played.actions) - 1 and not back.over
    early = played.fork(10)
    other = next(a for a in [*early.legal_actions(), TakeUpcard(), Push()] if a != played.actions[10] and early.can(a))
    early.apply(other)
    assert early.actions[-1] == other and played.actions[10] != other
    assert played.fork().snapshot() == played.snapshot()


def test_named_players_survive_the_record() -> None:
    match = Match.new(PUSH, 4, ("Ann", "Bob", "Cy", "Di"))
    match.apply(Push())
    again = MatchRecord.from_json(match.record().to_json()).replay()
    assert again.names == match.names and again.snapshot() == match.snapshot()


def corrupt(played: Match, change) -> str:  # type: ignore[no-untyped-def]
    data = played.record().to_dict()
    change(data)
    return json.dumps(data)


def test_corrupt_records_are_refused_naming_the_first_bad_action(played: Match) -> None:
    with pytest.raises(RecordError, match="not valid JSON"):
        MatchRecord.from_json("{nope")
    with pytest.raises(RecordError, match="version 99 is not supported"):
        MatchRecord.from_json(corrupt(played, lambda d: d.update(version=99)))
    with pytest.raises(RecordError, match="not a rummy match record"):
        MatchRecord.from_json(corrupt(played, lambda d: d.update(schema="poker")))
    with pytest.raises(RecordError, match="rules cannot be read"):
        MatchRecord.from_json(corrupt(played, lambda d: d["rules"].update(players=9)))
    with pytest.raises(RecordError, match="rules cannot be read: 2 decks may hold 0 to 8 jokers, not 1000000000"):
        MatchRecord.from_json(corrupt(played, lambda d: d["rules"].update(jokers=10**9)))  # refused, not built

    def spoil_discard(after: int, spoiled: dict, message: str) -> None:  # type: ignore[type-arg]
        """Replace the first discard after action ``after`` by ``spoiled``: the record is refused naming it."""
        data = played.record().to_dict()
        k = next(i for i, a in enumerate(data["actions"]) if a["type"] == "discard" and i > after)
        data["actions"][k] = {**data["actions"][k], **spoiled} if "type" not in spoiled else spoiled
        with pytest.raises(RecordError, match=message.format(n=k + 1)) as caught:
            MatchRecord.from_json(json.dumps(data))
        assert caught.value.index == k

    spoil_discard(-1, {"card": "1X"}, "action {n} cannot be read")
    spoil_discard(30, {"type": "take"}, r"action {n} .* is not allowed there: you have already drawn")
    with pytest.raises(RecordError, match="unknown action type 'fly'") as caught:
        MatchRecord.from_json(corrupt(played, lambda d: d["actions"].insert(3, {"type": "fly"})))
    assert caught.value.index == 3
    with pytest.raises(RecordError, match="is not allowed there: the match is over"):
        MatchRecord.from_json(corrupt(played, lambda d: d["actions"].append({"type": "push"})))


def test_replay_beyond_the_record_is_refused(played: Match) -> None:
    with pytest.raises(RecordError, match="cannot be replayed to"):
        played.record().replay(len(played.actions) + 1)


def test_extended_record_checks_on_replay() -> None:
    record = Match.new(PUSH, 1).record().extended(Discard(Match.new(PUSH, 1).hand(0)[0]))
    with pytest.raises(RecordError, match=r"action 1 .* first draw") as caught:
        record.replay()
    assert caught.value.index == 0
