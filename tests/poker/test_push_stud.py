"""Push stud (P1, seed 003): the Article 3 procedure, betting, Substitution and Roll Your Own."""

from __future__ import annotations

import pytest

from push_learn.cards import Card, parse_card, parse_cards, standard_deck
from push_learn.errors import IllegalAction, RecordError
from push_learn.poker.actions import Action, ActionKind
from push_learn.poker.observation import Phase
from push_learn.poker.push_stud import PUSH_STUD, ROLL_YOUR_OWN, PushStudGame, PushStudRules, push_stud_rules
from push_learn.poker.showdown import Direction, ShowdownMode
from push_learn.poker.stud import PokerRulesError

# Four players, seat 0 deals, so the order round the table is 1, 2, 3, 0.
HOLES = ["2C", "3C", "4C", "5C"]  # to seats 1, 2, 3, 0


def card(text: str) -> Card:
    return parse_card(text)


def up(game: PushStudGame, seat: int) -> str:
    return " ".join(c.ascii for c in game.observe(None).seats[seat].up)


def check_round(game: PushStudGame) -> None:
    while game.phase is Phase.BET:
        game.apply(Action.of(game.to_move[0], "check"))


def keep_all(game: PushStudGame) -> None:
    while game.phase is Phase.PUSH:
        game.apply(Action.keep(game.to_move[0]))


def test_article_3_push_procedure() -> None:
    """A push pays the price, the pusher's new card comes at once, the pushed card goes on; the last push is dead."""
    top = [*HOLES, "AS", "7D", "KH", "8D", "9D", "QS"]
    game = PushStudGame(push_stud_rules(players=4), seed=1, deck_top=top)
    assert game.pot == 4  # antes
    assert game.to_move == (1,)
    obs = game.observe(3)
    assert obs.offered == card("AS") and obs.offered_to == 1 and obs.pass_to == 2
    game.apply(Action.push(1))
    assert up(game, 1) == "7D"  # the replacement is dealt before the next player decides
    assert game.to_move == (2,) and game.observe(0).offered == card("AS")
    game.apply(Action.keep(2))
    assert up(game, 2) == "AS"
    assert game.observe(3).offered == card("KH")  # after a keep, a fresh card
    game.apply(Action.push(3))
    assert game.observe(0).pass_to is None  # the dealer is last
    game.apply(Action.push(0))
    assert (up(game, 3), up(game, 0)) == ("8D", "9D")
    assert card("KH") in game.observe(1).known_out  # dead, out of play
    assert game.pot == 4 + 3 * 10
    assert game.phase is Phase.BET and game.to_move == (2,)  # A♠ showing opens
    assert [a.kind for a in game.legal_actions()] == [ActionKind.FOLD, ActionKind.CHECK, ActionKind.BET]
    check_round(game)
    assert game.to_move == (1,) and game.observe(1).offered == card("QS")  # nothing carries over


def test_hole_card_can_never_be_pushed_and_a_short_stack_must_keep() -> None:
    game = PushStudGame(push_stud_rules(players=4), stacks=[200, 5, 200, 200], seed=3)
    assert game.legal_actions() == [Action.keep(1)]  # 4 chips left after the ante, the push costs 10
    with pytest.raises(IllegalAction, match="push costs \\$10 and you have only \\$4"):
        game.apply(Action.push(1))
    with pytest.raises(IllegalAction, match="hole card never can"):
        game.apply(Action.push_own(1, game.cards(1)[0]))
    with pytest.raises(IllegalAction, match=f"Seat 2 does not hold {game.cards(2)[0]}"):  # a card of Seat 3's
        game.apply(Action.push_own(1, game.cards(2)[0]))


def test_the_push_prompt_offers_only_the_choices_there_are() -> None:
    game = PushStudGame(push_stud_rules(players=4), stacks=[200, 5, 200, 200], seed=3)
    offered = game.observe(1).offered
    assert game.observe(1).prompt == f"keep {offered} (a push costs $10 and you have only $4)"  # the mover's words
    assert game.observe(0).prompt == game.observe(None).prompt == \
        f"Seat 2: keep {offered} (a push costs $10 and Seat 2 has only $4)"  # everyone else's
    game.apply(Action.keep(1))
    assert game.observe(2).prompt == f"keep {game.observe(2).offered} or push it ($10)"
    assert game.observe(None).prompt == f"Seat 3: keep {game.observe(2).offered} or push it ($10)"


