"""The reserve-and-hand-pile game of the family, once: zank-detailed and crapette.

Both games deal each player a reserve (the top card face up), four houses and
a face-down hand pile that is turned card by card onto a discard (crapette's
*waste*); both build on the shared table (:class:`~zank.family.table.FamilyTable`)
under the same three mandatory moves: the reserve top to a foundation before
anything else, every free card that fits a foundation, and gaps filled from
the reserve before a hand card is turned.  :class:`StockGame` holds that turn
once: the move list (:meth:`~StockGame.generate`), the moves
(:meth:`~StockGame.apply_card`, :meth:`~StockGame.end_turn_after`), the end
rules, the explanations, the invariants and the deal.  A variant subclasses it
with its options (attrs fields), its rule ids (class variables naming the rules of its page), its
result (:meth:`~StockGame.game_result`) and what its call does in table mode
(``resolve_call``).

Moves are named from the point of view of the player to move:

=============  ==============================================================
``r-f``        the reserve top onto a foundation (the first one it fits)
``h3-h5``      the outer card of house 3 onto house 5 (a gap: the first gap)
``t-or``       the turned hand card packed onto the opponent's reserve
``h2-od``      the outer card of house 2 packed onto the opponent's discard
``d-h1``       the top of the own discard onto house 1 (when it is free)
``turn``       turn the top card of the hand pile (flipping the discard over
               first when the hand pile is empty)
``t-d``        the turned hand card onto the own discard: the turn ends
``pass``       end the turn with no hand card left to turn
=============  ==============================================================

``State.info`` holds five public counters: ``(dry0, dry1, stale, shuffles,
flags)``, named by :class:`StockInfo` (``rules.info_of(state).shuffles``; the
variants' pages explain them: zank-detailed's ZD-17 to ZD-19).  The move kinds
are :class:`~zank.family.hand_pile.Kind`; the turn, end and pass moves and
the packs come from the table's hand-pile turn (:mod:`zank.family.seat`),
which zank-104 shares through :class:`~zank.family.hand_pile.HandPileTable`.

>>> import zank
>>> rules = zank.variant("zank-detailed")
>>> state = rules.new_game(seed=1)
>>> [m.text for m in rules.legal_moves(state)][-1], state.info
('turn', (0, 0, 0, 0, 0))
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from math import lcm
from typing import TYPE_CHECKING, ClassVar, Final, NamedTuple

from attrs import field, frozen

from zank.cards import RANK, card_unicode, full_deck
from zank.core import Move, Observation, Result, State, Termination, Violation
from zank.errors import InvalidState, OptionError
from zank.family import faults, hand_pile
from zank.family.fits import FKEY, PACK_WANTS
from zank.family.hand_pile import END, PASS, TURN, Kind
from zank.family.scan import MAX_MASK_BITS, card_moves
from zank.family.table import CARD, DISCARD, HAND, RESERVE, TURNED, FamilyTable, foundation_fits
from zank.random import Rng

try:  # the C types of the compiled build (Cython's pure-Python mode)
    import cython

    if not cython.compiled:  # an installed Cython's stand-in: zank's own instead
        raise ImportError
except ImportError:  # pure Python: the declarations change nothing
    from zank import _nocython as cython  # type: ignore[no-redef]

#: The C index type of the compiled build's ``@cython.locals`` lists (an ``int`` in pure Python).
_Int = cython.typedef(cython.Py_ssize_t)

__all__ = [
    "ALTERNATE",
    "CUT",
    "END",
    "HIGHER",
    "LOWER",
    "PASS",
    "SRC_DISCARD",
    "SRC_HOUSE",
    "SRC_RESERVE",
    "SRC_TURNED",
    "TGT_FOUNDATION",
    "TGT_PACK",
    "TURN",
    "StockGame",
    "StockInfo",
    "counts",
]


class StockInfo(NamedTuple):
    """``State.info`` of the reserve-and-hand-pile game by name
    (:meth:`StockGame.info_of`; zank-detailed's ZD-17 to ZD-19, crapette's
    C-17 to C-19)."""

    dry0: int
    """Player 0's turns in a row without a release."""
    dry1: int
    """Player 1's turns in a row without a release."""
    stale: int
    """Turns in a row without a card reaching a foundation."""
    shuffles: int
    """House-to-house moves in a row."""
    flags: int
    """Bits of this turn's events (1 a release, 2 a card onto a foundation)."""


