"""The solver's public questions, asked in cards and answered with declared melds.

>>> from push_learn.cards import parse_cards
>>> from push_learn.rummy import PUSH
>>> answer = contract_options(parse_cards("7H 7S JK 9C 9D 9S KH"), PUSH, deal=1)
>>> answer.possible, answer.best.points_left
(True, 0)
>>> sorted(str(meld) for meld in answer.best.go_down)
['set of nines: 9♣ 9♦ 9♠', 'set of sevens: 7♥ 7♠ 🃏']
>>> str(contract_options(parse_cards("7H 8H 9H 4S 5S"), PUSH, deal=3))
'3 cards short of 2 runs of 4'
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from push_learn.cards import Card, Rank, Suit
from push_learn.protocol import counted
from push_learn.records import short as echoed
from push_learn.rummy.contracts import meets_contract
from push_learn.rummy.engine.actions import GoDown
from push_learn.rummy.melds import Meld, interpret_meld, is_wild_card, max_run_length, rank_at, run_value_range
from push_learn.rummy.rules import Contract, RummyRules
from push_learn.rummy.scoring import penalty
from push_learn.rummy.solver.cover import prove_cover
from push_learn.rummy.solver.declare import PLAN_SEAT, TurnPlan, build_plan
from push_learn.rummy.solver.same_turn import contract_first, next_meld_id
from push_learn.rummy.solver.search import Search, Setup
from push_learn.rummy.solver.take_all import FIRST_LOOK, LOOK_BUDGET, TakeAllLook

__all__ = [
    "ContractAnswer",
    "MeldOptions",
    "TurnPlan",
    "best_go_down",
    "best_turn",
    "clear_caches",
    "contract_distance",
    "contract_options",
    "contract_ways",
    "meld_options",
    "table_pairs",
]

TableInput = Iterable[Any]
"""Table melds: ``Meld`` values (ids are their places) or anything with ``.id`` and ``.meld``."""


_MEMO_LOCK = threading.RLock()
"""Held while a search is set up and runs, or the memo tables are cleared. The memo tables (``suits``, ``sweep``,
``ranks``, ``entries``) are shared by every question of the process, so a hint and a bot thinking on two threads
take turns at them: one search at a time, each a few milliseconds, and every answer the same as on one thread."""


def clear_caches() -> None:
    """Forget the solver's memo tables (they speed up later questions; clearing frees memory)."""
    with _MEMO_LOCK:
        _clear_caches()


def _clear_caches() -> None:
    from push_learn.rummy.solver.cover import clear_cover_caches
    from push_learn.rummy.solver.entries import designation_tables
    from push_learn.rummy.solver.ranks import clear_rank_caches
    from push_learn.rummy.solver.suits import clear_suit_caches

    clear_suit_caches()
    clear_rank_caches()
    clear_cover_caches()
    designation_tables.cache_clear()


def table_pairs(table: TableInput) -> list[tuple[int, Meld]]:
    """The table as (meld id, meld) pairs: ``TableMeld``-like objects keep their ids, bare melds are numbered."""
    pairs = []
    for i, item in enumerate(table):
        if isinstance(item, Meld):
            pairs.append((i, item))
        else:
            pairs.append((int(item.id), item.meld))
    return pairs


def _parts(contract: Contract) -> tuple[tuple[str, int], ...]:
    return tuple((part.kind.value, part.min_length) for part in contract.melds)


def _setup(
    hand: Sequence[Card],
    rules: RummyRules,
    table: Sequence[tuple[int, Meld]],
    parts: tuple[tuple[str, int], ...],
    keep_discard: bool,
    taken: Card | None,
    wild_discard: bool | None,
    objective: str = "points",
) -> Setup:
    if objective not in ("points", "cards"):
        raise ValueError(f"the objective is 'points' or 'cards', not {objective!r}")
    return Setup(
        rules,
        tuple(hand),
        tuple(meld for _, meld in table),
        parts,
        layoff=True,
        rescue=not parts,
        keep_discard=keep_discard,
        must_discard=keep_discard and not rules.go_out_by_melding,
        taken=None if rules.discard_taken_card_allowed else taken,
        wild_discard=rules.discard_wild_allowed if wild_discard is None else wild_discard,
        by_cards=objective == "cards",
    )


