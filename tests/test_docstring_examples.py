"""Every example written in a docstring of push_learn runs as written (``>>>`` lines, doctest with ``...``)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import push_learn


def _modules_with_examples() -> list[str]:
    """The package's modules whose docstrings hold at least one example."""
    finder = doctest.DocTestFinder()
    names = [push_learn.__name__] + [
        info.name for info in pkgutil.walk_packages(push_learn.__path__, prefix="push_learn.")
        if not info.name.endswith("__main__")
    ]
    return [name for name in names if any(test.examples for test in finder.find(importlib.import_module(name)))]


MODULES = _modules_with_examples()


def test_the_examples_are_found_across_the_package() -> None:
    assert {"push_learn.records", "push_learn.rummy.solver", "push_learn.poker.compare",
            "push_learn.classroom.table_games", "push_learn.rummy.engine.game"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_hold(name: str) -> None:
    failures, tried = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert tried and not failures
