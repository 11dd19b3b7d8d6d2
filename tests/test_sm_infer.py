"""``benchmarks/sm_infer.py``: worlds in which the opponent's hand agrees with a greedy
discard (issue 33)."""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType

import pytest

import zank
from zank.agents import GreedyAgent
from zank.cards import IS_JOKER, KING, RANK
from zank.core import Move, Observation, Rules, State
from zank.spite_malice import SpiteAndMalice

from .scripts import BENCHMARKS, load_script


@pytest.fixture(scope="module")
def infer() -> ModuleType:
    return load_script(BENCHMARKS / "sm_infer.py", "zank_sm_infer")


def _natural(card: int) -> bool:
    return RANK[card] != KING and not IS_JOKER[card]


def test_a_greedy_opponent_never_holds_a_forbidden_rank(infer: ModuleType) -> None:
    # the reading the worlds rest on, checked against the true hands of greedy games
    rules = zank.variant("spite-and-malice")
    starts = forbidden = 0
    for seed in range(4):
        state = rules.new_game(seed=seed)
        agents = [GreedyAgent(seed), GreedyAgent(seed + 99)]
        last = 0
        while state.outcome is None:
            p = state.to_move
            assert p is not None
            observation = rules.observe(state, p)
            if state.turn != last and state.turn >= 2:
                ranks = infer.forbidden_ranks(rules, observation)
                forbidden += len(ranks)
                hand = state.piles[rules._seat_base(1 - p) + 1]
                assert not [c for c in hand if _natural(c) and RANK[c] in ranks]
                starts += 1
            last = state.turn
            move = agents[p].choose(rules, observation, rules.legal_moves(state))
            state = rules.apply(state, move)
    assert starts > 100
    assert forbidden > starts  # the constraint says something at most turn starts


def test_the_worlds_keep_the_observation_and_leave_out_the_forbidden_ranks(
    infer: ModuleType,
) -> None:
    class Checking(infer.InferringSearch):  # type: ignore[misc, name-defined]
        def _world(self, rules: Rules, observation: Observation, seed: int) -> State:
            world: State = super()._world(rules, observation, seed)
            assert rules.observe(world, observation.player) == observation
            if self._forbidden and len(self._deal[2]) >= self._deal[3]:
                assert isinstance(rules, SpiteAndMalice)
                hand = world.piles[rules._seat_base(1 - observation.player) + 1]
                assert not [c for c in hand if _natural(c) and RANK[c] in self._forbidden]
            return world

        def choose(
            self, rules: Rules, observation: Observation, legal_moves: Sequence[Move]
        ) -> Move:
            return super().choose(rules, observation, legal_moves)  # type: ignore[no-any-return]

    rules = zank.variant("spite-and-malice")
    agent = Checking(5, iterations=24, method="halving", turns=1, max_moves=10)
    record = zank.play(rules, [agent, GreedyAgent(3)], seed=4, max_moves=150)
    assert record.moves
    assert agent.inferred > 0


def test_other_variants_and_seat_counts_deal_as_the_search_does(infer: ModuleType) -> None:
    for name, players in (("zank-detailed", 2), ("spite-and-malice", 3)):
        rules = zank.variant(name)
        agent = infer.InferringSearch(1, iterations=8, max_moves=5)
        plain = zank.agents.SearchAgent(1, iterations=8, max_moves=5)
        state = rules.new_game(players=players, seed=2)
        for _ in range(40):
            if state.outcome is not None:
                break
            p = state.to_move
            assert p is not None
            observation = rules.observe(state, p)
            legal = rules.legal_moves(state)
            move = agent.choose(rules, observation, legal)
            assert move == plain.choose(rules, observation, legal)
            state = rules.apply(state, move)
        assert agent.inferred == 0
