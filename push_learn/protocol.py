"""The one protocol every game of the Push family answers, and the one protocol of every bot.

Rummy matches (Push, Cap-It, 6-7-8-9-10), the stud games (Push stud, Roll Your Own, Substitution,
Screw Your Neighbor), three-card brag and Three Card Poker are all driven the same way:

>>> from push_learn.games import new_game
>>> game = new_game("push", seed=42)
>>> seat = game.to_move[0]
>>> action = game.legal_actions(seat)[0]        # every action names its seat
>>> game.verify(action)                          # raises IllegalAction with a reason; changes nothing
>>> _ = game.apply(action)
>>> record = game.record()                       # one envelope for every game (push_learn.records)

A bot is anything with ``choose(observation, rng) -> action``; it sees only the observation of its
seat, so it cannot cheat by accident.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from push_learn.errors import IllegalAction
from push_learn.records import cut, short

if TYPE_CHECKING:
    from push_learn.records import Record

__all__ = [
    "Bot", "Game", "GameSpec", "SeatAction", "checked_names", "checked_seat", "counted", "default_name",
    "default_names", "refuse_wrong_seat", "seat_name", "seat_outside", "seat_refusal", "seat_words",
]

A = TypeVar("A", bound="SeatAction")
Obs = TypeVar("Obs", covariant=True)
A_co = TypeVar("A_co", covariant=True)
O_contra = TypeVar("O_contra", contravariant=True)


@runtime_checkable
class SeatAction(Protocol):
    """An action of any game: it names the seat that acts and writes itself as JSON."""

    @property
    def seat(self) -> int:
        """The seat (0-based) that takes this action."""
        ...

    def to_json(self) -> dict[str, Any]:
        """Plain JSON values that the game's reader turns back into an equal action."""
        ...


@runtime_checkable
class Game(Protocol[A, Obs]):
    """A game in progress, OpenSpiel-style: whose move, what is legal, what each seat may see.

    ``verify`` raises ``IllegalAction`` with a sentence a student understands and never changes the
    state; ``can`` answers yes or no; ``apply`` carries a legal action out. ``observe(seat)`` is
    exactly what that seat may know; ``observe(None)`` is what a spectator sees (public cards only).
    Rules, seed and the list of actions fix the game, so ``record()`` saves it and replays it exactly.
    """

    @property
    def rules(self) -> Any:
        """The game's rules (a frozen dataclass: variants are data)."""
        ...

    @property
    def seed(self) -> int | str:
        """The seed that fixes every shuffle."""
        ...

    @property
    def players(self) -> tuple[str, ...]:
        """The name of the player in each seat."""
        ...

    @property
    def to_move(self) -> tuple[int, ...]:
        """The seats that may act now (several when choices are made at the same moment)."""
        ...

    def legal_actions(self, seat: int) -> list[A]:
        """The choices open to ``seat`` now (empty when it is not that seat's move).

        Where the choices are combinatorial (rummy melds) the list holds the simple ones and the
        others are built and checked with ``verify``.
        """
        ...

    def verify(self, action: A) -> None:
        """Raise ``IllegalAction`` saying why ``action`` is not allowed now; never changes the state."""
        ...

    def can(self, action: A) -> bool:
        """True when ``action`` is allowed now."""
        ...

    def apply(self, action: A) -> Any:
        """Carry out ``action`` (raising ``IllegalAction`` and changing nothing when it is not allowed)."""
        ...

    def observe(self, seat: int | None) -> Obs:
        """What ``seat`` may know now; ``None``: a spectator, who sees only public cards."""
        ...

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        ...

    @property
    def result(self) -> Any:
        """How the game came out (``None`` until it is over)."""
        ...

    def record(self) -> Any:
        """The game so far as a ``push_learn.records.Record``."""
        ...


class Bot(Protocol[O_contra, A_co]):
    """Every bot and random player of every game: it chooses from its seat's observation alone."""

    def choose(self, observation: O_contra, rng: random.Random) -> A_co:
        """The action this bot takes, given what its seat sees; ``rng`` is its only source of chance."""
        ...


