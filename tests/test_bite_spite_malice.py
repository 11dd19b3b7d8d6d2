"""Spite and Malice: the kernel's working position against the per-move API.

Found by mutation testing (issue 38, eleventh campaign, seed 41): the kernel's
``_kernel_play`` could leave the working position's ``ply`` where it was
(``w.ply += 0``) without a failing test. The position then keeps handing out
the state it was made from (:meth:`zank.working.Working.state` rebuilds only
when ``ply`` changed), so a playout's final state would be its first. These
tests play games through the kernel (``Rules.playouts``) and replay their moves
with ``apply``: the final state, its ``ply`` and the greedy policy's view of
each position must be the per-move API's.
"""

from __future__ import annotations

import pytest

import zank
from zank.core import State
from zank.spite_malice import SpiteAndMalice
from zank.working import Working

PRESETS = [SpiteAndMalice(**options) for options in SpiteAndMalice.presets]


def _replayed(rules: SpiteAndMalice, state: State, moves: tuple[zank.Move, ...]) -> State:
    for move in moves:
        state = rules.apply(state, move)
    return state


@pytest.mark.parametrize("rules", PRESETS, ids=[f"preset{i}" for i in range(len(PRESETS))])
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_a_kernel_playout_ends_in_the_state_its_moves_give(
    rules: SpiteAndMalice, policy: str
) -> None:
    start = rules.new_game(seed=3)
    runs = rules.playouts(
        start, 2, policy=policy, seed=11, max_moves=80, keep_moves=True, keep_finals=True
    )
    assert runs.moves is not None
    assert runs.finals is not None
    for moves, final, length in zip(runs.moves, runs.finals, runs.lengths, strict=True):
        assert len(moves) == length > 0
        assert final == _replayed(rules, start, moves)
        assert final.ply == start.ply + length


def test_each_kernel_move_adds_one_ply_and_the_working_state_follows() -> None:
    rules = PRESETS[0]
    state = rules.new_game(seed=5)
    w = Working(state)
    for k in range(1, 41):
        move = rules._kernel_moves(w)[0]
        rules._kernel_play(w, move)
        state = rules.apply(state, move)
        assert w.ply == state.ply == k
        assert w.state() == state
        if state.outcome is not None:
            break
