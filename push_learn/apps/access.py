"""Who may open what on ``push-learn serve``: the class key, the teacher key and kernels bound to a page.

Built on the extension points Voila and jupyter_server offer, not a server of our own:

- ``ClassKeyIdentityProvider`` (``Voila.identity_provider_class``): every request's user. A browser
  gets a random **session** (a signed cookie) the first time it asks for anything; it is the user's
  ``username``. When the server has a class key, a browser is a user only once it has typed the key
  (a second signed cookie, ``role:fingerprint``); otherwise jupyter_server itself refuses: pages are
  redirected to the key page, the API and the kernels' websockets answer 403.
- ``KeyHandler``: the key page (``/login``, where jupyter_server sends a browser it does not know).
  It answers 403 with a plain page asking for the class key; a correct key sets the cookie and goes
  on to the page asked for. The teacher key works there too and makes the browser the teacher's.
- ``KernelOwnerAuthorizer`` (``Voila.authorizer_class``) and ``KernelOwners``: each kernel is bound to
  the session whose page started it (or took it warm from the pool); its websocket and its REST
  address answer that session only. ``PushLearnVoila`` swaps five of Voila's handlers for subclasses
  that record the owner (the page), check it (Voila's shutdown request, which asks no authorizer),
  let only the kernel itself open Voila's request-info socket, ask for the key before serving files
  of the dashboards folder, and refuse a kernel websocket with a plain 403.
- ``teacher_only``: a decorator for the teacher's pages (``push_learn.classroom.teacher``).
- With a class store open (``PushLearnVoila.class_service``), the class service's handlers
  (``push_learn.classroom.service``): the landing page's join, the dashboard kernels' signed
  requests and the teacher's dashboard.

Voila's own scripts, styles and icons (``/voila/static``, themes, lab extensions) stay open: they are
the same public files for everyone and carry nothing of the class.
"""

from __future__ import annotations

import asyncio
import html
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any, TypeVar, cast

from jupyter_core.utils import ensure_async
from jupyter_server.auth.authorizer import Authorizer
from jupyter_server.auth.identity import IdentityProvider, User
from tornado import web
from tornado.httputil import split_host_and_port
from tornado.log import app_log
from traitlets import Int, Unicode
from voila.app import Voila
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.static_file_handler import AllowListFileHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from push_learn.apps.admission import Admission, queue_page
from push_learn.apps.classkey import Keys, fingerprint
from push_learn.apps.guards import KEY_PATH, OWNERS_SETTING, KernelOwners, is_teacher, owners_of, teacher_only

__all__ = [
    "ADMISSION_SETTING",
    "KEY_COOKIE",
    "KEY_PATH",
    "LOOPBACK_CLIENTS",
    "OWNERS_SETTING",
    "SESSION_COOKIE",
    "WRONG_KEY_DELAY",
    "ClassKeyIdentityProvider",
    "KernelOwnerAuthorizer",
    "KernelOwners",
    "KeyHandler",
    "PushLearnVoila",
    "cookie_name",
    "is_teacher",
    "key_page",
    "safe_next",
    "teacher_only",
]

SESSION_COOKIE = "push_learn_session"
"""Signed cookie holding a browser's random session id (the owner of the kernels its pages start); its
name ends with the server's port (``cookie_name``)."""
KEY_COOKIE = "push_learn_key"
"""Signed cookie saying which key a browser typed: ``student:<fingerprint>`` or ``teacher:<fingerprint>``;
its name ends with the server's port."""
"""Where the key page lives (jupyter_server's login address, which Voila sets)."""
ADMISSION_SETTING = "push_learn_admission"
"""The tornado setting holding the server's ``Admission`` (absent: no limit)."""
WRONG_KEY_DELAY = 1.0
"""Seconds a wrong key waits before its answer, so that guessing keys is slow."""

F = TypeVar("F", bound=Callable[..., Any])


def cookie_name(handler: web.RequestHandler, base: str) -> str:
    """``base`` followed by the port the browser asked for: browsers share cookies between the ports of one
    host, and two servers there (two classes, or a test beside ``make serve``) must not overwrite each
    other's sessions."""
    _, port = split_host_and_port(handler.request.host or "")
    return f"{base}_{port}" if port else base


