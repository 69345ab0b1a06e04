"""Golden records: whole seeded matches of each variant, replayed and compared state by state and event by event.

The files in tests/data were written by ``python tests/rummy/engine/rummy_engine_support.py``; regenerate
them only after a deliberate change to the rules or the record format, and say so in the commit.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from rummy_engine_support import GOLDEN_CASES, GOLDEN_DIR, state_digest

from push_learn.records import Record
from push_learn.rummy.engine import legacy_rummy_record, match_states, rules_from_json
from push_learn.rummy.rules import RummyRules


def _replays_identically(path: Path, cases: list[tuple[RummyRules, int, int]], name: str, older: bool) -> None:
    data = json.loads(path.read_text())
    assert len(data["matches"]) == len(cases)
    for case, stored in zip(cases, data["matches"], strict=True):
        # files in the older rummy format (version 1) are upgraded here, seats filled in
        record = legacy_rummy_record(stored["record"]) or Record.from_dict(stored["record"])
        rules = rules_from_json(dict(record.rules))
        expected = case[0]
        if older:  # written before 6-7-8-9-10's first player moved right (D-ENG-17) and sets lost their cap
            expected = replace(expected, first_from_right=False, set_distinct_suits=expected.decks == 1)
        assert (rules, record.seed) == (expected, case[1])
        steps = stored["steps"]
        assert len(steps) == len(record) + 1
        seen = 0
        for index, match in enumerate(match_states(record)):
            events = [event.to_json() for event in match.events[seen:]]
            seen = len(match.events)
            assert events == steps[index]["events"], f"{name}: events differ at step {index}"
            assert state_digest(match) == steps[index]["state"], f"{name}: state differs at step {index}"
        assert match.over and len(match.results) == 5


@pytest.mark.parametrize("name", sorted(GOLDEN_CASES))
def test_golden_matches_replay_identically(name: str) -> None:
    _replays_identically(GOLDEN_DIR / f"rummy_engine_golden_{name}.json", GOLDEN_CASES[name], name, older=False)


def test_a_six_to_ten_file_saved_before_the_first_player_moved_replays_under_its_own_rules() -> None:
    """Old records keep the rules they were played by: their rules lack ``first_from_right``, so the
    dealer's left still leads there, and every step replays as it was."""
    path = GOLDEN_DIR / "legacy_six_to_ten_golden_v1.json"
    assert "first_from_right" not in json.loads(path.read_text())["matches"][0]["record"]["rules"]
    _replays_identically(path, GOLDEN_CASES["six_to_ten"], "six_to_ten (older)", older=True)
