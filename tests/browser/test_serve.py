"""``push-learn serve`` as a student and a teacher meet it: the landing page, offline pages, a clean Ctrl-C."""

from __future__ import annotations

import json
import re
import shutil
import signal
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import psutil
import pytest
from playwright.sync_api import Page, expect

from push_learn.apps.catalogue import DASHBOARDS, by_family, notebook_text
from push_learn.apps.harness import PageWatch, Server, kernel_processes

FLOOR = Path(__file__).resolve().parents[2] / "benchmarks" / "notebooks" / "floor.ipynb"


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=60) as reply:
        return str(reply.read().decode("utf-8"))


def test_landing_page_lists_every_dashboard(
    voila_server: Server, page: Page, watch: PageWatch, accessible: Callable[..., None]
) -> None:
    page.goto(voila_server.url)
    expect(page).to_have_title("push_learn dashboards")
    for family, infos in by_family():  # a region per family, headed by its name, listing its dashboards
        region = page.get_by_role("region", name=family, exact=True)
        expect(region.get_by_role("heading", level=2)).to_have_text(family)
        expect(region.get_by_role("listitem")).to_have_count(len(infos))
        for info in infos:
            expect(region.get_by_role("heading", name=info.title, exact=True, level=3)).to_be_visible()
    for info in DASHBOARDS:
        heading = page.get_by_role("heading", name=info.title, exact=True)
        expect(heading).to_be_visible()
        form = page.get_by_role("form", name=f"Open {info.title}")
        expect(form).to_have_attribute("action", f"/voila/render/{info.notebook}")
        expect(form.get_by_role("spinbutton", name="Deal number")).to_have_value("1")
        expect(form.get_by_role("button", name=f"Open {info.title}")).to_be_enabled()
    play = page.get_by_role("form", name="Open Play Push")
    expect(play.get_by_role("combobox", name="Game").locator("option")).to_have_text(["Push", "Cap-It", "6-7-8-9-10"])
    accessible("on the landing page")
    # the checker is live: a button with no name on this very page is reported
    page.evaluate("document.body.append(document.createElement('button'))")
    with pytest.raises(AssertionError, match="button-name"):
        accessible("with a nameless button")
    watch.assert_clean()


def test_a_teacher_opens_a_dashboard_with_a_deal_number(voila_server: Server, page: Page, watch: PageWatch) -> None:
    page.goto(voila_server.url)
    form = page.get_by_role("form", name="Open Meld Lab")
    form.get_by_role("spinbutton", name="Deal number").fill("42")
    form.get_by_role("button", name="Open Meld Lab").click()
    expect(page).to_have_url(re.compile(r"/voila/render/meld_lab\.ipynb\?seed=42$"))
    expect(page.get_by_text("Push · deal number 42")).to_be_visible(timeout=60_000)
    watch.assert_clean()


def test_served_pages_reference_only_this_server(voila_server: Server) -> None:
    """No script, style sheet, font or image on the landing page or a dashboard comes from elsewhere."""
    for path in ("", "voila/render/meld_lab.ipynb?seed=3", "voila/render/no_such.ipynb"):
        try:
            html = _get(voila_server.url + path)
        except urllib.error.HTTPError as error:  # the 404 page must be offline too
            assert error.code == 404
            html = error.read().decode("utf-8")
        links = re.findall(r"""(?:src|href)\s*=\s*["']([^"']+)["']""", html)
        assert links, path
        outside = [link for link in links if re.match(r"(?i)(https?:)?//", link)]
        assert outside == [], path
        assert "Traceback" not in html
        if "render/meld_lab" in path:  # a dashboard: the loading message comes first, the code never
            assert "Shuffling the cards" in html
            assert "MeldLab.from_query" not in html
    log = voila_server.log.read_text()
    assert "Using pre-heated kernel" in log, "the dashboard did not get a warm kernel"
    assert "is not trusted" not in log  # Jupyter warned so of every dashboard at each start (quiet_about_trust)


