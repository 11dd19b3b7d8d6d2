"""``benchmarks/perfect_info.py``: the true-state search, the bound of issue 33."""

from __future__ import annotations

from types import ModuleType

import pytest

import zank

from .scripts import BENCHMARKS, load_script


@pytest.fixture(scope="module")
def bound() -> ModuleType:
    return load_script(BENCHMARKS / "perfect_info.py", "zank_perfect_info")


def _first_choice(rules: zank.Rules, seed: int) -> zank.State:
    state = rules.new_game(seed=seed)
    while len(rules.legal_moves(state)) < 2:
        state = rules.apply(state, rules.legal_moves(state)[0])
    return state


def test_the_true_state_search_is_reproducible_and_legal(bound: ModuleType) -> None:
    rules = zank.variant("zank-detailed")
    state = _first_choice(rules, 5)
    legal = rules.legal_moves(state)
    picks = [
        bound.TrueStateSearch(3, iterations=12, max_moves=4).choose_state(rules, state, legal)
        for _ in range(2)
    ]
    assert picks[0] == picks[1]
    assert picks[0] in legal


def test_the_duel_counts_every_game_and_the_decisions(bound: ModuleType) -> None:
    rules = zank.variant("spite-and-malice", pay_off_size=2)
    out = bound.duel(rules, 2, 40, 4, 2, 0.0)
    assert out["wins"] + out["losses"] + out["draws"] == 2
    assert 0 <= out["differ_from_greedy"] <= out["with_choice"] <= out["decisions"]
    assert out["time_a"]["max_ms"] >= out["time_a"]["mean_ms"] > 0


def test_a_level_given_the_truth_searches_the_true_state_only(bound: ModuleType) -> None:
    rules = zank.variant("spite-and-malice", pay_off_size=5)
    state = _first_choice(rules, 3)
    legal = rules.legal_moves(state)
    worlds: list[zank.State] = []

    class Spy(bound.TrueWorldLevel):  # type: ignore[name-defined,misc]
        def _world(self, rules: zank.Rules, observation: zank.Observation, seed: int) -> zank.State:
            world: zank.State = super()._world(rules, observation, seed)
            worlds.append(world)
            return world

    picks = [Spy.level("hard", 7).choose_state(rules, state, legal) for _ in range(2)]
    assert picks[0] == picks[1]
    assert picks[0] in legal
    assert worlds
    assert all(w is state for w in worlds)


def test_the_duel_of_a_level_counts_every_game(bound: ModuleType) -> None:
    rules = zank.variant("spite-and-malice", pay_off_size=2)
    out = bound.duel(rules, 2, 40, 0, 0, 0.0, "search:easy")
    assert out["a"] == "search:easy given the true state"
    assert out["wins"] + out["losses"] + out["draws"] == 2
    assert 0 <= out["differ_from_greedy"] <= out["with_choice"] <= out["decisions"]


def test_a_level_given_the_hands_knows_them_and_nothing_else(bound: ModuleType) -> None:
    rules = zank.variant("spite-and-malice")
    state = _first_choice(rules, 11)
    me = state.to_move
    assert me is not None
    observation = rules.observe(state, me)
    agent = bound.HandsKnownLevel.level("hard", 5)
    agent._truth = state
    hand = rules.pile_index(state.players, f"p{1 - me}.hand")
    draw = rules.pile_index(state.players, "draw")
    worlds = [agent._world(rules, observation, seed) for seed in range(4)]
    for world in worlds:
        assert world.piles[hand] == state.piles[hand]
        assert rules.observe(world, me) == observation
        assert sorted(c for p in world.piles for c in p) == sorted(
            c for p in state.piles for c in p
        )
    assert any(w.piles[draw] != state.piles[draw] for w in worlds)
    assert any(
        rules.sample_state(observation, seed=s).piles[hand] != state.piles[hand] for s in range(4)
    )


def test_known_hands_needs_a_level(bound: ModuleType) -> None:
    with pytest.raises(SystemExit):
        bound.main(["spite-and-malice", "--known", "hands", "--games", "0"])


def test_the_duel_reports_every_move_other_than_greedys(bound: ModuleType) -> None:
    rules = zank.variant("spite-and-malice", pay_off_size=2)
    seen: list[tuple[zank.Move, zank.Move]] = []
    out = bound.duel(
        rules, 2, 40, 0, 0, 0.0, "search:easy", differs=lambda s, m, g: seen.append((m, g))
    )
    assert len(seen) == out["differ_from_greedy"] > 0
    assert all(move != greedy for move, greedy in seen)
