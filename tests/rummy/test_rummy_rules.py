"""Variants as data (push_learn.rummy.rules): presets, table sizes, refusals, stocks (RULES.md §1.3, §1.8, §1.10)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN, MeldKind, RulesError, RummyRules, Scoring, cap_it, six_to_ten
from push_learn.rummy.rules import push


def test_push_preset_is_four_players_in_partnerships_with_108_cards() -> None:
    assert PUSH.players == 4 and PUSH.scoring is Scoring.TEAM
    assert (PUSH.decks, PUSH.jokers, PUSH.deck_size) == (2, 4, 108)
    assert PUSH.hand_sizes == (6, 7, 8, 9, 10)
    assert PUSH.jokers_wild and PUSH.natural_twos and PUSH.ace_low and PUSH.set_distinct_suits
    assert PUSH.name == "Push" and PUSH.deals == 5
    assert push() == PUSH


def test_push_partners_sit_opposite() -> None:
    assert [PUSH.partner(seat) for seat in range(4)] == [2, 3, 0, 1]
    assert [PUSH.team_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert PUSH.scoring_units == 2


def test_cap_it_preset_is_individual_with_ten_cards_every_deal() -> None:
    assert CAP_IT.players == 4 and CAP_IT.scoring is Scoring.INDIVIDUAL
    assert CAP_IT.hand_sizes == (10,) * 5
    assert CAP_IT.partner(0) is None and CAP_IT.team_of(3) == 3 and CAP_IT.scoring_units == 4
    assert CAP_IT.name == "Cap-It"
    # RULES 1.5 and 1.6: the pushed stock card travels face up, any card may be discarded, and a player
    # may go out by melding his last cards (A-R1-05, A-R1-13, A-R1-17 hold for Cap-It too).
    assert CAP_IT.pushed_card_public and CAP_IT.go_out_by_melding
    assert CAP_IT.discard_wild_allowed and CAP_IT.discard_taken_card_allowed


@pytest.mark.parametrize(("players", "deck_size"), [(3, 108), (4, 108), (5, 162), (6, 162)])
def test_cap_it_adds_a_third_deck_for_five_or_six_players(players: int, deck_size: int) -> None:
    rules = cap_it(players)
    assert rules.players == players
    assert rules.deck_size == deck_size
    assert rules.jokers == (6 if players >= 5 else 4)


def test_six_to_ten_preset_has_twos_wild_no_jokers_and_ace_high() -> None:
    rules = SIX_TO_TEN
    assert rules.players == 2 and rules.deck_size == 52 and rules.jokers == 0
    assert not rules.jokers_wild and not rules.natural_twos and not rules.ace_low
    assert not rules.pushed_card_public and not rules.push_on_last_stock_card
    assert not rules.discard_wild_allowed and not rules.discard_taken_card_allowed and not rules.go_out_by_melding
    assert rules.max_run_length == 12 and PUSH.max_run_length == 13
    assert rules.name == "6-7-8-9-10"


@pytest.mark.parametrize(
    ("players", "double_deck", "deck_size", "distinct_suits"),
    [(2, None, 52, False), (3, None, 52, False), (3, True, 104, False), (4, None, 104, False)],
)
def test_six_to_ten_deck_by_players(
    players: int, double_deck: bool | None, deck_size: int, distinct_suits: bool
) -> None:
    rules = six_to_ten(players, double_deck)
    assert rules.deck_size == deck_size
    assert rules.set_distinct_suits is distinct_suits
    assert rules.max_set_size == (4 if distinct_suits else None)


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: dataclasses.replace(PUSH, players=5), "Push is played by exactly 4 players, not 5"),
        (lambda: dataclasses.replace(PUSH, players=3), "Push is played by exactly 4 players, not 3"),
        (lambda: cap_it(7), "Cap-It is played by 3 to 6 players, not 7"),
        (lambda: cap_it(2), "Cap-It is played by 3 to 6 players, not 2"),
        (lambda: six_to_ten(5), "6-7-8-9-10 is played by 2 to 4 players, not 5"),
        (lambda: six_to_ten(1), "6-7-8-9-10 is played by 2 to 4 players, not 1"),
    ],
)
def test_player_counts_outside_the_game_are_refused_with_a_reason(
    build: Callable[[], RummyRules], message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        build()


def test_other_bad_settings_are_refused() -> None:
    with pytest.raises(RulesError, match="unknown rummy game"):
        dataclasses.replace(PUSH, variant="gin")
    with pytest.raises(RulesError, match="even number of players"):
        dataclasses.replace(CAP_IT, players=3, scoring=Scoring.TEAM)
    with pytest.raises(RulesError, match="min_naturals_per_meld"):
        dataclasses.replace(PUSH, min_naturals_per_meld=2)
    with pytest.raises(RulesError, match="can never hold the contract"):
        dataclasses.replace(PUSH, hand_sizes=(4, 7, 8, 9, 10))
    with pytest.raises(RulesError, match="too few to deal"):
        dataclasses.replace(CAP_IT, players=6, decks=1, jokers=0)
    with pytest.raises(RulesError, match="one hand size and one contract"):
        dataclasses.replace(PUSH, hand_sizes=(6, 7))
    assert isinstance(RulesError("x"), ValueError)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"decks": 0}, "Push is played with 1 to 4 decks, not 0"),
        ({"decks": 10**20}, "Push is played with 1 to 4 decks, not 100000000000000000000"),
        ({"jokers": 10**9}, "2 decks may hold 0 to 8 jokers, not 1000000000"),
        ({"jokers": -1}, "2 decks may hold 0 to 8 jokers, not -1"),
        ({"hand_sizes": (0, 7, 8, 9, 10)}, "a hand of at least one card"),
        ({"pot_ante": -5}, "cannot be negative"),
        ({"pot_round_prize": -1}, "cannot be negative"),
    ],
)
def test_packs_and_stakes_out_of_range_are_refused_before_any_pack_is_built(
    change: dict[str, object], message: str
) -> None:
    """D-ENG-08: a record asking for a billion jokers is refused at once, not after filling the memory."""
    with pytest.raises(RulesError, match=message):
        dataclasses.replace(PUSH, **change)  # type: ignore[arg-type]


def test_deals_outside_the_match_are_refused() -> None:
    with pytest.raises(RulesError, match="deals 1 to 5, not 6"):
        PUSH.contract(6)
    with pytest.raises(RulesError, match="not 0"):
        PUSH.hand_size(0)


CONTRACT_TABLE = {
    "push": ["2 sets of 3", "1 set of 3 + 1 run of 4", "2 runs of 4", "3 sets of 3", "2 runs of 5"],
    "cap_it": ["2 sets of 3", "1 set of 3 + 1 run of 4", "2 runs of 4", "3 sets of 3", "1 run of 3 + 1 run of 7"],
    "six_to_ten": ["2 sets of 3", "1 run of 4 + 1 set of 3", "2 runs of 4", "3 sets of 3", "1 run of 7 + 1 set of 3"],
}


@pytest.mark.parametrize("rules", [PUSH, CAP_IT, SIX_TO_TEN], ids=lambda rules: rules.variant)
def test_contracts_follow_the_table_of_section_1_3(rules: RummyRules) -> None:
    assert [str(rules.contract(deal)) for deal in range(1, 6)] == CONTRACT_TABLE[rules.variant]
    first = rules.contract(1).melds[0]
    assert first.kind is MeldKind.SET and first.min_length == 3 and str(first) == "set of 3"


@pytest.mark.parametrize(
    ("rules", "stocks"),
    [
        (PUSH, [83, 79, 75, 71, 67]),
        (cap_it(3), [77] * 5),
        (cap_it(4), [67] * 5),
        (cap_it(5), [111] * 5),
        (cap_it(6), [101] * 5),
        (six_to_ten(2), [31] * 5),
        (six_to_ten(3), [21] * 5),
        (six_to_ten(3, double_deck=True), [73] * 5),
        (six_to_ten(4), [63] * 5),
    ],
    ids=lambda value: getattr(value, "name", None) and f"{value.name}-{value.players}p-{value.deck_size}",
)
def test_stock_sizes_of_section_1_8_are_odd(rules: RummyRules, stocks: list[int]) -> None:
    assert [rules.stock_size(deal) for deal in range(1, 6)] == stocks
    assert all(stock % 2 == 1 for stock in stocks)


def test_house_rules_are_a_dataclass_replace() -> None:
    house = dataclasses.replace(PUSH, min_naturals_per_meld=1)
    assert house.min_naturals_per_meld == 1 and house.players == 4 and house != PUSH
    assert not PUSH.runs_may_share_cards
    with pytest.raises(dataclasses.FrozenInstanceError):
        PUSH.players = 3  # type: ignore[misc]


def test_rules_given_lists_keep_their_own_copy() -> None:
    """Rules are values: a list given for the hand sizes or contracts cannot be changed afterwards."""
    sizes, contracts = [6, 7, 8, 9, 10], list(PUSH.contracts)
    parts = list(PUSH.contracts[0].melds)
    rules = dataclasses.replace(PUSH, hand_sizes=sizes, contracts=contracts)  # type: ignore[arg-type]
    contract = type(PUSH.contracts[0])(parts)  # type: ignore[arg-type]
    sizes[0], contracts[0] = 3, PUSH.contracts[4]
    parts.pop()
    assert rules.hand_size(1) == 6 and rules.contract(1) == PUSH.contracts[0]
    assert rules == PUSH and hash(rules) == hash(PUSH)
    assert contract == PUSH.contracts[0] and str(contract) == "2 sets of 3"
