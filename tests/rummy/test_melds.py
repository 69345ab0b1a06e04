"""Sets, runs and wild cards (RULES.md §1.1-§1.2): one named test per rule, with the examples of the seeds.

Every group is written as text, as a student would type it; readings are compared by their plain labels.
"""

from __future__ import annotations

import dataclasses

import pytest

import push_learn.cards as cards_module
from push_learn.cards import JOKER, Card, Rank, Suit, parse_card, parse_cards
from push_learn.errors import IllegalAction
from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN, MeldKind, RummyRules, six_to_ten
from push_learn.rummy.melds import (
    Meld,
    MeldError,
    check_meld,
    explain_meld,
    interpret_meld,
    is_wild_card,
    layoff_options,
    rank_at,
    reading_label,
    rescue_options,
    rescue_outcomes,
    run_value_range,
    why_no_rescue,
    why_no_rescues,
)

PUSH_AND_CAP_IT = pytest.mark.parametrize("rules", [PUSH, CAP_IT], ids=["push", "cap_it"])
ALL_PRESETS = pytest.mark.parametrize("rules", [PUSH, CAP_IT, SIX_TO_TEN], ids=["push", "cap_it", "six_to_ten"])
ALL_WILD_MELDS_REFUSED = dataclasses.replace(PUSH, min_naturals_per_meld=1)
TWO_DECK_SIX_TO_TEN = six_to_ten(4)


def labels(text: str, rules: RummyRules = PUSH) -> list[str]:
    """The readings of a typed group, as plain labels."""
    return [reading_label(meld) for meld in interpret_meld(parse_cards(text), rules)]


def is_meld(text: str, rules: RummyRules = PUSH) -> bool:
    """True when the typed group has at least one reading."""
    return bool(interpret_meld(parse_cards(text), rules))


def run(text: str, suit: Suit, start: int) -> Meld:
    """A declared run from typed cards in place order."""
    return Meld.run_of(parse_cards(text), suit, start)


def a_set(text: str, rank: Rank) -> Meld:
    """A declared set from typed cards."""
    return Meld.set_of(parse_cards(text), rank)


def card(text: str) -> Card:
    """One typed card."""
    return parse_card(text)


# ---- §1.1 cards, ranks, wild cards --------------------------------------------------------------


@PUSH_AND_CAP_IT
def test_twos_and_jokers_are_wild_in_push_and_cap_it(rules: RummyRules) -> None:
    assert labels("7H 2C JK", rules)[0] == "set of sevens"
    assert a_set("7H 2C JK", Rank.SEVEN).wild_positions == (1, 2)
    assert is_wild_card(JOKER) and is_wild_card(card("2D")) and not is_wild_card(card("3D"))


def test_twos_are_wild_and_there_are_no_jokers_in_six_to_ten() -> None:
    assert labels("7H 7S 2C", SIX_TO_TEN)[0] == "set of sevens"
    assert not is_meld("7H 7S JK", SIX_TO_TEN)
    assert explain_meld(parse_cards("7H 7S JK"), SIX_TO_TEN) == "there are no jokers in 6-7-8-9-10"
    with pytest.raises(MeldError, match="there are no jokers in 6-7-8-9-10"):
        check_meld(a_set("7H 7S JK", Rank.SEVEN), SIX_TO_TEN)


@PUSH_AND_CAP_IT
def test_natural_two_stands_for_itself_in_a_2_3_4_of_its_own_suit(rules: RummyRules) -> None:
    meld = run("AS 2S 3S 4S", Suit.SPADES, 1)
    check_meld(meld, rules)
    assert not meld.is_wild(1) and meld.wild_positions == ()
    assert meld.stands_for(1) == card("2S")
    assert labels("AS 2S 3S 4S", rules) == ["run A♠ 2♠ 3♠ 4♠"]


def test_a_two_is_wild_anywhere_but_its_own_place_in_its_own_suit() -> None:
    assert run("5H 2S 7H", Suit.HEARTS, 5).is_wild(1)
    assert a_set("7H 7S 2S", Rank.SEVEN).is_wild(2)
    assert run("2S 3S 4S 5S", Suit.SPADES, 2).is_wild(0) is False
    assert run("3S 2S 5S", Suit.SPADES, 3).is_wild(1)
    assert run("JK 2H 3S", Suit.SPADES, 1).is_wild(1)


