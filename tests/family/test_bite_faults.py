"""Table mode (``zank.family.faults``): details no other test read.

Found by mutation testing (issue 38, eleventh campaign, second worker, seed 41):
``before_call`` could lay a run of several cards back in reverse order
(``flip == src`` as ``<=``: no flip is -1), and ``_undo_record`` could refuse a
move that moves no card (``not shrunk`` as ``shrunk``), because no test opened a
window after such moves: zank-104's stair runs and zank's "empty" moves, with a
window after every move. The test takes every window of random games back and
compares it with the state the move was made in. ``TableMode``'s ``repr`` was
unread.
"""

from __future__ import annotations

import pytest

import zank
from zank.family import faults
from zank.random import Rng


@pytest.mark.parametrize("name", ["zank", "zank-104", "crapette", "zank-detailed", "schikanieren"])
def test_table_mode_shows_the_variant_it_wraps(name: str) -> None:
    rules = faults.as_fault_rules(zank.variant(name, table_mode=True))
    assert rules is not None
    assert repr(faults.TableMode(rules)) == f"TableMode({name!r})"


def _windows(
    name: str, seeds: range, moves: int, **options: object
) -> list[tuple[zank.State, zank.State]]:
    """(state before the move, window after it) of random games of ``name`` in
    table mode with a window after every move; every window is let pass."""
    rules = zank.variant(name, table_mode=True, call_window=faults.EVERY_MOVE, **options)
    out = []
    for seed in seeds:
        state = rules.new_game(seed=seed)
        rng = Rng(seed)
        for _ in range(moves):
            if state.outcome is not None:
                break
            legal = rules.legal_moves(state)
            if state.phase == faults.CALL:
                after = rules.apply(state, next(m for m in legal if m.text == "let"))
            else:
                after = rules.apply(state, legal[rng.below(len(legal))])
                if after.phase == faults.CALL:
                    out.append((state, after))
            state = after
    return out


@pytest.mark.parametrize(
    ("name", "seeds", "options"),
    # zank: moves that move no card ("empty h4"); zank-104 with stair runs: runs of
    # two cards or more moved without turning them over
    [("zank", range(3), {}), ("zank-104", range(3), {"stair_runs": True})],
)
def test_before_call_is_the_state_the_move_was_made_in(
    name: str, seeds: range, options: dict[str, object]
) -> None:
    windows = _windows(name, seeds, 400, **options)
    rules = faults.as_fault_rules(windows[0][1].rules)
    assert rules is not None
    kinds = set()
    for before, window in windows:
        tail = faults.window_tail(rules, window)
        kinds.add((tail.moved > 1, tail.moved == 0, tail.flip > 0))
        back = faults.before_call(rules, window)
        assert (back.piles, back.down, back.to_move, back.info, back.ply, back.turn) == (
            before.piles,
            before.down,
            before.to_move,
            before.info,
            before.ply,
            before.turn,
        )
    wanted = (False, True, False) if name == "zank" else (True, False, False)
    assert wanted in kinds