# source codes (own piles, then houses 3..10) and target codes
SRC_RESERVE: Final = 0
"""Source code of the own reserve (``r``)."""
SRC_TURNED: Final = 1
"""Source code of the turned hand card (``t``)."""
SRC_DISCARD: Final = 2
"""Source code of the own discard (``d``)."""
SRC_HOUSE: Final = 3
"""Source code of house 1; houses 2..8 follow."""
TGT_FOUNDATION: Final = 0
"""Target code of the foundations (``f``)."""
TGT_PACK: Final = 9
"""Target code of the opponent's reserve (``or``); 10 is the opponent's discard."""

# the index of StockInfo.shuffles in State.info, for the move generator
I_SHUFFLES: Final = 3
F_RELEASE: Final = 1  # this turn a card left or reached a reserve, hand or discard
F_FOUNDATION: Final = 2  # this turn a card reached a foundation
START_INFO: Final = (0, 0, 0, 0, 0)

HOUSES_EACH: Final = 4
LAYOUT_LIMIT: Final = 1000
"""The most layouts of the houses that :meth:`StockGame.frozen` looks through; a
position whose house cards reach more is left to the pass-based blocked rule."""
CUT: Final = "cut"
"""``who_begins``: the players cut their packs."""
LOWER: Final = "lower"
"""``who_begins``: the lower reserve top begins."""
HIGHER: Final = "higher"
"""``who_begins``: the higher reserve top begins."""
ALTERNATE: Final = "alternate"
"""``who_begins``: ``first_player`` begins (a match alternates it)."""


def _high_rank(card: int) -> int:
    """The cut key when the higher card begins."""
    return -RANK[card]


def counts(state: State) -> tuple[int, ...]:
    """Each seat's count of cards still to go: 1 per card in hand pile, turned
    card and discard, 2 per card in the reserve (zank-detailed's ZD-20,
    crapette's C-20)."""
    rules = state.rules
    assert isinstance(rules, StockGame)
    piles = state.piles
    out = []
    for q in range(state.players):
        out.append(
            len(piles[rules.seat_pile(q, HAND)])
            + len(piles[rules.seat_pile(q, TURNED)])
            + len(piles[rules.seat_pile(q, DISCARD)])
            + 2 * len(piles[rules.seat_pile(q, RESERVE)])
        )
    return tuple(out)


