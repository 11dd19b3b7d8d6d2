"""zank-104: the stair rules named for every stair, not only the first, and the
end without progress (Z104-18) from either side.

Written to kill the survivors of the module's mutation campaign (third campaign,
benchmarks/MUTATION.md): the Z104-7 explanation and the face-down check of
``validate`` were tried on stair 1 only; the endless game only with seat 0 ahead,
and never at the default limit of 50 turns.
"""

from __future__ import annotations

import pytest

import zank
from zank.core import Termination
from zank.family.zank104 import counts

from .positions import KINGS, play, position, texts, violation

RULES = zank.variant("zank-104")


@pytest.mark.parametrize(("a", "b", "c"), [(3, 4, 5), (6, 2, 8), (8, 7, 1)])
def test_a_card_just_moved_between_stairs_is_named_on_its_stair(a: int, b: int, c: int) -> None:
    piles = {**KINGS, f"h{a}": "9d", f"h{b}": "9h", f"h{c}": "8c", "p0.reserve": "Tc Qs"}
    state = play(RULES, position(RULES, piles), f"h{c}-h{a}")
    assert RULES.info_of(state).moved == 1 << (a - 1)
    assert f"h{a}-h{b}" not in texts(RULES, state)
    v = violation(RULES, state, f"h{a}-h{b}")
    assert v.rule == "Z104-7"
    assert v.message == (
        f"8♣ on stair {a} was just moved there from another stair: it may move between "
        "stairs again only after another move"
    )


@pytest.mark.parametrize("stair", [1, 3, 8])
def test_a_face_down_stair_card_is_refused_naming_its_stair(stair: int) -> None:
    with pytest.raises(zank.InvalidState, match=rf"^h{stair}: stair cards lie face up$"):
        position(RULES, {**KINGS, f"h{stair}": "9d 8c"}, down={f"h{stair}": 1})


def test_an_endless_game_is_won_by_seat_1_with_the_fewer_cards() -> None:
    short = zank.variant("zank-104", no_progress_turns=2)
    piles = {
        **KINGS,
        "p0.reserve": "5c",
        "p0.talon": "4d 7d",
        "p1.reserve": "9s:1",
        "p1.talon": "3h:1",
    }
    state = position(short, piles, rest="p0.second-talon", info=(0, 0, 0, 0, 0), turn=9)
    state = play(short, state, "turn", "t-s", "turn", "t-s")
    assert state.outcome is not None
    c0, c1 = counts(state)
    assert c0 > c1
    assert state.outcome == zank.Result(1, (0, c0 - c1), Termination.NO_PROGRESS)


def test_the_fiftieth_turn_without_progress_ends_the_game() -> None:
    # Z104-18's default of 50 turns: no foundation card and no new low (lows of 0)
    piles = {**KINGS, "p0.reserve": "5c", "p0.talon": "4d 7d", "p1.reserve": "9s:1"}
    dry = position(RULES, piles, info=(49, 0, 0, 0, 0), turn=60)
    end = play(RULES, dry, "turn", "t-s")
    assert end.outcome is not None
    assert end.outcome.reason is Termination.NO_PROGRESS
    goes_on = play(RULES, position(RULES, piles, info=(48, 0, 0, 0, 0), turn=60), "turn", "t-s")
    assert goes_on.outcome is None
    assert goes_on.info[0] == 49


@pytest.mark.parametrize(("target", "name"), [("or", "reserve"), ("os", "second talon")])
def test_a_card_just_moved_between_stairs_is_refused_packing_for_the_packs_reason(
    target: str, name: str
) -> None:
    """Z104-7 holds between stairs only: packing the card just moved onto an empty
    pile of the opponent is refused because there is nothing to pack on (Z104-8)."""
    piles = {**KINGS, "h3": "9d", "h4": "9h", "h5": "8c", "p0.reserve": "Tc Qs"}
    state = play(RULES, position(RULES, piles), "h5-h3")
    assert RULES.info_of(state).moved == 1 << 2
    v = violation(RULES, state, f"h3-{target}")
    assert v.rule == "Z104-8"
    assert v.message == f"the opponent's {name} is empty: there is nothing to pack on"


def test_a_card_just_moved_between_stairs_is_refused_a_foundation_for_the_cards_reason() -> None:
    """Z104-7 holds between stairs only: the card just moved, which fits no
    foundation, is refused by Z104-5 (with the last foundation holding cards)."""
    piles = {**KINGS, "h3": "9d", "h4": "9h", "h5": "8c", "p0.reserve": "Tc Qs", "f8": "Ah 2h"}
    state = play(RULES, position(RULES, piles), "h5-h3")
    v = violation(RULES, state, "h3-f")
    assert v.rule == "Z104-5"
    assert v.message == (
        "8♣ cannot go on a foundation: it goes on the 7♣, and no foundation shows one"
    )
