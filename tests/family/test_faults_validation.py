"""Table mode's validation of ``State.info``'s tail (:func:`zank.family.faults.validate`):
each check fed a state with one field changed, its whole message matched.

Written to kill the survivors of the module's mutation campaign
(benchmarks/MUTATION.md).  The window is zank-104's "Halt!" window after the
turned 2♥ went onto the second talon instead of the foundation.
"""

from __future__ import annotations

import re

import attrs
import pytest

import zank
from zank.core import Result, State, Termination
from zank.family import faults

from .positions import KINGS, play, position
from .test_classic import pos as pos_z

TM = zank.variant("zank-104", table_mode=True)
N = TM.base_info
OUTSIDE = f"info is the {N} counters, the skip mask and the faults let pass outside a call window"


def _play_state() -> State:
    return position(TM, {**KINGS, "f1": "Ah", "p0.turned": "2h:1", "p0.reserve": "5c"})


def _window() -> State:
    return play(TM, _play_state(), "t-s")


def _with_tail(state: State, **fields: int) -> State:
    tail = faults.window_tail(TM, state)._replace(**fields)
    size = faults.PLAY_TAIL if state.phase == faults.PLAY else faults.WINDOW_TAIL
    return attrs.evolve(state, info=(*state.info[:N], *tail[:size]))


def _refused(state: State, message: str) -> None:
    with pytest.raises(zank.InvalidState, match=f"^{re.escape(message)}$"):
        TM.validate(state)


def test_the_window_is_valid_as_made() -> None:
    window = _window()
    TM.validate(window)
    assert faults.window_tail(TM, window) == faults.Tail(0, 0, 1, 0, 104, 19, 20, 1, 0, 0)
    TM.validate(_with_tail(window, skip=3))  # both seats may miss their next turn


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"skip": 4}, "the skip mask or the mover names no such seat"),
        ({"by": 2}, "the skip mask or the mover names no such seat"),
        ({"action": 0}, "the move under call or its rule is out of range"),
        ({"action": len(TM.moves) + 1}, "the move under call or its rule is out of range"),
        ({"rule": len(TM.fault_rules) + 1}, "the move under call or its rule is out of range"),
        ({"src": 25}, "the take-back names no such pile"),
        ({"dst": 25}, "the take-back names no such pile"),
        ({"flip": 25}, "the take-back names no such pile"),
        ({"moved": 2}, "the take-back moves cards that are not there"),
        ({"src": 0}, "the take-back moves cards that are not there"),
        ({"dst": 0}, "the take-back moves cards that are not there"),
        ({"moved": 0}, "a move that moved no card has nothing to take back"),
        ({"faults_let": 21}, "t-s was not possible before it was made"),
        ({"action": 1}, "r-f was not possible before it was made"),
        ({"rule": 0}, "the rule recorded for t-s is wrong"),
    ],
)
def test_a_window_tail_field_out_of_place_is_refused(fields: dict[str, int], message: str) -> None:
    _refused(_with_tail(_window(), **fields), f"table mode: {message}")


@pytest.mark.parametrize("fields", [{"moved": 0, "src": 0, "dst": 0, "down": 1}])
def test_a_move_without_cards_has_no_take_back(fields: dict[str, int]) -> None:
    _refused(
        _with_tail(_window(), **fields),
        "table mode: a move that moved no card has nothing to take back",
    )


def test_a_window_info_of_another_length_or_negative_is_refused() -> None:
    window = _window()
    message = f"table mode: info in a window is {N} counters and 10 ints"
    _refused(attrs.evolve(window, info=window.info[:-1]), message)
    _refused(attrs.evolve(window, info=(*window.info[:-1], -1)), message)


def test_other_window_states_are_refused() -> None:
    window = _window()
    _refused(attrs.evolve(window, phase=3), "table mode: phase must be 0, 1 or 2")
    won = Result(0, (1, 0), Termination.WENT_OUT)
    _refused(
        attrs.evolve(window, outcome=won, to_move=None),
        "table mode: a finished game has no call window",
    )
    _refused(attrs.evolve(window, to_move=0), "table mode: player 0 is not asked about this move")
    # the 2♥ face down on the second talon: not what t-s leaves
    down = list(window.down)
    down[faults.window_tail(TM, window).dst - 1] = 1
    _refused(
        attrs.evolve(window, down=tuple(down)),
        "table mode: the piles are not those after t-s",
    )


@pytest.mark.parametrize(
    ("tail", "message"),
    [
        ((4, 0), "the skip mask names no such seat"),
        ((-1, 0), "the skip mask names no such seat"),
        ((0, 21), "at most 20 faults are let pass in a turn"),
        ((0, -1), "at most 20 faults are let pass in a turn"),
        (
            (0,),
            OUTSIDE,
        ),
        (
            (0, 0, 0),
            OUTSIDE,
        ),
    ],
)
def test_a_play_tail_out_of_range_is_refused(tail: tuple[int, ...], message: str) -> None:
    state = _play_state()
    _refused(attrs.evolve(state, info=(*state.info[:N], *tail)), f"table mode: {message}")


@pytest.mark.parametrize("tail", [(3, 0), (0, 20), (1, 5)])
def test_a_play_tail_in_range_is_valid(tail: tuple[int, int]) -> None:
    state = _play_state()
    TM.validate(attrs.evolve(state, info=(*state.info[:N], *tail)))


def test_strict_mode_knows_only_the_phase_of_play() -> None:
    rules = zank.variant("zank-104")
    state = position(rules, {**KINGS, "p0.reserve": "5c"})
    with pytest.raises(
        zank.InvalidState, match=r"^phase must be 0 \(table mode is off: table_mode=False\)$"
    ):
        rules.validate(attrs.evolve(state, phase=faults.CALL))


def test_before_call_gives_the_state_before_the_move_exactly() -> None:
    state = _play_state()
    window = play(TM, state, "t-s")
    assert window.ply == state.ply + 1
    assert faults.before_call(TM, window) == state


def test_each_answer_in_a_window_is_one_move() -> None:
    """Zank: the player who made the fault is asked first, then the others;
    every ``let`` counts as a move (``ply``), the window staying open."""
    rules = zank.variant("zank", table_mode=True)
    state = pos_z(rules, {**KINGS, "f1": "Ac", "p0.hand": "2c", "p0.discard": "9h"})
    state = play(rules, state, "draw")
    window = play(rules, state, "t-d")  # 2♣ fits A♣: a fault
    assert (window.phase, window.to_move, window.ply) == (faults.CALL, 0, state.ply + 1)
    asked = play(rules, window, "let")
    assert (asked.phase, asked.to_move, asked.ply) == (faults.CALL, 1, state.ply + 2)
    assert asked.piles == window.piles
    stands = play(rules, asked, "let")
    assert (stands.phase, stands.ply) == (faults.PLAY, state.ply + 3)
