"""The family's greedy policy (zank-detailed)."""

from __future__ import annotations

import zank
from zank.agents import Agent, GreedyAgent, RandomAgent
from zank.family import greedy_detailed
from zank.family.detailed import ZankDetailed

from .positions import KINGS, position


def test_greedy_beats_random_nearly_always() -> None:
    assert greedy_detailed.detailed_policy is not None  # importing registered it
    rules = zank.variant("zank-detailed")
    wins = 0
    for seed in range(60):
        g = seed % 2
        agents: list[Agent] = [RandomAgent(seed + 7), RandomAgent(seed + 7)]
        agents[g] = GreedyAgent(seed)
        result = zank.play(rules, agents, seed=seed).result
        assert result is not None
        wins += result.winner == g
    assert wins >= 54


def test_greedy_plays_the_reserve_first_and_packs_the_opponent() -> None:
    rules = zank.variant("zank-detailed")
    assert isinstance(rules, ZankDetailed)
    state = position(
        rules,
        {**KINGS, "h1": "Kc Qh", "p0.reserve": "3c Jc", "p0.turned": "Js", "p1.discard": "Th:1"},
    )
    obs = rules.observe(state, 0)
    legal = rules.legal_moves(state)
    scores = {m.text: greedy_detailed.move_score(rules, obs, m) for m in legal}
    assert max(scores, key=lambda t: scores[t]) == "r-h1"
    assert scores["t-d"] < scores["t-h1"]
    state = position(rules, {**KINGS, "p0.reserve": "3c", "p0.turned": "9h", "p1.discard": "Th:1"})
    move = GreedyAgent(1).choose(rules, rules.observe(state, 0), rules.legal_moves(state))
    assert move.text == "t-od"
