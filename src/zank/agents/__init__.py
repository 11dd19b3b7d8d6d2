"""Agents: anything with ``choose(rules, observation, legal_moves) -> move``.

Agents see only an :class:`~zank.core.Observation`, never the full state.

>>> import zank
>>> from zank.agents import RandomAgent, GreedyAgent
>>> record = zank.play(zank.variant("spite-and-malice"), [GreedyAgent(), RandomAgent(1)], seed=5)
>>> record.result is not None
True
"""

from __future__ import annotations

from zank.agents.base import (
    Agent,
    FirstMoveAgent,
    GreedyAgent,
    Policy,
    RandomAgent,
    greedy_policy_of,
)
from zank.agents.faulty import CallingAgent, FaultyRandomAgent
from zank.agents.search import Evaluation, SearchAgent

__all__ = [
    "Agent",
    "CallingAgent",
    "Evaluation",
    "FaultyRandomAgent",
    "FirstMoveAgent",
    "GreedyAgent",
    "Policy",
    "RandomAgent",
    "SearchAgent",
    "greedy_policy_of",
]