def seat_words(seat: int) -> str:
    """A seat number as people read it: counted from 1, as every page's Seat 1 is, while actions, records and
    the wire count from 0 (D-TBL-24). Every message that names a seat by its number says it this way.

    >>> seat_words(0), seat_words(2)
    ('seat 1', 'seat 3')
    """
    return f"seat {cut(str(seat + 1), 24)}"


def counted(count: int, noun: str) -> str:
    """A count with its noun, in the plural unless it is one: every message that counts things says it this way.

    >>> counted(1, "action"), counted(3, "chip"), counted(0, "card")
    ('1 action', '3 chips', '0 cards')
    """
    return f"{count} {noun}{'' if count == 1 else 's'}"


def default_name(seat: int) -> str:
    """The name of a seat whose player was not named: ``Seat 1`` for seat 0, counted from 1 as ``seat_words``
    counts (D-TBL-24), so the name a student reads and the seat number in a message agree.

    >>> default_name(0), default_name(5)
    ('Seat 1', 'Seat 6')
    """
    return seat_words(seat).capitalize()


def seat_name(seat: int, names: Sequence[str] | None) -> str:
    """The seat's name in ``names``, or its ``default_name`` when the players were not named.

    >>> seat_name(1, ("Ann", "Bob")), seat_name(1, None)
    ('Bob', 'Seat 2')
    """
    return names[seat] if names is not None else default_name(seat)


def default_names(count: int) -> tuple[str, ...]:
    """The names of ``count`` seats whose players were not named: ``Seat 1`` … ``Seat count`` (``default_name``).

    >>> default_names(3)
    ('Seat 1', 'Seat 2', 'Seat 3')
    """
    return tuple(default_name(seat) for seat in range(count))


def seat_outside(seat: object, count: int, where: str) -> str | None:
    """Why ``seat`` is not one of the ``count`` seats (0-based) of what ``where`` names, in words that count the
    seats from 1 (``seat_words``); ``None`` when it is one of them. Only a whole number names a seat.

    >>> seat_outside(3, 4, "table 7") is None
    True
    >>> seat_outside(4, 4, "table 7")
    'table 7 has seats 1 to 4, not seat 5'
    >>> seat_outside("2", 4, "table 7")
    "a seat is named by its number, not '2'"
    """
    if isinstance(seat, bool) or not isinstance(seat, int):
        return f"a seat is named by its number, not {short(seat)}"
    if not 0 <= seat < count:
        return f"{where} has seats 1 to {count}, not {seat_words(seat)}"
    return None


def checked_seat(seat: object, count: int, where: str, error: type[Exception] = ValueError, lead: str = "") -> int:
    """``seat`` when it is one of the ``count`` seats (0-based) of what ``where`` names; otherwise ``error`` with
    ``seat_outside``'s words (after ``lead``, when given).

    >>> checked_seat(1, 2, "this table")
    1
    >>> checked_seat(2, 2, "this table", lead="the dealer is one of the seats: ")
    Traceback (most recent call last):
    ...
    ValueError: the dealer is one of the seats: this table has seats 1 to 2, not seat 3
    """
    outside = seat_outside(seat, count, where)
    if outside is not None:
        raise error(lead + outside)
    assert isinstance(seat, int)  # seat_outside refuses every other seat
    return seat


def checked_names(names: object, count: int) -> tuple[str, ...]:
    """``names`` as the ``count`` seats' names when it is that many non-empty texts; otherwise ``ValueError`` in
    words.

    >>> checked_names(["You", "Bot 1"], 2)
    ('You', 'Bot 1')
    >>> checked_names(("You", ""), 2)
    Traceback (most recent call last):
    ...
    ValueError: give the 2 seats' names as texts, not ('You', '')
    """
    if isinstance(names, str) or not isinstance(names, Sequence) or len(names) != count \
            or not all(isinstance(name, str) and name for name in names):
        raise ValueError(f"give the {count} seats' names as texts, not {short(names)}")
    return tuple(names)


