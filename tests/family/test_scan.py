"""The family's one-pass card moves (:func:`zank.family.scan.card_moves`) are
:meth:`~zank.family.table.FamilyTable.layout_moves` over the
:meth:`~zank.family.table.FamilyTable.scan`, move for move and in order.

The move generators of zank-detailed, crapette and zank-104 find their card
moves with ``card_moves``; the explanations and the greedy policies read the
scan's sets and dicts.  Here both are asked about the same positions of every
variant of the family that plays on the scan's geometry (houses in alternating
colours and in suit, one or two packing targets), for every number of
free own sources, with and without blocked houses, and with and without the
foundations first; on zank-104's positions also with its stair runs and its
packing only when stalled, and zank-104's move generator is checked against
the one it replaced, which read the scan.
"""

from __future__ import annotations

import attrs
import pytest

import zank
from zank.cards import ACE, KING, RANK, full_deck, parse_card
from zank.core import Move, State
from zank.family import scan
from zank.family.table import CARD, FamilyTable
from zank.family.zank104 import Zank104
from zank.random import Rng

VARIANTS = ("zank-detailed", "crapette", "zank-104", "schikanieren")
GAMES = 2
EVERY = 3  # every this many states of a game are asked


def _states(name: str, **options: object) -> tuple[FamilyTable, list[State]]:
    rules = zank.variant(name, **options)
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
    rules: FamilyTable,
    state: State,
    free: int,
    blocked: int,
    first: bool,
    runs: bool = False,
    stalled: bool = False,
) -> tuple[list[Move], int, int]:
    piles, p = state.piles, state.to_move
    assert p is not None
    own = []
    for s in range(free):
        pile = piles[rules.source_pile(p, s)]
        if pile:
            own.append((s, pile[-1]))
    found_scan = rules.scan(piles, p)
    _, wants, gap, _, _ = found_scan
    # stalled: nothing is packed while an own card goes onto a house or into a gap
    lays = bool(own) and (gap >= 0 or any(rules.house_key(c) in wants for _, c in own))
    pack = not (stalled and lays)
    found, others, _ = rules.layout_moves(
        piles, own, found_scan, blocked, runs, pack, found_only=first
    )
    return found + others, len(found), gap


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


@pytest.mark.parametrize("options", [{}, {"stair_runs": True}])
def test_stair_runs_and_packing_when_stalled_are_those_of_the_scan(
    options: dict[str, object],
) -> None:
    """zank-104's options in one pass: a move between stairs carries the part of
    the run that fits (``runs``), and nothing is packed while the own cards can
    be laid (``stalled``); on the positions of games with and without runs."""
    rules, states = _states("zank-104", **options)
    assert len(states) > 50
    asked = runs_differ = stalled_differ = 0
    for i, state in enumerate(states):
        p = state.to_move
        assert p is not None
        for blocked in (0, state.info[3], i % 256):
            for first in (False, True):
                for runs in (False, True):
                    for stalled in (False, True):
                        want = _expected(rules, state, 2, blocked, first, runs, stalled)
                        got = scan.card_moves(
                            rules, state.piles, p, 2, blocked, first, runs, stalled
                        )
                        assert got == want, (options, i, blocked, first, runs, stalled)
                        asked += 1
                plain = _expected(rules, state, 2, blocked, False)
                runs_differ += plain != _expected(rules, state, 2, blocked, False, runs=True)
                stalled_differ += plain != _expected(rules, state, 2, blocked, False, stalled=True)
    # the options change the moves of many of these positions: the check is not idle
    assert asked > 1000
    assert runs_differ > 10
    assert stalled_differ > 10


def _generate_by_the_scan(
    rules: Zank104, state: State, strict: bool, overlook: bool
) -> tuple[Move, ...]:
    """zank-104's move generator as it was before it called ``card_moves``: the
    kernel scan and ``layout_moves``."""
    p = state.to_move
    assert p is not None
    piles = state.piles
    ri, ki, ti, si = rules._seat[p]
    reserve, turned = piles[ri], piles[ti]
    own = []
    if reserve:
        own.append((0, reserve[-1]))
    if turned:
        own.append((1, turned[-1]))
    found_scan = rules.scan(piles, p)
    _, wants, gap, _, _ = found_scan
    lays = bool(own) and (gap >= 0 or any(rules.house_key(c) in wants for _, c in own))
    pack = not (strict and rules.pack_when_stalled and lays)
    first = strict and not overlook
    found, moves, laid = rules.layout_moves(
        piles, own, found_scan, state.info[3], rules.stair_runs, pack, first
    )
    if found:
        if first:
            return tuple(found)
        moves[:0] = found
    if rules.own_packing and pack and not (strict and state.info[4] & 2):
        rules._own_packs(piles, p, moves)
    if turned:
        if not (strict and laid):
            moves.append(rules._end)
    elif not (strict and laid):
        moves.append(rules._turn if piles[ki] or piles[si] else rules._pass)
    return tuple(moves)


