"""The dashboards' gallery (docs/dashboards.md) and its pictures, as scripts/screenshots.py writes them."""

from __future__ import annotations

import re
import struct
from pathlib import Path

from script_modules import load_script

from push_learn.apps.catalogue import DASHBOARDS, FAMILIES

ROOT = Path(__file__).resolve().parents[1]
LARGEST = 250 * 1024
"""A picture in the docs stays small: one viewport of about 1200 x 800, never a whole long page."""


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's header."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_the_committed_gallery_is_what_the_script_writes() -> None:
    gallery = (ROOT / "docs" / "dashboards.md").read_text(encoding="utf-8")
    assert gallery == load_script("scripts/screenshots.py").gallery_text()


def test_every_picture_in_the_gallery_exists_and_is_one_small_viewport() -> None:
    gallery = (ROOT / "docs" / "dashboards.md").read_text(encoding="utf-8")
    pictures = re.findall(r"!\[[^\]]*\]\(img/([\w.-]+\.png)\)", gallery)
    assert "landing.png" in pictures and len(pictures) > 1
    for name in pictures:
        path = ROOT / "docs" / "img" / name
        assert path.is_file(), name
        assert path.stat().st_size <= LARGEST, f"{name} is {path.stat().st_size // 1024} KB"
        width, height = png_size(path)
        assert 1000 <= width <= 1400 and 600 <= height <= 1000, f"{name} is {width} x {height}"


def test_the_gallery_lists_pictured_dashboards_by_family(tmp_path: Path) -> None:
    images = tmp_path / "img"
    images.mkdir()
    (images / "landing.png").write_bytes(b"")
    last = DASHBOARDS[-1]
    (images / f"{last.slug}.png").write_bytes(b"")
    text = load_script("scripts/screenshots.py").gallery_text(images)
    assert "![The top of the landing page](img/landing.png)" in text
    assert f"## {last.family}\n\n### {last.title}\n\n{last.blurb}\n\n![{last.title}](img/{last.slug}.png)" in text
    others = [family for family in FAMILIES if family != last.family]
    assert all(f"## {family}\n" not in text for family in others), "a family with no picture has no heading"
    assert all(f"### {info.title}\n" not in text for info in DASHBOARDS[:-1])
