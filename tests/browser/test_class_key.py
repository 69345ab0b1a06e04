"""``push-learn serve`` on a class network: the class key, and kernels that answer only their own page.

The server listens on 127.0.0.2, a loopback address that is not this computer's own name, so it
behaves as on a classroom network (it makes up a class key and prints it) while no traffic leaves
the machine.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from push_learn.apps.catalogue import DASHBOARDS, notebook_text
from push_learn.apps.harness import PageWatch, Server

HOST = "127.0.0.2"
FLOOR = Path(__file__).resolve().parents[2] / "benchmarks" / "notebooks" / "floor.ipynb"
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489"
    "0000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082"
)
"""A one-pixel PNG image."""

_OPEN_SOCKET = """async (url) => await new Promise((done) => {
    const socket = new WebSocket(url);
    socket.onopen = () => { socket.close(); done("open"); };
    socket.onerror = () => done("refused");
    setTimeout(() => done("no answer"), 20000);
})"""
"""Open a websocket from the page and say whether the server let it open."""

_SHUT_DOWN = """async (kernel) => {
    const xsrf = (document.cookie.match(/(?:^|; )_xsrf=([^;]*)/) || [])[1] || "";
    const reply = await fetch(`/voila/api/shutdown/${kernel}`, {method: "POST", headers: {"X-XSRFToken": xsrf}});
    return reply.status;
}"""
"""Ask the server to shut a kernel down as Voila's page does on unload; return the status."""


@pytest.fixture(scope="module")
def network_server(serve_factory: Callable[..., Server], tmp_path_factory: pytest.TempPathFactory) -> Server:
    """``push-learn serve`` on 127.0.0.2 with Meld Lab and the one-Button notebook, one warm kernel each."""
    folder = tmp_path_factory.mktemp("class_network")
    (meld_lab,) = [info for info in DASHBOARDS if info.slug == "meld_lab"]
    (folder / meld_lab.notebook).write_text(notebook_text(meld_lab), encoding="utf-8")
    shutil.copy(FLOOR, folder / FLOOR.name)
    (folder / "board.png").write_bytes(PNG)  # a file of the dashboards folder, which Voila serves under /voila/files/
    return serve_factory("--root", str(folder), "--pool-size", "1", "--cull-idle", "120", host=HOST)


@pytest.fixture
def other_context(browser: Browser) -> Iterator[BrowserContext]:
    """A second browser (its own cookies: another student), kept off the network like the first."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.route(
        "**/*", lambda route: route.continue_() if f"//{HOST}:" in route.request.url else route.abort()
    )
    yield context
    context.close()


def _type_key(page: Page, key: str) -> None:
    page.get_by_role("textbox", name="Class key").fill(key)
    page.get_by_role("button", name="Open").click()


def _class_key(server: Server) -> str:
    key = server.printed("class key")
    assert key is not None and re.fullmatch(r"[A-Z2-9]{4}-[A-Z2-9]{4}", key), server.log_tail()
    return key


def _open_meld_lab(page: Page, server: Server, seed: int) -> str:
    """Open Meld Lab (typing the class key when asked); return its kernel's id once it is painted."""
    page.goto(f"{server.url}voila/render/meld_lab.ipynb?seed={seed}")
    if page.get_by_role("textbox", name="Class key").count():
        _type_key(page, _class_key(server))
    expect(page.get_by_text(f"Push · deal number {seed}")).to_be_visible(timeout=60_000)
    return str(page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"))


def test_a_network_server_refuses_pages_without_the_class_key_and_serves_them_with_it(
    network_server: Server, context: BrowserContext, page: Page
) -> None:
    watch = PageWatch.attach(context, page, hosts=(HOST,))
    key = _class_key(network_server)
    teacher_key = network_server.printed("teacher key")
    assert teacher_key is not None and teacher_key != key

    reply = page.goto(f"{network_server.url}voila/render/meld_lab.ipynb?seed=5")
    assert reply is not None and reply.status == 403
    expect(page.get_by_role("heading", name="Class key needed")).to_be_visible()
    expect(page.get_by_text("Ask your teacher for the class key")).to_be_visible()
    expect(page.get_by_text("Push · deal number 5")).to_have_count(0)
    assert context.request.get(f"{network_server.url}voila/api/contents/").status == 403
    assert context.request.get(f"{network_server.url}voila/files/board.png").status == 403
    port = network_server.url.split(":")[2].rstrip("/")
    nobody = f"ws://{HOST}:{port}/api/kernels/00000000-0000-0000-0000-000000000000/channels"
    assert page.evaluate(_OPEN_SOCKET, nobody) == "refused"

    _type_key(page, "WRONG-KEY9")
    expect(page.get_by_role("alert")).to_have_text(re.compile("That is not the key"))

    _type_key(page, key.lower().replace("-", " "))  # typed as a student might
    expect(page).to_have_url(re.compile(r"/voila/render/meld_lab\.ipynb\?seed=5$"))
    expect(page.get_by_text("Push · deal number 5")).to_be_visible(timeout=60_000)

    assert context.request.get(f"{network_server.url}voila/files/board.png").status == 200
    landing = page.goto(network_server.url)  # asked once: the browser remembers the key
    assert landing is not None and landing.status == 200
    expect(page).to_have_title("push_learn dashboards")
    assert watch.errors == [] and watch.outside_requests == []


def test_another_browser_can_neither_open_nor_shut_down_a_pages_kernel(
    network_server: Server, context: BrowserContext, page: Page, other_context: BrowserContext
) -> None:
    PageWatch.attach(context, page, hosts=(HOST,))
    kernel = _open_meld_lab(page, network_server, seed=6)
    port = network_server.url.split(":")[2].rstrip("/")
    channels = f"ws://{HOST}:{port}/api/kernels/{kernel}/channels"
    query = f"ws://{HOST}:{port}/voila/query/{kernel}"
    assert page.evaluate(_OPEN_SOCKET, channels) == "open"  # the page's own browser may

    # another student: has typed the class key, but did not open this page
    other = other_context.new_page()
    other.goto(network_server.url)
    _type_key(other, _class_key(network_server))
    expect(other).to_have_title("push_learn dashboards")
    assert other.evaluate(_OPEN_SOCKET, channels) == "refused"
    assert other.evaluate(_OPEN_SOCKET, query) == "refused"
    assert other_context.request.get(f"{network_server.url}api/kernels/{kernel}").status == 403
    assert other_context.request.delete(f"{network_server.url}api/kernels/{kernel}").status == 403
    assert other.evaluate(_SHUT_DOWN, kernel) == 403

    # a browser without the key gets nothing either
    stranger = other_context.browser.new_context() if other_context.browser else None
    assert stranger is not None
    try:
        assert stranger.request.get(f"{network_server.url}api/kernels/{kernel}").status == 403
    finally:
        stranger.close()

    # the kernel was left alone: it still answers its page
    assert context.request.get(f"{network_server.url}api/kernels/{kernel}").status == 200
    assert f"Kernel shutdown: {kernel}" not in network_server.log.read_text()
    log = network_server.log.read_text()
    assert f"refused to shut kernel {kernel} down" in log
    assert f"refused execute on kernel {kernel}" in log
    assert network_server.faults() == [], network_server.log_tail()
