"""The engine's and the catalogue's docstring examples run as written."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "push_learn.rummy.engine",
    "push_learn.rummy.engine.actions",
    "push_learn.rummy.engine.game",
    "push_learn.rummy.engine.observe",
    "push_learn.rummy.engine.playout",
    "push_learn.rummy.engine.record",
    "push_learn.rummy.catalogue",
    "push_learn.rummy.discard_heuristic",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    failures, tried = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
