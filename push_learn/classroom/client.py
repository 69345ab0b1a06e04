"""A dashboard kernel's side of the class service: signed requests to the server that started it.

A kernel holds no database address or password. ``push-learn serve`` hands it two things in its
environment: the server's address (``PUSH_LEARN_CLASS_SERVICE``) and the sealing key
(``PUSH_LEARN_SEAL_KEY``). The kernel names itself (its id, read from its connection file) and signs
the request with the key; the server acts for the student whose browser owns that kernel.
Under JupyterHub (``push_learn.classroom.hub``) the hub's spawner sets ``PUSH_LEARN_HUB_SERVICE`` instead,
and every request carries the student's hub token (``JUPYTERHUB_API_TOKEN``, which the kernels of a
student's server inherit): the service asks the hub whose token it is. Without either (JupyterLab, a
notebook run elsewhere) ``configured()`` is False and nothing is sent.
"""

from __future__ import annotations

import json
import os
import re
import urllib.error
import urllib.request
from typing import Any

from push_learn.classroom.service import AUTH_HEADER, SERVICE_ENV, TOKEN_ENV, request_signature
from push_learn.errors import PushLearnError
from push_learn.records import seal_key_from_env

__all__ = ["HUB_TOKEN_ENV", "ServiceError", "configured", "hub_configured", "kernel_id", "record_attempt", "send"]

TIMEOUT = 30.0
HUB_TOKEN_ENV = "JUPYTERHUB_API_TOKEN"
"""The hub token of a student's server, inherited by its kernels."""


class ServiceError(PushLearnError):
    """The class service refused a request or could not be reached; the message says why."""


def configured() -> bool:
    """Whether this kernel can reach a class service: started by a server with one (address and key both
    set), or in a student's server under a hub with the class service (``hub_configured``)."""
    return (bool(os.environ.get(SERVICE_ENV)) and seal_key_from_env() is not None) or hub_configured()


def hub_configured() -> bool:
    """Whether this kernel runs in a student's server under JupyterHub with the class service (the
    service's address and the hub token both in the environment)."""
    from push_learn.classroom.hub import HUB_SERVICE_ENV

    return bool(os.environ.get(HUB_SERVICE_ENV)) and bool(os.environ.get(HUB_TOKEN_ENV))


def _hub_send(action: str, payload: dict[str, Any]) -> dict[str, Any]:
    """Send ``payload`` to the hub's class service with this student's hub token."""
    from push_learn.classroom.hub import HUB_SERVICE_ENV

    url = os.environ[HUB_SERVICE_ENV].rstrip("/") + f"/{action}"
    body = json.dumps(payload, ensure_ascii=False).encode()
    return _post(url, body, {"Authorization": f"token {os.environ[HUB_TOKEN_ENV]}"})


def kernel_id() -> str | None:
    """This kernel's id (from its connection file ``kernel-<id>.json``), or None outside a kernel."""
    try:
        from ipykernel.connect import get_connection_file

        name = os.path.basename(get_connection_file())
    except Exception:  # not in a kernel
        return None
    match = re.fullmatch(r"kernel-(.+)\.json", name)
    return match.group(1) if match else None


def send(action: str, payload: dict[str, Any]) -> dict[str, Any]:
    """Send ``payload`` (with this kernel's id) to the service's ``action``; its JSON answer, or ``ServiceError``.

    Under JupyterHub with the class service, it goes there with the student's hub token instead."""
    key = seal_key_from_env()
    base = os.environ.get(SERVICE_ENV, "")
    if (key is None or not base) and hub_configured():
        return _hub_send(action, payload)
    if key is None or not base:
        raise ServiceError("this page was not opened from a class server, so nothing is recorded")
    body = json.dumps({**payload, "kernel": kernel_id()}, ensure_ascii=False).encode()
    url = base.rstrip("/") + f"/push_learn/class/kernel/{action}"
    return _post(url, body, {AUTH_HEADER: request_signature(key, body)})


def record_attempt(notebook: str, exercise: str, answer: str, correct: bool) -> bool:
    """Record an exercise attempt when a class service is configured; silently nothing otherwise.

    A dashboard kernel signs with the server's key; a student's own JupyterLab kernel, which holds no
    key, sends the token its student got on the landing page (``PUSH_LEARN_CLASS_TOKEN``), or under
    JupyterHub its hub token to the hub's class service. A refusal
    or an unreachable server never disturbs the exercise: it returns False.
    """
    payload = {"notebook": notebook, "exercise": exercise, "answer": answer, "correct": correct}
    try:
        if configured():
            send("attempt", payload)
            return True
        base, token = os.environ.get(SERVICE_ENV, ""), os.environ.get(TOKEN_ENV, "")
        if not base or not token:
            return False
        body = json.dumps(payload, ensure_ascii=False).encode()
        _post(base.rstrip("/") + "/push_learn/class/attempt", body, {"Authorization": f"token {token}"})
        return True
    except ServiceError:
        return False


def notebook_name() -> str:
    """The running notebook's file name (ipykernel's ``__session__``), or ``notebook`` when unknown."""
    try:
        from IPython import get_ipython

        shell = get_ipython()
        path = str(shell.user_ns.get("__session__", "")) if shell is not None else ""
    except Exception:
        path = ""
    return os.path.basename(path) or "notebook"


def _post(url: str, body: bytes, headers: dict[str, str]) -> dict[str, Any]:
    request = urllib.request.Request(url, data=body, method="POST",
                                     headers={"Content-Type": "application/json", **headers})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as reply:
            return dict(json.loads(reply.read()))
    except urllib.error.HTTPError as error:
        try:
            reason = json.loads(error.read()).get("error") or error.reason
        except ValueError:
            reason = error.reason
        raise ServiceError(str(reason)) from None
    except (urllib.error.URLError, OSError, ValueError) as error:
        raise ServiceError(f"the class server could not be reached ({error})") from None
