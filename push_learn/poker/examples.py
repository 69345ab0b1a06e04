"""Worked examples of the poker family kept as records in the package.

``seed_004_record()`` is the Screw Your Neighbor hand that seed 004 walks through: six players (ASH
deals; JIM, RIZ, IKE, JOE, EVE), its down cards, every card pushed, kept, replaced and filled, every
bet and the declarations, ending with IKE's jack-high flush taking the high half and RIZ's 8-7 low
the low half. The cards the seed names are stacked on the deck (``deck_top``) in the order they are
dealt, so the record replays the seed's deal exactly (``push_learn.poker.stud_records.load_stud``).

>>> record = seed_004_record()
>>> record.game, record.players[0], len(record.actions)
('screw', 'ASH', 69)
"""

from __future__ import annotations

from importlib import resources

from push_learn.records import Record

__all__ = ["SEED_004_FILE", "seed_004_record"]

SEED_004_FILE = "screw_seed004.json"
"""The file of the seed 004 hand in ``push_learn/poker/data/``."""


def seed_004_record() -> Record:
    """The seed 004 Screw Your Neighbor hand as a record (read from the package's data)."""
    text = resources.files("push_learn.poker").joinpath("data", SEED_004_FILE).read_text(encoding="utf-8")
    return Record.from_json(text)