def best_turn(
    hand: Sequence[Card],
    rules: RummyRules,
    table: TableInput = (),
    *,
    keep_discard: bool = True,
    taken: Card | None = None,
    wild_discard: bool | None = None,
    objective: str = "points",
) -> TurnPlan:
    """After going down: the new melds, lay-offs and rescues that leave the fewest penalty points.

    With ``keep_discard`` a card is kept to discard when the hand is not emptied (and always where
    going out by melding is not allowed); ``taken`` is the up-card taken this turn (it may not be
    discarded where the rules say so); ``wild_discard`` overrides whether a wild may be discarded.
    The result is exact; ``points_left`` counts the hand after the discard. ``objective="cards"``
    leaves the fewest cards instead (then the fewest points): the race to go out.
    """
    pairs = table_pairs(table)
    return _turn_plan(_setup(hand, rules, pairs, (), keep_discard, taken, wild_discard, objective), pairs)


def _turn_plan(setup: Setup, pairs: list[tuple[int, Meld]]) -> TurnPlan:
    """The search's best turn once down for ``setup`` (no table move at all when none is legal)."""
    with _MEMO_LOCK:
        result = Search(setup).best()
    if not result.feasible:
        return TurnPlan((), (), (), None, setup.hand, penalty(setup.hand))
    return build_plan(result, setup.hand, pairs, setup.rules, ())


def best_go_down(
    hand: Sequence[Card],
    rules: RummyRules,
    deal: int,
    *,
    table: TableInput = (),
    keep_discard: bool = True,
    taken: Card | None = None,
    wild_discard: bool | None = None,
    objective: str = "points",
) -> TurnPlan | None:
    """The best way to go down now, or None when the hand cannot: the contract melds, then in the same turn
    extra melds, lay-offs, and rescues of table wilds (which may then go into new melds and lay-offs).

    Best means the fewest penalty points left after the turn; among plans that take every card out, the one
    the quick look (``take_all.py``) finds first, else the one the search finds first (D-SOL-36). The contract
    must be laid down with the hand's own cards, before any rescue (D-SOL-02). Without wilds on the table the
    answer is exact; with them it is exact whenever the best plan lets the contract go down first, and otherwise
    the best of the plan without rescues and the first ``WAYS_TRIED`` contract ways each followed by its best turn.
    """
    pairs = table_pairs(table)
    parts = _parts(rules.contract(deal))
    setup = _setup(hand, rules, pairs, parts, keep_discard, taken, wild_discard, objective)
    plan = _go_down_plan(setup, pairs, deal)
    if plan is None or not plan.left or not any(meld.wild_positions for _, meld in pairs):
        return plan
    # With rescues the search may lend the contract a wild the hand has yet to rescue: its plan is a
    # bound on every legal plan, and the answer when it can be reordered to lay the contract first.
    borrowing = _go_down_plan(replace(setup, rescue=True), pairs, deal)
    if borrowing is None or _kept(borrowing, objective) >= _kept(plan, objective):
        return plan
    bound = _kept(borrowing, objective)
    legal = contract_first(borrowing, hand, pairs, rules, deal)
    if legal is not None and _kept(legal, objective) == bound:
        return legal
    # Otherwise: lay each listed contract way down as it stands, then play the best turn after it (a way
    # that reaches the bound cannot be beaten, so the rest need not be tried).
    candidates = [plan, *([legal] if legal is not None else [])]
    for way in contract_ways(hand, rules, deal, limit=WAYS_TRIED):
        candidate = _down_then_turn(way, setup, pairs)
        if _kept(candidate, objective) == bound:
            return candidate
        candidates.append(candidate)
    return min(candidates, key=lambda candidate: _kept(candidate, objective))


WAYS_TRIED = 30
"""Contract ways ``best_go_down`` tries, each followed by its best turn, when the best plan with rescues
cannot lay its contract with the hand's own cards."""


