"""The meld and discard phases (RULES.md §1.5b-c, §1.6): going down, melds, lay-offs, rescues, going out."""

from __future__ import annotations

from rummy_engine_support import card, reading, refused, rig

from push_learn.cards import JOKER, Rank, parse_cards
from push_learn.rummy import PUSH, SIX_TO_TEN, layoff_options, six_to_ten
from push_learn.rummy.engine import (
    DealEnded,
    Discard,
    GoDown,
    LaidOff,
    LayOff,
    Match,
    NewMeld,
    Push,
    Rescue,
    Rescued,
    TakeUpcard,
    WentDown,
    WentOut,
    observe,
)
from push_learn.rummy.melds import Meld
from push_learn.rummy.rules import MeldKind, RummyRules

OTHERS = ["4S 4D 5S 6S 7S 8S", "AH AD 3S 3D 9S 9H", "QH QS JC JS 10H 10C"]


def north(hand: str, upcard: str = "5C", stock: str = "KH 3C 9D 4H 5H") -> Match:
    """A Push match in deal 1 (2 sets of 3) with North to move holding ``hand``."""
    return rig(Match.new(PUSH, seed=2), [hand, *OTHERS], upcard=upcard, stock=stock, turn=0)


def sets(*texts: str, rules: RummyRules = PUSH) -> tuple:  # type: ignore[type-arg]
    return tuple(reading(text, rules, MeldKind.SET) for text in texts)


def test_go_down_with_the_contract_plus_an_extra_meld() -> None:
    match = north("7C 7D 7H KC KD KS 9S 9D 9H 4C")
    match.apply(TakeUpcard(match.turn))
    melds = sets("7C 7D 7H", "KC KD KS", "9S 9D 9H")
    events = match.apply(GoDown(match.turn, melds))
    assert events == [WentDown(0, (0, 1, 2), melds)]
    assert match.deal.down == [True, False, False, False]
    assert [(tm.id, tm.owner) for tm in match.deal.melds] == [(0, 0), (1, 0), (2, 0)]
    assert sorted(match.hand(0), key=str) == sorted(parse_cards("4C 5C"), key=str)
    assert match.log()[-1].startswith("North goes down: set of sevens: 7♣ 7♦ 7♥; set of kings")


def test_two_sets_of_the_same_rank_meet_the_contract() -> None:
    match = north("8C 8H 8S 8H 8S 8D 4C")
    match.apply(TakeUpcard(match.turn))
    match.apply(GoDown(match.turn, sets("8C 8H 8S", "8H 8S 8D")))


def test_go_down_refusals_leave_the_state_untouched() -> None:
    match = north("7C 7D 7H KC KD KS 4C", upcard="5H")
    match.apply(TakeUpcard(match.turn))
    refused(match, GoDown(match.turn, sets("7C 7D 7H")), "1 more set of 3")
    refused(match, GoDown(match.turn, (reading("3H 4H 5H", PUSH), *sets("7C 7D 7H"))), "you do not hold 3♥")
    refused(match, GoDown(match.turn, sets("7C 7D 7H", "7C 7D JK")), "you")
    refused(match, NewMeld(match.turn, reading("7C 7D 7H", PUSH)),
            "you must go down with this deal's contract (2 sets of 3)")
    refused(match, GoDown(match.turn, ()), "to go down, lay down this deal's contract (2 sets of 3)")
    match.apply(GoDown(match.turn, sets("7C 7D 7H", "KC KD KS")))
    refused(match, GoDown(match.turn, sets("7C 7D 7H", "KC KD KS")), "already gone down")


def test_nothing_but_the_contract_before_going_down() -> None:
    """Before going down a player may not meld, lay off or rescue (RULES.md §1.5b)."""
    match = north("7C 7D 7H KC KD KS 4C")
    match.apply(TakeUpcard(match.turn))
    match.apply(GoDown(match.turn, sets("7C 7D 7H", "KC KD KS")))
    match.apply(Discard(match.turn, card("4C")))
    # East has not gone down
    match.apply(TakeUpcard(match.turn))
    refused(match, LayOff(match.turn, 0, card("7S")), "before you lay off")
    refused(match, Rescue(match.turn, 0, 0, card("7S")), "before you rescue a wild card")
    refused(match, NewMeld(match.turn, reading("4S 5S 6S", PUSH)), "before you meld anything else")


def east_after_north_went_down(north_melds: tuple, east: str) -> Match:  # type: ignore[type-arg]
    """North goes down with ``north_melds`` (plus 4C to discard), then East is to move holding ``east``."""
    cards = " ".join(c.ascii for meld in north_melds for c in meld.cards)
    match = rig(Match.new(PUSH, seed=2), [cards + " 4C", east, *OTHERS[1:]], upcard="5C",
                stock="KH 3C 9D 4H 5H", turn=0)
    match.apply(TakeUpcard(match.turn))
    match.apply(GoDown(match.turn, north_melds))
    match.apply(Discard(match.turn, card("4C")))
    return match


