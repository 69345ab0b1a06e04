"""Browser tests: a real ``push-learn serve`` on a free port, driven by Debian's Chromium through Playwright.

- The server is the command students get (preheated kernels, our template), started once per session
  on a free port of 127.0.0.1 by ``push_learn.apps.harness`` (polled until it answers; SIGTERM, then
  SIGKILL of it and its kernels by process id at the end). Its log is shown with any failing test.
- The browser is ``CHROMIUM_PATH`` or ``chromium`` on the PATH (Playwright's own download otherwise).
  A missing browser fails the tests with the way to get one; it never skips them.
- Every request that does not go to 127.0.0.1 is aborted and recorded: the pages must not need the internet.
- A failing test leaves a screenshot in ``test-results/``.
- ``accessible`` runs the axe-core checker (WCAG 2 A and AA plus axe's best practices) on the page as it is.
"""

from __future__ import annotations

import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import BrowserContext, Page, Playwright

from push_learn.apps.catalogue import DASHBOARDS
from push_learn.apps.harness import (
    CHROMIUM_FLAGS,
    PageWatch,
    Server,
    ServerError,
    chromium_executable,
    start_server,
    stop_server,
    stop_servers,
)

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "test-results"
_SERVER_LOG: list[Path] = []
_RUNNING: list[Server] = []
"""Servers started by the fixtures, stopped as soon as the last browser test is done."""


def pytest_configure(config: pytest.Config) -> None:
    """Silence a deprecation warning raised inside pytest-playwright's own fixtures, not ours."""
    config.addinivalue_line("filterwarnings", "ignore:Session-scoped fixtures defined as instance methods")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test in this folder ``browser`` (``-m "not browser"`` leaves them out)."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any], playwright: Playwright) -> dict[str, Any]:
    """pytest-playwright's launch options plus Debian's Chromium and flags for a sandboxed headless run."""
    path = chromium_executable()
    if path is None:
        if not Path(playwright.chromium.executable_path).exists():
            pytest.fail(
                "No Chromium for the browser tests: set CHROMIUM_PATH, install Debian's chromium "
                "(apt-get install chromium) or run `make browser`.",
                pytrace=False,
            )
        return {**browser_type_launch_args, "args": list(CHROMIUM_FLAGS)}
    if not Path(path).exists():
        pytest.fail(f"CHROMIUM_PATH={path} does not exist.", pytrace=False)
    return {**browser_type_launch_args, "executable_path": path, "args": list(CHROMIUM_FLAGS)}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A laptop-sized window."""
    return {**browser_context_args, "viewport": {"width": 1280, "height": 800}}


@pytest.fixture(scope="session")
def serve_factory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[..., Server]]:
    """Start extra servers in a test (``serve_factory("--root", folder)``, ``host="127.0.0.2"`` for a
    loopback address that is not this computer's own name); all are stopped at the end."""
    started: list[Server] = []

    def start(*extra: str, host: str = "127.0.0.1") -> Server:
        log = tmp_path_factory.mktemp("serve") / "serve.log"
        _SERVER_LOG.append(log)
        try:
            server = start_server(log, extra, cwd=ROOT, host=host)
        except ServerError as error:
            pytest.fail(str(error), pytrace=False)
        started.append(server)
        _RUNNING.append(server)
        return server

    yield start
    stop_servers([server.process for server in started])


WARM_UP_S = 240
"""Seconds the session's server may take to warm its kernel pool (13 dashboards' kernels on two cores)."""


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One ``push-learn serve`` for the whole session, culling idle kernels quickly, and warm before the first
    test: the server starts a pooled kernel for every dashboard at once, and on two cores the first page waited
    for all of them (some 50 s here), which is the warm-up's time, not the page's. One page is fetched first, with
    a long wait of its own (``WARM_UP_S``), the catalogue's first dashboard, so no renamed notebook can break it;
    the dashboards' tests then keep their per-page waits."""
    log = tmp_path_factory.mktemp("voila") / "serve.log"
    _SERVER_LOG.append(log)
    try:
        server = start_server(log, ("--cull-idle", "30"), cwd=ROOT)
    except ServerError as error:
        pytest.fail(str(error), pytrace=False)
    _RUNNING.append(server)
    warm_up = f"{server.url}voila/render/{DASHBOARDS[0].notebook}"  # any dashboard: the catalogue's first
    with urllib.request.urlopen(warm_up, timeout=WARM_UP_S) as reply:
        reply.read()  # the whole page: its pooled kernel has run the notebook
    try:
        yield server
    finally:
        stop_server(server.process)


def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """After the last browser test, stop the servers at once (their kernels hold memory the rest of the
    suite can use); the session fixtures' own teardown then finds them stopped."""
    here = Path(__file__).parent
    if nextitem is None or here not in Path(str(nextitem.fspath)).parents:
        stop_servers([server.process for server in _RUNNING])
        _RUNNING.clear()


@pytest.fixture
def watch(context: BrowserContext, page: Page) -> PageWatch:
    """Keep the context off the network (anything but 127.0.0.1 is aborted) and record what goes wrong."""
    return PageWatch.attach(context, page)


@pytest.fixture(scope="session")
def axe() -> Axe:
    """The axe-core accessibility checker, loaded once (its script is bundled with the package)."""
    return Axe()


@pytest.fixture
def accessible(axe: Axe, page: Page) -> Callable[..., None]:
    """``accessible("after a push")`` fails with axe's report when the page, as it is now, breaks an
    accessibility rule (a control without a name, ARIA where it is not allowed, content outside a
    landmark, poor contrast...). ``within=".pl-root"`` checks only what matches that selector (our
    widgets inside someone else's page, such as JupyterLab)."""

    def check(when: str, within: str | None = None) -> None:
        results = axe.run(page, context={"include": [within]} if within else None)
        assert results.violations_count == 0, f"accessibility problems {when}:\n{results.generate_report()}"

    return check


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """On a failing browser test: save a screenshot under test-results/ and show the server's log."""
    report = yield
    if report.failed and call.when in ("setup", "call"):
        page = getattr(item, "funcargs", {}).get("page")
        if isinstance(page, Page) and not page.is_closed():
            RESULTS.mkdir(exist_ok=True)
            shot = RESULTS / f"{item.name.replace('/', '_').replace('[', '-').rstrip(']')}.png"
            try:
                page.screenshot(path=str(shot), full_page=True)
                report.sections.append(("screenshot", str(shot)))
            except Exception as error:  # a crashed page cannot be photographed; say so and go on
                report.sections.append(("screenshot", f"could not be taken: {error}"))
        server = getattr(item, "funcargs", {}).get("voila_server")
        log = server.log if isinstance(server, Server) else (_SERVER_LOG[-1] if _SERVER_LOG else None)
        if log is not None and log.exists():
            tail = "\n".join(log.read_text(errors="replace").splitlines()[-60:])
            report.sections.append(("push-learn serve log (last 60 lines)", tail))
    return report
