"""PlayTable driven as the page does: the student's moves, refusals, hint, take-back, save/load, new games."""

from __future__ import annotations

import asyncio
import json
import random
import time

import pytest
from pl_widget_driver import Wire, page_sends, synced
from rummy_hidden import reshuffle_hidden

from push_learn.cards import Card, Rank
from push_learn.errors import IllegalAction
from push_learn.rummy import PUSH, SIX_TO_TEN
from push_learn.rummy.bots import GreedyBot
from push_learn.rummy.engine import Action, Discard, Match, Observation, Push, TakeUpcard, read_match_record
from push_learn.rummy.solver import best_go_down
from push_learn.widgets import PlayTable
from push_learn.widgets.coach_json import refusal_help
from push_learn.widgets.play_table import TAKE_BACK_NOTE


def first_mover(seed: int) -> int:
    """The seat that moves first in the Push match of ``seed``."""
    return Match.new(PUSH, seed).turn


def offer(state: dict, cls: str) -> dict:
    """The move button with CSS class ``cls``."""
    return next(o for o in state["offers"] if o["cls"] == cls)


def pick(table: PlayTable, cards: tuple[Card, ...]) -> None:
    """Click the given cards of the student's hand."""
    used: set[int] = set()
    for card in cards:
        index = next(i for i, held in enumerate(table.match.hand(table.seat)) if held == card and i not in used)
        used.add(index)
        page_sends(table, type="toggle", i=index)


def test_the_student_sees_only_their_own_hand_and_the_offered_moves(wire: Wire) -> None:
    seat = first_mover(5)
    table = PlayTable(seed=5, seat=seat)
    state = synced(table)
    assert state["my_turn"] is True and state["status"].startswith("Your turn: take")
    for shown in state["table"]["seats"]:
        assert (shown["cards"] is not None) == (shown["seat"] == seat)
        assert shown["count"] == 6
    assert [o["cls"] for o in state["offers"]] == ["pl-btn-take", "pl-btn-push"]
    page_sends(table, type="act", action=offer(state, "pl-btn-take")["action"])
    state = synced(table)
    assert table.match.actions == [TakeUpcard(seat)]
    assert state["announce"] == table.match.log(seat)[-1]
    new = [card["c"] for seat_json in state["table"]["seats"] if seat_json["me"] for card in seat_json["cards"]
           if card.get("new")]
    assert new == [Match.new(PUSH, 5).deal.upcard.ascii]


def test_a_refused_move_quotes_the_engine_and_changes_nothing(wire: Wire) -> None:
    seat = first_mover(5)
    table = PlayTable(seed=5, seat=seat)
    card = table.match.hand(seat)[0]
    before = table.match.snapshot()
    page_sends(table, type="act", action=Discard(seat, card).to_json())
    reference = Match.new(PUSH, 5)
    try:
        reference.verify(Discard(seat, card))
    except ValueError as refusal:
        reason = str(refusal)
    assert synced(table)["notice"]["text"] == reason
    assert table.match.snapshot() == before


def test_take_back_returns_to_before_the_students_last_move(wire: Wire) -> None:
    seat = first_mover(5)
    table = PlayTable(seed=5, seat=seat)
    page_sends(table, type="act", action=TakeUpcard(seat).to_json())
    assert synced(table)["can_take_back"] is True
    page_sends(table, type="takeback")
    assert table.match.snapshot() == Match.new(PUSH, 5).snapshot()
    assert synced(table)["can_take_back"] is False
    assert synced(table)["notice"]["text"] == "Taken back: take the up-card. Your move again."
    page_sends(table, type="takeback")
    assert synced(table)["notice"]["kind"] == "refused"


