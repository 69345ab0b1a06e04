"""Screw Your Neighbor (P2): the seed 004 worked example replayed from its record, and each rule of §3."""

from __future__ import annotations

import json

import pytest

from push_learn.cards import parse_card
from push_learn.errors import IllegalAction, RecordError
from push_learn.poker.actions import Action, ActionKind
from push_learn.poker.examples import seed_004_record
from push_learn.poker.observation import Phase
from push_learn.poker.screw import SCREW_YOUR_NEIGHBOR, ScrewGame, ScrewRules, screw_rules
from push_learn.poker.stud import PokerRulesError
from push_learn.poker.stud_records import load_stud
from push_learn.records import SCHEMA, Record

ASH, JIM, RIZ, IKE, JOE, EVE = range(6)


@pytest.fixture(scope="module")
def record() -> Record:
    return seed_004_record()


def boards(game: ScrewGame, seats: list[int]) -> dict[str, str]:
    return {game.players[s]: "(" + "".join(c.ascii for c in game.cards(s)[:1]) + ")"
            + "".join(c.ascii for c in game.cards(s)[1:]) for s in seats}


# stage -> number of actions in the record when the seed shows the table
AFTER_ROUND_1, AFTER_BETTING_1, AFTER_ROUND_2, AFTER_ROUND_3, AFTER_BETTING_3 = 6, 13, 17, 25, 36
AFTER_ROUND_4, AFTER_REPLACE, AFTER_DECLARE = 40, 55, 64


def test_seed_004_pot_after_the_first_push_round(record: Record) -> None:
    assert load_stud(record, AFTER_ROUND_1).pot == 5  # five pushes at $1


@pytest.mark.parametrize(("actions", "seats", "expected"), [
    (AFTER_ROUND_1, list(range(6)), {
        "ASH": "(JH)8D", "JIM": "(KC)KH", "RIZ": "(2S)8H", "IKE": "(9S)JS", "JOE": "(5C)JC", "EVE": "(AH)KS"}),
    (AFTER_ROUND_2, [JIM, RIZ, IKE, EVE], {
        "JIM": "(KC)KHKS", "RIZ": "(2S)8H3H", "IKE": "(9S)JS4S", "EVE": "(AH)2D4D"}),
    (AFTER_ROUND_3, [JIM, RIZ, IKE, EVE], {
        "JIM": "(KC)KHKS2C", "RIZ": "(2S)8H3H7C", "IKE": "(9S)JS4S3S", "EVE": "(AH)2D4D6D"}),
    (AFTER_ROUND_4, [JIM, RIZ, IKE, EVE], {
        "JIM": "(KC)KHKSQD7H", "RIZ": "(6H)8H3H7C2C", "IKE": "(9S)JS4S3S2S", "EVE": "(AH)2D4D6DAC"}),
    (AFTER_REPLACE, [JIM, RIZ, IKE, EVE], {
        "JIM": "(KC)KHKSQD10D", "RIZ": "(6H)8H3H7C2C", "IKE": "(9S)JS4S3S2S", "EVE": "(AS)2D4D6DAC"}),
], ids=["round 1", "round 2", "round 3", "round 4", "replace"])
def test_seed_004_hands_after_each_push_round(
    record: Record, actions: int, seats: list[int], expected: dict[str, str]
) -> None:
    assert boards(load_stud(record, actions), seats) == expected


def test_seed_004_result_ike_high_riz_low_split_pot(record: Record) -> None:
    game = load_stud(record)
    assert game.over and game.phase is Phase.OVER
    result = game.result
    assert result is not None
    assert sum(a.amount for a in result.awards) == 195
    assert result.lines == ("IKE wins the high half of the pot ($98) with a flush, jack high",
                            "RIZ wins the low half of the pot ($97) with 8-7 low")
    assert result.high_names[JIM] == "three of a kind, kings"
    assert result.low_names[RIZ] == "8-7 low"
    assert result.payouts == (0, 0, 97, 98, 0, 0)
    assert result.net == (-2, -52, 51, 53, -1, -49)
    assert game.stacks == (198, 148, 251, 253, 199, 151)
    assert game.record() == record


