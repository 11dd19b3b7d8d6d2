"""A measured prototype for issue 31: Spite and Malice on one flat card buffer.

The question it answers (``benchmarks/RESULTS.md``, "Spite and Malice on a flat
position: a measured prototype"): what a position held as C data would give,
in the compiled build and in pure Python, before the engine is rebuilt around
it.  It is not part of the package and plays only the default options with two
players.

The position is one buffer of small ints: ``NP`` pile heights, then ``NP``
slots of ``CAP`` card codes (pile ``i``'s card ``k`` at ``NP + i * CAP + k``),
the piles in the order of :class:`zank.spite_malice.SpiteAndMalice`'s states
(0 draw, 1 completed, 2.. builds, then per seat pay-off, hand, four side
stacks).  Face-down counts are not stored: at the default options they follow
from the heights (the draw pile all face down, a pay-off pile all but its top).

* ``_gen`` lists the moves of the seat to move as move numbers, in the order of
  ``SpiteAndMalice.legal_moves``; ``_play`` carries a move out in place: the
  rules of ``spite_malice._moves_on`` and ``_play_on``, read from the buffer.
* :func:`api_game` plays a game as ``benchmarks/bench.py`` does, through the
  kernel: a ``bytes`` snapshot per position (copied, edited, frozen again per
  move), held by a new attrs ``State`` per move as an immutable state holding
  the buffer would be, the legal moves as ``Move`` objects.
* :func:`random_playout` is ``rules.playouts(state, 1, seed=s)`` on the buffer
  in place, moves as ints until one is picked.
* ``_gen_moves``, :func:`api_game_moves` and :func:`random_playout_moves`: the
  same with the moves listed as ``Move`` objects from rows (:func:`tables`), as
  the engine lists them.
* :func:`check` compares every move list (both kinds), position, turn,
  generator state and result with the engine's.

Run: ``python benchmarks/flat_spite.py --check N --time N --api N --versus N`` (pure
Python, or compiled: ``python benchmarks/flat_spite.py --build DIR`` compiles
this file with Cython into ``DIR`` with the directives of ``hatch_build.py``;
then ``PYTHONPATH=DIR:<zank build> python -c "import flat_spite;
flat_spite.main(['--time', '400'])"``).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import Any

try:
    import cython

    if not cython.compiled:
        raise ImportError
except ImportError:  # pure Python: zank's stand-in, with the few names more used here
    import types

    from zank import _nocython

    names = {
        **vars(_nocython),
        "p_ulonglong": object,
        "ulonglong": _nocython.longlong,
        "returns": lambda t: lambda f: f,
        "p_uchar": object,
        "uchar": _nocython.longlong,
    }
    cython = types.SimpleNamespace(**names)  # type: ignore[assignment]

import zank
from zank._values import _make_state
from zank.random import Rng

_Int = cython.typedef(cython.Py_ssize_t)
_U64 = cython.typedef(cython.ulonglong)

NP = cython.declare(_Int, 17)  # piles with two players and three build places
CAP = cython.declare(_Int, 128)  # card slots a pile
SIZE = cython.declare(_Int, 17 + 17 * 128)  # 2193: a position's numbers
QUEEN = cython.declare(_Int, 12)
HAND = cython.declare(_Int, 5)
MASK64 = (1 << 64) - 1
_GOLDEN = cython.declare(_U64, 0x9E3779B97F4A7C15)
_MIX1 = cython.declare(_U64, 0xBF58476D1CE4E5B9)
_MIX2 = cython.declare(_U64, 0x94D049BB133111EB)
_MASK = cython.declare(_U64, MASK64)


def encode(piles: tuple[tuple[int, ...], ...]) -> bytearray:
    """The buffer of a state's piles."""
    buf = bytearray(NP + NP * CAP)
    for i, p in enumerate(piles):
        buf[i] = len(p)
        buf[NP + i * CAP : NP + i * CAP + len(p)] = bytes(p)
    return buf


def decode(buf: bytes | bytearray) -> tuple[tuple[int, ...], ...]:
    """A state's piles from the buffer."""
    return tuple(tuple(buf[NP + i * CAP : NP + i * CAP + buf[i]]) for i in range(NP))


