"""Scoring a deal and a match: team or individual penalties, the Cap-It pot, totals, winners and ties.

Pure functions on cards and numbers (A-R1-18, A-R2-03, A-X-02). Scores are penalty
points, so the lowest total wins. A *unit* is what keeps a score: a team in Push (unit 0 is
North-South, unit 1 East-West), a player otherwise.

>>> from push_learn.rummy.rules import PUSH
>>> rows = [(0, 40), (120, 0), (0, 60), (180, 0), (0, 180)]
>>> running_totals(rows)[-1], winners(PUSH, rows)
((300, 280), (1,))
"""

from __future__ import annotations

from collections.abc import Sequence

from push_learn.cards import Card
from push_learn.rummy.rules import RummyRules, Scoring
from push_learn.rummy.scoring import penalty

__all__ = [
    "deal_scores",
    "pot_payout",
    "running_totals",
    "split_pot",
    "totals",
    "unit_names",
    "unit_seats",
    "winners",
]


def unit_seats(rules: RummyRules, unit: int) -> tuple[int, ...]:
    """The seats that share unit ``unit``'s score: both partners in team play, else the one seat."""
    return tuple(seat for seat in range(rules.players) if rules.team_of(seat) == unit)


def unit_names(rules: RummyRules, names: Sequence[str]) -> tuple[str, ...]:
    """``("North-South", "East-West")`` for Push with compass seats, ``"Ann & Cy"`` for named partners,
    else the players' names."""
    if rules.scoring is not Scoring.TEAM:
        return tuple(names)
    joiner = "-" if tuple(names) == ("North", "East", "South", "West") else " & "
    return tuple(joiner.join(names[s] for s in unit_seats(rules, unit)) for unit in range(rules.scoring_units))


def deal_scores(
    rules: RummyRules, hands: Sequence[Sequence[Card]], went_out: int | None
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Penalties of each seat's hand, and the points each unit adds for the deal.

    The unit of the player who went out adds nothing (in Push the partner's cards do not count);
    every other unit adds the penalties of all its seats. ``went_out=None`` is a stock-out: every
    unit adds its own cards (A-R1-18).
    """
    penalties = tuple(penalty(hand) for hand in hands)
    scores = [0] * rules.scoring_units
    out_unit = None if went_out is None else rules.team_of(went_out)
    for seat, points in enumerate(penalties):
        unit = rules.team_of(seat)
        if unit != out_unit:
            scores[unit] += points
    return penalties, tuple(scores)


def totals(rows: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Each unit's total over the deals played (``rows`` holds one tuple of unit scores per deal)."""
    if not rows:
        return ()
    return tuple(sum(column) for column in zip(*rows, strict=True))


def running_totals(rows: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """The score pad: the cumulative totals after each deal."""
    return [totals(rows[: i + 1]) for i in range(len(rows))]


def winners(rules: RummyRules, rows: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The units with the lowest total; several on a tie (a shared win, A-X-02).

    With ``rules.tiebreak_on_last_deals`` a tie is broken by the lower score in the last deal, then
    the deal before, and so on; units still equal share the win.
    """
    final = totals(rows)
    if not final:
        return ()
    best = min(final)
    tied = [unit for unit, total in enumerate(final) if total == best]
    if rules.tiebreak_on_last_deals:
        for row in reversed(rows):
            if len(tied) == 1:
                break
            low = min(row[unit] for unit in tied)
            tied = [unit for unit in tied if row[unit] == low]
    return tuple(tied)


def pot_payout(rules: RummyRules, pot: int, went_out: int | None) -> int:
    """What the pot pays for one deal: the round prize (at most what is left) to the player who went out;
    nothing after a stock-out, when the round's share stays in the pot (A-R2-03)."""
    if went_out is None:
        return 0
    return min(rules.pot_round_prize, pot)


def split_pot(rules: RummyRules, pot: int, winning_units: Sequence[int], first_dealer: int) -> tuple[int, ...]:
    """Each seat's share of the pot left at the end: equal shares for the winning seats.

    Units that cannot be split evenly go one each to the winning seats in turn order, starting
    from the player left of the first dealer.
    """
    seats = [seat for seat in range(rules.players) if rules.team_of(seat) in winning_units]
    seats.sort(key=lambda seat: (seat - first_dealer - 1) % rules.players)
    shares = [0] * rules.players
    if not seats or pot <= 0:
        return tuple(shares)
    each, odd = divmod(pot, len(seats))
    for i, seat in enumerate(seats):
        shares[seat] = each + (1 if i < odd else 0)
    return tuple(shares)
