"""Tests for survivors of the eleventh mutation campaign in
``zank.family.classic_explain`` (issue 38)."""

from __future__ import annotations

from .positions import KINGS, play, violation
from .test_classic import RULES, pos


def test_an_edge_pile_of_two_cards_is_named_by_its_top_card() -> None:
    # h1 holds 10♠ under 9♥: the 9♣ from the discard meets the 9♥ (which takes
    # a black 8), not the 10♠ at the bottom
    state = pos(RULES, {**KINGS, "h1": "Ts 9h", "p0.discard": "9c"})
    v = violation(RULES, state, "d-h1")
    assert v.rule == "Z-5"
    assert v.message == "9♣ cannot go on edge pile 1: it shows 9♥, which takes a black 8"


def test_a_draw_with_an_empty_discard_names_the_due_move_not_the_flip() -> None:
    # the discard is empty and the source is not: drawing is refused because
    # move 1 (h1-f) is due, not because of the flip's empty discard (Z-16)
    state = pos(RULES, {**KINGS, "h1": "Ad", "p0.discard": ""})
    v = violation(RULES, state, "draw")
    assert (v.rule, v.message) == ("Z-7", "move 7 is not allowed while move 1 is possible (h1-f)")


ORDER = (
    "the lifted card follows the order centre, non-empty edge pile, empty edge pile, "
    "opponent's discard, own discard: "
)


def test_a_lifted_card_that_fits_a_non_empty_edge_pile_goes_to_the_centre_first() -> None:
    # 2♣ fits the A♣ of the centre and the 3♦ of h1: onto h1 is refused by the
    # order (Z-15), not as a card for an empty edge pile (h1 is not empty)
    state = pos(RULES, {**KINGS, "f1": "Ac", "h1": "3d", "p0.hand": "2c", "p0.discard": "9h"})
    state = play(RULES, state, "draw")
    v = violation(RULES, state, "t-h1")
    assert (v.rule, v.message) == ("Z-15", ORDER + "2♣ fits a centre pile and must go there (t-f)")


def test_the_second_players_lifted_card_goes_to_the_first_empty_edge_pile_before_a_pack() -> None:
    # seat 1 lifts 2♣; h3 is empty and p0's discard shows 3♣:1: the first empty
    # edge pile comes before packing (Z-15), whatever p0's turned pile holds
    piles = {**KINGS, "h3": "", "p1.hand": "2c", "p1.discard": "9h", "p0.discard": "3c:1"}
    state = play(RULES, pos(RULES, piles, to_move=1), "draw")
    assert [m.text for m in RULES.legal_moves(state)] == ["t-h3"]
    v = violation(RULES, state, "t-od")
    assert (v.rule, v.message) == (
        "Z-15",
        ORDER + "2♣ fits no centre or non-empty edge pile: it goes onto an empty one (t-h3)",
    )
