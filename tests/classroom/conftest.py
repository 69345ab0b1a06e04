"""The class store's fixtures: every store test runs on a SQLite file and on a real PostgreSQL server.

The PostgreSQL server is a throwaway cluster started once per session (``TempPostgres``: Debian's
package, 127.0.0.1, a free port) and stopped at the end; each test gets a database of its own.
A missing PostgreSQL fails the tests with the reason (``make postgres`` installs it); nothing skips.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator

import pytest
from class_games import SEAL_KEY, score_push
from sqlalchemy import create_engine, text

from push_learn.classroom import Store
from push_learn.classroom.pgserver import PostgresMissing, TempPostgres

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[TempPostgres]:
    """A PostgreSQL server for the whole session, stopped at its end."""
    try:
        server = TempPostgres().start()
    except PostgresMissing as exc:
        pytest.fail(f"the class store's tests need PostgreSQL: {exc}", pytrace=False)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=BACKENDS)
def store_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """An empty database: a new SQLite file, or a new database on the session's PostgreSQL server."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('class') / 'class.db'}"
        return
    server: TempPostgres = request.getfixturevalue("postgres_server")
    name = "t_" + uuid.uuid4().hex[:12]
    admin = create_engine(server.url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f"CREATE DATABASE {name}"))
        yield server.url.rsplit("/", 1)[0] + "/" + name
        with admin.connect() as conn:
            conn.execute(text(f"DROP DATABASE {name} WITH (FORCE)"))
    finally:
        admin.dispose()


@pytest.fixture
def open_store(store_url: str) -> Iterator[Callable[..., Store]]:
    """Opens stores on the test's database (with the tests' key and Push scorer); closes them all after."""
    opened: list[Store] = []

    def opener(**options: object) -> Store:
        options.setdefault("seal_key", SEAL_KEY)
        options.setdefault("score", score_push)
        store = Store(store_url, **options)  # type: ignore[arg-type]
        opened.append(store)
        return store

    yield opener
    for store in opened:
        store.close()


@pytest.fixture
def store(open_store: Callable[..., Store]) -> Store:
    """A class store on the test's database."""
    return open_store()
