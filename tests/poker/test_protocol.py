"""The poker family on the one protocol: seats, JSON actions, the one record envelope, older records,
malformed input refused in words, the catalogue and the brag rules fixed against seed 002."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from push_learn.cards import parse_card
from push_learn.errors import IllegalAction, RecordError
from push_learn.poker.actions import Action, ActionKind
from push_learn.poker.brag import (
    Bet,
    BragGame,
    BragRules,
    Cover,
    DropHand,
    KeepHand,
    Look,
    See,
    load_brag,
    pack_dealing,
)
from push_learn.poker.brag import Fold as BragFold
from push_learn.poker.catalogue import POKER_GAMES, legacy_poker_record
from push_learn.poker.push_stud import PushStudRules, push_stud_rules
from push_learn.poker.screw import ScrewGame
from push_learn.poker.showdown import Direction
from push_learn.poker.stud import PokerRulesError, StudRules
from push_learn.poker.stud_records import load_stud
from push_learn.poker.three_card_poker import Fold as TcpFold
from push_learn.poker.three_card_poker import (
    PlaceBets,
    Play,
    ThreeCardPokerGame,
    ThreeCardPokerRules,
    load_three_card_poker,
)
from push_learn.protocol import Game, GameSpec
from push_learn.records import Record

SPECS = {spec.id: spec for spec in POKER_GAMES}
LEGACY = Path(__file__).parent / "golden" / "legacy"


def played(spec: GameSpec, seed: int, steps: int | None = None, players: int | None = None) -> Any:
    """A game of ``spec`` played by its random bots for ``steps`` actions (to the end when None)."""
    game = spec.new(seed=seed, players=players)
    bots = {level: factory() for level, factory in spec.bots.items()}
    bot = bots["random"]
    rng = random.Random(seed)
    count = 0
    while not game.over and (steps is None or count < steps):
        seat = game.to_move[0]
        game.apply(bot.choose(game.observe(seat), rng))
        count += 1
    return game


def state(game: Any) -> tuple[Any, ...]:
    seats = range(len(game.players))
    return (game.record(), tuple(game.all_cards()), tuple(game.observe(s) for s in seats), game.observe(None))


# ---- the protocol -------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_every_poker_game_answers_the_protocol(game_id: str) -> None:
    game = SPECS[game_id].new(seed=1)
    assert isinstance(game, Game)
    assert game.result is None and not game.over and len(game.to_move) >= 1
    assert all(isinstance(name, str) for name in game.players)
    for action in game.legal_actions(game.to_move[0]):
        assert action.seat == game.to_move[0] and game.can(action)
    finished = played(SPECS[game_id], 3)
    assert finished.over and finished.result is not None and finished.to_move == ()


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_a_wrong_seat_is_refused_in_words_and_changes_nothing(game_id: str) -> None:
    for seed in range(4):
        game = played(SPECS[game_id], seed, steps=seed)
        if game.over:
            continue
        mover = game.to_move[0]
        action = game.legal_actions(mover)[0]
        names = game.players
        for seat in range(len(names)):
            if seat in game.to_move:
                continue
            wrong = type(action)(**{**vars(action), "seat": seat})
            before = state(game)
            with pytest.raises(IllegalAction) as refusal:
                game.apply(wrong)
            assert not game.can(wrong) and game.legal_actions(seat) == []
            assert state(game) == before
            message = str(refusal.value)
            assert (f"it is {names[mover]}'s turn, not {names[seat]}'s" in message or "has already chosen" in message
                    or "is not in this hand" in message), message
        with pytest.raises(IllegalAction, match=fr"^this table has seats 1 to {len(game.players)}, not seat 10$"):
            game.apply(type(action)(**{**vars(action), "seat": 9}))


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_a_spectator_sees_no_hidden_card(game_id: str) -> None:
    game = played(SPECS[game_id], 5, steps=3)
    spectator = game.observe(None)
    if game_id in ("push_stud", "screw"):
        assert all(card is None for view in spectator.seats for card in view.down)
        assert spectator.legal == ()
    else:
        assert spectator.cards == () and spectator.seat is None
    hidden = {card for seat in range(len(game.players)) for card in _private(game, seat)}
    shown = {value for value in _walk(spectator) if isinstance(value, type(parse_card("AS")))}
    assert not hidden & shown


def _private(game: Any, seat: int) -> list[Any]:
    if isinstance(game, BragGame):
        return [card for hand in game.seats[seat].hands for card in hand]
    if isinstance(game, ThreeCardPokerGame):
        return list(game.cards[seat]) + list(game.dealer_cards if not game.over else ())
    return [card for card in game.cards(seat) if card not in game.observe(None).seats[seat].up]


def _walk(value: Any) -> list[Any]:
    out, stack = [], [value]
    while stack:
        item = stack.pop()
        out.append(item)
        if isinstance(item, tuple | list):
            stack.extend(item)
        elif hasattr(item, "__dataclass_fields__"):
            stack.extend(getattr(item, name) for name in item.__dataclass_fields__)
    return out


@pytest.mark.parametrize("game_id", ["brag", "three_card_poker"])
def test_every_card_is_in_exactly_one_place(game_id: str) -> None:
    spec = SPECS[game_id]
    for seed in range(3):
        game = spec.new(seed=seed, players=spec.players[-1])
        bot, rng = spec.bots["random"](), random.Random(seed)
        while True:
            cards = game.all_cards()
            assert len(cards) == 52 and len(set(cards)) == 52
            if game.over:
                break
            game.apply(bot.choose(game.observe(game.to_move[0]), rng))


# ---- actions as JSON and records ----------------------------------------------------------------


STUD_ACTIONS = [Action.keep(1), Action.push(2), Action.push_own(3, "2S"), Action.expose(0, "10H"),
                Action.replace(4, "AC"), Action.stand(5), *(Action.declare(1, d) for d in Direction),
                *(Action(2, kind) for kind in ActionKind if kind.bet_kind is not None)]
BRAG_ACTIONS = [BragFold(1), Look(2, 1), KeepHand(0), DropHand(3), Bet(1, 4), See(2), Cover(0)]
TCP_ACTIONS = [PlaceBets(0, 5, 2), Play(1), TcpFold(2)]


def test_every_action_kind_round_trips_through_json() -> None:
    assert {a.kind for a in STUD_ACTIONS} == set(ActionKind)
    for action in STUD_ACTIONS:
        data = json.loads(json.dumps(action.to_json()))
        assert data["type"] == action.kind.value and data["seat"] == action.seat
        assert Action.from_json(data) == action
    from push_learn.poker.brag_types import ACTION_KINDS, brag_action_from_json
    from push_learn.poker.three_card_poker import tcp_action_from_json

    assert {type(a) for a in BRAG_ACTIONS} == set(ACTION_KINDS.values())
    for brag_action in BRAG_ACTIONS:
        assert brag_action_from_json(json.loads(json.dumps(brag_action.to_json()))) == brag_action
    for tcp_action in TCP_ACTIONS:
        assert tcp_action_from_json(json.loads(json.dumps(tcp_action.to_json()))) == tcp_action
    with pytest.raises(RecordError, match=r"'look' is not an action of Three Card Poker"):
        tcp_action_from_json({"type": "look", "seat": 0, "hand": 0})


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_records_round_trip_and_replay_to_the_same_state(game_id: str) -> None:
    spec = SPECS[game_id]
    for seed in range(3):
        game = played(spec, seed)
        record = game.record()
        assert record.game == game_id and record.players == game.players
        again = spec.load(Record.from_json(record.to_json()))
        assert state(again) == state(game)
        assert again.result == game.result


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_an_edited_record_step_is_refused_with_its_number(game_id: str) -> None:
    spec = SPECS[game_id]
    game = played(spec, 2, players=max(2, spec.default_players))
    record = game.record()
    assert len(record.actions) >= 1
    step = len(record.actions) // 2
    edited = dict(record.actions[step])
    edited["seat"] = (edited["seat"] + 1) % len(game.players)
    replacement = [*record.actions[:step], edited, *record.actions[step + 1:]]
    with pytest.raises(RecordError, match=rf"^step {step + 1} \(") as refusal:
        spec.load(record.with_actions(replacement))
    assert refusal.value.index == step
    broken = [*record.actions[:step], {"type": "dance", "seat": 0}]
    with pytest.raises(RecordError, match=rf"^step {step + 1} .*'dance' is not an action"):
        spec.load(record.with_actions(broken))


EXPECTED = json.loads((LEGACY / "expected.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_records_saved_in_the_older_formats_load_to_the_same_end(name: str) -> None:
    data = json.loads((LEGACY / f"{name}.json").read_text(encoding="utf-8"))
    record = legacy_poker_record(data)
    assert record is not None
    game = SPECS[record.game].load(record)
    expected = EXPECTED[name]
    assert list(game.stacks) == expected["stacks"] and len(game.actions) == expected["actions"]
    if record.game in ("push_stud", "screw"):
        assert list(game.result.lines) == expected["lines"]
    else:
        # each seat by the name the record gives it: version 1 records kept none and replay under their day's
        assert list(game.players) == [f"seat {seat}" for seat in range(len(game.stacks))]  # `seat 0` … names
        assert ["\n".join(r.lines(game.players)) for r in game.results] == expected["lines"]
    if record.game == "three_card_poker":
        assert game.house == expected["house"]
    again = SPECS[record.game].load(Record.from_json(game.record().to_json()))  # and saved again in today's
    assert list(again.stacks) == expected["stacks"]


def test_older_records_that_are_malformed_are_refused_in_words() -> None:
    assert legacy_poker_record({"schema": "push_learn.record"}) is None
    assert legacy_poker_record([1, 2]) is None
    tcp = json.loads((LEGACY / "three_card_poker_v1.json").read_text(encoding="utf-8"))
    del tcp["rounds"]
    with pytest.raises(RecordError, match="has no rounds"):
        legacy_poker_record(tcp)
    stud = json.loads((LEGACY / "push_stud_v1.json").read_text(encoding="utf-8"))
    del stud["dealer"]
    with pytest.raises(RecordError, match="has no dealer"):
        legacy_poker_record(stud)
    stud = json.loads((LEGACY / "push_stud_v1.json").read_text(encoding="utf-8"))
    stud["actions"][2]["seat"] = "2"
    with pytest.raises(RecordError, match=r"step 3 .*seat is a whole number such as 2, not '2'"):
        load_stud(legacy_poker_record(stud))  # type: ignore[arg-type]


# ---- malformed input --------------------------------------------------------------------------


def test_stud_rules_seats_and_decks_of_the_wrong_type_are_refused_in_words() -> None:
    with pytest.raises(PokerRulesError, match="players is a whole number"):
        StudRules(players="6")  # type: ignore[arg-type]
    with pytest.raises(PokerRulesError, match=r"ante is a whole number, not 1\.5"):
        push_stud_rules(ante=1.5)
    with pytest.raises(PokerRulesError, match="substitution is true or false"):
        push_stud_rules(substitution="yes")
    with pytest.raises(RecordError, match="players is a whole number"):
        PushStudRules.from_dict({"players": "6"})
    with pytest.raises(RecordError, match="the showdown is one of high, low, hi-lo declare, not 3"):
        PushStudRules.from_dict({"showdown": 3})
    with pytest.raises(RecordError, match="the showdown is one of high, low, hi-lo declare, not 'xxxx") as refused:
        PushStudRules.from_dict({"showdown": "x" * 5000})
    assert len(str(refused.value)) < 200  # a bad value is named cut short, never echoed whole
    with pytest.raises(PokerRulesError, match="the showdown is one of high, low, hi-lo declare, not 'sideways'"):
        push_stud_rules(showdown="sideways")
    with pytest.raises(PokerRulesError, match="stacks are whole numbers"):
        ScrewGame(stacks=[200.5] * 6)  # type: ignore[list-item]
    with pytest.raises(IllegalAction, match="a seat is named by its number, not '2'"):
        ScrewGame(seed=1).apply(Action("2", ActionKind.KEEP))  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="seat is a whole number such as 2, not '2'"):
        Action.from_json({"type": "keep", "seat": "2"})
    with pytest.raises(RecordError, match="not a card"):
        Action.from_json({"type": "push_own", "seat": 2, "card": 7})
    with pytest.raises(RecordError, match="declaration is low, high or both"):
        Action.from_json({"type": "declare", "seat": 2, "direction": "sideways"})
    record = ScrewGame(seed=1).record()
    for seat in (10**30, -1, 9):
        with pytest.raises(RecordError,
                           match=r"^step 1 \(seat .*\) cannot be played: this table has seats 1 to \d, not seat"):
            load_stud(record.with_actions([{"type": "keep", "seat": seat}]))
    for setup, words in (({"deck_top": [1, 2]}, "not a card"), ({"stacks": "lots"}, "list of whole numbers"),
                         ({"dealer": "0"}, "dealer"), ({"colour": 1}, "no field 'colour'")):
        with pytest.raises(RecordError, match=words):
            load_stud(Record("screw", record.rules, 1, None, (), {**record.setup, **setup}))


def test_brag_chips_are_whole_numbers_so_no_pot_split_creates_chips() -> None:
    """The repro: a bet of 0.5 was accepted and a shared pot then paid out 300.5 chips from 300."""
    game = BragGame(BragRules(players=3, max_orbits=1), seed=1)
    with pytest.raises(IllegalAction, match=r"a bet is a whole number of chips, not 1\.5"):
        game.apply(Bet(1, 1.5))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="whole number"):
        game.apply(Bet(1, True))
    assert sum(game.stacks) + game.pot_total == 300
    with pytest.raises(ValueError, match=r"starting_stack is a whole number, not 100\.5"):
        BragRules(starting_stack=100.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="raise_limit is a whole number"):
        BragRules(raise_limit=20.0)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="players is a whole number"):
        BragRules.from_dict({"players": "4"})
    record = game.record()
    with pytest.raises(RecordError, match=r"^step 1 .*amount of a bet action is a whole number, not 1.5"):
        load_brag(record.with_actions([{"type": "bet", "seat": 1, "amount": 1.5}]))
    with pytest.raises(RecordError, match=r"^step 1 .*seat is a whole number such as 2, not '1'"):
        load_brag(record.with_actions([{"type": "fold", "seat": "1"}]))
    with pytest.raises(RecordError, match="prepared pack hold 7, which is not a card"):
        load_brag(Record("brag", record.rules, 1, None, (), {"pack": [7] * 52}))
    with pytest.raises(RecordError, match="set-up is not valid: a prepared pack must hold each of the 52"):
        load_brag(Record("brag", record.rules, 1, None, (), {"pack": ["AS"] * 52}))
    with pytest.raises(RecordError, match="set-up is not valid: a game has at least one hand"):
        load_brag(Record("brag", record.rules, 1, None, (), {"hands": "3"}))


def test_three_card_poker_chips_and_records_are_checked_in_words() -> None:
    game = ThreeCardPokerGame(ThreeCardPokerRules(seats=2), seed=1)
    with pytest.raises(IllegalAction, match=r"the ante is a whole number of chips, not 1\.5"):
        game.apply(PlaceBets(0, 1.5, 0))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"min_bet is a whole number, not 1\.5"):
        ThreeCardPokerRules(min_bet=1.5)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="dealer qualifier is a rank number"):
        ThreeCardPokerRules.from_dict({"dealer_qualifier": "Q"})
    with pytest.raises(RecordError, match="paytable"):
        ThreeCardPokerRules.from_dict({"pair_plus": {"name": "x", "pays": [["pair", 1.5]]}})
    record = game.record()
    with pytest.raises(RecordError, match=r"^step 1 .*a bets action needs its pair_plus"):
        load_three_card_poker(record.with_actions([{"type": "bets", "seat": 0, "ante": 1}]))
    with pytest.raises(RecordError, match="set-up is not valid: a game has at least one round"):
        load_three_card_poker(Record("three_card_poker", record.rules, 1, None, (), {"rounds": 0}))


# ---- brag rules against seed 002 ------------------------------------------------------------------


def test_an_open_player_may_neither_see_nor_raise_a_blind_man() -> None:
    """Seed 002: "an open player cannot raise or see a blind man but a blind man can raise or see an open man"."""
    game = BragGame(BragRules(players=3), seed=1, pack=pack_dealing(["2C 3D 5H", "AS KS QS", "7H 7D 9C"]))
    game.apply(Bet(1, 3))  # seat 1 bets blind: the stake is 6
    game.apply(Look(2))
    assert game.bet_range(2) == (6, 6)
    with pytest.raises(IllegalAction, match="between 6 and 6"):
        game.apply(Bet(2, 8))  # an open raise over the blind seats is refused
    game.apply(Bet(2, 6))
    assert game.bet_range(0) == (3, 10)  # a blind man may raise an open one, up to half the table maximum
    game.apply(Bet(0, 5))  # blind 5: the stake is 10
    game.apply(BragFold(1))
    assert game.bet_range(2) == (10, 10)  # seat 0 is still blind
    assert not game.can(See(2))  # and he may not see him either
    game.apply(Bet(2, 10))
    assert game.can(See(0))  # the blind man may see the open one
    lenient = BragGame(BragRules(players=3, open_may_raise_blind=True), seed=1,
                       pack=pack_dealing(["2C 3D 5H", "AS KS QS", "7H 7D 9C"]))
    lenient.apply(Bet(1, 3))
    lenient.apply(Look(2))
    assert lenient.bet_range(2) == (6, 20)  # the option keeps the earlier reading


def test_the_raise_limit_is_a_table_maximum_no_bet_may_exceed() -> None:
    """Seed 002: "The raise limit is a predetermined table maximum bet that no player can exceed"."""
    rules = BragRules(players=2, raise_limit=12)
    game = BragGame(rules, seed=3, pack=pack_dealing(["2C 3D 5H", "AS KS QS"], 0))
    game.apply(Look(1))
    game.apply(Bet(1, 10))
    game.apply(Look(0))
    assert game.bet_range(0) == (10, 12)  # not 10 + 12: the maximum is the table's, not a step
    with pytest.raises(IllegalAction, match="between 10 and 12"):
        game.apply(Bet(0, 13))
    game.apply(Bet(0, 12))
    assert game.bet_range(1) == (12, 12)  # at the maximum, the stake itself may still be bet
    with pytest.raises(ValueError, match="table maximum"):
        BragRules(max_first_bet=10, raise_limit=5)
    stepped = BragGame(BragRules(players=2, raise_limit=12, raise_limit_above_stake=True), seed=3,
                       pack=pack_dealing(["2C 3D 5H", "AS KS QS"], 0))
    stepped.apply(Look(1))
    stepped.apply(Bet(1, 10))
    stepped.apply(Look(0))
    assert stepped.bet_range(0) == (10, 22)  # the option: at most the stake plus the limit


# ---- the catalogue ------------------------------------------------------------------------------


def test_the_catalogue_reads_player_counts_from_the_rules_and_starts_games() -> None:
    assert [spec.id for spec in POKER_GAMES] == ["push_stud", "screw", "brag", "three_card_poker"]
    assert SPECS["push_stud"].players == tuple(range(PushStudRules.MIN_PLAYERS, PushStudRules.MAX_PLAYERS + 1))
    assert SPECS["brag"].players == tuple(range(2, 9)) and SPECS["three_card_poker"].players == tuple(range(1, 7))
    for spec in POKER_GAMES:
        assert spec.default_players in spec.players and next(iter(spec.bots)) == "random"
        assert len(spec.new(seed=1).players) == spec.default_players
        names = tuple(f"P{i}" for i in range(spec.players[0]))
        assert spec.new(seed=1, players=names).players == names
        with pytest.raises(ValueError, match="there is no option 'colour'"):
            spec.new(seed=1, colour="red")
    ryo = SPECS["push_stud"].new(seed=2, players=5, roll_your_own=True, substitution=True)
    assert ryo.rules.roll_your_own and ryo.rules.substitution and ryo.record().game == "push_stud"
    assert SPECS["brag"].new(seed=1, hands=3).hands_to_play == 3


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_every_bot_level_finishes_its_game(game_id: str) -> None:
    spec = SPECS[game_id]
    for level, factory in spec.bots.items():
        if level == "threshold":
            continue  # the sampling bot is exercised in test_poker_analysis
        game = spec.new(seed=4)
        bots = [factory() for _ in game.players]
        rng = random.Random(4)
        for _ in range(20_000):
            if game.over:
                break
            seat = game.to_move[0]
            game.apply(bots[seat].choose(game.observe(seat), rng))
        assert game.over, (game_id, level)


def test_importing_the_catalogue_loads_no_analysis() -> None:
    code = ("import sys, push_learn.poker.catalogue; "
            "print(sorted(m for m in sys.modules if 'analysis' in m or 'bots' in m))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


JUNK: list[Any] = [None, "x", "6", 1.5, -1, 0, 10**30, [], {}, [1], {"a": 1}, True, "AS", ["AS"], 2]


def _mutated(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """``data`` with one value somewhere inside replaced by junk (or one key removed)."""
    copy = json.loads(json.dumps(data))
    node: Any = copy
    for _ in range(4):
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = rng.choice(keys)
        child = node[key]
        if rng.random() < 0.4 or not isinstance(child, dict | list) or not child:
            if isinstance(node, dict) and rng.random() < 0.2:
                del node[key]
            else:
                node[key] = rng.choice(JUNK)
            break
        node = child
    return copy


def test_malformed_records_only_ever_raise_record_errors() -> None:
    """Junk anywhere in a record (today's or an older format) is refused with a ``RecordError`` in words."""
    rng = random.Random(21)
    bases = [played(spec, seed, players=max(2, spec.default_players)).record().to_dict()
             for spec in POKER_GAMES for seed in range(2)]
    bases += [json.loads(path.read_text(encoding="utf-8")) for path in sorted(LEGACY.glob("*_v1.json"))]
    for _ in range(1500):
        data = _mutated(rng.choice(bases), rng)
        try:
            record = legacy_poker_record(data) or Record.from_dict(data)
            if record.game in SPECS:
                SPECS[record.game].load(record)
        except RecordError as error:
            assert str(error)


def test_games_built_from_junk_are_refused_in_words() -> None:
    with pytest.raises(PokerRulesError, match="players' names must be a list, not 7"):
        ScrewGame(players=7)  # type: ignore[arg-type]
    with pytest.raises(PokerRulesError, match="stacks must be a list"):
        ScrewGame(stacks=True)  # type: ignore[arg-type]
    with pytest.raises(PokerRulesError, match="cards on top of the deck are cards such as 'AS', not 1"):
        ScrewGame(deck_top=[1])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="prepared pack must be a list"):
        BragGame(pack=3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="dealer is one of the seats"):
        BragGame(dealer="0")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="players' names must be a list"):
        ThreeCardPokerGame(players=2)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="ThreeCardPokerRules, not"):
        ThreeCardPokerGame(BragRules())  # type: ignore[arg-type]


