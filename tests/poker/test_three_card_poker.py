"""Casino Three Card Poker (C1): settlement of every bet, qualifying, paytables, the game, records."""

from __future__ import annotations

from collections import Counter

import pytest
from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from push_learn.cards import Card, Rank
from push_learn.errors import IllegalAction, RecordError
from push_learn.poker.three_card import THREE_CARD_POKER, ThreeCardHand, evaluate
from push_learn.poker.three_card_poker import (
    ANTE_BONUS_TABLES,
    PAIR_PLUS_TABLES,
    Fold,
    Paytable,
    PlaceBets,
    Play,
    SeatResult,
    Showdown,
    ThreeCardPokerGame,
    ThreeCardPokerRules,
    load_three_card_poker,
    settle_seat,
    showdown,
)
from push_learn.records import Record

RULES = ThreeCardPokerRules()


def h(text: str) -> ThreeCardHand:
    return evaluate(text, THREE_CARD_POKER)


def nets(result: SeatResult) -> dict[str, int]:
    return {line.bet: line.net for line in result.lines}


def test_dealer_qualifies_with_queen_high() -> None:
    assert showdown(h("KS 3D 5C").key, h("QS 3D 2C").key, RULES) is Showdown.PLAYER_WINS
    assert showdown(h("2S 3D 5C").key, h("QS 3D 2C").key, RULES) is Showdown.DEALER_WINS
    assert showdown(h("AS 3D 5C").key, h("JS 10D 8C").key, RULES) is Showdown.DEALER_NOT_QUALIFIED
    assert showdown(h("AS 3D 5C").key, h("2S 2D 3C").key, RULES) is Showdown.DEALER_WINS
    strict = ThreeCardPokerRules(dealer_qualifier=Rank.KING)
    assert showdown(h("AS 3D 5C").key, h("QS JD 9C").key, strict) is Showdown.DEALER_NOT_QUALIFIED


def test_dealer_not_qualifying_pays_ante_and_pushes_play() -> None:
    result = settle_seat(0, h("2S 3D 5C"), h("JS 10D 8C"), 10, 0, True, RULES)
    assert nets(result) == {"ante": 10, "play": 0}
    assert result.returned == 30  # ante 10 + 10 won, play 10 back


def test_player_higher_wins_both_and_dealer_higher_takes_both() -> None:
    assert nets(settle_seat(0, h("AS KD 5C"), h("QS 10D 8C"), 5, 0, True, RULES)) == {"ante": 5, "play": 5}
    assert nets(settle_seat(0, h("KS JD 5C"), h("AH 10D 8C"), 5, 0, True, RULES)) == {"ante": -5, "play": -5}


def test_ante_bonus_needs_the_play_bet_and_pair_plus_pays_whatever_the_showdown() -> None:
    """RULES 5: a player who folds a straight flush gets no Ante Bonus (he loses his ante); a Pair Plus bet
    on a pair pays 1 to 1 even when the player plays and loses to the dealer."""
    assert nets(settle_seat(0, h("4S 5S 6S"), h("9H 9D 9C"), 2, 0, False, RULES)) == {"ante": -2}
    lost = settle_seat(0, h("7S 7H 9D"), h("AS AD 2C"), 2, 3, True, RULES)
    assert nets(lost) == {"ante": -2, "play": -2, "pair plus": 3}


def test_tie_pushes_both() -> None:
    result = settle_seat(0, h("KS JD 5C"), h("KH JC 5D"), 5, 0, True, RULES)
    assert nets(result) == {"ante": 0, "play": 0}
    assert result.returned == 10


def test_ante_bonus_paid_whatever_the_dealer_holds() -> None:
    # A-C1-04: the bonus does not depend on the dealer's hand.
    result = settle_seat(0, h("4S 5S 6S"), h("9H 9D 9C"), 2, 0, True, RULES)
    assert nets(result) == {"ante": 2, "play": 2, "ante bonus": 10}
    assert [str(line) for line in result.lines][2] == "ante bonus: +10 (straight flush pays 5 to 1 on the ante)"
    # Trips lose to the dealer's straight flush yet still collect the bonus.
    result = settle_seat(0, h("9H 9D 9C"), h("4S 5S 6S"), 2, 0, True, RULES)
    assert nets(result) == {"ante": -2, "play": -2, "ante bonus": 8}
    result = settle_seat(0, h("AH 2D 3C"), h("JS 10D 8C"), 2, 0, True, RULES)
    assert nets(result) == {"ante": 2, "play": 0, "ante bonus": 2}
    no_bonus = ThreeCardPokerRules(ante_bonus=ANTE_BONUS_TABLES["none"])
    assert nets(settle_seat(0, h("AH 2D 3C"), h("JS 10D 8C"), 2, 0, True, no_bonus)) == {"ante": 2, "play": 0}


