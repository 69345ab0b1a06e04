"""The table machinery both push stud games share: rules as data, seats, cards, betting, showdown.

A game is one deal. Its course is written as a generator (``_flow`` in each game) that yields a
``Decision`` whenever a player must choose and receives the chosen ``Action`` (or, for the
simultaneous choices, a dict of them). ``verify`` / ``can`` / ``apply`` check an action against
the current decision before the generator sees it, so a refused action changes nothing.

Chance is seeded: the deck is shuffled by ``random.Random(seed)`` (after any ``deck_top`` cards
given for a scripted deal), so rules + seed + actions reproduce a deal exactly; ``record()`` saves
those in the one envelope (``push_learn.records.Record``) and ``load_stud(record)`` (in
``push_learn.poker.stud_records``) plays them back, step by step. Every game here answers ``push_learn.protocol.Game``.
"""

from __future__ import annotations

import dataclasses
import random
from collections import deque
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar, TypeVar

from push_learn.cards import Card, parse_card, standard_deck
from push_learn.errors import IllegalAction, PushLearnError
from push_learn.poker.actions import Action, ActionKind
from push_learn.poker.betting import BetKind, BettingRound, Chips, Limits, build_pots
from push_learn.poker.hands import as_object, evaluate_high, evaluate_low, highest_showing
from push_learn.poker.observation import Decision, Observation, Phase, Result, SeatView
from push_learn.poker.plain import as_tuple, is_whole, rules_from_plain, whole_fields
from push_learn.poker.showdown import Award, Direction, ShowdownMode, locked_seats, settle
from push_learn.poker.wording import YOU, clause, says, their, verb
from push_learn.protocol import checked_seat, default_names, seat_refusal
from push_learn.records import CHIP_LIMIT, Record, chips_over_limit, name_too_long, short

__all__ = ["PokerRulesError", "StudGame", "StudRules"]

Flow = Generator[Decision, Any, None]
R = TypeVar("R", bound="StudRules")


class PokerRulesError(PushLearnError, ValueError):
    """A combination of poker settings the game does not allow (for example 10 players)."""


def showdown_mode(value: object) -> ShowdownMode:
    """The showdown mode ``value`` names (the mode itself, or its text such as ``"high"``); ``PokerRulesError`` in
    words, naming the modes, otherwise.

    >>> showdown_mode("low"), showdown_mode(ShowdownMode.HI_LO_DECLARE)
    (<ShowdownMode.LOW: 'low'>, <ShowdownMode.HI_LO_DECLARE: 'hi-lo declare'>)
    """
    if isinstance(value, ShowdownMode):
        return value
    known = {mode.value: mode for mode in ShowdownMode}
    if not isinstance(value, str) or value not in known:
        raise PokerRulesError(f"the showdown is one of {', '.join(known)}, not {short(value)}")
    return known[value]


