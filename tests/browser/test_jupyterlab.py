"""All seven widgets in a real JupyterLab: a notebook with one cell per widget, run from the Run menu in
Debian's Chromium, every widget painted, and MeldExplorer and PlayTable answering real clicks.

The server is ``python -m jupyterlab`` on a free port of 127.0.0.1, without token or password, with its
settings, workspaces, config, data and runtime folders in a temporary directory (nothing leaks between
runs) and no fetches of its own (news, update checks and the PyPI extension manager are off).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Locator, Page, expect

from push_learn.apps.harness import PageWatch, Server, ServerError, free_port, stop_server
from push_learn.cards import parse_cards
from push_learn.rummy.melds import interpret_meld
from push_learn.rummy.rules import PUSH
from push_learn.widgets.cards import card_json

START_TIMEOUT_S = 120.0
"""JupyterLab starts in a few seconds alone; on two busy cores it can take much longer."""
FIRST_PAINT_MS = 120_000
"""Page load, kernel start and seven cells run before the widgets paint: generous on a slow machine."""
REPAINT_MS = 30_000
"""One round trip to the kernel and back, with room for a busy machine."""

WIDGET_CELLS = {
    "pl-hand-view": 'from push_learn.widgets import HandView\nHandView("7H 8H 9H JK 7S 2C", title="Your hand")',
    "pl-meld-explorer": (
        "from push_learn.widgets import MeldExplorer\n"
        'explorer = MeldExplorer(hand="7H 8H 9H 10H 6S 7S 8S KD", deal=3)\nexplorer'
    ),
    "pl-rescue-view": (
        'from push_learn.widgets import RescueView\nRescueView(table=["5H JK 7H", "8C 8D 2S"], hand="6H 8S KD")'
    ),
    "pl-push-choice": "from push_learn.widgets import PushChoice\nPushChoice(seed=12)",
    "pl-score-sheet-widget": (
        "from push_learn.widgets import ScoreSheet\n"
        'ScoreSheet(rows=[(0, 40), (120, 0), (0, 60), (180, 0), (0, 180)], units=("WE", "THEY"))'
    ),
    "pl-deal-stepper": "from push_learn.widgets import DealStepper\nDealStepper(seed=7)",
    "pl-play-table": 'from push_learn.widgets import PlayTable\nPlayTable(seed=1234, level="greedy")',
}
"""The widget class each cell's output must carry, and the cell (the examples of docs/widgets.md)."""

ERROR_MIME = "application/vnd.jupyter.stderr"
"""How JupyterLab marks a cell's traceback (and anything else written to stderr) in the page."""

MELD_PICK = "6S 7S 8S"
"""Three cards of the MeldExplorer hand that make a meld."""

USER_SETTINGS = {
    # No "would you like news?" toast and no update check from the page itself.
    "@jupyterlab/apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
    # Every cell attached to the page, so widgets below the fold render too.
    "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
}


def notebook_json() -> str:
    """A notebook with one code cell per widget and the venv's Python kernel."""
    cells: list[dict[str, object]] = [
        {
            "cell_type": "code",
            "execution_count": None,
            "id": f"cell-{n}",
            "metadata": {},
            "outputs": [],
            "source": source,
        }
        for n, source in enumerate(WIDGET_CELLS.values())
    ]
    metadata = {
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    }
    return json.dumps({"cells": cells, "metadata": metadata, "nbformat": 4, "nbformat_minor": 5}, indent=1)


