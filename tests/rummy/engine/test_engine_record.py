"""Records: the one envelope, JSON round trips, exact replay at every step, step back, fork, refusal of bad
records, and the older rummy format (version 1) still read."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from push_learn.errors import RecordError
from push_learn.records import Record
from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN, cap_it, six_to_ten
from push_learn.rummy.engine import (
    Discard,
    Match,
    Push,
    TakeUpcard,
    legacy_rummy_record,
    load_match,
    match_states,
    play_random_match,
    read_match_record,
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


HUGE = ["x" * 400, "y" * 400]
"""A value far longer than any refusal should echo (found by ``make hunt``: a mutated record's rules)."""


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"name": HUGE}, "the rules setting 'name' must be a str, not"),
        ({"contracts": [[HUGE]] * 5}, "a contract part must be [kind, length], not"),
        ({"contracts": [HUGE] * 5}, "a contract part must be [kind, length], not"),
        ({"contracts": [[[HUGE, 3]]] * 5}, "is not a meld kind"),
        ({"scoring": HUGE}, "is not a scoring mode"),
        ({"variant": "z" * 800}, "unknown rummy game"),
        ({f"setting_{n}_{'w' * 40}": 1 for n in range(40)}, "unknown rules settings: setting_0_"),
        ({"players": 10**500}, "Push is played by exactly 4 players, not 1000"),
        ({"decks": -(10**500)}, "Push is played with 1 to 4 decks, not -1000"),
        ({"jokers": 10**500}, "2 decks may hold 0 to 8 jokers, not 1000"),
        ({"hand_sizes": [10**500] * 5}, "108 cards are too few to deal 4 hands of 1000"),
        ({"contracts": [[["set", 10**500]]] * 5}, "a hand of 6 cards can never hold the contract 1 set of 1000"),
        ({"contracts": [[["run", -(10**500)]]] * 5}, "a run in a contract has at least 3 cards, not -1000"),
        ({"contracts": [[["set", 2]]] * 5}, "a set in a contract has at least 3 cards, not 2"),
        ({"name": "n" * 5000}, "the rules' name has at most 60 characters, not 5000"),
    ],
)
def test_bad_rules_are_refused_without_echoing_a_huge_value(change: dict[str, object], reason: str) -> None:
    data = {**rules_to_json(PUSH), **change}
    with pytest.raises(RulesError) as refused:
        rules_from_json(data)
    assert reason in str(refused.value) and len(str(refused.value)) < 300
    with pytest.raises(RulesError):
        rules_from_json(data)  # refused the same way again: reading the rules changed nothing


def test_record_round_trip_and_replay_every_step(played: Match) -> None:
    """Replaying the record reproduces every state exactly, step by step."""
    record = read_match_record(played.record().to_json())
    assert record == played.record()
    assert record.game == "cap_it" and record.players == played.players and record.setup == {}
    assert all(action["seat"] == seat for action, seat in
               zip(record.actions, (a.seat for a in played.actions), strict=True))
    snapshots = [state.snapshot() for state in match_states(record)]
    assert len(snapshots) == len(played.actions) + 1
    assert snapshots[-1] == played.snapshot()
    for n in (0, 1, 57, len(record) - 1):
        assert load_match(record, n).snapshot() == snapshots[n]


def test_record_is_the_one_envelope(played: Match) -> None:
    data = json.loads(played.record().to_json())
    assert (data["schema"], data["version"], data["game"]) == ("push_learn.record", 2, "cap_it")
    assert rules_from_json(data["rules"]) == CAP_IT
    assert load_match(Record.from_dict(data)).snapshot() == played.snapshot()


def test_step_back_and_fork(played: Match) -> None:
    back = played.fork(len(played.actions) - 1)
    assert len(back.actions) == len(played.actions) - 1 and not back.over
    early = played.fork(10)
    seat = early.turn
    other = next(a for a in [*early.legal_actions(), TakeUpcard(seat), Push(seat)]
                 if a != played.actions[10] and early.can(a))
    early.apply(other)
    assert early.actions[-1] == other and played.actions[10] != other
    assert played.fork().snapshot() == played.snapshot()


