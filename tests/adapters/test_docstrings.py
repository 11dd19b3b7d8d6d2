"""The examples in the adapter modules' docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize(
    ("module", "needs"),
    [
        ("zank.adapters.encoding", "numpy"),
        ("zank.adapters.conventions", "zank"),
        ("zank.adapters.knowledge", "numpy"),
        ("zank.adapters.pettingzoo", "pettingzoo"),
        ("zank.adapters.openspiel", "pyspiel"),
        ("zank.adapters.openspiel_bots", "pyspiel"),
    ],
)
def test_docstring_examples(module: str, needs: str) -> None:
    pytest.importorskip(needs)
    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0
    assert result.failed == 0
