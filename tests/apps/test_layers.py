"""Layers hold (ARCHITECTURE.md): the serve module stands below the CLI, widgets load no solver until asked, and the
class service loads no game until it checks a table's move.

Each check imports in a fresh Python, so that modules already imported by other tests cannot hide a leak.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _modules_after(statement: str) -> set[str]:
    """The push_learn, voila and jupyter_server modules loaded by ``statement`` in a fresh interpreter."""
    code = (
        f"import json, sys\n{statement}\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('push_learn', 'voila', 'jupyter_server', 'tornado'))))"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, check=True)
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def test_importing_the_widgets_loads_no_solver() -> None:
    loaded = _modules_after("import push_learn.widgets")
    assert "push_learn.rummy.solver" not in loaded
    assert not any(name.startswith("push_learn.rummy.solver") for name in loaded)


@pytest.mark.parametrize("statement", ["import push_learn.apps.serve", "from push_learn.apps import serve"])
def test_the_serve_module_imports_neither_the_cli_nor_a_server(statement: str) -> None:
    loaded = _modules_after(statement)
    assert "push_learn.cli" not in loaded
    assert not {name for name in loaded if name.split(".")[0] in ("voila", "jupyter_server", "tornado")}


def test_importing_the_class_service_loads_no_game() -> None:
    """The referee (and through it the game catalogue and every engine) is imported at a table's first move."""
    loaded = _modules_after("import push_learn.classroom.service")
    assert "push_learn.classroom.service" in loaded
    assert not {"push_learn.classroom.referee", "push_learn.classroom.table_games", "push_learn.games"} & loaded
    assert not any(name.split(".")[1] in ("rummy", "poker") for name in loaded if "." in name)