def test_seed_004_record_round_trips(record: Record) -> None:
    assert Record.from_json(record.to_json()) == record
    assert record.to_dict()["schema"] == SCHEMA and record.game == "screw" and len(record.actions) == 69


def test_bring_in_by_the_lowest_card(record: Record) -> None:
    """ASH's 8♦ brings in over RIZ's 8♥; JIM completes to $2."""
    game = load_stud(record, AFTER_ROUND_1)
    assert game.phase is Phase.BET and game.to_move == (ASH,)
    assert [a.kind for a in game.legal_actions()] == [ActionKind.BRING_IN, ActionKind.COMPLETE]
    game = load_stud(record, AFTER_ROUND_1 + 1)
    assert game.to_move == (JIM,)
    assert {a.kind for a in game.legal_actions()} == {ActionKind.FOLD, ActionKind.CALL, ActionKind.COMPLETE}


def test_the_last_players_push_is_buried_and_public(record: Record) -> None:
    game = load_stud(record, AFTER_ROUND_1)
    nine = parse_card("9C")
    stock = game.observe(RIZ).stock
    assert game.all_cards()[stock - 1] == nine  # the deck comes first, top to bottom
    assert nine in game.observe(RIZ).known_out
    assert any("buried at the bottom" in line for line in game.observe(None).log)


def test_first_offer_moves_round_and_skips_folded_players(record: Record) -> None:
    assert load_stud(record, 0).to_move == (JIM,)
    assert load_stud(record, AFTER_BETTING_1).to_move == (RIZ,)
    assert load_stud(record, 21).to_move == (IKE,)
    assert load_stud(record, AFTER_BETTING_3).to_move == (EVE,)  # JOE folded, so EVE after IKE


def test_keep_and_push_own_card(record: Record) -> None:
    """EVE keeps the 2♦ pushed to her and pushes her up-card K♠ to JIM."""
    game = load_stud(record, 15)
    assert game.to_move == (EVE,)
    obs = game.observe(EVE)
    assert obs.offered == parse_card("2D") and obs.offered_to == EVE and obs.pass_to == JIM
    own = {a.card for a in obs.legal if a.kind is ActionKind.PUSH_OWN}
    assert own == {parse_card("AH"), parse_card("KS")}
    game.apply(Action.push_own(EVE, "KS"))
    assert game.observe(JIM).offered == parse_card("KS")


def test_a_pushed_hole_card_arrives_face_up_and_the_fill_is_face_down(record: Record) -> None:
    game = load_stud(record, AFTER_ROUND_4)
    two = parse_card("2S")
    assert two in game.observe(JOE).seats[IKE].up
    six = parse_card("6H")
    assert game.observe(RIZ).seats[RIZ].down == (six,)
    assert game.observe(JIM).seats[RIZ].down == (None,)
    assert game.observe(None).seats[RIZ].down == (None,)


def test_replace_keeps_the_orientation_and_hides_a_down_card(record: Record) -> None:
    game = load_stud(record, 51)
    assert game.phase is Phase.REPLACE and set(game.to_move) == {JIM, RIZ, IKE, EVE}
    game.apply(Action.replace(JIM, "7H"))
    assert set(game.to_move) == {RIZ, IKE, EVE}
    assert game.observe(RIZ).seats[JIM].has_chosen
    with pytest.raises(IllegalAction, match="JIM has already chosen"):
        game.apply(Action.stand(JIM))
    for action in (Action.stand(RIZ), Action.stand(IKE), Action.replace(EVE, "AH")):
        game.apply(action)
    assert parse_card("10D") in game.observe(RIZ).seats[JIM].up
    assert game.observe(JIM).seats[EVE].down == (None,)
    assert game.observe(EVE).seats[EVE].down == (parse_card("AS"),)
    assert game.pot == load_stud(record, 51).pot + 15


