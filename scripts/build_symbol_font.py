"""Build "Push Learn Symbols", the tiny font that draws the joker and the four suits in text.

Why a font: card faces are SVG already, but the symbols also appear in running text (a meld's reading
"5♣ 🃏 7♣", a button "Rescue 🃏 with 10♥", notices, the game log, the landing page). A machine without an
emoji font draws 🃏 with whatever it has (Debian's Chromium: DejaVu Sans' boxed star) or a blank box.
A font keeps that text plain text: screen readers, accessible names, copy and paste and every test that
finds a button by its name see exactly the same characters, and it reaches text we do not draw ourselves
(ipywidgets labels, the landing page) with one CSS ``font-family`` entry. Its glyphs are our own
drawings (no licence to carry): the ``SUIT_PATH`` and ``JOKER_PATH`` shapes of
``push_learn/widgets/static/pl_common.js`` (read from that file, so the cards and the text never differ).

The font (WOFF2, about 1 KB) is written as a ``data:`` URL into an ``@font-face`` block, between marker
comments, of every style sheet that needs it: the widgets' ``pl_common.css`` and the landing page's
``landing.css`` (the teacher's pages, written in Python, take that block from ``landing.css`` through
``push_learn.apps.symbol_font``). Its ``unicode-range`` limits it to those five characters, so the rest of the
text keeps the system font.

Run after changing a drawing (needs ``fonttools``, ``skia-pathops`` and ``brotli``, which the package
itself does not)::

    pip install fonttools skia-pathops brotli
    python scripts/build_symbol_font.py          # rewrites the blocks; --check only compares
"""

from __future__ import annotations

import argparse
import base64
import io
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "push_learn" / "widgets" / "static" / "pl_common.js"
TARGETS = (
    ROOT / "push_learn" / "widgets" / "static" / "pl_common.css",
    ROOT / "push_learn" / "apps" / "templates" / "voila" / "templates" / "push_learn" / "static" / "landing.css",
)
FAMILY = "Push Learn Symbols"
START = "/* symbol-font:start (written by scripts/build_symbol_font.py; do not edit) */"
END = "/* symbol-font:end */"

UPM = 1000
SCALE = 7.4
"""Font units per unit of the drawings' 100 x 100 box: a symbol about as tall as a capital letter."""
BASE = 96
"""The drawings' y that sits just below the baseline."""
SIDE = 50
"""Blank font units left of each drawing (and right of it)."""
ADVANCE = SIDE * 2 + round(100 * SCALE)

GLYPHS = {0x2663: ("club", "SUIT_PATH", "C", SCALE), 0x2666: ("diamond", "SUIT_PATH", "D", SCALE),
          0x2665: ("heart", "SUIT_PATH", "H", SCALE), 0x2660: ("spade", "SUIT_PATH", "S", SCALE),
          0x1F0CF: ("joker", "JOKER_PATH", None, SCALE * 1.2)}
"""Code point: glyph name, the drawing's constant in pl_common.js (and its key), font units per drawing unit.
The joker is drawn larger: the cap is wide and low, and at text size it must not shrink to a crown."""


def js_string(source: str, name: str, key: str | None) -> str:
    """The path text of ``const NAME = "..." + "..."`` or of ``key: "..." + "..."`` inside ``const NAME = {...}``."""
    head = f"const {name} ="
    body = source[source.index(head) + len(head):]
    if key is not None:
        body = body[re.search(rf"\n\s*{key}:", body).end():]  # type: ignore[union-attr]
    expression = re.match(r'\s*((?:"[^"]*"\s*\+?\s*)+)', body)
    if expression is None:
        raise SystemExit(f"cannot read {name}{'.' + key if key else ''} from {JS}")
    return "".join(re.findall(r'"([^"]*)"', expression.group(1)))


