"""Admission of dashboard pages: at most ``limit`` pages being prepared at once, the others queue in order.

Preparing a page (starting or taking a kernel, running the dashboard's notebook) is what loads the
server's cores when a class arrives at once. ``push-learn serve --max-starting N`` lets N pages be
prepared together; a student beyond them gets a small page saying how many are ahead ("Starting your
table: 5 ahead of you") that asks again by itself every ``RETRY_SECONDS``, instead of a page that
hangs. A ticket that stops asking (a closed tab) leaves the queue after ``stale`` seconds.

Pure Python, no server: ``push_learn.apps.access`` calls it from Voila's page handler.
"""

from __future__ import annotations

import html

__all__ = ["RETRY_SECONDS", "Admission", "queue_page"]

RETRY_SECONDS = 2
"""Seconds between two asks of a queued page."""


class Admission:
    """First come, first served: ``ask`` admits a ticket or says how many tickets are ahead of it."""

    def __init__(self, limit: int, stale: float = 5 * RETRY_SECONDS) -> None:
        if limit < 1:
            raise ValueError(f"at least one page must be allowed at a time, not {limit}")
        self.limit = limit
        self.stale = stale
        self._waiting: dict[str, float] = {}
        """Queued tickets, first come first, with when each last asked."""
        self._busy: dict[str, int] = {}
        """Tickets being prepared (a ticket may be prepared twice: the same page open in two tabs)."""

    @property
    def preparing(self) -> int:
        """How many pages are being prepared now."""
        return sum(self._busy.values())

    @property
    def queued(self) -> int:
        """How many tickets are waiting."""
        return len(self._waiting)

    def ask(self, ticket: str, now: float) -> int | None:
        """None: ``ticket`` may be prepared now (call ``done`` after); else the number of tickets ahead of it.

        ``now`` is a monotonic time in seconds. A ticket keeps its place while it keeps asking.
        """
        for other, seen in list(self._waiting.items()):
            if other != ticket and now - seen > self.stale:
                del self._waiting[other]
        self._waiting[ticket] = now  # a new ticket goes last; a known one keeps its place
        ahead = list(self._waiting).index(ticket)
        if ahead == 0 and self.preparing < self.limit:
            del self._waiting[ticket]
            self._busy[ticket] = self._busy.get(ticket, 0) + 1
            return None
        return ahead

    def done(self, ticket: str) -> None:
        """The page of ``ticket`` is prepared (or failed): its place goes to the next in line."""
        left = self._busy.get(ticket, 0) - 1
        if left > 0:
            self._busy[ticket] = left
        else:
            self._busy.pop(ticket, None)


def queue_page(ahead: int) -> str:
    """The page a queued student sees; it asks again by itself every ``RETRY_SECONDS``."""
    if ahead == 0:
        where = "You are next."
    elif ahead == 1:
        where = "1 ahead of you."
    else:
        where = f"{ahead} ahead of you."
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="{RETRY_SECONDS}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Starting your table</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 0; background: #f6f6f2; color: #1d1d1b; }}
main {{ max-width: 30rem; margin: 4rem auto; padding: 1.5rem 2rem; background: #fff;
  border: 1px solid #c8c8c0; border-radius: 8px; }}
h1 {{ font-size: 1.5rem; margin-top: 0; }}
</style>
</head>
<body>
<main class="pl-queue">
<h1>Starting your table</h1>
<p role="status">The server is setting up other students' tables. {html.escape(where)}</p>
<p>This page opens by itself; keep it open.</p>
</main>
</body>
</html>
"""