def test_going_down_with_melds_set_aside(wire: Wire) -> None:
    seed = next(
        s for s in range(1, 200)
        if best_go_down([*Match.new(PUSH, s).hand(first_mover(s)), Match.new(PUSH, s).deal.upcard], PUSH, 1)
    )
    seat = first_mover(seed)
    table = PlayTable(seed=seed, seat=seat)
    page_sends(table, type="act", action=TakeUpcard(seat).to_json())
    plan = best_go_down(table.match.hand(seat), PUSH, 1)
    assert plan is not None
    for meld in plan.go_down:
        pick(table, meld.cards)
        stage = next(o for o in synced(table)["offers"] if o["cls"] == "pl-btn-stage" and o["text"].endswith(str(meld)))
        page_sends(table, type="stage", k=stage["stage"])
    state = synced(table)
    assert len(state["staged"]) == len(plan.go_down)
    page_sends(table, type="act", action=offer(state, "pl-btn-go-down")["action"])
    state = synced(table)
    assert state["notice"] is None
    assert sorted(m["text"] for m in state["table"]["melds"]) == sorted(f"{m}" for m in plan.go_down)
    me = next(s for s in state["table"]["seats"] if s["me"])
    assert me["down"] is True


def test_save_sends_the_record_once_and_load_restores_it(wire: Wire) -> None:
    seat = first_mover(5)
    table = PlayTable(seed=5, seat=seat)
    page_sends(table, type="act", action=TakeUpcard(seat).to_json())
    page_sends(table, type="save")
    saved = synced(table)["download"]
    assert saved["name"] == "push-deal-number-5-move-1.json"
    assert read_match_record(saved["text"]).actions == (TakeUpcard(seat).to_json(),)
    page_sends(table, type="hint")
    assert synced(table)["download"] is None
    other = PlayTable(seed=next(s for s in range(6, 60) if first_mover(s) == seat), seat=seat)
    page_sends(other, type="load", text=saved["text"])
    assert other.match.snapshot() == table.match.snapshot()
    assert synced(other)["can_take_back"] is True
    page_sends(other, type="load", text=json.dumps({"schema": "nothing"}))
    assert synced(other)["notice"]["kind"] == "refused"
    assert other.match.snapshot() == table.match.snapshot()


def test_a_new_game_by_seed_and_the_hint(wire: Wire) -> None:
    table = PlayTable(seed=5, seat=first_mover(5))
    page_sends(table, type="hint")
    hint = synced(table)["hint"]
    assert hint["title"] == "Hint: take or push?" and hint["lines"]
    assert synced(table)["announce"] == f"{hint['title']}. {hint['lines'][0]}", "screen readers hear the hint"
    seed = next(s for s in range(6, 60) if first_mover(s) == table.seat)
    page_sends(table, type="new", seed=str(seed))
    assert table.match.snapshot() == Match.new(PUSH, seed).snapshot()
    assert synced(table)["seed"] == str(seed) and synced(table)["hint"] is None
    page_sends(table, type="new", seed="  ")
    assert synced(table)["notice"]["kind"] == "refused"


def card_codes(value: object) -> set[str]:
    """Every card code under a ``"c"`` key anywhere in a JSON value."""
    found: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "c" and isinstance(item, str):
                found.add(item)
            else:
                found |= card_codes(item)
    elif isinstance(value, list):
        for item in value:
            found |= card_codes(item)
    return found


def visible_codes(view: Observation) -> set[str]:
    """The card codes a seat may see: its hand, the table, the up-card, known and buried cards, scored hands."""
    cards = [*(view.hand or ()), *view.buried, *(c for known in view.known for c in known)]
    cards += [c for tm in view.melds for c in tm.meld.cards]
    cards += [c for c in (view.upcard, view.taken) if c is not None]
    if view.last_deal is not None:
        cards += [c for hand in view.last_deal.hands for c in hand]
    return {card.ascii for card in cards}


class SeatChecker:
    """Checks every state the widget syncs against what the student's seat may know at that moment."""

    def __init__(self, table: PlayTable) -> None:
        self.table = table
        self.states = 0
        self.actions_seen: list[int] = []
        table.observe(self.check, "state")

    def check(self, change: dict) -> None:
        """Called on each sync: nothing hidden, the log as the seat sees it."""
        state, view = change["new"], self.table.view
        self.states += 1
        self.actions_seen.append(len(self.table.match.actions))
        for seat in state["table"]["seats"]:
            assert (seat["cards"] is not None) == seat["me"]
        assert card_codes(state["table"]) <= visible_codes(view)
        if state["sheet"] and state["sheet"]["last"]:
            assert card_codes(state["sheet"]) <= visible_codes(view)
        assert [line["text"] for line in state["table"]["log"]] == [e.text(view.names) for e in view.log]