def _cookie_text(handler: web.RequestHandler, base: str) -> str | None:
    value = handler.get_signed_cookie(cookie_name(handler, base))
    if value is None:
        return None
    try:
        return value.decode("ascii")
    except UnicodeDecodeError:
        return None


class ClassKeyIdentityProvider(IdentityProvider):
    """Users are browser sessions; with a class key set, only sessions that typed a key are users."""

    class_key = Unicode(None, allow_none=True, help="The class key; None serves the pages to anyone.").tag(
        config=True
    )
    teacher_key = Unicode("", help="The teacher key (for the teacher's pages).").tag(config=True)

    @property
    def keys(self) -> Keys:
        """The keys this server runs with."""
        return Keys(class_key=self.class_key, teacher_key=self.teacher_key)

    @property
    def auth_enabled(self) -> bool:
        """True: every request is checked (even an open server binds kernels to sessions)."""
        return True

    @property
    def login_available(self) -> bool:
        """True: the key page is where an unknown browser goes."""
        return True

    @property
    def logout_available(self) -> bool:
        """False: a student has nothing to log out of (closing the browser ends the session)."""
        return False

    def get_handlers(self) -> list[tuple[str, object]]:
        """The key page, at jupyter_server's login address."""
        return [(KEY_PATH, KeyHandler)]

    def session(self, handler: web.RequestHandler) -> str:
        """The browser's session id, from its signed cookie; a new one (and its cookie) when it has none."""
        known = getattr(handler, "_push_learn_session", None)
        if isinstance(known, str):
            return known
        session = _cookie_text(handler, SESSION_COOKIE)
        if not session:
            session = secrets.token_urlsafe(24)
            handler.set_signed_cookie(cookie_name(handler, SESSION_COOKIE), session, httponly=True, samesite="Lax")
        handler._push_learn_session = session  # type: ignore[attr-defined]
        return session

    def role(self, handler: web.RequestHandler) -> str | None:
        """``"teacher"`` or ``"student"`` for a browser that typed a key (or any browser on an open
        server); None for one that must type the class key first."""
        typed = _cookie_text(handler, KEY_COOKIE)
        if typed is not None:
            role, _, mark = typed.partition(":")
            if role == "teacher" and secrets.compare_digest(mark, fingerprint(self.teacher_key)):
                return "teacher"
            if (
                role == "student"
                and self.class_key is not None
                and secrets.compare_digest(mark, fingerprint(self.class_key))
            ):
                return "student"
        return "student" if self.class_key is None else None

    def remember(self, handler: web.RequestHandler, role: str) -> None:
        """Set the cookie saying this browser typed the key of ``role`` (until the browser closes)."""
        key = self.teacher_key if role == "teacher" else self.class_key
        if key is None:
            return
        mark = f"{role}:{fingerprint(key)}"
        handler.set_signed_cookie(cookie_name(handler, KEY_COOKIE), mark, httponly=True, samesite="Lax")

    def get_user(self, handler: web.RequestHandler) -> User | None:
        """The session as a user (``name`` is its role), or None when the class key is still needed."""
        session = self.session(handler)
        role = self.role(handler)
        if role is None:
            return None
        return User(username=session, name=role, display_name="Teacher" if role == "teacher" else "Student")


class KernelOwnerAuthorizer(Authorizer):
    """Kernels answer only the session that owns them; everything else a user may do is allowed."""

    def is_authorized(self, handler: web.RequestHandler, user: User, action: str, resource: str) -> bool:
        """For ``kernels``: only the kernel's owner, and only about one kernel (no listing, no starting)."""
        if resource != "kernels":
            return True
        kernel_id = handler.path_kwargs.get("kernel_id") or getattr(handler, "kernel_id", None)
        allowed = owners_of(handler.settings).owns(kernel_id, user)
        if not allowed:
            self.log.warning("refused %s on kernel %s: another browser's page opened it", action, kernel_id)
        return allowed


