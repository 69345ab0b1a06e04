"""The "Push Learn Symbols" font for the pages the server writes itself (the teacher's dashboard and watch pages).

The dashboards and the landing page draw the joker and the four suits in text with our own small font, so a
machine without an emoji font never shows 🃏 as a box (``scripts/build_symbol_font.py`` writes its ``@font-face``
block into their style sheets). Pages written in Python take the very block of the landing page's style sheet,
so there is one copy of the font to rebuild.

>>> font_face().startswith("@font-face") and font_family() in font_face()
True
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

__all__ = ["LANDING_CSS", "font_face", "font_family", "font_stack"]

LANDING_CSS = Path(__file__).resolve().parent / "templates/voila/templates/push_learn/static/landing.css"
"""The landing page's style sheet, which holds the font's ``@font-face`` block between marker comments."""
_BLOCK = re.compile(r"/\* symbol-font:start[^*]*\*/\s*(@font-face \{.*?\})\s*/\* symbol-font:end \*/", re.S)
_FAMILY = re.compile(r'font-family:\s*"([^"]+)"')


@cache
def font_face() -> str:
    """The font's ``@font-face`` rule (a ``data:`` URL, about 1.4 KB), as the landing page's style sheet has it."""
    found = _BLOCK.search(LANDING_CSS.read_text(encoding="utf-8"))
    if found is None:
        raise RuntimeError(f"{LANDING_CSS} has no symbol-font block: run scripts/build_symbol_font.py")
    return found.group(1)


def font_family() -> str:
    """The font's name, as its ``@font-face`` rule gives it (``scripts/build_symbol_font.py`` names it once).

    >>> font_family()
    'Push Learn Symbols'
    """
    found = _FAMILY.search(font_face())
    if found is None:
        raise RuntimeError(f"the symbol-font block of {LANDING_CSS} names no font-family")
    return found.group(1)


def font_stack(*fallbacks: str) -> str:
    """A CSS ``font-family`` value that draws the joker and the suits with our font and the rest with ``fallbacks``.

    >>> font_stack("system-ui", "sans-serif")
    '"Push Learn Symbols", system-ui, sans-serif'
    """
    return ", ".join((f'"{font_family()}"', *fallbacks))