def test_named_players_survive_the_record() -> None:
    match = Match.new(PUSH, 4, ("Ann", "Bob", "Cy", "Di"))
    match.apply(Push(match.turn))
    record = match.record()
    assert record.setup == {"entrants": ["Ann", "Bob", "Cy", "Di"]} and record.players == match.players
    assert set(match.players) == {"Ann", "Bob", "Cy", "Di"} and match.entrants == ("Ann", "Bob", "Cy", "Di")
    again = load_match(read_match_record(record.to_json()))
    assert again.names == match.names and again.snapshot() == match.snapshot()


def test_players_that_the_seed_does_not_seat_are_refused() -> None:
    record = Match.new(PUSH, 4, ("Ann", "Bob", "Cy", "Di")).record()
    swapped = Record.from_dict({**record.to_dict(), "players": list(reversed(record.players or ()))})
    with pytest.raises(RecordError, match="are not the ones its seed seats"):
        load_match(swapped)


def corrupt(played: Match, change) -> str:  # type: ignore[no-untyped-def]
    data = played.record().to_dict()
    change(data)
    return json.dumps(data)


def load_text(text: str) -> Match:
    return load_match(read_match_record(text))


def test_corrupt_records_are_refused_naming_the_first_bad_step(played: Match) -> None:
    with pytest.raises(RecordError, match="not valid JSON"):
        load_text("{nope")
    with pytest.raises(RecordError, match="version 99 is not supported"):
        load_text(corrupt(played, lambda d: d.update(version=99)))
    with pytest.raises(RecordError, match="not a push_learn record"):
        load_text(corrupt(played, lambda d: d.update(schema="poker")))
    with pytest.raises(RecordError, match="not of a rummy game"):
        load_text(corrupt(played, lambda d: d.update(game="brag")))
    with pytest.raises(RecordError, match="rules cannot be read"):
        load_text(corrupt(played, lambda d: d["rules"].update(players=9)))
    with pytest.raises(RecordError, match="rules cannot be read: 2 decks may hold 0 to 8 jokers, not 1000000000"):
        load_text(corrupt(played, lambda d: d["rules"].update(jokers=10**9)))  # refused, not built

    def spoil_discard(after: int, spoiled: dict, message: str) -> None:  # type: ignore[type-arg]
        """Replace the first discard after action ``after`` by ``spoiled``: the record is refused naming it."""
        data = played.record().to_dict()
        k = next(i for i, a in enumerate(data["actions"]) if a["type"] == "discard" and i > after)
        data["actions"][k] = {**data["actions"][k], **spoiled} if "type" not in spoiled else spoiled
        with pytest.raises(RecordError, match=message.format(n=k + 1)) as caught:
            load_text(json.dumps(data))
        assert caught.value.index == k

    spoil_discard(-1, {"card": "1X"}, "step {n} .* cannot be played: ")
    spoil_discard(30, {"type": "take", "seat": played.actions[31].seat},
                  r"step {n} \(take the up-card\) cannot be played: you have already drawn")
    spoil_discard(30, {"seat": (played.actions[31].seat + 1) % 4}, r"step {n} .* it is .*'s turn, not ")
    spoil_discard(30, {"seat": "1"}, r"step {n} .* must be a whole number")
    with pytest.raises(RecordError, match="unknown action type 'fly'") as caught:
        load_text(corrupt(played, lambda d: d["actions"].insert(3, {"type": "fly", "seat": 0})))
    assert caught.value.index == 3
    with pytest.raises(RecordError, match="cannot be played: the match is over"):
        load_text(corrupt(played, lambda d: d["actions"].append({"type": "push", "seat": 0})))


def test_a_step_going_down_with_a_run_past_the_ace_is_refused_in_words(played: Match) -> None:
    """A run declared past the ace is no meld, and the refusal still names it (a hunt found it raising ValueError,
    "a run has no place with value 15", while the step was being named)."""
    data = played.record().to_dict()
    k = next(i for i, a in enumerate(data["actions"]) if a["type"] == "go_down")
    past = {"kind": "run", "cards": ["QD", "KD", "AD", "AD"], "rank": None, "suit": "D", "start": 12}
    data["actions"][k]["melds"][0] = past
    with pytest.raises(RecordError, match=rf"step {k + 1} \(go down with run of diamonds from Q♦ past the ace: "
                                          r"Q♦ K♦ A♦ A♦; .*\) cannot be played: ") as caught:
        load_text(json.dumps(data))
    assert caught.value.index == k


