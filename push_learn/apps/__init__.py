"""Voila dashboards: one App class per dashboard, composing the widgets of ``push_learn.widgets``.

Each dashboard notebook in ``notebooks/dashboards/`` is one cell::

    from push_learn.apps import MeldLab
    MeldLab.from_query()   # reads ?seed=N (and ?variant=) from the page address under Voila

``push-learn serve`` (``push_learn.apps.serve``) serves them with a landing page. The App classes are
imported lazily, so the server process, which only needs the catalogue, never loads the widgets.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from push_learn.apps.catalogue import DASHBOARDS, DashboardInfo

if TYPE_CHECKING:
    from push_learn.apps.base import App
    from push_learn.apps.brag import Brag
    from push_learn.apps.class_tables import ClassTables
    from push_learn.apps.deal_replayer import DealReplayer
    from push_learn.apps.hand_rankings import HandRankings
    from push_learn.apps.meld_lab import MeldLab
    from push_learn.apps.play_push import PlayPush
    from push_learn.apps.poker_replay import PokerReplay
    from push_learn.apps.poker_table import PushStud, ScrewYourNeighbor
    from push_learn.apps.push_or_take import PushOrTake
    from push_learn.apps.rescue_lab import RescueLab
    from push_learn.apps.score_sheet import ScoreSheetLab
    from push_learn.apps.three_card_trainer import ThreeCardPokerTrainer

__all__ = [
    "DASHBOARDS",
    "App",
    "Brag",
    "ClassTables",
    "DashboardInfo",
    "DealReplayer",
    "HandRankings",
    "MeldLab",
    "PlayPush",
    "PokerReplay",
    "PushOrTake",
    "PushStud",
    "RescueLab",
    "ScoreSheetLab",
    "ScrewYourNeighbor",
    "ThreeCardPokerTrainer",
]

_LAZY: dict[str, str] = {
    "App": "push_learn.apps.base",
    "Brag": "push_learn.apps.brag",
    "ClassTables": "push_learn.apps.class_tables",
    "DealReplayer": "push_learn.apps.deal_replayer",
    "HandRankings": "push_learn.apps.hand_rankings",
    "MeldLab": "push_learn.apps.meld_lab",
    "PlayPush": "push_learn.apps.play_push",
    "PokerReplay": "push_learn.apps.poker_replay",
    "PushOrTake": "push_learn.apps.push_or_take",
    "PushStud": "push_learn.apps.poker_table",
    "RescueLab": "push_learn.apps.rescue_lab",
    "ScoreSheetLab": "push_learn.apps.score_sheet",
    "ScrewYourNeighbor": "push_learn.apps.poker_table",
    "ThreeCardPokerTrainer": "push_learn.apps.three_card_trainer",
}


def __getattr__(name: str) -> Any:
    """Import an App class on first use (``from push_learn.apps import MeldLab``)."""
    if name in _LAZY:
        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'push_learn.apps' has no attribute {name!r}")
