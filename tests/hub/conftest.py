"""The hub tests: one real JupyterHub for the folder (``push_learn.apps.hub_harness``), its class store on a
PostgreSQL server the tests start and stop (``TempPostgres``), and the teacher beside the hub as the docs say:
the teacher's dashboard of a ``push-learn serve --class-db`` on that store, where the class is created
(``Teacher``). Every test here is marked ``hub``.

The hub's log is shown with any failing test, and the teacher's server's log once it started. A missing
proxy (``make hub-proxy``) or PostgreSQL (``make postgres``) fails the tests with the way to get it; it
never skips them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from push_learn.apps.class_deal import AUTOPLAY_ENV
from push_learn.apps.harness import ServerError
from push_learn.apps.hub_harness import Hub, Teacher, start_hub, stop_hub
from push_learn.classroom.pgserver import PostgresMissing, TempPostgres
from push_learn.classroom.store import ClassInfo, Store

_HUBS: list[Hub] = []
_TEACHERS: list[Teacher] = []


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test in this folder ``hub``."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.hub)


@pytest.fixture(scope="session")
def class_db() -> Iterator[TempPostgres]:
    """A PostgreSQL server for the hub's class store, shared by the service and the teacher's side of the test."""
    try:
        server = TempPostgres().start()
    except PostgresMissing as error:
        pytest.fail(str(error), pytrace=False)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def hub(class_db: TempPostgres, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    """The running hub (its proxy, the class service and the idle culler with it)."""
    try:
        # culler: 30 s idle (D-HUB-04); Play Push may autoplay a student's seat (the class deal's test)
        running = start_hub(tmp_path_factory.mktemp("hub"), class_db.url, server_env={AUTOPLAY_ENV: "1"})
    except ServerError as error:
        pytest.fail(str(error), pytrace=False)
    _HUBS.append(running)
    try:
        yield running
    finally:
        stop_hub(running)


@pytest.fixture(scope="session")
def teacher(class_db: TempPostgres, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Teacher]:
    """The teacher's ``push-learn serve --class-db <the hub's store>`` on 127.0.0.1, the teacher signed in with
    the teacher key it printed; stopped at the end."""
    try:
        running = Teacher.start(tmp_path_factory.mktemp("teacher"), class_db.url)
    except ServerError as error:
        pytest.fail(str(error), pytrace=False)
    _TEACHERS.append(running)
    try:
        asyncio.run(running.sign_in())
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="session")
def school_class(teacher: Teacher, class_db: TempPostgres) -> ClassInfo:
    """The class the teacher created with the teacher's dashboard (its code as the page shows it)."""
    code = asyncio.run(teacher.create_class("Hub class"))
    with Store(class_db.url) as store:
        return store.class_info(code)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Show the hub's log with a failing test."""
    report = yield
    if report.failed and _HUBS:  # type: ignore[attr-defined]
        report.sections.append(("JupyterHub log (tail)", _HUBS[-1].log_tail(120)))  # type: ignore[attr-defined]
    if report.failed and _TEACHERS:  # type: ignore[attr-defined]
        report.sections.append(("the teacher's push-learn serve log (tail)",  # type: ignore[attr-defined]
                                _TEACHERS[-1].server.log_tail(60)))
    return report