def _down_then_turn(way: tuple[Meld, ...], setup: Setup, pairs: list[tuple[int, Meld]]) -> TurnPlan:
    """Go down with ``way``, then the best turn (new melds, lay-offs, rescues) with the cards left."""
    rest = Counter(setup.hand)
    for meld in way:
        rest.subtract(meld.cards)
    cards = tuple(rest.elements())
    first_id = next_meld_id(meld_id for meld_id, _ in pairs)
    table = [*pairs, *((first_id + k, meld) for k, meld in enumerate(way))]
    turn = _turn_plan(replace(setup, hand=cards, table=tuple(meld for _, meld in table), parts=(), rescue=True), table)
    return TurnPlan(way, turn.melds, (GoDown(PLAN_SEAT, way), *turn.actions), turn.discard, turn.left, turn.points_left)


def _go_down_plan(setup: Setup, pairs: list[tuple[int, Meld]], deal: int) -> TurnPlan | None:
    """The search's best go-down for ``setup`` (with rescues: its contract may hold wilds yet to be rescued)."""
    rules, hand, parts = setup.rules, setup.hand, setup.parts
    with _MEMO_LOCK:
        quick, coverable = _take_all(setup, deal)
        if quick is not None:
            return quick
        search = Search(setup)
        # Without a table such a hand keeps at least its lightest card: a plan that keeps only that is best, and
        # the search may stop at the first one it finds (the very plan it would otherwise keep to the end).
        cap = None
        if coverable is False and not pairs:
            cap = search.total - search.hand.lightest_weight(setup.by_cards)
        result = search.best(cap)
    if not result.feasible:
        return None
    plan = build_plan(result, hand, pairs, rules, parts)
    if result.all_wild and rules.min_naturals_per_meld and not meets_contract(plan.go_down, rules, deal):
        # A contract run of wilds standing on a natural 2 must lie at that 2's place, which the search
        # does not see; where it would overlap another contract run (A-R1-08), search without such runs.
        with _MEMO_LOCK:
            result = Search(replace(setup, wild_runs=False)).best()
        if not result.feasible:
            return None
        plan = build_plan(result, hand, pairs, rules, parts)
    return plan


def _take_all(setup: Setup, deal: int) -> tuple[TurnPlan | None, bool | None]:
    """A go-down that takes every card out, which no plan beats, and whether the hand's naturals can be covered at
    all (None: not known) (D-SOL-36): a short look first, then the proof; where it finds a cover, that cover if it is
    a plan (D-SOL-67), else the look goes on. Not asked with pretended cards (``extra_wilds``, ``added_naturals``:
    the contract distance)."""
    if setup.extra_wilds or setup.added_naturals:
        return None, None
    look = TakeAllLook(
        setup.hand, setup.rules, deal, keep_discard=setup.keep_discard, must_discard=setup.must_discard,
        taken=setup.taken, wild_discard=setup.wild_discard,
    )
    quick = look.plan(FIRST_LOOK)
    if quick is not None:
        return quick, True
    coverable, cover = prove_cover(setup.hand, setup.rules, discard=setup.keep_discard)
    if cover is None:  # none found: no cover exists (False), or the proof could not tell (None)
        return None, coverable
    plan = look.plan_of_cover(cover)
    return (plan if plan is not None else look.plan(LOOK_BUDGET)), coverable


def _kept(plan: TurnPlan, objective: str) -> tuple[int, int]:
    """What a plan leaves in hand, in the order of the objective (points, or cards then points)."""
    return (len(plan.left), plan.points_left) if objective == "cards" else (plan.points_left, 0)


def contract_distance(hand: Sequence[Card], rules: RummyRules, deal: int, *, cap: int | None = None) -> int | None:
    """How many more cards (at best: wild cards) the hand needs to hold this deal's contract; 0 if it can.

    Where every meld needs a natural (``min_naturals_per_meld``), a contract meld with no natural of the
    hand's counts one added natural among its cards; None only when no cards added would do.

    ``cap``: only distances under it matter; any other (never included) is answered ``cap``, and the search
    looks at nothing that would need that many (the take-or-push hint asks of many sampled hands only whether
    they are within the turns left).
    """
    if cap is not None and (isinstance(cap, bool) or not isinstance(cap, int) or cap < 1):
        raise ValueError(f"a cap on the distance is a whole number of cards, at least 1, not {echoed(cap)}")
    parts = _parts(rules.contract(deal))
    sizes = {n for _, n in parts}
    if all(kind == "set" for kind, _ in parts) and len(sizes) == 1 and not rules.min_naturals_per_meld:
        short: int | None = _sets_distance(hand, rules, len(parts), sizes.pop())
    else:
        short = _searched_distance(hand, rules, parts, cap)
    if cap is not None and (short is None or short > cap):
        return cap
    return short


