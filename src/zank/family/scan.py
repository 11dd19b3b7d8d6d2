"""The family's card moves in one pass over a position, on small tables: the kernel's scan.

:meth:`FamilyTable.scan <zank.family.table.FamilyTable.scan>` answers what
the foundations, the houses and the opponent's piles take as a set and dicts
of lists, which the explanations and the greedy policies read; building them
on every move list cost more than the moves themselves.  :func:`card_moves`
finds the same card moves as :meth:`~zank.family.table.FamilyTable.layout_moves`
over that scan, in the same order, without them: what each key fits is an entry
of one array of small ints, indexed by keys that tables built once here give
each card (in the compiled build a C array on the stack, in pure Python one
list), and the houses or opponent's piles that take a key are the bits of its
entry.  The fits are those of :mod:`zank.family.fits`, read from its tables
(``FKEY``, ``FOUNDATION_WANT``, the houses' ``KEY`` and ``WANT``,
``PACK_WANTS``), so a fit rule is still written once.

The array has two parts of 64 entries: one by :data:`~zank.family.fits.FKEY`
(a flag where a foundation takes the card of that key, and the bits of the
opponent's piles that take it) and one by the houses' key (the bits of the
houses whose outer card takes it).  A card with no key (a joker) reads an entry
that nothing writes, and a want that no card has (what a king wants on a
foundation) writes an entry that no card reads.

>>> import zank
>>> from zank.family.scan import card_moves
>>> rules = zank.variant("zank-detailed")
>>> state = rules.new_game(seed=1)
>>> moves, found, gap = card_moves(rules, state.piles, 0, 2, 0, False)
>>> found, gap, [m.text for m in moves] == [m.text for m in rules.legal_moves(state)[:-1]]
(0, -1, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zank.cards import IS_JOKER, MAX_CARD
from zank.family.fits import ACE_KEYS, FKEY, FOUNDATION_WANT, PACK_WANTS, house_tables

try:  # the C types of the compiled build (Cython's pure-Python mode)
    import cython

    if not cython.compiled:  # an installed Cython's stand-in: zank's own instead
        raise ImportError
except ImportError:  # pure Python: the declarations change nothing
    from zank import _nocython as cython  # type: ignore[no-redef]

if TYPE_CHECKING:
    from zank.core import Move
    from zank.family.table import FamilyTable

__all__ = ["MAX_MASK_BITS", "Geometry", "card_moves", "geometry"]

#: The C index type of the compiled build's ``@cython.locals`` lists (an ``int`` in pure Python).
_Int = cython.typedef(cython.Py_ssize_t)
#: Python's tuple and list, typed (the compiled build checks the type where it assigns).
_Tuple = cython.typedef(tuple)
_List = cython.typedef(list)
#: The array of the two parts and the keyless entry (a C array in the
#: compiled build, a list in pure Python).
_Keys = cython.typedef(cython.longlong[129])
#: A table by card id (a C array in the compiled build, a tuple in pure Python).
_Cards = cython.typedef(cython.longlong[512])
assert MAX_CARD == 512  # the size of _Cards
#: One of the tables by card id, chosen (a C pointer in the compiled build).
_Table = cython.typedef(cython.p_longlong)

#: The most houses and opponent's piles :func:`geometry` accepts (their masks'
#: bits are listed in a table of ``2 ** n`` entries).
MAX_MASK_BITS = 12
_HOUSE = 64  # the houses' part of the array (the FKEY part is 0..63)
_NONE = 128  # the entry of a card without a key (a joker): nothing writes it
#: In the FKEY part: the flag of a key that a foundation takes, and the mask of
#: the packing targets' bits below it (C constants in the compiled build).
_FITS = cython.declare(_Int, 1 << MAX_MASK_BITS)
_PACKS = cython.declare(_Int, (1 << MAX_MASK_BITS) - 1)


def _part(part: int, keys: tuple[int, ...], wants: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Each card's entry in ``part`` under ``keys`` (a joker: the entry that
    nothing writes), and the entry that a top ``t`` wanting ``wants[t]``
    writes (a want that no card has, such as a rank past the king: entry 0
    of the part, which no card reads)."""
    real = set()
    for c in range(MAX_CARD):
        if not IS_JOKER[c]:
            real.add(keys[c])
    assert min(real) > 0  # entry 0 of a part is no card's
    assert max(real) < 64
    cards = []
    for c in range(MAX_CARD):
        cards.append(_NONE if IS_JOKER[c] else part + keys[c])
    want = []
    for w in wants:
        want.append(part + (w if w in real else 0))
    return tuple(cards), tuple(want)


