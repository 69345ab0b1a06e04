"""Opening a dashboard in the browser and checking its page fits, as every dashboard's browser tests do.

Voila streams a dashboard's page while its kernel runs the notebook, so a page is ready when its App box is on
it and the loading message has gone, not when the browser's load event fires (which may come much later on a
busy machine).
"""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from push_learn.apps.catalogue import app_class
from push_learn.apps.harness import Server

FIRST_RENDER_MS = 60_000
"""How long a dashboard's first paint may take: a cold kernel on two busy cores (a dark page cannot use the
preheated light one, say) imports the widgets and runs the notebook."""


def open_dashboard(
    page: Page, server: Server, slug: str, query: str = "", *, timeout: int = FIRST_RENDER_MS
) -> Locator:
    """Open the dashboard ``slug`` with the URL query ``query`` and return its App box once it is on the page
    and the loading message ("Shuffling the cards") has gone."""
    page.goto(f"{server.url}voila/render/{slug}.ipynb?{query}", timeout=timeout, wait_until="commit")
    app = page.locator(f".{app_class(slug)}")
    expect(app).to_be_visible(timeout=timeout)
    expect(page.get_by_text("Shuffling the cards")).to_have_count(0, timeout=timeout)
    return app


def assert_fits(page: Page) -> None:
    """The page needs no sideways scrolling on a laptop (1280 x 800) or a tablet held upright (820 x 1180)."""
    for width, height in ((1280, 800), (820, 1180)):
        page.set_viewport_size({"width": width, "height": height})
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 1, f"{overflow} px too wide at {width} x {height}"
