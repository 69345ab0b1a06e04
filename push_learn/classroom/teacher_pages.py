"""What every page of the teacher's dashboard shares: the stylesheet, escaping, table cells (links, buttons) and
tables, the link that opens a replayer, a number typed in a form, and the request handler that knows the browser's
user (``push_learn.classroom.teacher`` and ``teacher_tables`` build their pages from these)."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from tornado import web

from push_learn.apps.catalogue import dashboard
from push_learn.apps.symbol_font import font_face, font_stack
from push_learn.classroom.service import ClassService
from push_learn.games import GAMES

__all__ = ["PAGE_PATH", "STYLE", "Link", "Links", "TableButton", "TeacherRequestHandler", "cell_html", "escaped",
           "html_table", "replay_link", "replayer_of", "typed_number"]

PAGE_PATH = "/push_learn/teacher"
"""The teacher's dashboard's address on the server (its records, tables and sheets lie below it)."""

STYLE = font_face() + f"""
body {{ font-family: {font_stack("system-ui", "sans-serif")}; margin: 0; background: #f6f6f2; color: #1d1d1b; }}
""" + """main { max-width: 62rem; margin: 1.5rem auto; padding: 0 1rem; }
section { background: #fff; border: 1px solid #c8c8c0; border-radius: 8px; padding: 0.8rem 1.2rem; margin: 1rem 0; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.2rem; margin-top: 0.2rem; } h3 { font-size: 1rem; }
table { border-collapse: collapse; margin: 0.4rem 0; } th, td { padding: 0.25rem 0.7rem; text-align: left; }
th { border-bottom: 2px solid #1d1d1b; } td { border-bottom: 1px solid #ddd; }
.pl-code { font-size: 1.6rem; letter-spacing: 0.15em; font-weight: 700; }
.pl-wrong { color: #9b1c1c; font-weight: 600; } .pl-ok { color: #1f5f3f; font-weight: 600; }
label { margin-right: 0.8rem; } button { padding: 0.3rem 0.9rem; }
nav a { margin-right: 1rem; } .pl-row-form { display: inline; margin: 0; }
.pl-help { color: #4a4a4a; font-size: 0.9em; margin-right: 0.8rem; }
"""
"""The stylesheet of every teacher's page."""


def escaped(value: object) -> str:
    """``value`` as text safe inside HTML."""
    return html.escape(str(value))


class Link:
    """A cell holding a link (a download of a student's sealed record, for the Deal Replayer's Load)."""

    def __init__(self, href: str, text: str) -> None:
        self.href, self.text = href, text

    def __str__(self) -> str:
        return self.text


class TableButton:
    """A cell's button that pauses or resumes one class table: a form of its own, posted as the page's forms are."""

    def __init__(self, xsrf: str, code: str, table: int, action: str) -> None:
        self.xsrf, self.code, self.table, self.action = xsrf, code, table, action

    def __str__(self) -> str:
        return self.action

    def html(self) -> str:
        """The form: the page's xsrf token, the class and the table, and the button naming its action."""
        label = self.action.capitalize()
        return (f'<form method="post" class="pl-row-form" aria-label="{label} table {self.table}">{self.xsrf}'
                f'<input type="hidden" name="code" value="{escaped(self.code)}">'
                f'<input type="hidden" name="table" value="{self.table}">'
                f'<button type="submit" name="action" value="{escaped(self.action)}">{escaped(label)}</button></form>')


class Links:
    """A cell holding several links (or words in a link's place)."""

    def __init__(self, links: Sequence[Link | str]) -> None:
        self.links = links

    def __str__(self) -> str:
        return " ".join(str(link) for link in self.links)


def replay_link(service: ClassService, replayer: str, query: str) -> Link | str:
    """A link that opens the dashboard ``replayer`` (its slug) on ``query`` (``result=12``); words instead when the
    server does not serve it (a lesson's folder, ``push-learn serve --root``), rather than a link to a missing page."""
    notebook = dashboard(replayer).notebook
    if service.serves(notebook):
        return Link(f"/voila/render/{notebook}?{query}", "replay")
    return f"not served ({notebook})"


def replayer_of(game: str) -> str:
    """The dashboard (its slug) that replays ``game``: the Deal Replayer for rummy, else the Poker Replayer."""
    return "deal_replayer" if game in GAMES and GAMES[game].family == "rummy" else "poker_replayer"


def cell_html(value: object) -> str:
    """A table cell's HTML: a button's form, links, or escaped text."""
    if isinstance(value, TableButton):
        return value.html()
    if isinstance(value, Links):
        return " ".join(cell_html(link) for link in value.links)
    if isinstance(value, Link):
        download = " download" if value.href.endswith(".json") else ' target="_blank"'
        return f'<a href="{escaped(value.href)}"{download}>{escaped(value.text)}</a>'
    return escaped(value)


def html_table(caption: str, header: list[str], rows: list[list[object]], css: str, empty: str) -> str:
    """A table with its ``caption`` and ``header`` (CSS class ``css``), or the words ``empty`` when there are no
    ``rows``."""
    if not rows:
        return f'<p class="{css}-empty">{escaped(empty)}</p>'
    head = "".join(f"<th scope=\"col\">{escaped(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{cell_html(value)}</td>" for value in row) + "</tr>" for row in rows)
    return (f'<table class="{css}"><caption>{escaped(caption)}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")


def typed_number(text: str) -> int | None:
    """The whole number typed in a form's box (spaces around it allowed), or None for anything else: only the
    digits 0 to 9 (``str.isdigit`` also takes ``²``, which ``int`` refuses), at most 18 of them.

    >>> typed_number(" 42 "), typed_number("\u00b2"), typed_number("9" * 19), typed_number("")
    (42, None, None, None)
    """
    tidy = text.strip()
    if not tidy or len(tidy) > 18 or not (tidy.isascii() and tidy.isdigit()):
        return None
    return int(tidy)


class TeacherRequestHandler(web.RequestHandler):
    """A request handler of the teacher's pages: it knows the browser's user from the server's identity provider
    (``teacher_only`` checks it)."""

    def get_current_user(self) -> Any:
        """The browser's user from the server's identity provider."""
        provider = self.settings.get("identity_provider")
        return None if provider is None else provider.get_user(self)
