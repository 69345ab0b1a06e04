"""RULES-DECISIONS.md is the project's record of what it decided: each id once, each cited id real.

The rules' authority lives outside the repository, so code and docs cite decision ids (D-...) and the
ambiguity register's ids (A-...) that the decisions quote, never sections of a file a reader lacks.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).parents[1]
ROW = re.compile(r"^\| (D-[A-Z0-9]+-\d+) \|", re.MULTILINE)
CITED = re.compile(r"\bD-[A-Z0-9]+-\d+\b")


def _sources() -> list[Path]:
    return [*ROOT.joinpath("push_learn").rglob("*.py"), *ROOT.joinpath("docs").rglob("*.md"), ROOT / "README.md"]


def test_every_decision_id_is_defined_once() -> None:
    ids = Counter(ROW.findall((ROOT / "RULES-DECISIONS.md").read_text(encoding="utf-8")))
    assert ids and [name for name, count in ids.items() if count > 1] == []


def test_every_cited_decision_exists() -> None:
    defined = set(ROW.findall((ROOT / "RULES-DECISIONS.md").read_text(encoding="utf-8")))
    missing = {(path.name, name) for path in _sources() for name in CITED.findall(path.read_text(encoding="utf-8"))
               if name not in defined}
    assert missing == set()


def test_no_code_points_readers_at_a_file_outside_the_repository() -> None:
    outside = [path.name for path in ROOT.joinpath("push_learn").rglob("*.py")
               if re.search(r"RULES\.md\b", path.read_text(encoding="utf-8"))]
    assert outside == []
