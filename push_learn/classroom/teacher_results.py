"""What a class did, on the teacher's dashboard: the live view, the leaderboard of each assignment, the Three Card
Poker trainer's table, the exercises and the lesson's progress chart, with the class tables: the part of the page
that refreshes itself (``render_live_data``)."""

from __future__ import annotations

import time
from collections.abc import Sequence

from push_learn.classroom.rows import Assignment
from push_learn.classroom.scoring import result_unit, strategy_chips
from push_learn.classroom.service import ClassService, describe
from push_learn.classroom.teacher_pages import PAGE_PATH, Link, escaped, html_table, replay_link, replayer_of
from push_learn.classroom.teacher_tables import render_tables

__all__ = ["render_boards", "render_chart", "render_live_data"]


def _chips_won(lost: int) -> str:
    """A poker result's chips won, as the leaderboard shows them (the store keeps the chips lost: D-CLS-06).

    >>> _chips_won(-35), _chips_won(4), _chips_won(0)
    ('+$35', '-$4', '$0')
    """
    return f"{'+' if lost < 0 else '-' if lost > 0 else ''}${abs(lost)}"


_BOARDS = {"points": (("points left", "deals won"), "No finished match yet."),
           "chips": (("chips won", "pots taken"), "No finished deal yet."),
           "strategy": (("chips given up", "choices as the strategy"), "No finished session yet.")}
"""By the game's unit (``scoring.result_unit``): the leaderboard's two score columns, and its words when empty."""


def _board_cells(unit: str, points: int, deals_won: int) -> tuple[object, object]:
    """A leaderboard row's two score cells, as ``_BOARDS`` names them: points left and deals won; chips won
    and pots taken (the store keeps the chips lost: D-CLS-06); or the chips the choices off the exact strategy gave
    up and the choices that were its (the store keeps hundredths of a chip: D-CLS-10).

    >>> _board_cells("points", 45, 1), _board_cells("chips", -35, 1), _board_cells("strategy", 35, 9)
    ((45, 1), ('+$35', 1), ('0.35', 9))
    """
    if unit == "points":
        return points, deals_won
    return (_chips_won(points), deals_won) if unit == "chips" else (strategy_chips(points), deals_won)


def render_boards(service: ClassService, assignments: Sequence[Assignment]) -> str:
    """The leaderboard of each assignment (duplicate play), each row with its replay and its record."""
    boards = []
    for assignment in assignments:
        unit = result_unit(assignment.game)
        heads, empty = _BOARDS[unit]
        rows: list[list[object]] = [
            [row.rank, row.student, *_board_cells(unit, row.points, row.deals_won), row.moves, row.hints,
             replay_link(service, replayer_of(assignment.game), f"result={row.result_id}"),
             Link(f"{PAGE_PATH}/record/{row.result_id}.json", "record")]
            for row in service.store.leaderboard(assignment.id)]
        boards.append(f"<h3>{escaped(describe(assignment))}</h3>" + html_table(
            f"Leaderboard of deal {assignment.deal_number}", ["rank", "student", *heads, "moves", "hints", "replay",
                                                              "file"],
            rows, "pl-board", empty))
    return "".join(boards) or "<p>No assignment yet.</p>"


