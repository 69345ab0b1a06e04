"""Fast approximate play-outs of one rummy deal, for SearchBot's Monte Carlo (not a referee).

A ``Sim`` holds a whole deal with every hand open (a *sampled world*) in small integers: a natural
card is ``rank * 4 + suit`` and every wild card is ``0``. ``Sim.rollout()`` plays the deal to its end
with a quick greedy policy for every seat, close to GreedyBot's: take the up-card when it brings the
contract closer (once down: when it can be melded or laid off), else push; go down as soon as a
greedy construction meets the contract; once down lay off and meld all it can; discard the card
the contract needs least (once down, the costliest card, keeping back cards the next player could
lay off when that player is down). It then scores the deal as the rules do (team or individual).

Seats marked in ``Sim.hold`` play as SearchBot's side does: until a go-down releases them
(``released_by``: anyone's, their own side's, or none) and while the stock has more than
``release_stock`` cards they go down only when that takes them out, and while their contract is met
they discard among the cards outside its melds.

The play-out is an estimate: melds are tracked by their ends and suits only, natural twos and
rescues are ignored, and a deal that has not ended within ``max_turns`` turns is scored as if the
stock had run out. It is some fifty times faster than playing the engine with the solver.

>>> from push_learn.rummy import PUSH
>>> from push_learn.cards import parse_cards
>>> sim = Sim.start(PUSH, deal=1, turn=0, hands=[parse_cards("7H 7S 7D 9C 9D 9S")] + [[]] * 3,
...                 stock=parse_cards("3C 4C 5C"), upcard=parse_cards("KH")[0], down=[False] * 4, melds=())
>>> sim.contract_missing(sim.hands[0])
0
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal, get_args

from push_learn.cards import Card
from push_learn.rummy.discard_heuristic import WILD_KEEP, keep_value
from push_learn.rummy.melds import Meld, is_wild_card, max_run_length, run_value_range
from push_learn.rummy.rules import MeldKind, RummyRules
from push_learn.rummy.scoring import CARD_POINTS, JOKER_POINTS

__all__ = ["WILD", "Sim", "encode"]

WILD = 0
"""The code of every wild card."""
DEAD = 1
"""The code of a card that can never be melded (a joker in a game without wild jokers)."""

_VALUE = [0] * 60
for _rank, _points_of_rank in CARD_POINTS.items():
    for _suit in range(4):
        _VALUE[int(_rank) * 4 + _suit] = _points_of_rank
_VALUE[WILD] = _VALUE[DEAD] = JOKER_POINTS


def encode(card: Card, rules: RummyRules) -> int:
    """The play-out code of ``card``: ``WILD``, ``DEAD`` or ``rank * 4 + suit``."""
    if is_wild_card(card, rules):
        return WILD
    if card.rank is None or card.suit is None:
        return DEAD
    return int(card.rank) * 4 + card.suit.order


def _points(hand: Iterable[int]) -> int:
    return sum(_VALUE[code] for code in hand)


ReleasedBy = Literal["anyone", "side", "none"]
"""Whose go-down ends a seat's holding back: anyone's, its own side's, or nobody's."""

RELEASED_BY: tuple[str, ...] = get_args(ReleasedBy)


def released_by_refusal(value: object) -> ValueError:
    """The error for a ``released_by`` that is not one of ``RELEASED_BY``."""
    return ValueError(f'released_by must be "anyone", "side" or "none", not {value!r}')


def releasers(released_by: ReleasedBy, seat: int, unit: Sequence[int]) -> list[int]:
    """The seats whose go-down ends ``seat``'s holding back: every seat (``released_by="anyone"``), the
    seats of its own side (``"side"``) or none (``"none"``); ``unit`` gives each seat's scoring unit."""
    if released_by == "anyone":
        return list(range(len(unit)))
    if released_by == "side":
        return [other for other in range(len(unit)) if unit[other] == unit[seat]]
    if released_by == "none":
        return []
    raise released_by_refusal(released_by)


