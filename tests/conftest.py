"""Shared test settings: hypothesis profiles sized so the whole `make test` stays within minutes."""

from __future__ import annotations

import os

import pytest
from budgets import HUNT_FACTOR, HUNT_PROFILE, PROFILE_ENV, USUAL_EXAMPLES
from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", max_examples=USUAL_EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("ci", settings.get_profile("default"), derandomize=True)
settings.register_profile(HUNT_PROFILE, settings.get_profile("default"), max_examples=USUAL_EXAMPLES * HUNT_FACTOR)
settings.load_profile(os.environ.get(PROFILE_ENV) or ("ci" if os.environ.get("CI") == "true" else "default"))


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the browser tests last.

    Playwright's sync API keeps an asyncio event loop running in the main thread until the session
    ends, so any later test that starts its own loop (the widgets' paced bot turns) would fail.
    """
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)
