"""A variant's greedy policy, loaded by the name its rules object declares
(:attr:`zank.core.Rules.greedy_policy`, ``"package.module:function"``).

This sits below the agents and the playouts, which both play the policy
(:func:`zank.agents.greedy_policy_of`, :meth:`zank.core.Rules.playouts`), so
that neither imports the other and nothing here imports the rules class.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from zank.errors import ZankError

if TYPE_CHECKING:
    from zank._values import Move, Observation
    from zank.core import Rules
    from zank.random import Rng

    Policy = Callable[[Rules, Observation, Sequence[Move], Rng], Move]

__all__ = ["load_policy"]

_loaded: dict[str, Any] = {}


def load_policy(rules: Rules) -> Policy | None:
    """The greedy policy that ``rules`` declares, imported on first use and kept;
    ``None`` when the variant declares none.

    Raises:
        ZankError: the declared policy cannot be imported or is not callable.
    """
    path = rules.greedy_policy
    if path is None:
        return None
    policy = _loaded.get(path)
    if policy is None:
        module_name, _, attr = path.partition(":")
        try:
            policy = getattr(importlib.import_module(module_name), attr)
        except (ImportError, AttributeError, ValueError) as e:
            raise ZankError(f"cannot load {rules.name}'s greedy policy {path!r}: {e}") from None
        if not callable(policy):
            raise ZankError(f"{rules.name}'s greedy policy {path!r} is not callable")
        _loaded[path] = policy
    result: Policy = policy
    return result
