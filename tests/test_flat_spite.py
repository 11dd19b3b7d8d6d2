"""``benchmarks/flat_spite.py``: the flat-position prototype of issue 31 plays the
engine's games (its figures in ``benchmarks/RESULTS.md`` rest on that)."""

from __future__ import annotations

from types import ModuleType

import pytest

import zank
from zank.random import Rng

from .scripts import BENCHMARKS, load_script


@pytest.fixture(scope="module")
def flat() -> ModuleType:
    return load_script(BENCHMARKS / "flat_spite.py", "zank_flat_spite")


def test_the_prototype_lists_and_plays_the_engines_moves(flat: ModuleType) -> None:
    flat.check(12)  # every move list, position, turn, generator state and result


def test_the_buffer_holds_a_states_piles(flat: ModuleType) -> None:
    rules = zank.variant("spite-and-malice")
    state = rules.new_game(seed=4)
    assert flat.decode(flat.encode(state.piles)) == state.piles


@pytest.mark.parametrize("seed", range(6))
def test_a_random_playout_is_the_engines(flat: ModuleType, seed: int) -> None:
    rules = zank.variant("spite-and-malice")
    state = rules.new_game(seed=seed)
    want = rules.playouts(state, 1, seed=seed)
    result = want.results[0]
    assert result is not None
    winner = -1 if result.winner is None else result.winner
    assert flat.random_playout(rules, state, seed) == (want.lengths[0], winner)
    assert flat.random_playout_moves(rules, state, seed) == (want.lengths[0], winner)


def test_the_api_game_makes_the_engines_moves(flat: ModuleType) -> None:
    rules = zank.variant("spite-and-malice")
    for seed in range(4):
        state = rules.new_game(seed=seed)
        rng, n = Rng(seed + 1), 0
        while (legal := rules.legal_moves(state)) != ():
            state = rules.apply(state, legal[rng.below(len(legal))])
            n += 1
        assert flat.api_game(rules, rules.new_game(seed=seed), seed) == n
        assert flat.api_game_moves(rules, rules.new_game(seed=seed), seed) == n


def test_the_comparison_runs(flat: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    flat.versus(2, 1)
    out = capsys.readouterr().out
    assert "API kernel flat / engine" in out
    assert "playouts flat / engine" in out
