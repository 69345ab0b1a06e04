"""BragTable driven as the page does: play blind or look, bet, see, go on to the next deal, save.

Fair play is checked differentially: two tables whose hidden cards differ (every hand still unseen and
the pack) send the page exactly the same state while the bots play, and a blind student's own cards
never reach the page until the student looks."""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from typing import Any

import pytest
from brag_hidden import deal_differently
from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from pl_widget_driver import Wire, page_sends, synced

from push_learn.poker.brag import Bet, BragGame, BragRules, Cover, HandResult, Look, load_brag, pack_dealing
from push_learn.poker.brag_bots import SensibleBragBot
from push_learn.poker.brag_types import BragAction, BragObservation
from push_learn.records import Record
from push_learn.widgets import BragTable
from push_learn.widgets.brag_table import bet_amounts


def faces(state: dict[str, Any], seat: int) -> list[str]:
    """The face-up cards the page shows at ``seat``."""
    return [card["c"] for card in state["seats"][seat]["cards"] if not card.get("back")]


def choice(state: dict[str, Any], act: str, last: bool = False) -> dict[str, Any]:
    """The page's button for ``act`` (the last of several bets with ``last``), as the page would send it."""
    buttons = [c for c in state["choices"] if c["act"] == act]
    picked = buttons[-1] if last else buttons[0]
    return {"type": "act", **{k: v for k, v in picked.items() if k in ("act", "amount", "hand")}}


def sent_cards(wire: Wire) -> set[str]:
    """Every card ever sent face up to the page."""
    found: set[str] = set()
    for comm in wire.comms:
        for _, body in comm.sent:
            found |= {card for card in _card_codes(json.loads(body))}
    return found


def _card_codes(value: Any) -> set[str]:
    if isinstance(value, dict):
        codes = {value["c"]} if isinstance(value.get("c"), str) else set()
        for item in value.values():
            codes |= _card_codes(item)
        return codes
    if isinstance(value, list):
        return set().union(*(_card_codes(item) for item in value)) if value else set()
    return set()


def test_bet_amounts_cover_the_range_with_few_buttons() -> None:
    assert bet_amounts(3, 3) == [3]
    assert bet_amounts(2, 7) == [2, 3, 4, 5, 6, 7]
    assert bet_amounts(1, 20) == [1, 2, 4, 8, 16, 20]
    assert bet_amounts(5, 100) == [5, 10, 20, 40, 80, 100]


def test_the_title_names_the_other_players_not_seat_numbers() -> None:
    table = BragTable(seed=1, players=3, seat=1)
    others = [name for s, name in enumerate(table.names) if s != 1]
    assert table.view_state()["title"] == f"Three-card brag: you against {others[0]}, {others[1]}"
    assert BragTable(seed=1, players=3, title="Lesson 4").view_state()["title"] == "Lesson 4"


def test_a_blind_student_sees_backs_and_bets_at_half_rate(wire: Wire) -> None:
    table = BragTable(seed=1, players=4, seat=0, speed=0.0)
    state = synced(table)
    assert state["my_turn"] and state["stake"] == 2 and state["seats"][0]["cards"]
    assert faces(state, 0) == [] and "playing blind" in state["seats"][0]["hand_label"]
    bets = [c for c in state["choices"] if c["act"] == "bet"]
    assert [b["amount"] for b in bets] == [1, 2, 4, 8, 10]  # the stake 2 seen is 1 blind; the limit 20 is 10 blind
    assert bets[0]["text"] == "Bet 1 blind (= 2 seen)" and "the stake becomes 2" in bets[0]["aria"]
    assert {c["act"] for c in state["choices"]} == {"look", "bet", "fold"}
    own = {card.ascii for card in table.game.seats[0].hands[0]}
    assert not own & sent_cards(wire), "a blind student's cards reached the page"


def test_looking_shows_the_students_cards_and_open_rates(wire: Wire) -> None:
    table = BragTable(seed=1, players=4, seat=0, speed=0.0)
    page_sends(table, **choice(synced(table), "look"))
    state = synced(table)
    own = table.game.seats[0].hands[0]
    assert sorted(faces(state, 0)) == sorted(card.ascii for card in own)
    assert state["seats"][0]["hand_label"].startswith("Your cards: ") and "seen" in state["seats"][0]["sub"]
    bets = [c for c in state["choices"] if c["act"] == "bet"]
    assert bets[0]["amount"] == 2 and "blind" not in bets[0]["text"]  # seen: the whole stake
    assert all(faces(state, s) == [] for s in (1, 2, 3))
    assert "look" not in {c["act"] for c in state["choices"]}


