"""``docs/z2jh/config.yaml`` (Zero to JupyterHub) says what the local hub test runs and what the docs promise.

The local hub (``push_learn.apps.hub_harness``) takes its Voilà settings file, the hub token's scopes,
the server's arguments, the default page and the login method from this file; these tests check the
file itself: the same Voilà settings as ``push-learn serve``, the class service as the code defines it,
paths outside the home volume, the pinned user id, the culler.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from traitlets.config import PyFileConfigLoader

from push_learn.apps.hub_harness import IMAGE_REPO, REPO, Z2JH, hub_config, load_z2jh
from push_learn.apps.serve import TEMPLATE_NAME, TEMPLATE_ROOT, ServeOptions, landing_page_config, voila_argv
from push_learn.classroom.hub import HUB_SERVICE_ENV, HUB_TOKEN_SCOPES, SERVICE_NAME, service_definition

DOCS = REPO / "docs" / "classroom.md"
SCHOOL_CULL_TIMEOUT = 1800
"""The school's culler timeout (D-HUB-04): half an hour idle; the test hub uses 30 s."""


@pytest.fixture(scope="module")
def z2jh() -> dict[str, Any]:
    """The parsed config.yaml."""
    return load_z2jh()


def _voila_settings(text: str, tmp_path: Path) -> dict[str, Any]:
    (tmp_path / "voila.py").write_text(text, encoding="utf-8")
    return dict(PyFileConfigLoader("voila.py", path=str(tmp_path)).load_config().VoilaConfiguration)


def test_voila_settings_are_push_learn_serve_s(z2jh: dict[str, Any], tmp_path: Path) -> None:
    mounted = z2jh["singleuser"]["extraFiles"]["voila-config"]
    settings = _voila_settings(mounted["stringData"], tmp_path)
    serve = dict(re.fullmatch(r"--VoilaConfiguration\.(\w+)=(.*)", arg).groups()  # type: ignore[union-attr]
                 for arg in voila_argv(ServeOptions(), Path(".")) if arg.startswith("--VoilaConfiguration."))
    for name in ("template", "theme", "classic_tree", "show_tracebacks", "strip_sources"):
        assert str(settings[name]) == serve[name], f"config.yaml's Voilà {name} differs from push-learn serve's"
    assert settings["template"] == TEMPLATE_NAME
    assert settings["page_config_hook"] is landing_page_config
    assert settings["extension_denylist"] == ["jupyterlab_pygments"]
    # under the environment's prefix (repo2docker's /srv/conda/envs/notebook), never the home volume
    assert mounted["mountPath"] == "/srv/conda/envs/notebook/etc/jupyter/voila.py"


def test_paths_are_outside_the_home_volume(z2jh: dict[str, Any]) -> None:
    single = z2jh["singleuser"]
    home = single["storage"]["homeMountPath"]
    template = single["extraEnv"]["JUPYTER_PATH"]
    assert template == str(IMAGE_REPO / TEMPLATE_ROOT.relative_to(REPO))
    assert (REPO / Path(template).relative_to(IMAGE_REPO) / "voila" / "templates" / TEMPLATE_NAME).is_dir()
    (root,) = [arg.split("=", 1)[1] for arg in single["cmd"] if arg.startswith("--ServerApp.root_dir=")]
    assert (REPO / Path(root).relative_to(IMAGE_REPO) / "meld_lab.ipynb").is_file()
    for path in (template, root, single["extraFiles"]["voila-config"]["mountPath"]):
        assert not path.startswith(home), f"{path} would be hidden by the students' home volume"


def test_user_id_is_pinned_and_the_docs_build_the_image_that_way(z2jh: dict[str, Any]) -> None:
    uid = z2jh["singleuser"]["uid"]
    assert uid == 1000
    text = DOCS.read_text(encoding="utf-8")
    assert f"--user-id {uid}" in text and "--user-name jovyan" in text
    assert f"--target-repo-dir {IMAGE_REPO}" in text
    assert "docs/z2jh/config.yaml" in text


def test_class_service_and_token_scopes_are_the_code_s(z2jh: dict[str, Any]) -> None:
    assert z2jh["hub"]["config"]["Spawner"]["server_token_scopes"] == list(HUB_TOKEN_SCOPES)
    assert z2jh["hub"]["loadRoles"]["user"]["scopes"] == ["self", HUB_TOKEN_SCOPES[-1]]
    service = z2jh["hub"]["services"][SERVICE_NAME]
    local = service_definition(10101, "postgresql://unused")
    for key in ("display", "oauth_no_confirm"):
        assert service[key] == local[key]
    assert z2jh["singleuser"]["extraEnv"][HUB_SERVICE_ENV].endswith(f"/services/{SERVICE_NAME}/")
    assert "PUSH_LEARN_CLASS_DB" not in z2jh["singleuser"]["extraEnv"], "students' servers must not know the database"


def test_culler_and_login(z2jh: dict[str, Any]) -> None:
    assert z2jh["cull"]["enabled"] is True
    assert z2jh["cull"]["timeout"] == SCHOOL_CULL_TIMEOUT
    assert z2jh["hub"]["config"]["JupyterHub"]["authenticator_class"] == "shared-password"
    assert z2jh["hub"]["config"]["Authenticator"]["allow_all"] is True


def test_the_local_hub_runs_these_settings(z2jh: dict[str, Any], tmp_path: Path) -> None:
    """The local hub's configuration is made from config.yaml (a change there changes the hub test)."""
    text, settings = hub_config(tmp_path, 8000, "postgresql://unused", 30, 10, "token")
    single = z2jh["singleuser"]
    assert settings["voila_config"] == single["extraFiles"]["voila-config"]["stringData"]
    assert (tmp_path / "etc" / "jupyter" / "voila.py").read_text() == settings["voila_config"]
    assert settings["server_token_scopes"] == z2jh["hub"]["config"]["Spawner"]["server_token_scopes"]
    assert f'{{"name": "user", "scopes": {z2jh["hub"]["loadRoles"]["user"]["scopes"]!r}}}' in text
    assert settings["default_url"] == single["defaultUrl"]
    assert settings["authenticator"] == z2jh["hub"]["config"]["JupyterHub"]["authenticator_class"]
    assert settings["culler_args"] == ["--timeout=30", "--cull-every=10"]
    assert settings["tornado_settings"] == {"slow_stop_timeout": 1}
    assert "c.JupyterHub.tornado_settings = {'slow_stop_timeout': 1}" in text
    assert settings["service"]["name"] == SERVICE_NAME
    assert f"c.Spawner.default_url = {single['defaultUrl']!r}" in text
    assert str(Z2JH).endswith("docs/z2jh/config.yaml")
