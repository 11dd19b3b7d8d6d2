"""Cards (zank.cards) over every card id: notation, tables, bounds and messages.

Found by mutation testing (issue 25): the bounds of the lookups (``0 <= c <
MAX_CARD``), the joker suits and the range messages were not pinned. These tests
check the tables against the bit layout for every id, independently of the
module's own expressions.
"""

from __future__ import annotations

from typing import Any

import pytest

from zank.cards import (
    ACE,
    COLOUR,
    DECK,
    IS_JOKER,
    JACK,
    JOKER,
    KING,
    MAX_CARD,
    MAX_DECKS,
    QUEEN,
    RANK,
    SUIT,
    Card,
    card_text,
    card_unicode,
    cards_text,
    full_deck,
    make_card,
    parse_card,
    parse_cards,
)
from zank.errors import NotationError

VALID = [
    make_card(r, s, d)
    for d in range(MAX_DECKS)
    for r in range(14)
    for s in range(2 if r == 0 else 4)
]


def test_every_valid_id_and_only_those_has_a_notation() -> None:
    assert len(VALID) == len(set(VALID)) == MAX_DECKS * 54
    valid = set(VALID)
    for c in range(-2, MAX_CARD + 2):
        if c in valid:
            assert parse_card(card_text(c)) == c
            assert parse_card(card_unicode(c)) == c
            assert not card_text(c).startswith("?")
        else:
            assert card_text(c) == f"?{c}"
            assert card_unicode(c) == f"?{c}"


def test_the_tables_follow_the_bit_layout() -> None:
    assert len(RANK) == len(SUIT) == len(DECK) == len(COLOUR) == len(IS_JOKER) == MAX_CARD
    for d in range(MAX_DECKS):
        for r in range(14):
            for s in range(2 if r == 0 else 4):
                c = make_card(r, s, d)
                assert c == d * 64 + s * 16 + r
                assert (RANK[c], SUIT[c], DECK[c]) == (r, s, d)
                assert IS_JOKER[c] == (r == 0)
                assert COLOUR[c] == (s if r == 0 else int(s in (1, 2)))


def test_the_notation_of_some_cards() -> None:
    cards = [parse_card(t) for t in ("Ah", "Td", "10c:1", "Ks:7", "Xb", "Xr:2", "2s")]
    assert cards_text(cards) == "Ah Td Tc:1 Ks:7 Xb Xr:2 2s"
    assert [card_unicode(c) for c in cards] == ["A♥", "10♦", "10♣:1", "K♠:7", "🃏", "🂿:2", "2♠"]
    assert parse_card(" qD ") == parse_card("Q♦") == make_card(12, 1)
    assert parse_card("🂿:1") == make_card(0, 1, 1)
    assert (
        parse_cards("Ah, 2h  3h")
        == parse_cards("ah 2h 3h")
        == tuple(make_card(r, 2) for r in (1, 2, 3))
    )
    assert parse_cards("") == ()


@pytest.mark.parametrize("text", ["Ah:8", "1h", "11h", "Ax", "X", "Xg", "Ah:", "AAh", "", "🃏:9"])
def test_what_is_not_a_card(text: str) -> None:
    with pytest.raises(NotationError, match=r"is not a card: expected a rank \(A 2-10 T J Q K\)"):
        parse_card(text)


@pytest.mark.parametrize("value", [5, None, ["Ah"], b"Ah"])
def test_cards_are_text(value: Any) -> None:
    with pytest.raises(NotationError, match="is not a card"):
        parse_card(value)
    with pytest.raises(NotationError, match=r"^cards are written as text, e.g. 'Ah 2h', not "):
        parse_cards(value)


@pytest.mark.parametrize(
    ("args", "match"),
    [
        ((14, 0), r"^rank must be 0 \(joker\) to 13 \(king\), not 14$"),
        ((-1, 0), r"^rank must be 0 \(joker\) to 13 \(king\), not -1$"),
        ((True, 0), r"^rank must be 0 \(joker\) to 13 \(king\), not True$"),
        ((1, 4), r"^suit 4 is out of range for rank 1$"),
        ((1, -1), r"^suit -1 is out of range for rank 1$"),
        ((0, 2), r"^suit 2 is out of range for rank 0$"),
        ((1, False), r"^suit False is out of range for rank 1$"),
        ((1, 0, 8), r"^deck must be 0 to 7, not 8$"),
        ((1, 0, 9), r"^deck must be 0 to 7, not 9$"),
        ((1, 0, -1), r"^deck must be 0 to 7, not -1$"),
        ((1, 0, 1.0), r"^deck must be 0 to 7, not 1.0$"),
    ],
)
def test_make_card_names_what_is_out_of_range(args: tuple[Any, ...], match: str) -> None:
    with pytest.raises(NotationError, match=match):
        make_card(*args)


def test_the_edges_of_make_card() -> None:
    assert make_card(13, 3, 7) == MAX_CARD - 3
    assert make_card(0, 1) == 16
    assert make_card(1, 0) == 1


def test_a_full_deck() -> None:
    deck = full_deck(3, 2)
    assert len(deck) == 54
    assert deck[:13] == tuple(make_card(r, 0, 3) for r in range(1, 14))
    assert deck[-3:] == (make_card(13, 3, 3), make_card(0, 0, 3), make_card(0, 1, 3))
    assert set(full_deck()) == {c for c in VALID if DECK[c] == 0 and not IS_JOKER[c]}
    assert full_deck(1, 1)[-1] == make_card(0, 0, 1)


def test_card_objects() -> None:
    ten = Card.parse("Td:2")
    assert (ten.rank, ten.suit, ten.deck, ten.colour, ten.is_joker) == (10, 1, 2, 1, False)
    assert (str(ten), repr(ten), ten.unicode, ten.suit_symbol) == (
        "Td:2",
        "Card.parse('Td:2')",
        "10♦:2",
        "♦",
    )
    joker = Card.make(0, 1)
    assert (joker.is_joker, joker.suit_symbol, joker.colour, str(joker)) == (True, "", 1, "Xr")
    assert Card.make(13, 3) == parse_card("Ks")
    assert isinstance(Card.make(13, 3), Card)


def test_the_named_ranks_are_those_of_the_notation() -> None:
    letters = {JOKER: "Xb", ACE: "Ac", JACK: "Jc", QUEEN: "Qc", KING: "Kc"}
    for rank, text in letters.items():
        assert RANK[parse_card(text)] == rank
    assert (JOKER, ACE, JACK, QUEEN, KING) == (0, 1, 11, 12, 13)