@pytest.mark.parametrize(("intent", "words"), [
    ({"type": "act", "act": "shout"}, "a brag move is fold, look"),
    ({"type": "act", "act": "bet"}, "lacks a whole number 'amount'"),
    ({"type": "act", "act": "bet", "amount": "3"}, "lacks a whole number 'amount'"),
    ({"type": "act", "act": "bet", "amount": 99}, "must be between 1 and 10"),
    ({"type": "act", "act": "see"}, "seeing is only possible with two players left"),
    ({"type": "act", "act": "cover"}, "you can still afford a bet"),
    ({"type": "act", "act": "keep"}, "keeping or dropping a hand comes only after"),
    ({"type": "act", "act": "look", "hand": 3}, "there is no hand 3"),
    ({"type": "act"}, "lacks the text 'act'"),
    ({"type": "continue"}, "the deal is still being played"),
    ({"type": "new", "seed": " "}, "type a deal number first"),
    ({"type": "new", "seed": "many"}, "deal number"),
    ({"type": "level", "level": "genius"}, "choose a bot level among random, sensible"),
    ({"type": "speed", "speed": "warp"}, "choose a speed among"),
    ({"type": "dance"}, "does not understand the request"),
    ({"type": None}, "does not understand the request"),
])
def test_garbled_or_refused_intents_change_nothing(wire: Wire, intent: dict[str, Any], words: str) -> None:
    table = BragTable(seed=1, players=4, seat=0, speed=0.0)
    before = {k: v for k, v in synced(table).items() if k not in ("rev", "notice")}
    moves = list(table.game.actions)
    page_sends(table, **intent)
    state = synced(table)
    assert state["notice"]["kind"] == "refused" and words in state["notice"]["text"]
    assert {k: v for k, v in state.items() if k not in ("rev", "notice")} == before
    assert table.game.actions == moves


def test_acting_out_of_turn_is_refused(wire: Wire) -> None:
    async def act_early() -> None:
        table = BragTable(seed=1, players=4, seat=2, speed=60.0)  # the bots wait a minute: it is Ann's turn
        assert table.game.to_move == (1,) and synced(table)["thinking"] is True
        page_sends(table, type="act", act="fold")
        assert synced(table)["notice"]["text"] == "it is not your turn yet" and table.game.actions == []
        table.halt()

    asyncio.run(act_early())


def test_the_coach_answers_on_the_students_turn_until_the_move_is_made(wire: Wire) -> None:
    table = BragTable(seed=1, players=4, seat=0, speed=0.0)
    assert synced(table)["hint"] is None
    page_sends(table, type="hint")
    hint = synced(table)["hint"]
    assert hint["title"] == "The coach" and hint["lines"][0] == "The sensible player would bet 1 blind."
    assert hint["lines"][1].startswith("Blind, you pay half the stake: 1 of your")
    page_sends(table, **choice(synced(table), "bet"))
    assert synced(table)["hint"] is None  # the advice answered a decision that is gone


def test_the_coach_waits_for_the_students_turn(wire: Wire) -> None:
    async def ask_early() -> None:
        table = BragTable(seed=1, players=4, seat=2, speed=60.0)  # the bots wait a minute: it is Ann's turn
        page_sends(table, type="hint")
        state = synced(table)
        assert state["notice"]["text"] == "the coach answers when it is your turn" and state["hint"] is None
        table.halt()

    asyncio.run(ask_early())


def play_blind(table: BragTable) -> list[dict[str, Any]]:
    """The student plays blind to the end of the deal: see when allowed, else the largest blind bet."""
    sent = []
    while not synced(table)["paused"]:
        state = synced(table)
        acts = {c["act"] for c in state["choices"]}
        intent = choice(state, "see") if "see" in acts else choice(state, "bet", last=True)
        sent.append(intent)
        page_sends(table, **intent)
    return sent


def mirror(seed: int, players: int, seat: int, student: list[BragAction]) -> BragGame:
    """The same deal played in the core: the student's moves, and a sensible bot in every other seat."""
    names = ("You", "Ann", "Bob", "Cat")[:players]
    game = BragGame(BragRules(players=players), seed, hands=10, players=names)
    bot, rng, mine = SensibleBragBot(), random.Random(0), iter(student)
    while len(game.results) < 1:
        mover = game.to_move[0]
        game.apply(next(mine) if mover == seat else bot.choose(game.observe(mover), rng))
    return game


