"""The shared checks of ``zank._invariants`` at the top of their bounds.

Found by mutation testing (issue 25, third campaign): the outcome's points were
tried only at the lower bound and above the upper one, so ``p <= 2**53 - 1``
could become ``p < 2**53 - 1`` unnoticed.
"""

from __future__ import annotations

import attrs
import pytest

import zank
from zank._invariants import check_outcome
from zank.core import MAX_STATE_INT, Result, Termination

STATE = zank.variant("spite-and-malice").new_game(seed=5)


@pytest.mark.parametrize("points", [(MAX_STATE_INT, 0), (0, MAX_STATE_INT)])
def test_points_of_2_to_the_53_minus_1_pass_the_shared_checks(
    points: tuple[int, int],
) -> None:
    # the shared check passes; the variant then judges the values (and refuses them)
    won = attrs.evolve(STATE, outcome=Result(0, points, Termination.WENT_OUT), to_move=None)
    check_outcome(won)
    with pytest.raises(zank.InvalidState) as info:
        STATE.rules.validate(won)
    assert "points must be one integer" not in str(info.value)


@pytest.mark.parametrize("points", [(MAX_STATE_INT + 1, 0), (0, MAX_STATE_INT + 1)])
def test_points_of_2_to_the_53_do_not(points: tuple[int, int]) -> None:
    won = attrs.evolve(STATE, outcome=Result(0, points, Termination.WENT_OUT), to_move=None)
    with pytest.raises(zank.InvalidState, match=r"^outcome points must be one integer per seat"):
        check_outcome(won)
