"""A real JupyterHub on this machine for the hub tests and ``benchmarks/hub.py``, and light students for it.

``start_hub`` runs JupyterHub in its own process with its real proxy (configurable-http-proxy from npm,
``hub_proxy``), a local process spawner (each student's Jupyter server is a process of this machine,
``SimpleLocalProcessSpawner``), the shared class password (``SharedPasswordAuthenticator``), the idle
culler and the class store's service (``push_learn.classroom.hub``) as hub services, everything on
127.0.0.1. What a student's server gets comes from the Zero to JupyterHub configuration shipped in
``docs/z2jh/config.yaml`` (``Z2JH``), so that the local hub runs what the recipe tells a school to run:
the Voilà settings file it mounts under the environment's prefix, the hub token's scopes, the
class service's definition, the culler's options and the default page.

``student`` is one student as a browser would be on the wire, in an asyncio task: the hub's login form,
the spawn, the OAuth redirects to their own server, a dashboard page through Voilà, then the kernel's
websocket, where a widget message must be answered (``click``). ``stop_hub`` ends it all.

``Teacher`` is the teacher beside the hub, as the docs tell a school to work: the teacher's dashboard of a
``push-learn serve --class-db`` on the hub's class store, its forms sent as its buttons send them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from html import unescape
from pathlib import Path
from typing import Any

import psutil  # type: ignore[import-untyped]
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest, HTTPResponse
from tornado.websocket import WebSocketClientConnection, websocket_connect

from push_learn.apps.guards import KEY_PATH
from push_learn.apps.harness import Server, ServerError, free_port, kernel_message, start_server, stop_server
from push_learn.classroom.hub import HUB_SERVICE_ENV, SERVICE_NAME, service_definition

__all__ = [
    "CLASS_PASSWORD",
    "IMAGE_REPO",
    "REPO",
    "TEACHER_PAGE",
    "Z2JH",
    "Hub",
    "Student",
    "Teacher",
    "fetch_with_cookies",
    "hub_config",
    "hub_proxy",
    "load_z2jh",
    "start_hub",
    "stop_hub",
]

REPO = Path(__file__).resolve().parents[2]
"""The checkout (the hub serves its ``notebooks/dashboards``)."""
Z2JH = REPO / "docs" / "z2jh" / "config.yaml"
"""The Zero to JupyterHub configuration the docs ship; the local hub takes its settings from it."""
IMAGE_REPO = Path("/srv/push-learn")
"""Where the image keeps the repository (``repo2docker --target-repo-dir``); the checkout plays it locally."""
CLASS_PASSWORD = "cards-" + secrets.token_hex(6)
"""The shared class password of the test hub (made up per run)."""
CULL_SECONDS_PER_SERVER = 5.0
"""Seconds the culler is given per server beyond its timeout: jupyterhub-idle-culler 2.0 stops servers one
after another (it awaits each user's coroutine in turn; ``--concurrency`` only bounds its requests), and a
server's stop took 2.5 to 5.7 s here under load (D-HUB-12)."""
STEP_TIMEOUT = 300.0
"""Seconds one step of a student (a page, the server's start, an answer) may take: generous, for a shared machine."""


def load_z2jh(path: Path = Z2JH) -> dict[str, Any]:
    """The Zero to JupyterHub ``config.yaml`` as a dict."""
    import yaml

    return dict(yaml.safe_load(path.read_text(encoding="utf-8")))


def hub_proxy() -> str:
    """The configurable-http-proxy program: ``$CHP_BIN``, the project's ``.venv/node_modules`` (``make
    hub-proxy``), or the PATH; ``ServerError`` says how to get it otherwise."""
    for candidate in (os.environ.get("CHP_BIN"), str(REPO / ".venv" / "node_modules" / ".bin" /
                                                    "configurable-http-proxy"),
                      shutil.which("configurable-http-proxy")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    raise ServerError("JupyterHub's proxy is missing: run `make hub-proxy` (npm install configurable-http-proxy "
                      "into .venv/node_modules) or set CHP_BIN")


@dataclass
class Hub:
    """A running hub: its process, address, folder and log."""

    process: subprocess.Popen[bytes]
    url: str
    """``http://127.0.0.1:<port>/`` (the proxy's public address)."""
    folder: Path
    log: Path
    api_token: str
    """A token of the hub's admin service (``test-admin``) for the REST API."""
    culler_timeout: int
    """Seconds of idleness after which the culler stops a server (the test hub's; the school's is 1800)."""
    culler_every: int
    settings: dict[str, Any] = field(default_factory=dict)
    culler_env: dict[str, str] = field(default_factory=dict)
    culler: subprocess.Popen[bytes] | None = None
    runtime_root: Path | None = None
    """The short folder of the students' servers' runtime folders (their kernels' IPC sockets)."""

    def start_culler(self) -> None:
        """Start the idle culler, a service of this hub with its own token (``jupyterhub_idle_culler``, the
        program Zero to JupyterHub runs), logging into ``culler.log`` beside the hub's."""
        with (self.folder / "culler.log").open("wb") as out:
            command = [sys.executable, "-m", "jupyterhub_idle_culler", *self.settings["culler_args"]]
            self.culler = subprocess.Popen(command, env={**os.environ, **self.culler_env}, stdout=out,
                                           stderr=subprocess.STDOUT, start_new_session=True)

    def wait_until_culled(self) -> float:
        """Start the culler and wait until the hub knows no server and no student process is left, or the
        culler's time is up (its timeout and rounds, plus ``CULL_SECONDS_PER_SERVER`` for each server);
        the seconds waited."""
        started = time.monotonic()
        servers = len(self.servers())
        self.start_culler()
        deadline = started + self.culler_timeout + 6 * self.culler_every + 60 + CULL_SECONDS_PER_SERVER * servers
        while time.monotonic() < deadline and (self.servers() or self.user_processes()):
            time.sleep(2)
        return time.monotonic() - started

    def log_tail(self, lines: int = 80) -> str:
        """The end of the hub's log."""
        with contextlib.suppress(OSError):
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        return ""

    def culled(self) -> set[str]:
        """The users whose servers the idle culler stopped (the hub's log of its requests)."""
        text = self.log.read_text(errors="replace")
        return set(re.findall(r"DELETE /hub/api/users/([^/\s]+)/server \(idle-culler@", text))

    def api(self, path: str, method: str = "GET") -> Any:
        """Call the hub's REST API (``/hub/api/<path>``) with the admin token; the JSON answer."""
        import urllib.request

        request = urllib.request.Request(f"{self.url}hub/api/{path}", method=method,
                                         headers={"Authorization": f"token {self.api_token}"})
        with urllib.request.urlopen(request, timeout=30) as reply:
            body = reply.read()
        return json.loads(body) if body else None

    def servers(self) -> dict[str, dict[str, Any]]:
        """Running or starting servers by user name."""
        running = {}
        for user in self.api("users"):
            for name, server in (user.get("servers") or {}).items():
                if server.get("ready") or server.get("pending"):
                    running[user["name"] + (f"/{name}" if name else "")] = server
        return running

    def user_processes(self) -> list[psutil.Process]:
        """Students' servers and their kernels (every process under the hub but the proxy and services)."""
        found = []
        for child in psutil.Process(self.process.pid).children(recursive=True):
            with contextlib.suppress(psutil.Error):
                line = " ".join(child.cmdline())
                if "singleuser" in line or "ipykernel" in line:
                    found.append(child)
        return found


def hub_config(folder: Path, port: int, class_db: str, culler_timeout: int, culler_every: int,
               admin_token: str, culler_token: str = "", hub_port: int = 0,
               server_env: Mapping[str, str] | None = None, runtime_root: str = "") -> tuple[str, dict[str, Any]]:
    """The ``jupyterhub_config.py`` of the local hub, and the settings it took from ``docs/z2jh/config.yaml``;
    ``server_env`` adds variables to every student's server (the tests' autoplay switch); ``runtime_root``
    is the short folder under which each server's kernels keep their IPC sockets (D-HUB-13)."""
    z2jh = load_z2jh()
    single = z2jh["singleuser"]
    voila_file = single["extraFiles"]["voila-config"]
    config_dir = folder / "etc" / "jupyter"
    config_dir.mkdir(parents=True)
    (config_dir / Path(voila_file["mountPath"]).name).write_text(voila_file["stringData"], encoding="utf-8")
    homes = folder / "home"
    homes.mkdir()
    scopes = z2jh["hub"]["config"]["Spawner"]["server_token_scopes"]
    server_args = [arg.replace(str(IMAGE_REPO), str(REPO)) for arg in single["cmd"][1:]]
    service_port = free_port()
    environment = {
        # the template lives in the checkout as in the image (JUPYTER_PATH in config.yaml names it there)
        "JUPYTER_PATH": single["extraEnv"]["JUPYTER_PATH"].replace(str(IMAGE_REPO), str(REPO)),
        "JUPYTER_CONFIG_PATH": str(config_dir),
        HUB_SERVICE_ENV: f"http://127.0.0.1:{port}/services/{SERVICE_NAME}/",
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH", "")])),
        **(server_env or {}),
    }
    settings = {
        "default_url": single["defaultUrl"],
        "server_args": server_args,
        "voila_config": voila_file["stringData"],
        "server_token_scopes": list(scopes),
        "user_scopes": list(z2jh["hub"]["loadRoles"]["user"]["scopes"]),
        "service": service_definition(service_port, class_db),
        "culler_args": [f"--timeout={culler_timeout}", f"--cull-every={culler_every}"],
        "authenticator": z2jh["hub"]["config"]["JupyterHub"]["authenticator_class"],
        "tornado_settings": dict(z2jh["hub"]["config"]["JupyterHub"]["tornado_settings"]),
    }
    culler = {"name": "idle-culler", "api_token": culler_token}  # started by Hub.start_culler (D-HUB-04)
    text = f"""# The local hub of push_learn's hub tests (written by push_learn.apps.hub_harness).
c = get_config()  # noqa
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port or free_port()}
c.ConfigurableHTTPProxy.command = [{hub_proxy()!r}]
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{free_port()}"
c.JupyterHub.db_url = "sqlite:///{folder / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = "{folder / 'cookie_secret'}"
c.JupyterHub.pid_file = "{folder / 'jupyterhub.pid'}"
c.JupyterHub.authenticator_class = {settings['authenticator']!r}
c.JupyterHub.tornado_settings = {settings['tornado_settings']!r}
c.SharedPasswordAuthenticator.user_password = {CLASS_PASSWORD!r}
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "push_learn.apps.hub_spawner.PooledPortSpawner"  # ports no kernel is handed (D-HUB-08)
c.SimpleLocalProcessSpawner.home_dir_template = "{homes}/{{username}}"
c.Spawner.cmd = [{sys.executable!r}, "-m", "jupyterhub.singleuser"]
c.Spawner.args = ["--ServerApp.allow_root=True", *{server_args!r}]  # root here; the image's uid 1000 there
# thirty servers on one machine: kernels speak over IPC sockets, not TCP ports they would race for (D-HUB-13)
c.Spawner.args.append("--KernelManager.transport=ipc")
c.PooledPortSpawner.runtime_root = {runtime_root!r}
c.Spawner.default_url = {settings['default_url']!r}
c.Spawner.environment = {environment!r}
c.Spawner.server_token_scopes = {settings['server_token_scopes']!r}
c.Spawner.start_timeout = {int(STEP_TIMEOUT)}
c.Spawner.http_timeout = {int(STEP_TIMEOUT)}
c.JupyterHub.concurrent_spawn_limit = 0
c.JupyterHub.active_server_limit = 0
c.JupyterHub.services = [{settings['service']!r}, {culler!r},
                         {{"name": "test-admin", "api_token": {admin_token!r}}}]
c.JupyterHub.load_roles = [
    {{"name": "user", "scopes": {settings['user_scopes']!r}}},
    {{"name": "idle-culler", "services": ["idle-culler"],
      "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"]}},
    {{"name": "test-admin", "services": ["test-admin"], "scopes": ["admin:users", "admin:servers"]}},
]
"""
    return text, settings


def start_hub(folder: Path, class_db: str, *, culler_timeout: int = 30, culler_every: int = 10,
              timeout: float = 90.0, server_env: Mapping[str, str] | None = None) -> Hub:
    """Start JupyterHub in ``folder`` with the class store ``class_db``; return once its API answers
    (``server_env``: more variables for students' servers)."""
    import urllib.request

    port, hub_port = free_port(), free_port()
    token, culler_token = secrets.token_hex(16), secrets.token_hex(16)
    runtime_root = tempfile.mkdtemp(prefix="plhub")  # short: a socket's path must stay under 108 bytes
    text, settings = hub_config(folder, port, class_db, culler_timeout, culler_every, token, culler_token, hub_port,
                                server_env, runtime_root)
    (folder / "jupyterhub_config.py").write_text(text, encoding="utf-8")
    log = folder / "hub.log"
    with log.open("wb") as out:
        process = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(folder / "jupyterhub_config.py")],
                                   cwd=folder, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    hub = Hub(process, f"http://127.0.0.1:{port}/", folder, log, token, culler_timeout, culler_every, settings,
              runtime_root=Path(runtime_root))
    hub.culler_env = {"JUPYTERHUB_API_TOKEN": culler_token, "JUPYTERHUB_API_URL": f"http://127.0.0.1:{hub_port}/hub/api",
                      "JUPYTERHUB_SERVICE_NAME": "idle-culler"}
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ServerError(f"JupyterHub stopped at start ({process.returncode}):\n{hub.log_tail()}")
        with contextlib.suppress(OSError), urllib.request.urlopen(f"{hub.url}hub/api/", timeout=5) as reply:
            if reply.status == 200:
                return hub
        time.sleep(0.5)
    stop_hub(hub)
    raise ServerError(f"JupyterHub did not answer within {timeout:.0f} s:\n{hub.log_tail()}")


def stop_hub(hub: Hub, grace: float = 30.0) -> None:
    """Stop the hub (SIGTERM: it stops the proxy and its services), then kill anything of it still running."""
    family: list[psutil.Process] = []
    with contextlib.suppress(psutil.Error):
        family = psutil.Process(hub.process.pid).children(recursive=True)
    if hub.culler is not None:
        hub.culler.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            hub.culler.wait(10)
        if hub.culler.poll() is None:
            hub.culler.kill()
    hub.process.terminate()
    try:
        hub.process.wait(grace)
    except subprocess.TimeoutExpired:
        hub.process.kill()
        hub.process.wait(10)
    for child in family:
        with contextlib.suppress(psutil.Error):
            child.kill()
    if hub.runtime_root is not None:
        shutil.rmtree(hub.runtime_root, ignore_errors=True)


# ---- a student on the wire -----------------------------------------------------------------------------


def _now_iso() -> str:
    return datetime.now(timezone.utc).isoformat()


async def fetch_with_cookies(jar: dict[str, str], url: str, method: str = "GET", body: bytes | None = None,
                             headers: dict[str, str] | None = None, who: str = "the browser") -> HTTPResponse:
    """One request as a browser makes it: the cookies of ``jar`` sent, those the answers set kept in it (an
    empty value removes one), redirects followed by hand (a 303 goes on with GET); the last answer. Like a
    browser, ``jar`` holds the cookies of every port of 127.0.0.1 together."""
    client = AsyncHTTPClient()
    for _ in range(20):
        request = HTTPRequest(url, method=method, body=body, follow_redirects=False, request_timeout=STEP_TIMEOUT,
                              headers={"Cookie": "; ".join(f"{k}={v}" for k, v in jar.items()), **(headers or {})})
        try:
            reply = await client.fetch(request, raise_error=False)
        except HTTPClientError as error:  # pragma: no cover - raise_error=False keeps HTTP errors here
            raise ServerError(f"{who}: {url}: {error}") from None
        for header in reply.headers.get_list("Set-Cookie"):
            key, _, rest = header.partition("=")
            value = rest.split(";")[0]
            if value:
                jar[key.strip()] = value
            else:
                jar.pop(key.strip(), None)
        if reply.code in (301, 302, 303, 307) and "Location" in reply.headers:
            url = urllib.parse.urljoin(url, reply.headers["Location"])
            if reply.code != 307:
                method, body = "GET", None
            continue
        return reply
    raise ServerError(f"{who}: too many redirects at {url}")


@dataclass
class Student:
    """One student as their browser is on the wire: cookies, their server, their dashboard's kernel."""

    hub: Hub
    name: str
    jar: dict[str, str] = field(default_factory=dict)
    socket: WebSocketClientConnection | None = None
    widget: str = ""
    kernel: str = ""
    times: dict[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        AsyncHTTPClient.configure(None, max_clients=200)  # a class at once (tornado's default queues beyond 10)

    async def fetch(self, url: str, method: str = "GET", body: bytes | None = None,
                    headers: dict[str, str] | None = None) -> HTTPResponse:
        """One request with the student's cookies, following redirects by hand (keeping the cookies each sets)."""
        return await fetch_with_cookies(self.jar, url, method, body, headers, who=self.name)

    async def log_in(self, password: str = CLASS_PASSWORD) -> None:
        """The hub's login form, with the class password."""
        await self.fetch(f"{self.hub.url}hub/login")
        form = urllib.parse.urlencode({"username": self.name, "password": password,
                                       "_xsrf": self.jar.get("_xsrf", "")}).encode()
        reply = await self.fetch(f"{self.hub.url}hub/login?next=", "POST", form,
                                 {"Content-Type": "application/x-www-form-urlencoded"})
        if reply.code != 200 or not any(key.startswith("jupyterhub-session") or key == "jupyterhub-hub-login"
                                        for key in self.jar):
            raise ServerError(f"{self.name} could not log in to the hub ({reply.code})")

    async def open_dashboard(self, notebook: str = "meld_lab.ipynb", seed: int = 1, query: str = "") -> str:
        """Start (if need be) the student's server and open a dashboard there (``?seed=<seed>`` and ``query``,
        such as ``&assignment=3``); the page's HTML."""
        started = time.monotonic()
        await self.wait_for_server()
        self.times["server"] = time.monotonic() - started
        page = await self.fetch(f"{self.hub.url}user/{self.name}/voila/render/{notebook}?seed={seed}{query}")
        html = page.body.decode("utf-8", errors="replace")
        if page.code != 200:
            raise ServerError(f"{self.name}: the dashboard answered {page.code}: {html[:300]}")
        found = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', html)
        if found is None:
            title = re.search(r"<title>(.*?)</title>", html, re.S)
            shown = title.group(1).strip() if title else ""
            raise ServerError(f"{self.name}: the dashboard page ({page.code}, {shown!r}, {page.effective_url}) "
                              "names no kernel")
        self.kernel = found.group(1)
        return html

    async def wait_for_server(self) -> None:
        """Ask for the student's server unless the login already did, then follow its start on the hub's
        progress stream, as the hub's spawn-pending page does in a browser (one open request, the hub
        says when: a class polling the API every second kept the hub's one process busy answering)."""
        api = f"{self.hub.url}hub/api/users/{self.name}"
        xsrf = {"X-XSRFToken": self.jar.get("_xsrf", "")}
        reply = await self.fetch(api, headers=xsrf)
        server = json.loads(reply.body).get("servers", {}).get("", {}) if reply.code == 200 else {}
        if server.get("ready"):
            return
        if not server.get("pending"):
            await self.fetch(f"{self.hub.url}hub/spawn", "POST", b"", xsrf)
        events: list[dict[str, Any]] = []
        pending = b""

        def on_chunk(chunk: bytes) -> None:
            nonlocal pending
            pending += chunk
            *whole, pending = pending.split(b"\n\n")
            events.extend(json.loads(line[5:]) for event in whole for line in event.splitlines()
                          if line.startswith(b"data:"))

        request = HTTPRequest(f"{api}/server/progress", request_timeout=STEP_TIMEOUT, streaming_callback=on_chunk,
                              headers={"Cookie": "; ".join(f"{k}={v}" for k, v in self.jar.items()), **xsrf})
        stream = await AsyncHTTPClient().fetch(request, raise_error=False)
        if any(event.get("ready") for event in events):
            return
        reply = await self.fetch(api, headers=xsrf)  # the stream ended without a word: ask once more
        if reply.code == 200 and json.loads(reply.body).get("servers", {}).get("", {}).get("ready"):
            return
        said = events[-1].get("message", "") if events else f"progress stream answered {stream.code}"
        raise ServerError(f"{self.name}'s server did not start: {said}")

    def _send(self, msg_type: str, content: dict[str, Any], metadata: dict[str, Any] | None = None) -> str:
        assert self.socket is not None
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "username": self.name, "session": self.jar.get("session", "s"),
                  "msg_type": msg_type, "version": "5.3", "date": _now_iso()}
        self.socket.write_message(json.dumps({"header": header, "parent_header": {}, "metadata": metadata or {},
                                              "content": content, "channel": "shell", "buffers": []}))
        return msg_id

    async def _answer(self, msg_id: str) -> dict[str, Any]:
        """The first comm message the kernel sends in reply to ``msg_id``."""
        assert self.socket is not None
        while True:
            frame = await asyncio.wait_for(self.socket.read_message(), STEP_TIMEOUT)
            if frame is None:
                raise ConnectionError(f"{self.name}: the kernel's websocket closed")
            message = kernel_message(frame)
            kind = message.get("msg_type", message.get("header", {}).get("msg_type"))
            if kind == "comm_msg" and message.get("parent_header", {}).get("msg_id") == msg_id:
                return message

    async def connect(self) -> dict[str, Any]:
        """Open the dashboard kernel's websocket and ask for the widgets' state, as ipywidgets' page does;
        return the states (the page is interactive from here)."""
        url = (self.hub.url.replace("http://", "ws://") +
               f"user/{self.name}/api/kernels/{self.kernel}/channels?session_id={uuid.uuid4().hex}")
        cookie = "; ".join(f"{k}={v}" for k, v in self.jar.items())
        self.socket = await asyncio.wait_for(websocket_connect(HTTPRequest(url, headers={"Cookie": cookie})),
                                             STEP_TIMEOUT)
        control = uuid.uuid4().hex
        self._send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                   {"version": "1.0.0"})
        asked = self._send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        states = dict((await self._answer(asked))["content"]["data"].get("states", {}))
        self.widget = next((model_id for model_id, model in states.items() if "_esm" in model.get("state", {})), "")
        if not self.widget:
            raise ServerError(f"{self.name}: the dashboard has no anywidget")
        return states

    async def request_state(self, model: str = "") -> dict[str, Any]:
        """Ask one widget model (the dashboard's anywidget by default) for its state, as a page that shows it
        does; the kernel's ``update`` answer. Any dashboard answers it, whatever its controls."""
        sent = self._send("comm_msg", {"comm_id": model or self.widget, "data": {"method": "request_state"}})
        answer = await self._answer(sent)
        if answer["content"]["data"].get("method") != "update":
            raise ServerError(f"{self.name}: the widget answered {answer['content']['data'].get('method')!r}, "
                              "not its state")
        return dict(answer["content"]["data"].get("state", {}))

    async def click(self, card: int) -> dict[str, Any]:
        """Click a card (the anywidget message the page sends); the kernel's answer (the repainted state)."""
        sent = self._send("comm_msg", {"comm_id": self.widget,
                                       "data": {"method": "custom", "content": {"type": "toggle", "i": card}}})
        return await self._answer(sent)

    async def execute(self, code: str) -> str:
        """Run ``code`` in the dashboard's kernel (the student's own server runs the student's code); its
        printed output, or ``ServerError`` with the kernel's error."""
        assert self.socket is not None
        sent = self._send("execute_request", {"code": code, "silent": False, "store_history": False,
                                              "user_expressions": {}, "allow_stdin": False, "stop_on_error": True})
        printed: list[str] = []
        replied = idle = False
        while True:
            frame = await asyncio.wait_for(self.socket.read_message(), STEP_TIMEOUT)
            if frame is None:
                raise ConnectionError(f"{self.name}: the kernel's websocket closed")
            message = kernel_message(frame)
            if message.get("parent_header", {}).get("msg_id") != sent:
                continue
            kind = message.get("msg_type", message.get("header", {}).get("msg_type"))
            content = message.get("content", {})
            if kind == "stream":
                printed.append(str(content.get("text", "")))
            elif kind == "error":
                raise ServerError(f"{self.name}'s kernel: {content.get('ename')}: {content.get('evalue')}")
            elif kind == "execute_reply":
                replied = True
            elif kind == "status" and content.get("execution_state") == "idle":
                idle = True
            if replied and idle:  # the reply (shell) and the last output (iopub) travel apart
                return "".join(printed)

    def leave(self) -> None:
        """Close the websocket as a closed laptop does (the kernel stays: nobody says goodbye)."""
        if self.socket is not None:
            self.socket.close()
            self.socket = None

    async def post_to_service(self, action: str, payload: dict[str, Any], token: str) -> tuple[int, dict[str, Any]]:
        """POST to the class service through the hub's proxy with a hub token, as a kernel does."""
        reply = await AsyncHTTPClient().fetch(
            HTTPRequest(f"{self.hub.url}services/{SERVICE_NAME}/{action}", method="POST",
                        body=json.dumps(payload).encode(), request_timeout=STEP_TIMEOUT,
                        headers={"Authorization": f"token {token}", "Content-Type": "application/json"}),
            raise_error=False)
        return reply.code, (json.loads(reply.body) if reply.body else {})


