"""Screenshots of the landing page and of every dashboard, for the docs (docs/img/, docs/dashboards.md).

One run starts ``push-learn serve`` on a free port of 127.0.0.1, opens the landing page and then each
dashboard of ``push_learn.apps.catalogue.DASHBOARDS`` (deal number 1) in Debian's headless Chromium
through Playwright, as the browser tests do (hermetic: any request not to 127.0.0.1 is aborted). It
waits until the page is interactive (the dashboard's App box is shown, the loading message is gone
and its widget has painted the kernel's state), then saves the visible part of the page as
``docs/img/<slug>.png`` (and the landing page's top and its list of dashboards, ``docs/img/landing.png``
and ``landing_families.png``) and rewrites ``docs/dashboards.md``, the gallery,
from the catalogue and the pictures there are (``--out`` puts both somewhere else).

Run: PYTHONPATH=. .venv/bin/python scripts/screenshots.py [--only meld_lab hand_rankings] [--width 1200]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

from push_learn.apps.catalogue import DASHBOARDS, app_class, by_family, dashboard
from push_learn.apps.harness import CHROMIUM_FLAGS, PageWatch, chromium_executable, start_server, stop_server

ROOT = Path(__file__).resolve().parents[1]
IMAGES = ROOT / "docs" / "img"
GALLERY = ROOT / "docs" / "dashboards.md"
READY_MS = 120_000
"""How long a dashboard may take to become interactive: a cold kernel on two busy cores is slow."""


def gallery_text(images: Path = IMAGES) -> str:
    """The gallery page (kept beside ``images``): the landing page, then each family's dashboards that have a
    picture in ``images``."""
    folder = images.name
    lines = [
        "# The dashboards, as a student first sees them",
        "",
        "`push-learn serve` lists the dashboards on its landing page, grouped by family. Each one opens at",
        "deal number 1 here; the same number gives everyone in a class the same cards. The pictures are made",
        "by `scripts/screenshots.py` (headless Chromium, 1200 × 800), which also writes this page.",
        "",
    ]
    if (images / "landing.png").is_file():
        lines += [f"![The top of the landing page]({folder}/landing.png)", ""]
    if (images / "landing_families.png").is_file():
        lines += [f"![The landing page's dashboards, grouped by family]({folder}/landing_families.png)", ""]
    for family, infos in by_family():
        shown = [info for info in infos if (images / f"{info.slug}.png").is_file()]
        if not shown:
            continue
        lines += [f"## {family}", ""]
        for info in shown:
            lines += [f"### {info.title}", "", info.blurb, "", f"![{info.title}]({folder}/{info.slug}.png)", ""]
    return "\n".join(lines)


def _wait_interactive(page: Page, slug: str) -> None:
    """Wait for the dashboard's App box, the end of the loading message and its widget's first paint."""
    app = page.locator(f".{app_class(slug)}")
    expect(app).to_be_visible(timeout=READY_MS)
    expect(page.get_by_text("Shuffling the cards")).to_have_count(0, timeout=READY_MS)
    expect(app.locator(".pl-root[data-painted]").first).to_be_visible(timeout=READY_MS)
    page.evaluate("document.fonts.ready.then(() => true)")


SETTLED_S = 2.0
"""A dashboard whose text has not changed for this long is at rest: its computer players (if any) have moved
and it waits for the student, as a student who just opened it sees it."""


def _wait_settled(page: Page, most: float = 40.0) -> None:
    """Wait (at most ``most`` seconds) until the page's text stays the same for ``SETTLED_S``: the bots of a
    table that opens on their turns move at the normal pace, and the picture should show the student's turn,
    not a moment of theirs."""
    deadline = time.monotonic() + most
    text = page.inner_text("body")
    while time.monotonic() < deadline:
        page.wait_for_timeout(SETTLED_S * 1000)
        now = page.inner_text("body")
        if now == text:
            return
        text = now


def take(slugs: Sequence[str] | None, width: int, height: int, images: Path = IMAGES) -> list[Path]:
    """Serve the dashboards, photograph the landing page and each dashboard in ``slugs`` (all if None)."""
    infos = [dashboard(slug) for slug in slugs] if slugs else list(DASHBOARDS)
    executable = chromium_executable()
    if executable is None:
        raise SystemExit("no Chromium found: set CHROMIUM_PATH or install chromium (scripts/install-browser.sh)")
    images.mkdir(parents=True, exist_ok=True)
    saved: list[Path] = []
    with tempfile.TemporaryDirectory(prefix="pl-screenshots-") as scratch:
        server = start_server(Path(scratch) / "serve.log")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=executable, args=list(CHROMIUM_FLAGS))
                context = browser.new_context(viewport={"width": width, "height": height}, color_scheme="light")
                page = context.new_page()
                watch = PageWatch.attach(context, page)
                page.goto(server.url, timeout=READY_MS)
                expect(page.locator(".pl-families")).to_be_visible(timeout=READY_MS)
                page.evaluate("document.fonts.ready.then(() => true)")
                saved.append(images / "landing.png")
                page.screenshot(path=str(saved[-1]))
                page.evaluate("document.querySelector('.pl-families').scrollIntoView()")
                saved.append(images / "landing_families.png")
                page.screenshot(path=str(saved[-1]))
                for info in infos:
                    started = time.perf_counter()
                    page.goto(f"{server.url}voila/render/{info.notebook}?seed=1", wait_until="commit", timeout=READY_MS)
                    _wait_interactive(page, info.slug)
                    _wait_settled(page)
                    saved.append(images / f"{info.slug}.png")
                    page.screenshot(path=str(saved[-1]))
                    print(f"{info.slug}: {time.perf_counter() - started:.1f} s", file=sys.stderr)
                if watch.errors:
                    raise SystemExit("a page raised: " + "; ".join(watch.errors))
                browser.close()
        finally:
            stop_server(server.process)
    return saved


def main(argv: Sequence[str] | None = None) -> int:
    """Take the screenshots, write the gallery, and list the files written."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--only", nargs="*", metavar="SLUG", help="only these dashboards (the landing page always)")
    parser.add_argument("--width", type=int, default=1200, help="viewport width in CSS pixels")
    parser.add_argument("--height", type=int, default=800, help="viewport height in CSS pixels")
    parser.add_argument("--out", type=Path, default=IMAGES, help="folder for the pictures (the gallery goes beside it)")
    args = parser.parse_args(argv)
    for path in take(args.only, args.width, args.height, args.out):
        print(f"{path}  {path.stat().st_size // 1024} KB")
    gallery = args.out.parent / GALLERY.name
    gallery.write_text(gallery_text(args.out), encoding="utf-8")
    print(gallery)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
