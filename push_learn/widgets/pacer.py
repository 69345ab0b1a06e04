"""A Python-side timer that runs a widget's steps at a readable pace, in JupyterLab and in Voila alike.

The kernel runs an asyncio event loop (comm messages and cells are handled on it), so a step is
scheduled with ``loop.call_later``: each step changes the widget's state, which syncs and repaints,
and only then is the next step scheduled. A step may also return an awaitable (a bot thinking in a
worker thread): the pacer counts as running until it resolves, and the loop stays free for clicks
meanwhile. Without a running loop (a plain script) the steps run at once, still one after another.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from push_learn.widgets.base import IntentError, intent, str_field

__all__ = ["SPEEDS", "Paced", "Pacer", "interval_of", "speed_options"]

SPEEDS = {"slow": 1.6, "normal": 0.9, "fast": 0.45, "fastest": 0.2}
"""Seconds between two steps for each speed setting (the fastest still shows every step)."""


def interval_of(speed: str | float) -> float:
    """Seconds between steps for a speed name (``slow`` … ``fastest``) or a number of seconds (>= 0)."""
    if isinstance(speed, str):
        if speed not in SPEEDS:
            raise ValueError(f"choose a speed among {', '.join(SPEEDS)}, or give seconds per step")
        return SPEEDS[speed]
    if speed < 0:
        raise ValueError("seconds per step cannot be negative")
    return float(speed)


def speed_options(current: str) -> list[list[str]]:
    """The speed picker's ``[value, text]`` pairs (with ``custom`` when seconds were given)."""
    options = [[name, name.capitalize()] for name in SPEEDS]
    return options + ([["custom", "Custom"]] if current not in SPEEDS else [])


Step = Callable[[], "bool | Awaitable[bool]"]
"""A step: True (or an awaitable of True) while there are more steps to run."""


class Pacer:
    """Calls ``step()`` every ``interval`` seconds until it returns False or ``stop()`` is called."""

    def __init__(self, step: Step, interval: float = SPEEDS["normal"]) -> None:
        self._step = step
        self.interval = interval
        self._handle: asyncio.TimerHandle | None = None
        self._pending: asyncio.Future[bool] | None = None

    @property
    def running(self) -> bool:
        """True while a next step is scheduled or a step is still working."""
        return self._handle is not None or self._pending is not None

    def start(self, delay: float | None = None) -> None:
        """Schedule the first step after ``delay`` seconds (the interval by default); no-op if running."""
        if self.running:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            while self._step() is True:
                pass
            return
        self._handle = loop.call_later(self.interval if delay is None else delay, self._tick)

    def stop(self) -> None:
        """Cancel the next step (a step still working finishes, but no step follows it)."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        if self._pending is not None:
            self._pending.remove_done_callback(self._after)
            self._pending = None

    def _tick(self) -> None:
        self._handle = None
        more = self._step()
        if inspect.isawaitable(more):
            self._pending = asyncio.ensure_future(more)
            self._pending.add_done_callback(self._after)
        elif more:
            self.start()

    def _after(self, done: asyncio.Future[bool]) -> None:
        self._pending = None
        if not done.cancelled() and done.exception() is None and done.result():
            self.start()

    async def finished(self) -> None:
        """Wait until no step is scheduled or working (for scripts and tests that run their own loop)."""
        while self.running:
            await asyncio.sleep(min(self.interval, 0.01))


class Paced:
    """Mixin for widgets that play timed steps: the pacer, the ``speed`` intent, ``halt`` and ``settled``."""

    _pacer: Pacer
    speed: str

    def start_pacing(self, step: Step, speed: str | float) -> None:
        """Set up the pacer for ``step`` at ``speed`` (a name or seconds per step)."""
        self._pacer = Pacer(step, interval_of(speed))
        self.speed = speed if isinstance(speed, str) else "custom"

    def pace_state(self) -> dict[str, Any]:
        """``{"speed", "speeds"}`` for the page's speed picker."""
        return {"speed": self.speed, "speeds": speed_options(self.speed)}

    @intent("speed")
    def _speed(self, content: Mapping[str, Any]) -> None:
        speed = str_field(content, "speed")
        try:
            self._pacer.interval = interval_of(speed)
        except ValueError as exc:
            raise IntentError(str(exc)) from exc
        self.speed = speed

    def halt(self) -> None:
        """Cancel the next timed step."""
        self._pacer.stop()

    async def settled(self) -> None:
        """Wait until no timed step is pending."""
        await self._pacer.finished()
