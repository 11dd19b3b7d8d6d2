"""The shared checks of ``zank._invariants`` at the top of their bounds.

Found by mutation testing (issue 25, third campaign): the outcome's points were
tried only at the lower bound and above the upper one, so ``p <= 2**53 - 1``
could become ``p < 2**53 - 1`` unnoticed; so could the same bound of ``info``, and an
observation entry below ``HIDDEN`` (-1) was never tried. Since the check of an
observation's entries became three passes (types, least, greatest; 21cd557), an entry
of ``MAX_CARD`` (``max(cards) <= MAX_CARD``) and a bool or a float among the ints (the
types' set ``>= {int}``) were not tried either (issue 38, twelfth campaign, second
worker, found by hand on the new line).
"""

from __future__ import annotations

import attrs
import pytest

import zank
from zank._invariants import check_counters, check_observation, check_outcome
from zank.cards import MAX_CARD
from zank.core import HIDDEN, MAX_STATE_INT, Result, Termination

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


ZANK = zank.variant("zank")
DEAL = ZANK.new_game(seed=3)


def test_info_of_2_to_the_53_minus_1_passes_the_shared_checks() -> None:
    assert DEAL.info  # zank keeps counters in info
    for i in range(len(DEAL.info)):
        info = (*DEAL.info[:i], MAX_STATE_INT, *DEAL.info[i + 1 :])
        check_counters(ZANK, attrs.evolve(DEAL, info=info))
        over = (*DEAL.info[:i], MAX_STATE_INT + 1, *DEAL.info[i + 1 :])
        with pytest.raises(zank.InvalidState, match=r"^'info' must be a tuple of integers"):
            check_counters(ZANK, attrs.evolve(DEAL, info=over))


@pytest.mark.parametrize("card", [-2, -100])
def test_an_observation_entry_below_hidden_is_refused(card: int) -> None:
    view = ZANK.observe(DEAL, 0)
    i = ZANK.pile_index(2, "p1.hand")
    assert HIDDEN in view.piles[i]
    piles = list(view.piles)
    piles[i] = (*view.piles[i][:-1], card)
    with pytest.raises(
        zank.InvalidState, match=r"^pile p1\.hand: not a tuple of card ids and HIDDEN$"
    ):
        check_observation(ZANK, attrs.evolve(view, piles=tuple(piles)))
    piles[i] = (*view.piles[i][:-1], HIDDEN)
    assert check_observation(ZANK, attrs.evolve(view, piles=tuple(piles)))


@pytest.mark.parametrize("card", [MAX_CARD, MAX_CARD + 1, True, 1.0])
def test_an_observation_entry_past_the_last_card_or_not_an_int_is_refused(card: object) -> None:
    view = ZANK.observe(DEAL, 0)
    i = ZANK.pile_index(2, "p1.hand")
    assert len(view.piles[i]) > 1  # the other entries ints (HIDDEN): a mix of types
    piles = list(view.piles)
    piles[i] = (*view.piles[i][:-1], card)  # type: ignore[arg-type]  # (the fault under test)
    with pytest.raises(
        zank.InvalidState, match=r"^pile p1\.hand: not a tuple of card ids and HIDDEN$"
    ):
        check_observation(ZANK, attrs.evolve(view, piles=tuple(piles)))
    piles[i] = (*view.piles[i][:-1], MAX_CARD - 1)
    assert check_observation(ZANK, attrs.evolve(view, piles=tuple(piles)))