def _searched_distance(
    hand: Sequence[Card], rules: RummyRules, parts: tuple[tuple[str, int], ...], cap: int | None = None
) -> int | None:
    """``contract_distance`` by the general search: the fewest wilds (and naturals for melds that need one); with
    ``cap``, None or a distance of at least ``cap`` when it is not under it."""
    # Pretended wilds: as many as the contract has cards (enough for any), or, with a cap, one fewer than it (a
    # plan that needs more is no answer), so the suits' sweeps track no more wilds than could matter.
    extra = sum(n for _, n in parts) if cap is None else min(sum(n for _, n in parts), cap - 1)
    best: int | None = None
    # Where every meld needs a natural, a contract meld with none of the hand's needs one added: try
    # 0, 1, 2... such melds; each costs at least one card, so stop once that alone is no better.
    for added in range(len(parts) + 1 if rules.min_naturals_per_meld else 1):
        if (best is not None and added >= best) or (cap is not None and added >= cap):
            break
        setup = Setup(
            rules, tuple(hand), (), parts, layoff=False, rescue=False, extra_wilds=extra, added_naturals=added
        )
        with _MEMO_LOCK:  # a search's set-up reads and fills the rank memo tables too (D-SOL-20)
            search = Search(setup, spaced=True)
            own = search.W - extra  # the hand's own wilds: a plan that needs no more is as close as any
            least = search.min_wilds(enough=own + added)
        if least is not None:
            short = max(added, least - own)
            best = short if best is None else min(best, short)
    return best


def _sets_distance(hand: Sequence[Card], rules: RummyRules, count: int, size: int) -> int:
    """``contract_distance`` for a contract of ``count`` sets of ``size``, in closed form.

    Sets may repeat a rank (two decks). ``g`` sets of one rank can hold at most ``g * size`` of its
    naturals and, where a set's suits must differ, at most ``g`` copies of each suit. That ceiling
    grows by less and less with each further set, so taking, ``count`` times, the set that adds the
    most naturals over all ranks uses the most naturals; wilds (the hand's own first) fill the rest.
    """
    by_rank: dict[Rank | None, Counter[Suit | None]] = {}
    wilds = 0
    for card in hand:
        if is_wild_card(card, rules):
            wilds += 1
        elif card.rank is not None:
            by_rank.setdefault(card.rank, Counter())[card.suit] += 1
    gains: list[int] = []
    for suits in by_rank.values():
        held = [0]
        for g in range(1, count + 1):
            usable = sum(min(n, g) for n in suits.values()) if rules.set_distinct_suits else sum(suits.values())
            held.append(min(g * size, usable))
        gains += [held[g] - held[g - 1] for g in range(1, count + 1)]
    used = sum(sorted(gains, reverse=True)[:count])
    return max(0, count * size - used - wilds)


@dataclass(frozen=True)
class ContractAnswer:
    """Whether a hand can meet its deal's contract now, the best way, how far it is, and some ways."""

    contract: Contract
    possible: bool
    best: TurnPlan | None
    short: int | None
    """Cards (at best wilds) missing for the contract: 0 when the melds are in hand."""
    ways: tuple[tuple[Meld, ...], ...]
    """Distinct ways to lay the contract down with its minimum lengths (up to the limit asked)."""

    def __str__(self) -> str:
        if self.possible and self.best is not None:
            return f"can go down with {self.contract}, leaving {self.best.points_left} points"
        if self.short is None:
            return f"this hand can never hold {self.contract}"
        if self.short == 0:
            return f"holds {self.contract} but would keep no card to discard"
        return f"{counted(self.short, 'card')} short of {self.contract}"