@cython.cfunc
@cython.returns(_Int)
@cython.locals(rng=cython.p_ulonglong, s=_U64, z=_U64, m=_U64, top=_U64, n=_Int)
def _below(rng: Any, n: int) -> int:
    """``Rng(rng[0]).below(n)``, the state written back to ``rng[0]``."""
    m = n
    top = _MASK - (_MASK - m + 1) % m
    s: int = rng[0]
    while True:
        s = (s + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        z ^= z >> 31
        if z <= top:
            rng[0] = s
            return z % m


#: The set bits of a mask, lowest first: the ranks of a hand (14 bits), the
#: build places of a want (up to 8 bits), as tuples looked up by the mask.
_BITS = cython.declare(
    tuple, tuple(tuple(i for i in range(14) if m >> i & 1) for m in range(1 << 14))
)
#: The side stacks a discard goes to, by the mask of the occupied ones:
#: every occupied one and the first free one (S&M-8).
_SLOTS = cython.declare(
    tuple,
    tuple(
        tuple(
            j
            for j in range(4)
            if m >> j & 1 or j == next((f for f in range(4) if not m >> f & 1), -1)
        )
        for m in range(16)
    ),
)


def _wants(heights: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """For build piles of ``heights``: per rank, the mask of the places that
    take it (S&M-6, S&M-11), and the first free place (-1: none)."""
    want = [0] * 14
    occupied, free = 0, -1
    for i, n in enumerate(heights):
        if n:
            occupied |= 1 << i
            want[n + 1] |= 1 << i
        elif free < 0:
            free = i
    want[13] = want[0] = occupied  # a king or a joker: any standing pile
    want[1] = 0  # an ace: the first free place
    return tuple(want), free


#: ``_wants`` of every three heights 0..11, by ``(h1 * 12 + h2) * 12 + h3``.
_WANTS = cython.declare(
    tuple, tuple(_wants((a, b, c)) for a in range(12) for b in range(12) for c in range(12))
)


@cython.cfunc
@cython.returns(_Int)
@cython.locals(n=_Int, r=_Int, i=_Int, j=_Int, base=_Int, hand=_Int, h=_Int, top=_Int)
@cython.locals(free=_Int, ranks=_Int, mask=_Int, k=_Int, out=_Int, first=_Int, pile=_Int)
@cython.locals(buf=cython.p_uchar, moves=cython.p_longlong, p=_Int, nb=_Int, want=tuple)
@cython.locals(tops=cython.longlong[5], hand_ranks=tuple)
def _gen(buf: Any, p: int, moves: Any, nb: int) -> int:
    """The legal moves of seat ``p`` as move numbers (``rules.moves[n]``) in
    ``moves``; returns how many (three build places)."""
    if not cython.compiled:
        tops = [0] * 5
    want, free = _WANTS[(buf[2] * 12 + buf[3]) * 12 + buf[4]]
    base = 2 + nb + p * 6
    hand = NP + (base + 1) * CAP
    h = buf[base + 1]
    ranks = 0
    for k in range(h):
        ranks |= 1 << (buf[hand + k] & 15)
    # the tops of the pay-off pile and the side stacks (-1: empty)
    n = buf[base]
    tops[0] = buf[NP + base * CAP + n - 1] & 15 if n else -1
    mask = 0
    for j in range(1, 5):
        pile = base + 1 + j
        n = buf[pile]
        if n:
            tops[j] = buf[NP + pile * CAP + n - 1] & 15
            mask |= 1 << (j - 1)
        else:
            tops[j] = -1
    out = 0
    if free >= 0:  # ace moves first (S&M-V2 off: before the rest)
        if ranks & 2:
            moves[out] = nb + free
            out += 1
        for j in range(5):
            if tops[j] == 1:
                moves[out] = (14 + j) * nb + free
                out += 1
    hand_ranks = _BITS[ranks]
    for r in hand_ranks:
        if r != 1:
            for i in _BITS[want[r]]:
                moves[out] = r * nb + i
                out += 1
    for j in range(5):
        top = tops[j]
        if top > 1 or top == 0:
            for i in _BITS[want[top]]:
                moves[out] = (14 + j) * nb + i
                out += 1
    first = 19 * nb  # discards
    for r in hand_ranks:
        for j in _SLOTS[mask]:
            moves[out] = first + r * 4 + j
            out += 1
    return out


#: Where pile ``i``'s top card lies in the buffer, less its height.
_TOP = cython.declare(tuple, tuple(NP + i * CAP - 1 for i in range(17)))


def tables(rules: Any) -> tuple[tuple[tuple[tuple[Any, ...], ...], ...], tuple[Any, ...]]:
    """The move rows of :func:`_gen_moves` for ``rules``: per source (ranks 0-13
    from the hand, 14 the pay-off pile, 15-18 the side stacks) and mask of build
    places, the ``Move`` objects of those plays; per mask of occupied side stacks
    and rank, the discards (made once per rules object)."""
    kept = _TABLES.get(rules)
    if kept is not None:
        return kept
    nb = rules._k.builds
    moves = rules.moves
    play = tuple(
        tuple(tuple(moves[src * nb + i] for i in _BITS[bits]) for bits in range(1 << nb))
        for src in range(19)
    )
    first = 19 * nb
    discard = tuple(
        tuple(tuple(moves[first + r * 4 + j] for j in _SLOTS[mask]) for r in range(14))
        for mask in range(16)
    )
    _TABLES[rules] = play, discard
    return play, discard


_TABLES: dict[Any, tuple[tuple[tuple[tuple[Any, ...], ...], ...], tuple[Any, ...]]] = {}


@cython.cfunc
@cython.locals(r=_Int, j=_Int, base=_Int, hand=_Int, top=_Int, bits=_Int, n=_Int)
@cython.locals(free=_Int, ranks=_Int, mask=_Int, c=_Int, pile=_Int)
@cython.locals(buf=cython.p_uchar, p=_Int, want=tuple, out=list, play=tuple, drows=tuple)
@cython.locals(tops=cython.longlong[5], hand_ranks=tuple, discard=tuple)
def _gen_moves(buf: Any, p: int, play: Any, discard: Any) -> list[Any]:
    """:func:`_gen` with the moves as ``Move`` objects, extended from the rows
    of :func:`tables` (as the engine's generator does)."""
    if not cython.compiled:
        tops = [0] * 5
    want, free = _WANTS[(buf[2] * 12 + buf[3]) * 12 + buf[4]]
    base = 5 + p * 6
    hand = NP + (base + 1) * CAP
    ranks = 0
    for c in buf[hand : hand + buf[base + 1]]:  # a slice: one step in pure Python
        ranks |= 1 << (c & 15)
    n = buf[base]
    tops[0] = buf[_TOP[base] + n] & 15 if n else -1
    mask = 0
    for j in range(1, 5):
        pile = base + 1 + j
        n = buf[pile]
        if n:
            tops[j] = buf[_TOP[pile] + n] & 15
            mask |= 1 << (j - 1)
        else:
            tops[j] = -1
    out = []
    if free >= 0:  # ace moves first (S&M-V2 off: before the rest)
        bits = 1 << free
        if ranks & 2:
            out.extend(play[1][bits])
        for j in range(5):
            if tops[j] == 1:
                out.extend(play[14 + j][bits])
    hand_ranks = _BITS[ranks]
    for r in hand_ranks:
        if r != 1:
            bits = want[r]
            if bits:
                out.extend(play[r][bits])
    for j in range(5):
        top = tops[j]
        if top > 1 or top == 0:
            bits = want[top]
            if bits:
                out.extend(play[14 + j][bits])
    drows = discard[mask]
    for r in hand_ranks:
        out.extend(drows[r])
    return out


@cython.cfunc
@cython.returns(_Int)
@cython.locals(
    hand=_Int, h=_Int, d=_Int, k=_Int, i=_Int, j=_Int, c=_Int, buf=cython.p_uchar, hand_i=_Int
)
def _draw(buf: Any, hand_i: int) -> bool:
    """Fill the hand of pile ``hand_i`` up to five from the draw pile's top,
    sorted (S&M-4, S&M-10); ``False`` when the draw pile held nothing."""
    h = buf[hand_i]
    d = buf[0]
    k = min(HAND - h, d)
    if k == 0:
        return False
    hand = NP + hand_i * CAP
    d -= k
    for i in range(h, h + k):  # each card from the top into the sorted hand
        c = buf[NP + d + i - h]
        j = i - 1
        while j >= 0 and buf[hand + j] > c:
            buf[hand + j + 1] = buf[hand + j]
            j -= 1
        buf[hand + j + 1] = c
    buf[hand_i] = h + k
    buf[0] = d
    return True


@cython.cfunc
@cython.locals(n=_Int, i=_Int, j=_Int, c=_Int, buf=cython.p_uchar, rng=cython.p_ulonglong, b=_Int)
def _shuffle_in(buf: Any, b: int, rng: Any) -> None:
    """S&M-12: the twelve cards of build pile ``b`` join the draw pile (after
    its cards), and the draw pile is shuffled with the game's generator."""
    n = buf[0]
    for i in range(QUEEN):
        buf[NP + n + i] = buf[NP + b * CAP + i]
    n += QUEEN
    buf[0] = n
    buf[b] = 0
    for i in range(n - 1, 0, -1):
        j = _below(rng, i + 1)
        c = buf[NP + i]
        buf[NP + i] = buf[NP + j]
        buf[NP + j] = c


@cython.cfunc
@cython.returns(_Int)
@cython.locals(buf=cython.p_uchar, base=_Int, r=_Int, hand=_Int, h=_Int, k=_Int, c=_Int, i=_Int)
def _take(buf: Any, base: int, r: int) -> int:
    """Take the first card of rank ``r`` out of the hand (pile ``base + 1``,
    sorted); returns it."""
    hand = NP + (base + 1) * CAP
    h = buf[base + 1]
    k = 0
    while buf[hand + k] & 15 != r:
        k += 1
    c: int = buf[hand + k]
    for i in range(k, h - 1):
        buf[hand + i] = buf[hand + i + 1]
    buf[base + 1] = h - 1
    return c


@cython.cfunc
@cython.returns(_Int)
@cython.locals(base=_Int, src=_Int, tgt=_Int, r=_Int, c=_Int, pile=_Int, n=_Int, t=_Int, first=_Int)
@cython.locals(
    buf=cython.p_uchar, game=cython.p_longlong, rng=cython.p_ulonglong, p=_Int, m=_Int, nb=_Int
)
def _play(buf: Any, p: int, m: int, nb: int, game: Any, rng: Any) -> int:
    """Carry out move number ``m`` of seat ``p``; ``game`` is [to_move,
    turn, winner] (to_move -1: over, winner -1: drawn), ``rng`` [the game's
    generator state].  Returns 1 when the game ended."""
    base = 2 + nb + p * 6
    first = 19 * nb
    if m >= first:  # a discard: rank r onto side stack t
        r = (m - first) // 4
        t = (m - first) % 4
        c = _take(buf, base, r)
        pile = base + 2 + t
        n = buf[pile]
        buf[NP + pile * CAP + n] = c
        buf[pile] = n + 1
        p = (p + 1) % 2
        game[0] = p
        game[1] += 1
        if buf[2 + nb + p * 6 + 1] < HAND and not _draw(buf, 2 + nb + p * 6 + 1):
            game[0] = -1
            game[2] = -1
            return 1
        return 0
    src = m // nb
    tgt = m % nb
    if src < 14:  # from the hand
        c = _take(buf, base, src)
    else:
        pile = base if src == 14 else base + 2 + src - 15
        n = buf[pile] - 1
        c = buf[NP + pile * CAP + n]
        buf[pile] = n
    pile = 2 + tgt
    n = buf[pile]
    buf[NP + pile * CAP + n] = c
    buf[pile] = n + 1
    if n + 1 == QUEEN:  # S&M-12
        _shuffle_in(buf, pile, rng)
    if src == 14 and buf[base] == 0:  # S&M-13
        game[0] = -1
        game[2] = p
        return 1
    if buf[base + 1] == 0 and not _draw(buf, base + 1):  # S&M-10, S&M-14
        game[0] = -1
        game[2] = -1
        return 1
    return 0


@cython.locals(moves=cython.longlong[256], game=cython.longlong[3])
@cython.locals(grng=cython.ulonglong[1], k=_Int, seed=_Int, i=_Int, cards=cython.uchar[2193])
def check(games: int) -> None:
    """The prototype against the engine: every move list, position and result."""
    rules = zank.variant("spite-and-malice")
    nb = rules._k.builds
    play, discard = tables(rules)
    moves = [0] * 256
    game = [0, 0, 0]
    grng = [0]
    for seed in range(games):
        state = rules.new_game(seed=seed)
        buf = encode(state.piles)
        cards = [0] * 2193  # SIZE
        for i in range(SIZE):
            cards[i] = buf[i]
        rng = Rng(seed + 1)
        assert state.to_move is not None
        game[0] = state.to_move
        game[1] = state.turn
        game[2] = 0
        grng[0] = state.rng
        while True:
            legal = rules.legal_moves(state)
            k = _gen(cards, game[0], moves, nb) if game[0] >= 0 else 0
            assert [m.action for m in legal] == [moves[i] for i in range(k)], (seed, state.ply)
            if game[0] >= 0:
                assert _gen_moves(cards, game[0], play, discard) == list(legal), (seed, state.ply)
            if not legal:
                break
            move = legal[rng.below(len(legal))]
            _play(cards, game[0], move.action, nb, game, grng)
            state = rules.apply(state, move)
            assert decode(bytes([cards[i] for i in range(SIZE)])) == state.piles, (seed, state.ply)
            assert game[1] == state.turn, (seed, state.ply)
            assert grng[0] == state.rng, (seed, state.ply)
            assert (game[0] if game[0] >= 0 else None) == state.to_move, (seed, state.ply)
        out = state.outcome
        assert out is not None
        assert game[2] == (-1 if out.winner is None else out.winner), seed
    print(f"identical on {games} games")


@cython.cfunc
@cython.locals(game=cython.p_longlong, grng=cython.p_ulonglong, action=_Int)
def _after(
    rules: Any, state: Any, snap: bytes, action: int, game: Any, grng: Any
) -> tuple[bytes, Any]:
    """Move number ``action`` of the seat to move (``game[0]``) played on a copy
    of ``snap``: the new snapshot and the ``State`` holding it (the slot of
    ``piles``; ``down`` left empty, as the heights give it)."""
    buf = bytearray(snap)
    _play(buf, game[0], action, rules._k.builds, game, grng)
    snap = bytes(buf)
    after = _make_state(
        rules,
        2,
        snap,  # type: ignore[arg-type]  # the prototype's State holds the snapshot
        (),
        game[0] if game[0] >= 0 else None,
        0,
        (),
        grng[0],
        state.ply + 1,
        game[1],
        None,
    )
    return snap, after


@cython.locals(moves=cython.longlong[256], game=cython.longlong[3])
@cython.locals(grng=cython.ulonglong[1], k=_Int, i=_Int)
def api_game(rules: Any, state: Any, seed: int, rows: bool = False) -> int:
    """A game as ``benchmarks/bench.py`` plays it through the kernel
    (``Rng(seed + 1)`` picks from the legal moves): each position a ``bytes``
    snapshot held by a new ``State`` (attrs, as the API would build one), the
    legal moves as ``Move`` objects, mapped from :func:`_gen`'s numbers (or,
    with ``rows``, listed by :func:`_gen_moves`).  Returns the moves made."""
    if not cython.compiled:
        moves = [0] * 256
        game = [0, 0, 0]
        grng = [0]
    all_moves = rules.moves
    nb = rules._k.builds
    play, discard = tables(rules)
    rng = Rng(seed + 1)
    snap = bytes(encode(state.piles))
    game[0] = state.to_move
    game[1] = state.turn
    grng[0] = state.rng
    n = 0
    while game[0] >= 0:
        if rows:
            legal = _gen_moves(snap, game[0], play, discard)
        else:
            k = _gen(snap, game[0], moves, nb)
            legal = [all_moves[moves[i]] for i in range(k)]
        move = legal[rng.below(len(legal))]
        snap, state = _after(rules, state, snap, move.action, game, grng)
        n += 1
    return n


def api_game_moves(rules: Any, state: Any, seed: int) -> int:
    """:func:`api_game` with the legal moves listed as ``Move`` objects by
    :func:`_gen_moves` itself."""
    return api_game(rules, state, seed, rows=True)


@cython.locals(p=_Int, k=_Int, n=_Int, nb=_Int, legal=list, i=_Int, moves=cython.longlong[256])
@cython.locals(by_rows=_Int)
@cython.locals(game=cython.longlong[3], grng=cython.ulonglong[1], s0=cython.ulonglong[1])
@cython.locals(cards=cython.uchar[2193], src=cython.p_uchar, s1=cython.ulonglong[1])
def random_playout(rules: Any, state: Any, seed: int, rows: bool = False) -> tuple[int, int]:
    """``rules.playouts(state, 1, seed=seed)`` on the buffer in place: (moves,
    winner, -1 for a draw).  The moves as :func:`_gen`'s numbers, or with
    ``rows`` as :func:`_gen_moves`' ``Move`` objects."""
    data = bytes(encode(state.piles))
    if not cython.compiled:  # C arrays in the compiled build
        cards = bytearray(data)
        moves = [0] * 256
        game = [0, 0, 0]
        grng = [0]
        s0 = [0]
        s1 = [0]
    else:
        src = data
        for i in range(SIZE):
            cards[i] = src[i]
    play, discard = tables(rules)
    game[0] = state.to_move
    game[1] = state.turn
    game[2] = 0
    grng[0] = state.rng
    s0[0] = (seed * 64) & MASK64  # the seats' generators, Rng(seed * 64 + seat)
    s1[0] = (seed * 64 + 1) & MASK64
    n = 0
    nb = rules._k.builds
    by_rows = 1 if rows else 0
    while True:
        p = game[0]
        if by_rows:
            legal = _gen_moves(cards, p, play, discard)
            i = _below(s0, len(legal)) if p == 0 else _below(s1, len(legal))
            k = legal[i].action
        else:
            k = _gen(cards, p, moves, nb)
            i = _below(s0, k) if p == 0 else _below(s1, k)
            k = moves[i]
        if _play(cards, p, k, nb, game, grng):
            return n + 1, game[2]
        n += 1


def random_playout_moves(rules: Any, state: Any, seed: int) -> tuple[int, int]:
    """:func:`random_playout` with the moves listed as ``Move`` objects by
    :func:`_gen_moves`."""
    return random_playout(rules, state, seed, rows=True)


def _build(out: str) -> None:
    """Compile this file into ``out`` (Cython and setuptools needed)."""
    import os
    import shutil

    from Cython.Build import cythonize  # type: ignore[import-not-found]  # build tools only
    from setuptools import Distribution, Extension  # type: ignore[import-untyped]
    from setuptools.command.build_ext import build_ext  # type: ignore[import-untyped]

    os.makedirs(out, exist_ok=True)
    source = os.path.join(out, "flat_spite.py")
    shutil.copy(__file__, source)
    directives = {"language_level": 3, "annotation_typing": False, "binding": True}
    ext = cythonize(
        [Extension("flat_spite", [source], extra_compile_args=["-g0"])],
        compiler_directives=directives,
        quiet=True,
    )
    cmd = build_ext(Distribution({"name": "flat_spite", "ext_modules": ext}))
    cmd.build_lib = out
    cmd.build_temp = os.path.join(out, "build")
    cmd.ensure_finalized()
    cmd.run()
    print(f"compiled into {out}")


def _engine_api(rules: Any, states: list[Any]) -> int:
    """The engine's kernel (``_legal``, ``_apply``) playing the games of
    :func:`api_game` from ``states``; returns the moves made."""
    legal, apply = rules._legal, rules._apply
    n = 0
    for s, state in enumerate(states):
        rng = Rng(s + 1)
        while state.outcome is None:
            moves = legal(state)
            state = apply(state, moves[rng.below(len(moves))])
            n += 1
    return n


def versus(games: int, rounds: int) -> None:
    """The engine's kernel and playouts against :func:`api_game_moves` and
    :func:`random_playout_moves` on ``games`` games: the four loops in turn,
    ``rounds`` times, the best rate (moves a CPU-second) of each."""
    rules = zank.variant("spite-and-malice")
    states = [rules.new_game(seed=s) for s in range(games)]
    loops: dict[str, Callable[[], int]] = {
        "engine API kernel": lambda: _engine_api(rules, states),
        "flat API kernel": lambda: sum(api_game_moves(rules, x, s) for s, x in enumerate(states)),
        "engine playouts": lambda: sum(
            rules.playouts(x, 1, seed=s).lengths[0] for s, x in enumerate(states)
        ),
        "flat playouts": lambda: sum(
            random_playout_moves(rules, x, s)[0] for s, x in enumerate(states)
        ),
    }
    best: dict[str, float] = {}
    for _ in range(rounds):
        for name, loop in loops.items():
            t = time.process_time()
            n = loop()
            best[name] = max(best.get(name, 0.0), n / (time.process_time() - t))
    print(f"compiled={zank.compiled} flat module compiled={cython.compiled}")
    for name, rate in best.items():
        print(f"{name:18} {rate:12,.0f} moves/s")
    print(f"API kernel flat / engine {best['flat API kernel'] / best['engine API kernel']:.3f}")
    print(f"playouts flat / engine   {best['flat playouts'] / best['engine playouts']:.3f}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", type=int, default=0)
    ap.add_argument("--time", type=int, default=0)
    ap.add_argument("--api", type=int, default=0)
    ap.add_argument("--build", metavar="DIR", help="compile this file with Cython into DIR")
    ap.add_argument("--versus", type=int, default=0, help="games of the best-of comparison")
    ap.add_argument("--rounds", type=int, default=5, help="its rounds")
    a = ap.parse_args(argv)
    if a.build:
        _build(a.build)
    if a.check:
        check(a.check)
    if a.versus:
        versus(a.versus, a.rounds)
    if a.time:
        rules = zank.variant("spite-and-malice")
        states = [rules.new_game(seed=s) for s in range(a.time)]
        t = time.process_time()
        total = 0
        for s, st in enumerate(states):
            total += rules.playouts(st, 1, seed=s).lengths[0]
        engine = time.process_time() - t
        t = time.process_time()
        total2 = 0
        for s, st in enumerate(states):
            total2 += random_playout(rules, st, s)[0]
        flat = time.process_time() - t
        print(f"compiled={zank.compiled} flat module compiled={cython.compiled}")
        print(f"engine playouts: {total} moves, {total / engine:,.0f} moves/s")
        print(f"flat playouts:   {total2} moves, {total2 / flat:,.0f} moves/s")
        print(f"ratio {engine / total * total2 / flat:.2f}")
        for s, st in enumerate(states[:200]):
            got = random_playout(rules, st, s)
            want = rules.playouts(st, 1, seed=s)
            result = want.results[0]
            assert result is not None
            w = result.winner
            assert got == (want.lengths[0], -1 if w is None else w), s
        print("the first 200 playouts identical to rules.playouts (length, winner)")
    if a.api:
        rules = zank.variant("spite-and-malice")
        states = [rules.new_game(seed=s) for s in range(a.api)]
        t = time.process_time()
        total = _engine_api(rules, states)
        engine = time.process_time() - t
        t = time.process_time()
        total2 = sum(api_game(rules, st, s) for s, st in enumerate(states))
        flat = time.process_time() - t
        assert total == total2
        print(f"compiled={zank.compiled} flat module compiled={cython.compiled}")
        print(f"engine kernel (_legal, _apply): {total} moves, {total / engine:,.0f} moves/s")
        print(f"flat kernel on bytes + State:   {total2} moves, {total2 / flat:,.0f} moves/s")
        print(f"ratio {engine / flat:.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
