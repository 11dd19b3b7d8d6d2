"""The working position (:class:`zank.working.Working`) field by field.

Issue 38, twelfth campaign, third worker: ``zank.working`` had no test of its
own; the kernels and playouts read it only through whole games. These tests
pin what its docstrings promise: the fields copied from a state, the lists a
``successor`` takes as its own, the generator kept when none is passed, the
phase and outcome that a successor resets, one ply a move, and the state
built once per change (the same object while ``ply`` stands, a new one when it
moved either way).
"""

from __future__ import annotations

import attrs

import zank
from zank.core import Result, State, Termination
from zank.working import Working


def _state() -> State:
    start = zank.variant("spite-and-malice").new_game(seed=7)
    # fields that differ from every default: a phase, a generator, a ply, a turn
    return attrs.evolve(start, phase=1, ply=5, turn=3)


def test_a_working_position_copies_a_states_fields() -> None:
    state = _state()
    w = Working(state)
    assert w.rules is state.rules
    assert w.players == state.players
    assert type(w.piles) is list
    assert type(w.down) is list
    assert tuple(w.piles) == state.piles
    assert tuple(w.down) == state.down
    assert (w.to_move, w.phase, w.info, w.rng, w.ply, w.turn, w.outcome) == (
        state.to_move,
        state.phase,
        state.info,
        state.rng,
        state.ply,
        state.turn,
        state.outcome,
    )
    assert w.kept is state
    assert w.state() is state  # nothing changed: the state it was made from


def test_successor_takes_the_lists_it_is_given_as_its_own() -> None:
    w = Working(_state())
    piles = list(w.piles)
    down = list(w.down)
    assert w.successor(piles, down, 1, (9,), 4) is w
    assert w.piles is piles
    assert w.down is down


def test_successor_makes_lists_of_other_iterables() -> None:
    state = _state()
    w = Working(state)
    w.successor(state.piles, iter(state.down), 1, (9,), 4)
    assert type(w.piles) is list
    assert type(w.down) is list
    assert w.piles == list(state.piles)
    assert w.down == list(state.down)


def test_successor_sets_the_fields_and_adds_one_ply() -> None:
    state = _state()
    w = Working(state)
    w.successor(state.piles, state.down, 1, (9,), 4)
    # phase and outcome take their defaults (0 and None), the generator stays
    assert (w.to_move, w.phase, w.info, w.rng, w.ply, w.turn, w.outcome) == (
        1,
        0,
        (9,),
        state.rng,
        6,
        4,
        None,
    )
    result = Result(winner=0, points=(1, -1), reason=Termination.WENT_OUT)
    w.successor(state.piles, state.down, None, (), 5, outcome=result, rng=12345, phase=2)
    assert (w.to_move, w.phase, w.info, w.rng, w.ply, w.turn, w.outcome) == (
        None,
        2,
        (),
        12345,
        7,
        5,
        result,
    )


def test_state_is_built_once_per_change() -> None:
    state = _state()
    w = Working(state)
    w.successor(state.piles, state.down, 1, (9,), 4)
    built = w.state()
    assert built is not state
    assert built == attrs.evolve(state, to_move=1, phase=0, info=(9,), ply=6, turn=4)
    assert w.kept is built
    assert w.state() is built  # kept while its ply is the position's


def test_state_is_built_again_when_the_ply_went_back() -> None:
    state = _state()
    w = Working(state)
    w.ply = state.ply - 1  # a kernel that edits the fields directly
    w.to_move = 1
    built = w.state()
    assert built == attrs.evolve(state, ply=state.ply - 1, to_move=1)
    assert w.kept is built


def test_load_makes_the_position_a_state_and_keeps_it() -> None:
    start = _state()
    w = Working(start)
    w.successor(start.piles, start.down, 1, (9,), 4)
    w.state()
    other = zank.variant("spite-and-malice").new_game(seed=8)
    other = attrs.evolve(other, phase=1, ply=20, turn=9)
    w.load(other)
    assert type(w.piles) is list
    assert type(w.down) is list
    assert (tuple(w.piles), tuple(w.down)) == (other.piles, other.down)
    assert (w.to_move, w.phase, w.info, w.rng, w.ply, w.turn, w.outcome) == (
        other.to_move,
        other.phase,
        other.info,
        other.rng,
        other.ply,
        other.turn,
        other.outcome,
    )
    assert w.kept is other
    assert w.state() is other
