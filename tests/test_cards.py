"""Cards: the int encoding, the lookup tables and the notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from zank.cards import (
    COLOUR,
    DECK,
    IS_JOKER,
    MAX_CARD,
    RANK,
    RED,
    SUIT,
    Card,
    card_text,
    card_unicode,
    full_deck,
    make_card,
    parse_card,
    parse_cards,
)
from zank.errors import NotationError

VALID = [c for c in range(MAX_CARD) if 1 <= c & 15 <= 13 or (c & 15 == 0 and (c >> 4) & 3 <= 1)]


@pytest.mark.parametrize(
    ("text", "rank", "suit", "deck"),
    [
        ("Ah", 1, 2, 0),
        ("ah", 1, 2, 0),
        ("AH", 1, 2, 0),
        ("Td", 10, 1, 0),
        ("10d", 10, 1, 0),
        ("10♦", 10, 1, 0),
        ("K♠", 13, 3, 0),
        ("2c", 2, 0, 0),
        ("Qs:1", 12, 3, 1),
        (" 9h:7 ", 9, 2, 7),
        ("Xb", 0, 0, 0),
        ("xr:3", 0, 1, 3),
        ("🂿", 0, 1, 0),
    ],
)
def test_parse(text: str, rank: int, suit: int, deck: int) -> None:
    c = parse_card(text)
    assert (RANK[c], SUIT[c], DECK[c]) == (rank, suit, deck)
    assert c == make_card(rank, suit, deck)


@pytest.mark.parametrize("text", ["", "A", "1h", "11h", "Ax", "Ah:8", "Xz", "Ahh", "joker", "0s"])
def test_bad_text_raises_notation_error_naming_it(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_card(text)
    assert repr(text) in str(info.value)
    assert "expected" in str(info.value)


def test_bad_types_raise_notation_error() -> None:
    with pytest.raises(NotationError):
        parse_card(12)  # type: ignore[arg-type]


@given(st.sampled_from(VALID))
def test_text_and_unicode_round_trip(c: int) -> None:
    assert parse_card(card_text(c)) == c
    assert parse_card(card_unicode(c)) == c
    assert parse_card(card_text(c).lower()) == c


def test_canonical_output() -> None:
    assert card_text(make_card(10, 1)) == "Td"
    assert card_unicode(make_card(10, 1)) == "10♦"
    assert card_text(make_card(13, 3, 1)) == "Ks:1"
    assert card_text(make_card(0, 0)) == "Xb"
    assert str(Card.parse("10h")) == "Th"
    assert repr(Card.parse("10h")) == "Card.parse('Th')"


def test_tables() -> None:
    ah, ks, xr = parse_card("Ah"), parse_card("Ks"), parse_card("Xr")
    assert COLOUR[ah] == RED
    assert COLOUR[ks] != RED
    assert COLOUR[parse_card("7d")] == RED
    assert COLOUR[parse_card("7c")] != RED
    assert IS_JOKER[xr]
    assert not IS_JOKER[ah]
    card = Card(ks)
    assert (card.rank, card.suit, card.suit_symbol) == (13, 3, "♠")
    assert (card.deck, card.is_joker) == (0, False)
    assert card == ks  # a Card is the int the engines use
    assert Card(xr).suit_symbol == ""


def test_make_card_checks_ranges() -> None:
    with pytest.raises(ValueError, match="rank"):
        make_card(14, 0)
    with pytest.raises(ValueError, match="suit"):
        make_card(0, 2)
    with pytest.raises(ValueError, match="deck"):
        make_card(1, 0, 8)


def test_full_deck_and_parse_cards() -> None:
    deck = full_deck(1, jokers=2)
    assert len(deck) == len(set(deck)) == 54
    assert all(DECK[c] == 1 for c in deck)
    assert parse_cards("Ah, 2h 3h") == (parse_card("Ah"), parse_card("2h"), parse_card("3h"))
