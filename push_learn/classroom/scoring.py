"""How the class store verifies and scores a result: a function the store is given.

The store never trusts a score it is sent. It checks the record's seal, then hands the record to a
*score function* ``score(record, player) -> Score`` that replays it and says how ``player`` did; a
record that cannot be replayed raises ``RecordError``. Passing the function in keeps the store free
of any one game and lets tests give it a replayer of their own.

The default, ``default_score``, replays any game with ``push_learn.games.load_record`` and scores the
rummy family with ``rummy_score``, the push stud games with ``stud_score`` and brag with ``brag_score``;
Three Card Poker's ``three_card_score`` replays its record itself. Scores are for duplicate play, where
everyone plays the same deal, and lower ``points`` rank higher in every game: in rummy the penalty points
left to the player's side, with ``deals_won`` the deals that side went out in; in stud the chips the player
lost on the deal (negative: won), with ``deals_won`` 1 when they took a share of a pot (D-CLS-06); in Three
Card Poker the chips (in hundredths) that choices other than the exact strategy's gave up on average, with
``deals_won`` the choices that were the strategy's (D-CLS-10).
``moves`` are the player's own actions and ``hints`` the hints the dashboard gave (which the kernel writes
into the sealed record's notes as ``{"hints": n}``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Literal

from push_learn.errors import RecordError
from push_learn.protocol import counted
from push_learn.records import Record, short

if TYPE_CHECKING:
    from push_learn.poker.brag import BragGame
    from push_learn.poker.stud import StudGame
    from push_learn.rummy.engine import Match

__all__ = [
    "STRATEGY_SCALE",
    "Score",
    "ScoreFunction",
    "SessionFigures",
    "SessionScore",
    "brag_score",
    "default_score",
    "hints_of",
    "result_unit",
    "rummy_score",
    "session_score",
    "strategy_chips",
    "stud_score",
    "three_card_score",
]


Unit = Literal["points", "chips", "strategy"]
"""How a game's results are kept: penalty points left (rummy), chips lost (the poker games played against other
players) or chips given up against the exact strategy (Three Card Poker, played against the dealer)."""


def result_unit(game: str) -> Unit:
    """How results of ``game`` are kept and shown: ``points`` for the rummy family, ``strategy`` for a game played
    against the dealer, else ``chips`` (D-CLS-06, D-CLS-08, D-CLS-10).

    >>> result_unit("screw"), result_unit("brag"), result_unit("cap_it"), result_unit("three_card_poker")
    ('chips', 'chips', 'points', 'strategy')
    """
    from push_learn.games import GAMES

    spec = GAMES.get(game)
    if spec is not None and spec.family == "rummy":
        return "points"
    return "strategy" if spec is not None and spec.against_dealer else "chips"


STRATEGY_SCALE = 100
"""A Three Card Poker result keeps the chips given up against the exact strategy in hundredths of a chip (D-CLS-10):
the store's counts are whole numbers."""


def strategy_chips(points: int) -> str:
    """The chips given up against the exact strategy, kept as ``points`` (hundredths of a chip), as pages say them.

    >>> strategy_chips(35), strategy_chips(0)
    ('0.35', '0.00')
    """
    return f"{points / STRATEGY_SCALE:.2f}"


@dataclass(frozen=True)
class Score:
    """How one player did on one deal: penalty points left (or chips lost), deals (or pots) won, own moves, hints.

    ``unit`` says which: ``"points"`` for the rummy family, ``"chips"`` for the poker games, where ``points``
    holds the chips lost (negative: won) and ``deals_won`` the pots the player took a share of, so that fewer
    ranks higher in both; ``"strategy"`` for Three Card Poker, where ``points`` holds the chips the choices that
    were not the exact strategy's gave up on average, in hundredths of a chip, and ``deals_won`` the choices that
    were (D-CLS-10).

    >>> Score(-35, 1, 9, 1, "chips").describe(), Score(4, 2, 30, 0, "chips").outcome
    ('won $35 (took a share of a pot), 9 moves, 1 hints', 'lost $4 (took a share of 2 pots)')
    >>> Score(35, 9, 20, 0, "strategy").outcome, Score(0, 1, 2, 0, "strategy").outcome
    ('9 choices as the exact strategy, the others gave up 0.35 chips', '1 choice as the exact strategy')
    """

    points: int
    deals_won: int
    moves: int
    hints: int = 0
    unit: Unit = "points"

    @property
    def outcome(self) -> str:
        """How the deal went, in a few words: ``45 points left`` or ``won $35 (took a share of a pot)``."""
        if self.unit == "strategy":
            agreed = f"{counted(self.deals_won, 'choice')} as the exact strategy"
            return f"{agreed}, the others gave up {strategy_chips(self.points)} chips" if self.points else agreed
        if self.unit == "chips":
            money = (f"won ${-self.points}" if self.points < 0 else f"lost ${self.points}" if self.points
                     else "broke even")
            pots = "a pot" if self.deals_won == 1 else f"{self.deals_won} pots"
            return f"{money} ({f'took a share of {pots}' if self.deals_won else 'took no pot'})"
        return f"{self.points} points left"

    def describe(self) -> str:
        """The score in words, as refusals and the student's page quote it."""
        deals = f", {self.deals_won} deals won" if self.unit == "points" else ""
        return f"{self.outcome}{deals}, {self.moves} moves, {self.hints} hints"


