"""Tests marked ``sources`` spy on the solver's methods with monkeypatch, which a compiled class does not allow:
where the compiled build is loaded they run in a child pytest on the sources instead, so they never skip."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from push_learn.rummy.solver import NATIVE, native


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """Run a ``sources`` test in a child pytest with ``PUSH_LEARN_PURE=1`` when this process has the build."""
    if not NATIVE or pyfuncitem.get_closest_marker("sources") is None:
        return None
    run = subprocess.run(
        [sys.executable, "-m", "pytest", pyfuncitem.nodeid, "-q", "-p", "no:cacheprovider"],
        capture_output=True, text=True, cwd=pyfuncitem.config.rootpath, timeout=600,
        env={**os.environ, native.PURE_VARIABLE: "1"},
    )
    assert run.returncode == 0, f"on the solver's sources:\n{run.stdout[-4000:]}{run.stderr[-2000:]}"
    summary = run.stdout.strip().splitlines()[-1]
    assert summary.startswith("1 passed") and "skipped" not in summary, f"the child ran otherwise: {summary}"
    return True
