"""``benchmarks/tune_weights.py``: the self-play tuning of the leaf evaluation (issue 33)."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

import zank
from zank.agents import SearchAgent

from .scripts import BENCHMARKS, load_script


def _load(name: str) -> ModuleType:
    return load_script(BENCHMARKS / f"{name}.py", f"zank_{name}")


@pytest.fixture(scope="module")
def tune() -> ModuleType:
    return _load("tune_weights")


def test_a_candidate_is_a_search_agent_with_its_leaf_settings(tune: ModuleType) -> None:
    rules = zank.variant("zank-detailed")
    settings = {**tune.defaults(rules), "w.reserve": 2.5, "scale": 8.0}
    name = tune.agent_name(settings, 6, 3)
    agent = _load("search_strength").factory(name)(1)
    assert isinstance(agent, SearchAgent)
    assert (agent.iterations, agent.max_moves, agent.scale) == (6, 3, 8.0)
    assert agent.weights is not None
    assert agent.weights["reserve"] == 2.5
    assert agent.weights["hand"] == 1.0


def test_tuning_plays_each_trial_and_keeps_the_defaults_without_a_shown_gain(
    tune: ModuleType, tmp_path: Path
) -> None:
    rules = zank.variant("spite-and-malice", pay_off_size=2)
    out = tmp_path / "tuning.jsonl"
    tuned = tune.tune(rules, {"scale": [2.0, 4.0]}, 2, 5, 2, 2, accept=0.99, out=str(out))
    assert tuned == tune.defaults(rules)  # nothing clears a 99 % bar in two games
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["param"], r["value"], r["games"]) for r in rows] == [("scale", 2.0, 2)]
    assert rows[0]["wins"] + rows[0]["losses"] + rows[0]["draws"] == 2
    assert "| `spite-and-malice` | `scale` | 2.0 | 4.0 | 2 |" in tune.report(str(out))