def safe_next(target: str | None, default: str = "/") -> str:
    """Where to go after the key page: a path on this server, never another site."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return default
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in target):
        return default
    return target


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 0; background: #f6f6f2; color: #1d1d1b; }}
main {{ max-width: 30rem; margin: 4rem auto; padding: 1.5rem 2rem; background: #fff;
  border: 1px solid #c8c8c0; border-radius: 8px; }}
h1 {{ font-size: 1.5rem; margin-top: 0; }}
label {{ display: block; font-weight: 600; margin: 1rem 0 0.3rem; }}
input {{ font-size: 1.2rem; padding: 0.4rem; width: 100%; box-sizing: border-box; letter-spacing: 0.1em; }}
button {{ margin-top: 1rem; font-size: 1rem; padding: 0.5rem 1.2rem; background: #1f5f3f; color: #fff;
  border: 0; border-radius: 4px; cursor: pointer; }}
.pl-wrong {{ color: #9b1c1c; font-weight: 600; }}
</style>
</head>
<body>
<main>
<h1>{title}</h1>
<p>{ask}</p>
{wrong}
<form method="post" action="{action}" aria-label="{label}">
<input type="hidden" name="next" value="{next}">
<input type="hidden" name="for" value="{who}">
<label for="pl-key">{label}</label>
<input id="pl-key" name="key" type="text" autocomplete="off" autocapitalize="characters" spellcheck="false"
  required autofocus maxlength="200">
<button type="submit">Open</button>
</form>
</main>
</body>
</html>
"""


def key_page(next_url: str, *, teacher: bool = False, wrong: bool = False, action: str = KEY_PATH) -> str:
    """The plain page asking for the class key (or the teacher key), with a form sending it to ``action``."""
    if teacher:
        title, label = "Teacher key needed", "Teacher key"
        ask = "This page is for the teacher. Type the teacher key printed when the server started."
    else:
        title, label = "Class key needed", "Class key"
        ask = "These dashboards are for one class. Ask your teacher for the class key and type it here."
    return _PAGE.format(
        title=title,
        ask=ask,
        wrong='<p class="pl-wrong" role="alert">That is not the key. Check it with your teacher and try again.</p>'
        if wrong
        else "",
        action=html.escape(action),
        label=label,
        next=html.escape(safe_next(next_url)),
        who="teacher" if teacher else "class",
    )


class KeyHandler(web.RequestHandler):
    """The key page: GET shows the form (403: the page asked for is refused until the key is typed), POST
    checks the key, remembers it in a signed cookie and goes on to the page asked for."""

    @property
    def _identity(self) -> ClassKeyIdentityProvider:
        provider = self.settings.get("identity_provider")
        if not isinstance(provider, ClassKeyIdentityProvider):
            raise web.HTTPError(500, "the server was not started with ClassKeyIdentityProvider")
        return provider

    def set_default_headers(self) -> None:
        """Never cached, never framed by another site."""
        self.set_header("Cache-Control", "no-store")
        self.set_header("Content-Security-Policy", "frame-ancestors 'self'")

    def _show(self, *, wrong: bool) -> None:
        self.set_status(403)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        teacher = self.get_argument("for", "class") == "teacher"
        self.finish(key_page(self.get_argument("next", "/"), teacher=teacher, wrong=wrong, action=self.request.path))

    def get(self) -> None:
        """The form; a browser that already has what the page needs goes straight on."""
        identity = self._identity
        identity.session(self)
        role = identity.role(self)
        wants_teacher = self.get_argument("for", "class") == "teacher"
        if role == "teacher" or (role == "student" and not wants_teacher):
            self.redirect(safe_next(self.get_argument("next", "/")))
            return
        self._show(wrong=False)

    async def post(self) -> None:
        """Check the typed key: the right one sets the cookie and goes on (303), a wrong one waits and asks again."""
        identity = self._identity
        identity.session(self)
        typed = self.get_body_argument("key", "")
        role = identity.keys.role_of(typed)
        if role is None:
            app_log.warning("a wrong key was typed on the key page")
            await asyncio.sleep(WRONG_KEY_DELAY)
            self._show(wrong=True)
            return
        identity.remember(self, role)
        self.redirect(safe_next(self.get_body_argument("next", "/")), status=303)

    def check_xsrf_cookie(self) -> None:
        """No xsrf token on the key form: sending someone the right key grants nothing they lacked."""