def contract_options(
    hand: Sequence[Card],
    rules: RummyRules,
    deal: int,
    *,
    table: TableInput = (),
    limit: int = 20,
    keep_discard: bool = True,
    taken: Card | None = None,
    wild_discard: bool | None = None,
) -> ContractAnswer:
    """Can ``hand`` meet deal ``deal``'s contract? The best way, the distance, and up to ``limit`` ways."""
    contract = rules.contract(deal)
    best = best_go_down(
        hand, rules, deal, table=table, keep_discard=keep_discard, taken=taken, wild_discard=wild_discard
    )
    short = 0 if best is not None else contract_distance(hand, rules, deal)
    ways = tuple(contract_ways(hand, rules, deal, limit=limit)) if limit else ()
    return ContractAnswer(contract, best is not None, best, short, ways)


# ---- the distinct ways to lay a contract down ----------------------------------------------------


def contract_ways(
    hand: Sequence[Card], rules: RummyRules, deal: int, limit: int = 20
) -> Iterator[tuple[Meld, ...]]:
    """Distinct ways to lay down the contract with melds of exactly its minimum lengths.

    A way fills a place with a wild only where the hand has no natural for it to spare: a run may leave
    a natural it could hold to a set (or another run) of the same way, never unused. Ways that differ
    only in which wild cards fill the places count once. Ways that need fewer wilds come first.
    """
    parts = sorted(_parts(rules.contract(deal)), key=lambda part: (part[0], -part[1]))
    pool = Counter(hand)
    wilds = [card for card in hand if is_wild_card(card, rules)]
    seen: set[tuple[str, ...]] = set()
    found = 0
    for budget in range(len(wilds) + 1):
        for way in _ways(parts, 0, pool, budget, rules, wilds, ()):
            signature = tuple(sorted(_signature(meld) for meld in way))
            if signature in seen:
                continue
            seen.add(signature)
            yield way
            found += 1
            if found >= limit:
                return


def _signature(meld: Meld) -> str:
    naturals = " ".join(sorted(card.ascii for card in meld.naturals))
    where = meld.rank.symbol if meld.rank is not None else f"{meld.suit}{meld.start}"
    return f"{meld.kind.value}:{where}:{naturals}:{len(meld.wild_positions)}"


def _ways(
    parts: list[tuple[str, int]],
    i: int,
    pool: Counter[Card],
    budget: int,
    rules: RummyRules,
    wilds: list[Card],
    chosen: tuple[Meld, ...],
) -> Iterator[tuple[Meld, ...]]:
    """Ways for parts ``i..`` from ``pool`` using exactly ``budget`` more wilds."""
    if i == len(parts):
        if budget == 0 and not any(_spares_a_natural(meld, pool) for meld in chosen):
            yield chosen
        return
    kind, length = parts[i]
    for naturals, wild_count, build in _candidates(kind, length, pool, rules, spare=i + 1 < len(parts)):
        if wild_count > budget:
            continue
        if any(_overlaps(build, other) for other in chosen) and not rules.runs_may_share_cards:
            continue
        for card in naturals:
            pool[card] -= 1
        used_wilds = _take_wilds(wilds, pool, wild_count)
        if len(used_wilds) == wild_count:
            for card in used_wilds:
                pool[card] -= 1
            meld = build(used_wilds)
            yield from _ways(parts, i + 1, pool, budget - wild_count, rules, wilds, (*chosen, meld))
            for card in used_wilds:
                pool[card] += 1
        for card in naturals:
            pool[card] += 1


def _take_wilds(wilds: list[Card], pool: Counter[Card], count: int) -> list[Card]:
    """Up to ``count`` of the hand's ``wilds`` (in hand order) that ``pool`` still holds, each copy once."""
    left = Counter(pool)
    taken: list[Card] = []
    for card in wilds:
        if len(taken) < count and left[card] > 0:
            left[card] -= 1
            taken.append(card)
    return taken


def _natural_at(value: int, suit: Suit) -> Card | None:
    """The natural card for run place ``value`` of ``suit`` (none at the 2's place: a 2 there is a wild)."""
    return None if value == 2 else Card(rank_at(value), suit)


