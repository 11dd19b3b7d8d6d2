"""The agent protocol and the agents that every variant shares."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Protocol, runtime_checkable

from zank.core import Move, Observation, Rules
from zank.errors import ZankError
from zank.random import Rng, fresh_seed

__all__ = [
    "Agent",
    "FirstMoveAgent",
    "GreedyAgent",
    "Policy",
    "RandomAgent",
    "greedy_policies",
    "register_greedy",
]


@runtime_checkable
class Agent(Protocol):
    """The agent protocol: pick one of ``legal_moves`` from what the player sees."""

    def choose(self, rules: Rules, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        """Return one of ``legal_moves``."""
        ...


class RandomAgent:
    """Picks a legal move uniformly at random, reproducibly from ``seed``."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = Rng(fresh_seed() if seed is None else seed)

    def choose(self, rules: Rules, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        """A uniformly random legal move."""
        return legal_moves[self._rng.below(len(legal_moves))]


class FirstMoveAgent:
    """Always plays the first legal move (deterministic; useful in tests)."""

    def choose(self, rules: Rules, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        """The first legal move."""
        return legal_moves[0]


#: A greedy policy: ``policy(rules, observation, legal_moves, rng) -> move``.
Policy = Callable[[Rules, Observation, Sequence[Move], Rng], Move]

_policies: dict[str, Policy] = {}
#: Read-only mapping from variant name to its greedy policy.
greedy_policies: Mapping[str, Policy] = MappingProxyType(_policies)


def register_greedy(variant: str) -> Callable[[Policy], Policy]:
    """Decorator: register the greedy policy of a variant."""

    def deco(policy: Policy) -> Policy:
        _policies[variant] = policy
        return policy

    return deco


class GreedyAgent:
    """Plays the heuristic policy that the variant registered.

    Each variant's policy is documented with its rules; ties are broken at
    random, reproducibly from ``seed``.
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = Rng(fresh_seed() if seed is None else seed)

    def choose(self, rules: Rules, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        """The variant's greedy choice."""
        from zank.agents import _policies as _loaded  # noqa: F401  (registers the policies)

        policy = _policies.get(rules.name)
        if policy is None:
            raise ZankError(f"no greedy policy is registered for {rules.name}")
        return policy(rules, observation, legal_moves, self._rng)