def test_a_two_read_as_natural_or_wild_where_both_are_possible() -> None:
    assert labels("2S JK 3S") == [
        "set of threes",
        "run A♠ 2♠ 3♠ (🃏 as A♠)",
        "run A♠ 2♠ 3♠ (2♠ as A♠, 🃏 as 2♠)",
        "run 2♠ 3♠ 4♠ (🃏 as 4♠)",
        "run 2♠ 3♠ 4♠ (🃏 as 2♠, 2♠ as 4♠)",
        "run 3♠ 4♠ 5♠ (2♠ as 4♠, 🃏 as 5♠)",
    ]


def test_natural_two_cannot_be_rescued() -> None:
    meld = run("AS 2S 3S", Suit.SPADES, 1)
    assert rescue_options(meld, card("2S"), PUSH) == []
    assert all(place != 1 for place, _ in rescue_options(run("AS 2S JK", Suit.SPADES, 1), card("3S"), PUSH))


def test_a_two_is_never_natural_in_six_to_ten() -> None:
    assert not is_meld("AS 2S 3S", SIX_TO_TEN)
    with pytest.raises(MeldError, match="a run starts at 3 or higher"):
        check_meld(run("2S 3S 4S", Suit.SPADES, 2), SIX_TO_TEN)
    with pytest.raises(MeldError, match="a run starts at 3 or higher"):
        check_meld(run("2H 3S 4S", Suit.SPADES, 2), SIX_TO_TEN)
    assert labels("2S 3S 4S", SIX_TO_TEN) == ["run 3♠ 4♠ 5♠ (2♠ as 5♠)"]
    assert run_value_range(SIX_TO_TEN) == (3, 14)


@PUSH_AND_CAP_IT
def test_ace_is_high_or_low_in_push_and_cap_it(rules: RummyRules) -> None:
    assert labels("AH 2H 3H", rules) == ["run A♥ 2♥ 3♥"]
    assert labels("QH KH AH", rules) == ["run Q♥ K♥ A♥"]
    assert run("QH KH AH", Suit.HEARTS, 12).high_value == 14
    assert run_value_range(rules) == (1, 14)


@PUSH_AND_CAP_IT
def test_ace_cannot_be_both_high_and_low_k_a_2_3_is_not_a_run(rules: RummyRules) -> None:
    assert not is_meld("KS AS 2S 3S", rules)
    assert explain_meld(parse_cards("KS AS 2S 3S"), rules) == "an ace cannot be both high and low: K-A-2-3 is not a run"
    assert explain_meld(parse_cards("KS AS JK"), rules) != "an ace cannot be both high and low: K-A-2 is not a run"
    assert explain_meld(parse_cards("KS AS 3S JK"), rules) == "an ace cannot be both high and low: K-A-2-3 is not a run"
    with pytest.raises(MeldError, match="runs do not wrap"):
        check_meld(run("KS AS 2S", Suit.SPADES, 13), rules)


def test_a_run_declared_past_the_ace_is_refused_and_can_still_be_named() -> None:
    past = run("QD KD AD AD", Suit.DIAMONDS, 12)  # the second ace would stand at place 15
    assert str(past) == "run of diamonds from Q♦ past the ace: Q♦ K♦ A♦ A♦"
    assert past.describe() == "run of diamonds from Q♦ past the ace"
    with pytest.raises(MeldError, match="a run cannot go past the ace"):
        check_meld(past, PUSH)


def test_a_run_may_not_hold_the_ace_at_both_ends() -> None:
    thirteen = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    assert is_meld(thirteen)
    with pytest.raises(MeldError, match="an ace cannot be both high and low"):
        check_meld(run(thirteen + " AS", Suit.SPADES, 1), PUSH)
    assert not is_meld("AS AS JK JK JK")
    assert explain_meld(parse_cards("AS AS KS QS"), PUSH) == (
        "a run cannot hold A♠ twice: an ace cannot be both high and low in one run"
    )


