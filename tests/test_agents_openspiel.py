"""The OpenSpiel agent names without OpenSpiel: ``import zank`` and the agent
lookup import no ``pyspiel``, and making such an agent without the extra is a
:class:`~zank.errors.ZankError` that names ``pip install 'zank[openspiel]'``
(these tests run whether OpenSpiel is installed or not)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from typing import Any

import pytest

import zank
import zank.adapters
from zank.agents import openspiel as names
from zank.errors import ZankError
from zank.simulate import AGENTS, agent_factory, check_agents

INSTALL = "pip install 'zank[openspiel]'"


def test_importing_zank_and_its_agents_imports_no_openspiel() -> None:
    code = (
        "import sys, zank, zank.simulate, zank.cli, zank.agents.openspiel\n"
        "print(sorted(m for m in ('pyspiel', 'open_spiel', 'numpy') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


@pytest.fixture
def no_pyspiel(monkeypatch: pytest.MonkeyPatch) -> None:
    """OpenSpiel as if not installed."""
    real = importlib.util.find_spec

    def find_spec(name: str, *args: Any) -> Any:
        return None if name == "pyspiel" else real(name, *args)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)


@pytest.mark.usefixtures("no_pyspiel")
@pytest.mark.parametrize("name", ["openspiel-ismcts", "openspiel-ismcts+zank"])
def test_without_the_extra_a_name_says_what_to_install(name: str) -> None:
    assert name in AGENTS
    with pytest.raises(ZankError, match=re.escape(f"agent '{name}' needs OpenSpiel: ")) as info:
        agent_factory(name)(1)
    assert INSTALL in str(info.value)
    with pytest.raises(ZankError, match="needs OpenSpiel") as info:
        check_agents(zank.variant("spite-and-malice"), ["random", name])
    assert INSTALL in str(info.value)


def test_a_failing_import_is_a_zank_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found but not importable (a broken install): the same error, with the cause."""
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *args: object())
    monkeypatch.setitem(sys.modules, "zank.adapters.openspiel_bots", None)
    monkeypatch.delattr(zank.adapters, "openspiel_bots", raising=False)  # imported before
    with pytest.raises(ZankError, match="needs OpenSpiel") as info:
        names.openspiel_agent("openspiel-ismcts", 1)
    assert INSTALL in str(info.value)
    with pytest.raises(ZankError, match="unknown OpenSpiel agent"):
        names.openspiel_agent("openspiel-" + "x" * 300, 1)
