"""Light and dark, and the card symbols, in a real browser.

- Every dashboard opens dark with Voila's own ``?theme=dark`` (its ``?seed=`` and ``?variant=`` still
  work), passes axe (colour contrast included) and really is dark: the page's background and the cards'
  faces are dark, the text light.
- The landing page's Colours setting is remembered by the browser, turns the page dark before it is
  painted, and the dashboards opened from it come dark; ``?theme=dark`` works on the landing page too.
- In JupyterLab, the widgets turn dark with *Settings → Theme → JupyterLab Dark* and pass axe there.
- The joker and the four suits in text are drawn by our own font (Push Learn Symbols, built from the
  card drawings in ``pl_common.js``), not by whatever the machine has: this machine has no emoji font,
  and its fallback (DejaVu Sans) draws 🃏 as a boxed star. The glyph on the page is compared, pixel by
  pixel, with our drawing and with the machine's own rendering.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from dashboard_pages import FIRST_RENDER_MS, open_dashboard
from playwright.sync_api import Locator, Page, expect
from script_modules import load_script

# The JupyterLab of test_jupyterlab.py (a module fixture: this module starts its own), with its helpers.
from test_jupyterlab import lab, lab_session, open_and_run, painted  # noqa: F401

from push_learn.apps.catalogue import DASHBOARDS, DashboardInfo
from push_learn.apps.harness import PageWatch, Server
from push_learn.apps.query import parse_query
from push_learn.apps.scenarios import rescue_position
from push_learn.rummy.engine import Match

ROOT = Path(__file__).resolve().parents[2]
DOCS_SHOT = ROOT / "docs" / "img" / "joker-and-suits.png"
"""The screenshot kept for the docs (rewritten when PUSH_LEARN_UPDATE_DOCS_IMG=1)."""

LUMINANCE = """(css) => {
  const probe = document.createElement('canvas').getContext('2d');
  probe.fillStyle = '#000'; probe.fillStyle = css;            // the browser normalises any CSS colour
  const c = document.createElement('canvas'); c.width = c.height = 1;
  const g = c.getContext('2d'); g.fillStyle = probe.fillStyle; g.fillRect(0, 0, 1, 1);
  const [r, gr, b] = g.getImageData(0, 0, 1, 1).data;
  const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(r) + 0.7152 * lin(gr) + 0.0722 * lin(b);
}"""
"""The WCAG relative luminance (0 black, 1 white) of a CSS colour, computed in the page."""
FACES = "[...document.querySelectorAll('.pl-face')].slice(0, 20).map(e => getComputedStyle(e).fill)"
"""The painted colour of the first cards' faces."""


def luminance(page: Page, css: str) -> float:
    return float(page.evaluate(LUMINANCE, css))


def open_app(page: Page, server: Server, info: DashboardInfo, query: str) -> Locator:
    """Open the dashboard ``info`` and return its App box once its first widget is painted."""
    app = open_dashboard(page, server, info.slug, query)
    expect(app.locator(".pl-root").first).to_be_visible(timeout=FIRST_RENDER_MS)
    return app


def assert_dark(page: Page) -> None:
    """The page as painted is dark: its background, the widgets' text and the cards' faces."""
    body = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert luminance(page, body) < 0.05, f"the page's background {body} is not dark"
    ink = page.evaluate("getComputedStyle(document.querySelector('.pl-root')).color")
    assert luminance(page, ink) > 0.6, f"the widgets' text {ink} is not light"
    faces = page.evaluate(FACES)
    for fill in faces:
        assert luminance(page, fill) < 0.1, f"a card face is painted {fill} on a dark page"
    scheme = page.evaluate("document.querySelector('meta[name=color-scheme]').content")
    assert scheme == "dark", "the browser's own controls (scrollbars, lists) are left light"


@pytest.mark.parametrize("info", DASHBOARDS, ids=[info.slug for info in DASHBOARDS])
def test_every_dashboard_opens_dark(
    info: DashboardInfo, voila_server: Server, page: Page, watch: PageWatch, accessible: Callable[..., None]
) -> None:
    query = "seed=7&variant=cap_it&theme=dark" if info.choose_variant else "seed=7&theme=dark"
    app = open_app(page, voila_server, info, query)
    expect(app.locator(".pl-app-sub")).to_contain_text("deal number 7")  # ?seed= still read beside ?theme=
    if info.choose_variant:
        expect(app.locator(".pl-app-sub")).to_contain_text(parse_query(query).rules.name)
    assert_dark(page)
    accessible("in dark mode as it opens")
    if info.slug == "meld_lab":  # selected and lit cards, readings and buttons in the dark palette
        options = app.get_by_role("listbox").first.get_by_role("option")
        options.nth(0).click()
        expect(options.nth(0)).to_have_attribute("aria-selected", "true")
        options.nth(1).focus()
        page.keyboard.press("Space")
        expect(options.nth(1)).to_have_attribute("aria-selected", "true")
        accessible("in dark mode with two cards picked and the keyboard focus on a card")
        # the contrast check is live on a dark page: light-theme grey text on it is reported
        page.evaluate("document.querySelector('.pl-root .pl-sub').style.color = '#57606a'")
        with pytest.raises(AssertionError, match="color-contrast"):
            accessible("with light-theme grey text on the dark page")
    watch.assert_clean()


