"""Property-test budgets: a test's usual number of examples, scaled when hunting for rare failures.

The usual budgets keep ``make test`` within minutes on a 2-core machine. ``HYPOTHESIS_PROFILE=hunt`` (see
``conftest.py`` and ``docs/testing.md``) gives every property test ten times its usual examples, drawn afresh:
tests that set their own budget ask ``examples(usual)`` so that they take part in the hunt too.
"""

from __future__ import annotations

import os

USUAL_EXAMPLES = 100
"""The examples of a property test that sets no budget of its own (the profiles of ``conftest.py``)."""
HUNT_FACTOR = 10
"""How many times its usual examples a property test tries under the ``hunt`` profile."""
HUNT_PROFILE = "hunt"
"""The hypothesis profile (``HYPOTHESIS_PROFILE``) of a hunt for rare failures (``make hunt``)."""
PROFILE_ENV = "HYPOTHESIS_PROFILE"
"""The environment variable that names the hypothesis profile of a run (``conftest.py`` loads it)."""


def hunting() -> bool:
    """Whether this run hunts for rare failures (``HYPOTHESIS_PROFILE=hunt``)."""
    return os.environ.get(PROFILE_ENV) == HUNT_PROFILE


def examples(usual: int) -> int:
    """A property test's budget: ``usual`` examples, or ``HUNT_FACTOR`` times as many when hunting."""
    return usual * HUNT_FACTOR if hunting() else usual