def test_lay_off_on_an_opponents_meld_after_going_down_in_the_same_turn() -> None:
    """A-R1-15: lay off on any meld on the table, once down (the same turn is fine)."""
    match = east_after_north_went_down(sets("7C 7D 7H", "KC KD JK"), "QC QD QH JD JH JS 7S KH 9C")
    match.apply(TakeUpcard(match.turn))  # East takes North's 5♣
    match.apply(GoDown(match.turn, sets("QC QD QH", "JD JH JS")))
    events = match.apply(LayOff(match.turn, 0, card("7S")))
    assert events == [LaidOff(1, 0, 0, card("7S"), reading("7C 7D 7H 7S", PUSH))]
    assert match.log()[-1] == "East lays off 7♠ on North's meld, now set of sevens: 7♣ 7♦ 7♥ 7♠."
    refused(match, LayOff(match.turn, 0, card("9C")), "9♣ cannot be laid off on set of sevens")
    refused(match, LayOff(match.turn, 9, card("9C")), "there is no meld #9 on the table")
    refused(match, LayOff(match.turn, 0, card("8C")), "you do not hold 8♣")


def test_rescue_a_joker_from_a_set_and_use_it_at_once() -> None:
    """A-R1-16 and A-R1-14: a natural of a missing suit takes the joker's place; the joker is usable now."""
    match = east_after_north_went_down(sets("7C 7D 7H", "KC KD JK"), "QC QD QH JD JH JS KS KH 9C")
    match.apply(TakeUpcard(match.turn))
    match.apply(GoDown(match.turn, sets("QC QD QH", "JD JH JS")))
    refused(match, Rescue(match.turn, 1, 0, card("KS")), "not a wild card")
    events = match.apply(Rescue(match.turn, 1, 2, card("KS")))
    assert events == [Rescued(1, 1, 0, 2, card("KS"), JOKER, reading("KC KD KS", PUSH))]
    assert JOKER in match.hand(1) and match.deal.known[1] == [card("4C"), JOKER]
    refused(match, Rescue(match.turn, 1, 2, card("KH")), "not a wild card")
    match.apply(LayOff(match.turn, 2, JOKER))  # the rescued joker goes straight back out, onto East's own queens
    assert match.log()[-2] == "East rescues 🃏 from North's meld with K♠, now set of kings: K♣ K♦ K♠."


def test_rescue_from_a_run_needs_the_exact_card_and_a_natural_two_is_never_rescued() -> None:
    run = reading("5H JK 7H", PUSH)
    natural_two = reading("AS 2S 3S", PUSH)
    match = east_after_north_went_down((*sets("7C 7D 7H", "KC KD KS"), run, natural_two),
                                       "QC QD QH JD JH JS 6H 6D 2S 9C")
    match.apply(TakeUpcard(match.turn))
    match.apply(GoDown(match.turn, sets("QC QD QH", "JD JH JS")))
    refused(match, Rescue(match.turn, 2, 1, card("6D")), "6♦ cannot take the place of the 🃏")
    refused(match, Rescue(match.turn, 3, 1, card("2S")), "not a wild card")
    match.apply(Rescue(match.turn, 2, 1, card("6H")))
    assert match.deal.melds[2].meld == reading("5H 6H 7H", PUSH)


def test_a_wild_laid_off_on_a_run_must_say_which_end() -> None:
    run = reading("5H 6H 7H", PUSH)
    match = east_after_north_went_down((*sets("7C 7D 7H", "KC KD KS"), run), "QC QD QH JD JH JS JK 9C")
    match.apply(TakeUpcard(match.turn))
    match.apply(GoDown(match.turn, sets("QC QD QH", "JD JH JS")))
    options = layoff_options(run, JOKER, PUSH)
    refused(match, LayOff(match.turn, 2, JOKER), "fits run 5♥ 6♥ 7♥ in 2 ways, so say which")
    refused(match, LayOff(match.turn, 2, JOKER, reading("5H 6H 7H 8H 9H", PUSH)), "cannot give")
    match.apply(LayOff(match.turn, 2, JOKER, options[1]))
    assert match.deal.melds[2].meld == options[1] and options[1].high_value == 8


def test_going_out_by_melding_ends_the_hand_and_only_the_other_team_scores() -> None:
    match = north("7C 7D 7H KC KD 2S", upcard="KS")
    match.apply(TakeUpcard(match.turn))
    events = match.apply(GoDown(match.turn, sets("7C 7D 7H", "KC KD KS 2S")))
    assert events[1] == WentOut(0, "melding")
    ended = next(e for e in events if isinstance(e, DealEnded))
    assert ended.went_out == 0 and ended.reason == "went_out"
    assert ended.scores == (0, ended.penalties[1] + ended.penalties[3])
    assert ended.penalties[2] > 0  # the partner's cards do not count
    assert match.deal_no == 2


def test_going_out_by_discarding_on_the_turn_of_going_down() -> None:
    """RULES.md §1.6: two sets of 3 plus one card after the draw goes out at once."""
    match = north("7C 7D 7H KC KD KS")
    match.apply(TakeUpcard(match.turn))
    match.apply(GoDown(match.turn, sets("7C 7D 7H", "KC KD KS")))
    events = match.apply(Discard(match.turn, card("5C")))
    assert events[:2] == [match.events[-len(events)], WentOut(0, "discarding")]
    assert match.results[0].went_out == 0 and match.results[0].hands[0] == ()


