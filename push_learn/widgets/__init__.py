"""Jupyter widgets for the Push family (rummy and poker), built with anywidget (one synced JSON state per widget).

``from push_learn.widgets import MeldExplorer`` loads only that widget's module: importing this
package itself is quick, and each widget class is imported the first time it is named.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from push_learn.widgets.brag_table import BragTable
    from push_learn.widgets.deal_stepper import DealStepper
    from push_learn.widgets.hand_ranker import HandRanker
    from push_learn.widgets.hand_view import HandView
    from push_learn.widgets.meld_explorer import MeldExplorer
    from push_learn.widgets.play_table import PlayTable
    from push_learn.widgets.poker_replayer import PokerReplayer
    from push_learn.widgets.poker_table import PokerTable
    from push_learn.widgets.push_choice import PushChoice
    from push_learn.widgets.rescue_view import RescueView
    from push_learn.widgets.score_sheet import ScoreSheet
    from push_learn.widgets.three_card_trainer import ThreeCardTrainer

__all__ = [
    "BragTable",
    "DealStepper",
    "HandRanker",
    "HandView",
    "MeldExplorer",
    "PlayTable",
    "PokerReplayer",
    "PokerTable",
    "PushChoice",
    "RescueView",
    "ScoreSheet",
    "ThreeCardTrainer",
]

_WHERE = {
    "BragTable": "push_learn.widgets.brag_table",
    "DealStepper": "push_learn.widgets.deal_stepper",
    "HandRanker": "push_learn.widgets.hand_ranker",
    "HandView": "push_learn.widgets.hand_view",
    "MeldExplorer": "push_learn.widgets.meld_explorer",
    "PlayTable": "push_learn.widgets.play_table",
    "PokerTable": "push_learn.widgets.poker_table",
    "PokerReplayer": "push_learn.widgets.poker_replayer",
    "PushChoice": "push_learn.widgets.push_choice",
    "RescueView": "push_learn.widgets.rescue_view",
    "ScoreSheet": "push_learn.widgets.score_sheet",
    "ThreeCardTrainer": "push_learn.widgets.three_card_trainer",
}


def __getattr__(name: str) -> Any:
    """Import a widget class the first time it is asked for."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'push_learn.widgets' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The widget names, for tab completion."""
    return sorted(set(globals()) | set(__all__))
