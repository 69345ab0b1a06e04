"""The local hub's port pool (D-HUB-08): students' servers never get a port that the system may hand to a
kernel or any other program binding port 0, nor one another's, nor a port something already holds."""

from __future__ import annotations

import random
import socket
import threading
from pathlib import Path

import pytest

from push_learn.apps.hub_spawner import PoolExhausted, PortPool, ephemeral_range


def _pool(size: int = 40) -> PortPool:
    low, _ = ephemeral_range()
    return PortPool(low - size, low - 1, rng=random.Random(7))


def test_a_class_at_once_gets_distinct_ports_outside_the_ephemeral_range() -> None:
    pool = _pool()
    low, high = ephemeral_range()
    taken: list[int] = []

    def spawn() -> None:
        for _ in range(3):
            taken.append(pool.take())

    threads = [threading.Thread(target=spawn) for _ in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(taken) == 30 and len(set(taken)) == 30, "two servers were handed the same port"
    assert all(not low <= port <= high for port in taken)
    assert pool.held() == frozenset(taken)


def test_ports_something_holds_are_skipped_and_a_given_back_port_is_used_again() -> None:
    pool = _pool(size=3)
    squatters = [socket.socket(), socket.socket()]
    try:
        for squatter, port in zip(squatters, (pool.first, pool.first + 2), strict=True):
            squatter.bind(("127.0.0.1", port))
            squatter.listen()
        assert pool.take() == pool.first + 1, "a port another program holds was handed out"
        with pytest.raises(PoolExhausted, match="all 3 ports"):
            pool.take()
        assert pool.held() == {pool.first + 1}, "a refused take changed the pool"
    finally:
        for squatter in squatters:
            squatter.close()
    pool.give_back(pool.first + 1)
    pool.give_back(12345)  # never handed out: ignored
    assert pool.held() == frozenset()
    assert sorted(pool.take() for _ in range(3)) == [pool.first, pool.first + 1, pool.first + 2]


def test_a_pool_overlapping_the_ephemeral_range_is_refused(tmp_path: Path) -> None:
    low, high = ephemeral_range()
    with pytest.raises(ValueError, match="overlap the range the system hands out"):
        PortPool(low - 5, low + 5)
    with pytest.raises(ValueError, match="0 < first <= last"):
        PortPool(20, 10)
    odd = tmp_path / "range"
    odd.write_text("not numbers")
    assert ephemeral_range(odd) == (32768, 60999)
    odd.write_text("40000\t50000\n")
    assert ephemeral_range(odd) == (40000, 50000)
    assert (low, high) == ephemeral_range()
