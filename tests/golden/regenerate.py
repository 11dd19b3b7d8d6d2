"""Rewrite ``deals.json``: the pinned first deals of every variant.

Run ``python tests/golden/regenerate.py`` only when a deal is *meant* to
change (a new variant, or a documented change of a variant's deal), and say so
in the changelog: the golden test exists to catch accidental changes.
"""

from __future__ import annotations

import json
import pathlib
from typing import Any

import zank
from zank.cards import card_text

PATH = pathlib.Path(__file__).with_name("deals.json")
SEEDS = (0, 1, 2, 2**64 - 1)


def deal(name: str, seed: int) -> dict[str, Any]:
    """The golden record of one deal: every pile and who begins."""
    rules = zank.variant(name)
    state = rules.new_game(seed=seed, players=rules.min_players)
    return {
        "to_move": state.to_move,
        "piles": {
            spec.label: " ".join(card_text(c) for c in cards)
            for spec, cards in zip(rules.layout(state.players), state.piles, strict=True)
            if cards
        },
    }


def build() -> dict[str, Any]:
    """Golden deals for every registered variant."""
    return {name: {str(seed): deal(name, seed) for seed in SEEDS} for name in sorted(zank.VARIANTS)}


if __name__ == "__main__":
    PATH.write_text(json.dumps(build(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {PATH}")
