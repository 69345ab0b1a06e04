"""The tutorials' exercise checker: it reads a student's answer in the core's form and words the verdict kindly."""

from __future__ import annotations

import pytest

from push_learn.cards import Rank, parse_card, parse_cards
from push_learn.poker import evaluate_high
from push_learn.rummy import PUSH, MeldKind, interpret_meld, penalty
from push_learn.tutor import Exercise, Mistake, NotRight, check, tutorial, verdict
from push_learn.tutor_answers import exercises


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


def test_the_right_card_in_another_form_is_named_as_such() -> None:
    for typed in ("ten of clubs", "10 clubs", "clubs 10", "10-c"):
        result = verdict(typed, parse_card("10C"))
        assert result.ok is False
        assert result.message.startswith("🤔 That is the right card, but ") and "10C" not in result.message
    result = verdict("ten of clubs and five of diamonds", parse_cards("10C 5D"), unordered=True)
    assert result.message.startswith("🤔 Those are the right cards, but ")
    assert verdict("nine of clubs", parse_card("10C")).message.startswith("🤔 I could not read your answer")


def test_near_misses_are_named() -> None:
    assert "the rank is right, but not the suit" in verdict("10H", parse_card("10C")).message
    assert "the suit is right, but not the rank" in verdict("9C", parse_card("10C")).message
    assert "1 is missing" in verdict("9C", parse_cards("9C 9D"), unordered=True).message
    assert "with 1 too many" in verdict("9C 9D 9S", parse_cards("9C 9D"), unordered=True).message
    assert "not in the right order" in verdict("7H 6H 5H", parse_cards("5H 6H 7H")).message
    assert "Close, but not exact." in verdict(42, 41).message
    assert "Close" not in verdict(50, 41).message
    assert "1 of the 2 numbers is right" in verdict((9, 2), (9, 3)).message


def test_known_mistakes_get_their_own_words_and_synonyms_are_right() -> None:
    mistakes = (Mistake(42, "One card always stays in the stock."),)
    result = verdict("42", 41, mistakes=mistakes, hint="Each push takes two.")
    assert result.message == (
        "❌ Not quite: you answered 42. One card always stays in the stock. Hint: Each push takes two. Try again!"
    )
    pair = evaluate_high(parse_cards("KC AS 10S KS JC")).category
    for said in ("pair", "Pair", "one pair", "a pair", "pair of kings"):
        assert verdict(said, pair, accept=("pair of kings",)), said
    assert not verdict("two pair", pair, accept=("pair of kings",))
    assert verdict("THE winners", "winners") and verdict(5, "5")


def test_an_exercise_counts_tries_and_a_reader_may_refuse() -> None:
    def only_lists(answer: object) -> object:
        if not isinstance(answer, list):
            raise NotRight("the answer is a list")
        return len(answer)

    exercise = Exercise(lambda: 3, reader=only_lists)
    assert exercise.verdict(..., "Exercise 1").message.startswith("Exercise 1: ✏️")
    refused = "Exercise 1 (try 1): ❌ Not quite: the answer is a list. Try again!"
    assert exercise.verdict("x", "Exercise 1").message == refused
    assert exercise.verdict([1, 2, 3], "Exercise 1").message == "Exercise 1 (try 2): ✅ Right!"
    assert exercise.verdict([1], "Exercise 1", count=False).message.startswith("Exercise 1: ❌")
    assert exercise.tries == 2


def test_confirm_proves_every_answer_or_raises(capsys: pytest.CaptureFixture[str]) -> None:
    lesson = tutorial("01-cards-and-melds")
    lesson.confirm({1: False, 2: True, 3: "10C", 4: (9, 3)})
    assert capsys.readouterr().out.count("✅ Right!") == 4
    assert lesson.exercise(1).tries == 0, "the answer cell does not count as a try"
    with pytest.raises(AssertionError, match=r"not answered \[4\], answered wrong \[3\]"):
        lesson.confirm({1: False, 2: True, 3: "10H"})
    with pytest.raises(KeyError, match="has exercises 1, 2, 3, 4, not 5"):
        lesson.check(5, 1)


@pytest.mark.parametrize("number", ["01", "02", "03", "04", "05", "06", "07", "08", "09"])
def test_every_answer_is_built_from_its_own_position(number: str) -> None:
    """The core's answers do not depend on anything a notebook ran before: two fresh sets agree."""
    first, second = exercises(number), exercises(number)
    for key, exercise in first.items():
        assert exercise.answer() == second[key].answer()
        assert exercise.hint, "every exercise has a hint"
        for mistake in exercise.mistakes:
            assert not verdict(mistake.answer, exercise.answer(), unordered=exercise.unordered)
        for synonym in exercise.accept:
            assert verdict(synonym, exercise.answer(), unordered=exercise.unordered, accept=exercise.accept)


def test_the_brag_cover_answer_is_a_seat_named_as_the_log_names_it() -> None:
    """Notebook 09, exercise 6: names count from 1 (Seat 3 is ``seat=2`` in code), so the answer is the name."""
    cover = exercises("09")[6]
    assert cover.answer() == "Seat 3"
    for said in ("Seat 3", "seat 3", "seat3"):
        assert cover.verdict(said, "Exercise 6", count=False), said
    for said, words in ((3, "answer with its name in quotes"), (2, "number in code, counted from 0"),
                        ("seat 2", "Seat 2 covered the pot")):
        result = cover.verdict(said, "Exercise 6", count=False)
        assert result.ok is False and words in result.message, said
