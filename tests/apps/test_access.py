"""The class key, the teacher key and kernels bound to their page's session, without a Voila server.

The key page and ``teacher_only`` run in a small tornado application on 127.0.0.1 (tornado's own test
case); the identity provider and the authorizer are asked directly. tests/browser/test_class_key.py
checks the same things on a real ``push-learn serve`` with a real browser.
"""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any
from urllib.parse import urlencode

import pytest
from jupyter_server.auth.identity import User
from tornado import web
from tornado.httputil import HTTPHeaders
from tornado.testing import AsyncHTTPTestCase

from push_learn.apps import access
from push_learn.apps.access import (
    KEY_COOKIE,
    KEY_PATH,
    OWNERS_SETTING,
    SESSION_COOKIE,
    ClassKeyIdentityProvider,
    KernelOwnerAuthorizer,
    KernelOwners,
    safe_next,
    teacher_only,
)
from push_learn.apps.classkey import KEY_ALPHABET, Keys, fingerprint, is_local_host, key_matches, key_problem, new_key

CLASS_KEY = "K7QM-3RXP"
TEACHER_KEY = "TTTT-9999"


# --- the keys themselves ------------------------------------------------------------------------


def test_a_new_key_is_two_groups_of_unambiguous_characters() -> None:
    keys = {new_key() for _ in range(50)}
    assert len(keys) == 50
    for key in keys:
        assert re.fullmatch(rf"[{KEY_ALPHABET}]{{4}}-[{KEY_ALPHABET}]{{4}}", key)
        assert not set(key) & set("01OIL")


def test_a_key_matches_ignoring_case_spaces_and_dashes_only() -> None:
    assert key_matches("k7qm 3rxp", CLASS_KEY)
    assert key_matches(" K7QM3RXP ", CLASS_KEY)
    assert not key_matches("K7QM-3RXQ", CLASS_KEY)
    assert not key_matches("", CLASS_KEY)
    assert not key_matches("K7QM-3RXP" * 100, CLASS_KEY)  # over-long input is refused unread


def test_keys_set_by_the_teacher_are_checked() -> None:
    assert key_problem("abc-123") is None
    assert key_problem("ab-c") == "the class key needs at least 6 letters or digits (spaces and dashes do not count)"
    assert key_problem("schlüssel", "the teacher key") == (
        "the teacher key may only use letters, digits and signs found on a keyboard"
    )
    assert key_problem("x" * 201) == "the class key is too long (at most 200 characters)"


def test_only_this_computers_own_addresses_are_local() -> None:
    for host in ("127.0.0.1", "::1", "[::1]", "localhost", "LOCALHOST"):
        assert is_local_host(host)
    for host in ("127.0.0.2", "0.0.0.0", "192.168.1.10", "teacher-laptop"):
        assert not is_local_host(host)


def test_the_role_of_a_typed_key() -> None:
    keys = Keys(class_key=CLASS_KEY, teacher_key=TEACHER_KEY)
    assert keys.role_of("k7qm3rxp") == "student"
    assert keys.role_of("tttt 9999") == "teacher"
    assert keys.role_of("nope-nope") is None
    open_server = Keys(class_key=None, teacher_key=TEACHER_KEY)
    assert open_server.role_of(CLASS_KEY) is None
    assert open_server.role_of(TEACHER_KEY) == "teacher"


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        ("/voila/render/meld_lab.ipynb?seed=3", "/voila/render/meld_lab.ipynb?seed=3"),
        ("/", "/"),
        ("//evil.example/", "/"),
        ("https://evil.example/", "/"),
        ("/\\evil.example", "/"),
        ("/a\r\nSet-Cookie: x=1", "/"),
        ("", "/"),
        (None, "/"),
    ],
)
def test_after_the_key_a_browser_only_goes_to_this_server(target: str | None, expected: str) -> None:
    assert safe_next(target) == expected


# --- users are browser sessions -----------------------------------------------------------------


class _Handler:
    """Just what the identity provider uses of a tornado handler: signed cookies."""

    def __init__(self, cookies: dict[str, str] | None = None) -> None:
        self.request = SimpleNamespace(host="teacher-laptop")  # no port: the cookies' names are the bare ones
        self.cookies = dict(cookies or {})
        self.set: dict[str, str] = {}

    def get_signed_cookie(self, name: str) -> bytes | None:
        value = self.cookies.get(name)
        return None if value is None else value.encode("ascii")

    def set_signed_cookie(self, name: str, value: str, **_options: Any) -> None:
        self.set[name] = value
        self.cookies[name] = value


def _provider(class_key: str | None) -> ClassKeyIdentityProvider:
    return ClassKeyIdentityProvider(class_key=class_key, teacher_key=TEACHER_KEY)