#: A card's entry in the FKEY part, and the entry a foundation top writes (the
#: tables are C arrays in the compiled build, tuples in pure Python).
_KEY_AT = cython.declare(_Cards, _part(0, FKEY, FOUNDATION_WANT)[0])
_FOUND_AT = cython.declare(_Cards, _part(0, FKEY, FOUNDATION_WANT)[1])
#: The entries of the four aces (what an empty foundation takes).
_ACE_AT = ACE_KEYS
#: The two entries that an opponent's top writes (one lower, one higher).
_LOW_AT = cython.declare(_Cards, _part(0, FKEY, tuple([lo for lo, _ in PACK_WANTS]))[1])
_HIGH_AT = cython.declare(_Cards, _part(0, FKEY, tuple([hi for _, hi in PACK_WANTS]))[1])
#: A card's entry in the houses' part, and the entry a house top writes: houses
#: built in alternating colours, and in suit (``same_suit_houses``).
_ALT_AT = cython.declare(_Cards, _part(_HOUSE, *house_tables(False))[0])
_ALT_WANT_AT = cython.declare(_Cards, _part(_HOUSE, *house_tables(False))[1])
_SUIT_AT = cython.declare(_Cards, _part(_HOUSE, *house_tables(True))[0])
_SUIT_WANT_AT = cython.declare(_Cards, _part(_HOUSE, *house_tables(True))[1])

#: The set bits of every mask of ``n`` bits, lowest first, by ``n`` (built on demand).
_BITS: dict[int, tuple[tuple[int, ...], ...]] = {}


def _bits(n: int) -> tuple[tuple[int, ...], ...]:
    """The set bits of every mask below ``2 ** n``, lowest first."""
    if n not in _BITS:
        table = []
        for m in range(1 << n):
            bits = []
            for i in range(n):
                if m >> i & 1:
                    bits.append(i)
            table.append(tuple(bits))
        _BITS[n] = tuple(table)
    return _BITS[n]


#: What :func:`card_moves` reads of a rules object, once (:func:`geometry`).
Geometry = tuple[
    tuple[tuple["Move", ...], ...],  # the card moves by source and target code
    int,  # the source code of house 1
    int,  # the state index of house 1
    int,  # foundations
    int,  # houses
    bool,  # gap_from_house
    tuple[tuple[int, ...], ...],  # each seat's source piles
    tuple[tuple[int, ...], ...],  # each seat's packing targets (state indices)
    int,  # the target code of the first packing target
    bool,  # same_suit_houses
    tuple[tuple[int, ...], ...],  # the set bits of each mask
]


def geometry(rules: FamilyTable) -> Geometry | None:
    """What :func:`card_moves` reads of ``rules`` (the table's slots, kept once
    on the rules object), or ``None`` where the table has more houses or
    packing targets than the masks hold (:data:`MAX_MASK_BITS`)."""
    n = max(rules.house_count, len(rules.pack_targets))
    if n > MAX_MASK_BITS:
        return None
    return (
        rules._grid,
        rules._house_source,
        rules._house_base,
        rules.foundation_count,
        rules.house_count,
        rules._gap_moves,
        rules._src_index,
        rules._pack_index,
        rules._pack_target,
        rules.same_suit_houses,
        _bits(n),
    )