def test_a_whole_deal_played_blind_ends_in_the_showdown_the_core_gives(wire: Wire) -> None:
    table = BragTable(seed=5, players=4, seat=0, speed=0.0)
    sent = play_blind(table)
    state = synced(table)
    assert [i["act"] for i in sent] == ["bet", "see"]
    student = [a for a in table.game.actions if a.seat == 0]
    core = mirror(5, 4, 0, student)
    result = core.results[0]
    assert state["paused"] and not state["my_turn"] and state["choices"] == []
    last = state["last"]
    assert last["how"] == result.how == "You saw Cat"
    assert [s["hand"] for s in last["shown"]] == [s.name for s in result.shown]
    assert [[c["c"] for c in s["cards"]] for s in last["shown"]] == [[c.ascii for c in s.cards] for s in result.shown]
    assert last["awards"] == [f"You take {a.amount} chips" for a in result.awards]  # one pot: nothing to explain
    assert "not shuffled" in last["pack"]
    assert [s["sub"].split(" · ")[0] for s in state["seats"]] == [f"{n} chips" for n in core.stacks]
    # Beneath "Deal 1 is over" nothing of deal 2 yet: no cards, nobody to act (the status names its pot).
    assert state["deal"] == 1 and state["status"].startswith("Deal 1 is over") and "deal 2" in state["status"]
    assert all(not seat["cards"] and not seat["to_move"] and "to act" not in seat["label"] for seat in state["seats"])
    assert state["log"] == []  # not "Deal 2: ... deals" yet
    page_sends(table, type="continue")
    state = synced(table)
    assert not state["paused"] and state["deal"] == 2 and state["last"] is not None and not state["show_last"]
    assert all(seat["cards"] for seat in state["seats"]) and any(seat["to_move"] for seat in state["seats"])


def test_lines_about_the_student_are_worded_for_you(wire: Wire) -> None:
    """The log, the showdown and the next deal's first line read "You bet", "Your cards", "Deal 2: you deal"."""
    table = BragTable(seed=5, players=4, seat=1, speed=0.0)
    page_sends(table, **choice(synced(table), "bet"))
    assert "You bet 1 blind" in synced(table)["log"]
    play_blind(table)
    state = synced(table)
    mine = [line for line in [*state["log"], state["announce"], state["last"]["how"], *state["last"]["awards"]]
            if line.startswith("You ")]
    assert mine and not [line for line in mine if re.match(r"You (is|has|[a-z]*[^s]s)\b", line)]
    shown = {s["name"]: s["label"] for s in state["last"]["shown"]}
    assert "You" not in shown or shown["You"].startswith("Your cards: ")
    page_sends(table, type="continue")
    state = synced(table)
    assert table.game.dealer == 1 and state["log"][0] == "Deal 2: you deal"


def test_a_pot_the_student_covered_says_covered_by_you() -> None:
    table = BragTable(seed=5, players=4, seat=2, speed=0.0)
    hands = ["KS KD 2C", "7C 5D 2H", "AS AH 4D", "QS QD 5C"]
    rules = BragRules(players=4, starting_stack=100, raise_limit=None, max_first_bet=100, open_may_raise_blind=True)
    game = BragGame(rules, seed=99, hands=2, pack=pack_dealing(hands), players=table.names)
    for action in (Look(1), Bet(1, 10), Look(2), Bet(2, 80), Bet(3, 40), Bet(0, 40), Bet(1, 80), Cover(2)):
        game.apply(action)
    table._begin(game)
    assert [pot["coverer"] for pot in table.view_state()["pots"]] == ["you", None]
    assert "You cover the pot with 19 chips" in table.view_state()["log"]


def test_the_pack_note_follows_the_engines_reshuffle(wire: Wire) -> None:
    table = BragTable(seed=5, players=4, seat=0, speed=0.0)
    shuffled = table._result_json(HandResult(1, "everyone else folded", (), (), 0, True))
    kept = table._result_json(HandResult(1, "everyone else folded", (), (), 0, False))
    assert "prial" in shuffled["pack"] and "is shuffled" in shuffled["pack"]
    assert "not shuffled" in kept["pack"]


def test_save_offers_the_record_once_and_it_replays(wire: Wire) -> None:
    table = BragTable(seed=5, players=4, seat=0, speed=0.0)
    play_blind(table)
    page_sends(table, type="save")
    state = synced(table)
    file = state["download"]
    assert file["name"] == f"brag-deal-number-5-move-{len(table.game.actions)}.json"
    game = load_brag(Record.from_json(file["text"]))
    assert game.stacks == table.game.stacks and game.results[0].how == "You saw Cat"
    table.refresh()
    assert synced(table)["download"] is None


def test_a_new_session_and_another_bot_level(wire: Wire) -> None:
    table = BragTable(seed=5, players=3, seat=1, speed=0.0)
    page_sends(table, type="new", seed="12")
    assert table.seed == 12 and synced(table)["seed"] == "12" and synced(table)["deal"] == 1
    page_sends(table, type="level", level="random")
    assert synced(table)["level"] == "random" and table.level == "random"