class Sim:
    """One deal in play-out form: hands, stock (top last), up-card, who is down and the table melds.

    ``sets`` holds ``[rank, natural suits bitmask, size]`` and ``runs`` holds ``[suit, low, high, wild
    places bitmask]`` (rank values, 1 is the ace low; bit ``v`` set: the place of value ``v`` holds a wild).
    """

    __slots__ = (
        "by_melding",
        "distinct",
        "down",
        "hands",
        "high",
        "hold",
        "low",
        "max_run",
        "max_set",
        "parts",
        "players",
        "push_last",
        "release_stock",
        "released_by",
        "runs",
        "sets",
        "stock",
        "turn",
        "unit",
        "units",
        "upcard",
        "wild_discard",
    )

    def __init__(self, rules: RummyRules, deal: int) -> None:
        self.players = rules.players
        self.unit = [rules.team_of(seat) for seat in range(rules.players)]
        self.units = rules.scoring_units
        self.parts = [(part.kind is MeldKind.SET, part.min_length) for part in rules.contract(deal).melds]
        self.distinct = rules.set_distinct_suits
        self.max_set = rules.max_set_size or 99
        self.low, self.high = run_value_range(rules)
        self.max_run = max_run_length(rules)
        self.by_melding = rules.go_out_by_melding
        self.wild_discard = rules.discard_wild_allowed
        self.push_last = rules.push_on_last_stock_card
        self.hands: list[list[int]] = []
        self.stock: list[int] = []
        self.upcard = -1
        self.turn = 0
        self.down: list[bool] = []
        self.sets: list[list[int]] = []
        self.runs: list[list[int]] = []
        self.hold = [False] * rules.players
        """Seats that hold back a met contract while nobody is down, unless going down takes them out."""
        self.release_stock = 2 * rules.players
        """Holding ends once the stock has at most this many cards."""
        self.released_by: ReleasedBy = "side"
        """Whose go-down ends holding: ``"anyone"``'s, the seat's own ``"side"``'s (as SearchBot by default)
        or ``"none"``."""

    @classmethod
    def start(
        cls,
        rules: RummyRules,
        deal: int,
        turn: int,
        hands: Sequence[Sequence[Card]],
        stock: Sequence[Card],
        upcard: Card | None,
        down: Sequence[bool],
        melds: Iterable[Any],
    ) -> Sim:
        """A play-out state from cards: ``melds`` are table melds (``Meld`` or anything with ``.meld``)."""
        sim = cls(rules, deal)
        sim.hands = [[encode(card, rules) for card in hand] for hand in hands]
        sim.stock = [encode(card, rules) for card in stock]
        sim.upcard = -1 if upcard is None else encode(upcard, rules)
        sim.turn = turn
        sim.down = list(down)
        for item in melds:
            meld: Meld = item if isinstance(item, Meld) else item.meld
            if meld.kind is MeldKind.SET:
                assert meld.rank is not None
                mask = 0
                for card in meld.naturals:
                    if card.suit is not None:
                        mask |= 1 << card.suit.order
                sim.sets.append([int(meld.rank), mask, len(meld.cards)])
            else:
                assert meld.suit is not None
                wild_places = 0
                for i in meld.wild_positions:
                    wild_places |= 1 << (meld.start + i)
                sim.runs.append([meld.suit.order, meld.low_value, meld.high_value, wild_places])
        return sim

    def copy(self) -> Sim:
        """An independent copy (hands, stock and melds are copied)."""
        other = Sim.__new__(Sim)
        for name in Sim.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = [list(hand) for hand in self.hands]
        other.stock = list(self.stock)
        other.down = list(self.down)
        other.sets = [list(m) for m in self.sets]
        other.runs = [list(m) for m in self.runs]
        other.hold = list(self.hold)
        return other

    def holding(self, seat: int) -> bool:
        """Whether ``seat`` holds back its contract now: it holds, the stock is not low and no go-down
        has released it (see ``released_by``)."""
        if not self.hold[seat] or len(self.stock) <= self.release_stock:
            return False
        return not any(self.down[other] for other in releasers(self.released_by, seat, self.unit))

    # ---- the contract ------------------------------------------------------------------------
    def _best_set(self, counts: list[int]) -> tuple[int, int, list[int]]:
        """(naturals, rank, codes) of the fullest set of three this hand can start."""
        best: tuple[int, int, list[int]] = (0, -1, [])
        for rank in range(14, 2, -1):
            base = rank * 4
            codes = [base + s for s in range(4) if counts[base + s]]
            if not self.distinct:
                codes = [base + s for s in range(4) for _ in range(counts[base + s])]
            have = min(3, len(codes))
            if have > best[0]:
                best = (have, rank, codes[:have])
                if have == 3:
                    break
        return best

    def _best_run(self, counts: list[int], length: int) -> tuple[int, int, int, list[int]]:
        """(naturals, suit, low, codes) of the fullest window of ``length`` places in one suit."""
        best_have, best_suit, best_start = 0, -1, self.low
        window = (1 << length) - 1
        top = self.high - length + 1
        for suit in range(4):
            mask = 0
            for rank in range(max(self.low, 3), 15):
                if counts[rank * 4 + suit]:
                    mask |= 1 << rank
            if self.low == 1 and counts[56 + suit]:
                mask |= 2
            if mask.bit_count() < best_have:
                continue
            for start in range(self.low, top + 1):
                have = (mask >> start & window).bit_count()
                if have > best_have or (have == best_have and have and start > best_start):
                    best_have, best_suit, best_start = have, suit, start
        if best_suit < 0:
            return 0, -1, self.low, []
        codes = [
            (14 if v == 1 else v) * 4 + best_suit
            for v in range(best_start, best_start + length)
            if counts[(14 if v == 1 else v) * 4 + best_suit]
        ]
        return best_have, best_suit, best_start, codes

    def _contract(self, hand: Sequence[int]) -> tuple[int, list[tuple[bool, int, int, int, list[int]]]]:
        """Cards missing (before wilds) and the greedy melds: (is_set, length, rank-or-suit, low, codes)."""
        orders = [self.parts]
        if any(kind for kind, _ in self.parts) and not all(kind for kind, _ in self.parts):
            orders.append(list(reversed(self.parts)))
        best_missing, best_plan = 999, []
        for parts in orders:
            counts = [0] * 60
            for code in hand:
                counts[code] += 1
            missing, plan = 0, []
            for is_set, length in parts:
                if is_set:
                    have, rank, codes = self._best_set(counts)
                    plan.append((True, length, rank, 0, codes))
                    missing += length - have if length >= have else 0
                else:
                    have, suit, start, codes = self._best_run(counts, length)
                    plan.append((False, length, suit, start, codes))
                    missing += length - have
                for code in codes:
                    counts[code] -= 1
            if missing < best_missing:
                best_missing, best_plan = missing, plan
        return best_missing, best_plan

    def contract_missing(self, hand: Sequence[int]) -> int:
        """How many cards the greedy construction still lacks after using the hand's wilds (0: can go down)."""
        missing, _ = self._contract(hand)
        return max(0, missing - hand.count(WILD))

    def _go_down(self, seat: int) -> bool:
        hand = self.hands[seat]
        missing, plan = self._contract(hand)
        wilds = hand.count(WILD)
        if missing > wilds or len(hand) < sum(length for _, length in self.parts) + (0 if self.by_melding else 1):
            return False
        for is_set, length, key, start, codes in plan:
            for code in codes:
                hand.remove(code)
            for _ in range(length - len(codes)):
                hand.remove(WILD)
            if is_set:
                mask = 0
                for code in codes:
                    mask |= 1 << (code & 3)
                self.sets.append([key, mask, length])
            else:
                wild_places = 0
                for value in range(start, start + length):
                    if (14 if value == 1 else value) * 4 + key not in codes:
                        wild_places |= 1 << value
                self.runs.append([max(key, 0), start, start + length - 1, wild_places])
        self.down[seat] = True
        return True

    # ---- once down ---------------------------------------------------------------------------
    def _fits(self, code: int, apply: bool) -> bool:
        """Whether ``code`` can be laid off on some table meld (and lay it off when ``apply``)."""
        if code == WILD:
            for meld in self.sets:
                if meld[2] < self.max_set:
                    if apply:
                        meld[2] += 1
                    return True
            for meld in self.runs:
                if meld[2] - meld[1] + 1 < self.max_run:
                    if apply:
                        if meld[2] < self.high:
                            meld[2] += 1
                            meld[3] |= 1 << meld[2]
                        else:
                            meld[1] -= 1
                            meld[3] |= 1 << meld[1]
                    return True
            return False
        if code == DEAD:
            return False
        rank, suit = code >> 2, code & 3
        for meld in self.sets:
            if meld[0] == rank and meld[2] < self.max_set and not (self.distinct and meld[1] >> suit & 1):
                if apply:
                    meld[1] |= 1 << suit
                    meld[2] += 1
                return True
        for meld in self.runs:
            if meld[0] != suit or meld[2] - meld[1] + 1 >= self.max_run:
                continue
            if meld[2] + 1 == rank:
                if apply:
                    meld[2] += 1
                return True
            value = 1 if rank == 14 else rank
            if meld[1] - 1 == value and value >= self.low:
                if apply:
                    meld[1] -= 1
                return True
        return False

    def _rescue(self, code: int) -> bool:
        """Put natural ``code`` in place of a wild it stands for on the table (the wild comes back); True if done."""
        if code <= DEAD:
            return False
        rank, suit = code >> 2, code & 3
        for meld in self.sets:
            if meld[0] == rank and meld[2] > meld[1].bit_count() and not (self.distinct and meld[1] >> suit & 1):
                meld[1] |= 1 << suit
                return True
        value = 1 if rank == 14 else rank
        for meld in self.runs:
            if meld[0] != suit:
                continue
            for place in (rank, value):
                if meld[3] >> place & 1 and meld[1] <= place <= meld[2]:
                    meld[3] &= ~(1 << place)
                    return True
        return False

    def _has_natural_meld(self, hand: Sequence[int]) -> bool:
        """Quick test: three suits of one rank, or three consecutive places of one suit."""
        ranks = [0] * 15
        suits = [0, 0, 0, 0]
        for code in hand:
            if code > DEAD:
                rank, suit = code >> 2, code & 3
                ranks[rank] |= 1 << suit
                suits[suit] |= 1 << rank
        if any(mask.bit_count() >= 3 for mask in ranks):
            return True
        for mask in suits:
            if mask >> 14 & 1:
                mask |= 2
            if mask & mask >> 1 & mask >> 2:
                return True
        return False

    def _natural_melds(self, hand: list[int], keep: int) -> bool:
        """Meld the hand's natural sets and runs of three or more; True if any was made."""
        if len(hand) < 3 or not self._has_natural_meld(hand):
            return False
        counts = [0] * 60
        for code in hand:
            counts[code] += 1
        made = False
        for rank in range(2, 15):
            base = rank * 4
            suits = [s for s in range(4) if counts[base + s]][: self.max_set]
            if len(suits) >= 3 and len(hand) - len(suits) >= keep:
                mask = 0
                for s in suits:
                    hand.remove(base + s)
                    counts[base + s] -= 1
                    mask |= 1 << s
                self.sets.append([rank, mask, len(suits)])
                made = True
        for suit in range(4):
            value = self.low
            while value <= self.high:
                end = value
                while end <= self.high and end - value < self.max_run and counts[(14 if end == 1 else end) * 4 + suit]:
                    end += 1
                if end - value >= 3 and len(hand) - (end - value) >= keep:
                    for v in range(value, end):
                        code = (14 if v == 1 else v) * 4 + suit
                        hand.remove(code)
                        counts[code] -= 1
                    self.runs.append([suit, value, end - 1, 0])
                    made = True
                value = max(end, value + 1)
        return made

    def _wild_meld(self, hand: list[int], keep: int) -> bool:
        """One new meld of three completed by wilds (a pair and a wild, else the costliest natural and two
        wilds); True if made."""
        wilds = hand.count(WILD)
        if not wilds or len(hand) - 3 < keep:
            return False
        naturals = sorted({code for code in hand if code > DEAD}, key=lambda c: -_VALUE[c])
        for i, first in enumerate(naturals):
            for second in naturals[i + 1 :]:
                if first >> 2 == second >> 2 and (first & 3 != second & 3 or not self.distinct):
                    hand.remove(first)
                    hand.remove(second)
                    hand.remove(WILD)
                    mask = 1 << (first & 3) | 1 << (second & 3)
                    self.sets.append([first >> 2, mask, 3])
                    return True
                if first & 3 == second & 3:
                    low, high = sorted((first >> 2, second >> 2))
                    if 0 < high - low <= 2:
                        start = low if high - low == 2 or high < self.high else low - 1
                        hand.remove(first)
                        hand.remove(second)
                        hand.remove(WILD)
                        places = {start, start + 1, start + 2} - {low, high}
                        self.runs.append([first & 3, start, start + 2, 1 << places.pop()])
                        return True
        if wilds >= 2 and naturals:
            first = naturals[0]
            hand.remove(first)
            hand.remove(WILD)
            hand.remove(WILD)
            self.sets.append([first >> 2, 1 << (first & 3), 3])
            return True
        return False

    def _meld_phase(self, seat: int) -> bool:
        """Go down, then meld, rescue and lay off while anything changes; True when the seat went out.

        A seat that is ``holding`` goes down only when that leaves at most the card it must discard."""
        hand = self.hands[seat]
        keep = 0 if self.by_melding else 1
        if not self.down[seat] and self.holding(seat):
            before = list(hand)
            sets = [list(meld) for meld in self.sets]
            runs = [list(meld) for meld in self.runs]
            if not self._go_down(seat):
                return False
            out = self._meld_rest(hand, keep)
            if out or len(hand) <= keep:
                return out
            hand[:] = before
            self.down[seat] = False
            self.sets, self.runs = sets, runs
            return False
        if not self.down[seat] and not self._go_down(seat):
            return False
        return self._meld_rest(hand, keep)

    def _meld_rest(self, hand: list[int], keep: int) -> bool:
        """Meld, rescue and lay off from a down seat's ``hand`` while anything changes; True when it is empty."""
        changed = True
        while changed and len(hand) > keep:
            changed = self._natural_melds(hand, keep)
            for code in list(hand):
                if len(hand) <= keep:
                    break
                if code == WILD:
                    continue
                if self._fits(code, apply=True):
                    hand.remove(code)
                    changed = True
                elif self._fits(WILD, apply=False) and self._rescue(code):
                    hand.remove(code)
                    hand.append(WILD)
                    changed = True
            while self._wild_meld(hand, keep):
                changed = True
            while WILD in hand and len(hand) > keep and self._fits(WILD, apply=True):
                hand.remove(WILD)
                changed = True
        return not hand

    # ---- draw and discard --------------------------------------------------------------------
    def _wants(self, seat: int, card: int) -> bool:
        """Whether the policy takes ``card`` rather than push it."""
        if card == WILD:
            return True
        hand = self.hands[seat]
        if self.down[seat]:
            if self._fits(card, apply=False):
                return True
            rank, suit = card >> 2, card & 3
            same = sum(1 for c in set(hand) if c > DEAD and c >> 2 == rank and c & 3 != suit)
            near = sum(1 for c in set(hand) if c > DEAD and c & 3 == suit and 0 < abs((c >> 2) - rank) <= 2)
            return same >= 2 or near >= 2
        rank, suit = card >> 2, card & 3
        reach = max(length for _, length in self.parts)
        if not any(
            c > DEAD and (c >> 2 == rank or (c & 3 == suit and abs((c >> 2) - rank) < reach)) for c in hand
        ):
            return False
        return self.contract_missing([*hand, card]) < self.contract_missing(hand)

    def _keep_scores(self, hand: Sequence[int]) -> dict[int, float]:
        """How much each distinct card helps the contract (``discard_heuristic.keep_value``, as GreedyBot's
        ``keep_score``); wilds score highest."""
        ranks = [0] * 15
        present = [0, 0, 0, 0]
        counts = [0] * 60
        for code in hand:
            counts[code] += 1
            if code > DEAD:
                ranks[code >> 2] |= 1 << (code & 3)
                present[code & 3] |= 1 << (code >> 2)
        sets = any(kind for kind, _ in self.parts)
        runs = not all(kind for kind, _ in self.parts)
        scores: dict[int, float] = {}
        for code in set(hand):
            if code <= DEAD:
                scores[code] = WILD_KEEP if code == WILD else -WILD_KEEP
                continue
            rank, suit = code >> 2, code & 3
            near = present[suit]
            scores[code] = keep_value(
                same_rank=(ranks[rank] & ~(1 << suit)).bit_count(),
                near_one=(near >> (rank + 1) & 1) + (near >> (rank - 1) & 1),
                near_two=(near >> (rank + 2) & 1) + (near >> (rank - 2) & 1),
                copies=counts[code],
                points=_VALUE[code],
                sets=sets,
                runs=runs,
            )
        return scores

    def discard_choice(self, seat: int) -> int:
        """The card the policy discards from ``seat``'s hand."""
        hand = self.hands[seat]
        candidates = [code for code in set(hand) if code != WILD] or list(set(hand))
        if not self.wild_discard and len(candidates) > 1:
            candidates = [code for code in candidates if code != WILD] or candidates
        if self.down[seat]:
            nxt = (seat + 1) % self.players
            feeds = self.down[nxt] and self.unit[nxt] != self.unit[seat]
            return max(candidates, key=lambda c: (not (feeds and self._fits(c, False)), _VALUE[c], c))
        if self.holding(seat):
            missing, plan = self._contract(hand)
            if missing <= hand.count(WILD):
                rest = list(hand)
                for *_, codes in plan:
                    for code in codes:
                        rest.remove(code)
                spare = [code for code in candidates if code in rest]
                if spare:
                    candidates = spare
        scores = self._keep_scores(hand)
        return min(candidates, key=lambda c: (scores[c], -c))

    # ---- playing ------------------------------------------------------------------------------
    def draw(self, take: bool) -> bool:
        """The seat to move takes the up-card or pushes; True when the deal ended (last stock card pushed)."""
        seat = self.turn
        hand = self.hands[seat]
        if take:
            hand.append(self.upcard)
        else:
            receiver = (seat + 1) % self.players
            self.hands[receiver] += [self.upcard, self.stock.pop()]
            if not self.stock:
                self.upcard = -1
                return True
            hand.append(self.stock.pop())
        self.upcard = -1
        return False

    def can_push(self) -> bool:
        """Whether a push is possible now (two stock cards, or one where the rules allow it)."""
        return len(self.stock) >= 2 or (len(self.stock) == 1 and self.push_last)

    def finish_turn(self, discard: int | None = None) -> int | None:
        """Meld phase and discard (the policy's, or ``discard``) for the seat to move; the seat if it went out."""
        seat = self.turn
        hand = self.hands[seat]
        if discard is None:
            if self._meld_phase(seat):
                return seat
            discard = self.discard_choice(seat)
        hand.remove(discard)
        self.upcard = discard
        if not hand:
            return seat
        self.turn = (seat + 1) % self.players
        return None

    def rollout(self, max_turns: int = 60, first_draw: bool | None = None) -> list[int]:
        """Play the deal out from the draw of the seat to move; return each scoring unit's points.

        ``first_draw`` forces the first draw (True: take, False: push) when it is possible.
        """
        for turn in range(max_turns):
            seat = self.turn
            if self.upcard < 0:
                break
            if turn == 0 and first_draw is not None:
                take = first_draw or not self.can_push()
            else:
                take = not self.can_push() or self._wants(seat, self.upcard)
            if self.draw(take):
                return self.scores(None)
            out = self.finish_turn()
            if out is not None:
                return self.scores(out)
        return self.scores(None)

    def scores(self, went_out: int | None) -> list[int]:
        """Each unit's points: the unit that went out scores 0, the others their seats' hands."""
        points = [0] * self.units
        out_unit = -1 if went_out is None else self.unit[went_out]
        for seat, hand in enumerate(self.hands):
            if self.unit[seat] != out_unit:
                points[self.unit[seat]] += _points(hand)
        return points
