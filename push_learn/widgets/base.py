"""The base of every push_learn widget: one anywidget, one synced JSON ``state``, intents in as messages.

A widget keeps its Python objects (hand, match, record) on the Python side and syncs one JSON
``state`` that its ES module paints whole. The page never decides anything: a click becomes an
*intent*, a custom message such as ``{"type": "toggle", "i": 3}``, which the widget hands to the
rules core. A refusal (``IllegalAction``) becomes a notice that quotes the core's reason, and the
state stays as it was.

The ES module of a widget is the shared ``static/pl_common.js`` (cards, hands, buttons, mounting)
followed by the widget's own ``static/<module>.js``; anywidget loads one module per widget, so the
two files are joined when this package is imported (no JavaScript build step). The CSS is joined
the same way.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar, TypeVar

import anywidget
import traitlets

from push_learn.cards import CardParseError
from push_learn.errors import PushLearnError
from push_learn.records import Record, short
from push_learn.widgets.cards import SORT_LABELS, SORTS

__all__ = [
    "CARD_SIZES",
    "NOTICE_LIMIT",
    "SLIP",
    "CoachOffLoop",
    "HandSorting",
    "IntentError",
    "PushWidget",
    "SavesRecords",
    "bot_level",
    "bundle_css",
    "bundle_esm",
    "int_field",
    "intent",
    "static_path",
    "str_field",
]

CARD_SIZES = ("small", "medium", "large")
"""The card sizes every widget offers (``card_size`` trait)."""

COMMON_JS = "pl_common.js"
COMMON_CSS = "pl_common.css"
_EXPORT = re.compile(r"^export (?=(?:async )?(?:function|const|let|class) )", re.MULTILINE)

F = TypeVar("F", bound=Callable[..., None])

NOTICE_LIMIT = 400
"""The longest notice shown under a widget (a refusal never echoes a huge input back to the page)."""
SLIP = "Something went wrong on our side with that request, so nothing was changed. Please try again."
"""The notice shown when a request fails for a reason that is not the student's: the log has the details."""
log = logging.getLogger("push_learn.widgets")
"""Where unexpected failures of a widget's requests are logged, with their traceback, for the teacher."""


class IntentError(PushLearnError, ValueError):
    """A message from the page that the widget cannot read (an unknown intent or a bad field)."""


def static_path(name: str) -> Path:
    """The installed file ``push_learn/widgets/static/<name>`` (works from a wheel or a source tree)."""
    return Path(str(resources.files("push_learn.widgets").joinpath("static", name)))


def bundle_esm(module: str, parts: tuple[str, ...] = ()) -> str:
    """The ES module of one widget: the shared helpers and ``parts`` (``export`` dropped), then ``static/<module>``."""
    shared = [_EXPORT.sub("", static_path(name).read_text(encoding="utf-8")) for name in (COMMON_JS, *parts)]
    own = static_path(module).read_text(encoding="utf-8")
    return "\n".join(shared) + f"\n// ---- {module} ----\n{own}"


def bundle_css(module: str | None = None) -> str:
    """The shared stylesheet, followed by ``static/<module>`` when given."""
    parts = [static_path(COMMON_CSS).read_text(encoding="utf-8")]
    if module is not None:
        parts.append(static_path(module).read_text(encoding="utf-8"))
    return "\n".join(parts)


def intent(name: str) -> Callable[[F], F]:
    """Mark a method as the handler of the intent ``name`` sent by the page."""

    def mark(method: F) -> F:
        method._pl_intent = name  # type: ignore[attr-defined]
        return method

    return mark