# ---- the teacher beside the hub ------------------------------------------------------------------------

TEACHER_PAGE = "push_learn/teacher"
"""The teacher's dashboard on ``push-learn serve`` (below the server's address)."""


@dataclass
class Teacher:
    """The teacher as docs/classroom.md tells a school to work beside the hub: the teacher's dashboard of a
    ``push-learn serve --class-db <the hub's store>`` on this machine, on the wire (a cookie jar, the
    dashboard's forms as its buttons send them), signed in with the teacher key the server printed."""

    server: Server
    jar: dict[str, str] = field(default_factory=dict)

    @classmethod
    def start(cls, folder: Path, class_db: str) -> Teacher:
        """Start the teacher's ``push-learn serve`` on a free port of 127.0.0.1 with the class store
        ``class_db`` and no preheated kernels (the dashboard needs none), logging into ``folder``;
        ``stop`` ends it."""
        server = start_server(folder / "teacher-serve.log", ("--class-db", class_db, "--pool-size", "0"), cwd=REPO,
                              timeout=STEP_TIMEOUT)
        return cls(server)

    def stop(self) -> None:
        """Stop the teacher's server."""
        stop_server(self.server.process)

    async def _fetch(self, path: str, form: Mapping[str, str] | None = None) -> HTTPResponse:
        body = None if form is None else urllib.parse.urlencode(form).encode()
        headers = None if form is None else {"Content-Type": "application/x-www-form-urlencoded"}
        return await fetch_with_cookies(self.jar, self.server.url + path, "GET" if form is None else "POST", body,
                                        headers, who="the teacher")

    async def sign_in(self) -> None:
        """Open the dashboard, which asks for the teacher key first, and type the key."""
        asked = await self._fetch(TEACHER_PAGE)
        key = self.server.printed("teacher key")
        if asked.code != 403 or b"Teacher key" not in asked.body or key is None:
            raise ServerError(f"the teacher's dashboard did not ask for the teacher key ({asked.code})")
        page = await self._fetch(KEY_PATH.lstrip("/"), {"key": key, "next": "/" + TEACHER_PAGE, "for": "teacher"})
        if page.code != 200 or b"Teacher's dashboard" not in page.body:
            raise ServerError(f"the teacher key did not open the teacher's dashboard ({page.code})")

    async def page(self, code: str = "") -> str:
        """The dashboard (showing class ``code``, else the newest class)."""
        reply = await self._fetch(TEACHER_PAGE + (f"?{urllib.parse.urlencode({'class': code})}" if code else ""))
        if reply.code != 200:
            raise ServerError(f"the teacher's dashboard answered {reply.code}")
        return reply.body.decode("utf-8")

    async def submit(self, fields: Mapping[str, str], code: str = "") -> str:
        """Send one of the dashboard's forms with ``fields`` and the page's xsrf token, as its button does; the
        page shown after it. ``ServerError`` says what the page answered when it refused."""
        token = re.search(r'name="_xsrf" value="([^"]+)"', await self.page(code))
        if token is None:
            raise ServerError("the teacher's dashboard has no xsrf token in its forms")
        reply = await self._fetch(TEACHER_PAGE, {**fields, "_xsrf": token.group(1)})
        text = reply.body.decode("utf-8", errors="replace")
        if reply.code != 200:
            said = re.search(r'class="pl-wrong"[^>]*>([^<]*)<', text)
            raise ServerError(f"the teacher's form was refused ({reply.code}): "
                              + (unescape(said.group(1)) if said else text[:200]))
        return text

    async def create_class(self, name: str) -> str:
        """Create a class with the dashboard's form; the class code the page shows to hand out."""
        page = await self.submit({"action": "create", "name": name})
        shown = re.search(r'<span class="pl-code">([A-Z0-9]+)</span>', page)
        if shown is None:
            raise ServerError("the teacher's dashboard shows no class code after creating the class")
        return shown.group(1)

    async def assign(self, code: str, variant: str = "push", deal: str = "", level: str = "greedy") -> str:
        """Set class ``code``'s assignment of the day with the dashboard's form; the page shown after it."""
        return await self.submit({"action": "assign", "code": code, "variant": variant, "deal": deal,
                                  "level": level}, code)

    async def sheet(self, code: str, sheet: str = "results") -> str:
        """One CSV sheet of class ``code``, downloaded from the dashboard's export links."""
        reply = await self._fetch(f"{TEACHER_PAGE}/export/{code}/{sheet}.csv")
        if reply.code != 200 or not reply.headers.get("Content-Type", "").startswith("text/csv"):
            raise ServerError(f"the {sheet}.csv download answered {reply.code}")
        return reply.body.decode("utf-8")
