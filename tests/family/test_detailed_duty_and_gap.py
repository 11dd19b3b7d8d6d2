"""zank-detailed: the stricter rules (ZD-V4) come before the gap rule (ZD-11).

While the stricter rules oblige, only their moves are legal, so filling a gap
from the reserve is not legal either: a refused ``t-d`` names ZD-V4 and the
obliged move, not ZD-11 and ``r-h1``; in table mode the fault is ZD-V4's and
"Stopp!" makes the obliged move (ZD-22).
"""

from __future__ import annotations

import zank
from zank.family import faults

from .positions import KINGS, c, play, position, texts, violation

DUTY = (
    "stricter rules: free the layout card that fits a foundation, or pack the "
    "opponent, first (t-or)"
)
# house 1 a gap, the reserve holds 5♣, the turned 9♦ must pack the opponent's 8♦
GAP_AND_DUTY = {
    **KINGS,
    "h1": "",
    "p0.reserve": "5c",
    "p0.turned": "9d",
    "h2": "Kd Qs",
    "p1.reserve": "8d:1",
}


def test_the_duty_is_named_before_the_gap_for_every_end_of_the_turn() -> None:
    rules = zank.variant("zank-detailed", stricter=True)
    state = position(rules, GAP_AND_DUTY)
    assert texts(rules, state) == ["t-or"]
    for move in ("t-d", "r-h1", "t-h1"):
        v = violation(rules, state, move)
        assert (v.rule, v.message) == ("ZD-V4", DUTY)


def test_without_a_duty_the_gap_rule_is_named() -> None:
    # the same position with nothing to pack (the opponent's reserve shows 8♣)
    rules = zank.variant("zank-detailed", stricter=True)
    state = position(rules, {**GAP_AND_DUTY, "p1.reserve": "8c:1"})
    legal = texts(rules, state)
    assert "r-h1" in legal
    assert "t-d" not in legal
    v = violation(rules, state, "t-d")
    assert v.rule == "ZD-11"
    assert v.message == (
        "mandatory move: house 1 is a gap; while your reserve has cards, fill it "
        "from the reserve (r-h1) before you turn or discard a hand card"
    )


def test_a_stopp_after_such_a_discard_makes_the_obliged_pack() -> None:
    rules = zank.variant("zank-detailed", stricter=True, table_mode=True)
    state = position(rules, GAP_AND_DUTY)
    fault = play(rules, state, "t-d")
    assert faults.pending_rule(rules, fault) == "ZD-V4"
    called = play(rules, fault, "stop")
    assert called.pile("p1.reserve") == (c("8d:1"), c("9d"))  # t-or made
    assert called.pile("h1") == ()  # the gap not filled: that was not legal
    assert called.pile("p0.reserve") == (c("5c"),)
    assert called.pile("p0.discard") == ()
    assert called.to_move == 1