def test_without_the_class_key_a_browser_is_nobody_but_gets_a_session() -> None:
    handler = _Handler()
    assert _provider(CLASS_KEY).get_user(handler) is None  # type: ignore[arg-type]
    assert len(handler.set[SESSION_COOKIE]) >= 32


def test_with_the_class_key_a_browser_is_a_student_whose_name_is_its_session() -> None:
    handler = _Handler({SESSION_COOKIE: "session-a", KEY_COOKIE: f"student:{fingerprint(CLASS_KEY)}"})
    user = _provider(CLASS_KEY).get_user(handler)  # type: ignore[arg-type]
    assert user is not None and (user.username, user.name) == ("session-a", "student")
    assert handler.set == {}  # the session is kept


def test_a_cookie_for_another_key_or_a_made_up_role_is_nobody() -> None:
    for mark in (f"student:{fingerprint('OTHER-KEY1')}", f"admin:{fingerprint(CLASS_KEY)}", "student:", "garbage"):
        handler = _Handler({SESSION_COOKIE: "s", KEY_COOKIE: mark})
        assert _provider(CLASS_KEY).get_user(handler) is None, mark  # type: ignore[arg-type]


def test_the_teacher_key_makes_a_teacher_even_on_an_open_server() -> None:
    for class_key in (CLASS_KEY, None):
        handler = _Handler({SESSION_COOKIE: "t", KEY_COOKIE: f"teacher:{fingerprint(TEACHER_KEY)}"})
        user = _provider(class_key).get_user(handler)  # type: ignore[arg-type]
        assert user is not None and user.name == "teacher"
        assert access.is_teacher(user)


def test_cookie_names_end_with_the_port_asked_for() -> None:
    on_port = SimpleNamespace(request=SimpleNamespace(host="127.0.0.2:8866"))
    assert access.cookie_name(on_port, SESSION_COOKIE) == "push_learn_session_8866"  # type: ignore[arg-type]
    assert access.cookie_name(_Handler(), KEY_COOKIE) == "push_learn_key"  # type: ignore[arg-type]


def test_an_open_server_makes_every_browser_a_student_with_its_own_session() -> None:
    first, second = _Handler(), _Handler()
    one = _provider(None).get_user(first)  # type: ignore[arg-type]
    two = _provider(None).get_user(second)  # type: ignore[arg-type]
    assert one is not None and two is not None
    assert one.name == two.name == "student"
    assert one.username != two.username
    assert not access.is_teacher(one)


# --- kernels answer their own page's session only -------------------------------------------------


def _user(session: str) -> User:
    return User(username=session, name="student")


def test_a_kernel_belongs_to_the_session_that_got_it() -> None:
    owners = KernelOwners()
    owners.record("k1", "session-a")
    assert owners.owns("k1", _user("session-a"))
    assert not owners.owns("k1", _user("session-b"))
    assert not owners.owns("k1", None)
    assert not owners.owns("k2", _user("session-a"))  # a warm kernel no page was given: nobody's
    assert not owners.owns(None, _user("session-a"))


def test_owners_of_kernels_that_stopped_are_forgotten() -> None:
    owners = KernelOwners()
    owners.record("k1", "a")
    owners.record("k2", "b", live=["k2"])
    assert owners.owner("k1") is None and owners.owner("k2") == "b"
    assert len(owners) == 1


def _kernel_request(kernel_id: str | None, owners: KernelOwners) -> Any:
    return SimpleNamespace(path_kwargs={"kernel_id": kernel_id} if kernel_id else {}, settings={OWNERS_SETTING: owners})


def test_the_authorizer_lets_only_the_owner_use_a_kernel() -> None:
    owners = KernelOwners()
    owners.record("k1", "session-a")
    authorizer = KernelOwnerAuthorizer()
    for action in ("read", "write", "execute"):
        assert authorizer.is_authorized(_kernel_request("k1", owners), _user("session-a"), action, "kernels")
        assert not authorizer.is_authorized(_kernel_request("k1", owners), _user("session-b"), action, "kernels")
    teacher = User(username="session-t", name="teacher")
    assert not authorizer.is_authorized(_kernel_request("k1", owners), teacher, "execute", "kernels")
    assert not authorizer.is_authorized(_kernel_request(None, owners), _user("session-a"), "read", "kernels")
    assert authorizer.is_authorized(_kernel_request(None, owners), _user("session-a"), "read", "contents")


def test_a_websocket_handler_names_its_kernel_as_an_attribute() -> None:
    owners = KernelOwners()
    owners.record("k1", "session-a")
    handler = SimpleNamespace(path_kwargs={}, kernel_id="k1", settings={OWNERS_SETTING: owners})
    assert KernelOwnerAuthorizer().is_authorized(handler, _user("session-a"), "execute", "kernels")  # type: ignore[arg-type]
    assert not KernelOwnerAuthorizer().is_authorized(handler, _user("b"), "execute", "kernels")  # type: ignore[arg-type]


