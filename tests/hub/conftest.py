"""The hub tests: one real JupyterHub for the folder (``push_learn.apps.hub_harness``), its class store on a
PostgreSQL server the tests start and stop (``TempPostgres``). Every test here is marked ``hub``.

The hub's log is shown with any failing test. A missing proxy (``make hub-proxy``) or PostgreSQL
(``make postgres``) fails the tests with the way to get it; it never skips them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from push_learn.apps.harness import ServerError
from push_learn.apps.hub_harness import Hub, start_hub, stop_hub
from push_learn.apps.play_push import AUTOPLAY_ENV
from push_learn.classroom.pgserver import PostgresMissing, TempPostgres
from push_learn.classroom.store import NewClass, Store

_HUBS: list[Hub] = []


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
def school_class(class_db: TempPostgres) -> Iterator[NewClass]:
    """A class made by the teacher directly in the store (the teacher's dashboard is tested elsewhere)."""
    with Store(class_db.url, seal_key=b"teacher's side of the test") as store:
        yield store.create_class("Hub class")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Show the hub's log with a failing test."""
    report = yield
    if report.failed and _HUBS:  # type: ignore[attr-defined]
        report.sections.append(("JupyterHub log (tail)", _HUBS[-1].log_tail(120)))  # type: ignore[attr-defined]
    return report
