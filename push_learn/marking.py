"""Marking the tutorials' exercises: compare a student's answer with the core's answer, kindly.

No rule lives here. The rules core computes every right answer (``push_learn.tutor_answers`` asks
it, each exercise from its own seed); this module only reads the student's answer in the same
form (card text becomes cards, ``"yes"`` becomes ``True``), compares, and words one friendly
sentence: praise, or what kind of slip it was (a right card written in a form the computer does
not read, a near miss, a common confusion), and how many tries it took.

>>> check(..., 4)
✏️ Put your answer in place of the ... and run this cell again.
>>> check(4, 4, right="A set holds at most one card of each suit.")
✅ Right! A set holds at most one card of each suit.
>>> check("7h 8h", parse_cards("8H 7H"), unordered=True)
✅ Right!
>>> check(5, 4, hint="Count the suits.")
❌ Not quite: you answered 5. Close, but not exact. Hint: Count the suits. Try again!
>>> check("ten of clubs", parse_card("10C"))
🤔 That is the right card, but the computer reads cards written as rank then suit letter, like "5H" or "10S".
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from push_learn.cards import (
    JOKER,
    Card,
    CardParseError,
    Rank,
    Suit,
    card_sort_key,
    format_cards,
    parse_card,
    parse_cards,
)
from push_learn.seeds import whole_number

__all__ = ["Exercise", "Mistake", "NotRight", "Tutorial", "Verdict", "check", "verdict"]

_YES = {"yes", "y", "true", "right", "legal", "ok"}
_NO = {"no", "n", "false", "wrong", "illegal"}
_ARTICLES = ("a ", "an ", "one ", "the ")
_CARD_FORM = 'the computer reads cards written as rank then suit letter, like "5H" or "10S"'


@dataclass(frozen=True)
class Verdict:
    """The outcome of one check: ``ok`` is True (right), False (wrong) or None (not answered yet)."""

    ok: bool | None
    message: str

    def __bool__(self) -> bool:
        return self.ok is True

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Mistake:
    """A wrong answer worth its own words: ``answer`` (written as a student would) and what to ``say``."""

    answer: Any
    say: str


class NotRight(Exception):
    """Raised by an exercise's ``reader`` when an answer cannot be right; the message says why."""


class _Unreadable(ValueError):
    """The answer cannot be read in the form the exercise needs; the message says what was expected."""


def _is_cards(value: Any) -> bool:
    return isinstance(value, list | tuple) and bool(value) and all(isinstance(item, Card) for item in value)


_RANK_WORDS = {rank.word: rank for rank in Rank} | {rank.plural: rank for rank in Rank} | {"deuce": Rank.TWO}
_SUIT_WORDS = {suit.word: suit for suit in Suit} | {suit.word[:-1]: suit for suit in Suit}


def _loose_card(text: str) -> Card | None:
    """A card written in words or with extra marks ("ten of clubs", "10 clubs", "10-C"), or None."""
    words = [word for word in re.split(r"[\s\-_./]+", text.strip().lower()) if word and word != "of"]
    if words in (["joker"], ["jk"]):
        return JOKER
    if len(words) == 1:
        try:
            return parse_card(words[0])
        except CardParseError:
            return None
    if len(words) != 2:
        return None
    for rank_word, suit_word in (words, words[::-1]):
        rank = _RANK_WORDS.get(rank_word)
        if rank is None:
            try:
                rank = parse_card(rank_word + "C").rank
            except CardParseError:
                continue
        suit = _SUIT_WORDS.get(suit_word)
        if suit is None and len(suit_word) == 1:
            try:
                suit = parse_card("A" + suit_word).suit
            except CardParseError:
                continue
        if rank is not None and suit is not None:
            return Card(rank, suit)
    return None


def _loose_cards(text: str) -> list[Card] | None:
    """Cards separated by "and" or commas, each written loosely, or None."""
    parts = [part for part in re.split(r"\s*(?:,|;|\band\b|&|\+)\s*", text.strip()) if part]
    cards = [_loose_card(part) for part in parts]
    return None if not cards or any(card is None for card in cards) else [card for card in cards if card]


