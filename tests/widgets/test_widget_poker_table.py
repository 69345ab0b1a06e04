"""PokerTable driven as the page does: whole deals by its buttons, refusals, take-back, hint, save, new deals.

Fair play is checked two ways: across whole deals no card hidden from the student's seat ever travels to
the page, and differentially: two tables that differ only in what the student cannot see (other hands'
face-down cards, the deck's order, the dead cards, other seats' declarations not yet revealed) send the
page exactly the same state, before and after a hint, refused and garbled requests and a save."""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

import pytest
from budgets import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pl_widget_driver import Wire, page_sends, synced
from stud_hidden import hidden_from, redeal_hidden

from push_learn.cards import Card
from push_learn.games import new_game
from push_learn.poker.actions import Action
from push_learn.poker.analysis import RandomBot
from push_learn.poker.betting import build_pots
from push_learn.poker.examples import seed_004_record
from push_learn.poker.observation import Observation, Phase
from push_learn.poker.showdown import Award
from push_learn.poker.stud_records import load_stud
from push_learn.records import Record
from push_learn.widgets import PokerTable
from push_learn.widgets.play_table import TAKE_BACK_NOTE
from push_learn.widgets.poker_table import BETTING_BUTTONS, button_order, explain_split

PASSIVE = ("check", "call", "keep", "stand", "bring_in", "expose", "declare")


def passive(state: dict[str, Any]) -> dict[str, Any]:
    """The first passive move button (check, call, keep, stand...), declaring high in a declaration."""
    moves = state["actions"]
    if state["phase"] == "declare":
        return next(m for m in moves if m["action"]["direction"] == "high")
    return next((m for m in moves if m["kind"] in PASSIVE), moves[0])


def leaks(text: str, cards: set[Card]) -> list[Card]:
    """The cards of ``cards`` named in ``text`` (as the page's card JSON or as text in a log line)."""
    return [c for c in cards if f'"{c.ascii}"' in text or str(c) in text]


def page_data(wire: Wire) -> str:
    """Everything sent to the page but the widget's own code (its ES module and stylesheet)."""
    parts = []
    for line in wire.text().splitlines():
        message = json.loads(line)
        state = message.get("state") if isinstance(message, dict) else None
        if isinstance(state, dict):
            message = {**message, "state": {k: v for k, v in state.items() if k not in ("_esm", "_css")}}
        parts.append(json.dumps(message, ensure_ascii=False))
    return "\n".join(parts)


def play_by_buttons(table: PokerTable, wire: Wire, choose: Any = passive) -> int:
    """Play the student's seat by its buttons to the end of the deal, checking the wire after every move."""
    moves = 0
    while synced(table)["result"] is None:
        state = synced(table)
        view = table.view
        assert state["my_turn"] and not state["thinking"], state["status"]
        assert [m["action"] for m in state["actions"]] == [a.to_json() for a in sorted(view.legal, key=button_order)]
        kinds = [m["kind"] for m in state["actions"] if m["kind"] in BETTING_BUTTONS]
        assert kinds == sorted(kinds, key=BETTING_BUTTONS.index), "fold, check or call, then bring-in, complete, bet"
        hidden = hidden_from(table.game, table.seat)
        assert not leaks(page_data(wire), hidden), "a hidden card reached the page"
        wire.clear()
        page_sends(table, type="act", action=choose(state)["action"])
        assert synced(table)["notice"] is None, synced(table)["notice"]
        moves += 1
    return moves


@pytest.mark.parametrize(("game", "options", "seat"), [
    ("push_stud", {}, 0), ("push_stud", {"roll_your_own": True, "substitution": True}, 2), ("screw", {}, 1),
])
def test_a_whole_deal_by_the_buttons_shows_nothing_hidden(wire: Wire, game: str, options: dict, seat: int) -> None:
    table = PokerTable(game=game, seed=7, players=5, seat=seat, speed=0.0, **options)
    assert play_by_buttons(table, wire) >= 4
    state = synced(table)
    result = table.game.result
    assert result is not None and state["result"]["lines"] == list(result.lines)
    assert state["status"] == "The deal is over: see the showdown."
    assert [s["net"] for s in state["seats"]] == list(result.net)
    signs = {1: "+$", -1: "-$", 0: "$"}
    assert [s["net_text"] for s in state["seats"]] == [f"{signs[(n > 0) - (n < 0)]}{abs(n)} this deal"
                                                      for n in result.net], "money in dollars, as the log says it"
    bots = ["Ann", "Bob", "Cat", "Dan"]
    assert [s["name"] for s in state["seats"]] == [*bots[:seat], "You", *bots[seat:]], "the bots named as at brag"
    mine = [line for line in state["log"] if line.startswith("You ")]
    assert mine and not [line for line in state["log"] if line.startswith(f"Seat {seat + 1} ")], state["log"]
    assert table.record_file()[1].players[seat] == "You", "a saved deal names the student's seat as the page did"
    named = [s for s in state["seats"] if s["hands"]]
    assert named and all(s["in_hand"] for s in named), "each hand at the showdown is named"
    assert sum(s["stack"] for s in state["seats"]) == 200 * 5, "no chip is lost"