class _RecordingKernels:
    """A page handler's view of the kernel manager: the kernel it gets is recorded as its session's."""

    def __init__(self, manager: Any, owners: KernelOwners, session: str) -> None:
        self._manager = manager
        self._owners = owners
        self._session = session

    def _record(self, kernel_id: str) -> None:
        self._owners.record(kernel_id, self._session, live=list(self._manager.list_kernel_ids()))

    async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
        """Take a warm kernel (and its rendered page) for this session."""
        render_task, rendered_cache, kernel_id = await self._manager.get_rendered_notebook(*args, **kwargs)
        self._record(kernel_id)
        return render_task, rendered_cache, kernel_id

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        """Start a kernel for this session's page."""
        kernel_id = str(await ensure_async(self._manager.start_kernel(*args, **kwargs)))
        self._record(kernel_id)
        return kernel_id

    def __getattr__(self, name: str) -> Any:
        return getattr(self._manager, name)


class OwnedPageHandler(TornadoVoilaHandler):
    """Voila's dashboard page, whose kernel becomes the requesting session's; with an admission limit
    (``PushLearnVoila.max_starting``), a page beyond it gets the queue page until its turn."""

    @web.authenticated
    async def get(self, path: str | None = None) -> None:
        """Prepare the page now, or say how many are ahead when the server is already preparing enough."""
        admission = self.settings.get(ADMISSION_SETTING)
        if not isinstance(admission, Admission):
            await super().get(path)
            return
        ticket = f"{self.current_user.username} {self.request.uri}"
        ahead = admission.ask(ticket, time.monotonic())
        if ahead is not None:
            self.set_header("Cache-Control", "no-store")
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(queue_page(ahead))
            return
        try:
            await super().get(path)
        finally:
            admission.done(ticket)

    @property
    def kernel_manager(self) -> Any:
        """The server's kernel manager, recording the kernel this page gets as its session's."""
        user = self.current_user
        manager = self.settings["kernel_manager"]
        if user is None:
            return manager
        return _RecordingKernels(manager, owners_of(self.settings), user.username)


class OwnedShutdownHandler(VoilaShutdownKernelHandler):
    """Voila's shutdown-on-unload request, for the kernel's own session only."""

    @web.authenticated
    async def post(self, kernel_id: str) -> None:
        """Shut the kernel down if this browser's page owns it; 403 otherwise."""
        if not owners_of(self.settings).owns(kernel_id, self.current_user):
            self.log.warning("refused to shut kernel %s down: another browser's page opened it", kernel_id)
            raise web.HTTPError(403, "this kernel belongs to another page")
        await super().post(kernel_id)


async def _user_of(handler: web.RequestHandler) -> User | None:
    provider = handler.settings.get("identity_provider")
    if not isinstance(provider, ClassKeyIdentityProvider):
        return None
    return cast("User | None", await ensure_async(provider.get_user(handler)))


LOOPBACK_CLIENTS = frozenset({"127.0.0.1", "::1"})
"""Addresses a kernel connects from: it runs on the server's own computer."""


class KernelOnlyRequestInfoHandler(RequestInfoSocketHandler):
    """Voila's request-info socket, through which a warm kernel learns the address its page was asked with.

    Only the kernel itself connects there (``voila.utils.wait_for_request``, from this computer and with no
    ``Origin`` header, which every browser sends): anything else is refused, so no browser can read or
    steal another page's address.
    """

    async def get(self, *args: Any, **kwargs: Any) -> None:
        """Refuse (403) before the websocket opens unless a local program, not a browser, asks."""
        if "Origin" in self.request.headers or self.request.remote_ip not in LOOPBACK_CLIENTS:
            app_log.warning("refused a request-info socket to %s: only the kernel may open it", self.request.remote_ip)
            raise web.HTTPError(403)
        await super().get(*args, **kwargs)