@frozen(cache_hash=True, kw_only=True)
class StockGame(FamilyTable):
    """The reserve-and-hand-pile turn of the family, for two players: a
    :class:`~zank.family.table.FamilyTable` that turns a hand pile card by card
    (``hand_turn``, the table's hand-pile turn of :mod:`zank.family.seat`, as
    :class:`~zank.family.hand_pile.HandPileTable` does beside it), with the
    hooks of that turn implemented once for zank-detailed and crapette.

    A subclass adds its options as attrs fields: ``reserve_size``,
    ``who_begins``, ``first_player``, ``no_progress_turns``, ``table_mode`` and
    ``call_window`` are read here; :attr:`discard_free` says whether the top
    of the own discard is a free card.  The rule ids of the variant's page
    name every refusal (the class variables ``rule_…``).
    """

    move_kinds = Kind
    hand_turn = True
    sources = (("r", RESERVE), ("t", TURNED), ("d", DISCARD))
    rule_reserve_first: ClassVar[str] = "reserve-first"
    """Rule id of mandatory move 1 (the reserve top to a foundation before anything else)."""
    rule_foundation_first: ClassVar[str] = "foundation-first"
    """Rule id of mandatory move 2 (every free card that fits a foundation goes there)."""
    rule_gap_first: ClassVar[str] = "gap-first"
    """Rule id of mandatory move 3 (gaps filled from the reserve before a hand card is turned)."""
    rule_shuffles: ClassVar[str] = "shuffles"
    """Rule id of the limit on house-to-house moves in a row."""
    rule_out: ClassVar[str] = "out"
    """Rule id of winning (a player without cards of their own has won)."""
    rule_no_progress: ClassVar[str] = "no-progress"
    """Rule id of the limit on house-to-house moves in a row."""
    discard_option: ClassVar[str] = "own_discard_free"
    """The option that makes the own discard top a free card (named in messages)."""
    exact_block: ClassVar[bool] = False
    """End a blocked game as soon as :meth:`~zank.family.stock.StockGame.frozen`
    proves it (zank-detailed's ZD-17); otherwise only the pass-based rule ends it."""
    shuffle_limit: ClassVar[int] = 50
    """At most this many house-to-house moves in a row."""
    high_begins: ClassVar[bool] = False
    """A cut (and ``who_begins="cut"``) is won by the higher card, not the lower."""
    call_aliases: ClassVar[tuple[str, ...]] = ()
    """Other words accepted for the call move of table mode."""
    # table mode (zank.family.faults; the other hooks keep FamilyTable's defaults)
    base_info: ClassVar[int] = len(START_INFO)

    if TYPE_CHECKING:  # options: the subclasses' attrs fields
        reserve_size: int
        who_begins: str
        first_player: int
        no_progress_turns: int
        call_window: str

    # discard_free, gap_duty and bool(duty) copied into slots for the hot path
    _discard_free: bool = field(init=False, default=False, eq=False, hash=False, repr=False)
    _gap_duty: bool = field(init=False, default=True, eq=False, hash=False, repr=False)
    _duty: bool = field(init=False, default=False, eq=False, hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if self.first_player and self.who_begins != ALTERNATE:
            raise OptionError(
                f"option 'first_player' of {self.name!r} applies only with "
                f"who_begins='alternate' (who_begins is {self.who_begins!r})"
            )
        super(StockGame, self).__attrs_post_init__()
        if self._scan_geometry is None:  # the move generator's masks (zank.family.scan)
            raise OptionError(
                f"{self.name!r} has {self.house_count} houses and "
                f"{len(self.pack_targets)} packing targets; a reserve-and-hand-pile "
                f"table (StockGame) has at most {MAX_MASK_BITS} of each"
            )
        object.__setattr__(self, "_discard_free", self.discard_free)
        object.__setattr__(self, "_gap_duty", self.gap_duty)
        object.__setattr__(self, "_duty", self.duty)
        for m in self.moves:
            if m.kind == faults.CALL_KIND:
                for word in self.call_aliases:
                    self._by_text[word] = m

    def max_plies(self, players: int = 2) -> int | None:
        """ZD-19 and C-19: at most ``(T + 1) * no_progress_turns`` turns (only a
        turn with a foundation move resets the count, and the foundations hold
        at most the game's ``T`` cards), each of at most ``(2T + 1) * 52``
        moves; ``None`` in table mode (its calls are proved to end, not counted)."""
        if self.table_mode:
            return None
        cards = len(self.cards(players))
        return (cards + 1) * self.no_progress_turns * (2 * cards + 1) * 52

    def info_of(self, state: State | Observation) -> StockInfo:
        """The counters of ``state.info`` by name."""
        return StockInfo._make(state.info[: self.base_info])

    # ------------------------------------------------------------- hooks
    @property
    def discard_free(self) -> bool:
        """Whether the top card of the own discard is a free card (an option)."""
        return False

    @property
    def gap_duty(self) -> bool:
        """Whether gaps must be filled from the reserve before a hand card is
        turned (mandatory move 3)."""
        return True

    @property
    def houses_far_first(self) -> bool:
        """Whether equal reserve tops compare the houses in the order they
        were dealt (the farthest first) instead of from the reserve outwards."""
        return False

    @property
    def duty(self) -> bool:
        """Whether the variant adds moves that oblige after the foundation
        moves (zank-detailed's stricter rules)."""
        return False

    def _duty_moves(
        self, state: State, fits: Container[int], moves: tuple[Move, ...]
    ) -> tuple[Move, ...]:
        """The moves among ``moves`` that the variant's further duty obliges
        (none)."""
        return ()

    def _explain_duty(
        self, state: State, fits: Container[int], strict: tuple[Move, ...]
    ) -> Violation | None:
        """Why a move breaks the variant's further duty, or ``None``."""
        return None

    def house_rows(self) -> int:
        """Cards dealt to each house (1; the lower ones lie face down)."""
        return 1

    def _house_down_note(self) -> str:
        """Added to the message of a house with too many face-down cards."""
        return ""

    def game_result(self, state: State, winner: int | None) -> Result:
        """The result of a finished game: ``winner`` went out, or (``None``)
        nobody did (a blocked or endless game)."""
        raise NotImplementedError

    # ------------------------------------------------------------- the deal
    def _deal(self, rng: Rng, players: int) -> State:
        piles: list[tuple[int, ...]] = [()] * len(self.layout(players))
        down = [0] * len(piles)
        hb = self.house_base
        rows = self.house_rows()
        for p in range(players):
            pack = rng.shuffle(list(full_deck(p)))
            k = self.reserve_size
            ri = self.seat_pile(p, RESERVE)
            piles[ri] = tuple(pack[:k])
            down[ri] = k - 1
            for _row in range(rows):  # the face-down rows first
                for j in range(HOUSES_EACH):  # from the farthest house to the nearest
                    h = hb + p * HOUSES_EACH + HOUSES_EACH - 1 - j
                    piles[h] = (*piles[h], pack[k])
                    k += 1
            for j in range(HOUSES_EACH):
                down[hb + p * HOUSES_EACH + j] = rows - 1
            hi = self.seat_pile(p, HAND)
            piles[hi] = tuple(pack[k:])
            down[hi] = len(piles[hi])
        starter = self.starting_player(piles, rng)
        info = faults.start_info(self, START_INFO)  # table mode's tail
        return State.dealt(self, players, piles, down, starter, rng.state, info)

    def _opening_seat(self, state: State, rng: Rng) -> int:
        return self.starting_player(list(state.piles), rng)

    def starting_player(self, piles: list[tuple[int, ...]], rng: Rng) -> int:
        """The seat that begins a game dealt as ``piles``.

        With ``who_begins`` ``"lower"`` (``"higher"``) the lower (higher)
        reserve top begins, king high, ace low; equal ranks compare the houses
        (from the reserve outwards, or with :attr:`houses_far_first` in the
        order they were dealt); if all are equal, the players cut
        (:meth:`cut`).  ``"cut"`` cuts at once, ``"alternate"`` lets
        ``first_player`` begin.  An empty pile (never dealt so, but a
        hand-made position may have one) decides nothing: the next pair is
        compared.
        """
        if self.who_begins == ALTERNATE:
            return self.first_player
        if self.who_begins in (LOWER, HIGHER):
            order = range(HOUSES_EACH - 1, -1, -1) if self.houses_far_first else range(HOUSES_EACH)
            hb = self.house_base
            pairs = [[piles[self.seat_pile(p, RESERVE)] for p in range(2)]]
            pairs += [[piles[hb + p * HOUSES_EACH + j] for p in range(2)] for j in order]
            for a, b in pairs:
                if a and b and RANK[a[-1]] != RANK[b[-1]]:
                    return 0 if (RANK[a[-1]] < RANK[b[-1]]) != (self.who_begins == HIGHER) else 1
        return self.cut(
            rng, self.who_begins == HIGHER or (self.who_begins == CUT and self.high_begins)
        )

    @staticmethod
    def cut(rng: Rng, high: bool = False) -> int:
        """Both players cut their own pack; the lower card begins (``high``:
        the higher), equal ranks cut again (after 64 ties in a row, seat 0
        begins)."""
        return hand_pile.cut_packs(rng, _high_rank if high else RANK.__getitem__)

    # ---------------------------------------------------------- legal moves
    def generate(self, state: State, strict: bool = True) -> tuple[Move, ...]:
        """The moves of the player to move.

        With ``strict=False`` the mandatory moves are not enforced: the result
        is every move that the cards allow, what a player could physically do
        (table mode offers these as faults).
        """
        p = state.to_move
        assert p is not None
        piles = state.piles
        # the card moves (zank.family.scan); at most shuffle_limit house-to-house moves in a row
        blocked = -1 if state.info[I_SHUFFLES] >= self.shuffle_limit else 0
        free = 3 if self._discard_free else 2  # the reserve and turned card, the discard
        moves, found, gap = card_moves(self, piles, p, free, blocked, strict)
        ri, hi, ti, di = self._seat[p]
        if found and strict:
            if moves[0].source == SRC_RESERVE:
                return (moves[0],)  # mandatory move 1
            return tuple(moves)  # mandatory move 2
        if not (strict and gap >= 0 and piles[ri] and self._gap_duty):  # mandatory move 3
            if piles[ti]:
                moves.append(self._end)
            elif piles[hi] or piles[di]:
                moves.append(self._turn)
            else:
                moves.append(self._pass)
        out = tuple(moves)
        if strict and self._duty:
            forced = self._duty_moves(state, self.foundation_keys(piles), out)
            if forced:
                return forced
        return out

    # ---------------------------------------------------------------- apply
    @cython.locals(s=_Int, t=_Int, shuffles=_Int, flags=_Int)
    def apply_card(
        self, state: State, move: Move, p: int, piles: list[tuple[int, ...]], down: list[int]
    ) -> State:
        """The state after card move ``move`` of seat ``p`` in strict play
        (``piles`` and ``down`` are ``state``'s as lists, changed in place): the
        card moved, the counters (the run of house-to-house moves, what left
        or reached a reserve, hand or discard), a seat out of cards wins."""
        dry0, dry1, stale, shuffles, flags = state.info
        to_move: int | None = p
        outcome: Result | None = None
        s, t = move.source, move.target
        self.move_card(piles, down, p, s, t)
        if t == TGT_FOUNDATION:
            flags |= F_FOUNDATION
        if s >= SRC_HOUSE and 0 < t < TGT_PACK:
            shuffles += 1
        else:
            shuffles = 0
        if s < SRC_HOUSE or t >= TGT_PACK:
            flags |= F_RELEASE
            src = self._src_index[p]
            if s < SRC_HOUSE and not (
                piles[src[SRC_RESERVE]]
                or piles[src[SRC_TURNED]]
                or piles[src[SRC_DISCARD]]
                or piles[self._seat[p][1]]
            ):  # the player went out
                to_move = None
                outcome = self.game_result(self._interim(state, piles, down), p)
        info = (dry0, dry1, stale, shuffles, flags)
        return state.successor(piles, down, to_move, info, state.turn, outcome)

    def info_after_turning(self, info: tuple[int, ...]) -> tuple[int, ...]:
        """``State.info`` after a hand card was turned: the run of
        house-to-house moves ends."""
        dry0, dry1, stale, _, flags = info
        return (dry0, dry1, stale, 0, flags)  # a turned card ends a run of house moves

    def end_turn_after(
        self, state: State, p: int, piles: list[tuple[int, ...]], down: list[int]
    ) -> State:
        """The state after seat ``p``'s turn ended (the turned card, if any,
        already on the discard in ``piles``): the counters of a dry stock and
        of turns without progress, the next seat, or the end of the game
        (blocked, no progress)."""
        dry0, dry1, stale, _, flags = state.info
        if flags & F_RELEASE:
            dry0 = dry1 = 0
        elif p == 0:
            dry0 += 1
        else:
            dry1 += 1
        stale = 0 if flags & F_FOUNDATION else stale + 1
        outcome = self._stuck(state, piles, down, (dry0, dry1), stale)
        to_move = None if outcome else 1 - p
        info = (dry0, dry1, stale, 0, 0)
        return state.successor(piles, down, to_move, info, state.turn + 1, outcome)

    def _stuck(
        self,
        state: State,
        piles: list[tuple[int, ...]],
        down: list[int],
        dry: tuple[int, int],
        stale: int,
    ) -> Result | None:
        """At the end of a turn: the result of a game that ends without anyone
        going out (no card can ever move again (:meth:`frozen`, with
        :attr:`exact_block`), or, as the fallback, nothing was released for a
        full pass through both stocks; or no progress), or ``None``."""
        assert state.to_move is not None
        if (self.exact_block and self.frozen(piles, 1 - state.to_move)) or self._dry(piles, dry):
            return self.game_result(self._interim(state, piles, down), None)
        if stale >= self.no_progress_turns:
            r = self.game_result(self._interim(state, piles, down), None)
            return Result(r.winner, r.points, Termination.NO_PROGRESS)
        return None

    def _interim(self, state: State, piles: list[tuple[int, ...]], down: list[int]) -> State:
        # only for counting cards at the end of a game
        return State(
            rules=self, players=state.players, piles=tuple(piles), down=tuple(down), to_move=0
        )

    def frozen(self, piles: Sequence[tuple[int, ...]], to_move: int) -> bool:
        """ZD-17, the exact check: whether no card of a reserve, hand pile or
        discard can ever be played again.

        ``piles`` is a position between two turns (no turned hand card) and
        ``to_move`` the seat whose turn comes next.  While nothing but the
        house cards moves between houses and the players turn their hand
        cards and discard them, the foundations and reserve tops stay as they
        are, every card of a player's hand pile and discard comes up as the
        turned card (and, with the own discard free, as the discard top) and lies on the
        discard as the opponent's packing target, and the houses take the
        layouts that moves between houses reach.  True when in every such
        layout no free card fits a foundation, a gap or a packing target and
        no card but a house card fits a house, and no turned card (or discard
        top) ever meets an opponent's discard top it may be packed on
        (``_stocks_meet``).  False when a card can leave that cycle, or when
        the layouts are more than ``LAYOUT_LIMIT`` (1,000; the pass-based rule
        of ZD-17 decides those positions).
        """
        # first what the present layout shows (most positions fail here, cheaply)
        fits = foundation_fits(piles[self._foundations])
        hkey, hwant = self._house_key, self._house_want
        now: set[int] = set()  # what the houses take now
        for house in piles[self._houses]:
            if not house:
                return False  # a gap takes any free card
            c = house[-1]
            if FKEY[c] in fits:
                return False
            now.add(hwant[c])
        # the own cards: every stock card comes up as the turned card (with
        # the own discard free it is also free on top of the discard); a reserve top stays free
        stocks = []
        reserves = []
        for q in range(2):
            src = self._src_index[q]
            reserve = piles[src[SRC_RESERVE]][-1:]
            hand, discard = piles[self._seat[q][1]], piles[src[SRC_DISCARD]]
            for pile in (reserve, hand, discard):
                for c in pile:
                    if FKEY[c] in fits or hkey[c] in now:
                        return False
            stocks.append(hand + discard)
            reserves.append(reserve)
        own = (*stocks[0], *stocks[1], *reserves[0], *reserves[1])
        # what may be packed on each seat's reserve top and, in turn, discard tops
        on_reserve = [{k for c in reserves[q] for k in PACK_WANTS[c]} for q in range(2)]
        on_discard = [{k for c in stocks[q] for k in PACK_WANTS[c]} for q in range(2)]
        meet = False
        for q in range(2):
            if any(FKEY[c] in on_reserve[1 - q] for c in stocks[q]):
                return False  # a stock card onto the opponent's reserve top
            if any(
                FKEY[c] in on_reserve[1 - q] or FKEY[c] in on_discard[1 - q] for c in reserves[q]
            ):
                return False  # a reserve top onto the opponent's reserve or discard
            meet = meet or any(FKEY[c] in on_discard[1 - q] for c in stocks[q])
        packs = on_reserve[0] | on_reserve[1] | on_discard[0] | on_discard[1]
        start = tuple(piles[self._houses])
        seen = {start}
        todo = [start]
        while todo:  # every layout that moves between houses reach
            houses = todo.pop()
            later = self._layout_moves_on(houses, fits, own, packs)
            if later is None:
                return False
            for layout in later:
                if layout not in seen:
                    if len(seen) >= LAYOUT_LIMIT:
                        return False
                    seen.add(layout)
                    todo.append(layout)
        # a turned card (or, with the own discard free, a discard top) onto the opponent's
        # discard top: only if the two ever lie there at once
        return not (meet and self._stocks_meet(piles, to_move))

    def _layout_moves_on(
        self,
        houses: tuple[tuple[int, ...], ...],
        fits: Container[int],
        own: Sequence[int],
        packs: Container[int],
    ) -> list[tuple[tuple[int, ...], ...]] | None:
        """For :meth:`frozen`: ``None`` if in the layout ``houses`` a card can
        go into a gap, a house card onto a foundation or a packing target
        (``packs``), or one of the ``own`` cards onto a house; else the layouts
        that each move of a house card onto another house leads to."""
        hkey, hwant = self._house_key, self._house_want
        wants: dict[int, list[int]] = {}
        for h, house in enumerate(houses):
            if not house:
                return None  # a gap takes any free card
            c = house[-1]
            if FKEY[c] in fits or FKEY[c] in packs:
                return None
            wants.setdefault(hwant[c], []).append(h)
        if any(hkey[c] in wants for c in own):
            return None
        later = []
        for h, house in enumerate(houses):
            for t in wants.get(hkey[house[-1]], ()):
                if t != h:
                    layout = list(houses)
                    layout[h] = house[:-1]
                    layout[t] = (*houses[t], house[-1])
                    later.append(tuple(layout))
        return later

    def _stocks_meet(self, piles: Sequence[tuple[int, ...]], to_move: int) -> bool:
        """Whether, while both players only turn and discard, a player's turned
        card (or, with the own discard free, the own discard top) ever may be packed onto the
        opponent's discard top.  Each stock comes back to where it is after as
        many turns as it has cards, so both together after the least common
        multiple: that many rounds are played through."""
        hands = [list(piles[self.seat_pile(q, HAND)]) for q in range(2)]
        discards = [list(piles[self.seat_pile(q, DISCARD)]) for q in range(2)]
        sizes = [max(1, len(hands[q]) + len(discards[q])) for q in range(2)]
        order = (to_move, 1 - to_move)
        for _ in range(lcm(*sizes)):
            for q in order:
                hand, discard, other = hands[q], discards[q], discards[1 - q]
                if not hand and not discard:
                    continue  # nothing to turn: the player passes
                want = PACK_WANTS[other[-1]] if other else ()
                if self.discard_free and discard and FKEY[discard[-1]] in want:
                    return True
                if not hand:  # ZD-14: the discard turned over
                    hand[:] = discard[::-1]
                    discard.clear()
                card = hand.pop()
                if FKEY[card] in want:
                    return True
                discard.append(card)
        return False

    def _dry(self, piles: list[tuple[int, ...]], dry: tuple[int, int]) -> bool:
        """Every player has had a full pass through the stock without a release."""
        for q in range(2):
            stock = len(piles[self.seat_pile(q, HAND)]) + len(piles[self.seat_pile(q, DISCARD)])
            if dry[q] < max(1, stock):
                return False
        return True

    # ---------------------------------------------------------- explanations
    def _explain_card(self, state: State, move: Move) -> Violation | None:
        """Why the cards do not allow ``move`` (free cards, the fits, the
        house-to-house limit), or ``None``."""
        s = move.source
        if s == SRC_DISCARD and not self._discard_free:
            word = self.pile_words.get(DISCARD, DISCARD)
            return Violation(
                self.rule_free,
                f"the top card of your own {word} is not free (it is with the option "
                f"{self.discard_option})",
            )
        v = self.explain_card_move(state, move)
        if v is not None:
            return v
        if (
            s >= SRC_HOUSE
            and 0 < move.target < TGT_PACK
            and self.info_of(state).shuffles >= self.shuffle_limit
        ):
            return Violation(
                self.rule_shuffles,
                f"at most {self.shuffle_limit} house-to-house moves in a row: "
                "play another card first",
            )
        return None

    def _explain_mandatory(self, state: State, move: Move) -> Violation:
        """Why a move the cards allow is not allowed now (the mandatory moves)."""
        p = state.to_move
        assert p is not None
        reserve = state.piles[self._seat[p][0]]
        fits, _, gap, _, _ = self.scan(state.piles, p)
        if reserve and FKEY[reserve[-1]] in fits:
            return Violation(
                self.rule_reserve_first,
                f"mandatory move: your reserve top {card_unicode(reserve[-1])} fits a "
                "foundation and must go there before anything else (r-f)",
            )
        strict = self.generate(state, strict=True)
        found = [m for m in strict if m.kind == CARD and m.target == TGT_FOUNDATION]
        if found:
            return Violation(
                self.rule_foundation_first,
                "mandatory move: a free card fits a foundation and must go there first ("
                + ", ".join(m.text for m in found)
                + ")",
            )
        if self._duty:
            # the duty comes before the gap rule (ZD-V4): while it obliges, filling
            # the gap from the reserve is not legal either
            v = self._explain_duty(state, fits, strict)
            if v is not None:
                return v
        if move.kind != CARD and gap >= 0 and reserve and self._gap_duty:
            return Violation(
                self.rule_gap_first,
                f"mandatory move: {self.house_word} {gap + 1} is a gap; while your reserve has "
                f"cards, fill it from the reserve (r-h{gap + 1}) before you turn or discard a "
                "hand card",
            )
        return Violation(self.rule_free, f"{move.text} is not possible now")

    # ------------------------------------------------------------ validation
    def validate_settled(self, state: State) -> None:
        """The invariants of a state of strict play (table mode checks its
        window states through the state before the move under call)."""
        self.validate_table(state)
        down = state.down
        if len(state.info) != len(START_INFO) or min(state.info) < 0:
            raise InvalidState(
                "info must be five counters >= 0: (dry0, dry1, stale, shuffles, flags)"
            )
        info = self.info_of(state)
        if info.shuffles > self.shuffle_limit or info.flags > F_RELEASE | F_FOUNDATION:
            raise InvalidState("info: shuffles or flags out of range")
        dry0, dry1, stale = state.info[:3]
        done = state.turn - 1  # turns ended; each adds at most one to dry0 + dry1 and stale
        if dry0 + dry1 > done or stale > min(done, self.no_progress_turns):
            raise InvalidState(
                f"info: dry counts {dry0} and {dry1} and the turns without progress {stale} "
                f"do not fit {done} turns ended (and no_progress_turns={self.no_progress_turns})"
            )
        most = self.house_rows() - 1
        for h in range(self.house_count):
            i = self.house_base + h
            if down[i] > most:
                raise InvalidState(f"h{h + 1}: {down[i]} face-down cards" + self._house_down_note())
        self.validate_turned(state)
        self._validate_outcome(state)

    def _validate_outcome(self, state: State) -> None:
        """The outcome is the one the rules give the position, recomputed
        (:meth:`game_result` of the final position): a seat without cards of its
        own has won; a game ended at a turn's end is blocked or without progress."""
        piles = state.piles
        gone = [
            q
            for q in range(state.players)
            if not any(piles[self.seat_pile(q, k)] for k in (RESERVE, HAND, TURNED, DISCARD))
        ]
        dry0, dry1, stale = state.info[:3]
        expected = None
        if gone:
            expected = self.game_result(state, gone[0]) if len(gone) == 1 else None
        elif state.outcome is not None and (
            # blocked is asked only at a turn's end (mid-turn a turned card is out of the
            # stock), of the seat whose turn came next: only a finished game is checked
            self._dry(list(piles), (dry0, dry1))
            or (self.exact_block and any(self.frozen(piles, q) for q in range(2)))
        ):
            expected = self.game_result(state, None)
        elif stale >= self.no_progress_turns:
            r = self.game_result(state, None)
            expected = Result(r.winner, r.points, Termination.NO_PROGRESS)
        self.check_outcome(
            state,
            gone,
            stale >= self.no_progress_turns,
            expected,
            (self.rule_out, self.rule_no_progress),
        )

    # ------------------------------------------------------------ table mode
    # The moves strict mode allows: generate(state) with its default strict=True
    # (an alias, not a method that calls it: one call less on the hot path).
    strict_moves = generate

    def makeup_move(self, state: State, rule: str) -> Move | None:
        """The skipped mandatory move that a call makes the faulty player carry
        out (zank-detailed's ZD-22, crapette's C-V9): in ``state``, the state
        before the fault, the first move of the broken ``rule`` in the order of
        the legal moves (for the gap rule: the gap filled from the reserve;
        for a further duty of the variant: the first legal card move), or
        ``None`` when there is none."""
        strict = self.generate(state, strict=True)
        if rule in (self.rule_reserve_first, self.rule_foundation_first):
            found = [m for m in strict if m.kind == CARD and m.target == TGT_FOUNDATION]
            return found[0] if found else None
        if rule == self.rule_gap_first:
            _, gap = self.house_wants(state.piles)
            fill = self.card_moves[SRC_RESERVE][gap + 1] if gap >= 0 else None
            return fill if fill in strict else None
        return strict[0] if strict and strict[0].kind == CARD else None  # ZD-V4
