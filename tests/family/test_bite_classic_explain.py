"""Tests for survivors of the eleventh mutation campaign in
``zank.family.classic_explain`` (issue 38)."""

from __future__ import annotations

from .positions import KINGS, violation
from .test_classic import RULES, pos


def test_an_edge_pile_of_two_cards_is_named_by_its_top_card() -> None:
    # h1 holds 10♠ under 9♥: the 9♣ from the discard meets the 9♥ (which takes
    # a black 8), not the 10♠ at the bottom
    state = pos(RULES, {**KINGS, "h1": "Ts 9h", "p0.discard": "9c"})
    v = violation(RULES, state, "d-h1")
    assert v.rule == "Z-5"
    assert v.message == "9♣ cannot go on edge pile 1: it shows 9♥, which takes a black 8"