def test_push_and_cap_it_discard_any_card_even_a_wild_or_the_card_just_taken() -> None:
    """A-R1-13."""
    match = north("7C 7D 7H KC KD JK", upcard="9S")
    match.apply(TakeUpcard(match.turn))
    assert match.legal_discards() == sorted(set(match.hand(0)), key=lambda c: (c.suit.order if c.suit else 4,
                                                                                int(c.rank or 0)))
    assert match.can(Discard(match.turn, card("9S"))) and match.can(Discard(match.turn, JOKER))
    refused(match, Discard(match.turn, card("AS")), "you do not hold A♠")


# ---- 6-7-8-9-10 ----------------------------------------------------------------------------

def r3(hand: str, upcard: str = "9S", rules=SIX_TO_TEN, stock: str = "KH 3C 9D 4H 5H") -> Match:  # type: ignore[no-untyped-def]
    others = ["3D 4D 5D 6D 7D 8D JC QC AC AD"] * (rules.players - 1)
    return rig(Match.new(rules, seed=2), [hand, *others], upcard=upcard, stock=stock, turn=0)


def test_six_to_ten_never_discards_a_two_or_the_card_just_taken() -> None:
    match = r3("7C 7D 7H KC KD KS 2C 4C")
    match.apply(TakeUpcard(match.turn))
    refused(match, Discard(match.turn, card("2C")), "a wild card (2♣) may never be discarded in this game")
    refused(match, Discard(match.turn, card("9S")), "you may not discard the 9♠ you took this turn")
    assert card("9S") not in match.legal_discards() and card("2C") not in match.legal_discards()


def test_six_to_ten_double_deck_may_discard_the_other_copy_of_the_taken_card() -> None:
    match = r3("7C 7D 7H KC KD KS 9S", rules=six_to_ten(4))
    match.apply(TakeUpcard(match.turn))
    assert match.hand(0).count(card("9S")) == 2 and card("9S") in match.legal_discards()
    match.apply(Discard(match.turn, card("9S")))


def test_six_to_ten_no_going_out_by_melding() -> None:
    """A-R3-06: the last card must be a legal discard, never melded."""
    match = r3("7C 7D 7H KC KD KS", stock="KH 7S 9D")
    match.apply(Push(match.turn))  # draws 7♠
    refused(match, GoDown(match.turn, sets("7C 7D 7H 7S", "KC KD KS", rules=SIX_TO_TEN)),
            "you must keep a card to discard")


def test_six_to_ten_meld_may_not_leave_only_undiscardable_cards() -> None:
    """A-R3-05: no meld-phase action may leave the player with cards but no legal discard."""
    match = r3("7C 7D 7H KC KD KS 2C")
    match.apply(TakeUpcard(match.turn))  # 9♠ may not be discarded this turn
    refused(match, GoDown(match.turn, sets("7C 7D 7H", "KC KD KS", rules=SIX_TO_TEN)),
            "that would leave you no card you may discard")
    match.apply(Discard(match.turn, card("7C")))


def test_six_to_ten_melding_the_taken_card_uses_it_up() -> None:
    match = r3("7C 7D KC KD KS 4H", upcard="7H")
    match.apply(TakeUpcard(match.turn))
    match.apply(GoDown(match.turn, sets("7C 7D 7H", "KC KD KS", rules=SIX_TO_TEN)))
    assert match.deal.taken is None and match.legal_discards() == [card("4H")]
    events = match.apply(Discard(match.turn, card("4H")))
    assert WentOut(0, "discarding") in events and match.results[0].went_out == 0


def test_after_going_down_a_new_meld_may_follow_in_the_same_turn() -> None:
    """RULES 1.3 and 1.5: once down, the player may add melds the same turn; an illegal one is refused."""
    match = north("7C 7D 7H KC KD KS 3S 4S 5S 8D")
    match.apply(TakeUpcard(match.turn))
    match.apply(GoDown(match.turn, sets("7C 7D 7H", "KC KD KS")))
    refused(match, NewMeld(match.turn, Meld.set_of(parse_cards("3S 4S 8D"), Rank.THREE)), "cannot hold 4♠")
    run = reading("3S 4S 5S", PUSH, MeldKind.RUN)
    match.apply(NewMeld(match.turn, run))
    assert [(tm.id, tm.owner, tm.meld) for tm in match.deal.melds][-1] == (2, 0, run)
    assert sorted(match.hand(0), key=str) == sorted(parse_cards("8D 5C"), key=str)


def test_a_card_known_to_be_in_a_hand_stops_being_known_once_melded() -> None:
    """RULES 1.9, D-ENG-11: North took the 7♥ in view of all; when he melds it, it is no longer in his hand."""
    match = north("7C 7D KC KD KS 4C 9S", upcard="7H")
    match.apply(TakeUpcard(match.turn))
    assert observe(match, 1).known[0] == (card("7H"),)
    match.apply(GoDown(match.turn, sets("7C 7D 7H", "KC KD KS")))
    assert observe(match, 1).known[0] == ()
