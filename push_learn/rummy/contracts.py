"""Checking a proposed initial meld against the contract of a deal.

The contract lengths are minimums, extra melds are welcome, every meld must be legal, and each
contract meld is its own meld object: one long run of 8 is not two runs of 4 (A-R1-12).

>>> from push_learn.cards import Rank, parse_cards
>>> from push_learn.rummy import PUSH
>>> from push_learn.rummy.melds import Meld
>>> sevens = Meld.set_of(parse_cards("7H 7S JK"), Rank.SEVEN)
>>> meets_contract([sevens], PUSH, 1).reason
'deal 1 needs 2 sets of 3: 1 more set of 3 or more is missing'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from push_learn.cards import Card, format_cards
from push_learn.rummy.meld_value import Meld, meld_problem
from push_learn.rummy.rules import ContractMeld, MeldKind, RummyRules

__all__ = ["ContractCheck", "meets_contract", "shared_run_card"]


@dataclass(frozen=True)
class ContractCheck:
    """The verdict on a proposed initial meld: ``ok``, and ``reason`` (what is missing, or what it meets).

    ``matched`` gives, for each meld of the contract in order, the index of the proposed meld that
    fills it (empty when the check fails). ``bool(check)`` is ``check.ok``.
    """

    ok: bool
    reason: str
    matched: tuple[int, ...] = ()

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        return self.reason


def meets_contract(melds: Iterable[Meld], rules: RummyRules, deal_no: int) -> ContractCheck:
    """Whether ``melds``, laid down together, meet the contract of deal ``deal_no`` (1-based) under ``rules``.

    Every meld must be legal; each contract meld needs its own meld of that kind with at least the
    contract's length; further melds are allowed. The reason says what is missing when it fails.
    """
    proposed = tuple(melds)
    contract = rules.contract(deal_no)
    needs = f"deal {deal_no} needs {contract}"
    if not proposed:
        return ContractCheck(False, f"nothing is laid down: {needs}")
    for meld in proposed:
        problem = meld_problem(meld, rules)
        if problem is not None:
            return ContractCheck(False, f"{format_cards(meld.cards)} is not a legal {meld.kind.value}: {problem}")
    if not rules.runs_may_share_cards:
        for i, first in enumerate(proposed):
            for second in proposed[i + 1 :]:
                card = shared_run_card(first, second)
                if card is not None:
                    return ContractCheck(
                        False, f"two runs laid down together may not overlap, and {first} and {second} both hold {card}"
                    )
    matched: dict[int, int] = {}
    missing: list[str] = []
    for kind in MeldKind:
        parts = [(i, part) for i, part in enumerate(contract.melds) if part.kind is kind]
        candidates = [i for i, meld in enumerate(proposed) if meld.kind is kind]
        found, unmatched = _match(parts, candidates, proposed)
        matched.update(found)
        if unmatched:
            missing.append(_missing_sentence(kind, unmatched, candidates, found, proposed))
    if missing:
        return ContractCheck(False, f"{needs}: " + "; ".join(missing))
    extra = len(proposed) - len(contract.melds)
    tail = f" (plus {extra} more meld{'s' if extra > 1 else ''})" if extra else ""
    return ContractCheck(True, f"meets {contract}{tail}", tuple(matched[i] for i in range(len(contract.melds))))


def _match(
    parts: list[tuple[int, ContractMeld]], candidates: list[int], proposed: Sequence[Meld]
) -> tuple[dict[int, int], list[ContractMeld]]:
    """Give each contract part (shortest first) the shortest free meld long enough for it.

    This fills as many parts as possible; the parts left over are the longest ones.
    """
    free = sorted(candidates, key=lambda i: len(proposed[i]))
    found: dict[int, int] = {}
    unmatched: list[ContractMeld] = []
    for index, part in sorted(parts, key=lambda item: item[1].min_length):
        fit = next((i for i in free if len(proposed[i]) >= part.min_length), None)
        if fit is None:
            unmatched.append(part)
        else:
            free.remove(fit)
            found[index] = fit
    return found, unmatched


def _missing_sentence(
    kind: MeldKind,
    unmatched: list[ContractMeld],
    candidates: list[int],
    found: dict[int, int],
    proposed: Sequence[Meld],
) -> str:
    """``1 more run of 4 or more is missing (run 5♥ 6♥ 7♥ has only 3 cards)``, with a hint for long runs."""
    groups: dict[int, int] = {}
    for part in unmatched:
        groups[part.min_length] = groups.get(part.min_length, 0) + 1
    wanted = " and ".join(
        f"{n} more {kind.value}{'s' if n > 1 else ''} of {length} or more" for length, n in sorted(groups.items())
    )
    sentence = f"{wanted} {'is' if len(unmatched) == 1 and len(groups) == 1 else 'are'} missing"
    used = set(found.values())
    short = [proposed[i] for i in candidates if i not in used]
    if short:
        meld = max(short, key=len)
        sentence += f" ({meld} has only {len(meld)} cards)"
    shortest = min(part.min_length for part in unmatched)
    long_one = next((proposed[i] for i in candidates if len(proposed[i]) >= 2 * shortest), None)
    if kind is MeldKind.RUN and long_one is not None:
        sentence += f"; a run of {len(long_one)} counts as one run, so lay it down as separate runs"
    return sentence


def shared_run_card(first: Meld, second: Meld) -> Card | None:
    """The lowest card where two runs of the same suit overlap (cover the same place), or ``None`` (A-R1-08).

    Places are rank values, so A-2-3 and Q-K-A of one suit do not overlap: one ace is low, the other high.
    """
    if not (first.is_run and second.is_run and first.suit is second.suit):
        return None
    low, high = max(first.low_value, second.low_value), min(first.high_value, second.high_value)
    return first.represented()[low - first.low_value] if low <= high else None