def test_bad_settings_are_refused_in_words() -> None:
    with pytest.raises(ValueError, match="2 to 8 players"):
        BragTable(players=9)
    with pytest.raises(ValueError, match=r"^a table of 4 players has seats 1 to 4, not seat 5$"):
        BragTable(seat=4)
    with pytest.raises(ValueError, match="bot level"):
        BragTable(level="clever")
    with pytest.raises(TypeError, match="no option"):
        BragTable(colour="red")  # type: ignore[call-arg]


class SlowBot:
    """A sensible bot that takes its time (or fails)."""

    def __init__(self, seconds: float, fail: bool = False) -> None:
        self.seconds, self.fail = seconds, fail

    def choose(self, observation: BragObservation, rng: random.Random) -> BragAction:
        time.sleep(self.seconds)
        if self.fail:
            raise RuntimeError("out of ideas")
        return SensibleBragBot().choose(observation, rng)


def test_a_thinking_bot_leaves_the_page_answered(wire: Wire) -> None:
    async def change_level_while_the_bot_thinks() -> BragTable:
        table = BragTable(seed=1, players=4, seat=3, speed=0.0)  # seat 1 (Bob) moves first
        table._bots[1] = SlowBot(0.5)
        await asyncio.sleep(0.1)
        assert table.game.actions == [] and synced(table)["thinking"] is True
        page_sends(table, type="speed", speed="fast")
        assert synced(table)["speed"] == "fast", "the page was answered while the bot was thinking"
        table._pacer.interval = 0.0
        await table.settled()
        return table

    table = asyncio.run(change_level_while_the_bot_thinks())
    assert table.game.actions and synced(table)["my_turn"] is True


def test_a_failing_bot_stops_play_without_its_reason(wire: Wire) -> None:
    async def run() -> BragTable:
        table = BragTable(seed=1, players=4, seat=3, speed=0.0)
        table._bots[1] = SlowBot(0.0, fail=True)
        await table.settled()
        return table

    table = asyncio.run(run())
    notice = synced(table)["notice"]
    assert notice["kind"] == "error" and "Bob's bot could not move" in notice["text"]
    assert "out of ideas" not in notice["text"] and str(table.bot_error) == "out of ideas"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_page_is_the_same_whatever_the_hidden_cards_are(wire: Wire, seed: int) -> None:
    """Fair play, differentially: the student (blind) and random bots play on two tables whose unseen cards
    (every hand, the student's own included, and the pack) were dealt differently; the page gets the same
    state after every move until the deal ends. The bots' choices do not depend on cards they have not seen
    only while they are blind, so random bots (who never read their cards) keep both tables in step. The
    student asks the coach before every move: its advice is the same on both tables."""
    tables = [BragTable(seed=seed, players=4, seat=0, level="random", speed=0.0) for _ in range(2)]
    deal_differently(tables[1].game, random.Random(seed), keep=None)
    assert tables[0].game.seats[0].hands != tables[1].game.seats[0].hands
    steps, shown = 0, set()
    while not tables[0].paused and steps < 40:
        for table in tables:  # the coach too reads the student's observation only
            page_sends(table, type="hint")
        assert synced(tables[0]) == synced(tables[1]), f"the page learns hidden cards after {steps} moves"
        state = synced(tables[0])
        assert state["hint"] is not None
        shown |= _card_codes(state)
        bets = [c for c in state["choices"] if c["act"] == "bet"]
        intent = choice(state, "bet") if bets else choice(state, "fold")
        for table in tables:
            page_sends(table, **intent)
        steps += 1
    own = {card.ascii for table in tables for hand in table.game.seats[0].hands for card in hand}
    assert steps and not own & shown, "a blind student's cards reached the page before the showdown"


@settings(max_examples=examples(12), deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.lists(st.integers(min_value=0, max_value=20), max_size=30))
def test_any_clicks_keep_the_chips_and_hide_a_blind_students_cards(seed: int, picks: list[int]) -> None:
    """Whatever buttons the student presses (the page's own choices, or Next deal), the chips on the page add up
    to what the players brought, and while the student is blind the page holds none of the student's cards."""
    table = BragTable(seed=seed, players=3, seat=0, speed=0.0, hands=3)
    for pick in picks:
        state = table.state
        held = {card.ascii for hand in table.game.seats[0].hands for card in hand}
        if table.game.seats[0].blind:
            assert not held & _card_codes({k: v for k, v in state.items() if k != "last"})
        stacks = sum(int(seat["sub"].split(" ")[0]) for seat in state["seats"])
        assert stacks + state["pot"] == 300
        if state["over"]:
            break
        if state["paused"]:
            table.handle_intent({"type": "continue"})
            continue
        choices = state["choices"]
        assert choices, "the student is to move whenever no bot is and the deal is not over"
        picked = choices[pick % len(choices)]
        table.handle_intent({"type": "act", **{k: v for k, v in picked.items() if k in ("act", "amount", "hand")}})
        assert table.notice is None, "a button the page offers is never refused"
