"""Fixtures of the dashboards' tests."""

from __future__ import annotations

import pytest
from class_server import FakeServer, serve_class


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> FakeServer:
    """A class server for a dashboard kernel (``class_server.serve_class``)."""
    return serve_class(monkeypatch)
