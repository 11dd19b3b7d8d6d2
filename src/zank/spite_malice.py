"""Spite and Malice (seed ``004_b177e1bbb22e1f53.txt``).

The rules page ``docs/rules/spite-and-malice.md`` numbers every rule
(``S&M-1`` …) and says how we read the seed; the numbers appear in
:class:`~zank.core.Violation` objects and in the comments below.

Moves are named from the point of view of the player to move:

=============  ==============================================================
``7-b2``       play a 7 from the hand onto build pile 2 (``a`` ace, ``t`` ten,
               ``j`` ``q`` ``k``, ``x`` joker; ``10`` is accepted for ``t``)
``p-b1``       play the top card of the own pay-off pile onto build pile 1
``s3-b1``      play the top card of the own side stack 3 onto build pile 1
``q-s2``       put a queen from the hand onto the own side stack 2 (ends the turn)
=============  ==============================================================

Suits play no role, so a hand card is chosen by its rank: when the hand holds
two cards of that rank, the one with the lower card id is played.  An ace
starts a new build pile in the first free build place, and a new side stack is
begun in the first free side place, so that no two moves do the same thing.

The piles (see :meth:`~zank.core.Rules.layout`) are ``draw``, ``done`` (complete
piles set aside, only with unlimited build piles), ``build1`` …, and per seat
``pN.pay``, ``pN.hand`` and ``pN.side1`` … ``pN.side4``.  A build pile of *n*
cards needs the rank *n* + 1 next, whatever wild cards it holds.

Decisions where the seed is silent (each is argued on the rules page): one
pack per player (at least two); the game is drawn when a player is due to
draw and the draw pile is empty (a short draw pile gives what it has), or with
``draw_pile_end="when-empty"`` the moment a draw empties the draw pile; a
complete pile is shuffled into the whole draw pile with the state's
generator; who begins is decided by the pay-off tops (a joker above the king),
tied seats reshuffling up to :data:`MAX_SEED_TIES` times; the winner scores 5
plus the cards left in every opponent's pay-off pile (:func:`match_scores`
adds rounds up).

>>> import zank
>>> rules = zank.variant("spite-and-malice")
>>> state = rules.new_game(seed=7)
>>> " ".join(m.text for m in rules.legal_moves(state))
'a-b1 a-s1 3-s1 5-s1 j-s1 k-s1'
>>> state = rules.apply(state, rules.parse_move(state, "a-b1"))
>>> [str(card) for card in rules.piles(state)["build1"]]
['As']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import TYPE_CHECKING, ClassVar, Final

from attrs import field, frozen

from zank.cards import ACE, IS_JOKER, JOKER, KING, QUEEN, RANK, card_unicode, full_deck
from zank.core import (
    BOOL_OPTION,
    Move,
    PileSpec,
    Result,
    Rules,
    State,
    Termination,
    Violation,
    option_validator,
)
from zank.errors import InvalidState, NotationError
from zank.random import Rng
from zank.registry import register
from zank.working import Working

try:  # the C types of the compiled build (Cython's pure-Python mode)
    import cython

    if not cython.compiled:  # an installed Cython's stand-in: zank's own instead
        raise ImportError
except ImportError:  # pure Python: the declarations change nothing
    from zank import _nocython as cython  # type: ignore[no-redef]

#: The C index type of the compiled build's ``@cython.locals`` lists (an ``int`` in pure Python).
_Int = cython.typedef(cython.Py_ssize_t)
#: A Python list as the compiled build knows it (its appends and item stores in C).
_List = cython.typedef(list)
#: A C array of 14 64-bit integers in the compiled build (a list in pure Python).
_Ranks = cython.typedef(cython.longlong[14])

#: The working position as the compiled build knows it (``spite_malice.pxd``
#: cimports the extension type): the kernel reads its fields as struct members.
_Working = cython.typedef(Working)

if TYPE_CHECKING:
    from zank.core import Observation

__all__ = [
    "DISCARD",
    "DRAW_PILE_ENDS",
    "HAND_SIZE",
    "MAX_SEED_TIES",
    "PLAY",
    "SIDE_STACKS",
    "SRC_PAY",
    "SRC_SIDE",
    "WHEN_DRAWING",
    "WHEN_EMPTY",
    "Kind",
    "SpiteAndMalice",
    "match_scores",
]


class Kind(IntEnum):
    """The move kinds of Spite and Malice (``Move.kind``)."""

    PLAY = 0
    """A card played onto a build pile (``target`` is the build place, from 0)."""
    DISCARD = 1
    """A hand card put on an own side stack, which ends the turn (``source`` is
    the rank, ``target`` the side place, from 0)."""


PLAY: Final = Kind.PLAY
"""The move kind of a card played onto a build pile (:attr:`Kind.PLAY`)."""
DISCARD: Final = Kind.DISCARD
"""The move kind of a hand card put on a side stack (:attr:`Kind.DISCARD`)."""

HAND_SIZE: Final = 5
"""Cards a hand is filled up to (S&M-4, S&M-10)."""
SIDE_STACKS: Final = 4
"""Side stacks per player (S&M-8)."""
SRC_PAY: Final = 14
"""The ``source`` of a PLAY move from the pay-off pile; 0 to 13 are hand cards of
that rank (0 a joker)."""
SRC_SIDE: Final = 15
"""The ``source`` of a PLAY move from side stack 1; side stack *j* is
``SRC_SIDE + j - 1``."""
_RANK_TEXT = ("x", "a", "2", "3", "4", "5", "6", "7", "8", "9", "t", "j", "q", "k")
_RANK_WORD = ("joker", "ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
WHEN_DRAWING: Final = "when-drawing"
"""``draw_pile_end``: the game is drawn when a player is due to draw and the draw
pile is empty (S&M-14, the default)."""
WHEN_EMPTY: Final = "when-empty"
"""``draw_pile_end``: the game is drawn the moment a draw empties the draw pile
(S&M-14, the seed's literal "Ist der Ziehstapel vorher leer")."""
DRAW_PILE_ENDS: Final = (WHEN_DRAWING, WHEN_EMPTY)
"""The values of the option ``draw_pile_end``."""
MAX_SEED_TIES: Final = 64
"""How often tied seats reshuffle their pay-off piles before the lowest tied seat begins."""
_NOT_TO_SIDE = re.compile(r"^(p|s[1-9])-s[1-9]$", re.IGNORECASE)


@cython.cfunc
@cython.locals(r=_Int, k=_Int, c=_Int)
def _first_of_rank(hand: tuple[int, ...], r: int) -> int:
    """Where the first card of rank ``r`` lies in ``hand`` (one is there)."""
    for k, c in enumerate(hand):
        if c & 15 == r:  # the rank bits of a card id (zank.cards.RANK)
            return k
    raise AssertionError(r)  # pragma: no cover - a legal move names a card in the hand


#: The ranks a kernel compares with, as C constants in the compiled build.
_ACE = cython.declare(_Int, ACE)
_KING = cython.declare(_Int, KING)
_JOKER = cython.declare(_Int, JOKER)
#: The ranks of a hand in ascending order, by the bit mask of its ranks (bit r:
#: rank r), filled as hands are seen (at most 2**14 entries).
_RANKS_OF: dict[int, tuple[int, ...]] = {}


@cython.cfunc
@cython.locals(i=_Int, bits=_Int)
def _place(moves: list[Move], row: tuple[Move, ...], bits: int) -> None:
    """Append ``row[i]`` to ``moves`` for every bit ``i`` of ``bits``, lowest first."""
    i = 0
    while bits:
        if bits & 1:
            moves.append(row[i])
        bits >>= 1
        i += 1


@cython.cfunc
@cython.locals(r=_Int, ranks=_Int, c=_Int)
def _hand_ranks(hand: tuple[int, ...]) -> tuple[int, ...]:
    """The ranks in ``hand``, each once, lowest first (jokers are rank 0)."""
    ranks = 0
    for c in hand:
        ranks |= 1 << (c & 15)  # c & 15: the rank bits of a card id (zank.cards.RANK)
    found = _RANKS_OF.get(ranks)
    if found is None:
        seen = []
        for r in range(14):
            if ranks >> r & 1:
                seen.append(r)
        found = _RANKS_OF[ranks] = tuple(seen)
    return found


@cython.cclass
class _Tables:
    """What the kernel reads of its rules object on every move, made once per
    rules object (``SpiteAndMalice._k``): in the compiled build an extension
    type (``spite_malice.pxd``), so that the kernel reads these as C values.

    ``builds`` build places; ``base0`` the index of seat 0's first pile (the
    pay-off pile; a seat's piles are pay-off, hand and four side stacks);
    ``play[src]`` the plays from source ``src`` onto each build place (ranks 0
    to 13 from the hand, :data:`SRC_PAY`, then the side stacks); ``discard[mask][r]``
    the discards of rank ``r`` by the occupied side stacks (bit j: side j+1):
    onto every occupied one and the first free one (S&M-8); and the options
    the kernel asks about."""

    __slots__ = (
        "aces_immediately",
        "base0",
        "builds",
        "discard",
        "play",
        "unlimited",
        "when_empty",
    )

    def __init__(self, rules: SpiteAndMalice) -> None:
        b = rules.build_places
        moves = rules.moves
        self.builds = b
        self.base0 = 2 + b
        self.play = tuple(moves[s * b : (s + 1) * b] for s in range(SRC_SIDE + SIDE_STACKS))
        first_discard = (SRC_SIDE + SIDE_STACKS) * b
        discard = [
            moves[first_discard + r * SIDE_STACKS : first_discard + (r + 1) * SIDE_STACKS]
            for r in range(14)
        ]
        by_mask = []
        for mask in range(1 << SIDE_STACKS):
            targets = [j for j in range(SIDE_STACKS) if mask >> j & 1]
            free = [j for j in range(SIDE_STACKS) if not mask >> j & 1]
            if free:
                targets = sorted([*targets, free[0]])
            by_mask.append(tuple(tuple(discard[r][j] for j in targets) for r in range(14)))
        self.discard = tuple(by_mask)
        self.aces_immediately = rules.aces_immediately
        self.unlimited = rules.unlimited_build_piles
        self.when_empty = rules.draw_pile_end == WHEN_EMPTY


#: The kernel's tables as the compiled build knows them (an extension type).
_K = cython.typedef(_Tables)


@cython.cfunc
@cython.locals(base=_Int, builds=_Int, i=_Int, j=_Int, n=_Int, free=_Int, mask=_Int)
@cython.locals(occupied=_Int, r=_Int, bits=_Int, want=_Ranks, moves=_List, k=_K)
def _moves_on(k: _Tables, piles: Sequence[tuple[int, ...]], p: int) -> list[Move]:
    """The legal moves of seat ``p`` to move on ``piles`` (a state's tuple or
    a working position's list): the one implementation of S&M-5 to S&M-11
    that ``_legal`` and the kernel (``_kernel_moves``) both call; a C function
    in the compiled build.  ``k``: the rules object's tables."""
    base = k.base0 + p * (2 + SIDE_STACKS)
    # which build places take which rank, a bit per place (S&M-6, S&M-11): a
    # pile of n cards takes rank n + 1, a king or joker any standing pile, an
    # ace the first free place (while fewer than three piles stand, or unlimited)
    want = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]  # per rank (a C array compiled)
    occupied = 0
    free = -1
    builds = k.builds
    for i in range(builds):
        n = len(piles[2 + i])
        if n:
            occupied |= 1 << i
            want[n + 1] |= 1 << i
        elif free < 0:
            free = i
    want[_KING] = occupied
    want[_JOKER] = occupied
    want[_ACE] = 0

    # sources (S&M-5): one per rank in the hand, lowest rank first, then the
    # pay-off top, then the side-stack tops; an ace goes first (S&M-V2: alone)
    hand_ranks = _hand_ranks(piles[base + 1])
    play = k.play
    moves: list[Move] = []
    aces = None
    for r in hand_ranks:
        if r == _ACE:
            if free >= 0:
                aces = [play[r][free]]
        else:
            bits = want[r]
            if bits:
                _place(moves, play[r], bits)
    pay = piles[base]
    if pay:
        r = pay[-1] & 15
        if r == _ACE:
            if free >= 0:
                ace = play[SRC_PAY][free]
                aces = [ace] if aces is None else [*aces, ace]
        else:
            bits = want[r]
            if bits:
                _place(moves, play[SRC_PAY], bits)
    mask = 0
    for j in range(SIDE_STACKS):
        side = piles[base + 2 + j]
        if side:
            mask |= 1 << j
            r = side[-1] & 15
            if r == _ACE:
                if free >= 0:
                    ace = play[SRC_SIDE + j][free]
                    aces = [ace] if aces is None else [*aces, ace]
            else:
                bits = want[r]
                if bits:
                    _place(moves, play[SRC_SIDE + j], bits)
    if aces is not None:
        if k.aces_immediately:
            return aces  # S&M-V2
        moves[:0] = aces
    discard = k.discard[mask]
    for r in hand_ranks:
        moves.extend(discard[r])
    return moves