def build_font(source: str) -> bytes:
    """The WOFF2 bytes of the font, its outlines drawn from the paths in ``source`` (pl_common.js)."""
    import pathops  # type: ignore[import-not-found,unused-ignore]
    from fontTools.fontBuilder import FontBuilder  # type: ignore[import-not-found,unused-ignore]
    from fontTools.misc.timeTools import timestampFromString  # type: ignore[import-not-found,unused-ignore]
    from fontTools.pens.t2CharStringPen import T2CharStringPen  # type: ignore[import-not-found,unused-ignore]
    from fontTools.pens.transformPen import TransformPen  # type: ignore[import-not-found,unused-ignore]
    from fontTools.svgLib.path import parse_path  # type: ignore[import-not-found,unused-ignore]

    names = [".notdef", "space"]
    cmap = {0x20: "space"}
    charstrings = {}
    metrics = {".notdef": (ADVANCE, 0), "space": (ADVANCE // 2, 0)}
    charstrings[".notdef"] = T2CharStringPen(ADVANCE, None).getCharString()
    charstrings["space"] = T2CharStringPen(ADVANCE // 2, None).getCharString()
    for code, (glyph, const, key, scale) in GLYPHS.items():
        path = pathops.Path()
        flip = (scale, 0, 0, -scale, SIDE, BASE * scale)  # the drawings' y grows downwards, a font's upwards
        parse_path(js_string(source, const, key), TransformPen(path.getPen(), flip))
        path.simplify(fix_winding=True)  # one outline: overlapping circles and stems become a union
        advance = SIDE * 2 + round(100 * scale)
        pen = T2CharStringPen(advance, None)
        path.draw(pen)
        charstrings[glyph] = pen.getCharString()
        metrics[glyph] = (advance, round(path.bounds[0]))
        names.append(glyph)
        cmap[code] = glyph
    builder = FontBuilder(UPM, isTTF=False)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap(cmap)
    builder.setupCFF(FAMILY.replace(" ", ""), {"FullName": FAMILY}, charstrings, {})
    builder.setupHorizontalMetrics(metrics)
    builder.setupHorizontalHeader(ascent=900, descent=-250)
    builder.setupNameTable({"familyName": FAMILY, "styleName": "Regular",
                            "copyright": "push_learn authors, MIT licence (drawings from pl_common.js)"})
    builder.setupOS2(sTypoAscender=900, sTypoDescender=-250, usWinAscent=900, usWinDescent=250)
    builder.setupPost()
    stamp = timestampFromString("Thu Jan  1 00:00:00 2026")  # the same bytes on every run
    builder.font["head"].created = builder.font["head"].modified = stamp
    builder.font.flavor = "woff2"
    out = io.BytesIO()
    builder.font.save(out)
    return out.getvalue()


def font_face(woff2: bytes) -> str:
    """The ``@font-face`` block, between its markers."""
    ranges = ", ".join(f"U+{code:X}" for code in sorted(GLYPHS))
    data = base64.b64encode(woff2).decode("ascii")
    return (f"{START}\n@font-face {{\n  font-family: \"{FAMILY}\";\n  font-display: block;\n"
            f"  unicode-range: {ranges};\n  src: url(data:font/woff2;base64,{data}) format(\"woff2\");\n}}\n{END}")


def main(argv: list[str] | None = None) -> int:
    """Build the symbol font's style sheet blocks (or, with ``--check``, fail when one is out of date)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if a style sheet's block is out of date")
    args = parser.parse_args(argv)
    block = font_face(build_font(JS.read_text(encoding="utf-8")))
    stale = []
    for target in TARGETS:
        text = target.read_text(encoding="utf-8")
        pattern = re.compile(re.escape(START) + r".*?" + re.escape(END), re.DOTALL)
        new = pattern.sub(lambda _m: block, text) if pattern.search(text) else f"{block}\n{text}"
        if new != text:
            stale.append(target)
            if not args.check:
                target.write_text(new, encoding="utf-8")
    for target in stale:
        print(f"{'out of date' if args.check else 'wrote'}: {target.relative_to(ROOT)}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
