"""DealStepper driven as the page does: stepping, playing at a pace, seat views, what-ifs and refusals."""

from __future__ import annotations

import asyncio
import json

import pytest
from pl_widget_driver import Wire, page_sends, synced

from push_learn.errors import IllegalAction
from push_learn.records import Record
from push_learn.rummy import PUSH, SIX_TO_TEN
from push_learn.rummy.engine import (
    Discard,
    LayOff,
    Match,
    NewMeld,
    Push,
    RecordError,
    Rescue,
    TakeUpcard,
    load_match,
    play_random_match,
)
from push_learn.widgets import DealStepper

PLAYED = play_random_match(PUSH, seed=3)
RECORD = PLAYED.record()


def test_stepping_shows_the_engines_state_and_event_text(wire: Wire) -> None:
    stepper = DealStepper(RECORD)
    assert synced(stepper)["position"] == 0
    assert synced(stepper)["step_text"].startswith("Deal 1 of 5:")
    page_sends(stepper, type="step", by=1)
    page_sends(stepper, type="step", by=1)
    match = load_match(RECORD, 2)
    state = synced(stepper)
    assert state["position"] == 2
    assert state["step_text"] == match.log()[-1]
    assert state["announce"] == state["step_text"], "screen readers hear each step"
    shown = {seat["seat"]: [c["c"] for c in seat["cards"]] for seat in state["table"]["seats"]}
    for seat in range(4):
        assert sorted(shown[seat]) == sorted(card.ascii for card in match.hand(seat))
    page_sends(stepper, type="go", to=10_000)
    assert synced(stepper)["position"] == len(RECORD)
    assert synced(stepper)["sheet"]["over"] is True
    page_sends(stepper, type="step", by=-1)
    assert synced(stepper)["position"] == len(RECORD) - 1
    page_sends(stepper, type="go", to=0)
    assert stepper.match.snapshot() == load_match(RECORD, 0).snapshot()


def test_play_moves_one_step_at_a_time_at_the_chosen_pace(wire: Wire) -> None:
    stepper = DealStepper(RECORD, position=len(RECORD) - 4, speed=0.001)
    seen: list[int] = []
    stepper.observe(lambda change: seen.append(change["new"]["position"]), "state")

    async def play() -> None:
        page_sends(stepper, type="play")
        assert synced(stepper)["playing"] is True
        await stepper.settled()

    asyncio.run(play())
    assert seen[-4:] == [len(RECORD) - 3, len(RECORD) - 2, len(RECORD) - 1, len(RECORD)]
    assert synced(stepper)["playing"] is False


def first_push_position(played: Match) -> int:
    """The first position where the match's next move is a push (so taking is a real what-if)."""
    return next(n for n, action in enumerate(played.actions) if isinstance(action, Push))


def test_what_if_plays_another_move_and_can_be_undone(wire: Wire) -> None:
    at = first_push_position(PLAYED)
    stepper = DealStepper(RECORD, position=at)
    offers = synced(stepper)["offers"]
    take = next(offer for offer in offers if offer["cls"] == "pl-btn-take")
    page_sends(stepper, type="act", action=take["action"])
    state = synced(stepper)
    assert state["diverged"] is True and state["position"] == at + 1
    assert stepper.record.actions[at] == TakeUpcard(PLAYED.actions[at].seat).to_json()
    assert stepper.record.actions[:at] == RECORD.actions[:at]
    assert state["notice"]["kind"] == "ok"
    page_sends(stepper, type="restore")
    assert synced(stepper)["diverged"] is False
    assert stepper.match.snapshot() == load_match(RECORD, at + 1).snapshot()


def test_a_refused_what_if_quotes_the_engine_and_changes_nothing(wire: Wire) -> None:
    at = first_push_position(PLAYED)
    stepper = DealStepper(RECORD, position=at)
    before = stepper.match.snapshot()
    match = load_match(RECORD, at)
    page_sends(stepper, type="act", action=Discard(match.turn, match.hand(match.turn)[0]).to_json())
    notice = synced(stepper)["notice"]
    assert notice["kind"] == "refused"
    with pytest.raises(IllegalAction) as refusal:
        match.verify(Discard(match.turn, match.hand(match.turn)[0]))
    assert notice["text"] == str(refusal.value)
    assert stepper.match.snapshot() == before and not stepper.diverged