class PlainRefusalKernelSocket(VoilaKernelWebsocketHandler):
    """Voila's kernel websocket, whose refusals are a plain 403 (Voila has no error page for it to render)."""

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """A one-line plain-text answer."""
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(f"{status_code}: this kernel answers only the page that opened it\n")


class KeyedFileHandler(AllowListFileHandler):
    """Voila's files of the dashboards folder, for browsers that typed the key."""

    async def prepare(self) -> None:
        """403 for a browser without the key."""
        if await _user_of(self) is None:
            raise web.HTTPError(403)


_SWAPS: dict[type, type] = {
    TornadoVoilaHandler: OwnedPageHandler,
    VoilaShutdownKernelHandler: OwnedShutdownHandler,
    RequestInfoSocketHandler: KernelOnlyRequestInfoHandler,
    VoilaKernelWebsocketHandler: PlainRefusalKernelSocket,
    AllowListFileHandler: KeyedFileHandler,
}


def quiet_about_trust(record: logging.LogRecord) -> bool:
    """Whether a log line is worth printing: not Jupyter's "Notebook ... is not trusted", which every dashboard drew at
    every start. Trust decides only whether outputs saved in a notebook may run their HTML and scripts when it is
    shown; the dashboards are saved without outputs and Voila runs their code either way, so the warning told a
    teacher of a problem there is not.

    >>> quiet_about_trust(logging.makeLogRecord({"msg": "Notebook %s is not trusted", "args": ("brag.ipynb",)}))
    False
    """
    return record.msg != "Notebook %s is not trusted"


class PushLearnVoila(Voila):
    """Voila with the class key and kernels bound to their page's session.

    Configure the keys on ``ClassKeyIdentityProvider`` (``class_key``, ``teacher_key``).
    """

    max_starting = Int(
        0, help="Dashboard pages prepared at once; the others wait on a queue page (0: no limit)."
    ).tag(config=True)

    class_service: Any = None
    """The class store's service (``push_learn.classroom.service.ClassService``), set by ``push-learn serve``
    before ``initialize``; None serves no class pages."""

    def initialize(self, argv: Any = None) -> None:
        """Voila's set-up, with its log quiet about notebook trust (``quiet_about_trust``)."""
        super().initialize(argv)
        self.log.addFilter(quiet_about_trust)

    def init_settings(self) -> dict[str, Any]:
        """Voila's settings, our identity provider and authorizer in them, and the table of kernel owners."""
        self.identity_provider_class = ClassKeyIdentityProvider
        self.authorizer_class = KernelOwnerAuthorizer
        settings = cast("dict[str, Any]", super().init_settings())
        settings[OWNERS_SETTING] = KernelOwners()
        if self.max_starting > 0:
            settings[ADMISSION_SETTING] = Admission(self.max_starting)
        if self.class_service is not None:
            from push_learn.classroom.service import SERVICE_SETTING

            settings[SERVICE_SETTING] = self.class_service
        return settings

    def init_handlers(self) -> list[Any]:
        """Voila's handlers with the five that must know about owners and keys swapped for ours."""
        handlers = []
        swapped = set()
        for spec in super().init_handlers():
            swap = _SWAPS.get(spec[1])
            if swap is not None:
                swapped.add(spec[1])
            handlers.append((spec[0], swap, *spec[2:]) if swap else spec)
        needed = {TornadoVoilaHandler, VoilaShutdownKernelHandler, AllowListFileHandler, VoilaKernelWebsocketHandler}
        missing = needed - swapped
        if missing:  # a Voila that routes differently must not leave a page unguarded
            names = ", ".join(sorted(cls.__name__ for cls in missing))
            raise RuntimeError(f"this Voila does not serve its pages with {names}; push_learn cannot guard them")
        if self.class_service is not None:  # the class store's pages and requests (push_learn.classroom.service)
            from push_learn.classroom.routes import handlers as class_handlers

            handlers = [*class_handlers(), *handlers]
        return handlers
