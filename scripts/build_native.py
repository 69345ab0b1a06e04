"""Compile the meld solver with mypyc into ``push_learn/rummy/solver/_native`` (``make install`` runs this).

The compiled build answers every question exactly as the sources do, about 1.4 times faster; the package
loads it only while it matches the sources (``push_learn/rummy/solver/native.py``). Nothing is done when
the build is already up to date. Without a C compiler or Python's headers the solver simply stays plain
Python and this says so, except under ``CI=true``: there the build is required so that its tests run, and
as root on Debian the compiler and headers are first installed with apt-get (elsewhere this script never
installs system packages).

Usage: ``python scripts/build_native.py [--force]``
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import io
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import warnings
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
SOLVER = ROOT / "push_learn" / "rummy" / "solver"
GROUP = "push_learn.rummy.solver.compiled"
"""The name of the build's shared library (beside the modules, in the solver package)."""


def load_native() -> ModuleType:
    """The solver's ``native`` module, loaded from its file (importing the package would load the old build)."""
    spec = importlib.util.spec_from_file_location("push_learn_solver_native", SOLVER / "native.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def up_to_date(native: ModuleType, digest: str) -> bool:
    """True when the build matches the sources (their ``digest``) and holds every module for this interpreter."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    stamp = native.NATIVE_DIR / native.STAMP_NAME
    if not stamp.is_file() or stamp.read_text().strip() != digest:
        return False
    return all((native.NATIVE_DIR / f"{name}{suffix}").is_file() for name in native.COMPILED_MODULES)


def missing_tools() -> list[str]:
    """What the build needs and this machine lacks: a C compiler, Python's headers."""
    missing = []
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        missing.append(f"a C compiler ({compiler})")
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        missing.append("Python's headers (Python.h)")
    return missing


def install_tools() -> None:
    """As root on Debian: install gcc and, for Debian's own Python, its headers."""
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        return
    packages = ["gcc"]
    if sysconfig.get_paths()["include"].startswith("/usr/include"):
        packages.append(f"python{sys.version_info.major}.{sys.version_info.minor}-dev")
    print(f"solver: installing {' '.join(packages)} with apt-get", flush=True)
    environment = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-qq"], check=False, env=environment)
    subprocess.run(["apt-get", "install", "-y", "-qq", *packages], check=False, env=environment,
                   stdout=subprocess.DEVNULL)


def compile_into(native: ModuleType, work: Path) -> list[Path]:
    """Compile the solver's modules with mypyc in ``work``; the built extension files."""
    from mypyc.build import mypycify
    from setuptools import setup

    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    sources = [str((SOLVER / f"{name}.py").relative_to(ROOT)) for name in native.COMPILED_MODULES]
    os.chdir(ROOT)  # mypy reads the project's settings from pyproject.toml
    warnings.filterwarnings("ignore", module="setuptools")  # its notes on reading pyproject.toml
    extensions = mypycify([*sources, "--python-version", version], group_name=GROUP, target_dir=str(work / "c"))
    setup(
        name="push-learn-solver",
        ext_modules=extensions,
        script_args=["--quiet", "build_ext", "--build-lib", str(work / "lib"), "--build-temp", str(work / "tmp")],
    )
    return sorted((work / "lib" / "push_learn" / "rummy" / "solver").glob("*.so"))


def install_build(native: ModuleType, built: list[Path], digest: str) -> None:
    """Replace the native folder's contents with the built files, then write the stamp naming the sources they
    came from (their ``digest`` before the build began). The stamp goes first, so no build loads meanwhile, and
    so do builds for other interpreters: the one stamp must not vouch for files made from older sources. A
    running solver keeps the files it has open (they are unlinked or replaced whole, never rewritten)."""
    native.NATIVE_DIR.mkdir(exist_ok=True)
    stamp = native.NATIVE_DIR / native.STAMP_NAME
    stamp.unlink(missing_ok=True)
    for old in native.NATIVE_DIR.iterdir():
        if not old.is_dir():
            old.unlink()
    for path in built:
        target = native.NATIVE_DIR / path.name
        partial = target.with_name(f".{path.name}.partial")
        shutil.copyfile(path, partial)
        os.replace(partial, target)
    partial = stamp.with_name(f".{native.STAMP_NAME}.partial")
    partial.write_text(digest + "\n")
    os.replace(partial, stamp)


def main(argv: list[str] | None = None) -> int:
    """Build the compiled solver when it is missing or stale; 0 unless CI needs it and it cannot be built."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="rebuild even when the build is up to date")
    args = parser.parse_args(argv)
    required = os.environ.get("CI") == "true"
    native = load_native()
    digest = native.sources_digest()
    if not args.force and up_to_date(native, digest):
        print("solver: the compiled build is up to date")
        return 0
    missing = missing_tools()
    if missing and required:
        install_tools()
        missing = missing_tools()
    if missing:
        print(f"solver: cannot compile ({', '.join(missing)} missing); it runs as plain Python", file=sys.stderr)
        return 1 if required else 0
    print("solver: compiling with mypyc (about half a minute)", flush=True)
    log = io.StringIO()  # mypyc's notes, shown only when the build fails
    with tempfile.TemporaryDirectory(prefix="push-learn-native-") as work:
        try:
            with contextlib.redirect_stdout(log):
                built = compile_into(native, Path(work))
        except (Exception, SystemExit) as error:  # setuptools reports a failed compile as SystemExit
            print(log.getvalue(), file=sys.stderr)
            print(f"solver: the compiled build failed ({error}); it runs as plain Python", file=sys.stderr)
            print("(or from an earlier build, where one matches its sources)", file=sys.stderr)
            return 1 if required else 0
        install_build(native, built, digest)
    print(f"solver: compiled build ready in {native.NATIVE_DIR.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