def test_the_lock_rule_after_the_declaration(record: Record) -> None:
    """RIZ alone declared low, so he may check or call but not bet (A-P2-06)."""
    game = load_stud(record, AFTER_DECLARE + 1)  # JIM has checked
    assert game.to_move == (RIZ,)
    assert [a.kind for a in game.legal_actions()] == [ActionKind.FOLD, ActionKind.CHECK]
    with pytest.raises(IllegalAction, match="alone declared"):
        game.apply(Action.of(RIZ, "bet"))
    assert game.observe(None).seats[RIZ].declared is not None


def test_illegal_actions_explain_and_change_nothing(record: Record) -> None:
    game = load_stud(record, AFTER_BETTING_3)  # EVE is offered Q♦
    before = [game.observe(s) for s in range(6)]
    for action, words in [
        (Action.keep(JIM), "it is EVE's turn, not JIM's"),
        (Action.keep(JOE), "JOE is not in this hand"),
        (Action.push_own(EVE, "KS"), "EVE does not hold K♠"),
        (Action.of(EVE, "check"), "EVE cannot check now"),
        (Action.keep(9), "not seat 10"),
    ]:
        with pytest.raises(IllegalAction, match=words):
            game.apply(action)
        assert not game.can(action)
    assert [game.observe(s) for s in range(6)] == before
    assert len(game.actions) == AFTER_BETTING_3


def test_a_player_who_cannot_pay_must_keep() -> None:
    game = ScrewGame(screw_rules(players=3, push_price=2), stacks=[50, 1, 50], seed=2)
    assert game.to_move == (1,)
    assert game.legal_actions() == [Action.keep(1)]
    with pytest.raises(IllegalAction, match="a push costs \\$2 and you have only \\$1"):
        game.apply(Action.push(1))


def test_option_without_pushing_own_cards() -> None:
    game = ScrewGame(screw_rules(players=4, push_own_cards=False), seed=5)
    assert {a.kind for a in game.legal_actions()} == {ActionKind.KEEP, ActionKind.PUSH}
    with pytest.raises(IllegalAction, match="only the card offered"):
        game.apply(Action.push_own(game.to_move[0], game.cards(game.to_move[0])[0]))


def test_the_push_prompt_offers_only_the_choices_there_are() -> None:
    game = ScrewGame(screw_rules(players=3, push_price=2), stacks=[50, 1, 50], seed=2)
    card = game.observe(1).offered
    assert game.observe(1).prompt == f"keep {card} (a push costs $2 and you have only $1)"
    assert game.observe(None).prompt == f"Seat 2: keep {card} (a push costs $2 and Seat 2 has only $1)"
    game = ScrewGame(screw_rules(players=4, push_own_cards=False), seed=5)
    seat = game.to_move[0]
    card = game.observe(seat).offered
    assert game.observe(seat).prompt == f"keep {card} or push it ($1)"
    game = ScrewGame(screw_rules(players=4), seed=5)
    assert game.observe(seat).prompt == f"keep {card}, push it ($1), or keep it and push one of your cards ($1)"
    assert game.observe(None).prompt == (f"{game.players[seat]}: keep {card}, push it ($1), "
                                         "or keep it and push one of their cards ($1)")


def test_everyone_folds_to_one_player() -> None:
    game = ScrewGame(screw_rules(players=3), seed=11)
    while game.phase is Phase.PUSH:
        game.apply(Action.keep(game.to_move[0]))
    opener = game.to_move[0]
    game.apply(Action.of(opener, "complete"))
    while not game.over:
        game.apply(Action.of(game.to_move[0], "fold"))
    assert game.result is not None
    assert game.result.lines == (f"{game.players[opener]} wins $2: everyone else folded",)
    assert sum(game.stacks) == 600


def test_showdown_shows_live_down_cards_only(record: Record) -> None:
    game = load_stud(record)
    spectator = game.observe(None)
    assert spectator.seats[RIZ].down == (parse_card("6H"),)
    assert spectator.seats[JOE].down == (None,)  # JOE folded and never showed
    assert spectator.result is not None and "IKE wins" in spectator.result.lines[0]
    data = spectator.to_dict()
    assert data["seats"][RIZ]["down"] == ["6H"] and data["rules"]["replace_down_price"] == 10
    assert json.loads(json.dumps(data)) == data