class PushWidget(anywidget.AnyWidget):
    """Base of the push_learn widgets: a synced ``state`` dict, card options, intents and notices.

    Subclasses name their files with class keywords, ``class MeldExplorer(PushWidget, module="meld_explorer")``
    (``static/meld_explorer.js`` and, if present, ``static/meld_explorer.css``; ``parts=("pl_table.js",)``
    adds shared drawing code), implement ``view_state()`` and mark intent handlers with ``@intent("name")``.
    """

    state = traitlets.Dict().tag(sync=True)
    """Everything the page shows, as JSON; repainted whole on each change."""
    four_colour = traitlets.Bool(False).tag(sync=True)
    """Draw diamonds blue and clubs green (a four-colour deck)."""
    card_size = traitlets.Enum(CARD_SIZES, default_value="medium").tag(sync=True)
    """``small``, ``medium`` or ``large`` cards."""

    _intents: ClassVar[dict[str, str]] = {}
    _static_files: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, module: str | None = None, parts: tuple[str, ...] = (), **kwargs: Any) -> None:
        if module is not None:
            css = f"{module}.css" if static_path(f"{module}.css").is_file() else None
            cls._esm = bundle_esm(f"{module}.js", parts)
            cls._css = bundle_css(css)
            cls._static_files = (COMMON_JS, *parts, f"{module}.js", COMMON_CSS, *((css,) if css else ()))
        super().__init_subclass__(**kwargs)
        intents: dict[str, str] = {}
        for klass in reversed(cls.__mro__):  # mixins may bring intents too; subclasses override
            for attr, value in vars(klass).items():
                name = getattr(value, "_pl_intent", None)
                if isinstance(name, str):
                    intents[name] = attr
        cls._intents = intents

    def __init__(self, *, four_colour: bool = False, card_size: str = "medium", **kwargs: Any) -> None:
        unknown = sorted(name for name in kwargs if not self.has_trait(name))
        if unknown:
            raise TypeError(f"{type(self).__name__}() has no option {', '.join(map(repr, unknown))}")
        self._rev = 0
        self._notice: dict[str, Any] | None = None
        super().__init__(four_colour=four_colour, card_size=card_size, **kwargs)
        self.on_msg(self._on_page_message)

    # ---- intents ---------------------------------------------------------------------------

    def _on_page_message(self, _widget: object, content: object, _buffers: object) -> None:
        if isinstance(content, Mapping):
            self.handle_intent(content)

    def handle_intent(self, content: Mapping[str, Any]) -> None:
        """Act on one intent from the page (``{"type": ..., ...}``) and repaint.

        A refusal from the core (or unreadable card text) becomes a ``refused`` notice with the
        core's own sentence; the widget's objects are left as they were.
        """
        kind = content.get("type")
        method = self._intents.get(kind) if isinstance(kind, str) else None
        self._notice = None
        try:
            if method is None:
                raise IntentError(f"this widget does not understand the request {short(kind)}")
            getattr(self, method)(content)
        except (PushLearnError, CardParseError) as exc:
            self.notify("refused", str(exc))
        except Exception:  # a request must end in a notice, never in a silent failure on the page
            log.exception("%s could not carry out the request %s", type(self).__name__, short(kind))
            self.notify("error", SLIP)
        try:
            self.refresh()
        except Exception:
            log.exception("%s could not repaint after the request %s", type(self).__name__, short(kind))
            self._notice = {"kind": "error", "text": SLIP}
            self._rev += 1
            self.state = {**self.state, "rev": self._rev, "notice": {**self._notice, "n": self._rev}}

    def notify(self, kind: str, text: str) -> None:
        """Show a notice under the widget: ``refused``, ``error``, ``ok`` or ``info`` (cut to ``NOTICE_LIMIT``)."""
        if len(text) > NOTICE_LIMIT:
            text = text[: NOTICE_LIMIT - 1] + "…"
        self._notice = {"kind": kind, "text": text}

    @property
    def notice(self) -> dict[str, Any] | None:
        """The notice shown now (``{"kind": ..., "text": ...}``), or ``None``."""
        return self._notice

    # ---- state -----------------------------------------------------------------------------

    def view_state(self) -> dict[str, Any]:
        """The JSON the page paints; subclasses build it from their Python objects."""
        raise NotImplementedError

    def refresh(self) -> None:
        """Rebuild ``state`` from the Python objects and sync it to the page."""
        self._rev += 1
        notice = None if self._notice is None else {**self._notice, "n": self._rev}
        self.state = {**self.view_state(), "rev": self._rev, "notice": notice}


