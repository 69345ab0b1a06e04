"""Variants as data: every parameter of the rummy family in one frozen value.

``PUSH``, ``CAP_IT`` and ``SIX_TO_TEN`` are the presets; ``push()``, ``cap_it(players)`` and
``six_to_ten(players)`` build them for other table sizes, and a house rule is a plain
``dataclasses.replace(PUSH, min_naturals_per_meld=1)``. Settings the rules do not allow are
refused with a ``RulesError`` that says why.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from push_learn.errors import PushLearnError
from push_learn.records import chips_over_limit, cut, name_too_long, short

__all__ = [
    "CAP_IT",
    "MIN_MELD_CARDS",
    "PUSH",
    "SIX_TO_TEN",
    "Contract",
    "ContractMeld",
    "MeldKind",
    "RulesError",
    "RummyRules",
    "Scoring",
    "cap_it",
    "push",
    "six_to_ten",
]


MIN_MELD_CARDS = 3
"""The fewest cards of any meld, in every game of the family (so also of a contract's melds)."""


class RulesError(PushLearnError, ValueError):
    """A combination of settings that the game does not allow (for example 5 players in Push)."""


def unknown_game(name: object) -> RulesError:
    """The refusal of a rummy game nobody plays, naming the ones there are (``PLAYER_RANGE``'s ids)."""
    return RulesError(f"unknown rummy game {short(name)}; choose one of {', '.join(PLAYER_RANGE)}")


class MeldKind(Enum):
    """A set (same rank) or a run (same suit, consecutive ranks)."""

    SET = "set"
    RUN = "run"

    def __str__(self) -> str:
        return self.value


class Scoring(Enum):
    """Who shares a score: partnerships (Push) or each player alone (Cap-It, 6-7-8-9-10)."""

    TEAM = "team"
    INDIVIDUAL = "individual"


@dataclass(frozen=True)
class ContractMeld:
    """One meld a contract asks for: its kind and minimum length."""

    kind: MeldKind
    min_length: int

    def __post_init__(self) -> None:
        length = self.min_length
        if isinstance(length, bool) or not isinstance(length, int) or length < MIN_MELD_CARDS:
            raise RulesError(
                f"a {self.kind.value} in a contract has at least {MIN_MELD_CARDS} cards, not {short(length)}"
            )

    def __str__(self) -> str:
        return f"{self.kind.value} of {self.min_length}"


@dataclass(frozen=True)
class Contract:
    """The melds a player must lay down together to go down in one deal."""

    melds: tuple[ContractMeld, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "melds", tuple(self.melds))  # a list given stays the caller's

    @classmethod
    def of(cls, *parts: tuple[str, int]) -> Contract:
        """Build from pairs such as ``("set", 3), ("run", 4)``."""
        return cls(tuple(ContractMeld(MeldKind(kind), length) for kind, length in parts))

    def __str__(self) -> str:
        """Group equal parts: ``2 sets of 3``, ``1 set of 3 + 1 run of 4``."""
        groups: list[tuple[ContractMeld, int]] = []
        for part in self.melds:
            if groups and groups[-1][0] == part:
                groups[-1] = (part, groups[-1][1] + 1)
            else:
                groups.append((part, 1))
        return " + ".join(
            f"{n} {p.kind.value}{'s' if n > 1 else ''} of {p.min_length}" for p, n in groups
        )

    @property
    def card_count(self) -> int:
        """The fewest cards that meet the contract."""
        return sum(part.min_length for part in self.melds)


PUSH_CONTRACTS = (
    Contract.of(("set", 3), ("set", 3)),
    Contract.of(("set", 3), ("run", 4)),
    Contract.of(("run", 4), ("run", 4)),
    Contract.of(("set", 3), ("set", 3), ("set", 3)),
    Contract.of(("run", 5), ("run", 5)),
)
CAP_IT_CONTRACTS = (*PUSH_CONTRACTS[:4], Contract.of(("run", 3), ("run", 7)))
SIX_TO_TEN_CONTRACTS = (
    PUSH_CONTRACTS[0],
    Contract.of(("run", 4), ("set", 3)),
    PUSH_CONTRACTS[2],
    PUSH_CONTRACTS[3],
    Contract.of(("run", 7), ("set", 3)),
)

VARIANT_NAMES = {"push": "Push", "cap_it": "Cap-It", "six_to_ten": "6-7-8-9-10"}
MAX_DECKS = 4
"""The most decks a pack may have (D-ENG-08): the presets use 1 to 3."""
JOKERS_PER_DECK = 4
"""The most jokers per deck (D-ENG-08): the presets use 0 or 2."""
PLAYER_RANGE = {"push": (4, 4), "cap_it": (3, 6), "six_to_ten": (2, 4)}


@dataclass(frozen=True)
class RummyRules:
    """Every parameter of one rummy game, with the options of the ambiguity register.

    Build one with a preset (``PUSH``, ``cap_it(5)``) and change it with ``dataclasses.replace``.
    """

    variant: str
    """``push``, ``cap_it`` or ``six_to_ten``: the game whose player range applies."""
    players: int
    decks: int
    jokers: int
    hand_sizes: tuple[int, ...]
    """Cards dealt to each player, one entry per deal."""
    contracts: tuple[Contract, ...]
    """The contract of each deal, one entry per deal."""
    scoring: Scoring = Scoring.INDIVIDUAL
    jokers_wild: bool = True
    natural_twos: bool = True
    """A 2 may stand for itself at its own place in a run of its own suit (R1/R2)."""
    ace_low: bool = True
    """The ace may sit below the 2 in a run (A-2-3); it is always allowed above the king."""
    set_distinct_suits: bool = True
    """The naturals of a set must have different suits, so a set holds at most 4 cards (A-R3-08)."""
    min_naturals_per_meld: int = 0
    """0 allows all-wild melds (pagat); 1 is the gamerules.com house rule (A-R1-09)."""
    pushed_card_public: bool = True
    """The stock card sent with a push is shown to everyone (R1/R2) or only to its receiver (R3)."""
    push_on_last_stock_card: bool = True
    """With one stock card left a push is allowed (R1/R2) or not, so the player must take (R3)."""
    atomic_push: bool = False
    """A-R1-06 option: a push the pusher cannot complete ends the hand with no cards moving."""
    discard_wild_allowed: bool = True
    """False in R3: a 2 may never be discarded."""
    discard_taken_card_allowed: bool = True
    """False in R3: the up-card taken this turn may not be discarded this turn."""
    go_out_by_melding: bool = True
    """False in R3: a player goes out only by discarding the last card."""
    loop_guard: bool = True
    """A-X-01: end a hand that cycles with one stock card and no table action for a full orbit."""
    pot_ante: int = 0
    """Cap-It stakes option: each player's ante at the start of the match (0 means no pot)."""
    pot_round_prize: int = 0
    """Cap-It stakes option: paid from the pot to the player who goes out in each deal."""
    tiebreak_on_last_deals: bool = False
    """A-X-02 option: break a tied total by the lower score in the last deal, then the one before."""
    runs_may_share_cards: bool = False
    """A-R1-08: two runs of one suit laid down together may not overlap (share a card such as 6♠); True allows it."""
    first_from_right: bool = False
    """R3 (A-R3-02, D-ENG-17): the deal starts with the player at the dealer's right, who also moves first; play
    then goes clockwise, so the dealer moves second. False (R1/R2): the dealer's left is dealt first and leads."""
    name: str = field(default="")

    def __post_init__(self) -> None:
        for name in ("hand_sizes", "contracts"):  # a list given stays the caller's: the rules cannot change
            object.__setattr__(self, name, tuple(getattr(self, name)))
        if self.variant not in PLAYER_RANGE:
            raise unknown_game(self.variant)
        low, high = PLAYER_RANGE[self.variant]
        game = VARIANT_NAMES[self.variant]
        if not low <= self.players <= high:
            allowed = f"exactly {low}" if low == high else f"{low} to {high}"
            raise RulesError(f"{game} is played by {allowed} players, not {short(self.players)}")
        if not 1 <= self.decks <= MAX_DECKS:
            raise RulesError(f"{game} is played with 1 to {MAX_DECKS} decks, not {short(self.decks)}")
        if not 0 <= self.jokers <= JOKERS_PER_DECK * self.decks:
            raise RulesError(
                f"{self.decks} deck{'s' if self.decks > 1 else ''} may hold 0 to {JOKERS_PER_DECK * self.decks} "
                f"jokers, not {short(self.jokers)}"
            )
        if any(size < 1 for size in self.hand_sizes):
            raise RulesError("every deal needs a hand of at least one card")
        if self.pot_ante < 0 or self.pot_round_prize < 0:
            raise RulesError("the pot's ante and round prize cannot be negative")
        if over := chips_over_limit(self, ("pot_ante", "pot_round_prize")):
            raise RulesError(over)
        if self.scoring is Scoring.TEAM and self.players % 2:
            raise RulesError("team scoring needs an even number of players sitting in partnerships")
        if len(self.hand_sizes) != len(self.contracts) or not self.contracts:
            raise RulesError("each deal needs one hand size and one contract")
        if self.min_naturals_per_meld not in (0, 1):
            raise RulesError("min_naturals_per_meld must be 0 (all-wild melds allowed) or 1")
        for deal, (size, contract) in enumerate(zip(self.hand_sizes, self.contracts, strict=True), start=1):
            if contract.card_count > size + 1:
                raise RulesError(
                    f"deal {deal}: a hand of {short(size)} cards can never hold the contract {cut(str(contract), 80)}"
                )
            if self.stock_size(deal) < 1:
                raise RulesError(
                    f"deal {deal}: {self.deck_size} cards are too few to deal {self.players} hands of "
                    f"{short(size)} and still leave an up-card and a stock"
                )
        if too_long := name_too_long(self.name):
            raise RulesError(too_long)
        if not self.name:
            object.__setattr__(self, "name", VARIANT_NAMES[self.variant])

    @property
    def deals(self) -> int:
        """How many deals make a match (5 in every preset)."""
        return len(self.contracts)

    @property
    def deck_size(self) -> int:
        """Cards in the pack: 52 per deck plus the jokers."""
        return 52 * self.decks + self.jokers

    @property
    def twos_wild(self) -> bool:
        """Every 2 is wild in the whole family (it may also be natural where ``natural_twos``)."""
        return True

    @property
    def run_values(self) -> tuple[int, int]:
        """The lowest and highest rank values a run may cover (1 is the ace low, 14 the ace high).

        The one source of the run's range (D-MELD-02, D-MELD-10): the top is always 14; the bottom is 1
        where the ace may be low and a 2 may appear in a run (Push, Cap-It), 2 where only the 2 may,
        and 3 where no card may stand for a two (6-7-8-9-10: twos are always wild).
        """
        if not self.natural_twos:
            return 3, 14
        return (1 if self.ace_low else 2), 14

    @property
    def max_run_length(self) -> int:
        """The longest run: 13 (A to K, or 2 to A) where a run may hold a two, else 12 (3 up to A).

        Read from ``run_values`` (an ace is never both low and high, so at most 13), which
        ``interpret_meld`` uses too (D-MELD-10).
        """
        low, high = self.run_values
        return min(high - low + 1, 13)

    def first_player(self, dealer: int) -> int:
        """The seat dealt first, who also moves first, when ``dealer`` deals (``first_from_right``)."""
        return (dealer + (-1 if self.first_from_right else 1)) % self.players

    @property
    def max_set_size(self) -> int | None:
        """The set cap, the one source of it: 4 when set suits must differ, else no limit (``None``)."""
        return 4 if self.set_distinct_suits else None

    def hand_size(self, deal: int) -> int:
        """Cards dealt to each player in deal ``deal`` (1-based)."""
        return self.hand_sizes[self._deal_index(deal)]

    def contract(self, deal: int) -> Contract:
        """The contract of deal ``deal`` (1-based)."""
        return self.contracts[self._deal_index(deal)]

    def stock_size(self, deal: int) -> int:
        """Cards left in the stock after the deal and the first up-card."""
        return self.deck_size - self.players * self.hand_size(deal) - 1

    def partner(self, seat: int) -> int | None:
        """The partner's seat in team play (opposite), else ``None``."""
        if self.scoring is not Scoring.TEAM:
            return None
        return (seat + self.players // 2) % self.players

    def team_of(self, seat: int) -> int:
        """The scoring unit of a seat: its team (seat mod 2 in Push) or the seat itself."""
        return seat % 2 if self.scoring is Scoring.TEAM else seat

    @property
    def scoring_units(self) -> int:
        """How many separate scores a match keeps: 2 teams in Push, else one per player."""
        return 2 if self.scoring is Scoring.TEAM else self.players

    def _deal_index(self, deal: int) -> int:
        if not 1 <= deal <= self.deals:
            raise RulesError(f"a {self.name} match has deals 1 to {self.deals}, not {short(deal)}")
        return deal - 1


def push() -> RummyRules:
    """Push (R1): four players in two partnerships, 108 cards, hands of 6 to 10, team scoring."""
    return RummyRules(
        variant="push",
        players=4,
        decks=2,
        jokers=4,
        hand_sizes=(6, 7, 8, 9, 10),
        contracts=PUSH_CONTRACTS,
        scoring=Scoring.TEAM,
    )


def cap_it(players: int = 4) -> RummyRules:
    """Cap-It (R2): 3 to 6 players alone, ten cards a deal; a third deck for 5 or 6 (A-R2-02)."""
    decks, jokers = (3, 6) if players >= 5 else (2, 4)
    return RummyRules(
        variant="cap_it",
        players=players,
        decks=decks,
        jokers=jokers,
        hand_sizes=(10,) * 5,
        contracts=CAP_IT_CONTRACTS,
    )


def six_to_ten(players: int = 2, double_deck: bool | None = None) -> RummyRules:
    """6-7-8-9-10 (R3): twos wild, no jokers, ace high only, ten cards, no going out by melding.

    One 52-card deck for 2 or 3 players, two decks for 4; ``double_deck=True`` gives 3 players two
    decks (A-R3-01). A set is any three or more cards of one rank, with no suit rule and no size cap
    (A-R3-08, D-CORE-04): with one deck four naturals and a two make a set of five. The dealer's right
    is dealt first and moves first (A-R3-02).
    """
    decks = 2 if (players >= 4 if double_deck is None else double_deck) else 1
    return RummyRules(
        variant="six_to_ten",
        players=players,
        decks=decks,
        jokers=0,
        hand_sizes=(10,) * 5,
        contracts=SIX_TO_TEN_CONTRACTS,
        jokers_wild=False,
        natural_twos=False,
        ace_low=False,
        set_distinct_suits=False,
        pushed_card_public=False,
        push_on_last_stock_card=False,
        discard_wild_allowed=False,
        discard_taken_card_allowed=False,
        go_out_by_melding=False,
        first_from_right=True,
    )


PUSH = push()
"""Push (Push Rummy), the partnership game."""
CAP_IT = cap_it()
"""Cap-It for four players."""
SIX_TO_TEN = six_to_ten()
"""6-7-8-9-10 for two players."""
