"""Why the family's table refuses a card move, in words: functions over a
:class:`~zank.family.table.FamilyTable` (as :mod:`zank.family.classic_explain`
is classic zank's), behind its
:meth:`~zank.family.table.FamilyTable.explain_card_move` and
:meth:`~zank.family.table.FamilyTable.house_needs`.

Every answer comes from the kernel scan that the move generator asks
(:meth:`~zank.family.table.FamilyTable.scan`), so that a refusal and the legal
moves cannot disagree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zank.cards import ACE, COLOUR, KING, RANK, SUIT, SUIT_SYMBOLS, card_unicode
from zank.core import Move, State, Violation
from zank.family.fits import FKEY, plain
from zank.family.seat import TURNED

if TYPE_CHECKING:
    from zank.family.table import FamilyTable

__all__ = ["colour_word", "explain_card_move", "house_needs", "rank_word"]

_RANK_WORDS = (
    "joker",
    "ace",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    "jack",
    "queen",
    "king",
)


def rank_word(rank: int) -> str:
    """The rank in words: ``"ace"``, ``"7"``, ``"queen"``."""
    return _RANK_WORDS[rank]


def colour_word(colour: int) -> str:
    """``"black"`` or ``"red"``."""
    return "red" if colour else "black"


def house_needs(rules: FamilyTable, top: int) -> str:
    """What a house showing ``top`` takes, in words: ``"a black 7"``."""
    if RANK[top] == ACE:
        word = rules.house_word
        return f"nothing (an ace ends {'an' if word[0] in 'aeiou' else 'a'} {word})"
    lower = rank_word(RANK[top] - 1)
    if rules.same_suit_houses:
        return f"the {SUIT_SYMBOLS[SUIT[top]]} {lower}"
    return f"a {colour_word(1 - COLOUR[top])} {lower}"


def explain_card_move(rules: FamilyTable, state: State, move: Move) -> Violation | None:
    """Why the table does not allow card move ``move`` now, or ``None`` if the
    cards allow it (mandatory moves are the variant's business)."""
    p = state.to_move
    assert p is not None
    piles = state.piles
    s, t = move.source, move.target
    pile = piles[rules._src_index[p][s]]
    if not pile:
        if s < rules.house_source and rules.sources[s][1] == TURNED:
            return Violation(rules.rule_free, "you have no turned hand card: turn one first")
        return Violation(rules.rule_free, f"{rules.source_name(s)} is empty")
    card = pile[-1]
    fits, wants, gap, _, packs = rules.scan(piles, p)
    if t == 0:
        if FKEY[card] in fits:
            return None
        return Violation(
            rules.rule_foundation,
            f"{card_unicode(card)} cannot go on a foundation: it goes on the "
            f"{card_unicode(plain(card) - 1)}, and no foundation shows one",
        )
    if t < rules.pack_target:
        return _explain_house_move(rules, piles, s, t, card, wants, gap)
    name = rules.target_name(t)
    target = piles[rules.pack_pile(p, t)]
    if not target:
        return Violation(rules.rule_pack, f"{name} is empty: there is nothing to pack on")
    if t in packs.get(FKEY[card], ()):
        return None
    top = target[-1]
    top_plain = plain(top)
    takes = " or ".join(
        card_unicode(x) for x in (top_plain - 1, top_plain + 1) if ACE <= RANK[x] <= KING
    )
    return Violation(
        rules.rule_pack,
        f"{card_unicode(card)} cannot be packed on {name}: it shows {card_unicode(top)},"
        f" which takes {takes} (same suit, one higher or lower)",
    )


def _explain_house_move(
    rules: FamilyTable,
    piles: tuple[tuple[int, ...], ...],
    s: int,
    t: int,
    card: int,
    wants: dict[int, list[int]],
    gap: int,
) -> Violation | None:
    """:func:`explain_card_move` of a card (from source code ``s``) onto house
    ``t``, by the ``wants`` and ``gap`` of the kernel scan."""
    word = rules.house_word
    house = piles[rules.house_base + t - 1]
    if house:
        if t - 1 in wants.get(rules.house_key(card), ()):
            return None
        return Violation(
            rules.rule_house,
            f"{card_unicode(card)} cannot go on {word} {t}: it shows "
            f"{card_unicode(house[-1])}, which takes {house_needs(rules, house[-1])}",
        )
    hs = rules.house_source
    if s >= hs and not rules.gap_from_house:
        return Violation(
            rules.rule_house,
            f"{word} {t} is a gap: a gap is filled only from {rules.gap_fillers}, "
            f"never from another {word}",
        )
    if gap != t - 1:
        return Violation(
            rules.rule_house, f"a card for a gap goes into the first gap, {word} {gap + 1}"
        )
    if s >= hs and len(piles[rules.house_base + s - hs]) == 1:
        return Violation(
            rules.rule_house,
            f"moving the only card of {word} {s - hs + 1} into a gap changes nothing",
        )
    return None