def test_other_seats_face_down_cards_are_backs_and_the_buttons_are_the_engines(wire: Wire) -> None:
    table = PokerTable(game="push_stud", seed=1, players=5, seat=0, speed=0.0)
    state = synced(table)
    view = table.view
    assert state["my_turn"] and state["phase"] == "push"
    for seat in state["seats"]:
        if seat["me"]:
            assert [c["c"] for c in seat["down"]] == [c.ascii for c in view.seats[0].down]
        else:
            assert all(c == {"back": True, "label": "face-down card"} for c in seat["down"])
    assert [m["label"] for m in state["actions"]] == ["Keep", "Push ($10)"]
    assert state["offer"]["card"]["c"] == view.offered.ascii and state["offer"]["mine"]
    assert "leaves play" in state["offer"]["text"], "seat 0 is the round's last player: a pushed card is dead"


def snapshot(table: PokerTable) -> tuple[object, ...]:
    """The table's deal and the page's state but its revision and notice."""
    state = {k: v for k, v in synced(table).items() if k not in ("rev", "notice")}
    return table.game.record().to_json(), json.dumps(state, sort_keys=True)


@pytest.mark.parametrize("request_", [
    {"type": "act", "action": {"type": "fold", "seat": 0}},
    {"type": "act", "action": {"type": "keep", "seat": 3}},
    {"type": "act", "action": {"type": "push_own", "seat": 0, "card": "2S"}},
    {"type": "act", "action": "keep"},
    {"type": "act", "action": {"type": "shove", "seat": 0}},
    {"type": "act", "action": {"type": "keep", "seat": "me"}},
    {"type": "act"},
    {"type": "takeback"},
    {"type": "new", "seed": "twelve"},
    {"type": "new", "seed": ""},
    {"type": "level", "level": "genius"},
    {"type": "log", "all": "yes"},
    {"type": "speed", "speed": "warp"},
    {"type": "deal"},
], ids=lambda r: json.dumps(r))
def test_refused_and_garbled_requests_change_nothing(wire: Wire, request_: dict) -> None:
    table = PokerTable(game="push_stud", seed=1, players=5, seat=0, speed=0.0)
    before = snapshot(table)
    page_sends(table, **request_)
    notice = synced(table)["notice"]
    assert notice["kind"] == "refused" and notice["text"]
    assert snapshot(table) == before


def test_a_refused_move_quotes_the_engine(wire: Wire) -> None:
    table = PokerTable(game="push_stud", seed=1, players=5, seat=0, speed=0.0)
    wrong = Action.of(0, "fold")
    page_sends(table, type="act", action=wrong.to_json())
    assert synced(table)["notice"]["text"] == table.game.refusal(wrong)


def test_at_a_choice_made_together_the_student_cannot_choose_for_a_bot(wire: Wire) -> None:
    """Seed 004's replace round, before anyone has chosen: the bots JIM, IKE and EVE are still to choose beside
    the student (RIZ), as while they think under a running loop; a move in JIM's name must be refused."""
    record = seed_004_record()
    table = PokerTable(game="screw", seed=1, seat=2, speed=0.0)
    table._start(load_stud(record, 51), mine=[])
    table.refresh()
    assert table.game.to_move == (1, 2, 3, 5) and synced(table)["my_turn"]
    before = snapshot(table)
    page_sends(table, type="act", action=dict(record.actions[51]))  # JIM replaces 7H
    notice = synced(table)["notice"]
    assert notice is not None, "the move was played in JIM's name"
    assert (notice["kind"], notice["text"]) == ("refused", "that is JIM's move: you choose only for your own seat")
    assert snapshot(table) == before


