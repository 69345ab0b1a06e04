"""``push-learn serve`` settings, without starting a server (tests/browser starts real ones)."""

from __future__ import annotations

import os
import re
import socket
from pathlib import Path

import pytest

from push_learn.apps import serve
from push_learn.apps.catalogue import DASHBOARDS, FIRST_PATH, POKER_PATH, dashboard
from push_learn.cli import build_parser


def _options(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> serve.ServeOptions:
    """The options `push-learn serve ARGV` would run with."""
    captured: list[serve.ServeOptions] = []
    monkeypatch.setattr(serve, "serve", lambda options: captured.append(options) or 0)
    args = build_parser().parse_args(["serve", *argv])
    assert args.run(args) == 0
    return captured[0]


def test_defaults_are_localhost_8866_preheated_and_culling(monkeypatch: pytest.MonkeyPatch) -> None:
    options = _options(monkeypatch, [])
    assert (options.host, options.port) == ("127.0.0.1", 8866)
    assert options.preheat and options.pool_size == 1
    assert options.cull_idle == 300


def test_pool_size_zero_turns_preheating_off(monkeypatch: pytest.MonkeyPatch) -> None:
    options = _options(monkeypatch, ["--pool-size", "0", "--host", "0.0.0.0", "--port", "9000", "--cull-idle", "60"])
    assert not options.preheat
    assert (options.host, options.port, options.cull_idle, options.cull_interval) == ("0.0.0.0", 9000, 60, 20)
    argv = serve.voila_argv(options, Path("/x"))
    assert "--VoilaConfiguration.default_pool_size=0" in argv
    assert "--VoilaConfiguration.preheat_kernel=False" in argv


def test_voila_arguments_hide_code_and_tracebacks_and_never_move_port() -> None:
    argv = serve.voila_argv(serve.ServeOptions(), Path("/srv/dash"))
    assert argv[0] == "/srv/dash"
    for expected in (
        "--Voila.ip=127.0.0.1",
        "--Voila.port=8866",
        "--Voila.port_retries=0",
        "--Voila.open_browser=False",
        "--VoilaConfiguration.template=push_learn",
        "--VoilaConfiguration.show_tracebacks=False",
        "--VoilaConfiguration.strip_sources=True",
        "--VoilaConfiguration.preheat_kernel=True",
        "--MappingKernelManager.cull_idle_timeout=300",
    ):
        assert expected in argv


def test_kernels_talk_over_unix_sockets_where_there_are_any() -> None:
    """No TCP port is picked for a kernel on Unix, so none can be taken before it binds (D-CLS-05); elsewhere the
    transport is left at Jupyter's own (TCP)."""
    options = serve.ServeOptions()
    kernels = serve.voila_config(options, serve.resolve_keys(options)).KernelManager
    assert kernels.get("transport") == ("ipc" if os.name == "posix" else None)


def test_the_template_ships_with_the_package() -> None:
    folder = serve.TEMPLATE_ROOT / "voila" / "templates" / serve.TEMPLATE_NAME
    for name in ("conf.json", "index.html.j2", "tree.html", "page.html", "spinner.macro.html.j2"):
        assert (folder / name).is_file(), name
    for name in ("push_learn.css", "landing.css"):
        assert (folder / "static" / name).is_file(), name


def test_the_only_internet_addresses_in_the_template_are_the_ones_it_removes() -> None:
    folder = serve.TEMPLATE_ROOT / "voila" / "templates" / serve.TEMPLATE_NAME
    found = {
        (path.name, url)
        for path in folder.rglob("*")
        if path.is_file()
        for url in re.findall(r"https?://[^\s\"')]+", path.read_text(encoding="utf-8"))
    }
    assert found == {
        ("index.html.j2", "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/all.min.css"),
        ("index.html.j2", "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/v4-shims.min.css"),
    }


def test_landing_page_config_lists_every_dashboard_and_game() -> None:
    config = serve.landing_page_config({"baseUrl": "/"}, notebook_path="")
    catalogue = config["pushLearn"]
    assert [d["title"] for d in catalogue["dashboards"]] == [info.title for info in DASHBOARDS]
    assert [d["family"] for d in catalogue["dashboards"]] == [info.family for info in DASHBOARDS]
    families = catalogue["families"]
    assert families[0] == {
        "name": "Push Rummy",
        "id": "push-rummy",
        "notebooks": [info.notebook for info in DASHBOARDS if info.family == "Push Rummy"],
    }
    assert sorted(n for family in families for n in family["notebooks"]) == sorted(i.notebook for i in DASHBOARDS)
    games = {v["key"]: v["players"] for v in catalogue["variants"]}
    assert games == {"push": [4], "cap_it": [3, 4, 5, 6], "six_to_ten": [2, 3, 4]}
    for key, path in (("firstPath", FIRST_PATH), ("pokerPath", POKER_PATH)):
        assert catalogue[key] == [
            {"notebook": dashboard(slug).notebook, "title": dashboard(slug).title, "why": why} for slug, why in path
        ]
    assert config["baseUrl"] == "/"


def test_dashboards_dir_prefers_the_given_folder(tmp_path: Path) -> None:
    assert serve.dashboards_dir(tmp_path, tmp_path / "scratch") == tmp_path
    with pytest.raises(FileNotFoundError, match="does not exist"):
        serve.dashboards_dir(tmp_path / "missing", tmp_path / "scratch")


def test_dashboards_dir_writes_notebooks_without_a_checkout(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(serve, "CHECKOUT_DASHBOARDS", tmp_path / "no-checkout")
    folder = serve.dashboards_dir(None, tmp_path / "scratch")
    assert folder == tmp_path / "scratch"
    assert sorted(p.name for p in folder.glob("*.ipynb")) == sorted(info.notebook for info in DASHBOARDS)


def test_a_taken_port_is_refused_with_a_sentence() -> None:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        with pytest.raises(serve.ServeUsageError, match=f"port {port} on 127.0.0.1 is already in use"):
            serve.serve(serve.ServeOptions(port=port))


def test_kernels_reach_the_server_at_the_address_it_listens_on() -> None:
    assert serve.kernel_callback_host("0.0.0.0") == "127.0.0.1"
    assert serve.kernel_callback_host("127.0.0.2") == "127.0.0.2"
    assert serve.kernel_callback_host("192.168.1.10") == "192.168.1.10"
    assert serve.kernel_callback_host("::") == "[::1]"
    assert serve.kernel_callback_host("::1") == "[::1]"


def test_serve_opens_the_class_store_itself_and_hands_kernels_only_its_address_and_a_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from push_learn.apps.serve import ServeOptions, ServeUsageError, open_class_service
    from push_learn.classroom.service import SERVICE_ENV
    from push_learn.records import SEAL_KEY_ENV

    for name in ("PUSH_LEARN_CLASS_DB", SERVICE_ENV, SEAL_KEY_ENV):  # restored after the test, set or not
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)
    service = open_class_service(ServeOptions(port=8999), tmp_path)  # no setting: a file in the served folder
    assert service is not None and (tmp_path / "push-learn-class.db").is_file()
    assert os.environ[SERVICE_ENV] == "http://127.0.0.1:8999/" and len(os.environ[SEAL_KEY_ENV]) == 64
    assert service.root == tmp_path and not service.serves("deal_replayer.ipynb")  # the teacher's links ask it
    service.store.close()
    secret_db = tmp_path / "elsewhere.db"
    monkeypatch.setenv("PUSH_LEARN_CLASS_DB", str(secret_db))
    service = open_class_service(ServeOptions(), tmp_path)
    assert service is not None and secret_db.is_file()
    assert "PUSH_LEARN_CLASS_DB" not in os.environ  # the kernels never learn where the database is
    service.store.close()
    with pytest.raises(ServeUsageError, match="does not exist"):
        open_class_service(ServeOptions(class_db=str(tmp_path / "no" / "such" / "folder.db")), tmp_path)
