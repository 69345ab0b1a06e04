"""The draw phase (RULES.md §1.5a): take, push, push visibility and the one-card stock."""

from __future__ import annotations

from dataclasses import replace

from rummy_engine_support import card, reading, refused, rig

from push_learn.cards import parse_cards
from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN, six_to_ten
from push_learn.rummy.engine import (
    DealEnded,
    Discard,
    EndReason,
    Match,
    NewMeld,
    Phase,
    Push,
    Pushed,
    TakeUpcard,
    Took,
)


def push_match(stock: str = "KS 3C 9D 4H 5H", turn: int = 0) -> Match:
    match = Match.new(PUSH, seed=2)
    return rig(match, ["7C 8C 9C JD QD KD", "4S 4D 5S 6S 7S 8S", "AH AD 3S 3D 9S 9H", "QH QS JC JS 10H 10C"],
               upcard="7H", stock=stock, turn=turn)


def test_take_moves_the_up_card_into_the_hand() -> None:
    match = push_match()
    events = match.apply(TakeUpcard(match.turn))
    assert events == [Took(0, card("7H"))]
    assert match.hand(0).count(card("7H")) == 1 and len(match.hand(0)) == 7
    assert match.deal.upcard is None and match.phase is Phase.MELD and match.turn == 0
    assert match.log()[-1] == "North takes 7♥."


def test_push_gives_two_cards_to_the_left_and_the_pusher_draws() -> None:
    match = push_match()
    events = match.apply(Push(match.turn))
    assert events == [Pushed(0, 1, card("7H"), card("KS"), card("3C"), stock_card_public=True)]
    assert match.hand(1)[-2:] == (card("7H"), card("KS")) and len(match.hand(1)) == 8
    assert match.hand(0)[-1] == card("3C") and len(match.hand(0)) == 7
    assert len(match.deal.stock) == 3 and match.turn == 0 and match.phase is Phase.MELD
    assert match.log()[-1] == "North pushes 7♥ and K♠ to East, then draws 3♣."  # all hands open
    assert match.log(None)[-1] == "North pushes 7♥ and K♠ to East, then draws a card."  # a spectator
    assert match.log(0)[-1] == "North pushes 7♥ and K♠ to East, then draws 3♣."
    assert match.log(1)[-1] == "North pushes 7♥ and K♠ to East, then draws a card."


def test_the_first_player_may_push_and_may_take_a_wild_up_card() -> None:
    """A-R1-03 and A-R1-04."""
    match = Match.new(PUSH, seed=4)
    assert match.legal_actions() == [TakeUpcard(match.turn), Push(match.turn)]
    rig(match, ["7C 8C 9C JD QD KD"] * 4, upcard="JK", stock="KS 3C 9D")
    match.apply(TakeUpcard(match.turn))
    assert card("JK") in match.hand(match.turn)


def test_push_in_six_to_ten_is_face_down_to_all_but_the_receiver() -> None:
    """A-R1-05: the pushed stock card is private to the receiver in 6-7-8-9-10."""
    match = rig(Match.new(six_to_ten(3), seed=2), ["3C 4C 5C 7D 8D 9D JH QH KH AS"] * 3,
                upcard="6H", stock="KS 3H 9D", turn=0)
    match.apply(Push(match.turn))
    assert match.log()[-1] == "Player 1 pushes 6♥ and K♠ to Player 2, then draws 3♥."
    assert match.log(None)[-1] == "Player 1 pushes 6♥ and a face-down card to Player 2, then draws a card."
    assert match.log(1)[-1] == "Player 1 pushes 6♥ and K♠ to Player 2, then draws a card."
    assert match.log(0)[-1] == "Player 1 pushes 6♥ and a face-down card to Player 2, then draws 3♥."
    assert match.log(2)[-1] == "Player 1 pushes 6♥ and a face-down card to Player 2, then draws a card."


def test_draw_and_meld_phases_are_enforced() -> None:
    match = push_match()
    refused(match, Discard(match.turn, card("7C")), "first draw")
    refused(match, NewMeld(match.turn, reading("7C 8C 9C", PUSH)), "first draw")
    match.apply(TakeUpcard(match.turn))
    refused(match, TakeUpcard(match.turn), "already drawn")
    refused(match, Push(match.turn), "already drawn")


def test_push_with_one_stock_card_ends_the_hand_as_a_stock_out() -> None:
    """A-R1-06: the receiver gets the up-card and the last stock card; the pusher cannot draw."""
    match = push_match(stock="KS")
    assert match.legal_actions() == [TakeUpcard(match.turn), Push(match.turn)]
    hands_before = [list(match.hand(seat)) for seat in range(4)]
    events = match.apply(Push(match.turn))
    assert events[0] == Pushed(0, 1, card("7H"), card("KS"), None, True, stock_empty=True)
    ended = next(e for e in events if isinstance(e, DealEnded))
    assert ended.reason == "stock_out" and ended.went_out is None
    assert list(ended.hands[1]) == [*hands_before[1], card("7H"), card("KS")]
    # both teams add their own cards (A-R1-18)
    assert ended.scores == (ended.penalties[0] + ended.penalties[2], ended.penalties[1] + ended.penalties[3])
    assert match.results[0].reason is EndReason.STOCK_OUT and match.deal_no == 2
    assert match.log()[1] == "North pushes 7♥ and K♠ to East; the stock is now empty, so the hand ends."