@pytest.mark.parametrize(
    "options", [*Zank104.presets, *Zank104.table_presets], ids=lambda o: str(sorted(o))
)
def test_zank104_moves_are_those_the_scan_gave(options: dict[str, object]) -> None:
    """zank-104's move generator on ``card_moves`` gives the moves that the one
    over the kernel scan gave, in order, strict and loose, foundation moves
    overlooked or not, for every preset (stair runs, packing when stalled, no
    own packing, table mode)."""
    rules, states = _states("zank-104", **options)
    assert isinstance(rules, Zank104)
    asked = 0
    for state in states:
        if state.phase != 0:
            continue  # a call window of table mode: no card moves
        for strict, overlook in ((True, False), (True, True), (False, False)):
            want = _generate_by_the_scan(rules, state, strict, overlook)
            assert rules.generate(state, strict, overlook) == want, (options, strict, overlook)
            asked += 1
    assert asked > 150


def test_zank104_packs_onto_its_own_piles_when_it_packs_its_own_cards_stalled() -> None:
    """With ``pack_when_stalled``, an own card that can only be packed onto the
    opponent still counts as laid (no turn) and leaves packing on: a stair card
    may go onto the own piles too.  Few positions show both (33 of 20,256 in 40
    random games); the game of seed 2 has some within 170 moves."""
    rules = zank.variant("zank-104", stair_runs=True, pack_when_stalled=True)
    assert isinstance(rules, Zank104)
    state = rules.new_game(seed=2)
    rng = Rng(9)
    both = 0
    for _ in range(170):
        legal = rules.legal_moves(state)
        assert legal == _generate_by_the_scan(rules, state, True, False)
        packed = [m for m in legal if m.source < 2 and rules.pack_target <= m.target]
        if packed and any(rules.is_own_pack(m) for m in legal):
            assert not any(m.kind != CARD for m in legal)  # laid: no turn, no end
            both += 1
        state = rules.apply(state, legal[rng.below(len(legal))])
    assert both >= 2


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


@pytest.mark.parametrize("name", ["zank-detailed", "schikanieren"])
def test_full_foundations_take_no_ace_and_a_joker_takes_nothing(name: str) -> None:
    """Hand-made positions (no game reaches them): every foundation holds a
    card, so an ace goes nowhere there; a joker among the own cards fits
    nothing, whatever the houses show (every card in turn, in alternating
    colours and in suit)."""
    rules = zank.variant(name)
    assert isinstance(rules, FamilyTable)
    state = rules.new_game(seed=0)
    p = state.to_move
    assert p is not None
    free = len(rules.sources)
    cards = [c for q in range(2) for c in full_deck(q)]
    kings = [c for c in cards if RANK[c] == KING]
    aces = [c for c in cards if RANK[c] == ACE]
    own = [parse_card("Xr"), aces[0], aces[5]]
    nh = rules.house_count
    for start in range(0, len(cards), nh):
        piles = list(state.piles)
        for i in range(rules.foundation_count):
            piles[i] = (kings[i % len(kings)],)
        for h, c in enumerate(cards[start : start + nh]):
            piles[rules.house_base + h] = (c,)
        for s in range(free):
            piles[rules.source_pile(p, s)] = (own[s],)
        position = attrs.evolve(state, piles=tuple(piles))
        got = scan.card_moves(rules, position.piles, p, free, 0, False)
        assert got == _expected(rules, position, free, 0, False), start
        assert not [m for m in got[0] if m.source < rules.house_source and m.target == 0]
        assert not [m for m in got[0] if m.source == 0]  # the joker's


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


def test_a_zank104_table_too_large_for_the_masks_is_refused() -> None:
    """As for a reserve-and-hand-pile table: zank-104's move generator reads the
    same masks, so a subclass with more stairs than they hold is refused when
    it is made."""
    from zank.errors import OptionError

    @attrs.frozen(cache_hash=True, kw_only=True)
    class Wide(Zank104):
        """zank-104 with one stair more than the masks hold."""

        name = "wide-104-for-scan-test"
        house_count = scan.MAX_MASK_BITS + 1

    with pytest.raises(OptionError, match=r"13 stairs .* at most 12"):
        Wide()