def _wait_until_up(server: Server, timeout: float) -> None:
    """Poll the server's status API until it answers; raise at once if the process died."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise ServerError(f"jupyter lab exited with {server.process.returncode}:\n{server.log_tail()}")
        with (
            contextlib.suppress(urllib.error.URLError, ConnectionError, TimeoutError),
            urllib.request.urlopen(f"{server.url}api/status", timeout=2) as reply,
        ):
            if reply.status == 200:
                return
        time.sleep(0.25)
    raise ServerError(f"jupyter lab did not answer within {timeout:.0f} s:\n{server.log_tail()}")


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A real JupyterLab on a free port of 127.0.0.1 serving a folder with the widgets notebook."""
    home = tmp_path_factory.mktemp("jupyterlab")
    notebooks = home / "notebooks"
    notebooks.mkdir()
    (notebooks / "widgets.ipynb").write_text(notebook_json(), encoding="utf-8")
    settings = home / "user-settings"
    for plugin, values in USER_SETTINGS.items():
        path = settings / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values), encoding="utf-8")
    # Only this run's folders: no user's config, data or lab settings leak in, nothing leaks out.
    inherited = {
        k: v for k, v in os.environ.items() if k not in ("JUPYTER_CONFIG_PATH", "JUPYTER_PATH", "JUPYTERLAB_DIR")
    }
    env = {
        **inherited,
        "JUPYTER_CONFIG_DIR": str(home / "config"),
        "JUPYTER_DATA_DIR": str(home / "data"),
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "IPYTHONDIR": str(home / "ipython"),
    }
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--ServerApp.allow_root=True",  # CI containers run as root; harmless otherwise
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        "--IdentityProvider.token=",
        "--PasswordIdentityProvider.hashed_password=",
        f"--ServerApp.root_dir={notebooks}",
        f"--LabApp.user_settings_dir={settings}",
        f"--LabApp.workspaces_dir={home / 'workspaces'}",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
    ]
    log = home / "jupyterlab.log"
    with log.open("wb") as sink:
        process = subprocess.Popen(command, stdout=sink, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    server = Server(url=f"http://127.0.0.1:{port}/", process=process, log=log)
    failure = ""
    try:
        _wait_until_up(server, START_TIMEOUT_S)
    except ServerError as error:
        failure = str(error)
    if failure:
        stop_server(process)
        pytest.fail(failure, pytrace=False)
    try:
        yield server
    finally:
        stop_server(process)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)  # anything of its session still alive


def label(card_text: str) -> str:
    """The accessible name the widgets give a card (``"6S"`` -> ``"six of spades"``)."""
    return str(card_json(parse_cards(card_text)[0])["label"])


def painted(root: Locator) -> str:
    """The state revision a widget root last painted (waits until it has painted once)."""
    expect(root).to_have_attribute("data-painted", re.compile(r"^\d+$"), timeout=FIRST_PAINT_MS)
    return str(root.get_attribute("data-painted"))


def expect_repaint(root: Locator, before: str) -> str:
    """Wait until a widget root paints a revision other than ``before``; return it."""
    expect(root).not_to_have_attribute("data-painted", before, timeout=REPAINT_MS)
    return painted(root)


def accept_dialogs(page: Page) -> list[str]:
    """Whenever JupyterLab shows a dialog (a kernel to choose on a first start, say), accept its default;
    return the list the dialogs' titles are recorded in, to explain a failure."""
    seen: list[str] = []

    def accept(dialog: Locator) -> None:
        seen.append(dialog.locator(".jp-Dialog-header").inner_text())
        dialog.locator(".jp-Dialog-button.jp-mod-accept").click()

    page.add_locator_handler(page.locator(".jp-Dialog"), accept)
    return seen


@contextlib.contextmanager
def lab_session(page: Page, lab: Server, request: pytest.FixtureRequest) -> Iterator[None]:
    """Accept JupyterLab's dialogs while the block runs (``accept_dialogs``); if the block fails, add the end of
    the lab's log and the dialogs accepted to the test's report, to explain the failure."""
    dialogs = accept_dialogs(page)
    try:
        yield
    except BaseException:
        request.node.add_report_section("call", "jupyter lab log (last 60 lines)", lab.log_tail())
        request.node.add_report_section("call", "dialogs accepted", "\n".join(dialogs) or "none")
        raise


def get_json(url: str) -> object:
    """The JSON a server address answers with."""
    with urllib.request.urlopen(url, timeout=60) as reply:
        return json.loads(reply.read().decode("utf-8"))


