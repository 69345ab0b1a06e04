"""Casino Three Card Poker (C1): ante and play against the dealer, and Pair Plus.

Each seat bets an Ante and/or a Pair Plus, sees three cards and then, if it made an Ante, plays
(a Play bet equal to the Ante) or folds. The dealer needs queen high to qualify. Paytables are data
(``PAIR_PLUS_TABLES``, ``ANTE_BONUS_TABLES``); choose them in ``ThreeCardPokerRules``.
``ThreeCardPokerGame`` answers ``push_learn.protocol.Game``; ``record()`` writes the one record
envelope and ``load_three_card_poker(record)`` replays it step by step.

>>> game = ThreeCardPokerGame(seed=7)
>>> game.apply(PlaceBets(seat=0, ante=5, pair_plus=5))
>>> game.apply(Play(seat=0))
>>> game.over, game.stacks[0] + game.house
(True, 100)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar

from push_learn.cards import Card, Rank, format_cards
from push_learn.errors import IllegalAction, RecordError
from push_learn.poker.plain import as_tuple, describe_step, is_whole, read_action, rules_from_plain, whole_fields
from push_learn.poker.three_card import DECK, THREE_CARD_POKER, SeatAction, ThreeCardHand, evaluate
from push_learn.protocol import default_name, default_names, seat_refusal, seat_words
from push_learn.records import Record, chips_over_limit, short, step_error

__all__ = [
    "ANTE_BONUS_TABLES",
    "PAIR_PLUS_TABLES",
    "ROUNDS_LIMIT",
    "SHOWDOWN_UNITS",
    "BetResult",
    "Fold",
    "Paytable",
    "PlaceBets",
    "Play",
    "RoundResult",
    "SeatResult",
    "Showdown",
    "TcpAction",
    "TcpObservation",
    "ThreeCardPokerGame",
    "ThreeCardPokerRules",
    "load_three_card_poker",
    "settle_seat",
    "showdown",
    "tcp_action_from_json",
]


ROUNDS_LIMIT = 100_000
"""The most rounds a game (a table's session, a simulation, a record) may be set to play."""


@dataclass(frozen=True)
class Paytable:
    """What a bet pays "to 1" for each Three Card Poker category; categories not listed lose (or pay nothing).

    ``str`` gives its usual short name, the pays from the best category down: ``40-30-6-4-1``.
    """

    name: str
    pays: tuple[tuple[str, int], ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "pays", tuple((category, odds) for category, odds in self.pays))
        known = {category.name for category in THREE_CARD_POKER.categories}
        for category, odds in self.pays:
            if category not in known:
                raise ValueError(f"{category!r} is not a Three Card Poker category ({', '.join(sorted(known))})")
            if odds < 0:
                raise ValueError("a paytable cannot pay a negative amount")

    def pays_for(self, category: str) -> int | None:
        """The odds paid for ``category``, or ``None`` if the table does not pay it."""
        return dict(self.pays).get(category)

    def __str__(self) -> str:
        return self.name


def _table(*pays: tuple[str, int]) -> Paytable:
    return Paytable("-".join(str(odds) for _, odds in pays), tuple(pays))


_SF, _TRIPS, _STRAIGHT, _FLUSH, _PAIR = "straight flush", "three of a kind", "straight", "flush", "pair"

PAIR_PLUS_TABLES: Mapping[str, Paytable] = {
    t.name: t
    for t in (
        _table((_SF, 40), (_TRIPS, 30), (_STRAIGHT, 6), (_FLUSH, 4), (_PAIR, 1)),  # the original table
        _table((_SF, 40), (_TRIPS, 30), (_STRAIGHT, 6), (_FLUSH, 3), (_PAIR, 1)),  # the common table today
        _table((_SF, 40), (_TRIPS, 30), (_STRAIGHT, 5), (_FLUSH, 4), (_PAIR, 1)),
        _table((_SF, 40), (_TRIPS, 25), (_STRAIGHT, 6), (_FLUSH, 4), (_PAIR, 1)),
        _table((_SF, 35), (_TRIPS, 25), (_STRAIGHT, 5), (_FLUSH, 3), (_PAIR, 1)),
    )
}
"""Selectable Pair Plus tables found in casinos, by name; ``40-30-6-4-1`` is the default (A-C1-02, D-3C-12)."""

ANTE_BONUS_TABLES: Mapping[str, Paytable] = {
    t.name: t
    for t in (
        _table((_SF, 5), (_TRIPS, 4), (_STRAIGHT, 1)),  # the table most casinos use
        _table((_SF, 4), (_TRIPS, 3), (_STRAIGHT, 1)),
        Paytable("none", ()),
    )
}
"""Selectable Ante Bonus tables by name; ``5-4-1`` is the default (D-3C-12)."""


@dataclass(frozen=True)
class ThreeCardPokerRules:
    """The settings of one Three Card Poker table (A-C1-*)."""

    seats: int = 1
    """Players at the table, each playing against the dealer alone (1 to 6)."""
    starting_stack: int = 100
    min_bet: int = 1
    max_bet: int = 100
    """Limits for each of the Ante and Pair Plus bets (0 means no bet)."""
    ante_bonus: Paytable = ANTE_BONUS_TABLES["5-4-1"]
    pair_plus: Paytable = PAIR_PLUS_TABLES["40-30-6-4-1"]
    dealer_qualifier: Rank = Rank.QUEEN
    """The dealer qualifies with this card high or any better hand."""
    fold_forfeits_pair_plus: bool = True
    """A-C1-01: folding loses the Pair Plus bet too (False: Pair Plus is still paid on the cards)."""

    MIN_PLAYERS: ClassVar[int] = 1
    MAX_PLAYERS: ClassVar[int] = 6

    def __post_init__(self) -> None:
        whole_fields(self, ("seats", "starting_stack", "min_bet", "max_bet"))
        if not isinstance(self.fold_forfeits_pair_plus, bool):
            raise ValueError(f"fold_forfeits_pair_plus is true or false, not {short(self.fold_forfeits_pair_plus)}")
        for name in ("ante_bonus", "pair_plus"):
            if not isinstance(getattr(self, name), Paytable):
                raise ValueError(f"{name} is a Paytable, not {short(getattr(self, name))}")
        if not isinstance(self.dealer_qualifier, Rank):
            raise ValueError(f"the dealer qualifier is a rank, not {short(self.dealer_qualifier)}")
        if not 1 <= self.seats <= 6:
            raise ValueError("Three Card Poker is dealt to 1 to 6 seats")
        if not 1 <= self.min_bet <= self.max_bet:
            raise ValueError("the bet limits need 1 <= min_bet <= max_bet")
        if self.starting_stack < 0:
            raise ValueError("a stack cannot be negative")
        if over := chips_over_limit(self, ("starting_stack", "max_bet")):
            raise ValueError(over)

    @property
    def qualifying_key(self) -> int:
        """The lowest hand key with which the dealer qualifies (``queen high`` is the key of Q-x-x)."""
        return int(self.dealer_qualifier) << 8 if self.dealer_qualifier > Rank.FOUR else 0

    def to_dict(self) -> dict[str, Any]:
        """The settings as plain JSON values (paytables as name and pays, the qualifier as a rank number)."""
        data = dataclasses.asdict(self)
        for name in ("ante_bonus", "pair_plus"):
            table: Paytable = getattr(self, name)
            data[name] = {"name": table.name, "pays": [[category, odds] for category, odds in table.pays]}
        data["dealer_qualifier"] = int(self.dealer_qualifier)
        return data

    @classmethod
    def from_dict(cls, data: Any) -> ThreeCardPokerRules:
        """Rebuild rules written by ``to_dict``."""

        def table(value: Any) -> Paytable:
            if not isinstance(value, dict) or set(value) != {"name", "pays"} or not isinstance(value["name"], str) \
                    or not isinstance(value["pays"], list | tuple):
                raise ValueError(f"a paytable is written as {{\"name\": ..., \"pays\": [...]}}, not {short(value)}")
            pays = []
            for pay in value["pays"]:
                if not (isinstance(pay, list | tuple) and len(pay) == 2 and isinstance(pay[0], str)
                        and is_whole(pay[1])):
                    raise ValueError(f"a paytable pays a category a whole number, as [\"pair\", 1], not {short(pay)}")
                pays.append((pay[0], pay[1]))
            return Paytable(value["name"], tuple(pays))

        def rank(value: Any) -> Rank:
            if not is_whole(value):
                raise ValueError(f"the dealer qualifier is a rank number 2 to 14, not {short(value)}")
            return Rank(value)

        return rules_from_plain(cls, data, {"ante_bonus": table, "pair_plus": table, "dealer_qualifier": rank})


class Showdown(Enum):
    """How the Ante and Play bets of a seat that played come out against the dealer."""

    DEALER_NOT_QUALIFIED = "the dealer does not qualify"
    PLAYER_WINS = "the player's hand is higher"
    TIE = "the hands tie"
    DEALER_WINS = "the dealer's hand is higher"


SHOWDOWN_UNITS: Mapping[Showdown, tuple[int, int]] = {
    Showdown.DEALER_NOT_QUALIFIED: (1, 0),
    Showdown.PLAYER_WINS: (1, 1),
    Showdown.TIE: (0, 0),
    Showdown.DEALER_WINS: (-1, -1),
}
"""Net result of (Ante, Play) in units of the Ante for each showdown; the analysis uses the same table."""


def showdown(player_key: int, dealer_key: int, rules: ThreeCardPokerRules) -> Showdown:
    """Compare a played hand with the dealer's by their ``hand_key`` under ``THREE_CARD_POKER``."""
    if dealer_key < rules.qualifying_key:
        return Showdown.DEALER_NOT_QUALIFIED
    if player_key > dealer_key:
        return Showdown.PLAYER_WINS
    return Showdown.TIE if player_key == dealer_key else Showdown.DEALER_WINS


@dataclass(frozen=True)
class BetResult:
    """One line of a settlement: which bet, the chips staked on it, the net win or loss, and why."""

    bet: str
    stake: int
    net: int
    reason: str

    def __str__(self) -> str:
        sign = "+" if self.net > 0 else ""
        staked = f" {self.stake}" if self.stake else ""  # a bonus paid on another bet has no stake of its own
        return f"{self.bet}{staked}: {sign}{self.net} ({self.reason})"


@dataclass(frozen=True)
class SeatResult:
    """Everything one seat won or lost in a round."""

    seat: int
    hand: str
    lines: tuple[BetResult, ...]

    @property
    def net(self) -> int:
        """The seat's total win (positive) or loss (negative) this round."""
        return sum(line.net for line in self.lines)

    @property
    def returned(self) -> int:
        """Chips that come back to the seat's stack: the stakes not lost plus the winnings."""
        return sum(line.stake + line.net for line in self.lines)

    def line(self, name: str | None = None) -> str:
        """The seat's settlement in one line, the seat called ``name`` (``Seat 1`` … without: ``default_name``)."""
        who = default_name(self.seat) if name is None else name
        return f"{who} ({self.hand}): net {self.net:+d}; " + "; ".join(map(str, self.lines))

    def __str__(self) -> str:
        return self.line()


def _pair_plus_line(hand: ThreeCardHand, stake: int, table: Paytable) -> BetResult:
    odds = table.pays_for(hand.category.name)
    if odds is None:
        return BetResult("pair plus", stake, -stake, f"{hand.category.name} does not pay")
    return BetResult("pair plus", stake, stake * odds, f"{hand.category.name} pays {odds} to 1")


def settle_seat(
    seat: int, hand: ThreeCardHand, dealer: ThreeCardHand, ante: int, pair_plus: int, played: bool,
    rules: ThreeCardPokerRules,
) -> SeatResult:
    """Settle every bet of one seat against the dealer's hand (a folded seat has ``played=False``)."""
    lines: list[BetResult] = []
    if ante and not played:
        lines.append(BetResult("ante", ante, -ante, "folded"))
    elif ante:
        result = showdown(hand.key, dealer.key, rules)
        ante_units, play_units = SHOWDOWN_UNITS[result]
        lines.append(BetResult("ante", ante, ante * ante_units, result.value))
        lines.append(BetResult("play", ante, ante * play_units, result.value))
        bonus = rules.ante_bonus.pays_for(hand.category.name)
        if bonus:
            why = f"{hand.category.name} pays {bonus} to 1 on the ante"
            lines.append(BetResult("ante bonus", 0, ante * bonus, why))
    if pair_plus and ante and not played and rules.fold_forfeits_pair_plus:
        lines.append(BetResult("pair plus", pair_plus, -pair_plus, "lost with the fold"))
    elif pair_plus:
        lines.append(_pair_plus_line(hand, pair_plus, rules.pair_plus))
    return SeatResult(seat, hand.name, tuple(lines))


# ---- actions ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlaceBets(SeatAction):
    """Put chips on the Ante and the Pair Plus (either may be 0; both 0 sits the round out)."""

    kind: ClassVar[str] = "bets"
    ante: int
    pair_plus: int


@dataclass(frozen=True)
class Play(SeatAction):
    """Make the Play bet (equal to the Ante) and go on against the dealer."""

    kind: ClassVar[str] = "play"


@dataclass(frozen=True)
class Fold(SeatAction):
    """Give up the hand and the Ante."""

    kind: ClassVar[str] = "fold"


TcpAction = PlaceBets | Play | Fold
_KINDS: Mapping[str, type[Any]] = {cls.kind: cls for cls in (PlaceBets, Play, Fold)}


def tcp_action_from_json(data: object) -> TcpAction:
    """Read back an action's ``to_json`` output; anything else raises ``RecordError`` in plain words.

    >>> tcp_action_from_json({"type": "bets", "seat": 0, "ante": 5, "pair_plus": 0})
    PlaceBets(seat=0, ante=5, pair_plus=0)
    """
    action: TcpAction = read_action(data, _KINDS, "Three Card Poker")
    return action


@dataclass(frozen=True)
class RoundResult:
    """The end of one round: the dealer's hand, whether it qualified, and each seat's settlement."""

    round: int
    dealer_cards: tuple[Card, ...]
    dealer_hand: str
    dealer_qualifies: bool
    seats: tuple[SeatResult, ...]

    def lines(self, names: Sequence[str] | None = None) -> list[str]:
        """The round in words, each seat by its name in ``names`` (``Seat 1``, ``Seat 2`` … without)."""
        q = "qualifies" if self.dealer_qualifies else "does not qualify"
        head = f"round {self.round}: dealer {format_cards(self.dealer_cards)} ({self.dealer_hand}) {q}"
        return [head, *(seat.line(None if names is None else names[seat.seat]) for seat in self.seats)]

    def __str__(self) -> str:
        return "\n".join(self.lines())


@dataclass(frozen=True)
class TcpObservation:
    """What one seat may know: its own cards, every bet on the table, stacks, and settled rounds."""

    seat: int | None
    round: int
    phase: str
    to_move: tuple[int, ...]
    stacks: tuple[int, ...]
    antes: tuple[int, ...]
    pair_plus: tuple[int, ...]
    played: tuple[bool | None, ...]
    cards: tuple[Card, ...]
    hand: str | None
    results: tuple[RoundResult, ...]
    names: tuple[str, ...] = ()
    """The players' names by seat."""
    min_bet: int = 1
    max_bet: int = 100
    """The table's limits for the Ante and the Pair Plus (0 means no bet)."""


class ThreeCardPokerGame:
    """A table of ``rules.seats`` seats playing ``rounds`` rounds against the dealer.

    Use ``verify``/``can``/``apply`` with ``PlaceBets``, ``Play`` and ``Fold``; ``observe(seat)``
    for what a seat knows (``None``: a spectator); ``record()`` to save, ``load_three_card_poker`` to replay.
    """

    GAME = "three_card_poker"
    """The game's id in records and in the catalogue."""

    def __init__(self, rules: ThreeCardPokerRules | None = None, seed: int | str = 0, rounds: int = 1,
                 players: Sequence[str] | None = None) -> None:
        if not is_whole(rounds) or not 1 <= rounds <= ROUNDS_LIMIT:
            raise ValueError(f"a game has at least one round and at most {ROUNDS_LIMIT:,} (a whole number), "
                             f"not {short(rounds, 24)}")
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            raise ValueError(f"a seed is a whole number or text, not {short(seed)}")
        self.rules = rules if rules is not None else ThreeCardPokerRules()
        if not isinstance(self.rules, ThreeCardPokerRules):
            raise ValueError(f"Three Card Poker is played with ThreeCardPokerRules, not {short(rules)}")
        n = self.rules.seats
        self.players: tuple[str, ...] = as_tuple(players, "the players' names") if players is not None \
            else default_names(n)
        """The name of the player in each seat (``Seat 1``, ``Seat 2`` … unless given)."""
        if len(self.players) != n or not all(isinstance(name, str) for name in self.players):
            raise ValueError(f"this table has {n} seats: give {n} names")
        self.seed = seed
        self.rounds = rounds
        self.stacks = [self.rules.starting_stack] * self.rules.seats
        self.house = 0
        """The house's net win so far (chips are conserved: stacks + table + house is constant)."""
        self.results: list[RoundResult] = []
        self.actions: list[TcpAction] = []
        self._rng = random.Random(seed)
        self._new_round(1)

    # -- state ----------------------------------------------------------------------------------

    def _new_round(self, number: int) -> None:
        self.round = number
        self.phase = "betting"
        self.antes = [0] * self.rules.seats
        self.pair_plus = [0] * self.rules.seats
        self.played: list[bool | None] = [None] * self.rules.seats
        self.cards: list[tuple[Card, ...]] = [()] * self.rules.seats
        self.dealer_cards: tuple[Card, ...] = ()
        self.deck: list[Card] = list(DECK)
        self._turn: int | None = 0

    @property
    def over(self) -> bool:
        """True when every round has been played (or no seat can bet any more)."""
        return self.phase == "over"

    @property
    def to_move(self) -> tuple[int, ...]:
        """The seat that may act now, as a one-seat tuple (empty once the game is over)."""
        return () if self._turn is None else (self._turn,)

    @property
    def result(self) -> tuple[RoundResult, ...] | None:
        """How every round came out, once the game is over (``None`` before)."""
        return tuple(self.results) if self.over else None

    def all_cards(self) -> list[Card]:
        """Every card wherever it is: the deck, then each seat's cards and the dealer's. Always the 52, once each."""
        cards = list(self.deck)
        for hand in self.cards:
            cards += hand
        return cards + list(self.dealer_cards)

    @property
    def on_table(self) -> int:
        """Chips currently staked on the table."""
        return sum(self.antes) + sum(self.pair_plus) + sum(a for a, p in zip(self.antes, self.played, strict=True) if p)

    def hand(self, seat: int) -> ThreeCardHand:
        """The evaluated hand of ``seat`` in this round (after the deal)."""
        if not self.cards[seat]:
            raise IllegalAction(f"{seat_words(seat)} has no cards this round")
        return evaluate(self.cards[seat], THREE_CARD_POKER)

    # -- verify / can / apply -------------------------------------------------------------------

    def _check_turn(self, seat: int, phase: str) -> None:
        wrong_seat = seat_refusal(seat, self.to_move, self.players)
        if wrong_seat is not None:
            raise IllegalAction(wrong_seat)
        if self.phase != phase:
            raise IllegalAction(f"this is not the time for that: the table is {self.phase}")

    def verify(self, action: TcpAction) -> None:
        """Raise ``IllegalAction`` saying why ``action`` is not allowed now; do nothing if it is."""
        if isinstance(action, PlaceBets):
            self._check_turn(action.seat, "betting")
            r = self.rules
            for name, amount in (("ante", action.ante), ("pair plus", action.pair_plus)):
                if not is_whole(amount):
                    raise IllegalAction(f"the {name} is a whole number of chips, not {short(amount)}")
                if amount < 0:
                    raise IllegalAction(f"the {name} cannot be negative")
                if amount and not r.min_bet <= amount <= r.max_bet:
                    raise IllegalAction(f"the {name} must be 0 or between {r.min_bet} and {r.max_bet}")
            need = 2 * action.ante + action.pair_plus
            if need > self.stacks[action.seat]:
                raise IllegalAction(
                    f"your stack has {self.stacks[action.seat]} chips but these bets need {need} "
                    "(the ante twice, to be able to play, plus the pair plus)"
                )
        elif isinstance(action, Play | Fold):
            self._check_turn(action.seat, "deciding")
        else:
            raise IllegalAction(f"{short(action)} is not a Three Card Poker action")

    def can(self, action: TcpAction) -> bool:
        """True if ``action`` is allowed now."""
        try:
            self.verify(action)
        except IllegalAction:
            return False
        return True

    def apply(self, action: TcpAction) -> None:
        """Carry out a legal action (``IllegalAction`` and no change otherwise)."""
        self.verify(action)
        self.actions.append(action)
        seat = action.seat
        if isinstance(action, PlaceBets):
            self.antes[seat], self.pair_plus[seat] = action.ante, action.pair_plus
            self.stacks[seat] -= action.ante + action.pair_plus
            self._turn = seat + 1 if seat + 1 < self.rules.seats else None
            if self._turn is None:
                self._deal()
        else:
            self.played[seat] = isinstance(action, Play)
            if isinstance(action, Play):
                self.stacks[seat] -= self.antes[seat]
            self._advance_decision(seat + 1)

    def legal_actions(self, seat: int) -> list[TcpAction]:
        """The choices of ``seat`` when it is to act: at the bets, sitting out or the smallest ante; then play
        or fold (any other bets within the limits are legal too: check them with ``verify``)."""
        if self._turn is None or seat != self._turn:
            return []
        if self.phase == "deciding":
            return [Play(seat), Fold(seat)]
        options: list[TcpAction] = [PlaceBets(seat, 0, 0), PlaceBets(seat, self.rules.min_bet, 0)]
        return [a for a in options if self.can(a)]

    # -- the round ------------------------------------------------------------------------------

    def _deal(self) -> None:
        betting = [s for s in range(self.rules.seats) if self.antes[s] or self.pair_plus[s]]
        if not betting:  # nobody bet: no cards are dealt and the round is over (D-3C-11)
            self.results.append(RoundResult(self.round, (), "no hand", False, ()))
            self._next_round()
            return
        self.deck = list(DECK)
        self._rng.shuffle(self.deck)
        for seat in betting:
            self.cards[seat] = tuple(self.deck[:3])
            del self.deck[:3]
        self.dealer_cards = tuple(self.deck[:3])
        del self.deck[:3]
        self.phase = "deciding"
        self._advance_decision(0)

    def _advance_decision(self, start: int) -> None:
        waiting = [s for s in range(start, self.rules.seats) if self.antes[s] and self.played[s] is None]
        self._turn = waiting[0] if waiting else None
        if self._turn is None:
            self._settle()

    def _settle(self) -> None:
        dealer = evaluate(self.dealer_cards, THREE_CARD_POKER)
        seats = []
        for seat in range(self.rules.seats):
            if not self.cards[seat]:
                continue
            result = settle_seat(
                seat, self.hand(seat), dealer, self.antes[seat], self.pair_plus[seat], bool(self.played[seat]),
                self.rules,
            )
            self.stacks[seat] += result.returned
            self.house -= result.net
            seats.append(result)
        qualifies = dealer.key >= self.rules.qualifying_key
        self.results.append(RoundResult(self.round, self.dealer_cards, dealer.name, qualifies, tuple(seats)))
        self._next_round()

    def _next_round(self) -> None:
        self.antes = [0] * self.rules.seats
        self.pair_plus = [0] * self.rules.seats
        if self.round >= self.rounds or max(self.stacks) < self.rules.min_bet:
            self.phase = "over"
            self._turn = None
        else:
            self._new_round(self.round + 1)

    # -- observation and records ----------------------------------------------------------------

    def observe(self, seat: int | None) -> TcpObservation:
        """What ``seat`` may know now (``None``: a spectator); the dealer's cards appear only in settled rounds."""
        own = self.cards[seat] if seat is not None else ()
        return TcpObservation(
            seat=seat,
            round=self.round,
            phase=self.phase,
            to_move=self.to_move,
            stacks=tuple(self.stacks),
            antes=tuple(self.antes),
            pair_plus=tuple(self.pair_plus),
            played=tuple(self.played),
            cards=own,
            hand=evaluate(own, THREE_CARD_POKER).name if own else None,
            results=tuple(self.results),
            names=self.players,
            min_bet=self.rules.min_bet,
            max_bet=self.rules.max_bet,
        )

    def record(self) -> Record:
        """The whole game in the one record envelope (set-up: the number of rounds)."""
        return Record(self.GAME, self.rules.to_dict(), self.seed, self.players,
                      tuple(a.to_json() for a in self.actions), {"rounds": self.rounds})


def load_three_card_poker(record: Record) -> ThreeCardPokerGame:
    """Replay a Three Card Poker record step by step; a bad step raises ``RecordError`` naming it."""
    setup = dict(record.setup)
    unknown = sorted(set(setup) - {"rounds"})
    if unknown:
        raise RecordError(f"a Three Card Poker record's set-up has no field {short(unknown[0])}")
    rules = ThreeCardPokerRules.from_dict(record.rules)
    try:
        game = ThreeCardPokerGame(rules, record.seed, setup.get("rounds", 1), record.players)
    except ValueError as error:
        raise RecordError(f"the record's set-up is not valid: {error}") from None
    for index, data in enumerate(record.actions):
        try:
            game.apply(tcp_action_from_json(data))
        except (RecordError, IllegalAction) as error:
            raise step_error(index, describe_step(data, game.players), str(error)) from None
    return game