def test_ace_is_high_only_in_six_to_ten_so_a_2_3_is_illegal() -> None:
    assert not is_meld("AS 2S 3S", SIX_TO_TEN)
    assert explain_meld(parse_cards("AS 2S 3S"), SIX_TO_TEN) == "in 6-7-8-9-10 the ace is high only: A-2-3 is not a run"
    assert explain_meld(parse_cards("AS 3S 4S"), SIX_TO_TEN) == (
        "in 6-7-8-9-10 the ace is high only, so it cannot come before 3♠"
    )
    assert labels("QS KS AS", SIX_TO_TEN) == ["run Q♠ K♠ A♠"]
    with pytest.raises(MeldError, match="the ace is high only"):
        check_meld(run("AS 2H 3S", Suit.SPADES, 1), SIX_TO_TEN)


# ---- §1.2 sets -----------------------------------------------------------------------------------


@ALL_PRESETS
def test_a_meld_needs_at_least_three_cards(rules: RummyRules) -> None:
    for text in ("", "7H", "7H 7S", "7H 8H"):
        assert not is_meld(text, rules)
        assert explain_meld(parse_cards(text), rules) == "a meld needs at least 3 cards"
    with pytest.raises(MeldError, match="a meld needs at least 3 cards"):
        check_meld(a_set("7H 7S", Rank.SEVEN), rules)


@ALL_PRESETS
def test_set_naturals_all_have_one_rank(rules: RummyRules) -> None:
    assert labels("7H 7S 7C", rules) == ["set of sevens"]
    assert not is_meld("7H 8S 7C", rules)
    assert explain_meld(parse_cards("7H 8S 7C"), rules) == (
        "a set of sevens cannot hold 8♠: every natural card of a set has its rank"
    )
    with pytest.raises(MeldError, match="cannot hold 8♠"):
        check_meld(a_set("7H 8S 7C", Rank.SEVEN), rules)


@PUSH_AND_CAP_IT
def test_set_may_not_repeat_a_suit_in_push_and_cap_it(rules: RummyRules) -> None:
    assert not is_meld("8H 8H 8S", rules)
    assert explain_meld(parse_cards("8H 8H 8S"), rules) == "a set may not hold two hearts"
    with pytest.raises(MeldError, match="a set may not hold two hearts"):
        check_meld(a_set("8H 8S 8H JK", Rank.EIGHT), rules)


def test_five_card_set_is_illegal_in_push() -> None:
    assert labels("7C 7D 7H 7S") == ["set of sevens"]
    assert not is_meld("7C 7D 7H 7S JK")
    assert explain_meld(parse_cards("7C 7D 7H 7S JK"), PUSH) == (
        "a set in Push holds at most 4 cards: each natural needs its own suit"
    )
    with pytest.raises(MeldError, match="a set in Push holds at most 4 cards"):
        check_meld(a_set("7C 7D JK 2S 2H", Rank.SEVEN), PUSH)
    assert PUSH.max_set_size == 4


def test_set_may_repeat_suits_and_grow_past_four_with_two_decks_in_six_to_ten() -> None:
    assert labels("8H 8H 8S 8C 8D 2S", TWO_DECK_SIX_TO_TEN) == ["set of eights"]


def test_a_six_to_ten_set_is_three_or_more_cards_of_one_rank_even_with_one_deck() -> None:
    """Seed 001: "a set is three or more cards, all of the same rank" (twos wild): no suit rule, no cap,
    so with one deck the four eights and a two are a set of five (D-CORE-04)."""
    assert labels("8H 8S 8C 8D 2S", SIX_TO_TEN) == ["set of eights"]
    assert labels("8H 8S 8C 8D 2S", PUSH) == []  # Push keeps its four different suits


def test_a_wild_in_a_set_stands_for_the_rank_only() -> None:
    meld = a_set("7H 7S JK", Rank.SEVEN)
    assert meld.stands_for(2) is Rank.SEVEN
    assert meld.stands_for(0) == card("7H")
    assert str(meld) == "set of sevens: 7♥ 7♠ 🃏"


def test_there_is_no_set_of_twos_only_an_all_wild_set_of_some_rank() -> None:
    with pytest.raises(MeldError, match="a set cannot be declared as twos"):
        check_meld(a_set("2S 2H 2D", Rank.TWO), PUSH)
    assert "set of twos" not in labels("2S 2H 2D")
    assert "set of threes" in labels("2S 2H 2D")


