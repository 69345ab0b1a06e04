"""The class store as a JupyterHub service: who is asking comes from the hub, never from the request.

Under JupyterHub each student runs a Jupyter server of their own, where they can run any code, so
their kernels must not hold the database's address or password. The store lives in this one process,
started by the hub as a managed service (``python -m push_learn.classroom.hub``, see
``service_definition``), and its handlers answer at ``/services/push-learn-class/``:

- ``GET  me``       who the hub says you are, your class and today's assignment;
- ``POST join``     ``{"code": "Q7MXK2"}``: join a class under your hub user name;
- ``POST attempt``  an exercise attempt (``tutor.check``), as ``push_learn.classroom.client`` sends it;
- ``POST deal``     ``{"assignment": N}``: what a dashboard needs to deal the class's deal for you;
- ``POST progress`` ``{"assignment": N, "record": ...}``: your match so far, kept so that a reload continues it;
- ``POST result``   ``{"assignment": N, "record": ...}``: your finished match, replayed and scored by the store.

Each request carries a hub token (``Authorization: token $JUPYTERHUB_API_TOKEN``, which every kernel
of a student's server inherits) that must grant ``access:services!service=push-learn-class``
(``HUB_TOKEN_SCOPES``); the hub tells the service whose token it is (``HubAuth``). A body that names
another student (``student`` or ``name``) is refused, and nothing is ever written under a name but the
hub's. A result's record (and a match so far) is sealed here, with the service's own key, after that check:
a student's server runs the student's code, so a seal made there would prove nothing; what makes a result
count is the store's replay (the assigned deal and rules, the student among the players, the score).
"""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Sequence
from typing import Any

from tornado import web
from tornado.ioloop import IOLoop

from push_learn.classroom.service import ClassService, Member, _blocking, _JSONHandler
from push_learn.classroom.store import CLASS_DB_ENV, ClassroomError, Store
from push_learn.records import SEAL_KEY_ENV, Record

__all__ = [
    "HUB_SERVICE_ENV",
    "HUB_TOKEN_SCOPES",
    "SERVICE_NAME",
    "HubClassHandler",
    "HubClassService",
    "hub_application",
    "main",
    "service_definition",
]

SERVICE_NAME = "push-learn-class"
"""The service's name in the hub (its address is ``/services/push-learn-class/``)."""
HUB_SERVICE_ENV = "PUSH_LEARN_HUB_SERVICE"
"""The environment variable that tells students' kernels the service's address (set by the hub's spawner)."""
HUB_TOKEN_SCOPES = ("users:activity!user", "access:servers!server", f"access:services!service={SERVICE_NAME}")
"""``Spawner.server_token_scopes``: the hub's defaults for a student's server plus access to this service."""
NAME_FIELDS = ("student", "name")


def service_definition(port: int, class_db: str, python: str = sys.executable) -> dict[str, Any]:
    """The entry of ``c.JupyterHub.services`` that runs the class service on 127.0.0.1:``port`` with the store
    ``class_db`` (the database's address stays in the service's environment, never in students' servers)."""
    return {
        "name": SERVICE_NAME,
        "url": f"http://127.0.0.1:{port}",
        "command": [python, "-m", "push_learn.classroom.hub"],
        "environment": {CLASS_DB_ENV: class_db},
        "oauth_no_confirm": True,
        "display": False,
    }


class HubClassService(ClassService):
    """The class service whose students are the hub's users: a member is looked up by hub name."""

    def member_of(self, user: str) -> Member | None:
        """The class ``user`` joined (remembered in memory, else found in the store's classes)."""
        known = self.member(f"hub:{user}")
        if known is not None:
            return known
        for info in self.store.classes():
            if any(student.name == user for student in self.store.students(info.code)):
                return self.join(f"hub:{user}", info.code, user)
        return None

    def result_for(self, member: Member, assignment_id: object, record: object) -> dict[str, Any]:
        """Seal ``record`` (a match record a kernel of ``member``'s server sent) and hand it to the store."""
        return self.submit(member, assignment_id, self._sealed_here(record))

    def progress_for(self, member: Member, assignment_id: object, record: object) -> dict[str, Any]:
        """Seal ``record`` (the match so far, from a kernel of ``member``'s server) and have the store keep it, so
        that a reload continues that match (D-CLS-03)."""
        return self.keep(member, assignment_id, self._sealed_here(record))

    def _sealed_here(self, record: object) -> str:
        """A kernel's record (JSON text or a dict) sealed with this service's key (``RecordError``, a 400, when it
        cannot be read)."""
        parsed = Record.from_json(record) if isinstance(record, str) else Record.from_dict(record)
        return parsed.sealed(self.seal_key).to_json()


