"""The solver's optional compiled build: which modules it holds, where it lives, and whether to use it.

``make install`` compiles the solver's modules with mypyc (``scripts/build_native.py``) into ``_native/``
beside them, about 1.4 times faster than plain Python and with the same answers. The package imports the
compiled modules only when they were built from exactly the sources beside them (a digest of those files
is stored with the build), so an edited source is never shadowed by a stale build. Without a compiler,
in Pyodide, with ``PUSH_LEARN_PURE=1`` or with a stale build, the solver runs as the plain Python it is
written in. This module itself is never compiled: it decides before any compiled module loads.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import sys
from pathlib import Path

__all__ = ["COMPILED_MODULES", "NATIVE_DIR", "PURE_VARIABLE", "STAMP_NAME", "activate", "sources_digest", "wanted"]

PACKAGE_DIR = Path(__file__).resolve().parent
"""The folder of the solver's sources."""
NATIVE_DIR = PACKAGE_DIR / "_native"
"""Where the compiled build lives (ignored by git; ``make install`` fills it)."""
STAMP_NAME = "SOURCES"
"""The file in ``NATIVE_DIR`` holding the digest of the sources it was built from."""
PURE_VARIABLE = "PUSH_LEARN_PURE"
"""Set this environment variable to a non-empty value to run the plain Python solver."""
COMPILED_MODULES = (
    "api",
    "declare",
    "encoding",
    "entries",
    "layout",
    "memo",
    "ranks",
    "same_turn",
    "search",
    "suits",
    "sweep",
    "trace",
)
"""The solver modules the build compiles: all but the package's ``__init__`` and this module."""


def sources_digest(package_dir: Path = PACKAGE_DIR) -> str:
    """A digest of the compiled modules' sources in ``package_dir`` (names and bytes)."""
    digest = hashlib.sha256()
    for name in COMPILED_MODULES:
        digest.update(name.encode())
        digest.update((package_dir / f"{name}.py").read_bytes())
    return digest.hexdigest()


def wanted(native_dir: Path = NATIVE_DIR, package_dir: Path = PACKAGE_DIR) -> bool:
    """True when the compiled build in ``native_dir`` should load: it exists, it was built from the
    sources now in ``package_dir``, and ``PUSH_LEARN_PURE`` is not set."""
    if os.environ.get(PURE_VARIABLE):
        return False
    stamp = native_dir / STAMP_NAME
    try:
        return stamp.read_text().strip() == sources_digest(package_dir)
    except OSError:
        return False


def activate(package_path: list[str], package: str) -> bool:
    """Load the solver package ``package`` (its ``__path__`` is ``package_path``) from the compiled build when
    it is ``wanted``; True when its modules then come from the build. A build the interpreter cannot load is
    taken off the path again, with the modules it half loaded, so that the sources load instead."""
    if not wanted():
        return False
    package_path.insert(0, str(NATIVE_DIR))
    try:
        api = importlib.import_module(f"{package}.api")
    except ImportError:
        package_path.remove(str(NATIVE_DIR))
        for name in [name for name in sys.modules if name.startswith(f"{package}.") and name != __name__]:
            del sys.modules[name]
        return False
    return api.__spec__ is not None and Path(api.__spec__.origin or "").parent == NATIVE_DIR