def test_every_viewer_is_told_in_the_cores_words_whether_the_offered_card_may_be_pushed() -> None:
    """D-POK-09: Seat 2 has $4, a push costs $10: every seat reads that it must keep; Seat 3 may push."""
    game = PushStudGame(push_stud_rules(players=4), stacks=[200, 5, 200, 200], seed=3)
    assert [game.observe(s).can_push for s in (None, 0, 1, 2, 3)] == [False] * 5
    assert game.observe(1).offer_text == "Offered to you: keep it; a push costs $10, more than the $4 you have."
    assert game.observe(0).offer_text == "Offered to Seat 2: keep it; a push costs $10, more than the $4 Seat 2 has."
    game.apply(Action.keep(1))
    assert [game.observe(s).can_push for s in (None, 0, 1, 2, 3)] == [True] * 5
    assert game.observe(2).offer_text == ("Offered to you: keep it free, or push it for $10; "
                                          "a pushed card goes to Seat 4.")
    assert game.observe(None).offer_text == ("Offered to Seat 3: keep it free, or push it for $10; "
                                             "a pushed card goes to Seat 4.")
    free = PushStudGame(push_stud_rules(players=4, roll_your_own=True), seed=12)
    assert free.observe(0).offer_text == ("Offered to Seat 2: keep it or push it (both free); "
                                          "a pushed card goes to Seat 3.")
    while free.phase is not Phase.BET:
        free.apply(Action.keep(free.to_move[0]) if free.phase is Phase.PUSH else free.legal_actions()[0])
    assert free.observe(0).offer_text is None and not free.observe(0).can_push


def test_betting_rounds_use_small_then_big_bets_and_the_best_showing_hand_opens() -> None:
    top = [*HOLES, "7D", "2S", "7S", "3H", "KD", "KS", "4H", "9C"]
    game = PushStudGame(push_stud_rules(players=4), seed=5, deck_top=top)
    keep_all(game)
    assert game.to_move == (3,)  # 7♠ beats 7♦ on suit (A-P1-03)
    game.apply(Action.of(3, "bet"))
    assert game.observe(1).to_call == 2
    check_or_call(game)
    keep_all(game)  # round 2: K♦ to 1, K♠ to 2, 4♥ to 3, 9♣ to 0
    assert game.to_move == (1,)  # K♦ 7♦ beats K♠ 2♠: the second card counts before any suit
    check_round(game)
    keep_all(game)
    game.apply(Action.of(game.to_move[0], "bet"))
    assert game.observe(game.to_move[0]).to_call == 4  # the big bet from the third round


def check_or_call(game: PushStudGame) -> None:
    while game.phase is Phase.BET:
        seat = game.to_move[0]
        kind = "call" if game.observe(seat).to_call else "check"
        game.apply(Action.of(seat, kind))


def test_opener_tie_by_position_option() -> None:
    top = [*HOLES, "7D", "2S", "7S", "3H"]
    game = PushStudGame(push_stud_rules(players=4, opener_by_suit=False), seed=5, deck_top=top)
    keep_all(game)
    assert game.to_move == (1,)  # first of the tied sevens from the dealer's left


def test_a_full_deal_ends_with_a_showdown_of_five_cards() -> None:
    game = PushStudGame(push_stud_rules(players=5), seed=8)
    for _ in range(4):
        keep_all(game)
        check_round(game)
    assert game.over and game.result is not None
    assert all(len(game.cards(s)) == 5 for s in range(5))
    assert sum(game.stacks) == 1000 and game.result.lines[0].endswith(
        game.result.high_names[game.result.awards[0].winners[0]])


def test_substitution_in_turn_face_down_then_a_fifth_betting_round() -> None:
    game = PushStudGame(push_stud_rules(players=4, substitution=True), seed=9)
    for _ in range(4):
        keep_all(game)
        check_round(game)
    assert game.phase is Phase.REPLACE and game.to_move == (1,)
    old = game.observe(1).seats[1].up[0]
    game.apply(Action.replace(1, old))
    seat1 = game.observe(1).seats[1]
    assert len(seat1.up) == 3 and len(seat1.down) == 2  # only three cards showing now
    assert game.observe(2).seats[1].down == (None, None)
    assert game.pot == 4 + 20
    assert game.to_move == (2,)
    with pytest.raises(IllegalAction, match="it is Seat 3's turn"):
        game.apply(Action.stand(1))
    for seat in (2, 3, 0):
        game.apply(Action.stand(seat))
    assert game.phase is Phase.BET
    game.apply(Action.of(game.to_move[0], "bet"))
    assert game.observe(game.to_move[0]).to_call == 4
    check_or_call(game)
    assert game.over and old in game.observe(1).known_out