def _kernels_when(server: Server, count: int, timeout: float = 60) -> list[psutil.Process]:
    """The server's kernels once there are ``count`` of them (waiting at most ``timeout`` seconds)."""
    deadline = time.monotonic() + timeout
    while len(kernels := kernel_processes(server.process)) != count and time.monotonic() < deadline:
        time.sleep(0.25)
    assert len(kernels) == count, server.log_tail()
    return kernels


def test_idle_kernels_are_culled_ctrl_c_stops_all(tmp_path: Path, serve_factory: Callable[..., Server]) -> None:
    """A kernel whose page is gone is shut down after --cull-idle seconds while the warm ones are kept; then
    SIGINT (Ctrl-C) ends the server cleanly, its kernels with it, with nothing alarming in its log."""
    folder = tmp_path / "dash"
    folder.mkdir()
    shutil.copy(FLOOR, folder / FLOOR.name)
    (meld_lab,) = [info for info in DASHBOARDS if info.slug == "meld_lab"]  # its warm kernel waits for a request
    (folder / meld_lab.notebook).write_text(notebook_text(meld_lab), encoding="utf-8")
    server = serve_factory("--root", str(folder), "--pool-size", "1", "--cull-idle", "4")
    deadline = time.monotonic() + 60
    while server.log.read_text().count("is filled with 1 kernel") < 2 and time.monotonic() < deadline:
        time.sleep(0.25)
    warm = {kernel.pid for kernel in _kernels_when(server, 2)}
    _get(server.url + "voila/render/floor.ipynb")  # takes floor's warm kernel; no page ever connects to it
    used_and_warm = {kernel.pid for kernel in _kernels_when(server, 3)}
    survivors = {kernel.pid for kernel in _kernels_when(server, 2, timeout=30)}
    culled = used_and_warm - survivors
    assert len(culled) == 1 and culled <= warm, f"the used kernel should have been culled:\n{server.log_tail()}"
    time.sleep(6)  # longer than --cull-idle: the pools' warm kernels must outlive it
    kernels = _kernels_when(server, 2)
    assert {kernel.pid for kernel in kernels} == survivors, "a warm kernel was culled"
    server.process.send_signal(signal.SIGINT)
    assert server.process.wait(timeout=30) == 0, server.log_tail()
    _, alive = psutil.wait_procs(kernels, timeout=10)
    assert alive == [], server.log_tail()
    log = server.log.read_text()
    assert "every kernel was shut down" in log
    assert server.faults() == [], server.log_tail()


def test_closing_a_dashboard_tab_frees_its_kernel(voila_server: Server, page: Page, watch: PageWatch) -> None:
    """Voila's shutdown request on unload needs the _xsrf cookie; a student coming straight to a dashboard
    (no landing page first) still gets it, so the kernel is shut down when the tab closes."""
    page.goto(voila_server.url + "voila/render/rescue_lab.ipynb?seed=8")
    expect(page.locator(".pl-app-rescue-lab .pl-root[data-painted]")).to_be_visible(timeout=60_000)
    kernel = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    deadline = time.monotonic() + 10
    while "_xsrf" not in {cookie["name"] for cookie in page.context.cookies()} and time.monotonic() < deadline:
        time.sleep(0.1)
    watch.assert_clean()
    (process,) = [p for p in kernel_processes(voila_server.process) if any(kernel in part for part in p.cmdline())]
    connection = json.loads(Path(process.cmdline()[process.cmdline().index("-f") + 1]).read_text())
    assert connection["transport"] == "ipc", "a kernel on TCP ports can lose one to another process (D-CLS-05)"
    sockets = [Path(f"{connection['ip']}-{connection[name]}") for name in connection if name.endswith("_port")]
    assert len(sockets) == 5 and all(path.is_socket() for path in sockets)
    page.close(run_before_unload=True)
    deadline = time.monotonic() + 15
    while f"Kernel shutdown: {kernel}" not in voila_server.log.read_text() and time.monotonic() < deadline:
        time.sleep(0.2)
    log = voila_server.log.read_text()
    assert f"Kernel shutdown: {kernel}" in log, "the kernel of a closed tab was left running"
    while any(path.exists() for path in sockets) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not any(path.exists() for path in sockets), "the closed tab's kernel left its socket files behind"
    assert f"403 POST /voila/api/shutdown/{kernel}" not in log
