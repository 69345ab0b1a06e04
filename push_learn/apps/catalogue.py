"""The list of dashboards: titles, blurbs and the thin notebooks that Voila serves.

This module imports no Jupyter package, so the server process (``push-learn serve``) can build its
landing page from it cheaply. Each dashboard is one notebook of one cell::

    from push_learn.apps import MeldLab
    MeldLab.from_query()

``write_notebooks(directory)`` writes those notebooks; the copies committed in
``notebooks/dashboards/`` are checked against it by the tests, so the two never drift apart.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FAMILIES: tuple[str, ...] = ("Push Rummy", "Poker", "Three-card games")
"""The families of games, in the order the landing page lists them, each under its own heading."""

__all__ = [
    "DASHBOARDS",
    "FAMILIES",
    "FIRST_PATH",
    "POKER_PATH",
    "DashboardInfo",
    "app_class",
    "by_family",
    "dashboard",
    "notebook_json",
    "write_notebooks",
]


@dataclass(frozen=True)
class DashboardInfo:
    """One dashboard: its notebook name, the App class that builds it, and how the landing page shows it."""

    slug: str
    """File stem of the notebook, such as ``meld_lab`` (served at ``/voila/render/meld_lab.ipynb``)."""
    title: str
    """The name students see, such as ``Meld Lab``."""
    app: str
    """Name of the App class in ``push_learn.apps``."""
    blurb: str
    """One sentence saying what a student does there."""
    choose_variant: bool = False
    """Whether the landing page offers a choice of game (Push, Cap-It, 6-7-8-9-10) for it."""
    family: str = FAMILIES[0]
    """The family of games it belongs to, one of ``FAMILIES``: the landing page groups the dashboards by it."""

    def __post_init__(self) -> None:
        if self.family not in FAMILIES:
            raise ValueError(f"the family of {self.title} is one of {', '.join(FAMILIES)}, not {self.family!r}")

    @property
    def notebook(self) -> str:
        """The notebook's file name."""
        return f"{self.slug}.ipynb"

    @property
    def source(self) -> str:
        """The code of the notebook's single cell."""
        return f"from push_learn.apps import {self.app}\n\n{self.app}.from_query()"

    def __str__(self) -> str:
        """The title and the blurb."""
        return f"{self.title}: {self.blurb}"


DASHBOARDS: tuple[DashboardInfo, ...] = (
    DashboardInfo(
        "meld_lab",
        "Meld Lab",
        "MeldLab",
        "Pick cards from a hand and see every way they form a set or a run, or why they cannot.",
    ),
    DashboardInfo(
        "rescue_lab",
        "Rescue Lab",
        "RescueLab",
        "Find the wild cards on the table that a natural card from your hand can set free.",
    ),
    DashboardInfo(
        "push_or_take",
        "Push or Take",
        "PushOrTake",
        "Take the up-card, or push it with a stock card to the next player and draw; see what each choice gives whom.",
    ),
    DashboardInfo(
        "score_sheet",
        "Score Sheet",
        "ScoreSheetLab",
        "Read the score pad of a whole match, deal by deal, with the penalty of every card left in hand.",
    ),
    DashboardInfo(
        "deal_replayer",
        "Deal Replayer",
        "DealReplayer",
        "Replay a whole match move by move, forwards and backwards, with every hand open.",
    ),
    DashboardInfo(
        "play_push",
        "Play Push",
        "PlayPush",
        "Play a match of Push, Cap-It or 6-7-8-9-10 against computer players.",
        choose_variant=True,
    ),
    DashboardInfo(
        "class_tables",
        "Class tables",
        "ClassTables",
        "Sit at a table with your classmates (Push and its variants, Push stud, Screw Your Neighbor or three-card "
        "brag), each seeing only their own cards.",
    ),
    DashboardInfo(
        "hand_rankings",
        "Hand rankings",
        "HandRankings",
        "Pick two poker hands of five or three cards: what each is, where it ranks among all hands, and which wins.",
        family="Poker",
    ),
    DashboardInfo(
        "three_card_trainer",
        "Three Card Poker trainer",
        "ThreeCardPokerTrainer",
        "Play Three Card Poker against the dealer and see the exact strategy's verdict on every play or fold.",
        family="Three-card games",
    ),
    DashboardInfo(
        "push_stud",
        "Push Stud",
        "PushStud",
        "Play a deal of Push stud against computer players: keep or push each card offered, then bet.",
        family="Poker",
    ),
    DashboardInfo(
        "screw_your_neighbor",
        "Screw Your Neighbor",
        "ScrewYourNeighbor",
        "Play a deal of Screw Your Neighbor: push cards on, replace one, declare high or low in secret, split the pot.",
        family="Poker",
    ),
    DashboardInfo(
        "brag",
        "Brag",
        "Brag",
        "Play three-card brag against computer players: bet blind or look, see, cover the pot, and read the showdown.",
        family="Three-card games",
    ),
    DashboardInfo(
        "poker_replayer",
        "Poker Replayer",
        "PokerReplay",
        "Step through a poker hand move by move, from one player's chair or with every card face up.",
        family="Poker",
    ),
)