# the hot path of every move list of the reserve-and-hand-pile game, in one pass:
# long: one function on purpose; a call per part would cost more than its loops
@cython.locals(hs=_Int, hb=_Int, nf=_Int, nh=_Int, pt=_Int, s=_Int, h=_Int, i=_Int, j=_Int)
@cython.locals(c=_Int, gap=_Int, m=_Int, found=_Int, empty=_Int, a=_Keys, pile=_Tuple)
@cython.locals(house_at=_Table, want_at=_Table, key_at=_Table)
@cython.locals(bits=_Tuple, grid=_Tuple, src=_Tuple, pack=_Tuple, moves=_List)
@cython.locals(run=_Int, stall=_Int, d=_Int)
def card_moves(
    rules: FamilyTable,
    piles: tuple[tuple[int, ...], ...],
    seat: int,
    free: int,
    blocked: int,
    first: bool,
    runs: bool = False,
    stalled: bool = False,
) -> tuple[list[Move], int, int]:
    """Every card move of ``seat`` that the table allows on ``piles``:
    ``(moves, found, gap)``.

    The moves are :meth:`~zank.family.table.FamilyTable.layout_moves`' ``found``
    then ``others`` for the :meth:`~zank.family.table.FamilyTable.scan` of
    ``piles`` (a state's or a working position's: a sequence of tuples), the
    own cards being the tops of the first ``free`` sources, with ``blocked``
    and ``runs`` as there; ``found`` says how many of them go onto a
    foundation, ``gap`` is the first gap (``-1``: none).  With ``first`` the
    moves are those onto a foundation alone when there are any.  Nothing is
    packed onto the opponent's piles with ``stalled`` when an own card can be
    laid on a house or into a gap (zank-104's ``pack_when_stalled``): then the
    first move after the foundation moves, ``moves[found]``, is such a move
    of an own card.  ``rules`` must have a :func:`geometry`.
    """
    geo = rules._scan_geometry
    assert geo is not None
    grid, hs, hb, nf, nh, gap_moves, sources, targets, pt, same, bits = geo
    if same:
        house_at = _SUIT_AT
        want_at = _SUIT_WANT_AT
    else:
        house_at = _ALT_AT
        want_at = _ALT_WANT_AT
    key_at = _KEY_AT
    a = [0] * 129
    empty = 0
    for i in range(nf):  # what the foundations take
        pile = piles[i]
        if pile:
            c = pile[-1]
            a[_FOUND_AT[c]] = _FITS
        else:
            empty = 1
    if empty:
        for j in _ACE_AT:
            a[j] = _FITS
    moves: list[Move] = []
    src = sources[seat]
    for s in range(free):  # the own cards onto a foundation
        i = src[s]
        pile = piles[i]
        if pile:
            c = pile[-1]
            if a[key_at[c]]:
                moves.append(grid[s][0])
    gap = -1
    for h in range(nh):  # the houses' outer cards onto a foundation; what the houses take
        pile = piles[hb + h]
        if pile:
            c = pile[-1]
            if a[key_at[c]]:
                moves.append(grid[hs + h][0])
            a[want_at[c]] |= 1 << h
        elif gap < 0:
            gap = h
    found = len(moves)
    if found and first:
        return moves, found, gap
    run = 1 if runs else 0  # the flags as C ints (the parameters stay Python's)
    stall = 0
    if stalled:  # does an own card go onto a house or into a gap (then nothing is packed)?
        for s in range(free):
            i = src[s]
            pile = piles[i]
            if pile:
                c = pile[-1]
                if gap >= 0 or a[house_at[c]]:
                    stall = 1
                    break
    if not stall:
        pack = targets[seat]
        for j in range(len(pack)):  # what the opponent's piles take
            i = pack[j]
            pile = piles[i]
            if pile:
                c = pile[-1]
                a[_LOW_AT[c]] |= 1 << j
                a[_HIGH_AT[c]] |= 1 << j
    for s in range(free):  # the own cards onto houses, the first gap, the opponent
        i = src[s]
        pile = piles[i]
        if pile:
            c = pile[-1]
            row = grid[s]
            m = a[house_at[c]]
            if m:
                for h in bits[m]:
                    moves.append(row[h + 1])
            if gap >= 0:
                moves.append(row[gap + 1])
            m = a[key_at[c]] & _PACKS
            if m:
                for j in bits[m]:
                    moves.append(row[pt + j])
    gap_moves = gap >= 0 and gap_moves
    for h in range(nh):  # the houses' outer cards onto houses, the first gap, the opponent
        pile = piles[hb + h]
        if pile:
            c = pile[-1]
            # (the row of moves read only where one is taken: most houses move nowhere)
            if not blocked or not (blocked >> h) & 1:
                m = a[house_at[c]] & ~(1 << h)
                if run:  # the house is a run built down: what any of its cards fits
                    for d in pile:
                        m |= a[house_at[d]] & ~(1 << h)
                if m:
                    row = grid[hs + h]
                    for j in bits[m]:
                        moves.append(row[j + 1])
                if gap_moves and len(pile) > 1:
                    moves.append(grid[hs + h][gap + 1])
            m = a[key_at[c]] & _PACKS
            if m:
                row = grid[hs + h]
                for j in bits[m]:
                    moves.append(row[pt + j])
    return moves, found, gap