def test_atomic_push_option_ends_the_hand_with_no_cards_moving() -> None:
    match = rig(Match.new(replace(PUSH, atomic_push=True), seed=2),
                ["7C 8C 9C JD QD KD", "4S 4D 5S 6S 7S 8S", "AH AD 3S 3D 9S 9H", "QH QS JC JS 10H 10C"],
                upcard="7H", stock="KS", turn=0)
    hands_before = [match.hand(seat) for seat in range(4)]
    events = match.apply(Push(match.turn))
    assert isinstance(events[0], Pushed) and not events[0].moved
    assert match.results[0].hands == tuple(hands_before)
    assert match.log()[1] == "North pushes with too few stock cards left to draw: the hand ends and no cards move."


def test_cap_it_pushes_like_push() -> None:
    match = rig(Match.new(CAP_IT, seed=3), ["3C 4C 5C 7D 8D 9D JH QH KH AS"] * 4, upcard="6H",
                stock="KS", turn=2)
    match.apply(Push(match.turn))
    assert match.results[0].reason is EndReason.STOCK_OUT
    assert match.results[0].scores == match.results[0].penalties


def test_six_to_ten_must_take_when_one_stock_card_is_left() -> None:
    match = rig(Match.new(SIX_TO_TEN, seed=2), ["3C 4C 5C 7D 8D 9D JH QH KH AS"] * 2, upcard="6H", stock="KS", turn=0)
    assert match.legal_actions() == [TakeUpcard(match.turn)]
    refused(match, Push(match.turn), "only one card is left in the stock, so you may not push: take the up-card")
    match.apply(TakeUpcard(match.turn))


def test_six_to_ten_take_is_refused_when_only_twos_would_be_left_to_discard() -> None:
    """A-R3-05: the taken card may not be discarded and 2s never, so such a take must be a push."""
    match = rig(Match.new(SIX_TO_TEN, seed=2), ["2C 2D 2H", "3C 4C 5C"], upcard="6H", stock="KS 3H 9D", turn=0)
    assert match.legal_actions() == [Push(match.turn)]
    refused(match, TakeUpcard(match.turn), "you would have no card you may discard afterwards")


def test_six_to_ten_forced_take_lifts_the_same_card_rule() -> None:
    """A-R3-05 fallback: with one stock card the take is forced, so the taken card may be discarded."""
    match = rig(Match.new(SIX_TO_TEN, seed=2), ["2C 2D 2H", "3C 4C 5C"], upcard="6H", stock="KS", turn=0)
    match.apply(TakeUpcard(match.turn))
    assert match.legal_discards() == [card("6H")]
    match.apply(Discard(match.turn, card("6H")))
    assert match.turn == 1


def test_six_to_ten_hand_of_twos_after_a_push_may_discard_a_two() -> None:
    """A-R3-05 last fallback: a hand holding only 2s may discard one."""
    match = rig(Match.new(SIX_TO_TEN, seed=2), ["2C 2D", "3C 4C 5C"], upcard="6H", stock="KS 2H 9D", turn=0)
    match.apply(Push(match.turn))
    assert match.hand(0) == tuple(parse_cards("2C 2D 2H"))
    assert match.legal_discards() == parse_cards("2C 2D 2H")
    match.apply(Discard(match.turn, card("2D")))
    assert match.deal.upcard == card("2D")


def test_six_to_ten_stock_stays_odd_and_push_is_allowed_above_one() -> None:
    match = rig(Match.new(SIX_TO_TEN, seed=2), ["3C 4C 5C 7D"] * 2, upcard="6H", stock="KS 3H 9D", turn=0)
    assert match.legal_actions() == [TakeUpcard(match.turn), Push(match.turn)]
    match.apply(Push(match.turn))
    assert len(match.deal.stock) == 1


EVEN_STOCK = replace(CAP_IT, players=3, hand_sizes=(9,) * 5, name="Cap-It, 3 players, 9 cards")
"""Custom rules whose stock is even, so it can run down to no card at all (D-ENG-15)."""
NINE_CARD_HANDS = ["3C 4C 5C 7D 8D 9D JH QH KH"] * 3


def test_a_push_from_two_stock_cards_is_an_ordinary_push_and_one_from_none_ends_the_hand() -> None:
    """D-ENG-15: with two stock cards the pusher draws the last one; a push from an empty stock ends the
    hand like the atomic push, no card moving."""
    match = rig(Match.new(EVEN_STOCK, seed=1), NINE_CARD_HANDS, upcard="6H", stock="KS 3H", turn=0)
    match.apply(Push(match.turn))
    assert match.deal.stock == [] and match.phase is Phase.MELD and card("3H") in match.hand(0)
    match.apply(Discard(match.turn, card("3H")))
    hands_before = [match.hand(seat) for seat in range(3)]
    events = match.apply(Push(match.turn))
    assert isinstance(events[0], Pushed) and not events[0].moved
    assert match.results[0].reason is EndReason.STOCK_OUT and match.results[0].hands == tuple(hands_before)
