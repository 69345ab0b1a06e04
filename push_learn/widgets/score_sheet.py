"""ScoreSheet: the score pad of a rummy match (per team or player over the deals), the last hand's
penalty card by card, and a small chart of the running totals.

``score_json`` builds the sheet's JSON from the engine's figures; PlayTable and DealStepper embed the
same JSON and the same drawing code (``static/pl_scores.js``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from push_learn.records import Record
from push_learn.rummy.engine import (
    DealEnded,
    Match,
    Observation,
    load_match,
    running_totals,
    seat_names,
    unit_names,
)
from push_learn.rummy.engine import winners as winning_units
from push_learn.rummy.engine.scores import unit_seats
from push_learn.rummy.rules import RummyRules, Scoring
from push_learn.rummy.scoring import card_value, how_scoring_works
from push_learn.widgets.base import PushWidget
from push_learn.widgets.cards import card_json
from push_learn.widgets.rummy_json import resolve_rules

__all__ = ["ScoreSheet", "last_hand_json", "score_json"]

ScoreSource = Match | Record | Observation


def last_hand_json(last: DealEnded, rules: RummyRules, names: Sequence[str]) -> dict[str, Any]:
    """The hands left when a deal was scored, each card with its points, and whose points counted.

    Whether a seat's points counted is read from the engine's unit scores (a unit whose score is the
    sum of its seats' penalties paid them), not worked out again here.
    """
    seats = []
    for seat, hand in enumerate(last.hands):
        unit = rules.team_of(seat)
        unit_total = sum(last.penalties[s] for s in unit_seats(rules, unit))
        counts = last.scores[unit] == unit_total and unit_total > 0
        note = ""
        if hand and not counts:
            out = last.went_out
            partner_out = out is not None and out != seat and rules.team_of(out) == unit
            note = f"does not count: {names[out]} went out" if out is not None and partner_out else "does not count"
        seats.append({
            "seat": seat,
            "name": names[seat],
            "unit": last.units[unit],
            "cards": [{**card_json(card), "pts": card_value(card)} for card in hand],
            "penalty": last.penalties[seat],
            "counts": counts,
            "note": note,
            "went_out": seat == last.went_out,
        })
    return {"deal": last.deal, "text": last.text(names), "seats": seats, "scores": list(last.scores)}


def score_json(
    rules: RummyRules,
    units: Sequence[str],
    rows: Sequence[Sequence[int]],
    *,
    names: Sequence[str] = (),
    last: DealEnded | None = None,
    winners: Sequence[int] = (),
    over: bool = False,
    seat: int | None = None,
) -> dict[str, Any]:
    """The score pad: one row per deal (contract, points added, running totals), winners and the chart.

    With ``seat`` in a team game the columns are headed WE (that seat's team) and THEY.
    """
    running = running_totals(rows)
    deals = []
    for n in range(1, rules.deals + 1):
        played = n <= len(rows)
        deals.append({
            "deal": n,
            "contract": str(rules.contract(n)),
            "points": list(rows[n - 1]) if played else None,
            "totals": list(running[n - 1]) if played else None,
        })
    headers = list(units)
    if seat is not None and rules.scoring is Scoring.TEAM:
        mine = rules.team_of(seat)
        headers = [("WE" if unit == mine else "THEY") for unit in range(len(units))]
    totals = list(running[-1]) if running else [0] * len(units)
    series = [[0, *(row[u] for row in running)] for u in range(len(units))]
    return {
        "units": list(units),
        "headers": headers,
        "deals": deals,
        "totals": totals,
        "winners": list(winners),
        "over": over,
        "chart": {"series": series, "deals": rules.deals, "top": max([1, *(max(s) for s in series)])},
        "last": None if last is None else last_hand_json(last, rules, names or units),
        "summary": _summary(headers, totals, winners, over, len(rows)),
        "how": how_scoring_works(rules),
    }


def _summary(headers: Sequence[str], totals: Sequence[int], winners: Sequence[int], over: bool, played: int) -> str:
    """One sentence for screen readers and the chart's caption."""
    if not played:
        return "No deal has been scored yet."
    standing = ", ".join(f"{name} {total}" for name, total in zip(headers, totals, strict=True))
    if over:
        won = " and ".join(headers[w] for w in winners)
        return f"Final totals: {standing}. Lowest total wins: {won}."
    return f"After {played} deal{'s' if played > 1 else ''}: {standing}."


def source_json(source: ScoreSource, seat: int | None = None) -> dict[str, Any]:
    """The sheet of a match, a record (replayed to its end) or an observation."""
    if isinstance(source, Record):
        source = load_match(source)
    view = source.observe(seat) if isinstance(source, Match) else source
    return score_json(
        view.rules,
        view.units,
        view.deal_scores,
        names=view.names,
        last=view.last_deal,
        winners=view.winners,
        over=view.over,
        seat=seat if seat is not None else view.seat,
    )


class ScoreSheet(PushWidget, module="score_sheet", parts=("pl_scores.js",)):
    """The score pad of a match: points per deal and running totals per team (WE / THEY) or player,
    the last hand's penalty card by card, and a chart of the totals.

    In JupyterLab::

        from push_learn.widgets import ScoreSheet
        ScoreSheet(rows=[(0, 40), (120, 0), (0, 60), (180, 0), (0, 180)], units=("WE", "THEY"))
        # or the sheet of a match, from South's side (call sheet.show(match) again after more play):
        from push_learn.rummy import PUSH
        from push_learn.rummy.engine import Match
        match = Match.new(PUSH, seed=1)
        sheet = ScoreSheet(match, seat=2)
    """

    def __init__(
        self,
        source: ScoreSource | None = None,
        *,
        rows: Sequence[Sequence[int]] = (),
        units: Sequence[str] | None = None,
        rules: RummyRules | str = "push",
        seat: int | None = None,
        title: str = "Score sheet",
        **options: Any,
    ) -> None:
        self.title = title
        self.seat = seat
        self._sheet: dict[str, Any] = {}
        super().__init__(**options)
        if source is not None:
            self.show(source)
        else:
            self.show_rows(rows, units=units, rules=rules)

    def show(self, source: ScoreSource) -> None:
        """Show the scores of a match, a record or an observation."""
        self._sheet = source_json(source, self.seat)
        self.refresh()

    def show_rows(
        self, rows: Sequence[Sequence[int]], *, units: Sequence[str] | None = None, rules: RummyRules | str = "push"
    ) -> None:
        """Show a pad from plain numbers: one tuple of unit scores per deal played."""
        game = resolve_rules(rules)
        names = tuple(units) if units is not None else unit_names(game, seat_names(game.players))
        if len(names) != game.scoring_units:
            raise ValueError(f"{game.name} keeps {game.scoring_units} scores, so give {game.scoring_units} unit names")
        if any(len(row) != len(names) for row in rows) or len(rows) > game.deals:
            raise ValueError(f"give at most {game.deals} rows of {len(names)} scores, one row per deal")
        over = len(rows) == game.deals
        won = winning_units(game, rows) if over else ()
        self._sheet = score_json(game, names, rows, seat=self.seat, over=over, winners=won)
        self.refresh()

    def view_state(self) -> dict[str, Any]:
        """The title and the sheet."""
        return {"title": self.title, "sheet": self._sheet}

