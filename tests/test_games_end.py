"""Every random game ends by the rules, in every variant, preset and seat count.

Seeded games of every configuration of the test matrix (``tests/matrix.py``:
``presets`` and ``table_presets``, every seat count) are played to their end,
each move drawn uniformly from the legal moves.  Each game must reach a
result well inside the bound (the bound only detects a runaway game), its
final state must be valid and terminal, and its record must survive JSON and
replay to the same final state.
The variants' own tests check their scoring on the same games
(:func:`tests.matrix.finished_game`).
"""

from __future__ import annotations

import pytest

import zank
from zank.core import Rules, Termination

from .matrix import CASES, TABLE_CASES, finished_game

#: Games per configuration: strict presets, and the slower table presets.
GAMES = 8
TABLE_GAMES = 3


def check_game(rules: Rules, players: int, seed: int) -> None:
    """Play (or take from the cache) one game and check how it ended."""
    record, final = finished_game(rules, players, seed)
    result = record.result
    assert result is not None, f"seed {seed} did not end in a million moves"
    assert final.outcome == result == rules.result(final)
    assert final.to_move is None
    assert rules.legal_moves(final) == ()
    rules.validate(final)
    assert len(result.points) == players
    assert result.winner is None or 0 <= result.winner < players
    if result.reason is Termination.WENT_OUT:
        assert result.winner is not None, f"seed {seed}: went out without a winner"
    again = zank.GameRecord.loads(record.dumps())
    assert again == record
    states = list(zank.replay(again))
    assert len(states) == len(record.moves) + 1
    assert states[-1] == final


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "players"), CASES)
def test_random_games_end_by_the_rules(rules: Rules, players: int) -> None:
    for seed in range(GAMES):
        check_game(rules, players, seed)


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "players"), TABLE_CASES)
def test_random_table_mode_games_end_by_the_rules(rules: Rules, players: int) -> None:
    """Random play calls and lets pass at random (wrongly too, with every-move
    windows); the games still end and replay exactly."""
    for seed in range(TABLE_GAMES):
        check_game(rules, players, seed)