@dataclass(frozen=True)
class StudRules:
    """Settings shared by the push stud games; each game's rules add their own options.

    Stakes are fixed limit (A-P1-01): ``small_bet`` in betting rounds before ``big_bet_from``,
    ``big_bet`` after, a bet and ``max_raises`` raises per round. ``push_price`` goes into the pot.
    """

    name: str = "stud"
    players: int = 6
    starting_stack: int = 200
    ante: int = 0
    small_bet: int = 2
    big_bet: int = 4
    big_bet_from: int = 3
    max_raises: int = 3
    bring_in: int = 0
    push_price: int = 1
    showdown: ShowdownMode = ShowdownMode.HIGH
    bet_after_declare: bool = False
    opener_by_suit: bool = True

    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 8
    NOT_CHIPS: ClassVar[tuple[str, ...]] = ("players", "big_bet_from", "max_raises")
    """The whole-number settings that count something other than chips (every other one is at most ``CHIP_LIMIT``)."""

    def __post_init__(self) -> None:
        self._check_types()
        if not self.MIN_PLAYERS <= self.players <= self.MAX_PLAYERS:
            raise PokerRulesError(
                f"{self.name} is for {self.MIN_PLAYERS} to {self.MAX_PLAYERS} players, not {short(self.players)}")
        if min(self.ante, self.push_price, self.starting_stack) < 0:
            raise PokerRulesError("antes, prices and stacks cannot be negative")
        try:
            self.limits  # noqa: B018 - validates the stakes
        except ValueError as error:
            raise PokerRulesError(str(error)) from None

    def _check_types(self) -> None:
        """Refuse settings of the wrong type in words (chips and counts are whole numbers); a showdown given as its
        text (``"low"``) is read as its mode."""
        if not isinstance(self.name, str):
            raise PokerRulesError(f"the name of the rules is text, not {short(self.name)}")
        if too_long := name_too_long(self.name):
            raise PokerRulesError(too_long)
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.type in ("bool", bool) and not isinstance(value, bool):
                raise PokerRulesError(f"the setting {f.name} is true or false, not {short(value)}")
        whole = [f.name for f in dataclasses.fields(self) if f.type in ("int", int)]
        whole_fields(self, whole, PokerRulesError)
        if over := chips_over_limit(self, [name for name in whole if name not in self.NOT_CHIPS]):
            raise PokerRulesError(over)
        if not isinstance(self.showdown, ShowdownMode):  # its text ("low") names it; anything else is refused
            object.__setattr__(self, "showdown", showdown_mode(self.showdown))

    @property
    def betting_rounds(self) -> int:
        """How many betting rounds a deal has when nobody folds."""
        return 4

    def replace_price(self, down: bool) -> int:
        """The price of swapping a card (down or up) where the game has such a round; 0 here."""
        return 0

    @property
    def offers_own_push(self) -> bool:
        """Whether a seat offered a card may keep it and push one of its own instead; not here."""
        return False

    @property
    def limits(self) -> Limits:
        """The betting limits as a ``Limits`` value."""
        return Limits(self.small_bet, self.big_bet, self.big_bet_from, self.max_raises, self.bring_in)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready settings (enums by value)."""
        return {f.name: (v.value if isinstance(v := getattr(self, f.name), ShowdownMode) else v)
                for f in dataclasses.fields(self)}

    @classmethod
    def from_dict(cls: type[R], data: object) -> R:
        """Read back ``to_dict`` output; unknown or ill-typed settings raise ``RecordError`` in words."""

        return rules_from_plain(cls, data, {"showdown": showdown_mode})


class StudGame:
    """One deal of a push stud game: decisions, observations and a replayable record."""

    game_name: ClassVar[str] = "stud"
    rules_type: ClassVar[type[StudRules]] = StudRules
    registry: ClassVar[dict[str, type[StudGame]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        StudGame.registry[cls.game_name] = cls

    def __init__(
        self,
        rules: StudRules | None = None,
        players: Sequence[str] | None = None,
        stacks: Sequence[int] | None = None,
        dealer: int = 0,
        seed: int | str | None = None,
        deck_top: Iterable[Card | str] = (),
    ) -> None:
        self.rules = rules if rules is not None else self.rules_type()
        if not isinstance(self.rules, self.rules_type):
            raise PokerRulesError(f"{self.game_name} is played with {self.rules_type.__name__}, not {short(rules)}")
        n = self.rules.players
        self.players: tuple[str, ...] = as_tuple(players, "the players' names", PokerRulesError) \
            if players is not None else default_names(n)
        """The name of the player in each seat."""
        stacks = as_tuple(stacks, "the stacks", PokerRulesError) if stacks is not None \
            else (self.rules.starting_stack,) * n
        if len(self.players) != n or len(stacks) != n:
            raise PokerRulesError(f"{self.rules.name} was set for {n} players: give {n} names and {n} stacks")
        if not all(isinstance(name, str) for name in self.players):
            raise PokerRulesError("the players' names are text")
        if not all(is_whole(stack) and 0 <= stack <= CHIP_LIMIT for stack in stacks):
            raise PokerRulesError(
                f"stacks are whole numbers of chips from 0 to {CHIP_LIMIT:,}: {short(list(stacks))}")
        checked_seat(dealer, n, "this table", PokerRulesError, lead="the dealer is one of the seats: ")
        if sum(1 for s in stacks if s > 0) < 2:
            raise PokerRulesError("at least two players need chips to play a deal")
        self.dealer = dealer
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | str)):
            raise PokerRulesError(f"a seed is a whole number or text, not {short(seed)}")
        self.seed: int | str = seed if seed is not None else random.randrange(2**32)
        self.initial_stacks = stacks
        self._rng = random.Random(self.seed)
        top = []
        for card in as_tuple(list(deck_top) if isinstance(deck_top, Iterable) and not isinstance(deck_top, str)
                             else deck_top, "the cards on top of the deck", PokerRulesError):
            if not isinstance(card, Card | str):
                raise PokerRulesError(f"the cards on top of the deck are cards such as 'AS', not {short(card)}")
            top.append(parse_card(card) if isinstance(card, str) else card)
        if len(set(top)) != len(top) or any(c.is_joker for c in top):
            raise PokerRulesError("the cards on top of the deck must be distinct and no jokers")
        self.deck_top = tuple(top)
        rest = [card for card in standard_deck() if card not in set(top)]
        self._rng.shuffle(rest)
        self._deck: deque[Card] = deque(top + rest)
        self._chips = Chips(stacks)
        self._dealt = tuple(stack > 0 for stack in stacks)
        self._up: list[list[Card]] = [[] for _ in range(n)]
        self._down: list[list[Card]] = [[] for _ in range(n)]
        self._folded: set[int] = set()
        self._dead: list[Card] = []
        self._offer: tuple[Card, int] | None = None
        self._pass_to: int | None = None
        self._public: set[Card] = set()
        self._seen: list[set[Card]] = [set() for _ in range(n)]
        self._declared: dict[int, Direction] = {}
        self._round = 0
        self._betting: BettingRound | None = None
        self._log: list[tuple[str, dict[int, str]]] = []
        self._actions: list[Action] = []
        self._chosen: dict[int, Action] = {}
        self._result: Result | None = None
        self._gen = self._run()
        self._decision: Decision | None = next(self._gen, None)

    # -- the flow each game writes -------------------------------------------------------------

    def _flow(self) -> Flow:
        """The course of one deal (overridden by each game)."""
        raise NotImplementedError  # pragma: no cover
        yield  # pragma: no cover

    def _run(self) -> Flow:
        yield from self._flow()
        self._finish()

    # -- public API ----------------------------------------------------------------------------

    @property
    def decision(self) -> Decision | None:
        """What the deal waits for now (``None`` once it is over)."""
        return self._decision

    @property
    def phase(self) -> Phase:
        """The kind of decision awaited, or ``Phase.OVER``."""
        return Phase.OVER if self._decision is None else self._decision.phase

    @property
    def over(self) -> bool:
        """True once the pot has been paid out."""
        return self._decision is None

    @property
    def to_move(self) -> tuple[int, ...]:
        """The seats that must choose now (several for a simultaneous choice)."""
        d = self._decision
        return () if d is None else tuple(s for s in d.seats if s not in self._chosen)

    @property
    def result(self) -> Result | None:
        """How the deal came out, once it is over."""
        return self._result

    @property
    def pot(self) -> int:
        """Chips in the pot now."""
        return self._chips.pot

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips in front of each seat now."""
        return tuple(self._chips.stacks)

    @property
    def chips_total(self) -> int:
        """Stacks plus pot; never changes during a deal."""
        return self._chips.total

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied so far, in order."""
        return tuple(self._actions)

    def cards(self, seat: int) -> tuple[Card, ...]:
        """All of a seat's cards, down cards first (the full truth, not an observation)."""
        return (*self._down[seat], *self._up[seat])

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The choices open now, for ``seat`` or for every seat that must choose."""
        d = self._decision
        if d is None:
            return []
        seats = self.to_move if seat is None else ((seat,) if seat in self.to_move else ())
        return [action for s in seats for action in d.options[s]]

    def refusal(self, action: Action) -> str | None:
        """Why ``action`` is not allowed now, as a sentence; ``None`` when it is allowed."""
        if not isinstance(action, Action):
            return f"{short(action)} is not an action of {self.rules.name}"
        d = self._decision
        if d is None:
            return "the deal is over"
        wrong_seat = seat_refusal(action.seat, self.to_move, self.players)
        if wrong_seat is not None and is_whole(action.seat) and 0 <= action.seat < len(self.players):
            name = self.players[action.seat]
            if d.simultaneous and action.seat in self._chosen:
                return says(name, "has already chosen")
            if not self._dealt[action.seat] or action.seat in self._folded:
                return says(name, "is not in this hand")
        if wrong_seat is not None:
            return wrong_seat
        name = self.players[action.seat]
        options = d.options[action.seat]
        if action in options:
            return None
        if action.kind.needs_card and action.card not in self._down[action.seat] + self._up[action.seat]:
            return says(name, f"does not hold {action.card}")
        same = [a for a in options if a.kind is action.kind]
        if same and action.card is not None:
            choices = " ".join(str(a.card) for a in same)
            return f"{name} cannot {action.kind} {action.card} now: the choices are {choices}"
        if action.kind.value in d.reasons:
            return d.reasons[action.kind.value]
        return f"{name} cannot {action.kind} now ({d.prompt_for(action.seat)})"

    def verify(self, action: Action) -> None:
        """Raise ``IllegalAction`` (with the reason) if ``action`` is not allowed now."""
        reason = self.refusal(action)
        if reason is not None:
            raise IllegalAction(reason)

    def can(self, action: Action) -> bool:
        """True if ``action`` is allowed now."""
        return self.refusal(action) is None

    def apply(self, action: Action) -> None:
        """Play ``action``; an illegal one raises ``IllegalAction`` and changes nothing."""
        self.verify(action)
        self._actions.append(action)
        d = self._decision
        assert d is not None
        if not d.simultaneous:
            self._step(action)
            return
        self._chosen[action.seat] = action
        if all(s in self._chosen for s in d.seats):
            chosen, self._chosen = dict(self._chosen), {}
            self._step(chosen)

    def _step(self, payload: object) -> None:
        try:
            self._decision = self._gen.send(payload)
        except StopIteration:
            self._decision = None

    def record(self) -> Record:
        """The deal so far in the one record envelope (set-up: dealer, stacks, cards stacked on the deck)."""
        return Record(
            self.game_name, self.rules.to_dict(), self.seed, self.players,
            tuple(a.to_json() for a in self._actions),
            {"dealer": self.dealer, "stacks": list(self.initial_stacks),
             "deck_top": [c.ascii for c in self.deck_top]},
        )

    def all_cards(self) -> list[Card]:
        """Every card wherever it is: the deck from top to bottom first, then the dead pile, the hands
        and the card on offer. Always the 52 cards, once each."""
        cards = list(self._deck) + self._dead
        for seat in range(len(self.players)):
            cards += self._down[seat] + self._up[seat]
        if self._offer is not None:
            cards.append(self._offer[0])
        return cards

    # -- observation ---------------------------------------------------------------------------

    def _known(self, seat: int | None) -> set[Card]:
        return self._public if seat is None else self._public | self._seen[seat]

    def observe(self, seat: int | None = None) -> Observation:
        """What ``seat`` may know now (``None``: only what every onlooker sees)."""
        known = self._known(seat)
        betting = self._betting
        views = tuple(
            SeatView(
                seat=s, name=self.players[s], stack=self._chips.stacks[s], committed=self._chips.committed[s],
                round_bet=betting.contrib.get(s, 0) if betting else 0, dealt_in=self._dealt[s],
                folded=s in self._folded, up=tuple(self._up[s]),
                down=tuple(c if s == seat or c in known else None for c in self._down[s]),
                declared=self._declared.get(s), has_chosen=s in self._chosen,
            )
            for s in range(len(self.players))
        )
        in_place = {c for s in range(len(self.players)) for c in (*self._up[s], *self._down[s])}
        offer = self._offer
        if offer is not None:
            in_place.add(offer[0])
        legal = tuple(self.legal_actions(seat)) if seat is not None else ()
        d = self._decision
        return Observation(
            game=self.game_name, variant=self.rules.name, rules=self.rules, seat=seat, dealer=self.dealer,
            phase=self.phase, round=self._round, seats=views, to_move=self.to_move,
            prompt="" if d is None else d.prompt_for(seat), legal=legal, pot=self._chips.pot, stock=len(self._deck),
            bet_size=betting.bet if betting else 0,
            to_call=betting.to_call(seat) if betting and seat is not None and seat in betting.contrib else 0,
            offered=offer[0] if offer is not None and offer[0] in known else None,
            offered_to=offer[1] if offer is not None else None,
            pass_to=self._pass_to if d is not None and d.phase is Phase.PUSH else None,
            can_push=self._can_push(offer[1] if offer is not None else None),
            known_out=tuple(sorted(known - in_place, key=lambda c: (c.suit.order, c.rank))),  # type: ignore
            log=tuple(private.get(seat, public) if seat is not None else public for public, private in self._log),
            result=self._result,
        )

    def _can_push(self, seat: int | None) -> bool:
        """True when ``seat`` decides on the card on offer and its legal actions hold a push (D-POK-09)."""
        d = self._decision
        if seat is None or d is None or d.phase is not Phase.PUSH:
            return False
        return any(a.kind in (ActionKind.PUSH, ActionKind.PUSH_OWN) for a in d.options.get(seat, ()))

    # -- helpers for the flows -----------------------------------------------------------------

    def _note(self, public: str, private: dict[int, str] | None = None) -> None:
        self._log.append((public, private or {}))

    def _show_all(self, card: Card) -> None:
        self._public.add(card)

    def _show(self, seat: int, card: Card) -> None:
        self._seen[seat].add(card)

    def _clockwise(self, first: int) -> list[int]:
        n = len(self.players)
        return [(first + i) % n for i in range(n)]

    def _live(self, first: int | None = None) -> list[int]:
        """Seats still in the hand, clockwise from ``first`` (default: the dealer's left)."""
        start = (self.dealer + 1) if first is None else first
        return [s for s in self._clockwise(start % len(self.players)) if self._dealt[s] and s not in self._folded]

    def _draw(self) -> Card:
        if not self._deck:
            if not self._dead:  # pragma: no cover - the player limits make this impossible
                raise RuntimeError("the deck and the dead cards are both used up")
            self._rng.shuffle(self._dead)
            self._deck.extend(self._dead)
            for seen in (self._public, *self._seen):
                seen.difference_update(self._dead)
            self._dead = []
            self._note("the deck is used up: the dead cards are shuffled to make a new stock (A-P1-04)")
        return self._deck.popleft()

    def _give(self, seat: int, card: Card, up: bool) -> None:
        (self._up if up else self._down)[seat].append(card)
        if up:
            self._show_all(card)
        else:
            self._show(seat, card)

    def _take(self, seat: int, card: Card) -> bool:
        """Remove a card from a seat; return True if it was a down card."""
        if card in self._down[seat]:
            self._down[seat].remove(card)
            return True
        self._up[seat].remove(card)
        return False

    def _pay(self, seat: int, amount: int) -> int:
        return self._chips.pay(seat, amount)

    def _post_antes(self) -> None:
        if self.rules.ante:
            for seat in self._live():
                self._pay(seat, self.rules.ante)
            self._note(f"everyone antes ${self.rules.ante}")

    def _deal_hole_cards(self) -> None:
        for seat in self._live():
            card = self._draw()
            self._give(seat, card, up=False)
        self._note("everyone is dealt a hole card face down")

    def _one_left(self) -> bool:
        return len(self._live()) == 1

    def _addressed(self, seat: int, words: Callable[[str], str] | str) -> dict[str, Any]:
        """The prompts of a decision of ``seat`` alone: onlookers read ``words`` about the seat after its name
        ("Seat 2: keep 8♦ (a push costs $10 and Seat 2 has only $4)"), the seat reads them addressed to it
        ("keep 8♦ (a push costs $10 and you have only $4)"). ``words(who)`` words the choice for ``who``; plain
        words are the same for both."""
        name = self.players[seat]
        if isinstance(words, str):
            return {"prompt": f"{name}: {words}", "prompts": {seat: words}}
        return {"prompt": f"{name}: {words(name)}", "prompts": {seat: words(YOU)}}

    def _push_prompt(self, seat: int, shown: str, price: int, own: bool) -> dict[str, Any]:
        """The words of a keep-or-push choice, naming only the choices the seat has (D-POK-09, D-POK-10)."""
        stack = self._chips.stacks[seat]

        def words(who: str) -> str:
            if stack < price:
                return f"keep {shown} (a push costs ${price} and {clause(who, f'has only ${stack}')})"
            if own:
                return f"keep {shown}, push it (${price}), or keep it and push one of {their(who)} cards (${price})"
            return f"keep {shown} or push it (${price})"

        return self._addressed(seat, words)

    def _push_reason(self, seat: int, price: int) -> dict[str, str]:
        """The refusal for a push the seat cannot pay (it must keep, A-P1-05)."""
        stack = self._chips.stacks[seat]
        if stack >= price:
            return {}
        text = f"a push costs ${price} and {clause(YOU, f'has only ${stack}')}, so the card must be kept"
        return {ActionKind.PUSH.value: text, ActionKind.PUSH_OWN.value: text}

    # -- shared phases -------------------------------------------------------------------------

    def _betting_round(self, round_no: int, bring_in: bool = False, locked: frozenset[int] = frozenset()) -> Flow:
        """One fixed-limit betting round, opened by the best hand showing or by the bring-in."""
        live = self._live()
        if len(live) < 2:
            return
        limits = self.rules.limits
        if bring_in and limits.bring_in:
            able = [s for s in live if self._chips.stacks[s] > 0] or live
            opener = min(able, key=lambda s: min((int(c.rank), c.suit.order) for c in self._up[s]))  # type: ignore
            self._note(says(self.players[opener], "has the lowest card showing and must bring in"))
        else:
            opener = highest_showing({s: self._up[s] for s in live}, live, self.rules.opener_by_suit)
        order = self._live(opener)
        reason = "you alone declared your way and cannot lose it, so you may only check, call or fold (A-P2-06)"
        betting = BettingRound(self._chips, order, limits.bet_size(round_no), limits.max_bets,
                               limits.bring_in if bring_in else 0, locked, reason)
        self._betting = betting
        while betting.to_act is not None:
            seat = betting.to_act
            kinds = betting.legal()
            to_call = betting.to_call(seat)
            owed = f"${to_call} to call" if to_call else "no bet to call"
            reasons = {k.value: r for k in BetKind if (r := betting.refusal(seat, k)) is not None}
            action = yield Decision(Phase.BET, (seat,), {seat: tuple(Action.betting(seat, k) for k in kinds)},
                                    reasons=reasons, **self._addressed(seat, owed))
            kind = action.kind.bet_kind
            assert kind is not None
            paid = betting.apply(seat, kind)
            if kind is BetKind.FOLD:
                self._folded.add(seat)
            self._note(self._bet_note(seat, kind, paid, betting.contrib[seat]))
        self._betting = None

    def _bet_note(self, seat: int, kind: BetKind, paid: int, total: int) -> str:
        """``EVE raises to $8``, ``RIZ calls $4``, ``ASH brings in for $1 (all in)``."""
        amount = {
            BetKind.BRING_IN: f" for ${total}", BetKind.COMPLETE: f" to ${total}", BetKind.BET: f" ${total}",
            BetKind.RAISE: f" to ${total}", BetKind.CALL: f" ${paid}",
        }.get(kind, "")
        all_in = " (all in)" if self._chips.stacks[seat] == 0 and kind is not BetKind.FOLD else ""
        return says(self.players[seat], f"{kind.verb}{amount}{all_in}")

    def _replace_round(self, simultaneous: bool, keep_orientation: bool) -> Flow:
        """Each live player may pay to swap one card (Substitution in turn, or the simultaneous replace)."""
        live = self._live()
        price_up, price_down = self.rules.replace_price(False), self.rules.replace_price(True)

        def options(seat: int) -> tuple[Action, ...]:
            stack = self._chips.stacks[seat]
            swaps = [Action.replace(seat, c) for c in self._down[seat] if stack >= price_down]
            swaps += [Action.replace(seat, c) for c in self._up[seat] if stack >= price_up]
            return (Action.stand(seat), *swaps)

        prices = f"${price_up} for an up card, ${price_down} for a down card" if price_up != price_down \
            else f"${price_up}"
        prompt = f"replace one card ({prices}) or stand"
        reason = {ActionKind.REPLACE.value: f"replacing costs {prices}, more than the chips left"}
        if simultaneous:
            choices = {s: options(s) for s in live}
            prompts = {s: self._replace_prompt(s, choices[s], prices, YOU) for s in live}
            chosen = yield Decision(Phase.REPLACE, tuple(live), choices, True, prompt, reason,
                                    {s: text for s, text in prompts.items() if text != prompt})
            for seat in live:
                self._swap(seat, chosen[seat], keep_orientation)
            return
        for seat in live:
            choices = {seat: options(seat)}
            action = yield Decision(Phase.REPLACE, (seat,), choices, reasons=reason, **self._addressed(
                seat, partial(self._replace_prompt, seat, choices[seat], prices)))
            self._swap(seat, action, keep_orientation)

    def _replace_prompt(self, seat: int, choices: tuple[Action, ...], prices: str, who: str) -> str:
        """The replace round's words for ``seat``, read by ``who`` (``YOU``: the seat itself), naming only the
        swaps among its ``choices`` (D-POK-09): any card when it may swap any, else the cards it can pay for, or
        only standing, with the price it lacks."""
        swaps = [a.card for a in choices if a.kind is ActionKind.REPLACE]
        able = {down: any(c in self._down[seat] for c in swaps) for down in (False, True)}
        if all(able.values()):
            return f"replace one card ({prices}) or stand"
        stack = self._chips.stacks[seat]
        has_only = clause(who, f"has only ${stack}")
        if not swaps:
            cheapest = min(self.rules.replace_price(False), self.rules.replace_price(True))
            return f"stand (replacing costs {prices}, and {has_only})" if stack < cheapest else "stand"
        down = able[True]
        price, other = self.rules.replace_price(down), self.rules.replace_price(not down)
        card, other_card = ("a down card", "an up card") if down else ("an up card", "a down card")
        lack = f" ({other_card} costs ${other} and {has_only})" if stack < other else ""
        return f"replace {card} (${price}) or stand{lack}"

    def _swap(self, seat: int, action: Action, keep_orientation: bool) -> None:
        name = self.players[seat]
        if action.kind is ActionKind.STAND or action.card is None:
            self._note(says(name, "replaces nothing"))
            return
        was_down = self._take(seat, action.card)
        price = self.rules.replace_price(was_down)
        self._pay(seat, price)
        self._dead.append(action.card)
        new = self._draw()
        up = keep_orientation and not was_down
        self._give(seat, new, up=up)
        old = "the down card" if was_down else str(action.card)
        pays, gets = says(name, f"pays ${price}"), verb(name, "gets")
        public = f"{pays} to replace {old} and {gets} " + (str(new) if up else "a card face down")
        self._note(public, {seat: f"{pays} to replace {action.card} and {gets} {new}"
                                  + ("" if up else " face down")})

    def _declare_and_bet(self, round_no: int) -> Flow:
        """The hi-lo declaration, then (``bet_after_declare``) a last betting round numbered ``round_no``
        in which a player alone in his direction is locked: he may check or call, never bet or raise."""
        yield from self._declare_round()
        if self.rules.bet_after_declare:
            self._round = round_no
            yield from self._betting_round(round_no, locked=locked_seats(self._declared))

    def _declare_round(self) -> Flow:
        """Everyone still in declares low, high or both at the same moment."""
        live = self._live()
        if len(live) < 2:
            return
        options = {s: tuple(Action.declare(s, d) for d in Direction) for s in live}
        chosen = yield Decision(Phase.DECLARE, tuple(live), options, True,
                                "declare low (1 chip), high (2) or both (3)")
        for seat in live:
            direction = chosen[seat].direction
            assert direction is not None
            self._declared[seat] = direction
        self._note("declarations: " + ", ".join(f"{self.players[s]} {self._declared[s]}" for s in live))

    # -- the end -------------------------------------------------------------------------------

    def _finish(self) -> None:
        live = self._live()
        committed = list(self._chips.committed)
        if len(live) == 1:
            seat = live[0]
            awards = [Award(0, "uncontested", self._chips.pot, ((seat, self._chips.pot),))]
            lines = [says(self.players[seat], f"wins ${self._chips.pot}: everyone else folded")]
            high_names: dict[int, str] = {}
            low_names: dict[int, str] = {}
        else:
            for seat in live:
                for card in self._down[seat]:
                    self._show_all(card)
            high = {s: evaluate_high(self.cards(s)) for s in live}
            low = {s: evaluate_low(self.cards(s)) for s in live}
            pots = build_pots(committed, live, [s for s in live if self._chips.stacks[s] == 0])
            awards = settle(pots, self.rules.showdown, {s: h.value for s, h in high.items()},
                            {s: h.value for s, h in low.items()}, self._live(), self._declared or None)
            high_names = {s: h.name for s, h in high.items()}
            low_names = {s: h.name for s, h in low.items()}
            lines = [self._award_line(a, len(pots), high_names, low_names) for a in awards]
        payouts = [0] * len(self.players)
        for award in awards:
            for seat, amount in award.shares:
                payouts[seat] += amount
        self._result = Result(tuple(awards), tuple(payouts), tuple(p - c for p, c in zip(payouts, committed,
                                                                                          strict=True)),
                              tuple(lines), high_names, low_names)
        self._chips.collect({s: p for s, p in enumerate(payouts) if p})
        for line in lines:
            self._note(line)

    def _award_line(self, award: Award, pots: int, high: dict[int, str], low: dict[int, str]) -> str:
        pot = "the pot" if pots == 1 else ("the main pot" if award.pot == 0 else f"side pot {award.pot}")
        who = " and ".join(self.players[s] for s in award.winners)
        if award.way == "uncontested":
            return says(who, f"takes {pot} (${award.amount}) uncontested")
        if award.way in ("high", "low"):
            pot = f"the {award.way} half of {pot}"
        way = award.way if award.way != "whole" else (
            "low" if self.rules.showdown is ShowdownMode.LOW or (
                self._declared and all(not self._declared[s].goes_high for s in award.winners)) else "high")
        hands = (low if way == "low" else high)
        with_ = " / ".join(dict.fromkeys(as_object(hands[s]) for s in award.winners))
        split = " split" if len(award.winners) > 1 else f" {verb(who, 'wins')}"
        return f"{who}{split} {pot} (${award.amount}) with {with_}"