def test_landing_page_colours_setting_is_remembered_and_reaches_the_dashboards(
    voila_server: Server, page: Page, watch: PageWatch, accessible: Callable[..., None]
) -> None:
    page.goto(voila_server.url)
    html = page.locator("html")
    expect(html).to_have_attribute("data-pl-theme", "light")
    setting = page.get_by_role("group", name="Colours")
    expect(setting.get_by_role("radio", name="Light")).to_be_checked()
    setting.get_by_role("radio", name="Dark").check()
    expect(html).to_have_attribute("data-pl-theme", "dark")
    assert luminance(page, page.evaluate("getComputedStyle(document.body).backgroundColor")) < 0.05
    accessible("on the landing page in dark mode")

    page.reload()  # remembered by the browser, and applied before the page is painted
    expect(html).to_have_attribute("data-pl-theme", "dark")
    expect(setting.get_by_role("radio", name="Dark")).to_be_checked()
    link = page.get_by_role("main").get_by_role("link", name="Meld Lab", exact=True)
    expect(link).to_have_attribute("href", re.compile(r"meld_lab\.ipynb\?theme=dark$"))

    form = page.get_by_role("form", name="Open Meld Lab")
    form.get_by_role("spinbutton", name="Deal number").fill("42")
    form.get_by_role("button", name="Open Meld Lab").click()
    expect(page).to_have_url(re.compile(r"/voila/render/meld_lab\.ipynb\?seed=42&theme=dark$"))
    expect(page.get_by_text("Push · deal number 42")).to_be_visible(timeout=FIRST_RENDER_MS)
    assert_dark(page)

    page.goto(voila_server.url)
    page.get_by_role("group", name="Colours").get_by_role("radio", name="Light").check()
    expect(html).to_have_attribute("data-pl-theme", "light")
    expect(page.get_by_role("main").get_by_role("link", name="Meld Lab", exact=True)).to_have_attribute(
        "href", re.compile(r"meld_lab\.ipynb$")
    )
    expect(page.locator("form input[name=theme]")).to_have_count(0)
    assert luminance(page, page.evaluate("getComputedStyle(document.body).backgroundColor")) > 0.8
    accessible("on the landing page back in light mode")

    page.goto(f"{voila_server.url}voila/tree?theme=dark")  # the address wins over the remembered choice
    expect(html).to_have_attribute("data-pl-theme", "dark")
    watch.assert_clean()


def test_widgets_follow_jupyterlab_dark_theme(
    lab: Server,  # noqa: F811
    page: Page,
    watch: PageWatch,
    request: pytest.FixtureRequest,
    accessible: Callable[..., None],
) -> None:
    with lab_session(page, lab, request):
        roots = open_and_run(page, lab)
        for n in range(roots.count()):
            painted(roots.nth(n))
        assert luminance(page, page.evaluate("getComputedStyle(document.querySelector('.pl-root')).color")) < 0.1
        page.get_by_role("menuitem", name="Settings", exact=True).click()
        menus = page.locator(".lm-Menu .lm-Menu-itemLabel")  # Lumino's submenus open on hover
        menus.get_by_text("Theme", exact=True).hover()
        menus.get_by_text("JupyterLab Dark", exact=True).click()
        expect(page.locator("body")).to_have_attribute("data-jp-theme-light", "false", timeout=30_000)
        expect(page.locator("body")).to_have_attribute("data-jp-theme-name", "JupyterLab Dark")
        background = page.evaluate("getComputedStyle(document.querySelector('.jp-Notebook')).backgroundColor")
        assert luminance(page, background) < 0.05, f"JupyterLab's notebook is {background}"
        ink = page.evaluate("getComputedStyle(document.querySelector('.pl-root')).color")
        assert luminance(page, ink) > 0.6, f"the widgets' text {ink} did not follow JupyterLab's dark theme"
        faces = page.evaluate(FACES)
        assert faces and all(luminance(page, fill) < 0.1 for fill in faces), faces
        accessible("in the widgets in JupyterLab's dark theme", within=".pl-root")
    watch.assert_clean()


# ---- the joker and the suits without an emoji font ------------------------------------------------

GLYPHS = """([family, draws, size]) => {
  // For each symbol: ink masks of (a) the text in our font, (b) our drawing of it placed where the font puts
  // it, (c) the text in the machine's own fonts. Returns how much (a) overlaps (b) and (c), and its ink.
  const side = size * 1.4;
  function mask(paint) {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = side;
    const g = canvas.getContext('2d');
    g.fillStyle = '#000';
    paint(g);
    const data = g.getImageData(0, 0, side, side).data;
    const out = new Uint8Array(side * side);
    for (let i = 0; i < out.length; i += 1) out[i] = data[i * 4 + 3] > 127 ? 1 : 0;
    return out;
  }
  const overlap = (a, b) => {
    let both = 0, either = 0;
    for (let i = 0; i < a.length; i += 1) { both += a[i] & b[i]; either += a[i] | b[i]; }
    return either ? both / either : 0;
  };
  const baseline = size * 1.1;
  return draws.map(({ text, path, scale, left, base }) => {
    const ours = mask((g) => { g.font = `${size}px "${family}"`; g.fillText(text, 0, baseline); });
    const drawn = mask((g) => {
      const k = (scale * size) / 1000;
      g.setTransform(k, 0, 0, k, (left * size) / 1000, baseline - base * k);
      g.fill(new Path2D(path));
    });
    const machine = mask((g) => { g.font = `${size}px sans-serif`; g.fillText(text, 0, baseline); });
    const ink = ours.reduce((s, v) => s + v, 0);
    return { text, ink, drawing: overlap(ours, drawn), machine: overlap(ours, machine) };
  });
}"""


