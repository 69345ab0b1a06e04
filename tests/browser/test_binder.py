"""Binder, emulated: repo2docker's steps for ``binder/`` in a fresh home, then every badge address opened.

What repo2docker does with this repository, step by step: the repository's files in the user's home,
a fresh Python environment, ``pip install -r binder/requirements.txt`` (the lock), ``binder/postBuild``
run from the repository's root; Binder then starts a Jupyter server in which Voila is a server extension
and sends the browser to the badge's ``urlpath``. Here the same steps run in a temporary home with a
fresh virtual environment (pip's cache is reused so that this takes about a minute, not ten), and the
addresses come from the README's badges and from the seeded link ``docs/classroom.md`` shows a teacher.
The pages are fetched over HTTP; the seeded link is also opened in Chromium, where its widgets come
alive and must show the deal number asked for.

It fails when the lock cannot be installed, when ``postBuild`` fails or leaves out the template link or
Voila's settings (the pages then lack push_learn's template), or when a tutorial or a dashboard does not
open. Nothing here is mocked: the server is Jupyter's own, the pages are fetched over HTTP.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import pytest
from playwright.sync_api import Page, expect

from push_learn.apps.catalogue import DASHBOARDS
from push_learn.apps.harness import free_port

ROOT = Path(__file__).resolve().parents[2]
TOKEN = secrets.token_hex(16)
INSTALL_TIMEOUT = 600
SERVER_TIMEOUT = 120
RENDER_TIMEOUT = 180
TEMPLATE_MARK = "push_learn.css"
"""Every page rendered with push_learn's Voila template links its style sheet."""


def _badge_paths(text: str) -> list[str]:
    """The ``urlpath`` of every mybinder.org link in ``text``, decoded (``voila/render/x.ipynb?seed=1``)."""
    found = []
    for url in re.findall(r"https://mybinder\.org/v2/gh/[^\s)`]+", text):
        found += [unquote(value) for value in parse_qs(urlsplit(url).query).get("urlpath", [])]
    return found


def _run(command: list[str], env: dict[str, str], cwd: Path, what: str) -> None:
    done = subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True, timeout=INSTALL_TIMEOUT)
    if done.returncode != 0:
        pytest.fail(f"{what} failed ({done.returncode}):\n{(done.stdout + done.stderr)[-3000:]}", pytrace=False)


def _fetch(url: str, timeout: float) -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Authorization": f"token {TOKEN}"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as reply:
            return reply.status, reply.read().decode("utf-8", errors="replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", errors="replace")


@pytest.fixture(scope="module")
def binder_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """repo2docker's steps in a fresh home, then ``jupyter server`` as Binder starts it; yields its address."""
    home = tmp_path_factory.mktemp("binder_home")
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in filter(None, tracked.decode().split("\0")):  # the repository's files (as they are now) in the home
        source = ROOT / name
        if source.is_file():
            (home / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, home / name)
    cache = os.environ.get("PIP_CACHE_DIR") or str(Path.home() / ".cache" / "pip")
    env = {"HOME": str(home), "PATH": f"{home / 'venv' / 'bin'}:/usr/bin:/bin", "PIP_CACHE_DIR": cache,
           "PIP_DISABLE_PIP_VERSION_CHECK": "1", "LANG": "C.UTF-8"}
    base_python = getattr(sys, "_base_executable", sys.executable)
    _run([base_python, "-m", "venv", str(home / "venv")], env, home, "creating the environment")
    _run(["python", "-m", "pip", "install", "--quiet", "-r", "binder/requirements.txt"], env, home,
         "installing binder/requirements.txt")
    _run(["bash", "binder/postBuild"], env, home, "binder/postBuild")
    port = free_port()
    log = (home / "server.log").open("wb")
    server = subprocess.Popen(
        ["jupyter", "server", "--no-browser", "--ip=127.0.0.1", f"--port={port}", f"--ServerApp.token={TOKEN}",
         f"--ServerApp.root_dir={home}", *(["--allow-root"] if os.geteuid() == 0 else [])],  # Binder's user is not root
        env=env, cwd=home, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + SERVER_TIMEOUT
        while True:
            if server.poll() is not None:
                pytest.fail(f"jupyter server exited:\n{(home / 'server.log').read_text()[-3000:]}", pytrace=False)
            try:
                if _fetch(base + "api/status", 5)[0] == 200:
                    break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() > deadline:
                pytest.fail("jupyter server did not answer", pytrace=False)
            time.sleep(0.5)
        yield base
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


def _shut_kernels(base: str) -> None:
    """Shut down the kernels the pages started (Voila keeps a page's kernel until the page is closed)."""
    _, text = _fetch(base + "api/kernels", 30)
    for kernel in json.loads(text):
        request = urllib.request.Request(base + f"api/kernels/{kernel['id']}", method="DELETE",
                                         headers={"Authorization": f"token {TOKEN}"})
        urllib.request.urlopen(request, timeout=30).close()


def test_the_badges_and_the_teachers_seeded_link_open_on_binder(binder_server: str, page: Page) -> None:
    base = binder_server
    readme = _badge_paths((ROOT / "README.md").read_text(encoding="utf-8"))
    assert readme == ["lab/tree/notebooks", "voila/tree/notebooks/dashboards"], readme
    seeded = [path for path in _badge_paths((ROOT / "docs" / "classroom.md").read_text(encoding="utf-8"))
              if path.startswith("voila/render/")]
    assert seeded and all("?seed=1234" in path for path in seeded), seeded

    # The tutorials: JupyterLab opens the folder and each tutorial.
    status, html = _fetch(base + readme[0], 60)
    assert status == 200 and "jupyter-config-data" in html
    _, listing = _fetch(base + "api/contents/notebooks", 60)
    tutorials = sorted(item["name"] for item in json.loads(listing)["content"] if item["type"] == "notebook")
    assert tutorials == sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb"))
    for name in tutorials:
        status, _ = _fetch(base + f"lab/tree/notebooks/{name}", 60)
        assert status == 200, name

    # The dashboards: the landing page lists every one (push_learn's template and page-config hook) ...
    status, landing = _fetch(base + readme[1], 60)
    assert status == 200 and 'class="pl-grid"' in landing, landing[-2000:]
    for info in DASHBOARDS:
        assert info.notebook in landing, f"the landing page does not list {info.notebook}"
    # ... and each one, as its link opens it, renders with the template and a widget, without an error.
    for path in [f"voila/render/notebooks/dashboards/{info.notebook}" for info in DASHBOARDS] + seeded:
        status, html = _fetch(base + path, RENDER_TIMEOUT)
        assert status == 200, f"{path} answered {status}: {html[-1500:]}"
        assert TEMPLATE_MARK in html, f"{path} is not rendered with push_learn's template"
        assert "application/vnd.jupyter.widget-view+json" in html, f"{path} shows no widget"
        assert "Traceback" not in html and '"output_type": "error"' not in html, f"{path} shows an error"
        _shut_kernels(base)

    # The teacher's seeded link in a browser: the dashboard's widgets come alive on deal number 1234.
    for path in seeded:
        page.goto(f"{base}{path}&token={TOKEN}")
        expect(page.locator(".pl-app-sub")).to_contain_text("deal number 1234", timeout=RENDER_TIMEOUT * 1000)
        _shut_kernels(base)
