"""Golden lines of zank-detailed: legal-move counts along fixed move sequences.

Like perft for chess: from the deals of seeds 0-2, play the move with index
``(7 * i) % len(legal)`` at step i and compare the number of legal moves at
each step and the moves played.  A change here means the rules (or the order
of legal moves) changed: check the rules page, then update the pins.
"""

from __future__ import annotations

import pytest

import zank

GOLDEN: dict[int, tuple[str, str]] = {
    0: (
        "5 5 5 5 5 4 4 4 4 5 5 4 4 4 3 3 3 5 3 3 5 2 3 4 4 2 3 3 4 2 2 2 5 5 4 5 3 3 4 6",
        (
            "h1-h7 h3-h5 h7-h1 h1-h7 h6-or h7-h1 h5-h2 h1-h7 r-h1 h2-h3 r-h7 h3-h2 r-h3 h7-h6 "
            "turn h2-h5 h6-h7 h7-h6 h5-h2 h6-h7 r-h6 t-d h4-od h2-h5 r-h4 turn t-d h4-or r-h4 "
            "turn h5-h2 t-d turn h2-h5 h8-or r-h8 r-h4 h5-h2 h5-od h2-h5"
        ),
    ),
    1: (
        "3 3 4 3 3 2 2 4 1 2 1 1 1 1 1 1 1 1 1 1 1 1 2 4 3 4 3 3 2 3 2 3 1 3 2 2 2 2 3 3",
        (
            "r-h7 h5-h3 h4-h7 r-h4 h3-h5 turn h5-h3 t-h5 turn t-d turn t-d turn t-d turn t-d "
            "turn t-d turn t-d turn t-d h8-od h3-h8 h8-h3 h7-h8 turn h3-od h8-h7 h7-h8 h8-h7 "
            "t-h8 turn t-h5 h5-h8 turn h8-h5 t-d turn h5-h8"
        ),
    ),
    2: (
        "6 1 5 5 7 5 4 6 6 6 6 6 4 7 1 1 2 1 5 3 4 2 3 6 3 2 2 5 2 5 2 5 2 5 2 2 2 2 4 4",
        (
            "r-h6 r-f turn h3-h7 r-h3 t-h3 h8-h7 h1-h2 h3-h1 h5-h4 h6-h5 h7-h8 h1-h3 r-h1 r-f "
            "r-f h3-f h5-f h2-h5 h8-h7 r-h8 turn h5-h2 h7-h5 t-h2 turn h5-h7 h7-h5 h5-h7 "
            "h4-h5 h5-h4 h2-h5 h5-h2 t-h5 h7-h5 turn h5-h7 t-d h7-h5 h3-or"
        ),
    ),
}


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_line(seed: int) -> None:
    rules = zank.variant("zank-detailed")
    state = rules.new_game(seed=seed)
    counts, played = [], []
    for i in range(40):
        legal = rules.legal_moves(state)
        counts.append(len(legal))
        move = legal[(i * 7) % len(legal)]
        played.append(move.text)
        state = rules.apply(state, move)
    want_counts = [int(n) for n in GOLDEN[seed][0].split()]
    want_played = GOLDEN[seed][1]
    for i, (got, want) in enumerate(zip(counts, want_counts, strict=True)):
        assert got == want, f"seed {seed}, step {i}: {got} legal moves, expected {want}"
    assert " ".join(played) == want_played