def _read(answer: Any, expected: Any) -> Any:
    """The student's ``answer`` in the same form as ``expected`` (cards, yes/no, number, word)."""
    if isinstance(expected, Card):
        if isinstance(answer, str):
            try:
                return parse_card(answer)
            except CardParseError as error:
                raise _Unreadable(str(error)) from error
        if _is_cards(answer) and len(answer) == 1:
            return answer[0]
        return answer
    if _is_cards(expected):
        if isinstance(answer, Card):
            return [answer]
        try:
            if isinstance(answer, str):
                return parse_cards(answer)
            if isinstance(answer, list | tuple):
                return [card if isinstance(card, Card) else parse_card(str(card), i) for i, card in enumerate(answer)]
        except CardParseError as error:
            raise _Unreadable(str(error)) from error
        raise _Unreadable('this exercise wants cards, written like "7H 8H 9H"')
    if isinstance(expected, Enum) and isinstance(answer, str):
        word = _plain_words(answer)
        names = {_plain_words(str(name)) for name in (expected.value, expected.name, expected)}
        return expected if word in names else word
    if isinstance(expected, bool):
        if isinstance(answer, str) and answer.strip().lower() in _YES | _NO:
            return answer.strip().lower() in _YES
        if not isinstance(answer, bool):
            raise _Unreadable("this exercise wants True or False (yes or no)")
        return answer
    if isinstance(expected, int):
        if isinstance(answer, str) and (number := whole_number(answer.replace(",", ""), -(10**9), 10**9)) is not None:
            return number
        if isinstance(answer, bool) or not isinstance(answer, int | float):
            raise _Unreadable("this exercise wants a number")
        return answer
    if isinstance(expected, str):
        if isinstance(answer, int) and not isinstance(answer, bool):
            answer = str(answer)
        if not isinstance(answer, str):
            raise _Unreadable(f'this exercise wants words in quotes, like "{_example_words(expected)}"')
        return _plain_words(answer)
    return answer


def _example_words(expected: str) -> str:
    """A neutral example of the form of a word answer (never the answer itself)."""
    if re.fullmatch(r"\d+(-\d+)+", expected):
        return "-".join(["1"] * (expected.count("-") + 1))
    return "some words"


def _plain_words(text: str) -> str:
    """``text`` in lower case with single spaces and no leading article: "A  Pair" reads "pair"."""
    words = " ".join(text.split()).lower()
    for article in _ARTICLES:
        if words.startswith(article):
            return words[len(article):]
    return words


def _same(answer: Any, expected: Any, unordered: bool) -> bool:
    if isinstance(expected, str):
        return bool(answer == _plain_words(expected))
    if unordered and isinstance(answer, list | tuple | set) and isinstance(expected, list | tuple | set):
        try:
            return Counter(answer) == Counter(expected)
        except TypeError:  # unhashable items: compare sorted copies
            return sorted(answer, key=repr) == sorted(expected, key=repr)
    if isinstance(expected, list | tuple) and isinstance(answer, list | tuple):
        return list(answer) == list(expected)
    if isinstance(expected, Enum) and isinstance(answer, str):
        return False
    return bool(answer == expected)


def _matches(read: Any, other: Any, expected: Any, unordered: bool) -> bool:
    """Whether the student's ``read`` answer is ``other`` (an accepted synonym or a known mistake)."""
    try:
        return _same(read, _read(other, expected), unordered)
    except _Unreadable:
        return False


def _shown(answer: Any) -> str:
    """How the student's answer is repeated back: cards in symbols, everything else as written."""
    if isinstance(answer, Card):
        return str(answer)
    if _is_cards(answer):
        return format_cards(sorted(answer, key=card_sort_key) if isinstance(answer, set) else answer)
    if isinstance(answer, str):
        return repr(answer)
    return str(answer)