def _joker_position() -> tuple[int, Match]:
    """A deal number whose Rescue Lab shows a joker on the table and all four suits."""
    for seed in range(1, 40):
        match = rescue_position(parse_query(f"seed={seed}").rules, seed)
        if match is None:
            continue
        cards = [card for table_meld in match.deal.melds for card in table_meld.meld.cards]
        cards += list(match.deal.hands[match.turn])
        if any(card.is_joker for card in cards) and len({card.suit for card in cards if not card.is_joker}) == 4:
            return seed, match
    raise AssertionError("no deal number in 1..39 puts a joker and the four suits in Rescue Lab")


def test_joker_and_suits_are_drawn_without_an_emoji_font(
    voila_server: Server, page: Page, watch: PageWatch, accessible: Callable[..., None]
) -> None:
    fc_list = shutil.which("fc-list")
    if fc_list is not None:  # the machine's own fonts: what Chromium would fall back to
        emoji = subprocess.run([fc_list, ":charset=1f0cf", "family"], capture_output=True, text=True, check=True)
        print("fonts with a 🃏 glyph on this machine:", emoji.stdout.split("\n") if emoji.stdout else "none")
    font = load_script("scripts/build_symbol_font.py")
    source = (ROOT / "push_learn" / "widgets" / "static" / "pl_common.js").read_text(encoding="utf-8")
    seed, _ = _joker_position()
    info = next(info for info in DASHBOARDS if info.slug == "rescue_lab")
    app = open_app(page, voila_server, info, f"seed={seed}")

    # the cards keep their names; the joker's face is our drawing
    joker = app.get_by_role("img", name=re.compile(r"^joker")).first
    expect(joker).to_be_visible()
    assert joker.locator(".pl-jester").get_attribute("d") == font.js_string(source, "JOKER_PATH", None)
    rescues = app.get_by_role("group", name="Possible rescues").get_by_role("button")
    expect(rescues.filter(has_text="🃏").first).to_be_visible()  # its name is unchanged: the text has 🃏
    text = app.inner_text()
    for symbol in "🃏♣♦♥♠":
        assert symbol in text, f"{symbol} is not in the page's text"

    # the page's text asked for our font and got it (a unicode-range font loads only when its characters are used)
    page.evaluate("document.fonts.ready")
    loaded = page.evaluate(
        "[...document.fonts].filter(f => f.family.replace(/\"/g, '') === 'Push Learn Symbols').map(f => f.status)"
    )
    assert "loaded" in loaded, f"Push Learn Symbols was not loaded by the page ({loaded})"
    family = page.evaluate("getComputedStyle(document.querySelector('.pl-root')).fontFamily")
    assert family.startswith('"Push Learn Symbols"'), family

    draws = [
        {"text": chr(code), "path": font.js_string(source, const, key), "scale": scale, "left": font.SIDE,
         "base": font.BASE}
        for code, (_glyph, const, key, scale) in font.GLYPHS.items()
    ]
    for result in page.evaluate(GLYPHS, [font.FAMILY, draws, 96]):
        symbol = result["text"]
        print(f"{symbol}: {result['ink']} px of ink, overlap with our drawing {result['drawing']:.3f}, "
              f"with the machine's own glyph {result['machine']:.3f}")
        assert result["ink"] > 1500, f"{symbol} is drawn blank ({result['ink']} pixels of ink)"
        assert result["drawing"] > 0.9, f"{symbol} in text is not our drawing (overlap {result['drawing']:.2f})"
        if symbol == "🃏":  # the machine's own joker (here DejaVu's boxed star) is something else
            assert result["machine"] < 0.5, f"🃏 looks like the machine's own glyph ({result['machine']:.2f})"

    accessible("with the joker and the suits drawn")
    # rescue a joker, so that the hand holds one (its whole face: cap, JK and JOKER) beside the four suits
    rescues.filter(has_text="🃏").first.click()
    app.get_by_role("button", name="Make this rescue").click()
    expect(app.get_by_role("group", name="Your hand").get_by_role("img", name="joker")).to_be_visible()
    results = ROOT / "test-results"
    results.mkdir(exist_ok=True)
    app.screenshot(path=str(results / "joker-and-suits.png"))
    if os.environ.get("PUSH_LEARN_UPDATE_DOCS_IMG") == "1":
        app.screenshot(path=str(DOCS_SHOT))
    watch.assert_clean()
