"""A reload continues the class's deal, and a browser is the same student after a restart (both backends).

The rule (D-CLS-03): the first opening of an assigned deal deals it; the kernel has the server keep the match
so far each time the student is to move; every later opening gets those moves back and continues the same
match. Kept moves are never taken back, and only a result that continues them counts.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from class_games import PUSH_RULES, SEAL_KEY, bots_for, sealed_push_record
from sqlalchemy import insert, text
from test_class_service import Browser, Kernel, _joined, run

from push_learn.apps.harness import free_port
from push_learn.apps.play_push import ClassPlayTable
from push_learn.classroom import SCHEMA_VERSION, ResultRefused, Store
from push_learn.classroom.schema import MIGRATIONS, TABLES, VERSION_TABLE
from push_learn.classroom.service import ClassService
from push_learn.rummy import PUSH

from tornado.httpclient import AsyncHTTPClient  # isort: skip


def _deal(store: Store, name: str = "Ann") -> tuple[str, int, int]:
    new = store.create_class("Year 9")
    store.join(new.code, name)
    assignment = store.assign(new.code, "push", "push", PUSH_RULES, deal_number=1234)
    return new.code, assignment.id, assignment.seed


def test_a_reopened_deal_gives_back_the_moves_kept(store: Store) -> None:
    _code, assignment, seed = _deal(store)
    assert store.open_deal(assignment, "Ann").progress is None
    with pytest.raises(ResultRefused, match=r"not sealed|no seal"):
        store.save_progress(assignment, "Ann", sealed_push_record(seed, "Ann", None, stop_after=12))
    assert store.save_progress(assignment, "Ann", sealed_push_record(seed, "Ann", SEAL_KEY, stop_after=12)) == 12
    again = store.open_deal(assignment, "Ann")
    assert again.opens == 2 and again.progress is not None and len(again.progress.actions) == 12
    assert store.openings(assignment) == {"Ann": (2, 12)}


def test_kept_moves_cannot_be_taken_back_by_reloading(store: Store) -> None:
    _code, assignment, seed = _deal(store)
    store.open_deal(assignment, "Ann")
    store.save_progress(assignment, "Ann", sealed_push_record(seed, "Ann", SEAL_KEY, stop_after=12))
    other = sealed_push_record(seed, "Ann", SEAL_KEY, player_seed=5, stop_after=20)  # other moves from the start
    with pytest.raises(ResultRefused, match="cannot be taken back by reloading"):
        store.save_progress(assignment, "Ann", other)
    with pytest.raises(ResultRefused, match="does not continue the match Ann was playing"):
        store.submit_result(assignment, "Ann", sealed_push_record(seed, "Ann", SEAL_KEY, player_seed=5))
    whole = sealed_push_record(seed, "Ann", SEAL_KEY)  # the kept match played on to its end counts
    assert store.submit_result(assignment, "Ann", whole).student == "Ann"


def test_moves_are_kept_only_for_an_opened_assigned_deal(store: Store) -> None:
    code, assignment, seed = _deal(store)
    store.join(code, "Bo")
    with pytest.raises(ResultRefused, match="has not opened deal 1234"):
        store.save_progress(assignment, "Bo", sealed_push_record(seed, "Bo", SEAL_KEY, stop_after=4))
    store.open_deal(assignment, "Bo")
    with pytest.raises(ResultRefused, match="not a game of deal 1234"):
        store.save_progress(assignment, "Bo", sealed_push_record(seed + 1, "Bo", SEAL_KEY, stop_after=4))
    with pytest.raises(ResultRefused, match="does not name Bo"):
        store.save_progress(assignment, "Bo", sealed_push_record(seed, "Ann", SEAL_KEY, stop_after=4))


def test_a_browser_and_the_servers_secrets_outlive_the_store(open_store: Callable[..., Store]) -> None:
    first = open_store()
    code, _assignment, _seed = _deal(first)
    first.remember_browser("browser-session-1", code, "Ann")
    secret = first.secret("cookie_secret")
    first.close()
    again = open_store()  # the server restarted
    found = again.browser("browser-session-1")
    assert found is not None and (found[0].code, found[1].name) == (code, "Ann")
    assert again.secret("cookie_secret") == secret and len(secret) == 64
    assert again.browser("another-browser") is None
    again.remember_browser("browser-session-1", code, "Bo")  # the same browser joined again as someone else
    assert again.browser("browser-session-1")[1].name == "Bo"  # type: ignore[index]
    assert again.delete_class(code)["browsers"] == 1


def test_a_version_1_store_is_migrated_with_its_rows(store_url: str, open_store: Callable[..., Store]) -> None:
    from sqlalchemy import create_engine

    engine = create_engine(store_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as conn:  # a class store as version 1 wrote it
        conn.execute(text(f"CREATE TABLE {VERSION_TABLE} (version INTEGER NOT NULL)"))
        MIGRATIONS[0](conn)
        conn.execute(text(f"INSERT INTO {VERSION_TABLE} (version) VALUES (1)"))
        conn.execute(insert(TABLES["classes"]).values(id=1, code="OLD123", name="Old", teacher_key_hash="0" * 64,
                                                      deal_secret="s", created_ms=1))
        conn.execute(insert(TABLES["students"]).values(id=1, class_id=1, name="Ann", joined_ms=1))
    engine.dispose()
    store = open_store()
    assert store.schema_version() == SCHEMA_VERSION == 3
    assert [s.name for s in store.students("OLD123")] == ["Ann"]
    store.remember_browser("browser-session-1", "OLD123", "Ann")
    assert store.trainer_board("OLD123") == []


def test_a_reload_continues_the_same_match_through_the_service(store: Store) -> None:
    async def scenario(store: Store, service: ClassService, owners: object, base: str, port: int) -> None:
        client = AsyncHTTPClient()
        new = store.create_class("Year 9")
        today = store.assign(new.code, "push", "push", PUSH_RULES, deal_number=1234)
        ann = await _joined(client, base, new.code, "Ann")
        owners.record("first-kernel", ann.session(port))  # type: ignore[attr-defined]
        code, deal = await Kernel(client, base, "first-kernel").send("deal", {"assignment": today.id})
        assert code == 200 and deal["opens"] == 1 and deal["progress"] is None
        kept = sealed_push_record(today.seed, "Ann", SEAL_KEY, stop_after=9)
        code, answer = await Kernel(client, base, "first-kernel").send(
            "progress", {"assignment": today.id, "record": kept.to_json()})
        assert (code, answer) == (200, {"moves": 9})
        owners.record("after-reload", ann.session(port))  # type: ignore[attr-defined]
        code, deal = await Kernel(client, base, "after-reload").send("deal", {"assignment": today.id})
        assert code == 200 and deal["opens"] == 2 and deal["progress"] == [dict(a) for a in kept.actions]
        assert "opened 2 times" in service.live(new.code)[0][1].status
        code, answer = await Kernel(client, base, "after-reload").send("student", {})
        assert (code, answer) == (200, {"student": "Ann", "class": "Year 9"})

    run(store, scenario)


def test_a_returning_browser_is_the_same_student_after_a_restart(store: Store) -> None:
    new = store.create_class("Year 9")
    cookies: dict[str, str] = {}
    port = free_port()

    async def join(store: Store, service: ClassService, owners: object, base: str, port: int) -> None:
        ann = await _joined(AsyncHTTPClient(), base, new.code, "Ann")
        cookies.update(ann.cookies)

    run(store, join, port)

    async def back(store: Store, service: ClassService, owners: object, base: str, port: int) -> None:
        browser = Browser(AsyncHTTPClient(), base)
        browser.cookies = dict(cookies)  # the same browser, back at the same address
        assert not service.roster  # a new service: nothing in memory
        seen = json.loads((await browser.send("GET", "/push_learn/class/join")).body)
        assert seen["joined"] is True and seen["name"] == "Ann" and seen["code"] == new.code

    run(store, back, port)  # a new ClassService over the same store and cookie secret: the server restarted


def test_a_class_table_continues_the_moves_it_is_given() -> None:
    names = bots_for("Ann")
    kept = sealed_push_record(77, "Ann", None, stop_after=15)
    table = ClassPlayTable(77, assignment=1, rules=PUSH, seat=0, names=names, speed="fast",
                           moves=kept.actions)
    table._pacer.stop()
    assert [action.to_json() for action in table.match.actions[:15]] == [dict(a) for a in kept.actions]
    assert table.kept == 15