async def play_until(table: PlayTable, deals_done: int, student: GreedyBot) -> None:
    """Play the student's seat with a greedy bot through the page's intents until ``deals_done`` deals ended."""
    rng = random.Random(0)
    for _ in range(2000):
        await table.settled()
        state = synced(table)
        if len(table.match.results) >= deals_done and (state["paused"] or table.match.over):
            return
        if state["paused"]:
            page_sends(table, type="continue")
        elif state["my_turn"]:
            action = student.choose(table.view, rng)
            page_sends(table, type="act", action=action.to_json())
            assert synced(table)["notice"] is None or synced(table)["notice"]["kind"] != "refused"
    raise AssertionError("the match did not get there")


@pytest.mark.parametrize(("rules", "seat"), [("push", 2), ("cap_it", 1), ("six_to_ten", 0)])
def test_bots_play_move_by_move_and_nothing_hidden_reaches_the_page(wire: Wire, rules: str, seat: int) -> None:
    table = PlayTable(seed=11, rules=rules, seat=seat, level="greedy", speed=0.0)
    checker = SeatChecker(table)
    asyncio.run(play_until(table, 1, GreedyBot()))
    assert checker.states > len(table.match.actions) // 2
    steps = [b - a for a, b in zip(checker.actions_seen, checker.actions_seen[1:], strict=False)]
    assert max(steps) <= 1, "every bot action is a step of its own"
    state = synced(table)
    assert state["paused"] is True and state["sheet"]["last"]["deal"] == 1
    assert state["status"] == "Deal 1 is over: read the score sheet, then go on to deal 2."
    assert state["table"]["deal"] == 2 and state["table"]["waiting"] is True
    assert not any(seat["turn"] for seat in state["table"]["seats"]), "nobody is to move while play waits"
    moves = len(table.match.actions)
    asyncio.run(table.settled())
    assert len(table.match.actions) == moves, "bots wait while the score sheet is shown"
    page_sends(table, type="continue")
    state = synced(table)
    assert state["table"]["waiting"] is False and state["sheet"] is None
    assert [seat["seat"] for seat in state["table"]["seats"] if seat["turn"]] == [table.match.turn]
    for message in wire.text().splitlines():
        assert '"hands": [[' not in message


def test_take_back_stops_once_a_card_the_student_had_not_seen_is_shown(wire: Wire) -> None:
    """The same deal number deals the same cards, so undoing a move after the bots have played (or after
    a push's draw) would tell the student what comes next: take-back is refused and nothing changes."""
    seat = (first_mover(5) + 1) % 4
    table = PlayTable(seed=5, seat=seat, speed=0.0)
    asyncio.run(table.settled())
    assert synced(table)["my_turn"] is True
    assert len(table.match.actions) >= 1
    assert synced(table)["can_take_back"] is False, "the bots' moves cannot be taken back"
    page_sends(table, type="act", action=TakeUpcard(seat).to_json())
    assert synced(table)["can_take_back"] is True, "taking the up-card shows nothing new"
    moves = len(table.match.actions)
    page_sends(table, type="act", action=Discard(seat, table.match.hand(seat)[0]).to_json())
    asyncio.run(table.settled())
    assert len(table.match.actions) > moves + 1, "the bots played after the student's discard"
    after_bots = table.match.snapshot()
    assert synced(table)["can_take_back"] is False
    page_sends(table, type="takeback")
    refusal = f"there is no move of yours to take back: {TAKE_BACK_NOTE}"
    notice = synced(table)["notice"]
    assert (notice["kind"], notice["text"]) == ("refused", refusal)
    assert table.match.snapshot() == after_bots