FIRST_PATH: tuple[tuple[str, str], ...] = (
    ("meld_lab", "learn what a meld is: pick cards and see whether they make a set or a run, and why not."),
    ("push_or_take", "make the choice of every turn: take the up-card, or push it to the next player."),
    ("play_push", "play a whole game against the computer, with a hint button when you are unsure."),
    ("score_sheet", "see how the cards left in your hand count against you after each deal."),
    ("rescue_lab", "once you can go down, win back wild cards from the melds on the table."),
    ("deal_replayer", "replay a whole game move by move and try your own moves instead."),
)
"""The order a newcomer tries the dashboards in, each with what they learn there (the landing page's first path)."""

POKER_PATH: tuple[tuple[str, str], ...] = (
    ("hand_rankings", "pick two hands and see which one wins, and why: the ranks every poker game here uses."),
    ("push_stud", "keep or push each card you are offered, then bet, against the computer."),
    ("screw_your_neighbor", "push cards on, replace one, then declare high or low in secret."),
    ("poker_replayer", "step through a hand again, from your own chair or with every card face up."),
    ("three_card_trainer", "play or fold against the dealer and see the exact strategy's verdict on each choice."),
    ("brag", "bet blind or look at your cards, see or cover the pot, and read the showdown."),
)
"""The same for a newcomer who came for the poker games (the landing page's poker path)."""


def by_family() -> list[tuple[str, list[DashboardInfo]]]:
    """The dashboards grouped by family, in the order of ``FAMILIES`` (a family with none is left out)."""
    groups = [(family, [info for info in DASHBOARDS if info.family == family]) for family in FAMILIES]
    return [(family, infos) for family, infos in groups if infos]


def app_class(slug: str) -> str:
    """The CSS class of the App box of the dashboard ``slug`` (the page's own part, which tests and scripts
    look for).

    >>> app_class("meld_lab")
    'pl-app-meld-lab'
    """
    return f"pl-app-{slug.replace('_', '-')}"


def dashboard(slug: str) -> DashboardInfo:
    """The dashboard whose notebook stem is ``slug``; raises KeyError naming the known ones otherwise."""
    for info in DASHBOARDS:
        if info.slug == slug:
            return info
    known = ", ".join(info.slug for info in DASHBOARDS)
    raise KeyError(f"there is no dashboard called {slug!r}; the dashboards are {known}")


def notebook_json(info: DashboardInfo) -> dict[str, Any]:
    """The thin notebook of a dashboard as an nbformat 4 document (a plain dict; nbformat is not imported)."""
    return {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": info.slug.replace("_", "-"),
                "metadata": {},
                "outputs": [],
                "source": info.source.splitlines(keepends=True),
            }
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
            "title": info.title,
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def notebook_text(info: DashboardInfo) -> str:
    """The notebook file's exact text (JSON with one-space indent, as Jupyter writes it)."""
    return json.dumps(notebook_json(info), indent=1, ensure_ascii=False) + "\n"


def write_notebooks(directory: Path) -> list[Path]:
    """Write every dashboard's notebook into ``directory`` (created if missing); return the paths written."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for info in DASHBOARDS:
        path = directory / info.notebook
        path.write_text(notebook_text(info), encoding="utf-8")
        paths.append(path)
    return paths
