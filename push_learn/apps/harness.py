"""Driving ``push-learn serve`` and Chromium from a script: shared by the browser tests and the benchmarks.

- ``start_server`` runs ``push-learn serve`` on a free port of 127.0.0.1 (``serve`` never moves to
  another port), logs to a file and polls Voila's main script until it answers, failing at once with
  the log if the server dies; ``stop_server`` sends SIGTERM (Voila then shuts its kernels down) and
  SIGKILLs, by process id, the server and any kernel still alive (kernels run in their own sessions,
  so a process-group kill would miss them); ``stop_servers`` stops several side by side.
- ``chromium_executable`` and ``CHROMIUM_FLAGS``: Debian's Chromium for Playwright, which has no
  option of its own for a browser path.
- ``PageWatch``: keeps a browser context off the network (anything but 127.0.0.1 is aborted) and
  records page errors, console errors and the requests it stopped.
- ``kernel_message``: one Jupyter websocket frame read as its message (for light clients).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import psutil  # type: ignore[import-untyped]

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, ConsoleMessage, Page, Route

__all__ = [
    "CHROMIUM_FLAGS",
    "PageWatch",
    "Server",
    "ServerError",
    "chromium_executable",
    "free_port",
    "kernel_processes",
    "log_faults",
    "start_server",
    "stop_server",
    "stop_servers",
]

CHROMIUM_FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
"""Flags for a headless Chromium run as root in a container, with no traffic of its own."""


def kernel_message(frame: str | bytes) -> dict[str, Any]:
    """A Jupyter websocket message: JSON text, or jupyter_server's binary frame (a count, the parts'
    offsets, the message's JSON first and its buffers after)."""
    if isinstance(frame, str):
        return dict(json.loads(frame))
    (count,) = struct.unpack("!I", frame[:4])
    offsets = struct.unpack("!" + "I" * count, frame[4 : 4 + 4 * count])
    end = offsets[1] if count > 1 else len(frame)
    return dict(json.loads(frame[offsets[0] : end]))


class ServerError(RuntimeError):
    """The dashboards server did not start; the message ends with the tail of its log."""


def chromium_executable() -> str | None:
    """The Chromium to drive: ``$CHROMIUM_PATH``, else the first Chromium on the PATH, else None."""
    explicit = os.environ.get("CHROMIUM_PATH")
    if explicit:
        return explicit
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port on ``host`` (127.0.0.1 by default) that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


@dataclass
class Server:
    """A running ``push-learn serve``: its address, process and log file."""

    url: str
    process: subprocess.Popen[bytes]
    log: Path

    def printed(self, label: str) -> str | None:
        """What the server printed after ``label: `` at start (``class key``, ``teacher key``), if anything."""
        found = re.search(rf"^{re.escape(label)}: (\S+)", self.log.read_text(encoding="utf-8", errors="replace"), re.M)
        return found.group(1) if found else None

    def log_tail(self, lines: int = 60) -> str:
        """The last lines of the server's log."""
        text = self.log.read_text(encoding="utf-8", errors="replace")
        return "\n".join(text.splitlines()[-lines:])

    def faults(self) -> list[str]:
        """The tracebacks and ERROR lines in the server's log that are not known upstream noise (``log_faults``)."""
        return log_faults(self.log.read_text(encoding="utf-8", errors="replace"))


UPSTREAM_NOISE = (("ipykernel/iostream.py", "ZMQError: Socket operation on non-socket"),)
"""Tracebacks that kernels print while shutting down and that are not push_learn's (a file the traceback passes
through, and its last line): ipykernel 7.4's IOPub thread may be woken through an event pipe that its shutdown has
just closed (a check-then-send race in ``IOPubThread.schedule``, like the one ipykernel's pull request 1518 mended
in ``_really_send``). The kernel is being shut down anyway; nothing is lost."""


def log_faults(text: str) -> list[str]:
    r"""The tracebacks (each with the ERROR line that announced it) and other ERROR lines of a server's log,
    without the tracebacks of ``UPSTREAM_NOISE``.

    >>> log_faults("ok\nERROR: bad\nTraceback (most recent call last):\n  File \"x.py\"\nValueError: no")
    ['ERROR: bad\nTraceback (most recent call last):\n  File "x.py"\nValueError: no']
    >>> log_faults("ERROR:tornado.general:Uncaught\nTraceback (most recent call last):\n"
    ...            "  File \"/v/ipykernel/iostream.py\"\nzmq.error.ZMQError: Socket operation on non-socket")
    []
    """
    faults: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        starts = "Traceback (most recent call last):" in line
        announces = "ERROR" in line and i + 1 < len(lines) and "Traceback (most recent call last):" in lines[i + 1]
        if not (starts or announces):
            if "ERROR" in line:
                faults.append(line)
            i += 1
            continue
        end = i + 2 if announces else i + 1
        while end < len(lines) and (lines[end][:1].isspace() or not lines[end].strip()):
            end += 1
        block = lines[i:end + 1]
        if not any(place in "\n".join(block) and block[-1].strip().endswith(last) for place, last in UPSTREAM_NOISE):
            faults.append("\n".join(block))
        i = end + 1
    return faults