# ---- §1.2 runs -----------------------------------------------------------------------------------


@ALL_PRESETS
def test_run_is_three_or_more_consecutive_cards_of_one_suit(rules: RummyRules) -> None:
    assert labels("3S 4S 5S 6S", rules) == ["run 3♠ 4♠ 5♠ 6♠"]
    assert labels("9D JD 10D", rules) == ["run 9♦ 10♦ J♦"]
    assert not is_meld("5S 7S 8S", rules)
    assert explain_meld(parse_cards("5S 7S 9S"), rules) == (
        "a run has no gaps: from 5♠ up to 9♠ takes 5 cards, but there are only 3"
    )


@ALL_PRESETS
def test_run_must_be_all_one_suit(rules: RummyRules) -> None:
    assert not is_meld("5H 6S 7H", rules)
    assert explain_meld(parse_cards("5H 6S 7H"), rules) == "a run must be all one suit: 5♥ and 6♠ differ"
    with pytest.raises(MeldError, match="this run is in hearts, but 6♠ is not"):
        check_meld(run("5H 6S 7H", Suit.HEARTS, 5), rules)


def test_run_may_not_repeat_a_card() -> None:
    assert explain_meld(parse_cards("5H 5H 6H 7H"), PUSH) == (
        "a run cannot hold 5♥ twice: each place in a run is a different rank"
    )


def test_each_wild_in_a_run_stands_for_one_exact_card() -> None:
    meld = run("5H JK 7H", Suit.HEARTS, 5)
    assert meld.stands_for(1) == card("6H")
    assert str(meld) == "run 5♥ 6♥ 7♥ (🃏 as 6♥)"
    assert meld.represented() == tuple(parse_cards("5H 6H 7H"))
    with pytest.raises(MeldError, match="7♥ cannot sit in the place of the 6♥"):
        check_meld(run("5H 7H JK", Suit.HEARTS, 5), PUSH)


def test_run_is_at_most_13_cards_in_push_and_12_in_six_to_ten() -> None:
    assert len(labels("JK " * 13)) == 8  # A up to K or 2 up to A, in each of the 4 suits
    assert not is_meld("JK " * 14)
    assert explain_meld(parse_cards("JK " * 14), PUSH).endswith(
        "a run in Push holds at most 13 cards (A up to K, or 2 up to A)"
    )
    twelve = "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
    assert labels(twelve, SIX_TO_TEN) == ["run 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠"]
    assert not is_meld(twelve + " 2S", SIX_TO_TEN)
    assert "holds at most 12 cards (3 up to A)" in explain_meld(parse_cards(twelve + " 2H"), SIX_TO_TEN)


def test_run_grows_only_at_either_end() -> None:
    meld = run("5H 6H 7H", Suit.HEARTS, 5)
    assert [str(m) for m in layoff_options(meld, card("8H"), PUSH)] == ["run 5♥ 6♥ 7♥ 8♥"]
    assert [str(m) for m in layoff_options(meld, card("4H"), PUSH)] == ["run 4♥ 5♥ 6♥ 7♥"]
    assert layoff_options(meld, card("6H"), PUSH) == []
    assert layoff_options(meld, card("9H"), PUSH) == []
    assert layoff_options(meld, card("8S"), PUSH) == []


def test_two_runs_are_never_joined_by_a_lay_off() -> None:
    low, high = run("4S 5S 6S 7S", Suit.SPADES, 4), run("9S 10S JS", Suit.SPADES, 9)
    for option in layoff_options(low, card("8S"), PUSH):
        assert len(option) == len(low) + 1
    assert high not in layoff_options(low, card("8S"), PUSH)


# ---- §1.2 wild-card density ----------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "hand", "w"), [(PUSH, "7H 2C JK", "🃏"), (CAP_IT, "7H 2C JK", "🃏"),
                                                (SIX_TO_TEN, "7H 2C 2D", "2♦")], ids=["push", "cap_it", "six_to_ten"])
