"""``benchmarks/memory_bound.py``: the search with the talons turned over known (issue 33)."""

from __future__ import annotations

from types import ModuleType

import pytest

import zank
from zank.agents import GreedyAgent

from .scripts import BENCHMARKS, load_script


@pytest.fixture(scope="module")
def bound() -> ModuleType:
    return load_script(BENCHMARKS / "memory_bound.py", "zank_memory_bound")


def _after_turnovers(
    bound: ModuleType, rules: zank.Rules, seed: int
) -> tuple[zank.State, int, list[int]]:
    """The first position of greedy play with a choice after both talons were
    turned over (its true state, the seat to move), and those talons."""
    talon = [bound.seat_pile(rules, 2, q, bound.TALON) for q in range(2)]
    second = [bound.seat_pile(rules, 2, q, bound.SECOND_TALON) for q in range(2)]
    turned = [bound.seat_pile(rules, 2, q, "turned") for q in range(2)]
    agents = [GreedyAgent(seed), GreedyAgent(seed + 1)]
    state = rules.new_game(seed=seed)
    known = [False, False]
    while True:
        p = state.to_move
        assert p is not None
        legal = rules.legal_moves(state)
        if all(known) and len(legal) > 1:
            return state, p, talon
        move = agents[p].choose(rules, rules.observe(state, p), legal)
        after = rules.apply(state, move)
        known[p] |= bound.check_talons(state, after, move, p, talon, second, turned)
        state = after


def test_remembered_worlds_keep_the_observation_and_the_true_talons(bound: ModuleType) -> None:
    rules = zank.variant("zank-104")
    truth, me, talons = _after_turnovers(bound, rules, 11000)
    observation = rules.observe(truth, me)
    assert all(truth.piles[i] for i in talons)
    for seed in range(20):
        world = bound.remember(
            rules, observation, rules.sample_state(observation, seed=seed), truth, talons
        )
        assert rules.observe(world, me) == observation
        rules.validate(world)
        assert all(world.piles[i] == truth.piles[i] for i in talons)


def test_without_talons_the_search_is_the_package_search(bound: ModuleType) -> None:
    rules = zank.variant("zank-104")
    truth, me, _ = _after_turnovers(bound, rules, 11001)
    observation = rules.observe(truth, me)
    legal = rules.legal_moves(truth)
    mine = bound.MemorySearch(3, iterations=12, max_moves=4, prior=0.0)
    theirs = zank.agents.SearchAgent(3, iterations=12, max_moves=4, prior=0.0)
    for _ in range(3):
        assert mine.choose_remembering(rules, observation, legal, truth, []) == theirs.choose(
            rules, observation, legal
        )