def test_pair_plus_pays_on_the_players_cards_alone() -> None:
    assert nets(settle_seat(0, h("AS KS 5S"), h("2H 2D 2C"), 0, 3, False, RULES)) == {"pair plus": 12}
    common = ThreeCardPokerRules(pair_plus=PAIR_PLUS_TABLES["40-30-6-3-1"])
    assert nets(settle_seat(0, h("AS KS 5S"), h("2H 2D 2C"), 0, 3, False, common)) == {"pair plus": 9}
    assert nets(settle_seat(0, h("QS JS 10S"), h("2H 3D 5C"), 0, 1, False, RULES)) == {"pair plus": 40}
    assert nets(settle_seat(0, h("7S 7H 7D"), h("2H 3D 5C"), 0, 1, False, RULES)) == {"pair plus": 30}
    assert nets(settle_seat(0, h("7S 8H 9D"), h("2H 3D 5C"), 0, 1, False, RULES)) == {"pair plus": 6}
    assert nets(settle_seat(0, h("7S 7H 9D"), h("2H 3D 5C"), 0, 1, False, RULES)) == {"pair plus": 1}
    assert nets(settle_seat(0, h("AS KH 9D"), h("2H 3D 5C"), 0, 4, False, RULES)) == {"pair plus": -4}


def test_fold_forfeits_ante_and_pair_plus_by_default() -> None:
    result = settle_seat(0, h("7S 7H 9D"), h("2H 3D 5C"), 5, 5, False, RULES)
    assert nets(result) == {"ante": -5, "pair plus": -5}  # A-C1-01
    keep = ThreeCardPokerRules(fold_forfeits_pair_plus=False)
    assert nets(settle_seat(0, h("7S 7H 9D"), h("2H 3D 5C"), 5, 5, False, keep)) == {"ante": -5, "pair plus": 5}


def test_paytables_are_data_and_checked() -> None:
    assert str(PAIR_PLUS_TABLES["40-30-6-4-1"]) == "40-30-6-4-1"
    assert RULES.pair_plus is PAIR_PLUS_TABLES["40-30-6-4-1"]
    assert RULES.ante_bonus.pays_for("straight flush") == 5
    assert RULES.ante_bonus.pays_for("flush") is None
    with pytest.raises(ValueError, match="not a Three Card Poker category"):
        Paytable("bad", (("prial", 10),))


def play_out(game: ThreeCardPokerGame) -> None:
    turn = 0
    while not game.over:
        seat = game.to_move[0]
        if game.phase == "betting":
            game.apply(PlaceBets(seat, 2, 1 if seat % 2 else 0))
        else:
            game.apply(Play(seat) if (turn := turn + 1) % 3 else Fold(seat))


def test_a_table_plays_to_the_end_and_replays_from_its_record() -> None:
    game = ThreeCardPokerGame(ThreeCardPokerRules(seats=3, starting_stack=50), seed=11, rounds=6)
    total = sum(game.stacks)
    play_out(game)
    assert game.over and len(game.results) == 6
    assert sum(game.stacks) + game.house == total
    assert game.on_table == 0
    for result in game.results:
        assert {s.seat for s in result.seats} == {0, 1, 2}
        assert result.dealer_qualifies == (evaluate(result.dealer_cards, THREE_CARD_POKER).key >= RULES.qualifying_key)
    record = Record.from_json(game.record().to_json())
    again = load_three_card_poker(record)
    assert again.stacks == game.stacks and again.results == game.results and again.house == game.house


def test_refused_actions_leave_the_state_untouched() -> None:
    game = ThreeCardPokerGame(ThreeCardPokerRules(seats=2, starting_stack=10, max_bet=8), seed=1)
    before = (game.record(), list(game.stacks))
    for bad, message in [
        (PlaceBets(1, 2, 0), "it is Seat 1's turn, not Seat 2's"),
        (PlaceBets(0, 6, 0), "has 10 chips"),
        (PlaceBets(0, 9, 0), "between 1 and 8"),
        (PlaceBets(0, -1, 0), "negative"),
        (Play(0), "not the time"),
        (PlaceBets(5, 1, 0), "this table has seats 1 to 2, not seat 6"),
    ]:
        with pytest.raises(IllegalAction, match=message):
            game.apply(bad)
        assert not game.can(bad)
    assert (game.record(), list(game.stacks)) == before


