"""The fit rules (family/fits.py) over every pair of cards, against their definitions.

Found by mutation testing (issue 25): a changed key or want (``range(4)`` of the
ace keys, the ``± 4`` of packing, a colour bit) could survive tests that look at a
few cards. Here every fit is checked for every pair of the cards of eight packs
with jokers, against the rule written out in ranks, suits and colours.
"""

from __future__ import annotations

from zank.cards import ACE, COLOUR, DECK, IS_JOKER, KING, MAX_DECKS, RANK, SUIT, make_card
from zank.family.fits import fits_foundation, fits_house, fits_pack, plain

CARDS = [
    make_card(r, s, d)
    for d in range(MAX_DECKS)
    for r in range(14)
    for s in range(2 if r == 0 else 4)
]
# the fits do not depend on the pack: two packs give every case with less work
TWO_PACKS = [c for c in CARDS if DECK[c] < 2]


def test_foundations_take_an_ace_then_the_same_suit_one_higher() -> None:
    for card in CARDS:
        assert fits_foundation(card, None) == (RANK[card] == ACE), card
    for top in TWO_PACKS:
        for card in TWO_PACKS:
            want = (
                not IS_JOKER[card]
                and not IS_JOKER[top]
                and SUIT[card] == SUIT[top]
                and RANK[card] == RANK[top] + 1
            )
            assert fits_foundation(card, top) == want, (card, top)


def test_houses_take_one_lower_in_the_other_colour_or_in_suit() -> None:
    for top in TWO_PACKS:
        for card in TWO_PACKS:
            real = not IS_JOKER[card] and not IS_JOKER[top]
            lower = real and RANK[card] == RANK[top] - 1
            assert fits_house(card, top) == (lower and COLOUR[card] != COLOUR[top]), (card, top)
            assert fits_house(card, top, same_suit=True) == (lower and SUIT[card] == SUIT[top])


def test_packing_takes_the_same_suit_one_higher_or_lower() -> None:
    for top in TWO_PACKS:
        for card in TWO_PACKS:
            want = (
                not IS_JOKER[card]
                and not IS_JOKER[top]
                and SUIT[card] == SUIT[top]
                and abs(RANK[card] - RANK[top]) == 1
            )
            assert fits_pack(card, top) == want, (card, top)
    # no wrapping: a king and an ace of a suit are not neighbours
    assert not fits_pack(make_card(ACE, 2), make_card(KING, 2))
    assert not fits_pack(make_card(KING, 2), make_card(ACE, 2))


def test_plain_is_the_card_of_the_first_pack() -> None:
    for card in CARDS:
        p = plain(card)
        assert (DECK[p], RANK[p], SUIT[p]) == (0, RANK[card], SUIT[card])