ScoreFunction = Callable[[Record, str], Score]
"""Replays a sealed, checked record and scores ``player``; raises ``RecordError`` if it cannot."""


def hints_of(record: Record) -> int:
    """The hints the dashboard recorded in the record's notes (0 when it recorded none)."""
    hints = record.notes.get("hints", 0)
    if isinstance(hints, bool) or not isinstance(hints, int) or hints < 0:
        raise RecordError(f"the record's hint count must be a whole number of 0 or more, not {short(hints)}")
    return hints


def _seat_and_moves(finished: bool, players: Sequence[str], seats: list[int], player: str,
                    what: str) -> tuple[int, int]:
    """``player``'s seat in a finished game of ``players`` and how many of its actions they made (``seats[k]``: the
    seat that made action ``k``); ``RecordError`` in words for a game not finished or without the player."""
    if not finished:
        raise RecordError(f"this {what} is not finished, so it has no result yet")
    if player not in players:
        raise RecordError(f"{player} did not play in this {what} (its players are {', '.join(players)})")
    seat = players.index(player)
    return seat, sum(1 for mover in seats if mover == seat)


def rummy_score(match: Match, seats: list[int], player: str, hints: int = 0) -> Score:
    """Score ``player`` in a finished rummy ``match``; ``seats[k]`` is the seat that made action ``k``."""
    seat, moves = _seat_and_moves(match.over, match.names, seats, player, "match")
    unit = match.rules.team_of(seat)
    points = match.totals[unit]
    deals_won = sum(1 for result in match.results
                    if result.went_out is not None and match.rules.team_of(result.went_out) == unit)
    return Score(points, deals_won, moves, hints)


def stud_score(game: StudGame, seats: list[int], player: str, hints: int = 0) -> Score:
    """Score ``player`` in a finished deal of a push stud game (``seats[k]``: the seat that made action ``k``): the
    chips they lost (negative: won) and whether they took a share of a pot."""
    result = game.result
    seat, moves = _seat_and_moves(result is not None, game.players, seats, player, "deal")
    assert result is not None
    return Score(-result.net[seat], int(result.payouts[seat] > 0), moves, hints, "chips")


def brag_score(game: BragGame, seats: list[int], player: str, hints: int = 0) -> Score:
    """Score ``player`` in a finished brag match (``seats[k]``: the seat that made action ``k``): the chips they lost
    over its deals (negative: won) and how many of its pots they took a share of (D-CLS-08)."""
    seat, moves = _seat_and_moves(game.over, game.players, seats, player, "match")
    pots = sum(1 for result in game.results if any(award.seat == seat for award in result.awards))
    return Score(game.rules.starting_stack - game.stacks[seat], pots, moves, hints, "chips")


def three_card_score(record: Record, player: str) -> Score:
    """Replay a class's Three Card Poker deal (a session of rounds against the dealer) and score ``player``'s
    play-or-fold choices against the exact strategy (D-CLS-10): the chips the others gave up on average, in
    hundredths of a chip, and how many were the strategy's. Everyone is dealt the same cards only while everyone
    bets every round, so a session that sat a round out, or is not finished, is refused in words."""
    from push_learn.poker.three_card_session import replay_session

    game, tally = replay_session(record, player)
    _, moves = _seat_and_moves(game.over, game.players, _seats_of(record), player, "session")
    if len(tally.decisions) != game.rounds:
        raise RecordError(f"{player} sat out {counted(game.rounds - len(tally.decisions), 'round')} of the class's "
                          "deal, which bets the Ante every round so that everyone is dealt the same cards")
    return Score(round(STRATEGY_SCALE * tally.cost), tally.agreed, moves, hints_of(record), "strategy")


