"""Cards: parsing every accepted form, formatting, round trips, decks and exact repr (push_learn.cards)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import push_learn.cards as cards_module
from push_learn.cards import (
    JOKER,
    Card,
    CardParseError,
    Rank,
    Suit,
    card_sort_key,
    format_cards,
    make_deck,
    parse_card,
    parse_cards,
    standard_deck,
)

SEVEN_HEARTS = Card(Rank.SEVEN, Suit.HEARTS)
TEN_SPADES = Card(Rank.TEN, Suit.SPADES)
EVERY_CARD = (*standard_deck(), JOKER)


@pytest.mark.parametrize(
    "text",
    ["7H", "7h", "7♥", "7♡", "7♥\ufe0f", "H7", "h7", "♥7", " 7H "],
)
def test_seven_of_hearts_in_every_accepted_form(text: str) -> None:
    assert parse_card(text) == SEVEN_HEARTS


@pytest.mark.parametrize("text", ["10S", "10s", "TS", "ts", "Ts", "10♠", "T♠", "♠10", "s10", "10♤"])
def test_ten_may_be_written_10_or_t_in_any_case(text: str) -> None:
    assert parse_card(text) == TEN_SPADES


@pytest.mark.parametrize("text", ["jk", "JK", "Joker", "JOKER", "🃏", "jkr", "*"])
def test_joker_forms(text: str) -> None:
    assert parse_card(text) == JOKER
    assert parse_card(text).is_joker


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("AC", Card(Rank.ACE, Suit.CLUBS)),
        ("kd", Card(Rank.KING, Suit.DIAMONDS)),
        ("Q♦", Card(Rank.QUEEN, Suit.DIAMONDS)),
        ("jS", Card(Rank.JACK, Suit.SPADES)),
        ("2♣", Card(Rank.TWO, Suit.CLUBS)),
        ("9♢", Card(Rank.NINE, Suit.DIAMONDS)),
        ("3♧", Card(Rank.THREE, Suit.CLUBS)),
    ],
)
def test_every_rank_letter_and_suit_symbol(text: str, card: Card) -> None:
    assert parse_card(text) == card


def test_parse_cards_reads_the_issue_example() -> None:
    assert parse_cards("7H 10s TS jk 2♣ Q♦") == [
        SEVEN_HEARTS,
        TEN_SPADES,
        TEN_SPADES,
        JOKER,
        Card(Rank.TWO, Suit.CLUBS),
        Card(Rank.QUEEN, Suit.DIAMONDS),
    ]


def test_parse_cards_accepts_commas_semicolons_and_a_list() -> None:
    assert parse_cards("7H, 8H;9H") == parse_cards(["7H", "8H", "9H"]) == parse_cards("7H 8H 9H")
    assert parse_cards("") == []


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("7X", "'X' is not a suit"),
        ("ZH", "'Z' is not a rank"),
        ("1H", "write A, J, Q or K"),
        ("11S", "write A, J, Q or K"),
        ("7", "it has no suit"),
        ("H", "it has no rank"),
        ("", "it is empty"),
        ("hello", "neither its rank nor its suit can be read"),
    ],
)
def test_card_parse_error_names_the_token_the_reason_and_the_accepted_forms(text: str, reason: str) -> None:
    with pytest.raises(CardParseError) as caught:
        parse_card(text)
    message = str(caught.value)
    assert repr(text.strip()) in message
    assert reason in message
    assert "10 or T" in message and "jk for a joker" in message
    assert isinstance(caught.value, ValueError)


def test_card_parse_error_gives_the_position_of_the_bad_card() -> None:
    with pytest.raises(CardParseError) as caught:
        parse_cards("7H 8H 9X")
    assert caught.value.token == "9X"
    assert caught.value.position == 2
    assert "(card 3)" in str(caught.value)


def test_str_uses_symbols_and_ascii_reads_back() -> None:
    assert str(SEVEN_HEARTS) == "7♥"
    assert str(TEN_SPADES) == "10♠"
    assert str(JOKER) == "🃏"
    assert TEN_SPADES.ascii == "10S"
    assert JOKER.ascii == "JK"
    assert format_cards(parse_cards("7h ks jk")) == "7♥ K♠ 🃏"
    assert format_cards(parse_cards("7h ks jk"), ascii=True) == "7H KS JK"


def test_describe_reads_a_card_in_words() -> None:
    assert SEVEN_HEARTS.describe() == "seven of hearts"
    assert JOKER.describe() == "joker"
    assert Rank.SIX.plural == "sixes" and Rank.ACE.plural == "aces"


@pytest.mark.parametrize("card", EVERY_CARD, ids=lambda card: card.ascii)
def test_repr_is_exact_python(card: Card) -> None:
    rebuilt = eval(repr(card), vars(cards_module))
    assert rebuilt == card
    assert parse_card(str(card)) == card
    assert parse_card(card.ascii) == card


def test_repr_examples() -> None:
    assert repr(SEVEN_HEARTS) == "Card(Rank.SEVEN, Suit.HEARTS)"
    assert repr(JOKER) == "JOKER"
    assert repr(Suit.CLUBS) == "Suit.CLUBS" and repr(Rank.TEN) == "Rank.TEN"


def test_a_card_has_both_rank_and_suit_or_neither() -> None:
    with pytest.raises(ValueError, match="both a rank and a suit"):
        Card(Rank.SEVEN, None)
    with pytest.raises(ValueError, match="both a rank and a suit"):
        Card(None, Suit.HEARTS)


def test_copies_from_different_decks_are_equal() -> None:
    deck = make_deck(2, 4)
    assert deck.count(SEVEN_HEARTS) == 2
    assert len(set(deck)) == 53


@pytest.mark.parametrize(
    ("decks", "jokers", "size"),
    [(1, 0, 52), (2, 0, 104), (2, 4, 108), (3, 6, 162)],
)
def test_deck_sizes(decks: int, jokers: int, size: int) -> None:
    deck = make_deck(decks, jokers)
    assert len(deck) == size
    counts = Counter(deck)
    assert all(counts[card] == decks for card in standard_deck())
    assert counts[JOKER] == jokers


def test_standard_deck_is_52_distinct_cards() -> None:
    assert len(set(standard_deck())) == 52
    assert make_deck() == standard_deck()


def test_make_deck_refuses_no_deck_or_negative_jokers() -> None:
    with pytest.raises(ValueError):
        make_deck(0)
    with pytest.raises(ValueError):
        make_deck(1, -1)


def test_suit_and_rank_properties() -> None:
    assert [suit.order for suit in Suit] == [0, 1, 2, 3]
    assert [suit.symbol for suit in Suit] == ["♣", "♦", "♥", "♠"]
    assert [suit.is_red for suit in Suit] == [False, True, True, False]
    assert Suit.HEARTS.word == "hearts" and Suit.HEARTS.letter == "H"
    assert Rank.ACE.low == 1 and Rank.KING.low == 13
    assert [rank.symbol for rank in (Rank.TEN, Rank.JACK, Rank.ACE, Rank.TWO)] == ["10", "J", "A", "2"]


def test_card_sort_key_orders_by_suit_then_rank_with_jokers_last() -> None:
    shuffled = parse_cards("jk AS 2C 10H 3H KC")
    assert format_cards(sorted(shuffled, key=card_sort_key)) == "2♣ K♣ 3♥ 10♥ A♠ 🃏"


card_lists = st.lists(st.sampled_from(EVERY_CARD), max_size=20)


@given(card_lists, st.booleans())
def test_format_then_parse_round_trips(cards: list[Card], ascii: bool) -> None:
    text = format_cards(cards, ascii=ascii)
    assert parse_cards(text) == cards


@given(card_lists)
def test_parse_then_format_round_trips_for_lower_case_ascii(cards: list[Card]) -> None:
    text = format_cards(cards, ascii=True)
    assert format_cards(parse_cards(text.lower()), ascii=True) == text


@given(st.text(max_size=6))
def test_parse_card_reads_a_card_or_raises_card_parse_error(text: str) -> None:
    try:
        card = parse_card(text)
    except CardParseError as error:
        assert error.token in text or not text.strip()
    else:
        assert card in EVERY_CARD


def test_a_long_bad_card_is_not_echoed_whole() -> None:
    with pytest.raises(CardParseError) as refusal:
        parse_card("x" * 10_000 + "H")
    assert len(str(refusal.value)) < 200


@pytest.mark.parametrize("item", [7, None, 7.5, ["7H"], b"7H"])
def test_a_list_item_that_is_not_text_is_refused_in_words(item: object) -> None:
    """``parse_cards(["7H", 7])`` says which card is not text (it raised AttributeError: no ``strip``)."""
    with pytest.raises(CardParseError) as refusal:
        parse_cards(["7H", item])  # type: ignore[list-item]
    assert refusal.value.position == 1 and "(card 2)" in str(refusal.value)
    assert "is not text" in str(refusal.value) and "like 7H" in str(refusal.value)
