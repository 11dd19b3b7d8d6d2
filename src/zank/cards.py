"""Cards as small integers, with lookup tables built once at import.

A card is an ``int``: ``deck << 6 | suit << 4 | rank``.

* ``rank`` is 1 (ace) to 13 (king); 0 marks a joker.
* ``suit`` is 0 clubs ♣, 1 diamonds ♦, 2 hearts ♥, 3 spades ♠.  For a joker the
  suit bits say which joker: 0 the black joker, 1 the red joker.
* ``deck`` is the pack the card belongs to (its back), 0 to 7.  In the
  Zank-Patience family every player owns a pack; in Spite and Malice the packs
  are mixed and the deck only keeps every card distinct.

Engines keep plain ints in their piles (fast, compact).  :class:`Card` is an
``int`` subclass with readable properties for code at the edges:

>>> from zank.cards import Card
>>> c = Card.parse("10d")
>>> c.rank, c.suit_symbol, str(c), c.unicode
(10, '♦', 'Td', '10♦')
>>> Card.parse("Qs:1").deck
1
>>> str(Card.make(0, 1))
'Xr'
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from zank.errors import NotationError, quote

__all__ = [
    "ACE",
    "BLACK",
    "CLUBS",
    "COLOUR",
    "DECK",
    "DIAMONDS",
    "HEARTS",
    "IS_JOKER",
    "JACK",
    "JOKER",
    "KING",
    "MAX_CARD",
    "MAX_DECKS",
    "QUEEN",
    "RANK",
    "RED",
    "SPADES",
    "SUIT",
    "Card",
    "card_text",
    "card_unicode",
    "cards_text",
    "full_deck",
    "make_card",
    "parse_card",
    "parse_cards",
]

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
BLACK, RED = 0, 1
JOKER, ACE, JACK, QUEEN, KING = 0, 1, 11, 12, 13
MAX_DECKS = 8
MAX_CARD = MAX_DECKS << 6  # every card id is below this

SUIT_LETTERS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
RANK_LETTERS = ("X", "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
RANK_NAMES = ("X", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def make_card(rank: int, suit: int, deck: int = 0) -> int:
    """Return the card id of ``rank`` (0 joker, 1 ace … 13 king) in ``suit`` of ``deck``.

    Raises:
        NotationError: a rank, suit or deck out of range.
    """
    if not _small_int(rank) or not 0 <= rank <= 13:
        raise NotationError(f"rank must be 0 (joker) to 13 (king), not {quote(rank)}")
    if not _small_int(suit) or not 0 <= suit <= (1 if rank == JOKER else 3):
        raise NotationError(f"suit {quote(suit)} is out of range for rank {rank}")
    if not _small_int(deck) or not 0 <= deck < MAX_DECKS:
        raise NotationError(f"deck must be 0 to {MAX_DECKS - 1}, not {quote(deck)}")
    return deck << 6 | suit << 4 | rank


def _small_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _valid(c: int) -> bool:
    r, s = c & 15, (c >> 4) & 3
    return 1 <= r <= 13 or (r == 0 and s <= 1)


#: ``RANK[c]``: 1 (ace) to 13 (king), 0 for a joker.
RANK: tuple[int, ...] = tuple(c & 15 for c in range(MAX_CARD))
#: ``SUIT[c]``: 0 ♣, 1 ♦, 2 ♥, 3 ♠ (for jokers: 0 black, 1 red).
SUIT: tuple[int, ...] = tuple((c >> 4) & 3 for c in range(MAX_CARD))
#: ``DECK[c]``: the pack (back) a card belongs to.
DECK: tuple[int, ...] = tuple(c >> 6 for c in range(MAX_CARD))
#: ``COLOUR[c]``: 0 black (♣ ♠), 1 red (♦ ♥); a joker's colour is its suit bit.
COLOUR: tuple[int, ...] = tuple(
    ((c >> 4) & 3) if c & 15 == JOKER else (1 if (c >> 4) & 3 in (DIAMONDS, HEARTS) else 0)
    for c in range(MAX_CARD)
)
#: ``IS_JOKER[c]``: whether the card is a joker.
IS_JOKER: tuple[bool, ...] = tuple(c & 15 == JOKER for c in range(MAX_CARD))


def _text(c: int, unicode: bool) -> str:
    if not (0 <= c < MAX_CARD and _valid(c)):
        return f"?{c}"
    r, s, d = RANK[c], SUIT[c], DECK[c]
    if r == JOKER:
        base = ("🃏" if s == BLACK else "🂿") if unicode else ("Xb" if s == BLACK else "Xr")
    elif unicode:
        base = RANK_NAMES[r] + SUIT_SYMBOLS[s]
    else:
        base = RANK_LETTERS[r] + SUIT_LETTERS[s]
    return f"{base}:{d}" if d else base


_TEXT = tuple(_text(c, False) for c in range(MAX_CARD))
_UNICODE = tuple(_text(c, True) for c in range(MAX_CARD))


def card_text(c: int) -> str:
    """The canonical ASCII notation of a card: ``Ah``, ``Td``, ``Xr``; ``:N`` for deck N > 0."""
    return _TEXT[c] if 0 <= c < MAX_CARD else f"?{c}"


def card_unicode(c: int) -> str:
    """The Unicode rendering of a card: ``A♥``, ``10♦``."""
    return _UNICODE[c] if 0 <= c < MAX_CARD else f"?{c}"


def cards_text(cards: Iterable[int]) -> str:
    """Space-separated ASCII notation of several cards."""
    return " ".join(card_text(c) for c in cards)


_CARD_RE = re.compile(
    r"^(?:(?P<rank>10|[2-9tjqka])(?P<suit>[cdhs♣♦♥♠])|x(?P<joker>[br])|(?P<uj>🃏|🂿))"
    r"(?::(?P<deck>[0-7]))?$",
    re.IGNORECASE,
)
_RANK_OF = {"a": 1, "t": 10, "10": 10, "j": 11, "q": 12, "k": 13}
_RANK_OF.update({str(n): n for n in range(2, 10)})
_SUIT_OF = {"c": 0, "d": 1, "h": 2, "s": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3}


def parse_card(text: str) -> int:
    """Parse card notation (case-insensitive; ``10d`` and ``Td`` both work).

    >>> from zank.cards import parse_card
    >>> parse_card("ah") == parse_card("A♥")
    True

    Raises:
        NotationError: the text is not a card.
    """
    if type(text) is str:
        c = _CANONICAL.get(text)
        if c is not None:  # the notation card_text writes: no need to match it
            return c
    m = _CARD_RE.match(text.strip()) if isinstance(text, str) else None
    if m is None:
        raise NotationError(
            f"{quote(text)} is not a card: expected a rank (A 2-10 T J Q K) and a suit "
            "(c d h s or ♣ ♦ ♥ ♠), e.g. 'Ah' or '10d', or a joker 'Xb'/'Xr', "
            "optionally followed by ':N' for deck N (0-7)"
        )
    deck = int(m["deck"]) if m["deck"] else 0
    if m["joker"]:
        return deck << 6 | (0 if m["joker"].lower() == "b" else 1) << 4
    if m["uj"]:
        return deck << 6 | (0 if m["uj"] == "🃏" else 1) << 4
    return deck << 6 | _SUIT_OF[m["suit"].lower()] << 4 | _RANK_OF[m["rank"].lower()]


def _canonical() -> dict[str, int]:
    """Each card's :func:`card_text` to its id, for the ids it parses back to
    (read while :data:`_CANONICAL` is still empty: by the pattern)."""
    out = {}
    for c, text in enumerate(_TEXT):
        try:
            if parse_card(text) == c:
                out[text] = c
        except NotationError:
            pass
    return out


_CANONICAL: dict[str, int] = {}
_CANONICAL.update(_canonical())


def parse_cards(text: str) -> tuple[int, ...]:
    """Parse space- or comma-separated cards: ``"Ah 2h 3h"``.

    Raises:
        NotationError: the text is not a string, or one of its words is not a card.
    """
    if not isinstance(text, str):
        raise NotationError(f"cards are written as text, e.g. 'Ah 2h', not {quote(text)}")
    return tuple(parse_card(t) for t in text.replace(",", " ").split())


def full_deck(deck: int = 0, jokers: int = 0) -> tuple[int, ...]:
    """The 52 cards of one pack (plus ``jokers`` jokers, at most 2), ordered by suit and rank."""
    cards = [deck << 6 | s << 4 | r for s in range(4) for r in range(1, 14)]
    cards.extend(deck << 6 | j << 4 for j in range(jokers))
    return tuple(cards)


class Card(int):
    """A card id with readable properties; it *is* the ``int`` the engines use.

    >>> from zank.cards import RED, Card
    >>> Card.parse("Kh").colour == RED
    True
    """

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse card notation, see :func:`parse_card`."""
        return cls(parse_card(text))

    @classmethod
    def make(cls, rank: int, suit: int, deck: int = 0) -> Card:
        """Build a card from rank, suit and deck, see :func:`make_card`."""
        return cls(make_card(rank, suit, deck))

    @property
    def rank(self) -> int:
        """1 (ace) to 13 (king); 0 for a joker."""
        return RANK[self]

    @property
    def suit(self) -> int:
        """0 ♣, 1 ♦, 2 ♥, 3 ♠; for a joker, 0 black and 1 red."""
        return SUIT[self]

    @property
    def suit_symbol(self) -> str:
        """The suit as a symbol (``""`` for a joker)."""
        return "" if IS_JOKER[self] else SUIT_SYMBOLS[SUIT[self]]

    @property
    def deck(self) -> int:
        """The pack (back) the card belongs to."""
        return DECK[self]

    @property
    def colour(self) -> int:
        """0 black, 1 red."""
        return COLOUR[self]

    @property
    def is_joker(self) -> bool:
        """Whether this card is a joker."""
        return IS_JOKER[self]

    @property
    def unicode(self) -> str:
        """Unicode rendering, e.g. ``10♦``."""
        return card_unicode(self)

    def __str__(self) -> str:
        return card_text(self)

    def __repr__(self) -> str:
        return f"Card.parse({card_text(self)!r})"