# --- the key page and a teacher-only page, served by tornado -------------------------------------


class _TeacherPage(web.RequestHandler):
    """A stand-in for the teacher's pages to come: its GET and POST are ``teacher_only``."""

    def get_current_user(self) -> Any:
        return self.settings["identity_provider"].get_user(self)

    @teacher_only
    def get(self) -> None:
        self.finish("the teacher's page")

    @teacher_only
    def post(self) -> None:
        self.finish("done")

    def check_xsrf_cookie(self) -> None:
        """No xsrf here: the test is about the key."""


class KeyPageTest(AsyncHTTPTestCase):
    """The key page and ``teacher_only`` in a tornado application set up as ``push-learn serve`` sets Voila up."""

    def setUp(self) -> None:
        access.WRONG_KEY_DELAY = 0.0  # the wait after a wrong key is not what is tested here
        super().setUp()

    def tearDown(self) -> None:
        access.WRONG_KEY_DELAY = 1.0
        super().tearDown()

    def get_app(self) -> web.Application:
        provider = ClassKeyIdentityProvider(class_key=CLASS_KEY, teacher_key=TEACHER_KEY)
        return web.Application(
            [*provider.get_handlers(), ("/teacher", _TeacherPage)],
            cookie_secret="test secret",
            identity_provider=provider,
            login_url=KEY_PATH,
        )

    def _send(self, method: str, path: str, cookies: dict[str, str], body: dict[str, str] | None = None) -> Any:
        headers = HTTPHeaders()
        if cookies:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in cookies.items())
        reply = self.fetch(
            path,
            method=method,
            headers=headers,
            body=None if body is None else urlencode(body),
            follow_redirects=False,
            raise_error=False,
        )
        for header in reply.headers.get_list("Set-Cookie"):
            name, _, rest = header.partition("=")
            cookies[name] = rest.split(";")[0]
        return reply

    def test_the_key_page_asks_for_the_class_key_with_403(self) -> None:
        reply = self._send("GET", f"{KEY_PATH}?next=/voila/render/meld_lab.ipynb", {})
        assert reply.code == 403
        text = reply.body.decode()
        assert "Ask your teacher for the class key" in text
        assert 'name="next" value="/voila/render/meld_lab.ipynb"' in text

    def test_a_wrong_key_is_refused_and_the_right_one_goes_on(self) -> None:
        cookies: dict[str, str] = {}
        wrong = self._send("POST", KEY_PATH, cookies, {"key": "WRONG-KEY1", "next": "/x"})
        assert wrong.code == 403
        assert "That is not the key" in wrong.body.decode()
        port = self.get_http_port()
        assert f"{KEY_COOKIE}_{port}" not in cookies
        right = self._send("POST", KEY_PATH, cookies, {"key": "k7qm 3rxp", "next": "/voila/render/meld_lab.ipynb"})
        assert right.code == 303
        assert right.headers["Location"] == "/voila/render/meld_lab.ipynb"
        assert f"{KEY_COOKIE}_{port}" in cookies and f"{SESSION_COOKIE}_{port}" in cookies
        again = self._send("GET", f"{KEY_PATH}?next=/", cookies)  # remembered: the form is not shown again
        assert again.code == 302 and again.headers["Location"] == "/"

    def test_the_key_page_never_sends_a_browser_elsewhere(self) -> None:
        reply = self._send("POST", KEY_PATH, {}, {"key": CLASS_KEY, "next": "//evil.example/"})
        assert reply.code == 303 and reply.headers["Location"] == "/"

    def test_a_teacher_only_page_needs_the_teacher_key(self) -> None:
        cookies: dict[str, str] = {}
        self._send("POST", KEY_PATH, cookies, {"key": CLASS_KEY, "next": "/"})
        as_student = self._send("GET", "/teacher", cookies)
        assert as_student.code == 302
        assert as_student.headers["Location"] == f"{KEY_PATH}?next=%2Fteacher&for=teacher"
        asked = self._send("GET", as_student.headers["Location"], cookies)
        assert asked.code == 403 and "Type the teacher key" in asked.body.decode()
        assert self._send("POST", "/teacher", cookies, {}).code == 403
        reply = self._send("POST", KEY_PATH, cookies, {"key": TEACHER_KEY, "next": "/teacher", "for": "teacher"})
        assert reply.code == 303 and reply.headers["Location"] == "/teacher"
        page = self._send("GET", "/teacher", cookies)
        assert page.code == 200 and page.body == b"the teacher's page"
        assert self._send("POST", "/teacher", cookies, {}).code == 200

    def test_a_teacher_only_page_refuses_a_browser_with_no_key(self) -> None:
        assert self._send("GET", "/teacher", {}).code == 302
        assert self._send("POST", "/teacher", {}, {}).code == 403