def open_and_run(page: Page, lab: Server) -> Locator:
    """Open the notebook, wait for its kernel, run every cell from the Run menu; return the widget roots."""
    page.goto(f"{lab.url}lab/tree/widgets.ipynb")
    notebook = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    expect(notebook.locator(".jp-CodeCell")).to_have_count(len(WIDGET_CELLS), timeout=FIRST_PAINT_MS)
    # The status bar names the kernel and reads "Idle" once one is connected and waiting.
    kernel = page.get_by_role("contentinfo").get_by_role("button", name="Python 3 (ipykernel) | Idle")
    expect(kernel).to_be_visible(timeout=FIRST_PAINT_MS)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    roots = notebook.locator(".jp-OutputArea .pl-root")
    errors = notebook.locator(f".jp-OutputArea-output[data-mime-type='{ERROR_MIME}']")
    # Run All stops at a cell that raises: wait for the last widget or an error, and show the error.
    expect(roots.nth(len(WIDGET_CELLS) - 1).or_(errors).first).to_be_attached(timeout=FIRST_PAINT_MS)
    assert errors.count() == 0, "a cell wrote an error or a warning:\n" + "\n".join(errors.all_inner_texts())
    expect(roots).to_have_count(len(WIDGET_CELLS))
    return roots


def check_meld_explorer(page: Page) -> None:
    """Pick three cards of its hand by clicking: the selection's readings appear, as the rules core reads them."""
    root = page.locator(".pl-root.pl-meld-explorer")
    readings = interpret_meld(parse_cards(MELD_PICK), PUSH)
    assert readings, f"{MELD_PICK} should be a meld under Push"
    hand = root.get_by_role("listbox")
    revision = painted(root)
    for card in MELD_PICK.split():
        option = hand.get_by_role("option", name=label(card), exact=True)
        option.click()
        revision = expect_repaint(root, revision)
        expect(option).to_have_attribute("aria-selected", "true")
    reading_list = root.get_by_role("list", name="Legal readings")
    expect(reading_list.get_by_role("listitem")).to_have_count(min(len(readings), 12))
    expect(root.get_by_role("button", name=f"Keep as {readings[0]}", exact=True)).to_be_visible()


def check_play_table(page: Page) -> None:
    """Sort the student's hand by rank, then ask for a hint once it is the student's turn."""
    root = page.locator(".pl-root.pl-play-table")
    revision = painted(root)
    by_rank = root.get_by_role("group", name="Sort the hand").get_by_role("button", name="By rank")
    if by_rank.get_attribute("aria-pressed") == "true":  # already by rank: sort by suit instead
        by_rank = root.get_by_role("group", name="Sort the hand").get_by_role("button", name="By suit")
    by_rank.click()
    expect_repaint(root, revision)
    expect(by_rank).to_have_attribute("aria-pressed", "true")
    hint = root.get_by_role("button", name="Hint", exact=True)
    expect(hint).to_be_enabled(timeout=FIRST_PAINT_MS)  # the bots before South may still be playing
    revision = painted(root)
    hint.click()
    expect_repaint(root, revision)
    panel = root.get_by_role("group", name="Hint")
    expect(panel).to_be_visible(timeout=REPAINT_MS)
    expect(panel.get_by_role("listitem").first).to_be_visible()


def test_every_widget_paints_and_answers_in_jupyterlab(
    lab: Server, page: Page, watch: PageWatch, request: pytest.FixtureRequest, accessible: Callable[..., None]
) -> None:
    """Run the notebook in JupyterLab: seven painted widgets, two of them clicked, no error, no outside request,
    and nothing in the widgets that axe-core finds inaccessible (JupyterLab's own page is not ours to check)."""
    # The server fetches no news and checks for no update (it would otherwise go to the internet).
    assert get_json(f"{lab.url}lab/api/news") == {"news": []}
    assert get_json(f"{lab.url}lab/api/update") == {"notification": None}
    with lab_session(page, lab, request):
        roots = open_and_run(page, lab)
        for n, widget_class in enumerate(WIDGET_CELLS):
            root = roots.nth(n)
            expect(root).to_have_class(re.compile(rf"(^|\s){widget_class}(\s|$)"))
            painted(root)
        check_meld_explorer(page)
        check_play_table(page)
        accessible("in the widgets in JupyterLab", within=".pl-root")
    watch.assert_clean()