def _spares_a_natural(meld: Meld, pool: Counter[Card]) -> bool:
    """Whether a run holds a wild at a place whose natural the hand still has unused."""
    if not meld.is_run or meld.suit is None or meld.start is None:
        return False
    return any(
        (card := _natural_at(meld.start + position, meld.suit)) is not None and pool[card] > 0
        for position in meld.wild_positions
    )


def _overlaps(build: Any, other: Meld) -> bool:
    meld = build(None)
    if meld is None or not (meld.is_run and other.is_run and meld.suit is other.suit):
        return False
    return not (meld.high_value < other.low_value or other.high_value < meld.low_value)


def _candidates(
    kind: str, length: int, pool: Counter[Card], rules: RummyRules, spare: bool = False
) -> Iterator[tuple[list[Card], int, Any]]:
    """(naturals used, wilds needed, builder) for every meld shape of exactly ``length`` cards; with
    ``spare``, runs also leave some of their naturals to later melds (a wild in their place)."""
    if kind == "set":
        for rank in (r for r in Rank if r is not Rank.TWO):
            have = [Card(rank, suit) for suit in Suit if pool[Card(rank, suit)] > 0]
            if not rules.set_distinct_suits:
                have = [card for card in have for _ in range(pool[card])]
            for take in _subsets_of_size(have, min(len(have), length)):
                need = length - len(take)
                if need == length and rules.min_naturals_per_meld:
                    continue
                yield take, need, _set_builder(take, rank)
        return
    low, high = run_value_range(rules)
    if length > max_run_length(rules):
        return
    for suit in Suit:
        for start in range(low, high - length + 2):
            places: list[Card | None] = []
            for value in range(start, start + length):
                card = _natural_at(value, suit)
                places.append(card if card is not None and pool[card] > 0 else None)
            held = [n for n, card in enumerate(places) if card is not None]
            for size in range(len(held) + 1 if spare else 1):
                for left in combinations(held, size):
                    kept = [None if n in left else card for n, card in enumerate(places)]
                    naturals = [card for card in kept if card is not None]
                    if not naturals and rules.min_naturals_per_meld:
                        continue
                    yield naturals, kept.count(None), _run_builder(kept, suit, start)


def _subsets_of_size(items: list[Card], size: int) -> Iterator[list[Card]]:
    if size == 0:
        yield []
        return
    for i in range(len(items) - size + 1):
        for rest in _subsets_of_size(items[i + 1 :], size - 1):
            yield [items[i], *rest]


def _set_builder(naturals: list[Card], rank: Rank) -> Any:
    def build(wilds: list[Card] | None) -> Meld | None:
        return None if wilds is None else Meld.set_of([*naturals, *wilds], rank)

    return build


def _run_builder(places: list[Card | None], suit: Suit, start: int) -> Any:
    def build(wilds: list[Card] | None) -> Meld:
        if wilds is None:
            return Meld.run_of([card or Card(Rank.KING, suit) for card in places], suit, start)
        it = iter(wilds)
        return Meld.run_of([card if card is not None else next(it) for card in places], suit, start)

    return build


# ---- what a selection of cards can become ----------------------------------------------------------


@dataclass(frozen=True)
class MeldOptions:
    """What a selection of cards can be: its readings as a meld, and the hand's cards that could join it.

    ``joinable`` lists each other card of the hand (once per distinct card) that fits some legal meld
    made from the hand together with the whole selection; ``completable`` says whether such a meld exists.
    """

    readings: tuple[Meld, ...]
    joinable: tuple[Card, ...]
    completable: bool


def meld_options(selection: Sequence[Card], hand: Sequence[Card], rules: RummyRules) -> MeldOptions:
    """Every legal reading of ``selection`` and which other cards of ``hand`` could join it in a meld."""
    rest = Counter(hand)
    rest.subtract(selection)
    if any(n < 0 for n in rest.values()):
        raise ValueError("the selection holds cards that are not in the hand")
    readings = tuple(interpret_meld(selection, rules)) if len(selection) >= 3 else ()
    others = [card for card, n in rest.items() if n > 0]
    joinable = tuple(card for card in others if _can_complete([*selection, card], rest - Counter([card]), rules))
    completable = bool(readings) or _can_complete(list(selection), rest, rules)
    return MeldOptions(readings, joinable, completable)


