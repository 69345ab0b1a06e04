"""The catalogue of dashboards and the thin notebooks generated from it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import push_learn.apps
from push_learn.apps.catalogue import (
    DASHBOARDS,
    FAMILIES,
    FIRST_PATH,
    POKER_PATH,
    DashboardInfo,
    by_family,
    dashboard,
    notebook_json,
    notebook_text,
    write_notebooks,
)

CHECKOUT = Path(__file__).resolve().parents[2] / "notebooks" / "dashboards"


def test_slugs_titles_and_apps_are_unique() -> None:
    for attribute in ("slug", "title", "app"):
        values = [getattr(info, attribute) for info in DASHBOARDS]
        assert len(set(values)) == len(values), attribute


def test_every_app_named_in_the_catalogue_is_exported() -> None:
    for info in DASHBOARDS:
        assert callable(getattr(push_learn.apps, info.app)), info.app


def test_the_landing_page_paths_lead_a_newcomer_through_each_family_once() -> None:
    """The first path visits every Push Rummy dashboard but the class tables (played with classmates) once; the
    poker path visits every poker and three-card dashboard once, the hand rankings first; each step says why."""
    rummy = [slug for slug, _ in FIRST_PATH]
    poker = [slug for slug, _ in POKER_PATH]
    rummy_family, *poker_families = FAMILIES
    assert sorted(rummy) == sorted(i.slug for i in DASHBOARDS if i.family == rummy_family and i.slug != "class_tables")
    assert sorted(poker) == sorted(i.slug for i in DASHBOARDS if i.family in poker_families)
    assert poker[0] == "hand_rankings"
    for _, why in (*FIRST_PATH, *POKER_PATH):
        assert why[0].islower() and why.endswith("."), why


def test_lookup_by_slug() -> None:
    assert dashboard("meld_lab").title == "Meld Lab"
    with pytest.raises(KeyError, match="meld_lab"):
        dashboard("nope")


def test_notebook_is_one_code_cell_calling_from_query() -> None:
    info = dashboard("play_push")
    document = notebook_json(info)
    assert document["nbformat"] == 4
    (cell,) = document["cells"]
    assert cell["cell_type"] == "code"
    assert "".join(cell["source"]) == "from push_learn.apps import PlayPush\n\nPlayPush.from_query()"
    assert document["metadata"]["kernelspec"]["name"] == "python3"


def test_written_notebooks_are_valid_json(tmp_path: Path) -> None:
    paths = write_notebooks(tmp_path / "dash")
    assert [p.name for p in paths] == [info.notebook for info in DASHBOARDS]
    for path, info in zip(paths, DASHBOARDS, strict=True):
        assert json.loads(path.read_text(encoding="utf-8")) == notebook_json(info)


def test_committed_dashboard_notebooks_match_the_catalogue() -> None:
    """notebooks/dashboards/ holds exactly the generated notebooks (regenerate with write_notebooks)."""
    committed = sorted(p.name for p in CHECKOUT.glob("*.ipynb"))
    assert committed == sorted(info.notebook for info in DASHBOARDS)
    for info in DASHBOARDS:
        assert (CHECKOUT / info.notebook).read_text(encoding="utf-8") == notebook_text(info), info.notebook


def test_every_dashboard_belongs_to_a_known_family_and_rummy_is_the_default() -> None:
    assert {info.family for info in DASHBOARDS} <= set(FAMILIES)
    assert dashboard("meld_lab").family == "Push Rummy" == FAMILIES[0]
    assert dashboard("hand_rankings").family == "Poker"
    assert dashboard("three_card_trainer").family == "Three-card games"
    with pytest.raises(ValueError, match="the family of Dice is one of Push Rummy, Poker, Three-card games"):
        DashboardInfo("dice", "Dice", "DiceLab", "Roll dice.", family="Dice")


def test_by_family_lists_every_dashboard_once_in_the_families_order() -> None:
    groups = by_family()
    used = {info.family for info in DASHBOARDS}
    assert [family for family, _ in groups] == [family for family in FAMILIES if family in used]
    listed = [info for _, infos in groups for info in infos]
    assert sorted(info.slug for info in listed) == sorted(info.slug for info in DASHBOARDS)
    assert all(info.family == family for family, infos in groups for info in infos)
