"""The local hub's spawner: students' servers get ports that nothing else on this machine is handed.

JupyterHub's local spawner picks a student's port by binding port 0 and closing the socket
(``jupyterhub.utils.random_port``), then starts the server, which binds that port a second or more
later, with ``port_retries = 0`` (the hub must know the port). In between, the port is free again, and
the operating system hands ports of the same ephemeral range to everything else that binds port 0: the
kernels' five ZeroMQ ports each, the other servers' choices, test harnesses. With ten servers and their
kernels starting at once a port was taken in that gap ("port 33521 is not available") and a student
got no server (D-HUB-08).

``PortPool`` hands out ports from a range below the ephemeral one, which no program binding port 0 is
ever given, one at a time under a lock and never twice while its server runs, skipping any port that
something already holds. ``PooledPortSpawner`` is ``SimpleLocalProcessSpawner`` taking its ports from
one pool per hub process. This module is loaded by the hub process (``jupyterhub_config.py`` names the
class); it is not a part of the rules core.
"""

from __future__ import annotations

import os
import random
import socket
import threading
from pathlib import Path
from typing import Any

from jupyterhub.spawner import SimpleLocalProcessSpawner
from traitlets import Unicode

__all__ = ["EPHEMERAL_RANGE_FILE", "PoolExhausted", "PooledPortSpawner", "PortPool", "ephemeral_range"]

EPHEMERAL_RANGE_FILE = Path("/proc/sys/net/ipv4/ip_local_port_range")
"""Where Linux says which ports it hands to programs that bind port 0."""
LOWEST = 10_000
"""No pool starts below this (the well-known and commonly configured ports stay alone)."""


class PoolExhausted(RuntimeError):
    """Every port of the pool is held: no server can be started until one stops."""


def ephemeral_range(path: Path = EPHEMERAL_RANGE_FILE) -> tuple[int, int]:
    """The first and last port the system hands out for port 0 (Linux's default 32768-60999 where unknown)."""
    try:
        first, last = (int(part) for part in path.read_text(encoding="ascii").split())
    except (OSError, ValueError):
        return 32768, 60999
    return first, last


class PortPool:
    """Ports ``first`` to ``last`` handed out one at a time: never one already handed out and not given
    back, never one that something on ``host`` is bound to. Thread-safe; the hub uses one per process."""

    def __init__(self, first: int, last: int, host: str = "127.0.0.1", rng: random.Random | None = None) -> None:
        if not 0 < first <= last < 65536:
            raise ValueError(f"a port pool needs 0 < first <= last < 65536, not {first} to {last}")
        low, high = ephemeral_range()
        if first <= high and last >= low:
            raise ValueError(f"ports {first} to {last} overlap the range the system hands out for port 0 "
                             f"({low} to {high}), where kernels and other programs take theirs")
        self.first, self.last, self.host = first, last, host
        self._held: set[int] = set()
        self._lock = threading.Lock()
        # a random starting point, so that two hubs on one machine seldom try the same ports
        self._next = (rng or random.SystemRandom()).randrange(first, last + 1)

    @classmethod
    def below_ephemeral(cls, size: int = 10_000, host: str = "127.0.0.1") -> PortPool:
        """A pool of ``size`` ports just below the system's ephemeral range."""
        low, _ = ephemeral_range()
        first = max(LOWEST, low - size)
        if first >= low:
            raise ValueError(f"the system hands out ports from {low}: no room for a pool below it")
        return cls(first, low - 1, host)

    def held(self) -> frozenset[int]:
        """The ports handed out and not given back."""
        with self._lock:
            return frozenset(self._held)

    def _bindable(self, port: int) -> bool:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            try:
                probe.bind((self.host, port))
            except OSError:
                return False
        return True

    def take(self) -> int:
        """A port nobody holds; ``PoolExhausted`` when there is none."""
        with self._lock:
            size = self.last - self.first + 1
            for step in range(size):
                port = self.first + (self._next - self.first + step) % size
                if port not in self._held and self._bindable(port):
                    self._held.add(port)
                    self._next = self.first + (port - self.first + 1) % size
                    return port
        raise PoolExhausted(f"all {size} ports from {self.first} to {self.last} are in use")

    def give_back(self, port: int) -> None:
        """``port`` is free again (its server stopped); a port not handed out is ignored."""
        with self._lock:
            self._held.discard(port)


POOL = PortPool.below_ephemeral()
"""The pool of this hub process."""


class PooledPortSpawner(SimpleLocalProcessSpawner):
    """``SimpleLocalProcessSpawner`` whose servers take their ports from ``POOL`` and give them back on stop,
    each with a runtime folder of its own under ``runtime_root`` when one is set (D-HUB-13)."""

    runtime_root = Unicode("", config=True, help="A short folder under which each student's server keeps its "
                           "kernels' connection files and IPC sockets (JUPYTER_RUNTIME_DIR=<root>/<user>).")

    def get_env(self) -> dict[str, str]:
        """The local spawner's environment, with the student's own runtime folder when ``runtime_root`` is set."""
        env: dict[str, str] = super().get_env()
        if self.runtime_root:
            env["JUPYTER_RUNTIME_DIR"] = os.path.join(self.runtime_root, self.user.name)
        return env

    async def start(self) -> Any:
        """Take a port from the pool, then start the server on it as the local spawner does."""
        self.port = POOL.take()
        try:
            return await super().start()
        except BaseException:
            POOL.give_back(self.port)
            self.port = 0
            raise

    async def stop(self, now: bool = False) -> None:
        """Stop the server and give its port back."""
        try:
            await super().stop(now=now)
        finally:
            if self.port:
                POOL.give_back(self.port)
                self.port = 0
