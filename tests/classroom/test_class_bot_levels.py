"""The bot levels the class pages offer and name come from the game catalogue, so a level a game adds is never
missing (both backends for the teacher's form)."""

from __future__ import annotations

import dataclasses

import pytest
from test_class_service import TEACHER_KEY, Browser, run
from tornado.httpclient import AsyncHTTPClient

from push_learn.apps.access import KEY_PATH, KernelOwners
from push_learn.classroom import Store
from push_learn.classroom.service import GAME_WORDS, ClassService, bot_words, describe, level_words
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
    assert level_words(GAME_WORDS)["expert"] == "expert bots"
    code = store.create_class("Year 9").code
    page = render_class(ClassService(store, b"key"), store.class_info(code), "xsrf")
    assert '<option value="expert">expert bots</option>' in page
    assert '<option value="greedy" selected>greedy bots</option>' in page

    async def scenario(store: Store, service: ClassService, owners: KernelOwners, base: str, port: int) -> None:
        teacher = Browser(AsyncHTTPClient(), base)
        await teacher.send("POST", KEY_PATH, {"key": TEACHER_KEY, "next": "/push_learn/teacher", "for": "teacher"},
                           form=True)
        form = {"action": "assign", "code": code, "variant": "push", "deal": "12"}
        refused = await teacher.send("POST", "/push_learn/teacher", {**form, "level": "threshold"}, form=True)
        assert refused.code == 400 and "choose a game and a bot level from the lists" in refused.body.decode()
        said = await teacher.send("POST", "/push_learn/teacher", {**form, "level": "expert"}, form=True)
        assert said.code == 303
        assert describe(store.assignments(code)[0]) == "Push, deal 12, against expert bots"

    run(store, scenario)