def test_moves_wait_for_the_students_turn(wire: Wire) -> None:
    async def early() -> None:
        table = PokerTable(game="push_stud", seed=1, players=5, seat=3, speed=60.0)
        assert synced(table)["thinking"] and not synced(table)["my_turn"]
        page_sends(table, type="act", action={"type": "keep", "seat": 3})
        assert synced(table)["notice"]["text"] == "it is not your move yet"
        page_sends(table, type="hint")
        assert synced(table)["notice"]["text"] == "it is not your move yet"
        assert table.moves == 0
        table.halt()

    asyncio.run(early())


async def at_students_bet(seed: int = 1) -> PokerTable:
    """A Push stud table (under a running loop) at the student's first betting turn, bots paused."""
    table = PokerTable(game="push_stud", seed=seed, players=4, seat=1, speed=0.0)
    await table.settled()
    while table.view.phase is not Phase.BET or not table.view.my_turn:
        page_sends(table, type="act", action=passive(synced(table))["action"])
        await table.settled()
    table._pacer.interval = 60.0
    return table


def test_take_back_undoes_a_move_that_showed_nothing_and_stops_at_a_shown_card(wire: Wire) -> None:
    async def run() -> None:
        table = await at_students_bet()
        assert not synced(table)["can_take_back"], "a keep showed the next card: it cannot be taken back"
        before = table.game.record()
        state = synced(table)
        bet = next(m for m in state["actions"] if m["kind"] in ("bet", "raise"))
        page_sends(table, type="act", action=bet["action"])
        assert synced(table)["can_take_back"], "a bet shows no card"
        page_sends(table, type="takeback")
        assert table.game.record() == before
        notice = synced(table)["notice"]
        assert notice["kind"] == "info" and notice["text"].startswith("Taken back: You bet")
        assert synced(table)["my_turn"] and not synced(table)["can_take_back"]
        page_sends(table, type="act", action=bet["action"])
        table.halt()
        table._pacer.interval = 0.0
        table._resume()
        await table.settled()
        assert not synced(table)["can_take_back"], "the bots have moved since"
        page_sends(table, type="takeback")
        assert synced(table)["notice"]["text"] == f"there is no move of yours to take back: {TAKE_BACK_NOTE}"
        table.halt()

    asyncio.run(run())


def test_the_coach_values_each_button_and_thinks_off_the_event_loop(wire: Wire) -> None:
    table = PokerTable(game="screw", seed=3, players=5, seat=1, speed=0.0)
    page_sends(table, type="hint")
    state = synced(table)
    assert state["hint"]["title"] == "The coach: keep or push?"
    assert state["hint"]["lines"][0].startswith("best: ")
    assert all(m["estimate"].startswith("value ") for m in state["actions"])

    async def ask() -> tuple[dict, dict]:
        other = PokerTable(game="screw", seed=3, players=5, seat=1, speed=0.0)
        page_sends(other, type="hint")
        waiting = synced(other)["hint"]
        for _ in range(500):
            if synced(other)["hint"]["lines"]:
                break
            await asyncio.sleep(0.01)
        return waiting, synced(other)["hint"]

    waiting, ready = asyncio.run(ask())
    assert waiting["title"] == "The coach is thinking…" and not waiting["lines"]
    assert ready == state["hint"], "the same seeded estimate, worked out in a thread"


def test_in_a_betting_round_the_coach_gives_the_chances(wire: Wire) -> None:
    table = PokerTable(game="push_stud", seed=2, players=4, seat=1, speed=0.0)
    while table.view.phase is not Phase.BET:
        page_sends(table, type="act", action=passive(synced(table))["action"])
    page_sends(table, type="hint")
    assert synced(table)["hint"]["lines"][0].startswith("If every card still to come were dealt now, you would win")


def test_the_declaration_stays_secret_until_everyone_has_declared(wire: Wire) -> None:
    table = PokerTable(game="screw", seed=3, players=5, seat=1, speed=0.0)
    while table.view.phase is not Phase.DECLARE:
        page_sends(table, type="act", action=passive(synced(table))["action"])
    state = synced(table)
    bots = [s for s in state["seats"] if not s["me"] and s["in_hand"]]
    assert bots and all(s["has_chosen"] and s["declared"] is None for s in bots)
    assert table.game._chosen, "the bots' declarations are made, not yet shown"
    assert [m["label"] for m in state["actions"]] == ["Low (1 chip)", "High (2 chips)", "Both (3 chips)"]
    assert "stays secret" in state["declare_note"]
    page_sends(table, type="act", action=state["actions"][0]["action"])
    seats = synced(table)["seats"]
    assert all(s["declared"] is not None for s in seats if s["in_hand"]), "all revealed together"