class _StayingBot:
    """A random player that folds only when it must, so that deals reach every later phase."""

    def choose(self, observation: Any, rng: random.Random) -> Any:
        legal = [a for a in observation.legal if a.kind is not ActionKind.FOLD] or list(observation.legal)
        return rng.choice(legal)


def test_records_carry_every_action_kind_and_replay() -> None:
    seen: set[str] = set()
    setups = [("push_stud", {}), ("push_stud", {"roll_your_own": True, "showdown": "hi-lo declare"}),
              ("push_stud", {"substitution": True}), ("screw", {})]
    for game_id, options in setups:
        for seed in range(6):
            game = SPECS[game_id].new(seed=seed, **options)
            rng = random.Random(seed)
            while not game.over:
                seat = game.to_move[0]
                game.apply(_StayingBot().choose(game.observe(seat), rng))
            record = Record.from_json(game.record().to_json())
            seen |= {action["type"] for action in record.actions}
            assert state(load_stud(record)) == state(game)
    assert seen >= {kind.value for kind in ActionKind} - {"fold"}
    brag = BragGame(BragRules(players=3, blind_carry=True), seed=99, hands=2,
                    pack=pack_dealing(["2C 3D 5H", "AS 9S 2D", "7H 7D 8C"]))
    for action in (Bet(1, 1), BragFold(2), BragFold(0), BragFold(2), Bet(0, 1), Look(1, 1), KeepHand(1)):
        brag.apply(action)
    dropped = BragGame(BragRules(players=3, blind_carry=True), seed=99, hands=2,
                       pack=pack_dealing(["2C 3D 5H", "AS 9S 2D", "7H 7D 8C"]))
    for action in (Bet(1, 1), BragFold(2), BragFold(0), BragFold(2), Bet(0, 1), Look(1, 0), DropHand(1)):
        dropped.apply(action)
    covered = BragGame(BragRules(players=3, starting_stack=50, raise_limit=None, max_first_bet=50), seed=99,
                       pack=pack_dealing(["AH KD 4D", "AS KS 4C", "7H 7D 9C"]))
    for action in (Look(1), Bet(1, 40), BragFold(2), Look(0), Bet(0, 40), Cover(1)):
        covered.apply(action)
    seeing = BragGame(BragRules(players=2), seed=1)
    seeing.apply(Bet(1, 1))
    seeing.apply(See(0))
    kinds: set[str] = set()
    for game in (brag, dropped, covered, seeing):
        record = Record.from_json(game.record().to_json())
        kinds |= {action["type"] for action in record.actions}
        assert state(load_brag(record)) == state(game)
    assert kinds == {"fold", "look", "keep", "drop", "bet", "see", "cover"}
    table = ThreeCardPokerGame(ThreeCardPokerRules(seats=2), seed=4)
    for tcp_action in (PlaceBets(0, 5, 1), PlaceBets(1, 5, 0), Play(0), TcpFold(1)):
        table.apply(tcp_action)
    record = Record.from_json(table.record().to_json())
    assert {action["type"] for action in record.actions} == {"bets", "play", "fold"}
    assert state(load_three_card_poker(record)) == state(table)


@pytest.mark.parametrize("game_id", ["brag", "three_card_poker"])
def test_a_record_saved_under_the_old_default_names_replays_under_them(game_id: str) -> None:
    """Before D-TBL-24's update the three-card games named nameless seats ``seat 0`` …; a record saved then keeps
    them, while a new game's nameless seats are ``Seat 1`` …."""
    spec = SPECS[game_id]
    game = played(spec, 4, players=max(2, spec.default_players))
    assert game.players == tuple(f"Seat {seat + 1}" for seat in range(len(game.players)))
    old_names = tuple(f"seat {seat}" for seat in range(len(game.players)))
    text = json.dumps({**game.record().to_dict(), "players": list(old_names)})
    again = spec.load(Record.from_json(text))
    assert again.players == old_names
    assert list(again.stacks) == list(game.stacks) and len(again.actions) == len(game.actions)
    assert again.results == game.results and again.results
    told = "\n".join(line for r in again.results for line in r.lines(again.players))
    assert "seat 0" in told and "Seat " not in told
