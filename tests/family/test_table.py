"""The shared Zank-Patience table: fit tests and the move grid."""

from __future__ import annotations

import zank
from zank.cards import IS_JOKER, JOKER, full_deck, make_card, parse_cards
from zank.family.fits import FKEY, fits_foundation, fits_house, fits_pack
from zank.family.table import CARD, FamilyTable

from .positions import KINGS, c, position


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


def test_jokers_fit_nothing_and_take_nothing() -> None:
    joker = make_card(JOKER, 0)
    others = [x for x in full_deck(0) if not IS_JOKER[x]]
    assert not any(fits_pack(joker, x) or fits_pack(x, joker) for x in [joker, *others])
    assert not any(fits_house(joker, x) or fits_house(x, joker) for x in [joker, *others])
    assert not fits_foundation(joker, None)
    assert not any(fits_foundation(joker, x) for x in others)


def test_the_scan_reads_foundations_houses_gap_and_packs() -> None:
    rules = zank.variant("zank-detailed")
    assert isinstance(rules, FamilyTable)
    houses = dict(KINGS, h2="9c 8h", h3="", h6="")
    state = position(
        rules, {**houses, "f1": "Ac 2c", "f3": "Ah", "p1.reserve": "5s 9d", "p1.discard": "7c"}
    )
    fits, wants, gap, tops, packs = rules.scan(state.piles, 0)
    assert fits == {FKEY[c("3c")], FKEY[c("2h")], *(FKEY[c(a)] for a in ("Ac", "Ad", "Ah", "As"))}
    assert gap == 2  # h3, the first of the two gaps
    assert wants[rules.house_key(c("7s"))] == [1]  # h2 shows 8h: a black 7
    assert wants[rules.house_key(c("Qh"))] == [0, 3, 4, 7]  # the black kings
    assert wants[rules.house_key(c("Qs"))] == [6]  # the only red king left
    assert tops == []
    # seat 0 packs on seat 1's reserve (9d) and discard (7c): 8d, Td, 6c, 8c
    assert packs == {
        FKEY[c("8d")]: (rules.pack_target,),
        FKEY[c("Td")]: (rules.pack_target,),
        FKEY[c("6c")]: (rules.pack_target + 1,),
        FKEY[c("8c")]: (rules.pack_target + 1,),
    }
    assert rules.foundation_keys(state.piles) == fits
    assert rules.house_wants(state.piles) == (wants, gap)
    assert rules.pack_wants(state.piles, 0) == packs
    assert rules.foundation_slot(state.piles, c("3c:1")) == 0
    assert rules.foundation_slot(state.piles, c("Ad")) == 1  # the first empty foundation
    assert rules.foundation_slot(state.piles, c("3h")) == -1
    assert rules.foundation_slots(state.piles)[FKEY[c("Ad")]] == 1


def test_two_piles_that_take_the_same_card_are_both_pack_targets() -> None:
    rules = zank.variant("zank-detailed")
    assert isinstance(rules, FamilyTable)
    state = position(rules, {**KINGS, "p1.reserve": "7d", "p1.discard": "9d"})
    packs = rules.pack_wants(state.piles, 0)
    assert packs[FKEY[c("8d")]] == (rules.pack_target, rules.pack_target + 1)
    moves = [m.text for m in rules.card_moves[0] if m is not None and m.target >= rules.pack_target]
    assert moves == ["r-or", "r-od"]


def test_a_run_fits_from_the_card_that_the_target_takes() -> None:
    rules = zank.variant("zank-104", stair_runs=True)
    assert isinstance(rules, FamilyTable)
    run = tuple(parse_cards("9c 8h 7s 6d"))
    wants = {rules.house_key(c("6c")): [4, 5]}  # stairs 5 and 6 take a black 6
    assert rules.run_targets(run, 0, wants) == []
    wants[rules.house_key(c("8d"))] = [2]  # stair 3 takes a red 8
    assert rules.run_targets(run, 0, wants) == [2]
    wants[rules.house_key(c("7c"))] = [1, 6]  # stairs 2 and 7 take a black 7
    assert rules.run_targets(run, 0, wants) == [1, 2, 6]
    assert rules.run_start(run, c("8d")) == 2  # 7s and 6d go on 8d
    assert rules.run_start(run, c("9s")) == 1
    assert rules.run_start(run, c("Ts")) == 0


def test_pile_words_come_from_the_variant() -> None:
    detailed = zank.variant("zank-detailed")
    z104 = zank.variant("zank-104")
    assert isinstance(detailed, FamilyTable)
    assert isinstance(z104, FamilyTable)
    assert (detailed.house_word, z104.house_word) == ("house", "stair")
    assert z104.source_name(1) == "your turned talon card"
    assert z104.source_name(z104.house_source + 7) == "stair 8"
    assert z104.target_name(3) == "stair 3"
    assert z104.target_name(z104.pack_target + 1) == "the opponent's second talon"
    assert detailed.target_name(detailed.pack_target + 1) == "the opponent's discard"
    assert z104.house_needs(c("Ah")) == "nothing (an ace ends a stair)"
    classic = zank.variant("zank")
    assert isinstance(classic, FamilyTable)
    assert classic.house_word == "edge pile"  # the seed's Randstapel
    assert classic.source_name(classic.house_source + 2) == "edge pile 3"
    assert classic.house_needs(c("Ah")) == "nothing (an ace ends an edge pile)"