def test_save_sends_the_record_once_and_it_replays_to_the_same_table(wire: Wire) -> None:
    table = PokerTable(game="push_stud", seed=5, players=5, seat=2, speed=0.0, roll_your_own=True)
    page_sends(table, type="act", action=passive(synced(table))["action"])
    page_sends(table, type="save")
    download = synced(table)["download"]
    assert download["name"] == f"push_stud-deal-number-5-move-{table.moves}.json"
    replayed = load_stud(Record.from_json(download["text"]))
    assert replayed.observe(2) == table.view
    table.refresh()
    assert synced(table)["download"] is None, "the file is sent once"


@pytest.mark.parametrize("phase", [Phase.REPLACE, Phase.DECLARE])
def test_a_save_keeps_the_bots_choices_secret_until_everyone_has_chosen(wire: Wire, phase: Phase) -> None:
    """The bots choose first at a choice made together; a record saved before the student chooses held their
    replace (which can name a face-down card) or declaration."""
    table = PokerTable(game="screw", seed=4, players=5, seat=1, speed=0.0)
    while table.view.phase is not phase:
        page_sends(table, type="act", action=passive(synced(table))["action"])
    whole = table.game.record().actions
    secret = [a for a in whole[-4:] if a["type"] in ("stand", "replace", "declare")]
    assert table.game.to_move == (1,) and len(secret) == 3, "the bots have chosen, the student not yet"
    page_sends(table, type="save")
    download = synced(table)["download"]
    saved = Record.from_json(download["text"])
    assert saved.actions == whole[:-3]
    assert download["name"] == f"screw-deal-number-4-move-{len(whole) - 3}.json"
    replayed = load_stud(saved)
    assert replayed.phase is phase and sorted(replayed.to_move) == [0, 1, 2, 4]
    mine = table.view
    assert replayed.observe(1).seats[1] == mine.seats[1] and replayed.observe(1).log == mine.log
    page_sends(table, type="act", action=passive(synced(table))["action"])  # everyone has chosen: all is shown
    page_sends(table, type="save")
    assert Record.from_json(synced(table)["download"]["text"]).actions == table.game.record().actions


def test_the_offer_to_a_seat_that_cannot_pay_for_a_push_says_it_must_be_kept(wire: Wire) -> None:
    table = PokerTable(game="push_stud", seed=5, players=4, seat=1, speed=0.0)
    table._start(new_game("push_stud", seed=5, players=4, stacks=[200, 5, 200, 200]), mine=[])
    table.refresh()
    state = synced(table)
    assert [move["label"] for move in state["actions"]] == ["Keep"]
    assert state["offer"]["text"] == "Offered to you: keep it; a push costs $10, more than the $4 you have."
    assert state["offer"]["text"] == table.view.offer_text  # the core's words: the widget does not restate D-POK-09
    page_sends(table, type="act", action=state["actions"][0]["action"])
    offer = synced(table)["offer"]
    assert offer is None or "keep it free, or push it for $10" in offer["text"]


def test_the_replace_round_tells_a_seat_that_can_pay_for_nothing_to_stand(wire: Wire) -> None:
    """Screw Your Neighbor's replace round: with $4 the student reads the core's words for their own choices."""
    game = new_game("screw", seed=11, players=3, stacks=[200, 5, 200])
    while game.phase is not Phase.REPLACE:
        seat = game.to_move[0]
        game.apply(Action.keep(seat) if game.phase is Phase.PUSH else next(
            Action.of(seat, k) for k in ("bring_in", "check", "call") if game.can(Action.of(seat, k))))
    table = PokerTable(game="screw", seed=11, players=3, seat=1, speed=0.0)
    table._start(game, mine=[])
    table.refresh()
    state = synced(table)
    assert [move["label"] for move in state["actions"]] == ["Replace nothing"]
    assert state["status"] == ("Your move: stand (replacing costs $5 for an up card, $10 for a down card, "
                               "and you have only $4)")


def test_a_new_deal_by_its_number_and_the_bot_level(wire: Wire) -> None:
    table = PokerTable(game="screw", seed=5, players=4, seat=0, speed=0.0)
    page_sends(table, type="level", level="random")
    page_sends(table, type="new", seed="12")
    assert synced(table)["seed"] == "12" and table.game.seed == 12 and table.level == "random"
    assert synced(table)["notice"]["text"] == "New deal, deal number 12."
    page_sends(table, type="log", all=True)
    assert synced(table)["log"] == list(table.view.log)