class HubClassHandler(_JSONHandler):
    """One request of a student's kernel (or page), authenticated by a hub token; see the module's text."""

    def initialize(self, service: HubClassService, hub_auth: Any) -> None:
        """Keep the service and the ``HubAuth`` that asks the hub whose token a request carries."""
        self.service = service
        self.hub_auth = hub_auth

    def check_xsrf_cookie(self) -> None:
        """No xsrf cookie: the hub token authenticates the request (a browser never sends it by itself)."""

    async def _hub_user(self) -> str | None:
        """The hub user name of the request's token, if the hub knows it and it grants this service."""
        model = await self.hub_auth.get_user(self, sync=False)
        if not model or model.get("kind", "user") != "user":
            return None
        if self.hub_auth.access_scopes and not self.hub_auth.check_scopes(self.hub_auth.access_scopes, model):
            return None
        return str(model["name"])

    async def _caller(self, body: dict[str, Any]) -> str | None:
        user = await self._hub_user()
        if user is None:
            self.refuse(403, "sign in to the hub first: this request carries no hub token for the class service")
            return None
        for field in NAME_FIELDS:
            named = body.get(field)
            if named is not None and named != user:
                self.refuse(403, f"you are signed in to the hub as {user}, so you cannot write for {str(named)[:40]}")
                return None
        return user

    async def get(self, action: str) -> None:
        """``me``: who you are, your class and today's assignment."""
        if action != "me":
            raise web.HTTPError(405)
        user = await self._caller({})
        if user is None:
            return

        def me() -> dict[str, Any]:
            member = self.service.member_of(user)
            return {"user": user, "joined": False} if member is None else {
                "user": user, "joined": True, **self.service.welcome(member)}

        await self.act(me)

    async def post(self, action: str) -> None:
        """``join``, ``attempt``, ``deal`` or ``result`` for the hub user whose token came with the request."""
        body = self.body_json()
        user = await self._caller(body)
        if user is None:
            return
        service = self.service
        if action == "join":
            await self.act(lambda: {"joined": True,
                                    **service.welcome(service.join(f"hub:{user}", body.get("code"), user))})
            return
        member = await _blocking(lambda: service.member_of(user))
        if member is None:
            self.refuse(403, f"{user} has not joined a class yet (join with your class code first)")
            return
        if action == "attempt":
            await self.act(lambda: service.attempt(member, body))
        elif action == "deal":
            await self.act(lambda: service.deal_for(member, body.get("assignment")))
        elif action == "result":
            await self.act(lambda: service.result_for(member, body.get("assignment"), body.get("record")))
        elif action == "progress":
            await self.act(lambda: service.progress_for(member, body.get("assignment"), body.get("record")))
        else:
            self.refuse(404, f"the class service has no request {action[:30]!r}")


def hub_application(service: HubClassService, prefix: str, hub_auth: Any = None) -> web.Application:
    """The tornado application of the service under ``prefix`` (the hub's ``JUPYTERHUB_SERVICE_PREFIX``)."""
    if hub_auth is None:
        from jupyterhub.services.auth import HubAuth

        hub_auth = HubAuth(cache_max_age=60)
    route = prefix.rstrip("/") + "/(me|join|attempt|deal|progress|result)"
    return web.Application([(route, HubClassHandler, {"service": service, "hub_auth": hub_auth})])


def main(argv: Sequence[str] | None = None) -> int:
    """Run the service as the hub starts it: the store from ``PUSH_LEARN_CLASS_DB``, the address from the hub."""
    from urllib.parse import urlsplit

    url = os.environ.get("JUPYTERHUB_SERVICE_URL")
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", f"/services/{SERVICE_NAME}/")
    if not url:
        print("push_learn.classroom.hub: run me as a JupyterHub service (JUPYTERHUB_SERVICE_URL is not set)",
              file=sys.stderr)
        return 2
    key = (os.environ.pop(SEAL_KEY_ENV, "") or secrets.token_hex(32)).encode()
    try:
        store = Store(os.environ.get(CLASS_DB_ENV) or None, seal_key=key)
    except ClassroomError as error:
        print(f"push_learn.classroom.hub: {error}", file=sys.stderr)
        return 2
    service = HubClassService(store, key)
    parts = urlsplit(url)
    hub_application(service, prefix).listen(parts.port or 80, parts.hostname or "127.0.0.1")
    print(f"push_learn class service for the hub: {url}{prefix} (class store {store.url})", flush=True)
    try:
        IOLoop.current().start()
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
