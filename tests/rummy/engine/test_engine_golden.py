"""Golden records: whole seeded matches of each variant, replayed and compared state by state and event by event.

The files in tests/data were written by ``python tests/rummy/engine/rummy_engine_support.py``; regenerate
them only after a deliberate change to the rules or the record format, and say so in the commit.
"""

from __future__ import annotations

import json

import pytest
from rummy_engine_support import GOLDEN_CASES, GOLDEN_DIR, state_digest

from push_learn.records import Record
from push_learn.rummy.engine import legacy_rummy_record, match_states, rules_from_json


@pytest.mark.parametrize("name", sorted(GOLDEN_CASES))
def test_golden_matches_replay_identically(name: str) -> None:
    data = json.loads((GOLDEN_DIR / f"rummy_engine_golden_{name}.json").read_text())
    assert len(data["matches"]) == len(GOLDEN_CASES[name])
    for case, stored in zip(GOLDEN_CASES[name], data["matches"], strict=True):
        # the stored records are in the older rummy format (version 1): upgraded here, seats filled in
        record = legacy_rummy_record(stored["record"]) or Record.from_dict(stored["record"])
        assert (rules_from_json(dict(record.rules)), record.seed) == case[:2]
        steps = stored["steps"]
        assert len(steps) == len(record) + 1
        seen = 0
        for index, match in enumerate(match_states(record)):
            events = [event.to_json() for event in match.events[seen:]]
            seen = len(match.events)
            assert events == steps[index]["events"], f"{name}: events differ at step {index}"
            assert state_digest(match) == steps[index]["state"], f"{name}: state differs at step {index}"
        assert match.over and len(match.results) == 5