def test_the_options_and_their_refusals() -> None:
    assert PokerTable(game="push_stud", seed=1, players=5, seat=0, level="threshold", roll_your_own=False,
                      substitution=False).game.rules.players == 5
    rules = PokerTable(game="push_stud", seed=1, roll_your_own=True, substitution=True, speed=0.0).game.rules
    assert rules.roll_your_own and rules.substitution and rules.players == 6
    for options, message in [
        ({"game": "brag"}, "a PokerTable deals push_stud or screw, not 'brag'"),
        ({"players": 10}, "Push stud is for 4 to 9 players, not 10"),
        ({"game": "screw", "players": 2}, "Screw Your Neighbor is for 3 to 8 players, not 2"),
        ({"seat": 6}, "this table has seats 1 to 6, not seat 7"),
        ({"level": "genius"}, "choose a bot level among random, threshold, not 'genius'"),
        ({"game": "screw", "substitution": True}, "options of Push stud, not of Screw Your Neighbor"),
    ]:
        with pytest.raises(ValueError, match=message):
            PokerTable(**options)
    with pytest.raises(TypeError, match="PokerTable\\(\\) has no option 'variant'"):
        PokerTable(variant="screw")


class Failing(RandomBot):
    """A bot that fails to choose."""

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        raise RuntimeError(f"cannot decide holding {observation.me}")


def test_a_failing_bot_stops_play_with_a_notice_that_names_no_card(wire: Wire) -> None:
    async def run() -> PokerTable:
        table = PokerTable(game="push_stud", seed=1, players=4, seat=0, speed=0.0, bots={1: Failing()})
        await table.settled()
        return table

    table = asyncio.run(run())
    notice = synced(table)["notice"]
    assert notice["kind"] == "error" and "Ann's bot failed to choose a move; play stops here" in notice["text"]
    assert "holding" in str(table.bot_error) and "holding" not in json.dumps(synced(table))


def test_the_split_and_the_odd_chip_in_words() -> None:
    view = PokerTable(game="screw", seed=1, players=4, speed=0.0).view
    from push_learn.poker.observation import Result

    result = Result((Award(0, "high", 6, ((1, 6),)), Award(0, "low", 5, ((2, 3), (3, 2)))), (0, 6, 3, 2),
                    (0, 0, 0, 0), ())
    assert explain_split(result, view) == [
        "$5 does not split evenly 2 ways: the odd chip goes to Bob, the first winner clockwise from the "
        "dealer's left.",
        "The pot of $11 is halved between high and low: the odd chip goes to the high half.",
    ]


# ---- fair play, differentially ---------------------------------------------------------------------------


POINTS = [
    ("push_stud", {}, Phase.PUSH, 0),
    ("push_stud", {"substitution": True}, Phase.BET, 2),
    ("push_stud", {"roll_your_own": True}, Phase.EXPOSE, 3),
    ("push_stud", {"roll_your_own": True, "substitution": True}, Phase.REPLACE, 1),
    ("screw", {}, Phase.PUSH, 2),
    ("screw", {}, Phase.REPLACE, 0),
    ("screw", {}, Phase.DECLARE, 1),
]


@pytest.mark.parametrize(("game", "options", "phase", "seat"), POINTS, ids=lambda p: str(p))
def test_the_page_is_the_same_whatever_the_hidden_cards_are(
    wire: Wire, game: str, options: dict, phase: Phase, seat: int
) -> None:
    """Two tables played alike to the student's turn in ``phase``; then one has its hidden cards (and any
    unrevealed declarations) dealt again. The page's state is the same, before and after a hint, a refused
    move, a garbled one, the whole log and a save."""
    tables = [PokerTable(game=game, seed=4, players=5, seat=seat, speed=0.0, **options) for _ in range(2)]
    while tables[0].view.phase is not phase:
        assert tables[0].view.my_turn, "the deal went past the phase"
        move = passive(synced(tables[0]))["action"]
        for table in tables:
            page_sends(table, type="act", action=move)
    assert synced(tables[0]) == synced(tables[1])
    before = tables[1].game.all_cards()
    redeal_hidden(tables[1].game, seat, random.Random(seat))
    assert tables[1].game.all_cards() != before
    if phase is Phase.DECLARE:
        assert tables[0].game._chosen != tables[1].game._chosen
    wrong = Action.of(seat, "fold" if phase is not Phase.BET else "keep").to_json()
    for request in ({}, {"type": "hint"}, {"type": "act", "action": wrong}, {"type": "act", "action": [1]},
                    {"type": "log", "all": True}, {"type": "save"}):
        for table in tables:
            if request:
                page_sends(table, **request)
            else:
                table.refresh()
        assert synced(tables[0]) == synced(tables[1]), f"the page learns hidden cards after {request or 'start'}"


