"""The greedy policy of crapette (Russian Bank).

Crapette is the family's reserve-and-hand-pile game, so the policy scores the
moves as zank-detailed's does (:func:`zank.family.greedy_detailed.move_score`, through
:func:`zank.agents.base.best_move`:
the reserve first, load the opponent, fill gaps from the reserve, no idle
shuffling between houses, turn the hand card last).  In a call window of
table mode (C-22) it calls "Crapette!" exactly when the move under call broke
a compulsory move, and lets a correct move pass.

Importing this module registers nothing: :class:`~zank.agents.GreedyAgent`
finds the policy through :attr:`Crapette.greedy_policy
<zank.family.crapette.Crapette.greedy_policy>`.

>>> import zank
>>> from zank.agents import GreedyAgent, RandomAgent
>>> record = zank.play(zank.variant("crapette"), [GreedyAgent(1), RandomAgent(2)], seed=3)
>>> record.result is not None
True
"""

from __future__ import annotations

from collections.abc import Sequence

from zank.agents.base import best_move
from zank.core import Move, Observation, Rules
from zank.family import faults
from zank.family.crapette import Crapette
from zank.family.greedy_detailed import move_score
from zank.random import Rng

__all__ = ["crapette_policy"]


def crapette_policy(
    rules: Rules, observation: Observation, legal_moves: Sequence[Move], rng: Rng
) -> Move:
    """The greedy choice among ``legal_moves`` (ties at random from ``rng``)."""
    assert isinstance(rules, Crapette)
    if observation.phase == faults.CALL:
        call = faults.pending_rule(rules, observation) is not None
        kind = faults.CALL_KIND if call else faults.LET_KIND
        for m in legal_moves:
            if m.kind == kind:
                return m
    return best_move(legal_moves, lambda m: move_score(rules, observation, m), rng)
