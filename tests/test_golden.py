"""Golden deals: ``new_game(seed=n)`` deals the same cards on every platform and version."""

from __future__ import annotations

import json

import pytest

import zank

from .golden.regenerate import PATH, SEEDS, deal

GOLDEN = json.loads(PATH.read_text(encoding="utf-8"))


def test_every_variant_has_golden_deals() -> None:
    assert sorted(GOLDEN) == sorted(zank.VARIANTS), "run tests/golden/regenerate.py"


@pytest.mark.parametrize("name", sorted(GOLDEN))
@pytest.mark.parametrize("seed", SEEDS)
def test_deal_is_pinned(name: str, seed: int) -> None:
    expected = GOLDEN[name][str(seed)]
    got = deal(name, seed)
    if got != expected:
        diff = [
            f"{label}: expected {expected['piles'].get(label)!r}, got {cards!r}"
            for label, cards in got["piles"].items()
            if expected["piles"].get(label) != cards
        ]
        pytest.fail(f"{name} seed {seed} deals differently:\n" + "\n".join(diff[:10]))