def test_sitting_out_and_pair_plus_only_seats() -> None:
    game = ThreeCardPokerGame(ThreeCardPokerRules(seats=3), seed=5)
    game.apply(PlaceBets(0, 0, 0))
    game.apply(PlaceBets(1, 0, 4))
    game.apply(PlaceBets(2, 3, 0))
    assert game.phase == "deciding" and game.to_move == (2,)  # the pair-plus-only seat makes no decision
    assert game.observe(0).cards == () and len(game.observe(1).cards) == 3
    game.apply(Fold(2))
    assert game.over
    (pp, ante) = game.results[0].seats
    assert pp.seat == 1 and [line.bet for line in pp.lines] == ["pair plus"]
    assert ante.seat == 2 and ante.net == -3


def test_a_round_without_bets_deals_nothing() -> None:
    game = ThreeCardPokerGame(ThreeCardPokerRules(seats=2), seed=5, rounds=2)
    game.apply(PlaceBets(0, 0, 0))
    game.apply(PlaceBets(1, 0, 0))
    assert game.round == 2 and game.phase == "betting" and game.results[0].seats == ()
    assert game.results[0].dealer_cards == () and game.stacks == [100, 100]


def test_observation_hides_the_dealer_until_settled_and_other_hands() -> None:
    game = ThreeCardPokerGame(ThreeCardPokerRules(seats=2), seed=3)
    game.apply(PlaceBets(0, 1, 0))
    game.apply(PlaceBets(1, 1, 0))
    seen = game.observe(0)
    assert seen.cards == game.cards[0] and seen.hand == game.hand(0).name
    shown = {c for value in vars(seen).values() if isinstance(value, tuple) for c in value if isinstance(c, Card)}
    assert shown == set(game.cards[0]) and seen.results == ()  # neither the dealer's nor seat 1's cards
    # every card is in exactly one place
    places = [*game.cards[0], *game.cards[1], *game.dealer_cards, *game.deck]
    assert len(places) == 52 and len(set(places)) == 52
    game.apply(Play(0))
    game.apply(Play(1))
    assert game.observe(0).results[0].dealer_cards == game.dealer_cards


def test_corrupt_records_are_refused_with_the_event_index() -> None:
    game = ThreeCardPokerGame(seed=2)
    game.apply(PlaceBets(0, 1, 0))
    record = game.record()
    bad = record.with_actions([*record.actions, {"type": "bets", "seat": 0, "ante": 1, "pair_plus": 0}])
    with pytest.raises(RecordError, match=r"^step 2 .* this is not the time for that") as error:
        load_three_card_poker(bad)
    assert error.value.index == 1
    with pytest.raises(RecordError, match=r"^step 1 .* 'jump' is not an action of Three Card Poker"):
        load_three_card_poker(record.with_actions([{"type": "jump", "seat": 0}]))


@settings(max_examples=examples(40))
@given(
    seed=st.integers(0, 10_000),
    seats=st.integers(1, 6),
    choices=st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6), st.booleans()), min_size=1, max_size=60),
)
def test_chips_are_conserved_and_cards_accounted_for(
    seed: int, seats: int, choices: list[tuple[int, int, bool]]
) -> None:
    game = ThreeCardPokerGame(ThreeCardPokerRules(seats=seats, starting_stack=20, max_bet=6), seed=seed, rounds=4)
    total = sum(game.stacks)
    for ante, pair_plus, play in choices * 10:
        if game.over:
            break
        seat = game.to_move[0]
        wanted = PlaceBets(seat, ante, pair_plus) if game.phase == "betting" else (Play(seat) if play else Fold(seat))
        action = wanted if game.can(wanted) else game.legal_actions(seat)[0]
        game.apply(action)
        assert sum(game.stacks) + game.on_table + game.house == total
        assert min(game.stacks) >= 0
        if game.phase == "deciding":
            dealt = [c for cards in game.cards for c in cards] + [*game.dealer_cards, *game.deck]
            assert Counter(dealt) == Counter(set(dealt)) and len(dealt) == 52


def test_a_paytable_keeps_its_own_copy_of_the_pays() -> None:
    """A paytable is a value: the list it was built from cannot change what it pays later."""
    pays = [("straight flush", 40), ("pair", 1)]
    table = Paytable("40-1", pays)  # type: ignore[arg-type]
    pays[1] = ("pair", 100)
    assert table.pays_for("pair") == 1 and table == Paytable("40-1", (("straight flush", 40), ("pair", 1)))


def test_a_bet_beyond_the_stack_is_refused_in_words_to_the_player_not_by_seat_number() -> None:
    # the trainer's student is "You" at seat 0: "seat 0 has 10 chips" named a seat the page never shows
    game = ThreeCardPokerGame(ThreeCardPokerRules(seats=1, starting_stack=10), seed=1, players=("You",))
    with pytest.raises(IllegalAction) as refused:
        game.apply(PlaceBets(0, 5, 1))
    assert str(refused.value) == ("your stack has 10 chips but these bets need 11 "
                                  "(the ante twice, to be able to play, plus the pair plus)")
