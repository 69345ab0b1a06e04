"""Reading the tutorials as stored JSON: shared by the tutorial tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
TUTORIALS = sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))


def load(path: Path) -> dict[str, Any]:
    """The notebook as plain JSON."""
    return json.loads(path.read_text(encoding="utf-8"))


def source(cell: dict[str, Any]) -> str:
    """A cell's source as one string."""
    text = cell["source"]
    return text if isinstance(text, str) else "".join(text)


def output_text(cell: dict[str, Any]) -> str:
    """Every text a code cell printed or returned."""
    parts = []
    for output in cell.get("outputs", []):
        text = output.get("text") or output.get("data", {}).get("text/plain", "")
        parts.append(text if isinstance(text, str) else "".join(text))
    return "".join(parts)


def tags(cell: dict[str, Any]) -> list[str]:
    """The cell's tags."""
    return list(cell.get("metadata", {}).get("tags", []))


def code_cells(notebook: dict[str, Any]) -> list[dict[str, Any]]:
    """The code cells in order."""
    return [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