def kernel_processes(process: subprocess.Popen[bytes]) -> list[psutil.Process]:
    """The kernel processes a server process has started and that are still alive."""
    try:
        children = psutil.Process(process.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    kernels = []
    for child in children:
        with contextlib.suppress(psutil.NoSuchProcess, psutil.AccessDenied):
            if "ipykernel" in " ".join(child.cmdline()):
                kernels.append(child)
    return kernels


def _wait_until_up(server: Server, timeout: float) -> None:
    """Poll Voila's main script until it is served; raise at once if the server process died."""
    deadline = time.monotonic() + timeout
    probe = f"{server.url}voila/static/voila.js"
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise ServerError(f"push-learn serve exited with {server.process.returncode}:\n{server.log_tail()}")
        with (
            contextlib.suppress(urllib.error.URLError, ConnectionError, TimeoutError),
            urllib.request.urlopen(probe, timeout=2) as reply,
        ):
            if reply.status == 200:
                return
        time.sleep(0.25)
    raise ServerError(f"push-learn serve did not answer within {timeout:.0f} s:\n{server.log_tail()}")


def start_server(
    log: Path, extra: Sequence[str] = (), cwd: Path | None = None, timeout: float = 90.0, host: str = "127.0.0.1"
) -> Server:
    """Start ``push-learn serve`` on a free port of ``host`` (a loopback address), logging to ``log``; return
    once it answers. On any host but 127.0.0.1 the server prints a class key (``Server.printed("class key")``)."""
    port = free_port(host)
    command = [
        sys.executable,
        "-m",
        "push_learn.cli",
        "serve",
        "--host",
        host,
        "--port",
        str(port),
        *extra,
    ]
    env = dict(os.environ)
    env.setdefault("PUSH_LEARN_CLASS_DB", str(log.with_name("class.db")))  # never a file in the checkout
    with log.open("wb") as sink:
        process = subprocess.Popen(command, stdout=sink, stderr=subprocess.STDOUT, cwd=cwd, start_new_session=True,
                                   env=env)
    server = Server(url=f"http://{host}:{port}/", process=process, log=log)
    try:
        _wait_until_up(server, timeout)
    except BaseException:
        stop_server(process)
        raise
    return server


def stop_server(process: subprocess.Popen[bytes], grace: float = 20.0) -> None:
    """SIGTERM the server (it shuts its kernels down), then SIGKILL it and any kernel left, by process id."""
    stop_servers([process], grace)


def stop_servers(processes: Sequence[subprocess.Popen[bytes]], grace: float = 20.0) -> None:
    """``stop_server`` for several servers at once: every one is sent SIGTERM before any is waited for, so they
    shut their kernels down side by side and the wait is the slowest one's, not the sum (a test session ends
    with several servers running)."""
    kernels = [kernel for process in processes for kernel in kernel_processes(process)]
    running = [process for process in processes if process.poll() is None]
    for process in running:
        process.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + grace
    for process in running:
        try:
            process.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
    _, alive = psutil.wait_procs(kernels, timeout=5)
    for kernel in alive:
        with contextlib.suppress(psutil.NoSuchProcess):
            kernel.kill()


@dataclass
class PageWatch:
    """What a page did that must be checked: uncaught errors, console errors, requests leaving the machine."""

    errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    outside_requests: list[str] = field(default_factory=list)

    @classmethod
    def attach(cls, context: BrowserContext, page: Page, hosts: Sequence[str] = ("127.0.0.1",)) -> PageWatch:
        """Abort every request of ``context`` not going to one of ``hosts`` (loopback addresses), and record
        what ``page`` does wrong."""
        seen = cls()
        allowed = tuple(f"{scheme}://{host}:" for host in hosts for scheme in ("http", "ws"))

        def route(handler: Route) -> None:
            url = handler.request.url
            if url.startswith(allowed):
                handler.continue_()
            else:
                seen.outside_requests.append(url)
                handler.abort()

        def console(message: ConsoleMessage) -> None:
            if message.type == "error":
                seen.console_errors.append(message.text)

        context.route("**/*", route)
        page.on("pageerror", lambda error: seen.errors.append(str(error)))
        page.on("console", console)
        return seen

    @property
    def problems(self) -> list[str]:
        """One line per thing that went wrong."""
        return [
            *(f"page error: {e}" for e in self.errors),
            *(f"console error: {e}" for e in self.console_errors),
            *(f"request to the outside: {u}" for u in self.outside_requests),
        ]

    def assert_clean(self) -> None:
        """Fail when the page raised, logged an error, or tried to reach anything but 127.0.0.1."""
        assert not self.problems, "\n".join(self.problems)
