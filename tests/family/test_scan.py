"""The family's one-pass card moves (:func:`zank.family.scan.card_moves`) are
:meth:`~zank.family.table.FamilyTable.layout_moves` over the
:meth:`~zank.family.table.FamilyTable.scan`, move for move and in order.

The move generators of zank-detailed and crapette find their card moves with
``card_moves``; the explanations, the greedy policies and zank-104 read the
scan's sets and dicts.  Here both are asked about the same positions of every
variant of the family that plays on the scan's geometry (houses in alternating
colours and in suit, one or two packing targets), for every number of
free own sources, with and without blocked houses, and with and without the
foundations first.
"""

from __future__ import annotations

import attrs
import pytest

import zank
from zank.cards import parse_card
from zank.core import Move, State
from zank.family import scan
from zank.family.table import FamilyTable
from zank.random import Rng

VARIANTS = ("zank-detailed", "crapette", "zank-104", "schikanieren")
GAMES = 2
EVERY = 3  # every this many states of a game are asked


def _states(name: str) -> tuple[FamilyTable, list[State]]:
    rules = zank.variant(name)
    assert isinstance(rules, FamilyTable)
    out = []
    for seed in range(GAMES):
        state = rules.new_game(seed=seed)
        rng = Rng(seed + 7)
        n = 0
        while state.outcome is None and n < 400:
            if n % EVERY == 0 and state.to_move is not None:
                out.append(state)
            legal = rules.legal_moves(state)
            state = rules.apply(state, legal[rng.below(len(legal))])
            n += 1
    return rules, out


def _expected(
    rules: FamilyTable, state: State, free: int, blocked: int, first: bool
) -> tuple[list[Move], int, int]:
    piles, p = state.piles, state.to_move
    assert p is not None
    own = []
    for s in range(free):
        pile = piles[rules.source_pile(p, s)]
        if pile:
            own.append((s, pile[-1]))
    found_scan = rules.scan(piles, p)
    found, others, _ = rules.layout_moves(piles, own, found_scan, blocked, found_only=first)
    return found + others, len(found), found_scan[2]


@pytest.mark.parametrize("name", VARIANTS)
def test_card_moves_are_the_layout_moves_of_the_scan(name: str) -> None:
    rules, states = _states(name)
    assert rules._scan_geometry is not None
    assert len(states) > 50
    houses = (1 << rules.house_count) - 1
    asked = 0
    for i, state in enumerate(states):
        p = state.to_move
        assert p is not None
        for free in range(len(rules.sources) + 1):
            for blocked in (0, -1, 0b101 & houses, i % (houses + 1)):
                for first in (False, True):
                    want = _expected(rules, state, free, blocked, first)
                    got = scan.card_moves(rules, state.piles, p, free, blocked, first)
                    assert got == want, (name, i, free, blocked, first)
                    asked += 1
    assert asked > 1000


def test_a_joker_and_an_empty_table_take_nothing() -> None:
    # the three-player game's joker lies aside; here it is put on top of every pile
    # (a position no game reaches): it fits nothing, and nothing fits it
    rules = zank.variant("zank-detailed")
    assert isinstance(rules, FamilyTable)
    joker = parse_card("Xr")
    state = rules.new_game(seed=3)
    piles = tuple((*pile, joker) for pile in state.piles)
    p = state.to_move
    assert p is not None
    free = len(rules.sources)
    got = scan.card_moves(rules, piles, p, free, 0, False)
    assert got == _expected(rules, attrs.evolve(state, piles=piles), free, 0, False)
    assert got == ([], 0, -1)
    empty = tuple(() for _ in piles)
    assert scan.card_moves(rules, empty, p, free, 0, False) == ([], 0, 0)


def test_a_table_too_large_for_the_masks_has_no_geometry() -> None:
    rules = zank.variant("zank-detailed")
    assert isinstance(rules, FamilyTable)

    class Wide:
        house_count = scan.MAX_MASK_BITS + 1
        pack_targets = rules.pack_targets

    assert scan.geometry(Wide()) is None  # type: ignore[arg-type]
    assert scan.geometry(rules) == rules._scan_geometry


def test_a_reserve_and_hand_pile_table_too_large_for_the_masks_is_refused() -> None:
    """A variant whose houses the move generator's masks cannot hold is a clear
    error when it is made, not a failure of its first move list."""
    from zank.errors import OptionError
    from zank.family.detailed import ZankDetailed

    @attrs.frozen(cache_hash=True, kw_only=True)
    class Wide(ZankDetailed):
        """zank-detailed with one house more than the masks hold."""

        name = "wide-for-scan-test"
        house_count = scan.MAX_MASK_BITS + 1

    with pytest.raises(OptionError, match=r"13 houses .* at most 12"):
        Wide()
