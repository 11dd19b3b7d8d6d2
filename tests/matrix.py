"""The test matrix: every variant, option preset, table preset and seat count.

Tests that hold for every variant take their cases from here, so a new
variant, preset or seat count is tested everywhere by being registered.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest

import zank
from zank.agents import RandomAgent
from zank.core import Rules, State
from zank.play import GameRecord, play_game

from .golden.regenerate_lines import configurations
from .strategies import preset_id

__all__ = [
    "CASES",
    "TABLE_CASES",
    "case_id",
    "configurations",
    "finished_game",
    "is_table_preset",
]


def is_table_preset(rules: Rules) -> bool:
    """Whether ``rules`` are one of its variant's ``table_presets``."""
    table = getattr(zank.VARIANTS[rules.name], "table_presets", ())
    return any(zank.variant(rules.name, **dict(options)) == rules for options in table)


def case_id(rules: Rules, players: int) -> str:
    """A readable test id: ``name[option=value,...]-Np``."""
    return f"{preset_id(rules)}-{players}p"


def _cases(table: bool) -> list[Any]:
    out = []
    for name, options, players in configurations():
        rules = zank.variant(name, **options)
        if is_table_preset(rules) == table:
            out.append(pytest.param(rules, players, id=case_id(rules, players)))
    return out


#: (rules, players) of every variant's ``presets`` at every seat count.
CASES = _cases(table=False)
#: (rules, players) of every variant's ``table_presets`` at every seat count.
TABLE_CASES = _cases(table=True)


@functools.cache
def finished_game(rules: Rules, players: int, seed: int) -> tuple[GameRecord, State]:
    """The record and final state of the game dealt with ``seed`` between
    uniform random agents (``RandomAgent(10 * seed + seat)``), played to its end.

    Cached: the shared "every game ends" check and the variants' own checks of
    how games end look at the same games without playing them twice.
    """
    agents = [RandomAgent(10 * seed + p) for p in range(players)]
    return play_game(rules, agents, seed=seed, max_moves=1_000_000)
