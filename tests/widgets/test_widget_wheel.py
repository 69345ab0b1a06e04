"""A wheel built from the repository (not an editable install) carries the widgets' ES modules and CSS,
and a widget imported from the installed wheel loads its ``_esm``/``_css`` from the installed files."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "push_learn" / "widgets" / "static"

PROBE = """
import json, sys
import push_learn.widgets as widgets
from push_learn.widgets import __all__ as names
from push_learn.widgets.base import _EXPORT, static_path
report = {"package": widgets.__file__, "static": str(static_path("pl_common.js")), "widgets": {}}
for name in names:
    cls = getattr(widgets, name)
    files = {f: static_path(f).read_text(encoding="utf-8") for f in cls._static_files}
    # shared helper files are inlined without their export keywords
    report["widgets"][name] = {
        "files": {f: str(static_path(f)) for f in cls._static_files},
        "esm_has_files": all(_EXPORT.sub("", files[f]) in cls._esm for f in cls._static_files if f.endswith(".js")),
        "css_has_files": all(files[f] in cls._css for f in cls._static_files if f.endswith(".css")),
    }
from push_learn.widgets import HandView
state = HandView("7H JK").get_state()
report["synced_esm_is_class_esm"] = state["_esm"] == HandView._esm and state["_css"] == HandView._css
print(json.dumps(report))
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build a wheel from a clean copy of the repository's package sources."""
    src = tmp_path_factory.mktemp("src")
    shutil.copy(ROOT / "pyproject.toml", src / "pyproject.toml")
    readme = ROOT / "README.md"
    (src / "README.md").write_text(readme.read_text(encoding="utf-8") if readme.exists() else "push_learn\n")
    shutil.copytree(ROOT / "push_learn", src / "push_learn", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    out = tmp_path_factory.mktemp("dist")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "--quiet", "-w", str(out)],
        capture_output=True,
        text=True,
        cwd=src,
        timeout=300,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    (found,) = out.glob("push_learn-*.whl")
    return found


def test_wheel_carries_every_widget_module_and_stylesheet(wheel: Path) -> None:
    shipped = set(zipfile.ZipFile(wheel).namelist())
    wanted = {f"push_learn/widgets/static/{p.name}" for p in STATIC.iterdir() if p.suffix in (".js", ".css")}
    assert wanted, "the source tree has no widget static files"
    assert wanted <= shipped, f"missing from the wheel: {sorted(wanted - shipped)}"


def test_installed_widgets_load_their_modules_from_the_installed_files(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target), str(wheel)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    env = {**os.environ, "PYTHONPATH": str(target)}
    probe = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120
    )
    assert probe.returncode == 0, probe.stderr
    report = json.loads(probe.stdout)
    assert report["package"].startswith(str(target)), report["package"]
    assert report["static"].startswith(str(target))
    assert report["widgets"], "push_learn.widgets exports no widget"
    for name, info in report["widgets"].items():
        assert all(path.startswith(str(target)) for path in info["files"].values()), name
        assert info["esm_has_files"] and info["css_has_files"], name
    assert report["synced_esm_is_class_esm"]
