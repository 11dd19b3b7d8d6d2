"""The documented defaults and the keyword-only options of the variants.

Written to kill survivors of the third mutation campaign (benchmarks/MUTATION.md):
the default of zank-detailed's and crapette's ``no_progress_turns`` (200, ZD-18
and C-18) was never played to, its bounds (2 to 100,000) were tried for one
variant only, and no test called a rules class with a
positional option (every variant documents its options as keyword-only).
"""

from __future__ import annotations

from typing import Any

import pytest

import zank
from zank.core import Termination

from .positions import KINGS, play, position


@pytest.mark.parametrize("name", sorted(zank.VARIANTS))
def test_options_are_keyword_only(name: str) -> None:
    cls: Any = zank.VARIANTS[name]  # called with a positional option on purpose
    default = cls()
    first = next(iter(default.options))
    with pytest.raises(TypeError):
        cls(default.options[first])
    assert cls(**{first: default.options[first]}) == default


@pytest.mark.parametrize("name", ["zank-detailed", "crapette"])
def test_the_two_hundredth_turn_without_a_foundation_card_ends_the_game(name: str) -> None:
    rules = zank.variant(name)
    piles = {**KINGS, "p0.reserve": "3c", "p0.turned": "Jc"}
    end = play(rules, position(rules, piles, info=(0, 0, 199, 0, 0), turn=300), "t-d")
    assert end.outcome is not None
    assert end.outcome.reason is Termination.NO_PROGRESS
    goes_on = play(rules, position(rules, piles, info=(0, 0, 198, 0, 0), turn=300), "t-d")
    assert goes_on.outcome is None
    assert goes_on.info[2] == 199


NO_PROGRESS = sorted(n for n, cls in zank.VARIANTS.items() if "no_progress_turns" in cls().options)


def test_the_variants_with_a_no_progress_limit() -> None:
    assert NO_PROGRESS == ["crapette", "schikanieren", "zank", "zank-104", "zank-detailed"]


@pytest.mark.parametrize("name", NO_PROGRESS)
def test_no_progress_turns_runs_from_2_to_100000(name: str) -> None:
    for turns in (2, 100_000):
        assert zank.variant(name, no_progress_turns=turns).options["no_progress_turns"] == turns
    for turns in (1, 100_001):
        with pytest.raises(zank.OptionError) as info:
            zank.variant(name, no_progress_turns=turns)
        assert str(info.value) == (
            f"option 'no_progress_turns' of {name!r} must be from 2 to 100000, not {turns}"
        )
