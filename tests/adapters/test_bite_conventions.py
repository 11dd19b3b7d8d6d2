"""The length bound the adapters keep from a rules object, at its edges (issue 38:
mutants of ``zank/adapters/conventions.py`` that the adapters' tests let live)."""

from __future__ import annotations

import pytest

import zank
from zank.adapters.conventions import (
    DEFAULT_MAX_PLIES,
    MAX_BOUND,
    default_max_plies,
    rules_max_plies,
    seat_returns,
)


class Bounded:
    """A rules object whose end rules prove ``bound`` moves (or none)."""

    def __init__(self, bound: int | None) -> None:
        self.bound = bound

    def max_plies(self, players: int) -> int | None:
        return self.bound


def test_the_largest_bound_kept_is_openspiels_int32() -> None:
    assert MAX_BOUND == 2_147_483_647
    assert rules_max_plies(Bounded(MAX_BOUND), 2) == MAX_BOUND
    assert rules_max_plies(Bounded(MAX_BOUND - 1), 2) == MAX_BOUND - 1
    assert rules_max_plies(Bounded(MAX_BOUND + 1), 2) is None
    assert default_max_plies(Bounded(MAX_BOUND + 1), 2) == DEFAULT_MAX_PLIES
    assert default_max_plies(Bounded(MAX_BOUND), 2) == MAX_BOUND


def test_openspiel_takes_the_largest_bound() -> None:
    zos = pytest.importorskip("zank.adapters.openspiel")
    game = zos.load_game(zank.variant("zank"), max_game_length=MAX_BOUND)
    assert game.max_game_length() == MAX_BOUND


@pytest.mark.parametrize(("bound", "kept"), [(1, 1), (2, 2), (0, None), (-1, None), (-5, None)])
def test_a_bound_is_kept_only_when_positive(bound: int, kept: int | None) -> None:
    assert rules_max_plies(Bounded(bound), 3) == kept
    assert default_max_plies(Bounded(bound), 3) == (DEFAULT_MAX_PLIES if kept is None else kept)


def test_no_bound_gives_the_default_budget() -> None:
    assert rules_max_plies(Bounded(None), 2) is None
    assert default_max_plies(Bounded(None), 2) == DEFAULT_MAX_PLIES == 100_000


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_returns_are_zero_sum(players: int) -> None:
    for winner in range(players):
        returns = seat_returns(winner, players)
        assert returns[winner] == 1.0
        assert sorted(returns)[:-1] == [-1.0 / (players - 1)] * (players - 1)
        assert sum(returns) == pytest.approx(0.0)
    assert seat_returns(None, players) == [0.0] * players
