"""``push-learn serve --max-starting``: a student beyond the limit sees the queue, and the page opens by itself.

Deterministic: a "gate" notebook holds the only place (``--max-starting 1``) until the test creates a
file the notebook waits for, so the student's page is queued for as long as the test wants.
"""

from __future__ import annotations

import json
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from push_learn.apps.catalogue import DASHBOARDS, notebook_text
from push_learn.apps.harness import PageWatch, Server

GATE_CELL = """\
import pathlib, time

for _ in range(1200):  # at most two minutes, then the page is prepared anyway
    if pathlib.Path("release").exists():
        break
    time.sleep(0.1)
print("released")
"""


def _gate_notebook() -> str:
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": GATE_CELL}
    metadata = {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}}
    return json.dumps({"cells": [cell], "metadata": metadata, "nbformat": 4, "nbformat_minor": 5})


def _log_waits_for(server: Server, text: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while text not in server.log.read_text(errors="replace") and time.monotonic() < deadline:
        time.sleep(0.2)
    assert text in server.log.read_text(errors="replace"), server.log_tail()


def test_a_student_beyond_the_limit_is_queued_then_the_page_opens_by_itself(
    tmp_path: Path, serve_factory: Callable[..., Server], page: Page, watch: PageWatch
) -> None:
    folder = tmp_path / "lesson"
    folder.mkdir()
    (folder / "gate.ipynb").write_text(_gate_notebook(), encoding="utf-8")
    (meld_lab,) = [info for info in DASHBOARDS if info.slug == "meld_lab"]
    (folder / meld_lab.notebook).write_text(notebook_text(meld_lab), encoding="utf-8")
    server = serve_factory("--root", str(folder), "--pool-size", "0", "--max-starting", "1")

    first: list[str] = []

    def open_gate() -> None:
        with urllib.request.urlopen(server.url + "voila/render/gate.ipynb", timeout=180) as reply:
            first.append(reply.read().decode("utf-8"))

    holder = threading.Thread(target=open_gate, daemon=True)
    holder.start()
    _log_waits_for(server, "Kernel started")  # the gate page holds the only place now

    page.goto(server.url + "voila/render/meld_lab.ipynb?seed=9")
    expect(page.get_by_role("heading", name="Starting your table")).to_be_visible()
    expect(page.get_by_role("status")).to_contain_text("You are next.")

    (folder / "release").write_text("go", encoding="utf-8")
    expect(page.get_by_text("Push · deal number 9")).to_be_visible(timeout=90_000)  # it asked again by itself
    holder.join(timeout=120)
    assert first and "released" in first[0]
    watch.assert_clean()