def _drawn_game(players: int) -> Result:
    """The result of a game drawn by the empty draw pile (S&M-14)."""
    return Result(None, (0,) * players, Termination.DRAW_PILE_EMPTY)


@cython.cfunc
# long: S&M-4 to S&M-14 in one C function, the hot path of every move
@cython.locals(base=_Int, hand_i=_Int, src=_Int, i=_Int, b=_Int, k=_Int, nxt=_Int, players=_Int)
@cython.locals(t=_K, q=_Int, left=_Int)
def _play_on(
    t: _Tables,
    piles: list[tuple[int, ...]],
    down: list[int],
    p: int,
    move: Move,
    pos: State | Working,
) -> tuple[int | None, int, int, Result | None] | None:
    """Carry out ``move`` of seat ``p`` on the working lists ``piles`` and
    ``down`` in place: the one implementation of S&M-4 to S&M-14 that
    ``_apply`` and the kernel (``_kernel_play``) both call (a C function in the
    compiled build).  ``t`` is the rules object's tables; ``pos`` is the state
    or working position the lists belong to; only a move that needs them reads
    its ``players``, ``turn`` and ``rng``.  Returns ``None`` when the move
    changed the piles alone (the seat plays on, the generator untouched), else
    the seat to move next, the turn number, the generator state and the outcome
    (``None`` while the game runs)."""
    base = t.base0 + p * (2 + SIDE_STACKS)
    hand_i = base + 1
    src = move.source
    if move.kind != PLAY:
        hand = piles[hand_i]
        k = _first_of_rank(hand, src)
        i = base + 2 + move.target
        piles[i] = piles[i] + (hand[k],)
        piles[hand_i] = hand[:k] + hand[k + 1 :]
        # S&M-8: the turn ends; the next seat clockwise draws up to five (S&M-4)
        players = pos.players
        to_move = (p + 1) % players
        turn = pos.turn + 1
        rng_state = pos.rng
        nxt = t.base0 + to_move * (2 + SIDE_STACKS) + 1  # the next seat's hand
        if len(piles[nxt]) < HAND_SIZE:
            rng_state, drawn = _draw_on(t, piles, down, nxt, rng_state)
            if not drawn:
                return None, turn, rng_state, _drawn_game(players)
        return to_move, turn, rng_state, None
    if src < SRC_PAY:
        hand = piles[hand_i]
        k = _first_of_rank(hand, src)
        card = hand[k]
        piles[hand_i] = hand[:k] + hand[k + 1 :]
    else:
        i = base if src == SRC_PAY else base + 2 + src - SRC_SIDE
        card = piles[i][-1]
        piles[i] = piles[i][:-1]
        if src == SRC_PAY:
            down[base] = max(0, len(piles[base]) - 1)  # S&M-7: turn the next card
    b = 2 + move.target
    pile = piles[b] + (card,)
    shuffled = False
    rng_state = 0
    if len(pile) == QUEEN:  # S&M-12: complete at the queen
        if t.unlimited:
            piles[1] = piles[1] + pile
        else:
            rng = Rng(pos.rng)
            piles[0] = tuple(rng.shuffle(list(piles[0] + pile)))
            down[0] = len(piles[0])
            rng_state = rng.state
            shuffled = True
        pile = ()
    piles[b] = pile
    if src == SRC_PAY and not piles[base]:  # S&M-13: the last pay-off card wins
        players = pos.players
        points = [0] * players
        left = 0  # the cards left in the other seats' pay-off piles
        for q in range(players):
            if q != p:
                left += len(piles[t.base0 + q * (2 + SIDE_STACKS)])
        points[p] = 5 + left
        outcome = Result(p, tuple(points), Termination.WENT_OUT)
        return None, pos.turn, rng_state if shuffled else pos.rng, outcome
    if not piles[hand_i]:  # S&M-10: an empty hand draws five more
        rng_state, drawn = _draw_on(t, piles, down, hand_i, rng_state if shuffled else pos.rng)
        if not drawn:
            return None, pos.turn, rng_state, _drawn_game(pos.players)
        return p, pos.turn, rng_state, None
    if shuffled:
        return p, pos.turn, rng_state, None
    return None