def test_corrupt_records_are_refused(record: Record) -> None:
    data = record.to_dict()
    data["actions"][3] = {"type": "keep", "seat": 2}
    refusal = r"^step 4 \(RIZ keeps the card\) cannot be played: it is JOE's turn, not RIZ's$"
    with pytest.raises(RecordError, match=refusal) as caught:
        load_stud(Record.from_dict(data))
    assert caught.value.index == 3
    data = record.to_dict()
    data["actions"][0] = {"type": "dance", "seat": 1}
    with pytest.raises(RecordError, match=r"step 1 .* 'dance' is not an action of the stud games"):
        load_stud(Record.from_dict(data))
    with pytest.raises(RecordError, match="record version"):
        Record.from_dict({**record.to_dict(), "version": 1})
    with pytest.raises(RecordError, match="not valid JSON"):
        Record.from_json("{")
    with pytest.raises(RecordError, match="not a stud game"):
        load_stud(Record.from_dict({**record.to_dict(), "game": "canasta"}))
    with pytest.raises(RecordError, match="rules are not valid: Screw Your Neighbor is for 3 to 8 players, not 12"):
        load_stud(Record.from_dict({**record.to_dict(), "rules": {"players": 12}}))
    with pytest.raises(RecordError, match="set-up is not valid: at least two players"):
        load_stud(Record.from_dict({**record.to_dict(), "setup": {**record.setup, "stacks": [0] * 6}}))


def test_same_seed_same_deal() -> None:
    one, two = ScrewGame(seed=99), ScrewGame(seed=99)
    assert one.observe(None) == two.observe(None)
    assert [one.cards(s) for s in range(6)] == [two.cards(s) for s in range(6)]


def test_rules_are_checked() -> None:
    assert SCREW_YOUR_NEIGHBOR.betting_rounds == 6
    with pytest.raises(PokerRulesError, match="3 to 8 players"):
        screw_rules(players=9)
    with pytest.raises(PokerRulesError):
        ScrewRules(replace_up_price=-1)
    with pytest.raises(PokerRulesError, match="give 6 names"):
        ScrewGame(players=["A", "B"])
    assert ScrewRules.from_dict(SCREW_YOUR_NEIGHBOR.to_dict()) == SCREW_YOUR_NEIGHBOR


def test_decisions_and_results_are_read_only_values(record: Record) -> None:
    """A caller cannot widen the choices or rename a winner's hand by editing what the game hands out."""
    game = load_stud(record, AFTER_ROUND_1)
    decision = game.decision
    assert decision is not None
    seat, legal = decision.seats[0], game.legal_actions()
    with pytest.raises(TypeError):
        decision.options[seat] = (Action.keep(seat),)  # type: ignore[index]
    with pytest.raises(TypeError):
        decision.reasons["fold"] = "anything"  # type: ignore[index]
    assert game.legal_actions() == legal
    result = load_stud(record).result
    assert result is not None
    with pytest.raises(TypeError):
        result.high_names[JIM] = "a royal flush"  # type: ignore[index]
    with pytest.raises(TypeError):
        result.low_names[RIZ] = "a wheel"  # type: ignore[index]
    assert load_stud(record).result == result and result.high_names[JIM] == "three of a kind, kings"


BRING_IN_DECK = ["2C", "3C", "4C", "AS", "KH", "QD"]
"""Three players: hole cards 2♣ 3♣ 4♣, up cards A♠ K♥ Q♦."""


def test_the_bring_in_counts_the_ace_high() -> None:
    """A-P2-04: the lowest up card brings in, aces high, so the Q♦ (seat 0) brings in, not the A♠."""
    game = ScrewGame(screw_rules(players=3), seed=1, deck_top=BRING_IN_DECK)
    while game.phase is Phase.PUSH:
        game.apply(Action.keep(game.to_move[0]))
    assert game.to_move == (0,)
    assert [a.kind for a in game.legal_actions()] == [ActionKind.BRING_IN, ActionKind.COMPLETE]


