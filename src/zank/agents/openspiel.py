"""OpenSpiel's bots by agent name, loaded on first use (``pip install 'zank[openspiel]'``).

:data:`zank.simulate.AGENTS` names ``openspiel-ismcts`` (OpenSpiel's Python
``ISMCTSBot`` with its ``RandomRolloutEvaluator``) and
``openspiel-ismcts+zank`` (the same bot with
:class:`~zank.adapters.openspiel_bots.ZankLeafEvaluator`), each at
:data:`~zank.adapters.openspiel_bots.DEFAULT_SIMULATIONS` simulations a
decision (:func:`zank.adapters.openspiel_bots.ismcts_agent` takes other
budgets).  This module imports neither OpenSpiel nor numpy: the bots are
loaded when an agent is made, and without the ``openspiel`` extra that
raises :class:`~zank.errors.ZankError` saying what to install.
"""

from __future__ import annotations

import importlib.util

from zank.agents.base import Agent
from zank.errors import ZankError, quote

__all__ = ["INSTALL", "OPENSPIEL_AGENTS", "check_openspiel", "openspiel_agent"]

INSTALL = "pip install 'zank[openspiel]'"
"""What installs the OpenSpiel bots."""

OPENSPIEL_AGENTS = {"openspiel-ismcts": "random", "openspiel-ismcts+zank": "zank-leaf"}
"""The agent names of OpenSpiel's bots, each with the leaf evaluator of its
:func:`~zank.adapters.openspiel_bots.ismcts_agent`."""


def check_openspiel(name: str) -> None:
    """Refuse the agent ``name`` unless OpenSpiel (``pyspiel``) can be found.

    Raises:
        ZankError: ``pyspiel`` is not installed.
    """
    if importlib.util.find_spec("pyspiel") is None:
        raise ZankError(f"agent {quote(name, 40)} needs OpenSpiel: {INSTALL}")


def openspiel_agent(name: str, seed: int) -> Agent:
    """The agent of one of :data:`OPENSPIEL_AGENTS`, seeded.

    Raises:
        ZankError: an unknown name, or OpenSpiel is not installed (or fails to import).
    """
    evaluator = OPENSPIEL_AGENTS.get(name)
    if evaluator is None:
        raise ZankError(f"unknown OpenSpiel agent {quote(name, 40)}")
    check_openspiel(name)
    try:
        from zank.adapters import openspiel_bots
    except ImportError as e:
        raise ZankError(
            f"agent {quote(name, 40)} needs OpenSpiel ({INSTALL}): {quote(str(e), 60)}"
        ) from None
    simulations = openspiel_bots.DEFAULT_SIMULATIONS
    return openspiel_bots.ismcts_agent(seed, evaluator=evaluator, simulations=simulations)
