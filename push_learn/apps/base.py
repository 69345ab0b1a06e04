"""The base of every dashboard: a heading, notes about the address, and the widgets of the lesson.

An App reads its settings (deal seed, game, players) from the page address under Voila, builds its
widgets from the rules core and shows them as one ``VBox`` with stable CSS classes
(``pl-app pl-app-<slug>``). It holds no rule: the widgets ask the core.

    MeldLab.from_query()          # in a dashboard notebook: settings from ?seed=...&variant=...
    MeldLab(Query(seed=42))       # anywhere else
"""

from __future__ import annotations

import html
from collections.abc import Collection
from typing import Any, ClassVar, TypeVar

import ipywidgets

from push_learn.apps.catalogue import DashboardInfo, app_class, dashboard
from push_learn.apps.query import Query, parse_query, query_string
from push_learn.records import Record
from push_learn.rummy.rules import RummyRules

__all__ = ["App"]

A = TypeVar("A", bound="App")


class App:
    """One dashboard: ``build()`` returns its widgets; the App wraps them with a heading and shows them.

    Subclasses set ``slug`` (their catalogue entry) and implement ``build``. Displaying an App (the last
    line of a notebook cell) displays ``self.view``.
    """

    slug: ClassVar[str] = ""

    def __init__(self, query: Query | None = None) -> None:
        """Build the dashboard for these settings (the defaults: Push, deal number 1)."""
        self.query = query if query is not None else Query()
        self.rules: RummyRules = self.query.rules
        self.notes: list[str] = list(self.query.notes)
        """Sentences shown under the title about settings that were not understood."""
        self.about: str | None = None
        """What a record from the class server is, in the server's words (``class_record``), for the subtitle."""
        self.main = self.build()
        self.seed: int | str = self.query.seed
        """The deal number the page shows now: the address's, until the student asks the widget for another."""
        self.heading = ipywidgets.HTML(self.heading_html())
        self.heading.add_class("pl-app-heading")
        self.view = ipywidgets.VBox([self.heading, self.main])
        self.view.add_class("pl-app")
        self.view.add_class(app_class(self.slug))
        if isinstance(self.main, ipywidgets.DOMWidget) and self.main.has_trait("state"):
            self.main.observe(self._follow_seed, names="state")

    @classmethod
    def from_query(cls: type[A], text: str | None = None) -> A:
        """The dashboard for the page's address (``?seed=1234&variant=cap_it``), or for ``text`` if given.

        Under a preheated Voila kernel this waits for the student's request, so call it after the imports.
        """
        return cls(parse_query(query_string() if text is None else text))

    @property
    def info(self) -> DashboardInfo:
        """This dashboard's catalogue entry (title, blurb)."""
        return dashboard(self.slug)

    @property
    def subtitle(self) -> str:
        """The line under the title: what the class server said a record it gave is; by default the game and the
        deal number (the seed)."""
        return self.about or f"{self.rules.name} · deal number {self.seed}"

    def _follow_seed(self, change: dict[str, Any]) -> None:
        """Keep the subtitle true when the widget moves to another deal number (a new game, another position)."""
        seed = change["new"].get("seed") if isinstance(change["new"], dict) else None
        if seed is not None and str(seed) != str(self.seed):
            self.seed = seed
            self.heading.value = self.heading_html()

    def build(self) -> ipywidgets.Widget:
        """The dashboard's widgets (one widget, often a box of several)."""
        raise NotImplementedError

    def option(self, name: str, allowed: Collection[str], default: str) -> str:
        """The address's setting ``name`` if it is one of ``allowed``; else ``default`` (noted if it was given)."""
        raw = self.query.options.get(name)
        if raw is None or raw == "":
            return default
        if raw.lower() in allowed:
            return raw.lower()
        choices = ", ".join(allowed)
        self.notes.append(f"The {name} {raw!r} in the address is not one of {choices}, so {default} is used.")
        return default

    def class_record(self, kinds: Collection[str], games: Collection[str]) -> Record | None:
        """The record a teacher's page asked this dashboard to replay, read from the class server: ``?result=N``
        (a student's game) or ``?table=N`` (a class table), whichever of ``kinds`` the address gives first. None
        when it gives none, when the server refuses or when the record is not of one of ``games`` (the reason
        then noted under the title)."""
        for kind in kinds:
            raw = self.query.options.get(kind, "")
            if not raw:
                continue
            from push_learn.classroom.client import ServiceError, send

            what = "That class table" if kind == "table" else "That student's game"
            try:
                answer = send("record", {kind: int(raw) if raw.isdigit() else raw})
                record = Record.from_json(str(answer["record"]))
            except (ServiceError, KeyError, ValueError) as error:
                self.notes.append(f"{what} could not be opened ({error}); this is the usual replay instead.")
                return None
            if record.game in games:
                about = answer.get("about")
                self.about = about if isinstance(about, str) else None
                return record
            from push_learn.games import title_of

            self.notes.append(f"{what} is a game of {title_of(record.game)}, which this dashboard does not replay; "
                              "this is the usual replay instead.")
            return None
        return None

    def heading_html(self) -> str:
        """The title, the subtitle and any note about values of the address that were not understood."""
        notes = "".join(f'<p class="pl-app-notes" role="note">{html.escape(note)}</p>' for note in self.notes)
        return (
            f'<h1 class="pl-app-title">{html.escape(self.info.title)}</h1>'
            f'<p class="pl-app-sub">{html.escape(self.subtitle)}</p>{notes}'
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Show the dashboard's view when the App is the value of a notebook cell."""
        return self.view._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        """The App class and its settings."""
        return f"{type(self).__name__}({self.query!r})"