def test_a_lowest_card_with_no_chips_left_is_passed_over_for_the_bring_in() -> None:
    """D-POK-02: seat 0 (Q♦) spent his last chip on the ante, so the next lowest, K♥ (seat 2), brings in."""
    game = ScrewGame(screw_rules(players=3, ante=1), stacks=[1, 50, 50], seed=1, deck_top=BRING_IN_DECK)
    while game.phase is Phase.PUSH:
        game.apply(Action.keep(game.to_move[0]))
    assert game.to_move == (2,)


def test_a_player_who_cannot_pay_to_replace_a_down_card_is_offered_the_up_cards_only() -> None:
    """D-POK-09: seat 1 has $8; a down card costs $10 to replace and an up card $5."""
    game = play_to_the_replace_round([200, 9, 200])
    assert 1 in game.to_move and game.stacks[1] == 8
    down = game.cards(1)[0]
    offered = [a for a in game.legal_actions(1) if a.kind is ActionKind.REPLACE]
    assert offered and down not in [a.card for a in offered]
    with pytest.raises(IllegalAction, match="cannot replace"):
        game.apply(Action.replace(1, down))
    assert game.observe(1).prompt == "replace an up card ($5) or stand (a down card costs $10 and you have only $8)"


def play_to_the_replace_round(stacks: list[int]) -> ScrewGame:
    """Seed 11's three-seat game with ``stacks``, every seat keeping and checking or calling, at the replace round."""
    game = ScrewGame(screw_rules(players=3), stacks=stacks, seed=11)
    while game.phase is not Phase.REPLACE:
        seat = game.to_move[0]
        if game.phase is Phase.PUSH:
            game.apply(Action.keep(seat))
        else:
            game.apply(next(Action.of(seat, k) for k in ("bring_in", "check", "call") if game.can(Action.of(seat, k))))
    return game


def test_the_replace_prompt_names_only_the_choices_a_seat_can_pay_for() -> None:
    """D-POK-09: seat 1 has $4 and can pay for no replacement: it is told to stand, with the prices it lacks;
    the others (and an onlooker) read the round's usual words."""
    game = play_to_the_replace_round([200, 5, 200])
    assert game.stacks[1] == 4 and game.legal_actions(1) == [Action.stand(1)]
    assert game.observe(1).prompt == ("stand (replacing costs $5 for an up card, $10 for a down card, "
                                      "and you have only $4)")
    usual = "replace one card ($5 for an up card, $10 for a down card) or stand"
    assert game.observe(0).prompt == game.observe(2).prompt == game.observe(None).prompt == usual


def test_screw_your_neighbor_needs_three_players() -> None:
    with pytest.raises(PokerRulesError, match="3 to 8 players"):
        screw_rules(players=2)


def test_the_card_on_offer_names_every_choice_screw_allows(record: Record) -> None:
    """Screw Your Neighbor lets the decider keep the card and push one of their own instead (A-P2-02): the words
    for the card on offer name that choice too, as the prompt does; a table's seat named "You" reads "you"."""
    from push_learn.poker.stud_records import load_stud
    from push_learn.poker.wording import YOU

    game = load_stud(record, 0)
    assert game.observe(None).offer_text == ("Offered to JIM: keep it free, push it for $1, or keep it and push one "
                                             "of their cards for $1; a pushed card goes to RIZ.")
    assert game.observe(1).offer_text == ("Offered to you: keep it free, push it for $1, or keep it and push one "
                                          "of your cards for $1; a pushed card goes to RIZ.")
    assert not ScrewGame(screw_rules(players=4, push_own_cards=False), seed=3).observe(None).offer_text.count("own")
    named = ScrewGame(screw_rules(players=3), players=("Ann", YOU, "Bob"), seed=3, dealer=0)
    assert named.to_move == (1,)
    assert named.observe(None).offer_text.startswith("Offered to you: keep it free, push it for $1, or keep it and "
                                                     "push one of your cards for $1; a pushed card goes to Bob.")