def test_single_natural_plus_wilds_is_a_meld(rules: RummyRules, hand: str, w: str) -> None:
    assert labels(hand, rules) == [
        "set of sevens",
        f"run 5♥ 6♥ 7♥ (2♣ as 5♥, {w} as 6♥)",
        f"run 6♥ 7♥ 8♥ (2♣ as 6♥, {w} as 8♥)",
        f"run 7♥ 8♥ 9♥ (2♣ as 8♥, {w} as 9♥)",
    ]


def test_all_wild_meld_is_allowed_by_default() -> None:
    readings = interpret_meld(parse_cards("JK 2C JK"), PUSH)
    sets = [m for m in readings if m.is_set]
    assert [m.rank for m in sets] == [rank for rank in Rank if rank is not Rank.TWO]
    assert len(readings) == 12 + 4 * 12 + 2  # sets; 12 runs per suit; clubs A-2-3 and 2-3-4 with a natural 2♣
    check_meld(run("JK JK JK", Suit.CLUBS, 12), PUSH)
    assert "can be melded 62 ways" in explain_meld(parse_cards("JK 2C JK"), PUSH)


def test_all_wild_meld_is_refused_with_the_min_naturals_option() -> None:
    assert not is_meld("JK JK JK", ALL_WILD_MELDS_REFUSED)
    assert explain_meld(parse_cards("JK JK JK"), ALL_WILD_MELDS_REFUSED) == (
        "with these Push rules every meld needs at least 1 natural card, and here every card is wild"
    )
    with pytest.raises(MeldError, match="at least 1 natural card"):
        check_meld(a_set("JK JK 2C", Rank.NINE), ALL_WILD_MELDS_REFUSED)
    assert labels("7H JK JK", ALL_WILD_MELDS_REFUSED)[0] == "set of sevens"
    assert labels("2C JK JK", ALL_WILD_MELDS_REFUSED) == [
        "run A♣ 2♣ 3♣ (🃏 as A♣, 🃏 as 3♣)",
        "run 2♣ 3♣ 4♣ (🃏 as 3♣, 🃏 as 4♣)",
    ]


def test_any_number_of_wilds_may_join_a_run() -> None:
    assert "run 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ (🃏 as 5♥, 🃏 as 6♥, 2♠ as 8♥, 2♣ as 9♥, 🃏 as 10♥)" in labels(
        "JK JK 7H 2S 2C JK"
    )


# ---- §1.2 several melds of the same kind ---------------------------------------------------------


def test_8_8_8_twice_is_two_legal_sets() -> None:
    first, second = parse_cards("8C 8H 8S"), parse_cards("8H 8S 8D")
    assert labels("8C 8H 8S") == ["set of eights"] and labels("8H 8S 8D") == ["set of eights"]
    assert not is_meld("8C 8H 8S 8H 8S 8D")
    for group in (first, second):
        check_meld(Meld.set_of(group, Rank.EIGHT), PUSH)


def test_4_5_6_7_and_8_9_10_j_of_one_suit_are_two_legal_runs() -> None:
    assert labels("4S 5S 6S 7S") == ["run 4♠ 5♠ 6♠ 7♠"]
    assert labels("8S 9S 10S JS") == ["run 8♠ 9♠ 10♠ J♠"]
    assert labels("4S 5S 6S 7S 8S 9S 10S JS") == ["run 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠"]


def test_six_two_joker_has_four_readings() -> None:
    assert labels("6H 2C JK") == [
        "set of sixes",
        "run 4♥ 5♥ 6♥ (2♣ as 4♥, 🃏 as 5♥)",
        "run 5♥ 6♥ 7♥ (2♣ as 5♥, 🃏 as 7♥)",
        "run 6♥ 7♥ 8♥ (2♣ as 7♥, 🃏 as 8♥)",
    ]
    assert explain_meld(parse_cards("6H 2C JK"), PUSH).startswith("6♥ 2♣ 🃏 can be melded 4 ways: set of sixes; run")