def _slip(read: Any, expected: Any, unordered: bool) -> str:
    """What kind of near miss ``read`` is, in words, or "" when it is no near miss the checker knows."""
    if isinstance(expected, Card) and isinstance(read, Card) and expected.rank and read.rank:
        if read.rank == expected.rank:
            return "Close: the rank is right, but not the suit."
        if read.suit == expected.suit:
            return "Close: the suit is right, but not the rank."
    if _is_cards(expected) and _is_cards(read):
        have, want = Counter(read), Counter(expected)
        if have == want:
            return "You have the right cards, but not in the right order."
        if not have - want and want - have:
            missing = sum((want - have).values())
            return f"Every card you typed is right, but {missing} {'is' if missing == 1 else 'are'} missing."
        if not want - have and have - want:
            extra = sum((have - want).values())
            return f"All the right cards are there, with {extra} too many."
    if isinstance(expected, int) and not isinstance(expected, bool) and isinstance(read, int | float):
        gap = abs(read - expected)
        if gap == 1 or (abs(expected) >= 40 and gap <= abs(expected) // 20):
            return "Close, but not exact."
    if isinstance(expected, tuple) and isinstance(read, tuple) and len(read) == len(expected):
        right = sum(1 for a, b in zip(read, expected, strict=True) if a == b)
        if right:
            return f"{right} of the {len(expected)} numbers {'is' if right == 1 else 'are'} right."
    return ""


def _format_slip(answer: Any, expected: Any) -> str:
    """When an unreadable answer names the right card(s) in another form: say so, and show the form."""
    if not isinstance(answer, str):
        return ""
    if isinstance(expected, Card) and _loose_card(answer) == expected:
        return f"🤔 That is the right card, but {_CARD_FORM}."
    if _is_cards(expected) and (cards := _loose_cards(answer)) and Counter(cards) == Counter(expected):
        return f"🤔 Those are the right cards, but {_CARD_FORM}."
    return ""


def verdict(
    answer: Any,
    expected: Any,
    *,
    unordered: bool = False,
    right: str = "",
    hint: str = "",
    label: str = "",
    accept: Iterable[Any] = (),
    mistakes: Iterable[Mistake] = (),
) -> Verdict:
    """Compare ``answer`` with ``expected`` (the core's answer) and word the outcome for a student.

    ``unordered`` compares lists as collections (any order). ``accept`` lists other right answers
    (synonyms such as ``"one pair"``). ``mistakes`` are known wrong answers with their own words.
    ``right`` is added to the praise and ``hint`` to the nudge after a wrong answer; the expected
    answer itself is never revealed. ``label`` (such as ``"Exercise 2 (try 3)"``) starts the sentence.
    """
    start = f"{label}: " if label else ""
    if answer is Ellipsis:
        return Verdict(None, f"{start}✏️ Put your answer in place of the ... and run this cell again.")
    try:
        read = _read(answer, expected)
    except _Unreadable as problem:
        if slip := _format_slip(answer, expected):
            return Verdict(False, f"{start}{slip}")
        return Verdict(False, f"{start}🤔 I could not read your answer {_shown(answer)}: {problem}")
    if _same(read, expected, unordered) or any(_matches(read, other, expected, unordered) for other in accept):
        return Verdict(True, " ".join([f"{start}✅ Right!", right]).strip())
    nudge = f" Hint: {hint}" if hint else ""
    for mistake in mistakes:
        if _matches(read, mistake.answer, expected, unordered):
            return Verdict(False, f"{start}❌ Not quite: you answered {_shown(read)}. {mistake.say}{nudge} Try again!")
    slip = _slip(read, expected, unordered)
    said = f" {slip}" if slip else ""
    return Verdict(False, f"{start}❌ Not quite: you answered {_shown(read)}.{said}{nudge} Try again!")


def check(answer: Any, expected: Any, **options: Any) -> None:
    """Print the friendly verdict on ``answer``; ``options`` are ``verdict``'s (``unordered``, ``right``, ``hint``,
    ``label``, ``accept``, ``mistakes``)."""
    print(verdict(answer, expected, **options))


@dataclass
class Exercise:
    """One exercise of a tutorial: how to get the right answer from the core, and what to say.

    ``expected`` builds its own position (from a seed) and asks the core, so the check never depends
    on the cells a student ran before. ``reader`` turns a student's answer into what is compared
    (for example, plays a list of moves and names who went out); it may raise ``NotRight``.
    ``tries`` counts the answers checked so far.
    """

    expected: Callable[[], Any]
    hint: str = ""
    right: str = ""
    unordered: bool = False
    accept: tuple[Any, ...] = ()
    mistakes: tuple[Mistake, ...] = ()
    reader: Callable[[Any], Any] | None = None
    tries: int = 0
    _answer: list[Any] = field(default_factory=list, init=False, repr=False)

    def answer(self) -> Any:
        """The core's answer, worked out once."""
        if not self._answer:
            self._answer.append(self.expected())
        return self._answer[0]

    def verdict(self, answer: Any, label: str = "", *, count: bool = True) -> Verdict:
        """The verdict on ``answer``; a real answer (not ``...``) counts as one more try unless ``count`` is False."""
        if answer is not Ellipsis and count:
            self.tries += 1
        if answer is not Ellipsis and count and label:
            label = f"{label} (try {self.tries})"
        if answer is not Ellipsis and self.reader is not None:
            try:
                answer = self.reader(answer)
            except NotRight as why:
                return Verdict(False, f"{label + ': ' if label else ''}❌ Not quite: {why}. Try again!")
        return verdict(
            answer,
            self.answer(),
            unordered=self.unordered,
            right=self.right,
            hint=self.hint,
            label=label,
            accept=self.accept,
            mistakes=self.mistakes,
        )


class Tutorial:
    """The exercises of one tutorial notebook, by number; ``check`` is what an exercise cell calls."""

    def __init__(self, name: str, exercises: Mapping[int, Exercise]) -> None:
        self.name = name
        self.exercises = dict(exercises)

    def __len__(self) -> int:
        return len(self.exercises)

    def exercise(self, number: int) -> Exercise:
        """Exercise ``number`` (counted from 1)."""
        if number not in self.exercises:
            raise KeyError(f"{self.name} has exercises {', '.join(map(str, self.exercises))}, not {number}")
        return self.exercises[number]

    def verdict(self, number: int, answer: Any) -> Verdict:
        """The verdict on ``answer`` to exercise ``number``, counting the try."""
        return self.exercise(number).verdict(answer, f"Exercise {number}")

    def check(self, number: int, answer: Any) -> None:
        """Print the verdict on ``answer`` to exercise ``number``: what an exercise cell runs.

        With a class service configured (``push_learn.classroom.client.record_attempt``) the attempt is
        also recorded for the class; otherwise, and if that fails, nothing more happens."""
        result = self.verdict(number, answer)
        print(result)
        if result.ok is not None and os.environ.get("PUSH_LEARN_CLASS_SERVICE"):  # the class loop (issue 23)
            from push_learn.classroom.client import record_attempt

            record_attempt(self.name, f"Exercise {number}", _shown(answer), result.ok)

    def confirm(self, answers: Mapping[int, Any]) -> None:
        """Check the right ``answers`` of every exercise (the folded answer cell) without counting tries.

        Prints each verdict and raises ``AssertionError`` when an answer is missing or not right, so
        that running the notebook (nbval) proves every answer against the core.
        """
        missing = sorted(set(self.exercises) - set(answers))
        wrong = []
        for number, answer in sorted(answers.items()):
            result = self.exercise(number).verdict(answer, f"Exercise {number}", count=False)
            print(result)
            if not result:
                wrong.append(number)
        if missing or wrong:
            raise AssertionError(f"{self.name}: exercises not answered {missing}, answered wrong {wrong}")