@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(["push_stud", "screw"]), seed=st.integers(0, 10**6), seat=st.integers(0, 3),
       pick=st.randoms(use_true_random=False))
def test_any_deal_by_any_buttons_ends_and_shows_nothing_hidden(
    wire: Wire, game: str, seed: int, seat: int, pick: random.Random
) -> None:
    table = PokerTable(game=game, seed=seed, players=4, seat=seat, level="random", speed=0.0)
    wire.clear()
    play_by_buttons(table, wire, lambda state: pick.choice(state["actions"]))
    assert sum(s["stack"] for s in synced(table)["seats"]) == 800


class Slow(RandomBot):
    """A bot that thinks for a while (blocking, as a sampling bot does) before a random legal move."""

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        time.sleep(0.4)
        return super().choose(observation, rng)


def test_a_thinking_bot_leaves_the_page_answered(wire: Wire) -> None:
    async def ask_while_the_bot_thinks() -> PokerTable:
        table = PokerTable(game="push_stud", seed=1, players=4, seat=2, speed=0.0, bots={1: Slow()})
        await asyncio.sleep(0.1)
        assert table.moves == 0 and synced(table)["thinking"] is True
        page_sends(table, type="log", all=True)
        assert synced(table)["log_all"] is True, "the page was answered while the bot was thinking"
        assert table.moves == 0
        await table.settled()
        return table

    table = asyncio.run(ask_while_the_bot_thinks())
    assert table.moves >= 1 and synced(table)["my_turn"] is True


def test_side_pots_are_shown_while_a_short_stack_is_all_in(wire: Wire) -> None:
    """Ann (seat 2) starts with $4: once she is all in, the pot is cut into a main pot and a side pot (D-POK-05)."""
    table = PokerTable(game="push_stud", seed=5, players=4, seat=0, speed=0.0)
    table._start(new_game("push_stud", seed=5, players=table.names, stacks=[200, 4, 200, 200]), mine=[])
    table._resume()
    aggressive = ("call", "keep", "check", "bet", "raise")
    while not synced(table)["pots"]:
        state = synced(table)
        move = next((m for m in state["actions"] if m["kind"] in aggressive), state["actions"][0])
        page_sends(table, type="act", action=move["action"])
    state = synced(table)
    assert state["pots"][0].startswith("Main pot: $") and "Ann" in state["pots"][0]
    assert state["pots"][1].startswith("Side pot 1: $") and "Ann" not in state["pots"][1]
    seat = state["seats"][1]
    assert seat["all_in"] and seat["stack"] == 0
    pots = build_pots([s["committed"] for s in state["seats"]], [s["seat"] for s in state["seats"] if s["in_hand"]],
                      [1])
    assert [int(text.split("$")[1].split(",")[0]) for text in state["pots"]] == [pot.amount for pot in pots]


def test_the_bot_levels_are_the_catalogue_s_for_both_stud_games() -> None:
    from push_learn.games import spec_of
    from push_learn.widgets.poker_table import LEVELS

    assert LEVELS == tuple(spec_of("push_stud").bots) == tuple(spec_of("screw").bots)



def test_a_bot_overtaken_while_thinking_leaves_the_other_bots_moving(wire: Wire) -> None:
    """At a choice made together (Screw Your Neighbor's declarations) the student may move while a bot thinks in
    its worker thread. The bot's thought is then dropped, but play must go on while bots are still to choose:
    returning "no more steps" left a deal waiting for a declaration that never came."""
    table = PokerTable(game="push_stud", seed=1, players=4, seat=2, speed=0.0)  # the bots play up to seat 2
    game = table.game
    mine = next(action for action in game.legal_actions(2))

    async def overtaken() -> bool | None:
        def think() -> Action:
            game.apply(mine)  # the student's move lands while the bot is thinking
            return mine
        return await table._think_then_play(asyncio.get_running_loop(), game, 3, think)

    assert table.bots_to_move is False
    assert asyncio.run(overtaken()) is True and table.bots_to_move and table._current_game() is game
