"""``benchmarks/sm_deviations.py``: the kinds of the moves the bound plays instead of greedy's."""

from __future__ import annotations

from types import ModuleType

import pytest

import zank

from .scripts import BENCHMARKS, load_script


@pytest.fixture(scope="module")
def script() -> ModuleType:
    return load_script(BENCHMARKS / "sm_deviations.py", "zank_sm_deviations")


def test_moves_are_labelled_by_kind(script: ModuleType) -> None:
    moves = {m.text: m for m in zank.variant("spite-and-malice").moves}
    texts = ("5-s1", "p-b1", "s2-b1", "k-b1", "x-b1", "j-b1", "7-b2")
    labels = {text: script.label(moves[text]) for text in texts}
    assert labels == {
        "5-s1": "discard",
        "p-b1": "play pay-off",
        "s2-b1": "play side",
        "k-b1": "play hand wild",
        "x-b1": "play hand wild",
        "j-b1": "play hand",
        "7-b2": "play hand",
    }
