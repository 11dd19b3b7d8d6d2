"""Hypothesis strategies and helpers shared by the tests."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

import zank
from zank.core import Rules


def preset_id(rules: Rules) -> str:
    """A readable test id for a rules object: ``name[option=value,...]``."""
    default = type(rules)()
    changed = [f"{k}={v}" for k, v in rules.options.items() if getattr(default, k) != v]
    return f"{rules.name}[{','.join(changed) or 'default'}]"


def all_presets() -> list[Rules]:
    """Every registered variant with every option preset it declares."""
    out = []
    for name, cls in sorted(zank.VARIANTS.items()):
        for options in cls.presets:
            out.append(zank.variant(name, **dict(options)))
    return out


def player_counts(rules: Rules) -> list[int]:
    """The seat counts the contract suite plays: the fewest and the most."""
    return sorted({rules.min_players, rules.max_players})


seeds = st.integers(min_value=0, max_value=2**64 - 1)


def choose_index(data: Any, n: int) -> int:
    """Draw an index below ``n``; shrinks towards the first move."""
    return int(data.draw(st.integers(min_value=0, max_value=n - 1), label="move"))
