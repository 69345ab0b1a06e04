"""The games and bot levels the class pages offer and name come from the game catalogue, so a level a game adds is
never missing and a title or usual level the catalogue changes is the form's too (both backends for the teacher's
form)."""

from __future__ import annotations

import dataclasses
import re

import pytest
from test_class_service import run, signed_in_teacher
from tornado.httpclient import AsyncHTTPClient

from push_learn.apps.access import KernelOwners
from push_learn.classroom import Store
from push_learn.classroom.service import ClassService, assignment_games, bot_words, describe, level_words
from push_learn.classroom.teacher import render_class
from push_learn.games import GAMES


def test_every_level_of_the_catalogue_has_its_words() -> None:
    words = level_words()
    assert list(words) == list(dict.fromkeys(level for spec in GAMES.values() for level in spec.bots))
    assert {"random", "greedy", "search", "threshold", "sensible", "strategy"} <= set(words)
    assert words["search"] == "searching bots" and words["threshold"] == "threshold bots"
    assert list(level_words(["push_stud"])) == list(GAMES["push_stud"].bots)
    assert bot_words("sensible") == "sensible bots"


def test_a_level_a_game_adds_is_offered_and_accepted_for_its_assignments(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    push = GAMES["push"]
    monkeypatch.setitem(GAMES, "push", dataclasses.replace(push, bots={**push.bots, "expert": push.bots["greedy"]}))
    assert level_words(assignment_games())["expert"] == "expert bots"
    code = store.create_class("Year 9").code
    page = render_class(ClassService(store, b"key"), store.class_info(code), "xsrf")
    assert '<option value="expert">expert bots</option>' in page
    assert '<option value="greedy" selected>greedy bots</option>' in page

    async def scenario(store: Store, service: ClassService, owners: KernelOwners, base: str, port: int) -> None:
        teacher = await signed_in_teacher(AsyncHTTPClient(), base)
        form = {"action": "assign", "code": code, "variant": "push", "deal": "12"}
        refused = await teacher.send("POST", "/push_learn/teacher", {**form, "level": "threshold"}, form=True)
        assert refused.code == 400 and "choose a game and a bot level from the lists" in refused.body.decode()
        said = await teacher.send("POST", "/push_learn/teacher", {**form, "level": "expert"}, form=True)
        assert said.code == 303
        assert describe(store.assignments(code)[0]) == "Push, deal 12, against expert bots"

    run(store, scenario)


def test_the_assignment_form_offers_the_catalogues_games_titles_and_usual_bots(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game of the catalogue with its usual bots; Three Card Poker, played against the dealer, with none
    (D-CLS-10)."""
    assert list(assignment_games()) == [game for game, spec in GAMES.items()
                                        if spec.family in ("rummy", "stud", "three_card")]
    # a title and a usual level the catalogue changes are the form's and the landing page's
    monkeypatch.setitem(GAMES, "push", dataclasses.replace(GAMES["push"], title="Push rummy", default_level="search"))
    monkeypatch.setitem(GAMES, "cap_it", dataclasses.replace(GAMES["cap_it"], default_level="random"))
    code = store.create_class("Year 9").code
    page = render_class(ClassService(store, b"key"), store.class_info(code), "xsrf")
    for game, spec in assignment_games().items():
        bots, usual = ("", "") if spec.against_dealer else (" ".join(spec.bots), spec.default_level)
        assert re.search(f'<option value="{game}" data-players="[^"]*" data-bots="{bots}" '
                         f'data-usual="{usual}" [^>]*>{spec.title}</option>', page)
    assert re.search('<option value="push" [^>]*>Push rummy</option>', page)
    assert '<option value="search" selected>searching bots</option>' in page
    assert '<option value="greedy" selected>' not in page

    async def scenario(store: Store, service: ClassService, owners: KernelOwners, base: str, port: int) -> None:
        teacher = await signed_in_teacher(AsyncHTTPClient(), base)
        form = {"action": "assign", "code": code, "deal": "12"}
        refused = await teacher.send("POST", "/push_learn/teacher", {**form, "variant": "poker_dice"}, form=True)
        assert refused.code == 400 and "choose a game and a bot level from the lists" in refused.body.decode()
        # a level the game does not offer: said with the game's own bots
        refused = await teacher.send("POST", "/push_learn/teacher", {**form, "variant": "screw", "level": "greedy"},
                                     form=True)
        assert refused.code == 400 and "Screw Your Neighbor is played against random bots or threshold bots" in \
            refused.body.decode()
        # no level sent: the game's usual bots; no game sent: the catalogue's first assignment game
        said = await teacher.send("POST", "/push_learn/teacher", {**form, "variant": "cap_it"}, form=True)
        assert said.code == 303
        assert describe(store.assignments(code)[0]) == "Cap-It, deal 12, against random bots"
        said = await teacher.send("POST", "/push_learn/teacher", {**form, "deal": "13"}, form=True)
        assert said.code == 303
        assert describe(store.assignments(code)[0]) == "Push rummy, deal 13, against searching bots"

    run(store, scenario)
