"""What the server's pages check before they act: who owns a kernel, and whether a browser is the teacher.

``push_learn.apps.access`` fills these in (it records owners when a page gets its kernel and tells a
teacher by the key typed); the class store's handlers (``push_learn.classroom``) only read them, so
neither imports the other's wiring.
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Callable
from typing import Any, TypeVar, cast
from urllib.parse import urlencode

from jupyter_server.auth.identity import User
from tornado import web

__all__ = ["KEY_PATH", "OWNERS_SETTING", "KernelOwners", "is_teacher", "owners_of", "teacher_only"]

KEY_PATH = "/login"
"""Where a browser types the class key (jupyter_server's login address)."""
OWNERS_SETTING = "push_learn_kernel_owners"
"""The tornado setting holding the server's ``KernelOwners``."""
F = TypeVar("F", bound=Callable[..., Any])


class KernelOwners:
    """Which browser session owns which kernel: recorded when a page gets its kernel, checked on every use."""

    def __init__(self) -> None:
        self._owner: dict[str, str] = {}

    def record(self, kernel_id: str, session: str, live: list[str] | None = None) -> None:
        """Bind ``kernel_id`` to ``session``; ``live`` (the kernels still running) lets go of the others."""
        if live is not None:
            running = set(live)
            for gone in [kid for kid in self._owner if kid not in running]:
                del self._owner[gone]
        self._owner[kernel_id] = session

    def owner(self, kernel_id: str) -> str | None:
        """The session that owns ``kernel_id``; None for a kernel no page was given (a warm one, or unknown)."""
        return self._owner.get(kernel_id)

    def owns(self, kernel_id: str | None, user: User | None) -> bool:
        """Whether ``user`` (its session) owns ``kernel_id``. Nobody owns an unknown or pooled kernel."""
        if user is None or not kernel_id:
            return False
        owner = self._owner.get(kernel_id)
        return owner is not None and secrets.compare_digest(owner, user.username)

    def __len__(self) -> int:
        return len(self._owner)


def owners_of(settings: dict[str, Any]) -> KernelOwners:
    """The server's table of kernel owners (a ``RuntimeError`` when the server was not started with it)."""
    owners = settings.get(OWNERS_SETTING)
    if not isinstance(owners, KernelOwners):
        raise RuntimeError(f"the server has no {OWNERS_SETTING} setting: start it with PushLearnVoila")
    return owners


def is_teacher(user: User | None) -> bool:
    """Whether this user typed the teacher key."""
    return user is not None and user.name == "teacher"


def teacher_only(method: F) -> F:
    """Decorate a method of a jupyter_server handler so that only a browser that typed the teacher key gets
    through: a page (GET/HEAD) is sent to the key page asking for the teacher key, anything else gets 403."""

    @functools.wraps(method)
    def wrapper(self: web.RequestHandler, *args: Any, **kwargs: Any) -> Any:
        if not is_teacher(cast("User | None", self.current_user)):
            if self.request.method in ("GET", "HEAD"):
                target = self.request.uri or "/"
                self.redirect(f"{KEY_PATH}?{urlencode({'next': target, 'for': 'teacher'})}")
                return None
            raise web.HTTPError(403, "only the teacher key opens this")
        return method(self, *args, **kwargs)

    return cast("F", wrapper)