def int_field(content: Mapping[str, Any], name: str) -> int:
    """Read an integer field of an intent, or raise ``IntentError``."""
    value = content.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise IntentError(f"the request lacks a whole number {short(name)}")
    return value


def str_field(content: Mapping[str, Any], name: str) -> str:
    """Read a text field of an intent, or raise ``IntentError``."""
    value = content.get(name)
    if not isinstance(value, str):
        raise IntentError(f"the request lacks the text {name!r}")
    return value


def bot_level(level: object, levels: Sequence[str], error: type[Exception] = IntentError) -> str:
    """``level`` if it is one of the game's bot ``levels`` (read from the catalogue), else ``error`` saying so."""
    if not isinstance(level, str) or level not in levels:
        raise error(f"choose a bot level among {', '.join(levels)}, not {short(level)}")
    return level


class HandSorting:
    """Mixin for widgets that show a hand: the ``sort`` intent and the sort buttons' state."""

    sort: str = "suit"

    @intent("sort")
    def _sort(self, content: Mapping[str, Any]) -> None:
        by = str_field(content, "by")
        if by not in SORTS:
            raise IntentError(f"a hand is sorted by {', '.join(SORTS)}, not {short(by)}")
        self.sort = by

    def sort_state(self) -> dict[str, Any]:
        """``{"sort": ..., "sorts": [[by, text], ...]}`` for the page's sort buttons."""
        return {"sort": self.sort, "sorts": [list(pair) for pair in SORT_LABELS]}


class SavesRecords:
    """Mixin for widgets with a Save button: the ``save`` intent offers ``record_file()`` as a download.

    The file travels once, in the next state sent to the page (``take_download`` in ``view_state``);
    the page's ``download`` (``static/pl_common.js``) saves it under its name.
    """

    _download: dict[str, Any] | None = None
    _rev: int
    notify: Callable[[str, str], None]

    def record_file(self) -> tuple[str, Record]:
        """The file name and the record that Save offers."""
        raise NotImplementedError

    @intent("save")
    def _save(self, _content: Mapping[str, Any]) -> None:
        name, record = self.record_file()
        self._download = {"name": name, "text": record.to_json(indent=1), "n": self._rev + 1}
        self.notify("ok", f"Saved as {name}.")

    def take_download(self) -> dict[str, Any] | None:
        """The file Save offered since the last state, if any (offered once)."""
        download, self._download = self._download, None
        return download


class CoachOffLoop:
    """Mixin for tables with a Hint button: the coach's answer is worked out off the kernel's event loop.

    Under a running event loop (a kernel) ``ask_coach`` shows ``thinking`` at once, runs ``advise`` in a
    worker thread (the coach may sample for a second on a big hand) and shows its answer when ready,
    unless the game has moved on by then (``coach_position`` changed). Without a loop (plain Python,
    tests) it answers at once.
    """

    _hint: dict[str, Any] | None
    notify: Callable[[str, str], None]
    refresh: Callable[[], None]

    def coach_position(self) -> tuple[object, int]:
        """The game object and its number of moves: a hint answers this position only."""
        raise NotImplementedError

    def ask_coach(self, advise: Callable[[], dict[str, Any]], thinking: dict[str, Any], what: str) -> None:
        """Work out ``advise()`` (off the loop when one runs); ``what`` names it in an error ("a hint")."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._hint = advise()
            return
        self._hint = thinking
        done_callback = partial(self._coach_ready, self.coach_position(), what)
        loop.run_in_executor(None, advise).add_done_callback(done_callback)

    def _coach_ready(self, position: tuple[object, int], what: str, done: asyncio.Future[dict[str, Any]]) -> None:
        game, moves = self.coach_position()
        if game is not position[0] or moves != position[1] or done.cancelled():
            return  # the game moved on while the coach was thinking
        if done.exception() is not None:
            self._hint = None
            self.notify("error", f"the coach could not work out {what} ({done.exception()})")
        else:
            self._hint = done.result()
        self.refresh()
