"""``harness.stop_servers``: every server is told to stop before any is waited for.

Two stand-in servers (plain Python processes, as ``push-learn serve`` is one) each finish their shut-down only once
the other has been told to stop too: stopped one after the other, the first would wait out its grace and be
killed; stopped side by side, both end on their own.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

from push_learn.apps.harness import stop_servers

STAND_IN = """
import pathlib, signal, sys, time
mine, other = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
def shut_down(signum, frame):
    mine.touch()
    deadline = time.monotonic() + 30
    while not other.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    sys.exit(0 if other.exists() else 3)
signal.signal(signal.SIGTERM, shut_down)
pathlib.Path(sys.argv[3]).touch()
while True:
    time.sleep(0.05)
"""


def _stand_in(tmp_path: Path, mine: str, other: str) -> subprocess.Popen[bytes]:
    ready = tmp_path / f"{mine}.ready"
    command = [sys.executable, "-c", STAND_IN, str(tmp_path / mine), str(tmp_path / other), str(ready)]
    process = subprocess.Popen(command)
    deadline = time.monotonic() + 60
    while not ready.exists() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    if not ready.exists():
        process.kill()  # never left running behind a failed test
        process.wait()
    assert ready.exists(), "the stand-in server did not get ready"
    return process


def test_servers_are_stopped_side_by_side(tmp_path: Path) -> None:
    first = _stand_in(tmp_path, "a", "b")
    second = _stand_in(tmp_path, "b", "a")
    stop_servers([first, second], grace=5.0)
    assert (first.returncode, second.returncode) == (0, 0), "a server was killed: they were not stopped side by side"


def test_a_server_already_gone_is_passed_over_and_the_others_get_sigterm() -> None:
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    running = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    stop_servers([gone, running])
    assert (gone.returncode, running.returncode) == (0, -signal.SIGTERM)
