"""``zank.playouts``: the counts of :class:`~zank.playouts.Playouts` and the
refusals of a policy list.  Written for the mutation campaign of
``zank.playouts`` (issue 38)."""

from __future__ import annotations

import pytest

import zank
from zank.core import Result, Termination
from zank.errors import OptionError
from zank.playouts import Playouts

WON = Termination.WENT_OUT


def test_wins_count_the_games_each_seat_won() -> None:
    results = (
        Result(0, (1, 0, 0), WON),
        None,
        Result(2, (0, 0, 1), WON),
        Result(0, (1, 0, 0), WON),
        Result(None, (0, 0, 0), Termination.BLOCKED),
    )
    out = Playouts(results=results, lengths=(1, 2, 3, 4, 5), turns=(1, 1, 2, 2, 3))
    assert [out.wins(seat) for seat in range(3)] == [2, 0, 1]
    assert out.total_moves == 15


@pytest.mark.parametrize("policy", [["random"], ["random", "greedy", "random"], 5, None])
def test_a_policy_list_gives_one_policy_per_seat(policy: object) -> None:
    rules = zank.variant("zank")
    with pytest.raises(OptionError) as info:
        rules.playouts(rules.new_game(seed=1), 1, seed=0, policy=policy)  # type: ignore[arg-type]
    assert str(info.value) == (
        "policy must be one of random, greedy or a sequence of them, one per seat (2), "
        f"not {policy!r}"
    )


def test_an_unknown_policy_in_a_list_is_named() -> None:
    """Names are compared whole: "x" (which sorts after "random") is no policy."""
    rules = zank.variant("zank")
    for name in ("x", "randomly", "Random"):
        with pytest.raises(OptionError) as info:
            rules.playouts(rules.new_game(seed=1), 1, seed=0, policy=["random", name])
        assert str(info.value) == f"unknown policy {name!r}; the policies: random, greedy"


@pytest.mark.parametrize("policy", ["greedy", ["random", "greedy"]])
@pytest.mark.parametrize("limit", [0, 1, 5])
def test_max_moves_stops_a_game_with_a_greedy_seat(policy: object, limit: int) -> None:
    """A greedy seat plays through states (not the compact kernel): the move
    limit holds there too, and a game it stops has no result."""
    rules = zank.variant("zank")
    state = rules.new_game(seed=3)
    out = rules.playouts(state, 2, seed=1, policy=policy, max_moves=limit, keep_finals=True)  # type: ignore[arg-type]
    assert out.lengths == (limit, limit)
    assert out.results == (None, None)
    assert out.finals is not None
    assert [s.ply - state.ply for s in out.finals] == [limit, limit]
