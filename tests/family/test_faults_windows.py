"""Table mode's call windows (``zank.family.faults``): what a window let pass
leaves behind.

Written for the mutation campaign of ``faults`` (benchmarks/MUTATION.md,
"Fourth campaign").
"""

from __future__ import annotations

import zank
from zank.family import faults

from .positions import KINGS, play, texts
from .test_classic import pos

EVERY = zank.variant("zank", table_mode=True, call_window=faults.EVERY_MOVE)


def test_only_faults_let_pass_count_towards_the_limit_of_a_turn() -> None:
    """Z-21 with every-move windows: a correct move let pass is no fault let pass;
    a fault let pass by everyone asked (the player first, zank) is one."""
    state = pos(EVERY, {**KINGS, "h1": "Ts", "p0.discard": "Ah 9h"})
    assert texts(EVERY, state) == ["d-h1", "draw"]  # move 5; draw breaks Z-7
    window = play(EVERY, state, "d-h1")
    assert (window.phase, window.to_move) == (faults.CALL, 1)  # a correct move: not the player
    assert faults.window_tail(EVERY, window).rule == 0
    state = play(EVERY, window, "let")
    assert (state.phase, state.to_move) == (faults.PLAY, 0)
    assert state.info[EVERY.base_info :] == (0, 0)  # skip mask, faults let pass
    assert texts(EVERY, state) == ["d-f", "draw"]
    window = play(EVERY, state, "draw")  # a fault: d-f (move 4) comes first
    assert faults.pending_rule(EVERY, window) == "Z-7"
    assert window.to_move == 0  # the player may call his own fault first
    window = play(EVERY, window, "let")
    assert window.to_move == 1
    state = play(EVERY, window, "let")
    assert state.phase == faults.PLAY
    assert state.info[EVERY.base_info :] == (0, 1)


def test_outside_a_window_the_tail_names_nothing_but_the_skip_mask_and_the_count() -> None:
    state = EVERY.new_game(seed=1)
    assert faults.window_tail(EVERY, state) == faults.Tail(0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    assert faults.pending(EVERY, state) is None
    assert faults.pending_rule(EVERY, state) is None


def test_only_table_mode_rules_are_fault_rules() -> None:
    """A rules object without the option (Spite and Malice) or with it off is none."""
    for rules in (zank.variant("spite-and-malice"), zank.variant("zank")):
        assert faults.as_fault_rules(rules) is None
        assert faults.info_size(rules) is None
    assert faults.as_fault_rules(EVERY) is EVERY
    assert faults.info_size(EVERY) == EVERY.base_info + faults.WINDOW_TAIL