def test_a_seat_view_shows_only_that_seats_hand_and_hides_drawn_cards(wire: Wire) -> None:
    stepper = DealStepper(RECORD, seat=1)
    for position in range(0, 40):
        page_sends(stepper, type="go", to=position)
        table = synced(stepper)["table"]
        for seat in table["seats"]:
            assert (seat["cards"] is not None) == (seat["seat"] == 1)
        match = load_match(RECORD, position)
        assert [line["text"] for line in table["log"]] == [
            event.text(match.names) for event in match.observe(1).log
        ]
    hidden = json.dumps([card.ascii for card in load_match(RECORD, 39).deal.stock])
    assert hidden.strip("[]") not in wire.text()


def test_what_if_is_offered_only_on_the_viewing_seats_turns(wire: Wire) -> None:
    at = first_push_position(PLAYED)
    mover = load_match(RECORD, at).turn
    other = (mover + 1) % 4
    stepper = DealStepper(RECORD, position=at, seat=other)
    assert synced(stepper)["mover"] is None and synced(stepper)["offers"] == []
    page_sends(stepper, type="act", action=TakeUpcard(mover).to_json())
    assert synced(stepper)["notice"]["kind"] == "refused"
    assert not stepper.diverged
    page_sends(stepper, type="seat", seat=mover)
    assert synced(stepper)["mover"] == mover


def test_records_load_from_json_and_bad_records_are_refused(wire: Wire) -> None:
    record = play_random_match(SIX_TO_TEN, seed=2).record()
    stepper = DealStepper(record.to_json(), position=5)
    assert synced(stepper)["length"] == len(record)
    assert synced(stepper)["table"]["game"] == "6-7-8-9-10"
    with pytest.raises(RecordError):
        DealStepper('{"schema": "something else"}')
    assert isinstance(DealStepper(record).record, Record)


def test_an_unknown_bot_level_for_the_demo_is_refused() -> None:
    with pytest.raises(ValueError, match="choose a bot level"):
        DealStepper(seed=1, level="grandmaster")


@pytest.mark.parametrize("kind", [LayOff, Rescue, NewMeld])
def test_table_moves_are_offered_from_picked_cards_and_accepted(wire: Wire, kind: type) -> None:
    """At a recorded lay-off, rescue or new meld, picking its cards (and meld) offers exactly that move."""
    at = next(n for n, action in enumerate(PLAYED.actions) if isinstance(action, kind))
    action = PLAYED.actions[at]
    stepper = DealStepper(RECORD, position=at)
    hand = list(stepper.match.hand(stepper.match.turn))
    cards = action.meld.cards if isinstance(action, NewMeld) else (action.card,)
    used: set[int] = set()
    for card in cards:
        index = next(i for i, held in enumerate(hand) if held == card and i not in used)
        used.add(index)
        page_sends(stepper, type="toggle", i=index)
    if not isinstance(action, NewMeld):
        page_sends(stepper, type="meld", id=action.target)
    offered = [o["action"] for o in synced(stepper)["offers"] if "action" in o]
    expected = action.to_json()
    if isinstance(action, LayOff) and action.result is None:
        expected = next(o for o in offered if o["type"] == "lay_off")
    assert expected in offered
    page_sends(stepper, type="act", action=expected)
    assert synced(stepper)["notice"]["kind"] == "ok"
    assert stepper.match.snapshot()[4] == load_match(RECORD, at + 1).snapshot()[4]


def test_restore_at_the_start_shows_the_start(wire: Wire) -> None:
    """Found by the intent fuzz: restoring at step 0 used to play the record's last move onto the start."""
    stepper = DealStepper(seed=3)
    before = synced(stepper)
    page_sends(stepper, type="restore")
    after = synced(stepper)
    assert stepper.position == 0 and stepper._match.snapshot() == load_match(stepper.record, 0).snapshot()
    assert (after["notice"], after["table"]) == (before["notice"], before["table"])


def test_what_if_moves_are_counted_apart_from_the_record(wire: Wire) -> None:
    at = first_push_position(PLAYED)
    whole = len(RECORD.actions)
    stepper = DealStepper(RECORD, position=at)
    assert synced(stepper)["position_text"] == f"Move {at} of {whole}"
    take = next(offer for offer in synced(stepper)["offers"] if offer["cls"] == "pl-btn-take")
    page_sends(stepper, type="act", action=take["action"])
    assert synced(stepper)["position_text"] == f"What-if move 1 of 1, tried after move {at} of the record's {whole}"
    page_sends(stepper, type="go", to=at - 1)  # before the what-if: the record's own moves
    assert synced(stepper)["position_text"] == (
        f"Move {at - 1} of the record's {whole} (your what-if starts after move {at})"
    )
    page_sends(stepper, type="restore")
    assert synced(stepper)["position_text"] == f"Move {at - 1} of {whole}"