# ---- explanations --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("8H 8H 8S", "a set may not hold two hearts"),
        ("5H 6S 7H", "a run must be all one suit: 5♥ and 6♠ differ"),
        ("KS AS 3S", "an ace cannot be both high and low: K-A-2-3 is not a run"),
        ("KS AS 2S 4S", "an ace cannot be both high and low: K-A-2-3-4 is not a run"),
        ("7H", "a meld needs at least 3 cards"),
        ("7C 7D 7H 7S 2S", "a set in Push holds at most 4 cards: each natural needs its own suit"),
        (
            "5H 6S JK",
            "5♥ and 6♠ differ in rank and in suit, so they fit neither in a set (one rank) nor in a run (one suit)",
        ),
        ("AS 3S 4S", "a run has no gaps: from A♠ up to 4♠ takes 4 cards, but there are only 3"),
        ("QH KH 2H 3H", "a run cannot go round the corner from K to A to 2: Q-K-A-2-3 is not a run"),
        # going round the corner would leave nearly as many gaps, so the gaps are the reason given
        ("3C 9C JC", "a run has no gaps: from 3♣ up to J♣ takes 9 cards, but there are only 3"),
        ("3D 8D KD", "a run has no gaps: from 3♦ up to K♦ takes 11 cards, but there are only 3"),
        ("QH KH 3H 4H", "a run cannot go round the corner from K to A to 2: Q-K-A-2-3-4 is not a run"),
        ("AS AS KS QS", "a run cannot hold A♠ twice: an ace cannot be both high and low in one run"),
    ],
)
def test_explain_meld_gives_the_most_helpful_single_reason(text: str, reason: str) -> None:
    assert explain_meld(parse_cards(text), PUSH) == reason


def test_explain_meld_names_a_legal_meld() -> None:
    assert explain_meld(parse_cards("5H JK 7H"), PUSH) == "5♥ 🃏 7♥ is a meld: run 5♥ 6♥ 7♥ (🃏 as 6♥)"
    assert explain_meld(parse_cards("7H 7S 7C"), PUSH) == "7♥ 7♠ 7♣ is a meld: set of sevens"
    assert explain_meld(parse_cards("JK JK JK"), PUSH).endswith("; and 52 more")


# ---- the Meld value object -----------------------------------------------------------------------


def test_meld_repr_is_exact_python() -> None:
    namespace = {**vars(cards_module), "Meld": Meld}
    for meld in (run("5H JK 7H", Suit.HEARTS, 5), a_set("7H 7S 2C", Rank.SEVEN)):
        assert eval(repr(meld), namespace) == meld
    assert repr(a_set("7H JK 2C", Rank.SEVEN)) == (
        "Meld.set_of((Card(Rank.SEVEN, Suit.HEARTS), JOKER, Card(Rank.TWO, Suit.CLUBS)), Rank.SEVEN)"
    )


def test_meld_json_round_trip_uses_ascii_cards() -> None:
    meld = run("10H JK QH", Suit.HEARTS, 10)
    data = meld.to_json()
    assert data == {"kind": "run", "cards": ["10H", "JK", "QH"], "rank": None, "suit": "H", "start": 10}
    assert Meld.from_json(data) == meld
    sevens = a_set("7H 7S 2C", Rank.SEVEN)
    assert sevens.to_json()["rank"] == "7" and Meld.from_json(sevens.to_json()) == sevens
    with pytest.raises(MeldError, match="does not describe a meld"):
        Meld.from_json({"kind": "pair", "cards": []})
    with pytest.raises(MeldError, match="does not describe a meld"):
        Meld.from_json({"kind": "run", "cards": ["XX"], "suit": "H", "start": 3})
    with pytest.raises(MeldError, match=r'a meld is written like \{"kind": "set"'):
        Meld.from_json(["AS"])  # type: ignore[arg-type]
    with pytest.raises(MeldError, match="a meld needs its kind and cards"):
        Meld.from_json({"rank": "A"})


def test_meld_ends_wilds_and_naturals() -> None:
    meld = run("JK 6H 2S 8H", Suit.HEARTS, 5)
    assert (meld.low_value, meld.high_value, len(meld)) == (5, 8, 4)
    assert meld.wild_positions == (0, 2) and meld.natural_positions == (1, 3)
    assert meld.naturals == tuple(parse_cards("6H 8H")) and meld.wilds == (JOKER, card("2S"))
    assert meld.kind is MeldKind.RUN and meld.is_run and not meld.is_set
    assert meld.describe() == "run of hearts from 5♥ to 8♥"
    with pytest.raises(MeldError, match="a set has no low end"):
        _ = a_set("7H 7S 7C", Rank.SEVEN).low_value


