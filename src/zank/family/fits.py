"""Which card goes on which: the fit rules of the Zank-Patience family, once.

Every variant of the family, every explanation and every greedy policy asks
these tables and functions; no other module writes a fit rule out.  There are
three fits:

* **foundation** (Zielstapel, Mittestapel): up in suit from the ace;
* **house** (Haus, Randstapel, Hilfstreppe): down by one in alternating
  colours, or with ``same_suit`` (schikanieren) down by one in suit;
* **packing** (Aufpacken) onto an opponent's pile: the same suit, one higher
  or one lower.

Cards are compared through *keys*, small ints looked up in tables built once at
import, so that a hot loop asks ``KEY[card] == WANT[top]`` (or looks a key up
in a set or dict built from the ``WANT`` of the tops) and never computes ranks
and suits:

>>> from zank.cards import parse_card as c
>>> from zank.family.fits import fits_foundation, fits_house, fits_pack
>>> fits_house(c("9c"), c("Th")), fits_house(c("9h"), c("Th"))
(True, False)
>>> fits_house(c("9h"), c("Th"), same_suit=True), fits_foundation(c("Ad"), None)
(True, True)
>>> fits_pack(c("8d"), c("9d")), fits_pack(c("Td"), c("9d")), fits_pack(c("8h"), c("9d"))
(True, True, False)

Jokers (the three-player game's aside card) fit nothing and take nothing.
"""

from __future__ import annotations

from typing import Final

from zank.cards import ACE, COLOUR, IS_JOKER, MAX_CARD, RANK, SUIT

__all__ = [
    "ACE_KEYS",
    "ALT_KEY",
    "ALT_WANT",
    "FKEY",
    "FOUNDATION_WANT",
    "NO_KEY",
    "PACK_WANTS",
    "SUIT_WANT",
    "fits_foundation",
    "fits_house",
    "fits_pack",
    "house_tables",
    "plain",
]

NO_KEY: Final = -100
"""A key no card has (what a king wants on a foundation, an ace on a house)."""


def _key(rank: int, suit: int) -> int:
    return rank * 4 + suit


#: ``FKEY[c]`` is rank * 4 + suit, the key of card ``c`` for foundations,
#: same-suit houses and packing.  Jokers get a key no other card has (below
#: :data:`NO_KEY`, so that no table wants it).
FKEY: tuple[int, ...] = tuple(
    NO_KEY - 1 - c if IS_JOKER[c] else _key(RANK[c], SUIT[c]) for c in range(MAX_CARD)
)
#: ``FOUNDATION_WANT[t]`` is the ``FKEY`` of the card that goes on foundation top
#: ``t``: the same suit, one higher (a king wants a key no card has).
FOUNDATION_WANT: tuple[int, ...] = tuple(
    NO_KEY if IS_JOKER[c] else _key(RANK[c] + 1, SUIT[c]) for c in range(MAX_CARD)
)
#: The ``FKEY`` of the four aces (what an empty foundation takes).
ACE_KEYS: tuple[int, ...] = tuple(_key(ACE, s) for s in range(4))
#: ``ALT_KEY[c]`` is rank * 2 + colour, the key of card ``c`` for houses built in
#: alternating colours.
ALT_KEY: tuple[int, ...] = tuple(
    NO_KEY - 1 - c if IS_JOKER[c] else RANK[c] * 2 + COLOUR[c] for c in range(MAX_CARD)
)
#: ``ALT_WANT[t]`` is the ``ALT_KEY`` of the card that goes on house top ``t``:
#: one lower, the other colour (an ace wants nothing).
ALT_WANT: tuple[int, ...] = tuple(
    NO_KEY if IS_JOKER[c] or RANK[c] == ACE else (RANK[c] - 1) * 2 + 1 - COLOUR[c]
    for c in range(MAX_CARD)
)
#: ``SUIT_WANT[t]`` is the ``FKEY`` of the card that goes on a same-suit house
#: top ``t``: one lower, the same suit.
SUIT_WANT: tuple[int, ...] = tuple(
    NO_KEY if IS_JOKER[c] or RANK[c] == ACE else _key(RANK[c] - 1, SUIT[c]) for c in range(MAX_CARD)
)
#: ``PACK_WANTS[t]`` are the two ``FKEY`` of the cards that may be packed on an
#: opponent's pile showing ``t``: the same suit, one lower and one higher (a key
#: that no card has stands for a rank past ace or king).
PACK_WANTS: tuple[tuple[int, int], ...] = tuple(
    (NO_KEY, NO_KEY) if IS_JOKER[c] else (FKEY[c] - 4, FKEY[c] + 4) for c in range(MAX_CARD)
)


def house_tables(same_suit: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(KEY, WANT)`` of the houses: a card ``c`` goes on a house showing ``t``
    exactly when ``KEY[c] == WANT[t]`` (``same_suit``: down in suit, else down in
    alternating colours)."""
    return (FKEY, SUIT_WANT) if same_suit else (ALT_KEY, ALT_WANT)


def fits_foundation(card: int, top: int | None) -> bool:
    """Whether ``card`` goes on a foundation showing ``top`` (``None``: empty, an ace)."""
    if top is None:
        return FKEY[card] in ACE_KEYS
    return FKEY[card] == FOUNDATION_WANT[top]


def fits_house(card: int, top: int, same_suit: bool = False) -> bool:
    """Whether ``card`` goes on a house showing ``top``: one lower, the other
    colour (or, with ``same_suit``, the same suit)."""
    key, want = house_tables(same_suit)
    return key[card] == want[top]


def fits_pack(card: int, top: int) -> bool:
    """Whether ``card`` may be packed on an opponent's pile showing ``top``:
    the same suit, one higher or one lower."""
    return FKEY[card] in PACK_WANTS[top]


def plain(card: int) -> int:
    """The card of deck 0 with the same rank and suit (for messages)."""
    return card & 63