def seat_refusal(seat: object, to_move: tuple[int, ...], names: tuple[str, ...]) -> str | None:
    """The plain reason an action from ``seat`` is out of turn, or ``None`` when the seat may act.

    >>> seat_refusal(2, (3,), ("North", "East", "South", "West"))
    "it is West's turn, not South's"
    >>> seat_refusal(7, (0,), ("North", "East"))
    'this table has seats 1 to 2, not seat 8'
    """
    outside = seat_outside(seat, len(names), "this table")
    if outside is not None:
        return outside
    assert isinstance(seat, int)  # seat_outside refuses every other seat
    if seat in to_move:
        return None
    if not to_move:
        return "the game is over"
    if len(to_move) == 1:
        return f"it is {names[to_move[0]]}'s turn, not {names[seat]}'s"
    movers = ", ".join(names[s] for s in to_move[:-1]) + " and " + names[to_move[-1]]
    return f"{names[seat]} has nothing to choose now: {movers} are choosing"


def refuse_wrong_seat(seat: object, to_move: tuple[int, ...], names: tuple[str, ...]) -> None:
    """Raise ``IllegalAction`` when ``seat`` may not act now (see ``seat_refusal``)."""
    reason = seat_refusal(seat, to_move, names)
    if reason is not None:
        raise IllegalAction(reason)


@dataclass(frozen=True)
class GameSpec:
    """One game of the catalogue (``push_learn.games``): its name, who may play it and how to start it.

    Each family lists its games once (``push_learn.rummy.catalogue``, ``push_learn.poker.catalogue``);
    every dashboard, widget, command and test reads names, player counts and bot levels from here.
    """

    id: str
    """The game's id in records and addresses: ``push``, ``screw``, ``three_card_poker``."""
    title: str
    """The game's name for people: ``Push``, ``Screw Your Neighbor``."""
    family: str
    """``rummy``, ``stud`` or ``three_card``."""
    players: tuple[int, ...]
    """The numbers of players the game may be set for, smallest first."""
    default_players: int
    """The number of players a new game has when none is asked for."""
    new: Callable[..., Any]
    """``new(seed=..., players=None, **options)``: a new game (players: a count or the names)."""
    load: Callable[[Record], Any]
    """Replay a record of this game (checked step by step; ``RecordError`` names the first bad one)."""
    bots: Mapping[str, Callable[[], Any]] = field(default_factory=dict)
    """Bot levels by name (``random`` first), each a factory of a fresh bot."""
    read_action: Callable[[Any], Any] | None = None
    """The family's reader of one action's JSON (``to_json`` output) back into an action; it raises an
    error in plain words (``RecordError`` or ``ValueError``) for anything else. Class tables replay their
    log through it."""
    default_level: str = "random"
    """The bot level played when none is chosen, one of ``bots``: a new class table's bots unless the student
    opening it chooses others (D-TBL-16, D-TBL-17)."""
    against_dealer: bool = False
    """True for a game where each player plays the dealer, not the other seats (Three Card Poker): class tables,
    where classmates play each other, do not deal it (D-TBL-13)."""
    advise: Callable[[Any, int, Any], list[str]] | None = None
    """``advise(game, seat, rng)``: the coach's advice to ``seat``, which is to move, in words (the advice first,
    then its reasons), read from that seat's observation and the game's rules only, never a hidden card;
    ``rng`` (a ``random.Random``) for any sampling. None where the family's coach reads the whole record instead
    (rummy: ``push_learn.rummy.coach.hint``)."""

    @property
    def players_words(self) -> str:
        """How many may play, in words: ``4 to 9``, or ``exactly 4`` for a game of one size.

        >>> from push_learn.games import GAMES
        >>> GAMES["push_stud"].players_words, GAMES["push"].players_words
        ('4 to 9', 'exactly 4')
        """
        low, high = self.players[0], self.players[-1]
        return f"exactly {low}" if low == high else f"{low} to {high}"

    def __post_init__(self) -> None:
        if self.bots and self.default_level not in self.bots:
            raise ValueError(f"{self.title}'s bots are {', '.join(self.bots)}: its usual bots cannot be "
                             f"{self.default_level!r}")