def test_meld_declarations_must_fit_their_kind() -> None:
    with pytest.raises(MeldError, match="a set is declared by its rank alone"):
        Meld(MeldKind.SET, tuple(parse_cards("7H 7S 7C")), Rank.SEVEN, Suit.HEARTS)
    with pytest.raises(MeldError, match="a run is declared by its suit"):
        Meld(MeldKind.RUN, tuple(parse_cards("7H 8H 9H")), Rank.SEVEN, Suit.HEARTS, 7)
    with pytest.raises(MeldError, match="not 15"):
        run("7H 8H 9H", Suit.HEARTS, 15)
    assert isinstance(MeldError("x"), IllegalAction)
    assert Meld(MeldKind.SET, parse_cards("7H 7S 7C"), Rank.SEVEN).cards == tuple(parse_cards("7H 7S 7C"))  # type: ignore[arg-type]


def test_rank_at_maps_both_ace_places() -> None:
    assert rank_at(1) is Rank.ACE and rank_at(14) is Rank.ACE and rank_at(2) is Rank.TWO
    with pytest.raises(ValueError):
        rank_at(15)


# ---- lay-off and rescue (RULES.md §1.5 b, used on the melds of §1.2) -------------------------------


def test_a_wild_laid_off_on_a_run_is_declared_as_a_specific_end_card() -> None:
    options = layoff_options(run("5H 6H 7H", Suit.HEARTS, 5), JOKER, PUSH)
    assert [str(m) for m in options] == ["run 4♥ 5♥ 6♥ 7♥ (🃏 as 4♥)", "run 5♥ 6♥ 7♥ 8♥ (🃏 as 8♥)"]
    top = layoff_options(run("QH KH AH", Suit.HEARTS, 12), JOKER, PUSH)
    assert [str(m) for m in top] == ["run J♥ Q♥ K♥ A♥ (🃏 as J♥)"]


def test_a_set_gains_a_laid_off_card_of_an_absent_suit() -> None:
    sevens = a_set("7H 7S JK", Rank.SEVEN)
    assert layoff_options(sevens, card("7D"), PUSH) == [a_set("7H 7S JK 7D", Rank.SEVEN)]
    assert layoff_options(sevens, card("2C"), PUSH) == [a_set("7H 7S JK 2C", Rank.SEVEN)]
    assert layoff_options(sevens, card("7H"), PUSH) == []
    assert layoff_options(sevens, card("8D"), PUSH) == []
    assert layoff_options(a_set("7H 7S 7C 7D", Rank.SEVEN), JOKER, PUSH) == []
    assert layoff_options(a_set("7H 7S 7C 7D", Rank.SEVEN), card("7H"), TWO_DECK_SIX_TO_TEN) != []


def test_ace_lays_off_low_in_push_but_only_high_in_six_to_ten() -> None:
    assert [str(m) for m in layoff_options(run("2S 3S 4S", Suit.SPADES, 2), card("AS"), PUSH)] == ["run A♠ 2♠ 3♠ 4♠"]
    assert layoff_options(run("3S 4S 5S", Suit.SPADES, 3), card("AS"), SIX_TO_TEN) == []
    assert layoff_options(run("QS KS 2H", Suit.SPADES, 12), card("AS"), SIX_TO_TEN) == []
    assert [str(m) for m in layoff_options(run("JS QS KS", Suit.SPADES, 11), card("AS"), SIX_TO_TEN)] == [
        "run J♠ Q♠ K♠ A♠"
    ]


def test_a_two_laid_off_at_its_own_place_is_natural() -> None:
    options = layoff_options(run("3S 4S 5S", Suit.SPADES, 3), card("2S"), PUSH)
    assert [str(m) for m in options] == ["run 2♠ 3♠ 4♠ 5♠", "run 3♠ 4♠ 5♠ 6♠ (2♠ as 6♠)"]
    assert options[0].wild_positions == ()