def test_roll_your_own_is_face_down_free_and_exposes_one_card_each_time() -> None:
    game = PushStudGame(push_stud_rules(players=4, roll_your_own=True), seed=12)
    assert game.pot == 4
    obs = game.observe(1)
    assert obs.offered is not None and game.observe(2).offered is None  # shown to its decider only
    offered = obs.offered
    game.apply(Action.push(1))
    assert game.pot == 4  # pushing is free
    assert game.observe(2).offered == offered and game.observe(3).offered is None
    assert game.observe(1).seats[2].down == ()  # not yet anyone's
    game.apply(Action.keep(2))
    assert game.observe(1).seats[2].down == (offered,)  # the pusher knows where it went
    assert game.observe(3).seats[2].down == (None,)
    keep_all(game)
    assert game.phase is Phase.BET and game.to_move == (1,)  # nothing showing: dealer's left opens
    check_round(game)
    game.apply(Action.keep(1))
    assert game.phase is Phase.EXPOSE and game.to_move == (1,)
    choice = game.legal_actions()[0]
    game.apply(choice)
    view = game.observe(2).seats[1]
    assert view.up == (choice.card,) and len(view.down) == 1
    for _ in range(4 * 4 + 4 * 4 * 2):
        if game.phase is Phase.PUSH:
            game.apply(Action.keep(game.to_move[0]))
        elif game.phase is Phase.EXPOSE:
            seat = game.to_move[0]
            for shown in game.observe(seat).seats[seat].up:  # already face up: it cannot be exposed again
                assert game.refusal(Action.of(seat, "expose", shown)) == (
                    f"{game.players[seat]} cannot expose {shown} now: the choices are "
                    + " ".join(str(action.card) for action in game.legal_actions())
                )
            game.apply(game.legal_actions()[-1])
        elif game.phase is Phase.BET:
            check_round(game)
    assert game.over
    assert all(len(game.observe(None).seats[s].up) == 4 for s in range(4))


def test_roll_your_own_low_and_hi_lo_declare() -> None:
    low = PushStudGame(push_stud_rules(players=4, roll_your_own=True, showdown="low"), seed=4)
    play_passively(low)
    assert low.result is not None and " low" in low.result.lines[0]
    hilo = PushStudGame(push_stud_rules(players=4, roll_your_own=True, showdown=ShowdownMode.HI_LO_DECLARE), seed=4)
    play_passively(hilo, until=Phase.DECLARE)
    assert set(hilo.to_move) == {0, 1, 2, 3}
    for seat, way in zip((1, 2, 3, 0), (Direction.HIGH, Direction.LOW, Direction.HIGH, Direction.HIGH), strict=True):
        hilo.apply(Action.declare(seat, way))
    assert hilo.over  # no betting after the declaration unless bet_after_declare
    assert hilo.result is not None and {a.way for a in hilo.result.awards} == {"high", "low"}


def test_betting_after_the_declaration_locks_a_player_alone_in_his_direction() -> None:
    """With ``bet_after_declare`` the last betting round uses the lock rule (D-POK-08, A-P2-06): seat 2
    alone declared low, so he may check or call but not bet; the others may still bet."""
    rules = push_stud_rules(players=4, roll_your_own=True, showdown="hi-lo declare", bet_after_declare=True)
    game = PushStudGame(rules, seed=4)
    play_passively(game, until=Phase.DECLARE)
    for seat, way in zip((1, 2, 3, 0), (Direction.HIGH, Direction.LOW, Direction.HIGH, Direction.HIGH), strict=True):
        game.apply(Action.declare(seat, way))
    assert game.phase is Phase.BET
    while game.to_move != (2,):
        assert ActionKind.BET in [a.kind for a in game.legal_actions()]
        game.apply(Action.of(game.to_move[0], "check"))
    assert [a.kind for a in game.legal_actions()] == [ActionKind.FOLD, ActionKind.CHECK]
    with pytest.raises(IllegalAction, match="alone declared"):
        game.apply(Action.of(2, "bet"))


