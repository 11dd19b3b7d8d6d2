"""The shared Zank-Patience table: fit tests and the move grid."""

from __future__ import annotations

import zank
from zank.cards import full_deck, parse_card
from zank.family.fits import fits_foundation, fits_house, fits_pack
from zank.family.table import CARD, FamilyTable


def c(text: str) -> int:
    return parse_card(text)


def test_foundations_build_up_in_suit_from_the_ace() -> None:
    assert fits_foundation(c("Ah:1"), None)
    assert not fits_foundation(c("2h"), None)
    assert fits_foundation(c("2h:1"), c("Ah"))
    assert not fits_foundation(c("2d"), c("Ah"))
    assert not fits_foundation(c("Ah"), c("Kh"))


def test_houses_build_down_in_alternating_colour_or_in_suit() -> None:
    assert fits_house(c("9c"), c("Th"))
    assert fits_house(c("9s:1"), c("Td"))
    assert not fits_house(c("9h"), c("Td"))
    assert not fits_house(c("8c"), c("Th"))
    assert not fits_house(c("Kc"), c("Ah"))
    assert fits_house(c("9h"), c("Th"), same_suit=True)
    assert not fits_house(c("9d"), c("Th"), same_suit=True)


def test_packing_takes_the_same_suit_one_higher_or_lower() -> None:
    top = c("9d")
    fits = sorted(x for x in full_deck(0) + full_deck(1) if fits_pack(x, top))
    assert fits == sorted([c("8d"), c("Td"), c("8d:1"), c("Td:1")])
    assert not fits_pack(c("Ad"), c("Kd"))  # no wrapping around


def test_the_move_grid_has_every_card_move_once_and_no_house_onto_itself() -> None:
    rules = zank.variant("zank-detailed")
    assert isinstance(rules, FamilyTable)
    card_moves = [m for m in rules.moves if m.kind == CARD]
    assert len(card_moves) == 11 * 11 - 8
    assert not any(m.text == f"h{h}-h{h}" for m in card_moves for h in range(1, 9))
    for m in card_moves:
        assert rules.card_moves[m.source][m.target] is m
    hs = rules.house_source
    assert all(rules.card_moves[hs + h][1 + h] is None for h in range(8))
    assert rules.target_name(rules.pack_target) == "the opponent's reserve"
    assert rules.source_name(hs + 2) == "house 3"