@cython.cfunc
@cython.locals(need=_Int, k=_Int, n=_Int, took=_Int, t=_K)
def _draw_on(
    t: _Tables,
    piles: list[tuple[int, ...]],
    down: list[int],
    hand_i: int,
    rng_state: int,
) -> tuple[int, bool]:
    """Fill a hand up to five (S&M-4, S&M-10); ``False`` when the game is drawn (S&M-14).

    A draw takes what the draw pile has, even if that is fewer cards than
    needed.  With ``draw_pile_end="when-drawing"`` only a draw that finds
    nothing at all draws the game; with ``"when-empty"`` a draw that leaves
    the draw pile empty does (the cards it took stay in the hand).  With
    unlimited build piles (S&M-V1) the completed piles set aside are
    shuffled into the draw pile whenever a draw finds it empty, and the
    draw goes on from there; with ``"when-empty"`` already when a draw
    empties it ("bis der Ziehstapel leer ist").
    """
    need = HAND_SIZE - len(piles[hand_i])
    hand = piles[hand_i]
    took = 0
    while need:
        if not piles[0]:
            if not piles[1]:
                break
            rng = Rng(rng_state)  # S&M-V1: the completed piles come back now
            piles[0] = tuple(rng.shuffle(list(piles[1])))
            piles[1] = ()
            rng_state = rng.state
        draw = piles[0]
        n = len(draw)
        k = min(need, n)
        hand += draw[n - k :]  # from the top; the hand is sorted below
        piles[0] = draw[: n - k]
        need -= k
        took += k
    when_empty = t.when_empty
    if when_empty and not piles[0] and piles[1]:
        rng = Rng(rng_state)  # S&M-V1: "bis der Ziehstapel leer ist"
        piles[0] = tuple(rng.shuffle(list(piles[1])))
        piles[1] = ()
        rng_state = rng.state
    down[0] = len(piles[0])
    if not took:
        return rng_state, False
    piles[hand_i] = tuple(sorted(hand))
    return rng_state, not (when_empty and not piles[0])


