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
