"""Three-card brag (B1): antes, blind and open betting, seeing, covering the pot.

Stakes are tracked in *open units*: an open player must bet at least the stake ``S`` (then
``S`` becomes that bet); a blind player pays half, at least ``ceil(S/2)`` (then ``S`` becomes twice
that bet). No bet may exceed the table maximum (``raise_limit``, D-3C-14), and while a blind player
is in, an open player may only bet the stake: he may neither raise nor see a blind man (D-3C-15).
With exactly two players left, the player to act may *see* for twice the stake in their own units
(open 2S, blind S), and the seer loses ties. A
player who cannot afford a bet may *cover the pot*: all their chips go in, the others bet on into a
side pot, and the coverer loses ties. After a prial is shown or wins, the pack is shuffled.
The rules, actions and result values are defined in ``brag_types`` and re-exported here.
``BragGame`` answers ``push_learn.protocol.Game``; ``record()`` writes the one record envelope and
``load_brag(record)`` replays it step by step.

>>> game = BragGame(BragRules(players=3), seed=1)
>>> game.apply(Bet(seat=1, amount=2))       # seat 1 (left of dealer 0) bets 2 blind: the stake is 4
>>> game.apply(Look(seat=2)); game.apply(Bet(seat=2, amount=4))
>>> game.apply(Fold(seat=0)); game.apply(Look(seat=1)); game.apply(See(seat=1))
>>> game.over, sum(game.stacks)
(True, 300)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from push_learn.cards import Card
from push_learn.errors import IllegalAction, RecordError
from push_learn.poker.brag_types import (
    Award,
    Bet,
    BragAction,
    BragObservation,
    BragOptions,
    BragRules,
    Cover,
    DropHand,
    Fold,
    HandResult,
    KeepHand,
    Look,
    PlayerView,
    See,
    ShownHand,
    brag_action_from_json,
    pack_dealing,
)
from push_learn.poker.plain import as_tuple, describe_step, is_whole, read_cards
from push_learn.poker.three_card import BRAG, DECK, Shape, card_index, evaluate
from push_learn.poker.wording import clause, says, whom
from push_learn.protocol import checked_seat, default_names, seat_refusal
from push_learn.records import Record, short, step_error

__all__ = [
    "Award",
    "Bet",
    "BragAction",
    "BragGame",
    "BragObservation",
    "BragOptions",
    "BragRules",
    "Cover",
    "DropHand",
    "Fold",
    "HandResult",
    "KeepHand",
    "Look",
    "PlayerView",
    "See",
    "ShownHand",
    "brag_action_from_json",
    "load_brag",
    "pack_dealing",
]


@dataclass
class _Seat:
    stack: int
    status: str = "out"
    blind: bool = True
    hands: list[tuple[Card, ...]] = dataclasses.field(default_factory=list)
    looking_at: int | None = None
    last_bet: int = 0


@dataclass
class _Pot:
    amount: int
    coverer: int | None = None


def _high_first(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: int(c.rank or 0), reverse=True))


def _ceil_half(n: int) -> int:
    return (n + 1) // 2


class BragGame:
    """A brag school playing ``hands`` deals (fewer if only one player can still ante).

    ``verify``/``can``/``apply`` take the actions above; ``options(seat)`` gives costs,
    ``observe(seat)`` what a seat knows (``None``: a spectator), ``record()`` saves and
    ``load_brag`` replays.
    """

    GAME = "brag"
    """The game's id in records and in the catalogue."""

    def __init__(
        self, rules: BragRules | None = None, seed: int | str = 0, hands: int = 1, dealer: int = 0,
        pack: Sequence[Card] | None = None, players: Sequence[str] | None = None,
    ) -> None:
        self.rules = rules if rules is not None else BragRules()
        if not isinstance(self.rules, BragRules):
            raise ValueError(f"brag is played with BragRules, not {short(rules)}")
        n = self.rules.players
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            raise ValueError(f"a seed is a whole number or text, not {short(seed)}")
        if not is_whole(hands) or hands < 1:
            raise ValueError(f"a game has at least one hand (a whole number), not {short(hands)}")
        checked_seat(dealer, n, "this brag school", lead="the dealer is one of the seats: ")
        if pack is not None:
            pack = as_tuple(pack, "a prepared pack")
        if pack is not None and (not all(isinstance(c, Card) and not c.is_joker for c in pack)
                                 or sorted(pack, key=card_index) != list(DECK)):
            raise ValueError("a prepared pack must hold each of the 52 cards once")
        self.players: tuple[str, ...] = as_tuple(players, "the players' names") if players is not None \
            else default_names(n)
        """The name of the player in each seat (``Seat 1``, ``Seat 2`` … unless given)."""
        if len(self.players) != n or not all(isinstance(name, str) for name in self.players):
            raise ValueError(f"this brag school has {n} players: give {n} names")
        self.seed, self.hands_to_play, self.first_dealer = seed, hands, dealer
        self.prepared = tuple(pack) if pack is not None else None
        """The pack order given instead of the first shuffle (top card first), if any."""
        self.seats = [_Seat(self.rules.starting_stack) for _ in range(self.rules.players)]
        self.rng = random.Random(seed)
        self.pack = list(DECK)
        self.rng.shuffle(self.pack)
        if self.prepared is not None:
            self.pack = list(self.prepared)
        self.actions: list[BragAction] = []
        self.results: list[HandResult] = []
        self.log: list[str] = []
        self.hand_number, self.dealer = 0, dealer
        self.pots: list[_Pot] = []
        self.stake: int | None = None
        self._turn: int | None = None
        self._over = False
        self.orbits, self.carried = 0, 0
        self.retainer: int | None = None
        """The blind seat whose hand and pot are carried to the next deal (option ``blind_carry``)."""
        self._shuffle_next = False
        self._start_hand()

    # -- reading the state ----------------------------------------------------------------------

    @property
    def stacks(self) -> list[int]:
        """Each seat's chips off the table."""
        return [s.stack for s in self.seats]

    @property
    def over(self) -> bool:
        """True when the match has ended."""
        return self._over

    @property
    def to_move(self) -> tuple[int, ...]:
        """The seat that may act now, as a one-seat tuple (empty once the match is over)."""
        return () if self._turn is None else (self._turn,)

    @property
    def result(self) -> tuple[HandResult, ...] | None:
        """How every deal came out, once the match is over (``None`` before)."""
        return tuple(self.results) if self.over else None

    def all_cards(self) -> list[Card]:
        """Every card wherever it is: the pack from the top, then each seat's hands. Always the 52, once each."""
        cards = list(self.pack)
        for player in self.seats:
            for hand in player.hands:
                cards += hand
        return cards

    @property
    def pot_total(self) -> int:
        """Chips in all pots of the current deal."""
        return sum(p.amount for p in self.pots)

    def in_play(self) -> list[int]:
        """Seats still betting (not folded, covered or out), clockwise from the dealer's left."""
        return [s for s in self._clockwise() if self.seats[s].status == "in"]

    def _clockwise(self) -> list[int]:
        n = self.rules.players
        return [(self.dealer + 1 + i) % n for i in range(n)]

    def playing_hand(self, seat: int) -> tuple[Card, ...]:
        """The hand a seat would show now (with two blind hands: the one carried over, D-3C-06)."""
        return self.seats[seat].hands[0]

    def _key(self, seat: int) -> int:
        return evaluate(self.playing_hand(seat), BRAG).key

    # -- costs ----------------------------------------------------------------------------------

    def bet_range(self, seat: int) -> tuple[int, int] | None:
        """The smallest and largest bet ``seat`` may make now in its own chips, or ``None`` if it cannot bet."""
        r, player = self.rules, self.seats[seat]
        if self.stake is None:
            low, high = r.min_first_bet, r.max_first_bet
        else:
            low, high = self.stake, self._stake_cap()
            if not player.blind and not r.open_may_raise_blind and any(
                    self.seats[s].blind for s in self.in_play() if s != seat):
                high = low  # A-B1-02, D-3C-15: an open player cannot raise a blind man, only bet the stake
            high = max(low, high)  # betting the stake itself is always allowed
        if player.blind:
            low, high = _ceil_half(low), max(_ceil_half(low), high // 2)
        high = min(high, player.stack)
        return (low, high) if low <= high else None

    def _stake_cap(self) -> int:
        """The largest bet in open units: the table maximum (A-B1-08), or stake + limit (D-3C-14 option)."""
        assert self.stake is not None
        limit = self.rules.raise_limit
        if limit is None:
            return self.stake + 10**9
        return self.stake + limit if self.rules.raise_limit_above_stake else limit

    def see_cost(self, seat: int) -> int | None:
        """Twice the stake in ``seat``'s own units (open 2S, blind S), or ``None`` if there is no stake."""
        if self.stake is None:
            return None
        return self.stake if self.seats[seat].blind else 2 * self.stake

    def options(self, seat: int) -> BragOptions | None:
        """What ``seat`` may do now, or ``None`` if it is not its turn."""
        if self.over or seat != self._turn:
            return None
        player = self.seats[seat]
        if player.looking_at is not None:
            return BragOptions(False, (), True, None, None, None, False)
        span = self.bet_range(seat)
        see = See(seat)
        return BragOptions(
            fold=True,
            look=tuple(range(len(player.hands))) if player.blind else (),
            must_choose=False,
            bet_min=span[0] if span else None,
            bet_max=span[1] if span else None,
            see_cost=self.see_cost(seat) if self.can(see) else None,
            cover=span is None,
        )

    # -- verify / can / apply -------------------------------------------------------------------

    def verify(self, action: BragAction) -> None:
        """Raise ``IllegalAction`` saying why ``action`` is not allowed now; do nothing if it is."""
        if not isinstance(action, Fold | Look | KeepHand | DropHand | Bet | See | Cover):
            raise IllegalAction(f"{short(action)} is not a brag action")
        seat = action.seat
        wrong_seat = seat_refusal(seat, self.to_move, self.players)
        if wrong_seat is not None:
            raise IllegalAction(wrong_seat)
        if isinstance(action, Bet) and not is_whole(action.amount):
            raise IllegalAction(f"a bet is a whole number of chips, not {short(action.amount)}")
        if isinstance(action, Look) and not is_whole(action.hand):
            raise IllegalAction(f"a hand is numbered 0 or 1, not {short(action.hand)}")
        player = self.seats[seat]
        choosing = player.looking_at is not None
        if choosing != isinstance(action, KeepHand | DropHand):
            raise IllegalAction(
                "first keep or drop the hand just looked at" if choosing
                else "keeping or dropping a hand comes only after looking at one of two blind hands"
            )
        if isinstance(action, Look):
            if not player.blind:
                raise IllegalAction("you have already looked at your cards")
            if not 0 <= action.hand < len(player.hands):
                raise IllegalAction(f"you hold {len(player.hands)} hand(s); there is no hand {action.hand}")
        elif isinstance(action, Bet):
            span = self.bet_range(seat)
            if span is None:
                raise IllegalAction("you cannot afford the smallest bet: cover the pot or fold")
            if not span[0] <= action.amount <= span[1]:
                rate = "blind" if player.blind else "open"
                raise IllegalAction(f"your bet ({rate}) must be between {span[0]} and {span[1]} chips")
        elif isinstance(action, See):
            self._verify_see(seat)
        elif isinstance(action, Cover) and self.bet_range(seat) is not None:
            raise IllegalAction("you can still afford a bet; covering the pot is only for a player who cannot")

    def _verify_see(self, seat: int) -> None:
        players = self.in_play()
        if len(players) != 2:
            raise IllegalAction(f"seeing is only possible with two players left, not {len(players)}")
        cost = self.see_cost(seat)
        if cost is None:
            raise IllegalAction("there is nothing to see yet: someone must bet first")
        other = players[0] if players[1] == seat else players[1]
        if not self.seats[seat].blind and self.seats[other].blind:
            raise IllegalAction("an open player may not see a blind player: bet or fold")
        if cost > self.seats[seat].stack:
            raise IllegalAction(f"seeing costs {cost} chips and you have {self.seats[seat].stack}")

    def can(self, action: BragAction) -> bool:
        """True if ``action`` is allowed now."""
        try:
            self.verify(action)
        except IllegalAction:
            return False
        return True

    def legal_actions(self, seat: int) -> list[BragAction]:
        """The choices of ``seat`` when it is to act (bets at the smallest and the largest amount only)."""
        if seat != self._turn or self._turn is None:
            return []
        candidates: list[BragAction] = [KeepHand(seat), DropHand(seat), Fold(seat), See(seat), Cover(seat)]
        candidates += [Look(seat, i) for i in range(len(self.seats[seat].hands))]
        span = self.bet_range(seat)
        if span:
            candidates += [Bet(seat, amount) for amount in sorted(set(span))]
        return [a for a in candidates if self.can(a)]

    def apply(self, action: BragAction) -> None:
        """Carry out a legal action (``IllegalAction`` and no change otherwise)."""
        self.verify(action)
        self.actions.append(action)
        seat, player = action.seat, self.seats[action.seat]
        if isinstance(action, Look):
            self._look(seat, action.hand)
        elif isinstance(action, KeepHand | DropHand):
            looked = player.looking_at
            assert looked is not None
            keep = looked if isinstance(action, KeepHand) else 1 - looked
            self.pack.extend(player.hands[1 - keep])
            player.hands, player.looking_at = [player.hands[keep]], None
            player.blind = isinstance(action, DropHand)
            self.log.append(says(self.players[seat], f"{'drops' if player.blind else 'keeps'} the hand looked at"))
        elif isinstance(action, Bet):
            self._pay(seat, action.amount)
            self.stake = action.amount * (2 if player.blind else 1)
            self.log.append(says(self.players[seat], f"bets {action.amount} {'blind' if player.blind else 'open'}"))
            self._next_turn(seat)
        elif isinstance(action, Fold):
            for hand in player.hands:
                self.pack.extend(hand)
            player.hands, player.status = [], "folded"
            self.log.append(says(self.players[seat], "folds"))
            if len(self.in_play()) == 1:
                self._fold_out(self.in_play()[0])
            else:
                self._next_turn(seat)
        elif isinstance(action, See):
            self._see(seat)
        else:
            self._cover(seat)

    def _look(self, seat: int, hand: int) -> None:
        player = self.seats[seat]
        if len(player.hands) == 2:
            player.looking_at = hand
        else:
            player.blind = False
        self.log.append(says(self.players[seat], f"looks at {'a' if len(player.hands) == 2 else 'the'} hand"))

    def _pay(self, seat: int, amount: int) -> None:
        self.seats[seat].stack -= amount
        self.seats[seat].last_bet = amount
        self.pots[-1].amount += amount

    def _next_turn(self, seat: int) -> None:
        order = self._clockwise()
        players = self.in_play()
        after = [s for s in players if order.index(s) > order.index(seat)]
        self._turn = after[0] if after else players[0]
        if not after:
            self.orbits += 1
            if self.rules.max_orbits is not None and self.orbits >= self.rules.max_orbits:
                best = max(self._key(s) for s in players)
                winners = [s for s in players if self._key(s) == best]
                self._finish(winners, f"the orbit cap was reached after {self.orbits} orbits", set(players))

    def _see(self, seat: int) -> None:
        cost = self.see_cost(seat)
        assert cost is not None
        self._pay(seat, cost)
        other = next(s for s in self.in_play() if s != seat)
        self.log.append(says(self.players[seat], f"pays {cost} to see {whom(self.players[other])}"))
        seer_wins = self._key(seat) > self._key(other)
        winner = seat if seer_wins else other
        how = f"{self.players[seat]} saw {whom(self.players[other])}" + (
            "" if seer_wins else "; the seer loses ties and lower hands")
        self._finish([winner], how, {other, winner})

    def _cover(self, seat: int) -> None:
        player = self.seats[seat]
        self.log.append(says(self.players[seat], f"covers the pot with {player.stack} chips"))
        self.pots[-1].amount += player.stack
        player.last_bet, player.stack, player.status = player.stack, 0, "covered"
        self.pots[-1].coverer = seat
        self.pots.append(_Pot(0))
        rest = self.in_play()
        if len(rest) == 1:
            self._finish(rest, f"{self.players[seat]} covered the pot against the last player", set(rest))
        else:
            self._next_turn(seat)

    def _fold_out(self, last: int) -> None:
        covered = any(p.coverer is not None for p in self.pots)
        if self.rules.blind_carry and self.seats[last].blind and not covered and self.hand_number < self.hands_to_play:
            self.carried, self.retainer = self.pot_total, last
            self.pots = []
            blind = clause(self.players[last], "is blind")
            self._end_hand(f"everyone else folded; {blind}, so the pot is carried", (), (), False)
            return
        self._finish([last], "everyone else folded", set())

    # -- the end of a deal ----------------------------------------------------------------------

    def _finish(self, winners: list[int], how: str, shown: set[int]) -> None:
        awards: list[Award] = []
        for index in reversed(range(len(self.pots))):
            pot = self.pots[index]
            reason = ""  # a pot nobody covered goes to the winner, with nothing to explain
            if pot.coverer is not None:
                shown |= {pot.coverer, *winners}
                if self._key(pot.coverer) > self._key(winners[0]):
                    winners, reason = [pot.coverer], "the coverer's hand is higher"
                else:
                    reason = "the coverer's hand is not higher, and the coverer loses ties"
            awards += self._split(pot.amount, winners, index, reason)
        order = self._clockwise()
        shown_hands = tuple(
            ShownHand(s, _high_first(self.playing_hand(s)), evaluate(self.playing_hand(s), BRAG).name)
            for s in sorted(shown, key=order.index)
        )
        prial = any(evaluate(self.playing_hand(s), BRAG).shape is Shape.TRIPS for s in shown | set(winners))
        self._end_hand(how, tuple(awards), shown_hands, prial)

    def _split(self, amount: int, winners: list[int], pot: int, reason: str) -> list[Award]:
        """Share a pot; odd chips go to the first winner clockwise from the dealer's left (D-3C-05)."""
        order = sorted(winners, key=self._clockwise().index)
        share, odd = divmod(amount, len(order))
        awards = [Award(s, share + (1 if i < odd else 0), pot, reason) for i, s in enumerate(order) if amount]
        for award in awards:
            self.seats[award.seat].stack += award.amount
        return awards

    def _end_hand(self, how: str, awards: tuple[Award, ...], shown: tuple[ShownHand, ...], prial: bool) -> None:
        self.pots, self._turn, self.stake = [], None, None
        for seat in self._clockwise():
            player = self.seats[seat]
            kept: list[tuple[Card, ...]] = player.hands[:1] if seat == self.retainer else []
            for hand in player.hands[len(kept):]:
                self.pack.extend(hand)
            player.hands = kept
        self._shuffle_next = prial or self.rules.always_shuffle
        self.results.append(HandResult(self.hand_number, how, awards, shown, self.carried, self._shuffle_next))
        self.log.append(how)
        self._start_hand()

    def _start_hand(self) -> None:
        ante = self.rules.ante
        able = [s for s in range(self.rules.players) if self.seats[s].stack >= ante]
        retainer, self.retainer, carried, self.carried = self.retainer, None, self.carried, 0
        if retainer is not None and (retainer not in able or len(able) < 2):
            self.pack.extend(self.seats[retainer].hands.pop())
        if len(able) < 2 or self.hand_number >= self.hands_to_play:
            if retainer is not None:  # nobody left to play for the carried pot: its holder takes it
                self.seats[retainer].stack += carried
            self._over, self._turn = True, None
            return
        if retainer not in able:
            retainer = None  # the carried pot stays in the pot of the next deal
        if self.hand_number:
            self.dealer = next(s for s in self._clockwise() if s in able)
        if self._shuffle_next:
            self.pack = [c for c in DECK if retainer is None or c not in self.seats[retainer].hands[0]]
            self.rng.shuffle(self.pack)
        self.hand_number += 1
        self.orbits, self.log = 0, [f"Deal {self.hand_number}: {clause(self.players[self.dealer], 'deals')}"]
        self.pots = [_Pot(carried)]
        for seat, player in enumerate(self.seats):
            player.status, player.blind, player.looking_at, player.last_bet = "out", True, None, 0
            if seat in able:
                player.status, player.stack = "in", player.stack - ante
                self.pots[0].amount += ante
        order = self.in_play()
        dealt: dict[int, list[Card]] = {s: [] for s in order}
        for _ in range(3):
            for seat in order:
                dealt[seat].append(self.pack.pop(0))
        for seat in order:
            self.seats[seat].hands.append(tuple(dealt[seat]))
        self._turn = order[0]

    # -- observation and records ----------------------------------------------------------------

    def observe(self, seat: int | None) -> BragObservation:
        """What ``seat`` may know: its own cards once open (or the hand it is looking at), all public facts.

        ``None``: a spectator, who sees only the public facts (hands shown at the end of a deal).
        """
        visible: tuple[tuple[Card, ...], ...] = ()
        if seat is not None:
            player = self.seats[seat]
            if player.looking_at is not None:
                visible = (player.hands[player.looking_at],)
            elif not player.blind and player.hands:
                visible = (player.hands[0],)
        return BragObservation(
            seat=seat,
            hand_number=self.hand_number,
            dealer=self.dealer,
            to_move=self.to_move,
            stake=self.stake,
            pots=tuple((p.amount, p.coverer) for p in self.pots),
            players=tuple(
                PlayerView(i, s.stack, s.status, s.blind, len(s.hands), s.last_bet) for i, s in enumerate(self.seats)
            ),
            cards=visible,
            hand_name=evaluate(visible[0], BRAG).name if visible else None,
            options=None if seat is None else self.options(seat),
            log=tuple(self.log),
            results=tuple(self.results),
            over=self.over,
            names=self.players,
        )

    def record(self) -> Record:
        """The whole match in the one record envelope (set-up: hands, first dealer, any prepared pack)."""
        setup: dict[str, Any] = {"hands": self.hands_to_play, "dealer": self.first_dealer}
        if self.prepared is not None:
            setup["pack"] = [card.ascii for card in self.prepared]
        return Record(self.GAME, self.rules.to_dict(), self.seed, self.players,
                      tuple(a.to_json() for a in self.actions), setup)


def load_brag(record: Record) -> BragGame:
    """Replay a brag record step by step; a bad step raises ``RecordError`` naming it ("step 3 ...")."""
    setup = dict(record.setup)
    unknown = sorted(set(setup) - {"hands", "dealer", "pack"})
    if unknown:
        raise RecordError(f"a brag record's set-up has no field {short(unknown[0])}")
    rules = BragRules.from_dict(record.rules)
    pack = read_cards(setup["pack"], "the prepared pack") if setup.get("pack") is not None else None
    try:
        game = BragGame(rules, record.seed, setup.get("hands", 1), setup.get("dealer", 0), pack, record.players)
    except ValueError as error:
        raise RecordError(f"the record's set-up is not valid: {error}") from None
    for index, data in enumerate(record.actions):
        try:
            game.apply(brag_action_from_json(data))
        except (RecordError, IllegalAction) as error:
            raise step_error(index, describe_step(data, game.players), str(error)) from None
    return game
