"""A seat's action in words for the reader: the verb agrees with the name, "You" included.

A table may name the student's own seat ``YOU`` ("You"), so the engine's log and a widget's lines read
"You cover the pot", not "You covers the pot". Every line that puts a seat's name before a verb takes
the verb through ``verb`` (or the whole line through ``says``), so the rule lives in this one place.

>>> says("Ann", "covers the pot with 5 chips"), says(YOU, "covers the pot with 5 chips")
('Ann covers the pot with 5 chips', 'You cover the pot with 5 chips')
>>> f"{YOU} {verb(YOU, 'pays')} $5 and {verb(YOU, 'gets')} 7♥"
'You pay $5 and get 7♥'
"""

from __future__ import annotations

from push_learn.protocol import counted

__all__ = [
    "BOT_NAMES", "YOU", "base_form", "chips", "clause", "inside", "possessive", "says", "table_names", "their", "verb",
    "whom",
]

YOU = "You"
"""The name a table gives the student's own seat; lines about that seat are worded for "you"."""
BOT_NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
"""The names a student's table gives its bots, in seat order: enough for the biggest table of every poker game in
the catalogue (a test checks it against ``games.GAMES``)."""

_IRREGULAR = {"is": "are", "has": "have", "does": "do", "goes": "go", "was": "were"}


def base_form(third: str) -> str:
    """The verb as it follows "you", from its third-person form (a past tense stays as it is).

    >>> [base_form(v) for v in ("covers", "sees", "pushes", "is", "has", "pays", "passes", "carries", "saw")]
    ['cover', 'see', 'push', 'are', 'have', 'pay', 'pass', 'carry', 'saw']
    """
    if third in _IRREGULAR:
        return _IRREGULAR[third]
    if third.endswith(("ches", "shes", "sses", "xes", "zes")):
        return third[:-2]
    if third.endswith("ies") and len(third) > 4:
        return third[:-3] + "y"
    if third.endswith("s") and not third.endswith("ss"):
        return third[:-1]
    return third


def table_names(count: int, seat: int) -> tuple[str, ...]:
    """The names of a student's table of ``count`` seats: ``YOU`` at ``seat``, the bots ``BOT_NAMES`` in seat order.

    >>> table_names(4, 1)
    ('Ann', 'You', 'Bob', 'Cat')
    """
    if count - 1 > len(BOT_NAMES):
        raise ValueError(f"a student's table has names for {len(BOT_NAMES) + 1} seats at most, not {count}")
    bots = iter(BOT_NAMES)
    return tuple(YOU if s == seat else next(bots) for s in range(count))


def verb(name: str, third: str) -> str:
    """``third`` (a verb in the third person, such as ``covers``) as it follows ``name``: ``cover`` after "You".

    >>> verb("Bob", "folds"), verb(YOU, "folds"), verb(YOU, "is")
    ('folds', 'fold', 'are')
    """
    return base_form(third) if name == YOU else third


def says(name: str, phrase: str) -> str:
    """``name`` followed by ``phrase``, whose first word is a verb in the third person, agreeing with the name.

    >>> says(YOU, "deals"), says("Cat", "is blind")
    ('You deal', 'Cat is blind')
    """
    first, _, rest = phrase.partition(" ")
    return f"{name} {verb(name, first)}" + (f" {rest}" if rest else "")


def clause(name: str, phrase: str) -> str:
    """``says`` inside a sentence: the seat named "You" reads "you" there, in lower case.

    >>> f"a push costs $10 and {clause(YOU, 'has only $4')}", clause("Ann", "has only $4")
    ('a push costs $10 and you have only $4', 'Ann has only $4')
    """
    return inside(says(name, phrase))


def inside(line: str) -> str:
    """``line`` as it reads after a colon or a comma: a line that begins with the seat named "You" begins "you".

    >>> inside("You saw Ann"), inside("Ann saw you"), inside("Younger")
    ('you saw Ann', 'Ann saw you', 'Younger')
    """
    return "you" + line[len(YOU):] if line.startswith(YOU + " ") else line


def possessive(name: str) -> str:
    """Whose: ``Ann's``, or ``Your`` for the seat named "You".

    >>> possessive("Ann"), possessive(YOU)
    ("Ann's", 'Your')
    """
    return "Your" if name == YOU else f"{name}'s"


def their(name: str) -> str:
    """The possessive word for a seat inside a sentence: ``your`` for the seat named "You", else ``their``.

    >>> f"turn up one of {their(YOU)} cards", f"turn up one of {their('Ann')} cards"
    ('turn up one of your cards', 'turn up one of their cards')
    """
    return "your" if name == YOU else "their"


def whom(name: str) -> str:
    """A seat as the object of a sentence: ``you`` for the seat named "You", else its name.

    >>> f"Ann pays 4 to see {whom(YOU)}", f"You pay 4 to see {whom('Ann')}"
    ('Ann pays 4 to see you', 'You pay 4 to see Ann')
    """
    return "you" if name == YOU else name


def chips(count: int) -> str:
    """A number of chips in words: ``1 chip``, ``5 chips``.

    >>> chips(1), chips(0), chips(23)
    ('1 chip', '0 chips', '23 chips')
    """
    return counted(count, "chip")