def _wild(card: int) -> bool:
    return RANK[card] == KING or IS_JOKER[card]


def _face(card: int) -> str:
    """A card for messages: the pack does not matter in this game, so it is left out."""
    return card_unicode(card & 0x3F)


def _cards_shown(cards: Iterable[int]) -> str:
    return " ".join(_face(c) for c in sorted(cards, key=lambda c: (RANK[c], c))) or "empty"


def _top_shown(pile: tuple[int, ...]) -> str:
    """A build pile's top for messages; a wild card shows the rank it stands for."""
    top = pile[-1]
    if _wild(top):
        return f"{_face(top)} as {_RANK_WORD[len(pile)]}"
    return _face(top)


@register
@frozen(cache_hash=True, kw_only=True)
class SpiteAndMalice(Rules):
    """Spite and Malice for two to six players.

    Options (keyword-only, see the rules page for each):

    * ``unlimited_build_piles`` (S&M-V1): any number of build piles; completed
      piles stay aside until the draw pile runs dry and are then shuffled in.
    * ``aces_immediately`` (S&M-V2): an ace that can start a pile must do so
      before anything else.
    * ``pay_off_size`` (S&M-V3): cards in each pay-off pile, 1 to 30 (20).
    * ``jokers`` (S&M-V4): two jokers per pack, wild like kings, never an ace.
    * ``draw_pile_end`` (S&M-14): when an empty draw pile draws the game:
      ``"when-drawing"`` (default) when a player is due to draw and finds it
      empty; ``"when-empty"`` the moment it is empty, that is when a draw takes
      its last card (also a draw that cannot fill the hand to five).

    >>> import zank
    >>> rules = zank.variant("spite-and-malice", pay_off_size=25)
    >>> state = rules.new_game(seed=1, players=3)
    >>> len(state.pile("p2.pay"))
    25
    """

    name = "spite-and-malice"
    move_kinds = Kind
    greedy_policy: ClassVar[str | None] = "zank.agents.spite:spite_and_malice_greedy"
    min_players = 2
    """Two players, as in the seed."""
    max_players = 6
    """Up to six players (S&M-V5, "zu dritt oder mehr")."""
    presets = (
        {},
        {"unlimited_build_piles": True, "pay_off_size": 5},
        {"aces_immediately": True, "jokers": True, "pay_off_size": 10},
        {"draw_pile_end": WHEN_EMPTY},
        {"draw_pile_end": WHEN_EMPTY, "unlimited_build_piles": True, "pay_off_size": 5},
    )

    unlimited_build_piles: bool = field(default=False, validator=BOOL_OPTION)
    aces_immediately: bool = field(default=False, validator=BOOL_OPTION)
    pay_off_size: int = field(default=20, validator=option_validator(low=1, high=30))
    jokers: bool = field(default=False, validator=BOOL_OPTION)
    draw_pile_end: str = field(
        default=WHEN_DRAWING, validator=option_validator(choices=DRAW_PILE_ENDS)
    )

    # ----------------------------------------------------------- dimensions
    @staticmethod
    def packs(players: int) -> int:
        """Packs of 52 used by a game of ``players`` seats: two, or one per seat (S&M-V5)."""
        return max(2, players)

    @property
    def build_places(self) -> int:
        """How many build places there are (3, or with unlimited piles one per ace of six packs)."""
        return 4 * self.packs(self.max_players) if self.unlimited_build_piles else 3

    # ----------------------------------------------------------- the table
    def _layout(self, players: int) -> tuple[PileSpec, ...]:
        specs = [PileSpec("draw", None, "draw"), PileSpec("done", None, "completed")]
        specs += [PileSpec(f"build{i + 1}", None, "build") for i in range(self.build_places)]
        for p in range(players):
            specs.append(PileSpec(f"p{p}.pay", p, "pay-off"))
            specs.append(PileSpec(f"p{p}.hand", p, "hand", private=True, sorted=True))
            specs += [PileSpec(f"p{p}.side{j + 1}", p, "side") for j in range(SIDE_STACKS)]
        return tuple(specs)

    def _cards(self, players: int) -> tuple[int, ...]:
        # in the order the deal shuffles them, kept per seat count: a deal and the
        # OpenSpiel adapter's deal ask for them anew, and building them costs more
        # than a deal's first shuffle step
        key = ("_cards", players)
        cards: tuple[int, ...] | None = self._memo.get(key)
        if cards is None:
            jokers = 2 if self.jokers else 0
            cards = tuple(c for d in range(self.packs(players)) for c in full_deck(d, jokers))
            self._memo[key] = cards
        return cards

    # Pile indices: 0 draw, 1 done, 2.. builds, then per seat: pay, hand, 4 sides.
    def _seat_base(self, p: int) -> int:
        return self._k.base0 + p * (2 + SIDE_STACKS)

    def _touched(self, after: State | Observation, move: Move) -> tuple[frozenset[int], int | None]:
        """A move's source and target pile.  A play keeps the turn (or wins);
        a discard passes it on, so its player sat before the one to move (at
        the end, the one seat whose side stack shows the discarded rank)."""
        out = after.outcome
        if move.kind == PLAY:
            p = after.to_move if out is None else out.winner
            if p is None:
                return frozenset(), None
            base, s = self._seat_base(p), move.source
            src = base + 1 if s < SRC_PAY else base if s == SRC_PAY else base + 2 + s - SRC_SIDE
            return frozenset((src, 2 + move.target)), p
        seats = range(after.players)
        side = [after.piles[self._seat_base(q) + 2 + move.target] for q in seats]
        tops = [q for q in seats if side[q] and RANK[side[q][-1]] == move.source]
        if after.to_move is not None:
            tops = [(after.to_move - 1) % after.players]
        if len(tops) != 1:
            return frozenset(), None
        base = self._seat_base(tops[0])
        return frozenset((base + 1, base + 2 + move.target)), tops[0]

    def _build_moves(self) -> Iterable[Move]:
        sources = [*_RANK_TEXT, "p", *(f"s{j + 1}" for j in range(SIDE_STACKS))]
        n = 0
        for src, src_text in enumerate(sources):
            for b in range(self.build_places):
                yield Move(n, PLAY, src, b, f"{src_text}-b{b + 1}")
                n += 1
        for r, r_text in enumerate(_RANK_TEXT):
            for j in range(SIDE_STACKS):
                yield Move(n, DISCARD, r, j, f"{r_text}-s{j + 1}")
                n += 1

    def __attrs_post_init__(self) -> None:
        super(SpiteAndMalice, self).__attrs_post_init__()
        object.__setattr__(self, "_k", _Tables(self))
        # "10-b1" is accepted for "t-b1"
        for m in self.moves:
            if m.text.startswith("t-"):
                self._by_text["10-" + m.text[2:]] = m

    # the kernel's tables (build places, pile indices, move rows, options)
    _k: _Tables = field(init=False, default=None, eq=False, repr=False)

    def parse_move(self, state: State, text: str) -> Move:
        """Read move notation (see the module docs); ``10`` is accepted for ``t``.

        Raises:
            NotationError: the text is no move of this variant; moves that the
                rules can never allow, such as ``p-s1`` (the pay-off card onto a
                side stack), say which rule forbids them.
            IllegalMove: it is a move, but not legal now.
        """
        try:
            return super(SpiteAndMalice, self).parse_move(state, text)
        except NotationError:
            if isinstance(text, str) and _NOT_TO_SIDE.match(text.strip()):
                raise NotationError(
                    f"{text.strip()!r} is not a move: side stacks take only hand cards,"
                    " never the pay-off card or a card from another side stack [S&M-9]"
                ) from None
            raise

    # ------------------------------------------------------------- the deal
    def _deal(self, rng: Rng, players: int) -> State:
        deck = rng.shuffle(list(self._cards(players)))
        size = self.pay_off_size
        pays = [deck[p * size : (p + 1) * size] for p in range(players)]
        rest = deck[players * size :]
        hands = [tuple(sorted(rest[p * HAND_SIZE : (p + 1) * HAND_SIZE])) for p in range(players)]
        draw = tuple(rest[players * HAND_SIZE :])
        starter = self._who_begins_pays(pays, rng)
        piles: list[tuple[int, ...]] = [draw, ()] + [()] * self.build_places
        down = [len(draw), 0] + [0] * self.build_places
        for p in range(players):
            piles += [tuple(pays[p]), hands[p]] + [()] * SIDE_STACKS
            down += [size - 1, 0] + [0] * SIDE_STACKS
        return State.dealt(self, players, piles, down, starter, rng.state)

    def _opening_seat(self, state: State, rng: Rng) -> int:
        """S&M-3 on the pay-off piles of ``state`` (see :meth:`_who_begins_pays`)."""
        pays = [list(state.piles[self._seat_base(p)]) for p in range(state.players)]
        return self._who_begins_pays(pays, rng)

    @staticmethod
    def _start_value(card: int) -> int:
        # S&M-3: king highest; a joker (S&M-V4) ranks above the king.
        return 14 if IS_JOKER[card] else RANK[card]

    def _who_begins_pays(self, pays: list[list[int]], rng: Rng) -> int:
        """S&M-3: the highest pay-off top begins; tied seats reshuffle their piles."""
        tied = list(range(len(pays)))
        reshuffles = 0
        while True:
            best = max(self._start_value(pays[p][-1]) for p in tied)
            tied = [p for p in tied if self._start_value(pays[p][-1]) == best]
            if len(tied) == 1 or self.pay_off_size == 1 or reshuffles == MAX_SEED_TIES:
                return tied[0]  # a tie that outlasts the reshuffles: the lowest seat
            for p in tied:
                rng.shuffle(pays[p])
            reshuffles += 1

    # ---------------------------------------------------------- legal moves
    def _legal(self, state: State) -> tuple[Move, ...]:
        p = state.to_move
        assert p is not None
        return tuple(_moves_on(self._k, state.piles, p))

    @cython.locals(w=_Working)
    def _kernel_moves(self, w: Working) -> list[Move]:
        p = w.to_move
        assert p is not None
        return _moves_on(self._k, w.piles, p)

    # ---------------------------------------------------------------- apply
    def _apply(self, state: State, move: Move) -> State:
        p = state.to_move
        assert p is not None
        piles = list(state.piles)
        down = list(state.down)
        after = _play_on(self._k, piles, down, p, move, state)
        if after is None:  # the piles alone changed
            return state.successor(piles, down, p, (), state.turn)
        to_move, turn, rng_state, outcome = after
        return state.successor(piles, down, to_move, (), turn, outcome, rng_state)

    @cython.locals(w=_Working)
    def _kernel_play(self, w: Working, move: Move) -> None:
        p = w.to_move
        assert p is not None
        after = _play_on(self._k, w.piles, w.down, p, move, w)
        if after is not None:  # else the piles alone changed
            w.to_move, w.turn, w.rng, w.outcome = after
        w.ply += 1  # info () and phase 0 stay, as in every Spite and Malice state

    # ---------------------------------------------------------- explanations
    def _explain(self, state: State, move: Move) -> Violation:
        p = state.to_move
        assert p is not None
        base = self._seat_base(p)
        piles = state.piles
        hand = piles[base + 1]
        builds = piles[2 : 2 + self.build_places]
        must_ace = Violation(
            "S&M-V2", "aces immediately: an ace that can start a build pile must be played first"
        )
        if move.kind == DISCARD:
            if not any(RANK[c] == move.source for c in hand):
                return Violation(
                    "S&M-9",
                    f"you have no {_RANK_WORD[move.source]} in your hand"
                    f" (hand: {_cards_shown(hand)}); side stacks take only hand cards",
                )
            if not piles[base + 2 + move.target]:
                first = next(j for j in range(SIDE_STACKS) if not piles[base + 2 + j])
                if first != move.target:
                    return Violation(
                        "S&M-8",
                        f"a new side stack is begun in the first free place, side {first + 1}",
                    )
            return must_ace  # the only other reason a discard is refused
        src = move.source
        if src < SRC_PAY:
            cards = [c for c in hand if RANK[c] == src]
            if not cards:
                return Violation(
                    "S&M-5",
                    f"you have no {_RANK_WORD[src]} in your hand (hand: {_cards_shown(hand)})",
                )
            card = cards[0]
        elif src == SRC_PAY:
            card = piles[base][-1]
        else:
            side = piles[base + 2 + src - SRC_SIDE]
            if not side:
                return Violation("S&M-5", f"your side stack {src - SRC_SIDE + 1} is empty")
            card = side[-1]
        target = builds[move.target]
        what = _face(card)
        if RANK[card] == ACE:
            if not self.unlimited_build_piles and sum(1 for b in builds if b) >= 3:
                return Violation(
                    "S&M-6",
                    "there are already three build piles: an ace must wait until one is complete",
                )
            if target:
                return Violation(
                    "S&M-6",
                    f"an ace only starts a new build pile; build pile {move.target + 1}"
                    f" shows {_top_shown(target)}",
                )
            first = next(i for i, b in enumerate(builds) if not b)
            return Violation(
                "S&M-6", f"a new build pile is started in the first free place, build {first + 1}"
            )
        if not target:
            if _wild(card):
                return Violation(
                    "S&M-11", f"{what} cannot start a build pile: every pile starts with a real ace"
                )
            return Violation("S&M-6", f"the {what} does not fit: only an ace starts a build pile")
        if _wild(card) or len(target) + 1 == RANK[card]:
            return must_ace
        tops = ", ".join(_top_shown(b) for b in builds if b)
        needed = _RANK_WORD[len(target) + 1]
        return Violation(
            "S&M-6",
            f"the {what} does not fit on build pile {move.target + 1}: it needs a {needed}"
            f" (build piles show {tops})",
        )

    # ------------------------------------------------------------ validation
    def _validate(self, state: State) -> None:
        for b in range(self.build_places):
            pile = state.piles[2 + b]
            if not pile:
                continue
            if RANK[pile[0]] != ACE:
                raise InvalidState(f"build{b + 1} must start with an ace")
            for pos, c in enumerate(pile[1:], start=2):
                if not (_wild(c) or RANK[c] == pos):
                    raise InvalidState(f"build{b + 1}: card {pos} must be a {_RANK_WORD[pos]}")
            if len(pile) >= QUEEN:
                raise InvalidState(f"build{b + 1} is complete and should have left the table")
        # (without unlimited piles there are only three build places: no fourth pile)
        if not self.unlimited_build_piles and state.piles[1]:
            raise InvalidState("completed piles are set aside only with unlimited build piles")
        if len(state.piles[1]) % QUEEN:
            raise InvalidState("the completed piles set aside must be whole piles of 12 cards")
        if state.down[0] != len(state.piles[0]):
            raise InvalidState("the draw pile lies face down")
        if self.draw_pile_end == WHEN_EMPTY and not state.piles[0] and state.outcome is None:
            raise InvalidState(
                "with draw_pile_end='when-empty' the game is drawn once the draw pile is empty"
            )
        if any(state.down[1 : 2 + self.build_places]):
            raise InvalidState("build piles and completed piles lie face up")
        for p in range(state.players):
            base = self._seat_base(p)
            pay = state.piles[base]
            if state.down[base] != max(0, len(pay) - 1):
                raise InvalidState(f"p{p}.pay must show exactly its top card")
            if not pay and state.outcome is None:
                raise InvalidState(f"p{p}.pay is empty, so p{p} has won: the game must be over")
            if len(state.piles[base + 1]) > HAND_SIZE:
                raise InvalidState(f"p{p}.hand holds more than five cards")
            if any(state.down[base + 1 : base + 2 + SIDE_STACKS]):
                raise InvalidState(f"the hand and side stacks of p{p} lie face up")
        if state.to_move is not None and not state.piles[self._seat_base(state.to_move) + 1]:
            raise InvalidState("the player to move has no hand card")
        if state.phase:
            raise InvalidState(f"'phase' is always 0 in {self.name}, not {state.phase}")
        if state.outcome is not None:
            self._validate_outcome(state, state.outcome)

    def _validate_outcome(self, state: State, outcome: Result) -> None:
        """The outcome must be the one the rules give the final position (S&M-13,
        S&M-14): recomputed from the piles, not taken from the document."""
        pays = [len(state.piles[self._seat_base(q)]) for q in range(state.players)]
        if outcome.reason == Termination.WENT_OUT:
            empty = [q for q, n in enumerate(pays) if not n]
            if outcome.winner is None or empty != [outcome.winner]:
                raise InvalidState(
                    "'outcome': a game is won by the one player whose pay-off pile is empty"
                    f" (empty: {', '.join(f'p{q}' for q in empty) or 'none'})"
                )
            points = [0] * state.players
            points[outcome.winner] = 5 + sum(n for q, n in enumerate(pays) if q != outcome.winner)
            if tuple(points) != outcome.points:
                raise InvalidState(
                    f"'outcome': the points are {points}, 5 plus the cards left in the other "
                    "pay-off piles (S&M-13)"
                )
        elif outcome.reason == Termination.DRAW_PILE_EMPTY:
            if outcome.winner is not None or any(outcome.points):
                raise InvalidState("'outcome': a game drawn for an empty draw pile scores nothing")
            if state.piles[0] or state.piles[1] or 0 in pays:
                raise InvalidState(
                    "'outcome': a drawn game has an empty draw pile (and no completed piles "
                    "left to shuffle back) and no empty pay-off pile (S&M-14)"
                )
        else:
            raise InvalidState(
                f"'outcome': {self.name} ends only by a player going out or by an empty "
                f"draw pile, not by {outcome.reason.value!r}"
            )


def match_scores(results: Iterable[Result | None]) -> tuple[int, ...]:
    """Add up the points of several rounds, seat by seat (S&M-15).

    Drawn rounds score nothing; ``None`` (an unfinished round) is skipped.
    Every round must have the same number of seats; keep seats fixed across
    the rounds (if the players change places between rounds, reorder each
    round's points before adding them up).

    >>> from zank.core import Result, Termination
    >>> from zank.spite_malice import match_scores
    >>> won = Result(0, (12, 0), Termination.WENT_OUT)
    >>> drawn = Result(None, (0, 0), Termination.DRAW_PILE_EMPTY)
    >>> match_scores([won, drawn, Result(1, (0, 9), Termination.WENT_OUT)])
    (12, 9)

    Raises:
        ValueError: no finished round, or rounds with different numbers of seats.
    """
    totals: list[int] | None = None
    for r in results:
        if r is None:
            continue
        points: Sequence[int] = r.points
        if totals is None:
            totals = [0] * len(points)
        elif len(points) != len(totals):
            raise ValueError(f"a round of {len(points)} seats in a match of {len(totals)} seats")
        for seat, n in enumerate(points):
            totals[seat] += n
    if totals is None:
        raise ValueError("no finished round to add up")
    return tuple(totals)