@dataclass(frozen=True)
class SessionFigures:
    """What Three Card Poker trainer sessions come to: one session's, or several added up (``total``).

    ``net`` is the chips won (negative: lost); ``expected`` what the exact strategy is expected to win at
    the same stakes; ``agreed`` of ``decisions`` play-or-fold choices were the exact strategy's, and the
    others gave up ``cost`` chips on average.

    >>> one = SessionFigures(rounds=4, decisions=4, agreed=3, hints=0, net=-5, expected=-2.5, cost=1.25)
    >>> SessionFigures.total([one, one]).describe(), SessionFigures.total([one, one]).agreement
    ('8 rounds, 6 of 8 choices as the exact strategy, -10 chips against -5.00 expected', 0.75)
    """

    rounds: int
    decisions: int
    agreed: int
    hints: int
    net: int
    expected: float
    cost: float

    @property
    def agreement(self) -> float:
        """The share of choices that were the exact strategy's (0.0 before any)."""
        return self.agreed / self.decisions if self.decisions else 0.0

    def describe(self) -> str:
        """The session in words, as the trainer and refusals say it."""
        return (f"{self.rounds} rounds, {self.agreed} of {self.decisions} choices as the exact strategy, "
                f"{self.net:+d} chips against {self.expected:+.2f} expected")

    def __add__(self, other: SessionFigures) -> SessionFigures:
        """Two sessions' figures added up: every count and chip figure summed."""
        return SessionFigures(*(getattr(self, field.name) + getattr(other, field.name)
                                for field in fields(SessionFigures)))

    @staticmethod
    def total(figures: Iterable[SessionFigures]) -> SessionFigures:
        """Sessions' figures added up (no session at all adds up to zeros)."""
        return sum(figures, SessionFigures(0, 0, 0, 0, 0, 0.0, 0.0))


@dataclass(frozen=True)
class SessionScore(SessionFigures):
    """How a student did in one Three Card Poker trainer session, as its replay gives it: the session's
    figures (``SessionFigures``) and whether it is ``finished`` (every round of it was played)."""

    finished: bool


def session_score(record: Record, player: str) -> SessionScore:
    """Replay a Three Card Poker trainer record and score ``player``'s session (``RecordError`` if it cannot)."""
    from push_learn.poker.three_card_session import replay_session

    game, tally = replay_session(record, player)
    seat = tally.seat
    on_table = game.antes[seat] + game.pair_plus[seat]  # bets of a round being played are not lost yet
    settled = sum(1 for result in game.results if any(row.seat == seat for row in result.seats))
    return SessionScore(settled, len(tally.decisions), tally.agreed, hints_of(record),
                        game.stacks[seat] + on_table - game.rules.starting_stack,
                        round(float(tally.expected), 4), round(float(tally.cost), 4), game.over)


def _seats_of(record: Record) -> list[int]:
    """The seat of each action (every action of a shared-envelope record names its seat)."""
    seats = [action.get("seat") for action in record.actions]
    if all(isinstance(seat, int) and not isinstance(seat, bool) for seat in seats):
        return [int(seat) for seat in seats]  # type: ignore[arg-type]
    raise RecordError("every action of a record must name its seat")


def default_score(record: Record, player: str) -> Score:
    """Replay ``record`` with ``push_learn.games.load_record`` and score ``player`` (the rummy family with
    ``rummy_score``, the push stud games with ``stud_score``, brag with ``brag_score``; Three Card Poker with
    ``three_card_score``, which replays the record itself).

    The store has already checked the seal; ``load_record`` replays every action and refuses an
    illegal one. Games of other families are refused in words: they have no scorer.
    """
    from push_learn.games import load_record, record_spec

    if record.game in _RECORD_SCORERS:
        return _RECORD_SCORERS[record.game](record, player)
    game = load_record(record, sealed=False)
    scorer = _SCORERS.get(record.game) or _SCORERS.get(record_spec(record).family)
    if scorer is None:
        raise RecordError(f"the class store cannot score a game of {record.game} yet")
    return scorer(game, _seats_of(record), player, hints_of(record))


_SCORERS: dict[str, Callable[[Any, list[int], str, int], Score]] = {
    "rummy": rummy_score, "stud": stud_score, "brag": brag_score}
"""Each family's scorer, or a game's own where its family's others have none (brag among the three-card games)."""
_RECORD_SCORERS: dict[str, ScoreFunction] = {"three_card_poker": three_card_score}
"""The games scored from their record's replay step by step rather than from the game it ends in: Three Card
Poker's choices are marked against the exact strategy as they are made."""