def play_passively(game: PushStudGame, until: Phase = Phase.OVER) -> None:
    while game.phase is not until and not game.over:
        if game.phase is Phase.BET:
            check_round(game)
        else:
            game.apply(game.legal_actions()[0])


def test_deck_runs_out_and_the_dead_cards_are_reshuffled() -> None:
    """Nine players, everyone pushes every card and substitutes: 58 cards are needed (A-P1-04)."""
    game = PushStudGame(push_stud_rules(players=9, substitution=True), seed=21)
    while not game.over:
        seat = game.to_move[0]
        if game.phase is Phase.PUSH:
            game.apply(Action.push(seat))
        elif game.phase is Phase.REPLACE:
            game.apply(game.legal_actions()[1])
        else:
            check_round(game)
        assert sorted(game.all_cards(), key=str) == sorted(standard_deck(), key=str)
    assert any("shuffled to make a new stock" in line for line in game.observe(None).log)
    assert sum(game.stacks) == 9 * 200


def test_rules_are_checked() -> None:
    assert PUSH_STUD.betting_rounds == 4 and ROLL_YOUR_OWN.betting_rounds == 5
    assert push_stud_rules(substitution=True).betting_rounds == 5
    assert push_stud_rules(roll_your_own=True).push_price == 0
    assert push_stud_rules(roll_your_own=True, showdown="low").name == "Roll Your Own push (low)"
    with pytest.raises(PokerRulesError, match="4 to 9 players"):
        push_stud_rules(players=3)
    with pytest.raises(PokerRulesError, match="Roll Your Own"):
        PushStudRules(showdown=ShowdownMode.LOW)
    with pytest.raises(PokerRulesError, match="no bring-in"):
        PushStudRules(bring_in=1)
    with pytest.raises(PokerRulesError, match="distinct"):
        PushStudGame(deck_top=parse_cards("AS AS"))
    with pytest.raises(PokerRulesError, match="two players need chips"):
        PushStudGame(stacks=[200, 0, 0, 0, 0, 0])
    assert PushStudRules.from_dict(PUSH_STUD.to_dict()) == PUSH_STUD
    with pytest.raises(RecordError, match="unknown rules settings: colour"):
        PushStudRules.from_dict({"colour": "red"})


def test_seats_without_chips_sit_out() -> None:
    game = PushStudGame(push_stud_rules(players=4), stacks=[0, 50, 50, 50], seed=2)
    assert not game.observe(None).seats[0].dealt_in
    assert game.cards(0) == ()
    keep_all(game)
    assert game.observe(None).seats[0].up == ()


def test_an_all_in_player_wins_only_the_main_pot() -> None:
    """Seat 1 (four aces) is all in after 4 chips; seat 2 (four kings) takes the side pot."""
    top = ["AS", "KS", "2C", "3D", "AH", "KH", "4C", "5D", "AD", "KD", "6C", "7D", "AC", "KC", "8C", "9D",
           "2H", "3H", "10C", "JD"]
    game = PushStudGame(push_stud_rules(players=4), stacks=[200, 4, 200, 200], seed=7, deck_top=top)
    while not game.over:
        if game.phase is Phase.PUSH:
            game.apply(Action.keep(game.to_move[0]))
            continue
        seat = game.to_move[0]
        kinds = [a.kind for a in game.legal_actions()]
        kind = next(k for k in (ActionKind.BET, ActionKind.CALL, ActionKind.CHECK) if k in kinds)
        game.apply(Action(seat, kind))
    result = game.result
    assert result is not None
    assert [(a.way, a.amount, a.winners) for a in result.awards] == [("whole", 16, (1,)), ("whole", 24, (2,))]
    assert result.lines == ("Seat 2 wins the main pot ($16) with four of a kind, aces",
                            "Seat 3 wins side pot 1 ($24) with four of a kind, kings")
    assert game.stacks == (188, 16, 212, 188)


HOLES = ["2C", "3C", "4C", "5C"]


def kept_to_first_bet(game: PushStudGame) -> None:
    """Every player keeps the card offered in round 1."""
    while game.phase is Phase.PUSH:
        game.apply(Action.keep(game.to_move[0]))