def test_rescue_in_a_run_needs_the_exact_card() -> None:
    meld = run("5H JK 7H", Suit.HEARTS, 5)
    assert rescue_options(meld, card("6H"), PUSH) == [(1, run("5H 6H 7H", Suit.HEARTS, 5))]
    assert rescue_options(meld, card("6S"), PUSH) == []
    assert rescue_options(meld, card("8H"), PUSH) == []
    assert rescue_options(meld, JOKER, PUSH) == []


def test_rescue_in_a_set_needs_the_rank_in_a_suit_not_yet_there() -> None:
    meld = a_set("7H 2C JK", Rank.SEVEN)
    assert rescue_options(meld, card("7S"), PUSH) == [
        (1, a_set("7H 7S JK", Rank.SEVEN)),
        (2, a_set("7H 2C 7S", Rank.SEVEN)),
    ]
    assert rescue_options(meld, card("7H"), PUSH) == []
    assert rescue_options(meld, card("2S"), PUSH) == []
    assert rescue_options(a_set("7H 7S 2C", Rank.SEVEN), card("7H"), TWO_DECK_SIX_TO_TEN) == [
        (2, a_set("7H 7S 7H", Rank.SEVEN))
    ]


def test_rescue_outcomes_give_one_place_per_distinct_outcome() -> None:
    tens = a_set("10S JK JK", Rank.TEN)
    assert len(rescue_options(tens, card("10H"), PUSH)) == 2  # either joker: the same set, the same joker home
    assert rescue_outcomes(tens, card("10H"), PUSH) == [(1, a_set("10S 10H JK", Rank.TEN))]
    sevens = a_set("7H 2C JK", Rank.SEVEN)  # a 2 or a joker comes home: two outcomes
    assert rescue_outcomes(sevens, card("7S"), PUSH) == rescue_options(sevens, card("7S"), PUSH)
    both = run("5H JK JK 8H", Suit.HEARTS, 5)  # in a run each joker stands for its own card
    assert rescue_outcomes(both, card("6H"), PUSH) == [(1, run("5H 6H JK 8H", Suit.HEARTS, 5))]


def test_why_no_rescue_names_what_the_wilds_stand_for() -> None:
    table = [a_set("10S JK JK", Rank.TEN), run("5H JK 7H", Suit.HEARTS, 5)]
    assert why_no_rescue(table, card("8S"), PUSH) == (
        "8♠ is not what any wild card on the table stands for (they stand for any ten of a new suit or 6♥)"
    )
    assert why_no_rescue(table, card("10S"), PUSH) == (
        "10♠ cannot take a wild card's place in the set of tens: a set may not hold two spades"
    )
    assert why_no_rescue(table, JOKER, PUSH) == "🃏 is wild itself: only a natural card can take a wild card's place"
    assert why_no_rescue([run("5H 6H 7H", Suit.HEARTS, 5)], card("8S"), PUSH) == (
        "there is no wild card on the table to rescue"
    )


def test_why_no_rescues_names_cards_that_fail_alike_together() -> None:
    table = [a_set("10S JK JK", Rank.TEN)]
    assert why_no_rescues(table, [card("8S"), JOKER, card("4D"), card("8S"), card("10S")], PUSH) == [
        "8♠ and 4♦ are not what any wild card on the table stands for (they stand for any ten of a new suit)",
        "🃏 is wild itself: only a natural card can take a wild card's place",
        "10♠ cannot take a wild card's place in the set of tens: a set may not hold two spades",
    ]
    assert why_no_rescues(table, [card("8S")], PUSH) == [why_no_rescue(table, card("8S"), PUSH)]


def test_a_wild_two_can_be_rescued_and_a_joker_for_a_two_can_be_rescued_by_that_two() -> None:
    assert rescue_options(run("5S 2S 7S", Suit.SPADES, 5), card("6S"), PUSH) == [(1, run("5S 6S 7S", Suit.SPADES, 5))]
    assert rescue_options(run("AS JK 3S", Suit.SPADES, 1), card("2S"), PUSH) == [(1, run("AS 2S 3S", Suit.SPADES, 1))]
    assert rescue_options(run("AS JK 3S", Suit.SPADES, 1), card("2H"), PUSH) == []