def test_a_push_cannot_be_taken_back_once_the_pusher_has_drawn(wire: Wire) -> None:
    seat = first_mover(5)
    table = PlayTable(seed=5, seat=seat)
    page_sends(table, type="act", action=Push(seat).to_json())
    assert synced(table)["can_take_back"] is False
    page_sends(table, type="takeback")
    assert synced(table)["notice"]["kind"] == "refused" and len(table.match.actions) == 1


    async def too_early() -> None:
        other = PlayTable(seed=5, seat=(first_mover(5) + 2) % 4, speed=60.0)
        assert synced(other)["thinking"] is True
        page_sends(other, type="act", action=TakeUpcard(other.seat).to_json())
        assert synced(other)["notice"]["text"] == "it is not your turn yet"
        assert other.match.actions == []
        other.halt()

    asyncio.run(too_early())


def test_a_refused_move_comes_with_the_coachs_alternative(wire: Wire) -> None:
    seat = first_mover(5)
    table = PlayTable(seed=5, seat=seat)
    page_sends(table, type="act", action=Discard(seat, table.match.hand(seat)[0]).to_json())
    state = synced(table)
    assert state["notice"]["kind"] == "refused"
    assert state["help"] == refusal_help(table.view, Discard(seat, table.match.hand(seat)[0]))
    page_sends(table, type="hint")
    assert synced(table)["help"] is None


def test_a_mistyped_option_is_refused_by_name() -> None:
    with pytest.raises(TypeError, match="PlayTable\\(\\) has no option 'players'"):
        PlayTable(seed=1, players=5)


def test_the_default_seat_fits_the_game(wire: Wire) -> None:
    """South in a game of four; the last seat in 6-7-8-9-10 for two; a seat the game lacks is refused."""
    assert PlayTable(seed=1).seat == 2
    assert PlayTable(seed=1, rules="six_to_ten").seat == 1
    with pytest.raises(ValueError, match="6-7-8-9-10 here has seats 1 to 2, not seat 3"):
        PlayTable(seed=1, rules="six_to_ten", seat=2)


class SlowBot(GreedyBot):
    """GreedyBot that thinks for a while first (blocking, as a searching bot does), or fails."""

    def __init__(self, seconds: float, fail: bool = False) -> None:
        super().__init__()
        self.seconds = seconds
        self.fail = fail

    def choose(self, view: Observation, rng: random.Random) -> Action:
        time.sleep(self.seconds)
        if self.fail:
            raise RuntimeError("out of ideas")
        return super().choose(view, rng)


def slow_table(bot: SlowBot, seed: int = 5) -> PlayTable:
    """A table where the first mover is ``bot`` and the student sits next; build it under a running loop."""
    return PlayTable(seed=seed, seat=(first_mover(seed) + 1) % 4, speed=0.0, bots={first_mover(seed): bot})


def test_a_thinking_bot_leaves_the_page_answered(wire: Wire) -> None:
    async def sort_while_the_bot_thinks() -> PlayTable:
        table = slow_table(SlowBot(0.5))
        await asyncio.sleep(0.1)
        assert table.match.actions == [] and synced(table)["thinking"] is True
        page_sends(table, type="sort", by="rank")
        assert synced(table)["sort"] == "rank", "the page was answered while the bot was thinking"
        assert table.match.actions == []
        await table.settled()
        return table

    table = asyncio.run(sort_while_the_bot_thinks())
    assert len(table.match.actions) >= 1 and synced(table)["my_turn"] is True


def test_a_move_thought_out_for_an_old_game_is_dropped(wire: Wire) -> None:
    async def new_game_while_the_bot_thinks() -> None:
        table = slow_table(SlowBot(0.3))
        await asyncio.sleep(0.05)
        old = table.match
        page_sends(table, type="new", seed="6")
        table.halt()
        await asyncio.sleep(0.5)
        assert old.actions == [], "the old game's bot move was not played"
        assert table.match.seed == 6

    asyncio.run(new_game_while_the_bot_thinks())


def test_a_failing_bot_stops_play_with_a_notice(wire: Wire) -> None:
    async def run() -> PlayTable:
        table = slow_table(SlowBot(0.0, fail=True))
        await table.settled()
        return table

    table = asyncio.run(run())
    notice = synced(table)["notice"]
    assert notice["kind"] == "error" and "bot failed to choose a move; play stops here" in notice["text"]
    assert "out of ideas" not in notice["text"] and str(table.bot_error) == "out of ideas"
    assert table.match.actions == []


