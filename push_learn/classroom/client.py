"""A dashboard kernel's side of the class service: signed requests to the server that started it.

A kernel holds no database address or password. ``push-learn serve`` hands it two things in its
environment: the server's address (``PUSH_LEARN_CLASS_SERVICE``) and the sealing key
(``PUSH_LEARN_SEAL_KEY``). The kernel names itself (its id, read from its connection file) and signs
the request with the key; the server acts for the student whose browser owns that kernel.
Without both settings (JupyterLab, a notebook run elsewhere) ``configured()`` is False and nothing
is sent.
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

__all__ = ["ServiceError", "configured", "kernel_id", "record_attempt", "send"]

TIMEOUT = 30.0


class ServiceError(PushLearnError):
    """The class service refused a request or could not be reached; the message says why."""


def configured() -> bool:
    """Whether this kernel was started by a server with a class service (address and key both set)."""
    return bool(os.environ.get(SERVICE_ENV)) and seal_key_from_env() is not None


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
    """Send ``payload`` (with this kernel's id) to the service's ``action``; its JSON answer, or ``ServiceError``."""
    key = seal_key_from_env()
    base = os.environ.get(SERVICE_ENV, "")
    if key is None or not base:
        raise ServiceError("this page was not opened from a class server, so nothing is recorded")
    body = json.dumps({**payload, "kernel": kernel_id()}, ensure_ascii=False).encode()
    url = base.rstrip("/") + f"/push_learn/class/kernel/{action}"
    return _post(url, body, {AUTH_HEADER: request_signature(key, body)})


def record_attempt(notebook: str, exercise: str, answer: str, correct: bool) -> bool:
    """Record an exercise attempt when a class service is configured; silently nothing otherwise.

    A dashboard kernel signs with the server's key; a student's own JupyterLab kernel, which holds no
    key, sends the token its student got on the landing page (``PUSH_LEARN_CLASS_TOKEN``). A refusal
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