def test_a_folded_player_is_skipped_in_later_push_rounds() -> None:
    """Seat 1 folds in the first betting round, so round 2's offer goes to seat 2 (RULES 2.2)."""
    game = PushStudGame(push_stud_rules(players=4), seed=5, deck_top=[*HOLES, "7D", "2S", "7S", "3H"])
    kept_to_first_bet(game)
    assert game.to_move == (3,)
    game.apply(Action.of(3, "bet"))
    while game.phase is Phase.BET:
        seat = game.to_move[0]
        game.apply(Action.of(seat, "fold" if seat == 1 else "call"))
    assert game.phase is Phase.PUSH and game.to_move == (2,)


def test_when_everyone_else_folds_the_last_player_wins_at_once() -> None:
    game = PushStudGame(push_stud_rules(players=4), seed=5, deck_top=[*HOLES, "7D", "2S", "7S", "3H"])
    kept_to_first_bet(game)
    game.apply(Action.of(3, "bet"))
    while not game.over:
        game.apply(Action.of(game.to_move[0], "fold"))
    assert game.result is not None and game.result.lines == ("Seat 4 wins $6: everyone else folded",)
    assert [len(game.cards(s)) for s in range(4)] == [2, 2, 2, 2]


def test_the_odd_chip_goes_to_the_first_winner_from_the_dealers_left() -> None:
    """Seats 0 and 2 tie with the same straight (A-P1-06, D-POK-06). Seat 0 deals, so clockwise from his
    left seat 2 is the first winner: of the pot of 3 he gets 2 and the dealer 1."""
    top = ["2C", "5C", "5D", "3D", "6C", "6D", "4H", "7D", "7H", "JS", "8H", "8S", "KH", "9S", "9C"]
    game = PushStudGame(push_stud_rules(players=4), stacks=[200, 200, 200, 0], seed=1, deck_top=top)
    while not game.over:
        seat = game.to_move[0]
        game.apply(Action.keep(seat) if game.phase is Phase.PUSH else Action.of(seat, "check"))
    assert game.result is not None
    assert [award.shares for award in game.result.awards] == [((2, 2), (0, 1))]
    assert game.stacks == (200, 199, 201, 0)


def test_substitution_may_swap_the_hole_card_and_only_its_owner_sees_the_discard() -> None:
    """D-POK-12: the replaced hole card is known to its owner, not to the others; the new card comes up."""
    game = PushStudGame(push_stud_rules(players=4, substitution=True), seed=9)
    play_passively(game, until=Phase.REPLACE)
    hole = game.cards(1)[0]
    game.apply(Action.replace(1, hole))
    view = game.observe(2)
    assert len(view.seats[1].up) == 4 and view.seats[1].down == (None,)
    assert hole in game.observe(1).known_out and hole not in view.known_out


def test_a_player_who_cannot_pay_for_substitution_must_stand() -> None:
    """D-POK-09: seat 1 has 14 chips, the substitution costs 20, so standing is the only choice."""
    game = PushStudGame(push_stud_rules(players=4, substitution=True), stacks=[200, 15, 200, 200], seed=9)
    play_passively(game, until=Phase.REPLACE)
    assert game.to_move == (1,) and game.stacks[1] == 14
    assert [a.kind for a in game.legal_actions()] == [ActionKind.STAND]
    words = "stand (replacing costs $20, and you have only $14)"  # no price of a swap it cannot make
    assert game.observe(1).prompt == words
    onlooker = "Seat 2: stand (replacing costs $20, and Seat 2 has only $14)"
    assert game.observe(None).prompt == game.observe(0).prompt == onlooker
    game.apply(Action.stand(1))
    assert game.observe(2).prompt == "replace one card ($20) or stand"
    assert game.observe(None).prompt == "Seat 3: replace one card ($20) or stand"


def test_a_player_short_of_the_ante_is_all_in() -> None:
    """D-POK-14: seat 0 has 3 chips against an ante of 5; he puts in 3 and is dealt in with nothing left."""
    game = PushStudGame(push_stud_rules(players=4, ante=5), stacks=[3, 50, 50, 50], seed=2)
    assert game.pot == 18 and game.stacks == (0, 45, 45, 45)
    assert game.observe(None).seats[0].dealt_in


@pytest.mark.parametrize("players", [3, 10])
def test_push_stud_takes_four_to_nine_players(players: int) -> None:
    with pytest.raises(PokerRulesError, match="4 to 9 players"):
        push_stud_rules(players=players)