class WildDiscarder(GreedyBot):
    """A bot whose move the rules refuse: it discards a wild card, which 6-7-8-9-10 forbids."""

    def choose(self, view: Observation, rng: random.Random) -> Action:
        wilds = [card for card in view.hand if card.rank is Rank.TWO]
        if view.phase == "meld" and wilds:
            return Discard(view.turn, wilds[0])
        return super().choose(view, rng)


def test_a_refused_bot_move_stops_play_without_naming_the_bots_cards(wire: Wire) -> None:
    """The engine's reason names the bot's own wild; the page gets only that the move was refused."""
    seed = next(s for s in range(1, 60) if any(c.rank is Rank.TWO for c in Match.new(SIX_TO_TEN, s).hand(0)))
    first = Match.new(SIX_TO_TEN, seed).turn
    table = PlayTable(seed=seed, rules="six_to_ten", seat=1 - first, speed=0.0, bots={first: WildDiscarder()})
    asyncio.run(table.settled())
    notice = synced(table)["notice"]
    assert notice["kind"] == "error" and "tried a move the rules refuse; play stops here" in notice["text"]
    assert isinstance(table.bot_error, IllegalAction) and "wild" in str(table.bot_error)
    hidden = {str(card) for card in table.match.hand(first)} - {str(card) for card in table.view.hand}
    assert hidden and not any(card in json.dumps(synced(table)) for card in hidden)


def test_the_hint_is_worked_out_off_the_event_loop(wire: Wire) -> None:
    async def ask() -> tuple[dict, dict]:
        table = PlayTable(seed=5, seat=first_mover(5))
        page_sends(table, type="hint")
        waiting = synced(table)["hint"]
        for _ in range(500):
            if synced(table)["hint"]["lines"]:
                break
            await asyncio.sleep(0.01)
        return waiting, synced(table)["hint"]

    waiting, ready = asyncio.run(ask())
    assert waiting == {"title": "Hint: the coach is thinking…", "lines": []}
    assert ready["title"] == "Hint: take or push?" and ready["lines"]


def test_a_hint_for_a_move_already_made_is_dropped(wire: Wire) -> None:
    async def ask_then_move() -> PlayTable:
        table = PlayTable(seed=5, seat=first_mover(5), speed=60.0)
        page_sends(table, type="hint")
        page_sends(table, type="act", action=TakeUpcard(table.seat).to_json())
        await asyncio.sleep(0.5)
        table.halt()
        return table

    table = asyncio.run(ask_then_move())
    assert synced(table)["hint"] is None, "the hint for the draw was not shown after the draw"


@pytest.mark.parametrize(("rules", "seed"), [("push", 21), ("cap_it", 8), ("six_to_ten", 3)])
def test_the_page_is_the_same_whatever_the_hidden_cards_are(wire: Wire, rules: str, seed: int) -> None:
    """Fair play, differentially: two tables at the student's turn that differ only in the cards the student
    cannot see send the page exactly the same state, before and after asking for a hint, a refused move,
    a pick and a save."""
    seat = 1
    tables = [PlayTable(seed=seed, rules=rules, seat=seat, speed=0.0) for _ in range(2)]
    for table in tables:
        asyncio.run(table.settled())
    reshuffle_hidden(tables[1].match, seat, random.Random(seed))
    assert tables[0].match.snapshot() != tables[1].match.snapshot()
    view = tables[0].view
    assert view.my_turn
    for intent in (
        {},
        {"type": "hint"},
        {"type": "act", "action": Discard(view.turn, view.hand[0]).to_json()},
        {"type": "toggle", "i": 0},
        {"type": "save"},
    ):
        for table in tables:
            if intent:
                page_sends(table, **intent)
            else:
                table.refresh()
        assert synced(tables[0]) == synced(tables[1]), f"the page learns hidden cards after {intent or 'start'}"
