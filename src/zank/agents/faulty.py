"""Agents for table mode: one that makes faults, one that calls them.

>>> import zank
>>> from zank.agents import CallingAgent, FaultyRandomAgent
>>> rules = zank.variant("zank-detailed", table_mode=True)
>>> agents = [FaultyRandomAgent(0.2, seed=1), CallingAgent(FaultyRandomAgent(0.2, seed=2))]
>>> zank.play(rules, agents, seed=4).result is not None
True
"""

from __future__ import annotations

from collections.abc import Sequence

from zank.agents.base import Agent, RandomAgent
from zank.core import Move, Observation, Rules
from zank.family import faults
from zank.random import Rng, fresh_seed

__all__ = ["CallingAgent", "FaultyRandomAgent"]

_SCALE = 1 << 30


class FaultyRandomAgent:
    """A random player who makes faults: with probability ``p`` a fault (when
    one is possible), otherwise a correct move, each uniformly at random.

    In a call window it calls or lets the move pass at random, so it calls
    wrongly and misses faults too; in strict mode it is a uniform random agent
    (there are no faults to make).
    """

    def __init__(self, p: float, seed: int | None = None) -> None:
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"p must be a probability from 0 to 1, not {p!r}")
        self.p = p
        self._threshold = round(p * _SCALE)
        self._rng = Rng(fresh_seed() if seed is None else seed)

    def choose(self, rules: Rules, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        """A fault with probability ``p``, else a correct move (random among each)."""
        rng = self._rng
        bad = faults.fault_moves(rules, observation, legal_moves)
        if bad:
            if rng.below(_SCALE) < self._threshold:
                return bad[rng.below(len(bad))]
            good = [m for m in legal_moves if m not in bad]
            return good[rng.below(len(good))]
        return legal_moves[rng.below(len(legal_moves))]


class CallingAgent:
    """Wraps another agent and calls every fault it sees.

    In a call window it calls when the move under call broke a rule and lets
    it pass otherwise (it never calls wrongly); every other decision is the
    wrapped agent's (by default a uniform random agent).
    """

    def __init__(self, inner: Agent | None = None, seed: int | None = None) -> None:
        self.inner: Agent = RandomAgent(seed) if inner is None else inner

    def choose(self, rules: Rules, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        """The call in a window on a fault, ``let`` in one on a correct move,
        else the wrapped agent's choice."""
        if observation.phase == faults.CALL:
            want = faults.CALL_KIND if faults.pending_rule(rules, observation) else faults.LET_KIND
            for m in legal_moves:
                if m.kind == want:
                    return m
        return self.inner.choose(rules, observation, legal_moves)
