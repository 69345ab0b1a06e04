"""The widgets' two palettes, read from their style sheet (no browser).

axe-core checks the contrast of text on the pages (tests/browser/test_themes.py); it does not look at SVG
fills, so the colours of the card faces are checked here, with the text colours, in both palettes and with
JupyterLab's own light and dark values where a colour follows JupyterLab. The style sheet must say every
colour through a --pl-* variable (so both palettes reach it), and every widget ships the symbol font.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import push_learn.widgets
from push_learn.widgets.base import static_path

CSS = static_path("pl_common.css").read_text(encoding="utf-8")

JUPYTERLAB = {
    "light": {"--jp-content-font-color1": "#212121", "--jp-layout-color1": "#ffffff", "--jp-border-color2": "#e0e0e0"},
    "dark": {"--jp-content-font-color1": "#ffffff", "--jp-layout-color1": "#212121", "--jp-border-color2": "#424242"},
}
"""JupyterLab's values of the variables the widgets follow (its light and dark themes; rgba text over its layout)."""

TEXT_PAIRS = [
    # (text, background): text the widgets write on a surface they paint
    ("--pl-ink", "--pl-surface"),
    ("--pl-ink", "--pl-surface-2"),
    ("--pl-ink", "--pl-hover"),
    ("--pl-ink", "--pl-pressed"),
    ("--pl-ink", "--pl-felt"),
    ("--pl-ink", "--pl-me"),
    ("--pl-ink", "--pl-gold-soft"),
    ("--pl-muted", "--pl-surface"),
    ("--pl-muted", "--pl-surface-2"),
    ("--pl-muted", "--pl-felt"),
    ("--pl-muted", "--pl-me"),
    ("--pl-accent", "--pl-surface"),
    ("--pl-accent", "--pl-me"),
    ("--pl-on-accent", "--pl-accent"),
    ("--pl-on-accent", "--pl-accent-hover"),
    ("--pl-good", "--pl-surface"),
    ("--pl-good", "--pl-good-soft"),
    ("--pl-bad", "--pl-surface"),
    # the card faces (SVG text and pips) and the band of a wild card
    ("--pl-red", "--pl-paper"),
    ("--pl-black", "--pl-paper"),
    ("--pl-four-club", "--pl-paper"),
    ("--pl-four-diamond", "--pl-paper"),
    ("--pl-wild", "--pl-paper"),
    ("--pl-wild", "--pl-band"),
    ("--pl-red", "--pl-band"),
    ("--pl-black", "--pl-band"),
]


def palette(selector_start: str) -> dict[str, str]:
    """The --pl-* declarations of the rule whose selector begins with ``selector_start``."""
    start = CSS.index(selector_start)
    body = CSS[CSS.index("{", start) + 1 : CSS.index("}", start)]
    return dict(re.findall(r"(--pl-[\w-]+):\s*([^;]+);", body))


LIGHT = palette(".pl-root {")
DARK = palette('[data-jp-theme-light="false"] .pl-root')


def resolve(value: str, jupyterlab: dict[str, str] | None) -> str:
    """A colour as the page would compute it: ``var(--jp-x, fallback)`` is JupyterLab's value when given."""
    match = re.fullmatch(r"var\((--jp-[\w-]+),\s*(#[0-9a-fA-F]{6})\)", value.strip())
    if match:
        return jupyterlab[match.group(1)] if jupyterlab else match.group(2)
    return value.strip()


def rgb(colour: str) -> tuple[float, float, float]:
    match = re.fullmatch(r"#([0-9a-fA-F]{2})([0-9a-fA-F]{2})([0-9a-fA-F]{2})", colour)
    assert match, f"{colour!r} is not a #rrggbb colour"
    return tuple(int(part, 16) / 255 for part in match.groups())  # type: ignore[return-value]


def luminance(colour: str) -> float:
    def linear(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(v) for v in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize(
    ("name", "colours", "jupyterlab"),
    [
        ("light, plain page", LIGHT, None),
        ("light, JupyterLab Light", LIGHT, JUPYTERLAB["light"]),
        ("dark, plain page", DARK, None),
        ("dark, JupyterLab Dark", DARK, JUPYTERLAB["dark"]),
    ],
)
def test_every_text_colour_meets_wcag_aa_on_its_background(
    name: str, colours: dict[str, str], jupyterlab: dict[str, str] | None
) -> None:
    poor = []
    for text, background in TEXT_PAIRS:
        fg, bg = resolve(colours[text], jupyterlab), resolve(colours[background], jupyterlab)
        ratio = contrast(fg, bg)
        if ratio < 4.5:
            poor.append(f"{text} {fg} on {background} {bg}: {ratio:.2f}")
    assert not poor, f"below 4.5:1 in the {name} palette:\n" + "\n".join(poor)


def test_the_dark_palette_sets_every_colour_of_the_light_one() -> None:
    assert set(DARK) == set(LIGHT) - {"--pl-card-w"}
    assert luminance(resolve(DARK["--pl-paper"], None)) < 0.05, "dark cards keep a light face"
    assert luminance(resolve(DARK["--pl-ink"], None)) > 0.7


def test_rules_say_colours_through_the_palette() -> None:
    """Outside the two palettes, a colour is a var(--pl-...), except the card back (the same in both themes)
    and white text over it."""
    rules = CSS[CSS.index(".pl-root[data-size=\"small\"]") :]
    allowed = {".pl-back", ".pl-back-inner", ".pl-back-lattice", ".pl-stock-count", ".pl-card.pl-highlight"}
    literal = []
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", rules):
        selector = selector.strip().splitlines()[-1].strip()
        if re.search(r"#[0-9a-fA-F]{3,8}\b|rgba?\(", body) and selector not in allowed:
            literal.append(selector)
    assert not literal, f"colours written out instead of a --pl-* variable in: {literal}"


def test_every_widget_ships_the_symbol_font_and_both_palettes() -> None:
    widgets = [getattr(push_learn.widgets, name) for name in push_learn.widgets.__all__]
    assert len(widgets) >= 7
    for cls in widgets:
        css = str(cls._css)
        assert '@font-face {\n  font-family: "Push Learn Symbols";' in css, cls.__name__
        assert "src: url(data:font/woff2;base64,d09GM" in css, f"{cls.__name__}: the font is not a WOFF2"
        assert 'font-family: "Push Learn Symbols", system-ui' in css, cls.__name__
        assert '[data-jp-theme-light="false"] .pl-root' in css, cls.__name__
    ranges = re.search(r"unicode-range: ([^;]+);", CSS)
    assert ranges is not None
    assert ranges.group(1) == "U+2660, U+2663, U+2665, U+2666, U+1F0CF"  # ♠ ♣ ♥ ♦ 🃏 and nothing else


def test_the_landing_page_carries_the_same_font() -> None:
    package = Path(str(static_path("pl_common.css"))).parents[2]
    landing = (package / "apps/templates/voila/templates/push_learn/static/landing.css").read_text(encoding="utf-8")
    block = re.compile(r"/\* symbol-font:start.*?symbol-font:end \*/", re.DOTALL)
    found = block.search(landing)
    assert found is not None
    assert found.group(0) == block.search(CSS).group(0)  # type: ignore[union-attr]

