"""The agent protocol and the agents that every variant shares."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from zank._policy import load_policy
from zank.core import Move, Observation, Rules
from zank.errors import ZankError
from zank.random import Rng, fresh_seed
from zank.registry import VARIANTS

__all__ = [
    "Agent",
    "FirstMoveAgent",
    "GreedyAgent",
    "Policy",
    "RandomAgent",
    "best_move",
    "greedy_policy_of",
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


def best_move(moves: Sequence[Move], score: Callable[[Move], float], rng: Rng) -> Move:
    """The move of ``moves`` that ``score`` rates highest; a tie is broken at
    random by ``rng`` (one draw, and none without a tie), the loop of every
    greedy policy.

    >>> import zank
    >>> from zank.agents.base import best_move
    >>> from zank.random import Rng
    >>> rules = zank.variant("spite-and-malice")
    >>> moves = rules.legal_moves(rules.new_game(seed=7))
    >>> best_move(moves, lambda m: "-b" in m.text, Rng(1)).text  # onto a build pile
    'a-b1'
    """
    best: list[Move] = []
    top = 0.0
    for m in moves:
        value = score(m)
        if not best or value > top:
            top, best = value, [m]
        elif value == top:
            best.append(m)
    return best[rng.below(len(best))] if len(best) > 1 else best[0]


def greedy_policy_of(rules: Rules) -> Policy:
    """The greedy policy of ``rules``' variant, the function that its
    :attr:`~zank.core.Rules.greedy_policy` names (imported on first use).

    >>> import zank
    >>> from zank.agents import greedy_policy_of
    >>> greedy_policy_of(zank.variant("spite-and-malice")).__name__
    'spite_and_malice_greedy'

    Raises:
        ZankError: the variant declares no greedy policy, or the one it
            declares cannot be imported.
    """
    policy = load_policy(rules)
    if policy is None:
        have = sorted(name for name, cls in VARIANTS.items() if cls.greedy_policy is not None)
        raise ZankError(
            f"no greedy agent for {rules.name}: it declares no greedy policy "
            f"(variants with one: {', '.join(have) or 'none'})"
        )
    return policy


class GreedyAgent:
    """Plays the heuristic policy that the variant declares
    (:attr:`~zank.core.Rules.greedy_policy`, see :func:`greedy_policy_of`).

    Each variant's policy is documented with its rules; ties are broken at
    random, reproducibly from ``seed``.
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = Rng(fresh_seed() if seed is None else seed)

    def choose(self, rules: Rules, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        """The variant's greedy choice.

        Raises:
            ZankError: the variant has no greedy policy.
        """
        return greedy_policy_of(rules)(rules, observation, legal_moves, self._rng)
