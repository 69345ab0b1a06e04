"""The tutorials' exercise checker: it reads a student's answer in the core's form and words the verdict kindly."""

from __future__ import annotations

import pytest

from push_learn.cards import Rank, parse_card, parse_cards
from push_learn.rummy import PUSH, MeldKind, interpret_meld, penalty
from push_learn.tutor import check, verdict


def test_an_unanswered_exercise_asks_for_an_answer() -> None:
    result = verdict(..., 4)
    assert result.ok is None and not result
    assert "in place of the ..." in result.message


def test_a_right_answer_is_praised_with_the_explanation() -> None:
    result = verdict(70, penalty(parse_cards("7H KS AD 2C JK")), right="Aces are 15.")
    assert result.ok is True and bool(result)
    assert result.message == "✅ Right! Aces are 15."


def test_a_wrong_answer_gets_the_hint_and_never_the_answer() -> None:
    expected = penalty(parse_cards("7H KS AD 2C JK"))
    result = verdict(60, expected, hint="What is a joker worth?")
    assert result.ok is False
    assert result.message == "❌ Not quite: you answered 60. Hint: What is a joker worth? Try again!"
    assert str(expected) not in result.message


@pytest.mark.parametrize("typed", ["6h", "6♥", "H6", parse_card("6H")])
def test_card_answers_may_be_typed_in_any_form_the_parser_reads(typed: object) -> None:
    assert verdict(typed, parse_card("6H"))


def test_card_lists_compare_in_order_unless_unordered() -> None:
    run = interpret_meld(parse_cards("5H 6H 7H"), PUSH)[0].cards
    assert verdict("5h 6h 7h", list(run))
    assert not verdict("7h 6h 5h", list(run))
    assert verdict("7h 6h 5h", list(run), unordered=True)
    assert verdict(["7H", "5H", "6H"], run, unordered=True)
    assert not verdict("7h 6h 6h", list(run), unordered=True)


def test_unreadable_cards_get_the_parsers_reason() -> None:
    result = verdict("11H", parse_card("JH"))
    assert result.ok is False
    assert result.message.startswith("🤔 I could not read your answer '11H': ")
    assert "write A, J, Q or K" in result.message


def test_yes_no_numbers_words_and_enums() -> None:
    assert verdict("yes", True) and verdict("No", False) and not verdict(False, True)
    assert verdict(True, True) and verdict("maybe", True).ok is False
    assert verdict(" 12 ", 12) and verdict("twelve", 12).ok is False and verdict(True, 1).ok is False
    assert verdict("  Set of  SEVENS ", "set of sevens")
    assert verdict("run", MeldKind.RUN) and verdict(MeldKind.SET, MeldKind.SET) and not verdict("set", MeldKind.RUN)
    assert verdict("seven", Rank.SEVEN) and verdict("7", Rank.SEVEN)
    assert verdict((9, 3), (PUSH.hand_size(4), len(PUSH.contract(4).melds)))


def test_a_label_starts_the_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    check("10c", parse_card("10C"), label="Exercise 3")
    assert capsys.readouterr().out == "Exercise 3: ✅ Right!\n"
    check(..., 1, label="Exercise 4")
    assert capsys.readouterr().out.startswith("Exercise 4: ✏️ ")
