"""Crapette's "Crapette!" call with pagat's penalty (C-V9): details no other test read.

Found by mutation testing (issue 38, eleventh campaign, second worker, seed 41):
when the card the faulty move took was itself due on a foundation, the carry-out
plays that card there and stops; ``own is None and ...`` as ``or`` went on to play
the next card of the same pile too, and no test had a next card that fits.
"""

from __future__ import annotations

from collections.abc import Callable

from zank.family import faults

from .board import Board
from .positions import KINGS, c


def test_carry_out_plays_the_due_card_and_not_the_next_one_of_its_pile(
    board: Callable[..., Board],
) -> None:
    carry = board("crapette", table_mode=True, call_penalty="carry-out")
    # the reserve's 2♥ is due on the A♥; the 3♥ under it would fit after it
    piles = {**KINGS, "f1": "Ah", "h1": "3c", "p0.reserve": "4c 3h 2h"}
    state = carry.position(piles)
    fault = carry.play(state, "r-h1")  # the 2♥ onto the 3♣ instead
    assert faults.pending_rule(carry.rules, fault) is not None
    called = carry.play(fault, "crapette")
    carry.rules.validate(called)
    assert called.pile("f1") == (c("Ah"), c("2h"))
    assert called.pile("p0.reserve") == (c("4c"), c("3h"))
    assert called.pile("h1") == (c("3c"),)
    assert (called.to_move, called.turn) == (1, state.turn + 1)