def render_live_data(service: ClassService, code: str, assignments: Sequence[Assignment], xsrf: str) -> str:
    """The part of class ``code``'s page that refreshes itself: who is doing what, the leaderboards of
    ``assignments``, the trainer's table, the exercises, the progress chart and the class tables."""
    store = service.store
    live_rows: list[list[object]] = [
        [name, act.dashboard, act.deal, act.status, time.strftime("%H:%M:%S", time.localtime(act.at))]
        for name, act in service.live(code)]
    live = html_table("Who is doing what (since the server started)", ["student", "where", "deal", "doing",
                                                                       "last seen"],
                      live_rows, "pl-live", "Nobody has joined from a browser yet.")
    trainer_rows: list[list[object]] = [
        [row.student, row.sessions, row.score.rounds,
         f"{row.score.agreed} of {row.score.decisions} ({round(100 * row.score.agreement)} %)",
         f"{row.score.cost:.2f}", row.score.hints, f"{row.score.net:+d}", f"{row.score.expected:+.2f}"]
        for row in store.trainer_board(code)]
    trainer = html_table("Three Card Poker trainer, the closest to the exact strategy first",
                         ["student", "sessions", "rounds", "choices as the strategy", "chips given up", "hints", "net",
                          "expected"], trainer_rows, "pl-trainer", "No trainer session yet.")
    progress_rows: list[list[object]] = [
        [f"{p.notebook} · {p.exercise}", p.attempts, f"{round(100 * p.success_rate)} %",
         f"{p.students_right} of {p.students}", "; ".join(f"{answer} ({n}×)" for answer, n in p.wrong_answers)]
        for p in store.progress(code)]
    progress = html_table("Exercises", ["exercise", "attempts", "right", "students right", "commonest wrong answers"],
                          progress_rows, "pl-progress", "No exercise answered yet.")
    return (
        '<div id="pl-live-data">'
        f'<section aria-labelledby="pl-live-title"><h2 id="pl-live-title">The class live</h2>{live}</section>'
        f'<section aria-labelledby="pl-boards-title"><h2 id="pl-boards-title">Leaderboards (duplicate play)</h2>'
        f"{render_boards(service, assignments)}</section>"
        f'<section aria-labelledby="pl-trainer-title"><h2 id="pl-trainer-title">Three Card Poker trainer</h2>'
        f"{trainer}</section>"
        f'<section aria-labelledby="pl-ex-title"><h2 id="pl-ex-title">Exercises</h2>{progress}</section>'
        f'<section aria-labelledby="pl-chart-title"><h2 id="pl-chart-title">Progress over the lesson</h2>'
        f"{render_chart(store.timeline(code))}</section>"
        f'<section aria-labelledby="pl-tables-title"><h2 id="pl-tables-title">Class tables</h2>'
        f"{render_tables(service, code, xsrf)}</section></div>")


def render_chart(steps: list[tuple[int, int, int, int]]) -> str:
    """The lesson's progress as bars (right answers, wrong answers, finished matches per step), with the
    same figures in a table for screen readers."""
    if not steps:
        return '<p class="pl-chart-empty">Nothing answered or played yet.</p>'
    tallest = max(max(right + wrong, done) for _, right, wrong, done in steps) or 1
    width, height, bar = 28, 120, 11
    shapes = []
    for index, (_, right, wrong, done) in enumerate(steps):
        x = 30 + index * width
        h_right, h_wrong = right * height // tallest, wrong * height // tallest
        h_done = done * height // tallest
        shapes.append(f'<rect x="{x}" y="{140 - h_right}" width="{bar}" height="{h_right}" fill="#1f7a4a"/>'
                      f'<rect x="{x}" y="{140 - h_right - h_wrong}" width="{bar}" height="{h_wrong}" fill="#c0392b"/>'
                      f'<rect x="{x + bar + 1}" y="{140 - h_done}" width="{bar}" height="{h_done}" fill="#2c5aa0"/>'
                      f'<text x="{x}" y="155" font-size="9">{steps[index][0]}</text>')
    total = max(240, 40 + len(steps) * width)
    rows: list[list[object]] = [[f"from minute {minute}", right, wrong, done] for minute, right, wrong, done in steps]
    return (f'<svg class="pl-chart" width="{total}" height="170" viewBox="0 0 {total} 170" aria-hidden="true">'
            f'{"".join(shapes)}<text x="30" y="168" font-size="9">minutes into the lesson</text></svg>'
            '<p>Green: right answers; red: wrong answers; blue: finished matches.</p>'
            '<details><summary>The figures</summary>'
            + html_table("Progress over the lesson", ["time", "right answers", "wrong answers", "finished matches"],
                     rows, "pl-timeline", "") + "</details>")
