"""The test matrix: every variant, option preset, table preset and seat count.

Tests that hold for every variant take their cases from here, so a new
variant, preset or seat count is tested everywhere by being registered.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest

import zank
from zank.core import Rules, State
from zank.play import GameRecord
from zank.random import Rng

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


#: No game comes near this many moves; the bound only stops a runaway game.
MAX_MOVES = 1_000_000


@functools.cache
def finished_game(rules: Rules, players: int, seed: int) -> tuple[GameRecord, State]:
    """The record and final state of the game dealt with ``seed``, each move
    drawn uniformly from the legal moves (by ``Rng(10 * seed + 7)``), played to
    its end or to :data:`MAX_MOVES` (then the record has no result).

    Cached: the shared "every game ends" check and the variants' own checks of
    how games end look at the same games without playing them twice.
    """
    state = rules.new_game(seed=seed, players=players)
    rng = Rng(10 * seed + 7)
    moves: list[str] = []
    while state.outcome is None and len(moves) < MAX_MOVES:
        legal = rules.legal_moves(state)
        assert legal, f"seed {seed}, ply {state.ply}: a running game without legal moves"
        move = legal[rng.below(len(legal))]
        state = rules.apply(state, move)
        moves.append(move.text)
    record = GameRecord(rules.name, rules.options, seed, players, tuple(moves), state.outcome)
    return record, state