def _can_complete(group: list[Card], pool: Counter[Card], rules: RummyRules) -> bool:
    """Whether cards of ``pool`` can be added to ``group`` to make one legal meld."""
    wild_pool = sum(n for card, n in pool.items() if n > 0 and is_wild_card(card, rules))
    naturals = [card for card in group if not is_wild_card(card, rules)]
    dead = [card for card in group if card.rank is None and not is_wild_card(card, rules)]
    if dead:
        return False
    wilds_in = len(group) - len(naturals)
    return _set_possible(group, naturals, wilds_in, pool, wild_pool, rules) or _run_possible(
        group, naturals, wilds_in, pool, wild_pool, rules
    )


def _set_possible(
    group: list[Card], naturals: list[Card], wilds_in: int, pool: Counter[Card], wild_pool: int, rules: RummyRules
) -> bool:
    """Whether some set holds the group, with naturals of its rank and wilds from ``pool``; a group of wilds
    alone may take the naturals of any one rank."""
    ranks = {card.rank for card in naturals}
    if len(ranks) > 1:
        return False
    if rules.set_distinct_suits:
        suits = [card.suit for card in naturals]
        if len(set(suits)) < len(suits) or len(group) > 4:
            return False
    rank = next(iter(ranks), None)
    if rank is not None:
        fill = _set_fill(rank, naturals, pool, rules)
    else:
        candidates = {card.rank for card, n in pool.items() if n > 0 and not is_wild_card(card, rules)}
        fill = max((_set_fill(other, [], pool, rules) for other in candidates if other is not None), default=0)
        if rules.min_naturals_per_meld and not fill:
            return False
    size = len(group) + fill + wild_pool
    return (min(size, 4) if rules.set_distinct_suits else size) >= 3


def _set_fill(rank: Rank, naturals: list[Card], pool: Counter[Card], rules: RummyRules) -> int:
    """How many naturals of ``rank`` from ``pool`` a set already holding ``naturals`` could take."""
    extra = [card for card, n in pool.items() if n > 0 and card.rank is rank]
    if rules.set_distinct_suits:
        have = {card.suit for card in naturals}
        return len({card.suit for card in extra if card.suit not in have})
    return sum(pool[card] for card in extra)


def _run_possible(
    group: list[Card], naturals: list[Card], wilds_in: int, pool: Counter[Card], wild_pool: int, rules: RummyRules
) -> bool:
    """Whether some run window holds the group's naturals at their places, its wilds, and fillers from ``pool``.

    Where every meld needs a natural, a 2 of the run's suit standing at its own place (from the group or the
    pool) is that natural."""
    suits = {card.suit for card in naturals}
    if len(suits) > 1:
        return False
    low, high = run_value_range(rules)
    longest = max_run_length(rules)
    for suit in [s for s in suits if s is not None] or list(Suit):  # a natural always has a suit
        for ace in (14, 1) if low == 1 else (14,):
            values = [ace if card.rank is Rank.ACE else int(card.rank or 0) for card in naturals]
            if len(set(values)) < len(values):
                continue
            for start in range(low, high + 1):
                for length in range(3, longest + 1):
                    end = start + length - 1
                    if end > high or (start == 1 and end == 14):
                        break
                    if values and (min(values) < start or max(values) > end):
                        continue
                    free = length - len(values)
                    fillers = 0
                    for value in range(start, end + 1):
                        card = _natural_at(value, suit)
                        if value not in values and card is not None and pool[card] > 0:
                            fillers += 1
                    if not wilds_in <= free <= wilds_in + wild_pool + fillers:
                        continue
                    if rules.min_naturals_per_meld and not values and not fillers:
                        own_two = Card(Rank.TWO, suit)
                        if not (rules.natural_twos and start <= 2 <= end and (own_two in group or pool[own_two] > 0)):
                            continue
                    return True
    return False
