"""``benchmarks/openspiel_ladder.py``: OpenSpiel's ISMCTSBot as a ladder entrant
(issue 33), played in OpenSpiel's loop through the adapter's public API."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

import zank

from ..scripts import BENCHMARKS, load_script

np = pytest.importorskip("numpy")
pytest.importorskip("pyspiel")
pytest.importorskip("open_spiel.python.algorithms.ismcts")

SCRIPT = BENCHMARKS / "openspiel_ladder.py"


@pytest.fixture(scope="module")
def script() -> ModuleType:
    return load_script(SCRIPT, "zank_openspiel_ladder")


def test_the_bots_and_a_zank_agent_play_a_rated_round_robin(
    script: ModuleType, tmp_path: Path
) -> None:
    rules = zank.variant("spite-and-malice", pay_off_size=1)
    names = ["greedy", "openspiel-ismcts", "openspiel-ismcts+zank"]
    lines: list[str] = []
    out = script.ladder(rules, names, games=2, seed=3, simulations=3, log=lines.append)
    assert [row["agent"] for row in out["rows"]] == names
    assert out["rows"][0]["rating"] == 0.0
    for row in out["rows"]:
        assert row["low"] <= row["rating"] <= row["high"]
        assert row["decisions"] > 0
    assert len(out["pairs"]) == 3
    assert all(sum(pair[2:]) == 2 for pair in out["pairs"])
    assert len(lines) == 6
    again = script.ladder(rules, names, games=2, seed=3, simulations=3, log=lambda _: None)
    assert again["pairs"] == out["pairs"]  # seeded: the same games
    saved = tmp_path / "ladder.jsonl"
    saved.write_text(json.dumps({**out, "seconds": 1.0, "build": "pure Python"}) + "\n")
    table = script.report(str(saved))
    assert "| `greedy` | 0 | [0, 0] |" in table
    assert "| `greedy` – `openspiel-ismcts` |" in table


def test_the_zank_evaluator_scores_a_won_world_for_its_winner(script: ModuleType) -> None:
    from zank.adapters.openspiel import load_game

    rules = zank.variant("spite-and-malice", pay_off_size=1)
    game = load_game(rules, 2)
    evaluator = script.ZankLeafEvaluator(rules, 2, np.random.RandomState(1))
    state = game.new_initial_state()
    values = []
    rng = np.random.RandomState(2)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            values.append(evaluator.evaluate(state))
            state.apply_action(state.legal_actions()[0])
    assert all(-1.0 <= v <= 1.0 for value in values for v in value)
    assert list(evaluator.evaluate(state)) == list(state.returns())
