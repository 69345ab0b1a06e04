"""Set-up (RULES.md §1.4, §1.8): seats, partnerships, dealer, seeded deals, the up-card and the stock."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from rummy_engine_support import check_conservation, pack

from push_learn.cards import JOKER, make_deck
from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN, cap_it, six_to_ten
from push_learn.rummy.engine import DealStarted, Match, Phase, Push, play_random_match
from push_learn.rummy.engine.setup import deal_hand, seeded_random
from push_learn.rummy.engine.state import is_wild_card


def test_push_seats_are_compass_points_with_partners_opposite() -> None:
    match = Match.new(PUSH, seed=1)
    assert match.names == ("North", "East", "South", "West")
    assert match.units == ("North-South", "East-West")
    assert [PUSH.partner(seat) for seat in range(4)] == [2, 3, 0, 1]
    assert [PUSH.team_of(seat) for seat in range(4)] == [0, 1, 0, 1]


def test_other_tables_have_numbered_seats_and_individual_units() -> None:
    assert Match.new(cap_it(5), seed=1).names == ("Player 1", "Player 2", "Player 3", "Player 4", "Player 5")
    assert Match.new(six_to_ten(3), seed=1).units == ("Player 1", "Player 2", "Player 3")
    assert Match.new(CAP_IT, seed=1).units == ("North", "East", "South", "West")


def test_named_players_get_random_seats_so_partnerships_are_random() -> None:
    """A-R1-01: the seed chooses the partnerships and the first dealer."""
    players = ("Ann", "Bob", "Cy", "Di")
    partners_of_ann = set()
    dealers = set()
    for seed in range(40):
        match = Match.new(PUSH, seed, players)
        assert sorted(match.names) == sorted(players)
        ann = match.names.index("Ann")
        partners_of_ann.add(match.names[(ann + 2) % 4])
        dealers.add(match.first_dealer)
        assert match.units[PUSH.team_of(ann)].startswith("Ann & ") or match.units[PUSH.team_of(ann)].endswith(" & Ann")
    assert partners_of_ann == {"Bob", "Cy", "Di"}
    assert dealers == {0, 1, 2, 3}


def test_wrong_number_of_names_is_refused() -> None:
    with pytest.raises(ValueError, match="needs 4 player names"):
        Match.new(PUSH, 1, ("Ann", "Bob"))


def test_same_seed_same_match_different_seed_different_deal() -> None:
    assert Match.new(PUSH, 99).snapshot() == Match.new(PUSH, 99).snapshot()
    assert Match.new(PUSH, 99).deal.hands != Match.new(PUSH, 100).deal.hands


def test_first_deal_and_lead() -> None:
    """Cards go one at a time from the dealer's left; the player at the dealer's left leads."""
    match = Match.new(PUSH, seed=5)
    deal = match.deal
    dealer = match.first_dealer
    assert deal.dealer == dealer and deal.number == 1
    assert deal.turn == (dealer + 1) % 4 and deal.phase is Phase.DRAW
    shuffled = list(make_deck(2, 4))
    seeded_random(5, "deal 1").shuffle(shuffled)
    first_four = [shuffled.pop() for _ in range(4)]
    for i, card in enumerate(first_four):
        assert deal.hands[(dealer + 1 + i) % 4][0] == card
    assert [len(hand) for hand in deal.hands] == [6, 6, 6, 6]


@pytest.mark.parametrize(
    ("rules", "stocks"),
    [
        (PUSH, [83, 79, 75, 71, 67]),
        (cap_it(3), [77] * 5),
        (CAP_IT, [67] * 5),
        (cap_it(5), [111] * 5),
        (cap_it(6), [101] * 5),
        (SIX_TO_TEN, [31] * 5),
        (six_to_ten(3), [21] * 5),
        (six_to_ten(3, double_deck=True), [73] * 5),
        (six_to_ten(4), [63] * 5),
    ],
)
def test_stock_sizes_and_hand_sizes_of_every_deal(rules, stocks) -> None:  # type: ignore[no-untyped-def]
    """RULES.md §1.8: the stock after the deal and the up-card, always odd."""
    for number, expected in enumerate(stocks, start=1):
        deal, event = deal_hand(rules, 11, number, dealer=number % rules.players)
        assert len(deal.stock) == expected == event.stock and expected % 2 == 1
        assert all(len(hand) == rules.hand_size(number) for hand in deal.hands)
        assert Counter(deal.all_cards()) == pack(rules)
        assert deal.turn == rules.first_player(deal.dealer)


def test_wild_up_card_is_buried_below_the_top_and_another_card_turned() -> None:
    """A-R1-02: a 2 or joker turned up goes back into the stock at a random place, never on top."""
    places = []
    for seed in range(400):
        deal, event = deal_hand(PUSH, seed, 1, 0)
        assert deal.upcard is not None and not is_wild_card(deal.upcard, PUSH)
        if event.buried:
            assert event.buried == deal.buried and all(is_wild_card(card, PUSH) for card in event.buried)
            for card in set(event.buried):
                assert deal.stock.count(card) >= event.buried.count(card)
            # the stock's top card was dealt after the burial, so the buried card is not on top
            places.append(max(i for i, card in enumerate(deal.stock) if card == event.buried[-1]))
    assert len(places) > 20
    assert len(set(places)) > 10, "buried cards should land at many different places"


def test_a_buried_wild_lands_anywhere_below_the_top() -> None:
    """A-R1-02 with a single joker, so its place is exact: over many deals it lands in both halves of the
    stock, not always at one end."""
    rules = replace(PUSH, jokers=1, name="Push with one joker")
    places = []
    for seed in range(3000):
        deal, event = deal_hand(rules, seed, 1, 0)
        if event.buried == (JOKER,):
            places.append(deal.stock.index(JOKER) / (len(deal.stock) - 1))
    assert len(places) > 10
    assert min(places) < 0.5 < max(places)
    assert len(set(places)) > 10


def test_six_to_ten_buries_twos_only() -> None:
    for seed in range(200):
        deal, _ = deal_hand(SIX_TO_TEN, seed, 1, 0)
        assert deal.upcard is not None and deal.upcard.rank != 2


def test_dealer_rotates_left_and_deals_do_not_depend_on_play() -> None:
    """The deal passes clockwise; each deal is fixed by the seed whatever the players did before."""
    first = play_random_match(PUSH, seed=21, player_seed=1)
    second = play_random_match(PUSH, seed=21, player_seed=2)
    assert first.actions != second.actions
    dealers = [result.dealer for result in first.results]
    assert dealers == [(first.first_dealer + i) % 4 for i in range(5)]
    starts = [[e for e in m.events if isinstance(e, DealStarted)] for m in (first, second)]
    assert starts[0] == starts[1] and [e.deal for e in starts[0]] == [1, 2, 3, 4, 5]
    assert [e.hand_size for e in starts[0]] == [6, 7, 8, 9, 10]


def test_new_match_holds_the_whole_pack() -> None:
    for rules in (PUSH, CAP_IT, SIX_TO_TEN, cap_it(6)):
        check_conservation(Match.new(rules, 3))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_six_to_ten_is_dealt_from_the_dealers_right_who_moves_first(players: int) -> None:
    """Seed 001: "the dealer then deals the cards, one-by-one and face down, starting with the player at
    his right and continuing in a clockwise direction", and "the player to the right of the dealer has the
    first turn and play rotates around the table in a clockwise direction" (A-R3-02, D-ENG-17)."""
    match = Match.new(six_to_ten(players), seed=11)
    deal = match.deal
    right = (deal.dealer - 1) % players
    shuffled = list(make_deck(match.rules.decks, 0))
    seeded_random(11, "deal 1").shuffle(shuffled)
    for i in range(players):
        assert deal.hands[(right + i) % players][0] == shuffled.pop()
    assert match.to_move == (right,)


def test_the_first_six_to_ten_player_pushes_to_the_left_that_is_to_the_dealer() -> None:
    """Seed 001: a pushed card goes "to the next player at his left"; with the dealer's right moving first,
    that next player is the dealer, who also moves second."""
    match = Match.new(six_to_ten(3), seed=11)
    first, dealer = match.turn, match.deal.dealer
    before = len(match.hand(dealer))
    match.apply(Push(first))
    assert len(match.hand(dealer)) == before + 2
    match.apply(match.legal_actions(first)[0])  # a discard ends the turn
    assert match.to_move == (dealer,)
