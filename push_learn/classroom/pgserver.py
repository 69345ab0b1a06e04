"""A throwaway PostgreSQL server for tests and benchmarks: started in a temporary folder, then stopped.

    with TempPostgres() as server:
        store = Store(server.url)

It uses Debian's ``postgresql`` package (``/usr/lib/postgresql/<version>/bin``; ``$PG_BIN`` names
another folder). The server refuses to run as root, so under root the cluster's folder belongs to the
``postgres`` user and every command runs through ``runuser -u postgres --``. It listens on 127.0.0.1
only, on a free port, with its socket in the temporary folder; nothing is left running or on disk
after ``stop``. Never connect to a cluster left on the machine: start one.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

__all__ = ["PostgresMissing", "TempPostgres", "find_pg_bin"]


class PostgresMissing(RuntimeError):
    """No PostgreSQL server programs were found (install Debian's ``postgresql`` package)."""


def find_pg_bin() -> Path:
    """The folder of ``initdb`` and ``pg_ctl``: ``$PG_BIN``, else the newest under /usr/lib/postgresql."""
    given = os.environ.get("PG_BIN")
    if given:
        if (Path(given) / "pg_ctl").exists():
            return Path(given)
        raise PostgresMissing(f"PG_BIN={given} holds no pg_ctl")
    candidates = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"),
                        key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit() else 0)
    if candidates:
        return candidates[-1].parent
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).parent
    raise PostgresMissing("PostgreSQL is not installed: run `make postgres` (Debian's postgresql package), "
                          "or set PG_BIN to the folder of initdb and pg_ctl")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class TempPostgres:
    """A PostgreSQL cluster in a temporary folder, on 127.0.0.1 and a free port, for one test session."""

    def __init__(self, max_connections: int = 200) -> None:
        self.bin = find_pg_bin()
        self.max_connections = max_connections
        self.folder: Path | None = None
        self.port = 0
        self.user = "postgres"
        self._as_postgres = os.geteuid() == 0

    @property
    def url(self) -> str:
        """The store URL of the cluster's ``postgres`` database (trust authentication on loopback)."""
        return f"postgresql+psycopg://{self.user}@127.0.0.1:{self.port}/postgres"

    def _run(self, *args: str) -> None:
        command = [str(self.bin / args[0]), *args[1:]]
        if self._as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, cwd="/")
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed ({done.returncode}): {(done.stderr or done.stdout).strip()[-800:]}")

    def start(self) -> TempPostgres:
        """Create the cluster (``initdb``) and start it (``pg_ctl start``, waiting until it accepts)."""
        self.folder = Path(tempfile.mkdtemp(prefix="push-learn-pg-"))
        data = self.folder / "data"
        if self._as_postgres:
            shutil.chown(self.folder, "postgres", "postgres")
        else:
            self.user = os.environ.get("USER") or "postgres"
        try:
            self._run("initdb", "-D", str(data), "-U", self.user, "--auth=trust", "-E", "UTF8", "--no-sync")
            for attempt in range(3):
                self.port = _free_port()
                options = (f"-k {self.folder} -p {self.port} -c listen_addresses=127.0.0.1 "
                           f"-c max_connections={self.max_connections} -c fsync=on")
                try:
                    self._run("pg_ctl", "start", "-w", "-t", "60", "-D", str(data), "-l", str(self.folder / "log"),
                              "-o", options)
                    break
                except RuntimeError:
                    if attempt == 2:
                        raise
        except BaseException:
            shutil.rmtree(self.folder, ignore_errors=True)
            raise
        return self

    def stop(self) -> None:
        """Stop the server (``pg_ctl stop -m fast``) and remove its folder."""
        if self.folder is None:
            return
        with contextlib.suppress(RuntimeError, subprocess.TimeoutExpired):
            self._run("pg_ctl", "stop", "-m", "fast", "-w", "-D", str(self.folder / "data"))
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder = None

    def __enter__(self) -> TempPostgres:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