def test_replay_beyond_the_record_is_refused(played: Match) -> None:
    with pytest.raises(RecordError, match="cannot be replayed to"):
        load_match(played.record(), len(played.actions) + 1)


def test_added_steps_are_checked_on_replay() -> None:
    match = Match.new(PUSH, 1)
    record = match.record().with_actions([Discard(match.turn, match.hand(match.turn)[0]).to_json()])
    with pytest.raises(RecordError, match=r"step 1 .* first draw") as caught:
        load_match(record)
    assert caught.value.index == 0


# ---- the older format (schema push_learn.rummy.match, version 1) ---------------------------------

DATA = Path(__file__).resolve().parents[2] / "data"


def test_a_match_saved_in_the_older_format_loads_to_the_same_state() -> None:
    """tests/data/legacy_push_v1_seed5.json was saved before actions carried seats; the expected state
    beside it was written by the code of that time."""
    text = (DATA / "legacy_push_v1_seed5.json").read_text(encoding="utf-8")
    expected = json.loads((DATA / "legacy_push_v1_seed5.expected.json").read_text(encoding="utf-8"))
    old = json.loads(text)
    assert old["schema"] == "push_learn.rummy.match" and "seat" not in old["actions"][0]
    record = read_match_record(text)
    assert record.game == "push" and record.setup == {"entrants": ["Ann", "Bo", "Cy", "Di"]}
    match = load_match(record)
    assert list(match.players) == expected["names"]
    assert (match.deal_no, match.phase.value, match.turn) == (expected["deal"], expected["phase"], expected["turn"])
    assert list(match.totals) == expected["totals"]
    assert [[c.ascii for c in match.hand(s)] for s in range(4)] == expected["hands"]
    assert [str(tm.meld) for tm in match.deal.melds] == expected["melds"]
    assert match.log() == expected["log"]
    # every upgraded action names the seat that was to move at its step
    replay = load_match(record, 0)
    for action in match.actions:
        assert action.seat == replay.turn
        replay.apply(action)
    # and the upgraded record saves in today's envelope and replays to the same state
    assert load_match(read_match_record(record.to_json())).snapshot() == match.snapshot()


def test_the_older_format_is_checked_step_by_step() -> None:
    data = json.loads((DATA / "legacy_push_v1_seed5.json").read_text(encoding="utf-8"))
    assert legacy_rummy_record({"schema": "push_learn.record"}) is None
    assert legacy_rummy_record([1, 2]) is None
    k = next(i for i, a in enumerate(data["actions"]) if a["type"] == "discard")
    data["actions"][k] = {"type": "push"}
    with pytest.raises(RecordError, match=rf"step {k + 1} \(push\) cannot be played: you have already drawn"):
        legacy_rummy_record(data)
    with pytest.raises(RecordError, match="rummy record version 3 is not supported"):
        legacy_rummy_record({**data, "version": 3})


def test_an_older_record_whose_name_holds_half_an_emoji_is_refused_in_words() -> None:
    """A lone surrogate in a name has no UTF-8 form: the upgraded record could be neither sealed nor stored."""
    data = json.loads((DATA / "legacy_push_v1_seed5.json").read_text(encoding="utf-8"))
    data["players"] = ["Ann\udc00", "Bo", "Cy", "Di"]
    with pytest.raises(RecordError, match="not whole Unicode text"):
        read_match_record(json.dumps(data))


def test_an_edited_sealed_rummy_record_is_refused_though_every_move_stays_legal(played: Match) -> None:
    """Change one discard to another card the player held and could discard: the record still replays
    (the edit is legal), but its seal no longer holds."""
    key = b"class secret"
    sealed = played.record().sealed(key)
    data = sealed.to_dict()
    for k, raw in enumerate(data["actions"]):
        if raw["type"] != "discard":
            continue
        before = load_match(played.record(), k)
        others = [card for card in before.legal_discards() if card.ascii != raw["card"]]
        if not others:
            continue
        edited = [*data["actions"][:k], {**raw, "card": others[0].ascii}]
        trial = Record.from_dict({**data, "actions": edited})
        load_match(trial)  # every edited move is legal
        with pytest.raises(RecordError, match="changed after it was sealed"):
            trial.check_seal(key)
        break
    else:
        pytest.fail("no discard with another legal choice")
    assert Record.from_json(sealed.to_json()).check_seal(key) == sealed
