"""The shared Zank-Patience table: what every variant of the family plays on.

The family's variants (``zank``, ``zank-detailed``, ``zank-104``,
``schikanieren``) share one table, and this module holds its mechanics once:

* **foundations** (Zielstapel, Mittestapel) in the middle, built up in suit
  from the ace;
* **houses** (Häuser, Randstapel, Hilfstreppen) at the edge, built down in
  alternating colours (or, with :attr:`FamilyTable.same_suit_houses`, in suit); an
  empty house is a *gap* and takes any card;
* each player's own piles (reserve, hand pile, turned hand card, discard …,
  named by :attr:`FamilyTable.seat_piles`), cards of player *p* being those of
  deck *p* (every card keeps its back);
* **packing** (Aufpacken) onto the opponent's piles: same suit, one higher or
  one lower.

A variant subclasses :class:`FamilyTable`, sets the class variables and implements
the hooks of :class:`~zank.core.Rules` (``_deal``, ``_legal``, ``_apply`` …)
with the helpers here.  Card moves are prebuilt: a *source* code (an own pile
named by :attr:`FamilyTable.sources`, then the houses) and a *target* code (0 the
foundations, then the houses, then the opponent's piles named by
:attr:`FamilyTable.pack_targets`) index :attr:`FamilyTable.card_moves`.

The kernel of the family is one scan of a state (:meth:`FamilyTable.foundation_keys`,
:meth:`~FamilyTable.house_wants`, :meth:`~FamilyTable.pack_wants`): which keys
the foundations, the houses and the opponent's piles take, and where the first
gap is.  A variant's move generator (:meth:`~FamilyTable.layout_moves`; the
built-in ones on small tables find the same moves in one pass,
:func:`zank.family.scan.card_moves`), its explanations
(:meth:`~FamilyTable.explain_card_move`) and the greedy policies ask it; the
fits themselves are lookups in the tables of :mod:`zank.family.fits`, built
once at import.  Everything on the hot path is ints and tuples:

>>> import zank
>>> rules = zank.variant("zank-detailed")
>>> state = rules.new_game(seed=1)
>>> wants, gap = rules.house_wants(state.piles)
>>> sorted(h + 1 for hs in wants.values() for h in hs), gap
([1, 2, 3, 4, 5, 6, 7, 8], -1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, cast

from attrs import field, frozen

from zank.cards import (
    IS_JOKER,
    RANK,
    card_unicode,
    full_deck,
)
from zank.core import Move, Observation, PileSpec, Result, Rules, State, Violation
from zank.errors import InvalidState, NotationError
from zank.family import faults, scan, table_explain
from zank.family import seat as seat_turn
from zank.family.fits import (
    ACE_KEYS,
    FKEY,
    FOUNDATION_WANT,
    PACK_WANTS,
    fits_house,
    fits_pack,
    house_tables,
)
from zank.family.seat import CARD, DISCARD, HAND, RESERVE, TURNED
from zank.family.table_explain import colour_word, rank_word

try:  # the C types of the compiled build (Cython's pure-Python mode)
    import cython

    if not cython.compiled:  # an installed Cython's stand-in: zank's own instead
        raise ImportError
except ImportError:  # pure Python: the declarations change nothing
    from zank import _nocython as cython  # type: ignore[no-redef]

#: The C index type of the compiled build's ``@cython.locals`` lists (an ``int`` in pure Python).
_Int = cython.typedef(cython.Py_ssize_t)

if TYPE_CHECKING:
    from zank.working import Working

__all__ = [
    "CARD",
    "DISCARD",
    "HAND",
    "RESERVE",
    "TURNED",
    "FamilyTable",
    "Scan",
    "colour_word",
    "foundation_fits",
    "lift",
    "rank_word",
    "result_words",
]

#: The kernel scan of a state (:meth:`FamilyTable.scan`): ``(fits, wants, gap,
#: tops, packs)``.
Scan = tuple[set[int], dict[int, list[int]], int, list[int], dict[int, tuple[int, ...]]]


@cython.locals(n=_Int)
def lift(piles: list[tuple[int, ...]], down: list[int], i: int) -> int:
    """Take the top card of pile ``i`` (in place) and return it; a face-down
    card that comes to lie on top turns face up at once.  (Also
    :meth:`FamilyTable.lift`.)"""
    pile = piles[i]
    n = len(pile) - 1
    piles[i] = pile[:n]
    if down[i] >= n:
        down[i] = n - 1 if n > 0 else 0
    return pile[n]


def foundation_fits(foundations: Sequence[tuple[int, ...]]) -> set[int]:
    """The :data:`~zank.family.fits.FKEY` of every card that fits one of the
    ``foundations`` now: what each top wants, and the aces if one is empty."""
    fits: set[int] = set()
    empty = False
    for f in foundations:
        if f:
            fits.add(FOUNDATION_WANT[f[-1]])
        else:
            empty = True
    if empty:
        fits.update(ACE_KEYS)
    return fits


def result_words(result: Result) -> str:
    """A result in words, for messages: ``p0 wins (went out, points [1, 0])``."""
    who = "a draw" if result.winner is None else f"p{result.winner} wins"
    return f"{who} ({result.reason.value}, points {list(result.points)})"


# ------------------------------------------------------------------- the table
@frozen(cache_hash=True, kw_only=True)
class FamilyTable(Rules):
    """The base class of the Zank-Patience variants: one shared table.

    Class variables describe the table; subclasses set them and add their
    options as attrs fields.  Pile order in states: the foundations
    ``f1``…, the houses ``h1``…, then for each seat the piles named by
    :attr:`seat_piles`, labelled ``p0.reserve``, ``p0.hand`` ….
    """

    seat_piles: ClassVar[tuple[str, ...]] = (RESERVE, HAND, TURNED, DISCARD)
    """The kinds of each seat's own piles, in state order."""
    foundation_count: ClassVar[int] = 8
    """Foundations in the middle (shared)."""
    house_count: ClassVar[int] = 8
    """Houses at the edge (shared)."""
    same_suit_houses: ClassVar[bool] = False
    """Houses build down in suit instead of in alternating colours."""
    sources: ClassVar[tuple[tuple[str, str], ...]] = (("r", RESERVE), ("t", TURNED))
    """Own piles whose top card can be a move's source, as (notation, pile kind)
    pairs.  The houses follow them as sources ``h1``…."""
    pack_targets: ClassVar[tuple[tuple[str, str], ...]] = (("or", RESERVE), ("od", DISCARD))
    """The opponent's piles a card may be packed on, as (notation, pile kind) pairs."""

    rule_free: ClassVar[str] = "free"
    """Rule id (on the variant's rules page) of the free cards, which says what may move."""
    rule_foundation: ClassVar[str] = "foundation"
    """Rule id of building on the foundations."""
    rule_house: ClassVar[str] = "house"
    """Rule id of building on the houses and filling gaps."""
    rule_pack: ClassVar[str] = "pack"
    """Rule id of packing onto the opponent."""
    owned_decks = True
    """Every player plays with a deck of their own, best with different backs, as
    seed 001 advises ("am besten mit verschiedenen Rückseiten")."""

    foundation_word: ClassVar[str] = "foundation"
    """The word for a foundation in messages (``"centre pile"`` in zank)."""
    house_word: ClassVar[str] = "house"
    """The word for a house in messages, as the variant's rules page says it
    (``"stair"`` in zank-104, ``"edge pile"`` in zank)."""
    pile_words: ClassVar[Mapping[str, str]] = {}
    """Words for seat pile kinds in messages, where they differ from the kind
    (zank-104: the turned *talon card*, the *second talon*)."""
    pile_kinds: ClassVar[Mapping[str, str]] = {}
    """The layout's kinds (and labels) for seat pile kinds, where the variant's
    rules name a pile otherwise (zank-104: the hand pile is the ``talon``, the
    discard the ``second-talon``); the kernel's code keeps the family's kinds."""
    gap_from_house: ClassVar[bool] = True
    """Whether the outer card of a house may go into a gap (not in zank-104,
    where a gap is filled only from the own piles)."""
    gap_fillers: ClassVar[str] = "your own piles"
    """The piles a gap is filled from, in words, when not from a house
    (:attr:`gap_from_house`)."""

    # table mode (the hooks of zank.family.faults.FaultRules)
    fault_rules: ClassVar[tuple[str, ...]] = ()
    """The rule ids a player may break in table mode (the faults a call names)."""
    call_rule: ClassVar[str] = "call"
    """The rule id of the call itself on the variant's rules page."""
    call_text: ClassVar[str] = "stop"
    """The notation of the call move (``"stop"``, ``"halt"``)."""
    self_call: ClassVar[bool] = False
    """The player who made the fault may call it too (asked first)."""
    wrong_call_misses_turn: ClassVar[bool] = False
    """A wrong call makes the caller miss the next turn."""
    defer_end: ClassVar[bool] = True
    """A faulty move that ends the game ends it only when nobody calls it."""
    base_info: ClassVar[int] = 0
    """The length of the variant's own ``State.info`` (strict mode)."""
    hand_turn: ClassVar[bool] = False
    """Whether the variant turns a hand pile card by card.  Its strict play is
    then the hand-pile turn of :mod:`zank.family.seat`
    (:meth:`~zank.family.table.FamilyTable.strict_apply` and the defaults beside
    it), around the variant's hooks ``generate``, ``apply_card`` and
    ``end_turn_after``."""
    end_text: ClassVar[str] = "t-d"
    """The hand-pile turn's notation of the end move (``end`` is accepted for it too)."""
    demand: ClassVar[bool] = False
    """Table mode has the ``demand`` move (zank-detailed's "Stopp!")."""
    rule_turn: ClassVar[str] = "turn"
    """Rule id of turning the hand card."""
    rule_end: ClassVar[str] = "end"
    """Rule id of the turned card onto the own discard, which ends the turn."""
    rule_empty_hand: ClassVar[str] = "empty-hand"
    """Rule id of the empty hand pile (the discard turned over; ``pass``)."""
    if TYPE_CHECKING:  # the options of a variant with table mode
        table_mode: bool
        call_window: str

    _card_moves: tuple[tuple[Move | None, ...], ...] = field(
        init=False, default=(), eq=False, hash=False, repr=False
    )
    _src_index: tuple[tuple[int, ...], ...] = field(
        init=False, default=(), eq=False, hash=False, repr=False
    )
    _pack_index: tuple[tuple[int, ...], ...] = field(
        init=False, default=(), eq=False, hash=False, repr=False
    )
    # _card_moves for the hot path, never indexed with a house onto itself
    _grid: tuple[tuple[Move, ...], ...] = field(
        init=False, default=(), eq=False, hash=False, repr=False
    )
    # (hand pile, turned card, discard) of each seat, when the table has all three
    _stock_index: tuple[tuple[int, int, int], ...] = field(
        init=False, default=(), eq=False, hash=False, repr=False
    )
    # the geometry as slot fields for the hot path (a class variable read
    # through the instance costs more than a slot): piles[_foundations] are the
    # foundations, piles[_houses] the houses; house_base, house_source,
    # pack_target; gap_from_house
    _foundations: slice = field(init=False, default=None, eq=False, hash=False, repr=False)
    _houses: slice = field(init=False, default=None, eq=False, hash=False, repr=False)
    _house_base: int = field(init=False, default=0, eq=False, hash=False, repr=False)
    _house_source: int = field(init=False, default=0, eq=False, hash=False, repr=False)
    _pack_target: int = field(init=False, default=0, eq=False, hash=False, repr=False)
    _gap_moves: bool = field(init=False, default=True, eq=False, hash=False, repr=False)
    # fits.house_tables(same_suit_houses): KEY and WANT of the houses
    _house_key: tuple[int, ...] = field(init=False, default=(), eq=False, hash=False, repr=False)
    _house_want: tuple[int, ...] = field(init=False, default=(), eq=False, hash=False, repr=False)
    # what zank.family.scan.card_moves reads of the table, once (None: too large for it)
    _scan_geometry: scan.Geometry | None = field(
        init=False, default=None, eq=False, hash=False, repr=False
    )
    # table mode around this rules object (None in strict play)
    _table: faults.TableMode | None = field(
        init=False, default=None, eq=False, hash=False, repr=False
    )
    # the hand-pile turn's moves, and each seat's (reserve, hand pile, turned
    # card, discard): set where hand_turn
    _turn: Move = field(init=False, default=None, eq=False, hash=False, repr=False)
    _end: Move = field(init=False, default=None, eq=False, hash=False, repr=False)
    _pass: Move = field(init=False, default=None, eq=False, hash=False, repr=False)
    _seat: tuple[tuple[int, ...], ...] = field(
        init=False, default=(), eq=False, hash=False, repr=False
    )

    def rng_matters(self, state: State) -> bool:
        """Never: the family's tables draw from the generator only to deal
        (turning a discard over is no shuffle)."""
        return False

    def info_size(self, players: int = 2) -> int:
        """The most ``info`` integers: in table mode a call window's tail comes on top."""
        size = faults.info_size(self)
        return super(FamilyTable, self).info_size(players) if size is None else size

    def _touched(self, after: State | Observation, move: Move) -> tuple[frozenset[int], int | None]:
        """A card move's piles (:meth:`card_move_piles`; the player's turn goes
        on, so the player is the one to move).  In a call window of table mode
        the window's record of the move under call names them.  Other moves
        name none."""
        out = after.outcome
        mover = after.to_move if out is None else out.winner
        if move.kind != CARD or mover is None:
            return frozenset(), None
        if after.phase == faults.PLAY:
            return self.card_move_piles(after.players, mover, move.source, move.target), mover
        if after.phase != faults.CALL:
            return frozenset(), None
        tail = faults.window_tail(self, after)
        if tail.action != move.action + 1:
            return frozenset(), None
        return frozenset(i - 1 for i in (tail.src, tail.dst) if i), tail.by

    def card_move_piles(self, players: int, seat: int, source: int, target: int) -> frozenset[int]:
        """The state indices of ``seat``'s card move from ``source`` to
        ``target`` (codes as in :attr:`card_moves`); a foundation target, which
        the move does not name, is left out."""
        src = self.source_pile(seat, source)
        if target == 0:
            return frozenset((src,))
        if target < self.pack_target:
            return frozenset((src, self.house_base + target - 1))
        return frozenset((src, self.pack_pile(seat, target)))

    def __attrs_post_init__(self) -> None:
        if hasattr(self, "table_mode"):  # a variant with table mode's options
            faults.check_options(self)
        super(FamilyTable, self).__attrs_post_init__()
        n_src = len(self.sources) + self.house_count
        # the targets of the card moves: foundation, houses, the opponent's piles,
        # and any a variant adds after them (zank-104's own packs)
        n_tgt = 1 + max(m.target for m in self.moves if m.kind == CARD)
        grid: list[list[Move | None]] = [[None] * n_tgt for _ in range(n_src)]
        for m in self.moves:
            if m.kind == CARD:
                grid[m.source][m.target] = m
        object.__setattr__(self, "_card_moves", tuple(tuple(row) for row in grid))
        object.__setattr__(self, "_grid", cast("tuple[tuple[Move, ...], ...]", self._card_moves))
        seats = self.max_players
        src = []
        pack = []
        for p in range(seats):
            own = tuple(self.seat_pile(p, kind) for _, kind in self.sources)
            houses = tuple(self.house_base + h for h in range(self.house_count))
            src.append(own + houses)
            opp = (p + 1) % seats
            pack.append(tuple(self.seat_pile(opp, kind) for _, kind in self.pack_targets))
        object.__setattr__(self, "_src_index", tuple(src))
        object.__setattr__(self, "_pack_index", tuple(pack))
        if all(kind in self.seat_piles for kind in (HAND, TURNED, DISCARD)):
            stock = tuple(
                (self.seat_pile(p, HAND), self.seat_pile(p, TURNED), self.seat_pile(p, DISCARD))
                for p in range(seats)
            )
            object.__setattr__(self, "_stock_index", stock)
        hb = self.house_base
        object.__setattr__(self, "_foundations", slice(0, self.foundation_count))
        object.__setattr__(self, "_houses", slice(hb, hb + self.house_count))
        object.__setattr__(self, "_house_base", hb)
        object.__setattr__(self, "_house_source", self.house_source)
        object.__setattr__(self, "_pack_target", self.pack_target)
        object.__setattr__(self, "_gap_moves", self.gap_from_house)
        key, want = house_tables(self.same_suit_houses)
        object.__setattr__(self, "_house_key", key)
        object.__setattr__(self, "_house_want", want)
        object.__setattr__(self, "_scan_geometry", scan.geometry(self))
        if self.hand_turn:
            special = {m.kind: m for m in self.moves if m.kind != CARD}
            object.__setattr__(self, "_turn", special[seat_turn.TURN])
            object.__setattr__(self, "_end", special[seat_turn.END])
            object.__setattr__(self, "_pass", special[seat_turn.PASS])
            object.__setattr__(self, "_seat", seat_turn.seat_piles(self))
            self._by_text["end"] = self._end
        if getattr(self, "table_mode", False):  # a variant without the option has none
            object.__setattr__(self, "_table", faults.TableMode(self))

    # ------------------------------------------------- strict play, table mode
    if TYPE_CHECKING:  # the variant's hooks (documented on faults.FaultRules)

        def strict_moves(self, state: State) -> tuple[Move, ...]: ...
        def resolve_call(self, window: State, before: State, caller: int) -> State: ...
        def validate_settled(self, state: State) -> None: ...

        # and a hand-pile variant's (documented on hand_pile.HandPileTable)
        def generate(self, state: State, strict: bool = True) -> tuple[Move, ...]: ...
        def apply_card(
            self, state: State, move: Move, p: int, piles: list[tuple[int, ...]], down: list[int]
        ) -> State: ...
        def info_after_turning(self, info: tuple[int, ...]) -> tuple[int, ...]: ...
        def end_turn_after(
            self, state: State, p: int, piles: list[tuple[int, ...]], down: list[int]
        ) -> State: ...
        def _explain_card(self, state: State, move: Move) -> Violation | None: ...
        def _explain_mandatory(self, state: State, move: Move) -> Violation: ...

    # ------------------------------------- strict play: the hand-pile turn
    # (zank.family.seat); classic zank plays its own and overrides these
    # a move of strict play: the hand-pile turn's play(rules, state, move) is the
    # method itself (no call in between on the hot path)
    strict_apply = seat_turn.play

    def table_moves(self, state: State) -> tuple[Move, ...]:
        """The moves of table mode: ``generate`` with ``strict=False``."""
        return self.generate(state, strict=False)

    def fault_violation(self, state: State, move: Move) -> Violation:
        """The mandatory rule that ``move`` (a fault of table mode) breaks."""
        return self._explain_mandatory(state, move)

    def _explain_strict(self, state: State, move: Move) -> Violation:
        """Why strict play refuses ``move``: what the turn moves
        (``_explain_turn_move``) or the cards (``_explain_card``) do not allow,
        else the mandatory rules (``_explain_mandatory``)."""
        if move.kind == CARD:
            v = self._explain_card(state, move)
        else:
            v = self._explain_turn_move(state, move)
        return v if v is not None else self._explain_mandatory(state, move)

    def _explain_turn_move(self, state: State, move: Move) -> Violation | None:
        """Why ``turn``, the end move or ``pass`` is not possible now, or ``None``
        (:func:`~zank.family.seat.explain_turn_move`)."""
        return seat_turn.explain_turn_move(self, state, move)

    def own_piles(self, seat: int) -> tuple[int, ...]:
        """State indices of ``seat``'s reserve, hand pile, turned hand card and discard."""
        return self._seat[seat]

    def end_turn(self, state: State, seat: int) -> Move:
        """The move that ends ``seat``'s turn now (:func:`~zank.family.seat.end_turn`)."""
        return seat_turn.end_turn(self, state, seat)

    def validate_turned(self, state: State) -> None:
        """Only the player to move may have a turned hand card, and at most one."""
        seat_turn.validate_turned(self, state)

    # the rules hooks: strict play, or table mode around it
    def _kernel_moves(self, w: Working) -> Sequence[Move]:
        # strict play's kernel reads a working position as it reads a state;
        # table mode's windows rebuild states (attrs.evolve): real ones
        if self._table is None:
            return self.strict_moves(w)  # type: ignore[arg-type]  # read as a state
        return self._legal(w.state())

    def _kernel_play(self, w: Working, move: Move) -> None:
        if self._table is None:  # strict play builds its next state by successor alone: in place
            self.strict_apply(w, move)  # type: ignore[arg-type]
        else:
            w.load(self._apply(w.state(), move))

    def _legal(self, state: State) -> tuple[Move, ...]:
        if self._table is None:
            return self.strict_moves(state)
        return self._table.legal(state)

    def _apply(self, state: State, move: Move) -> State:
        if self._table is None:
            return self.strict_apply(state, move)
        return self._table.apply(state, move)

    def _explain(self, state: State, move: Move) -> Violation:
        if self._table is not None:
            v = self._table.explain(state, move)
            if v is not None:
                return v
        return self._explain_strict(state, move)

    def _validate(self, state: State) -> None:
        if self._table is not None:
            self._table.validate(state)
            return
        if state.phase != faults.PLAY:
            raise InvalidState(f"phase must be {faults.PLAY} (table mode is off: table_mode=False)")
        self.validate_settled(state)

    # ------------------------------------------------------------ geometry
    @property
    def house_base(self) -> int:
        """The state index of house 1 (the houses follow the foundations)."""
        return self.foundation_count

    @property
    def seat_base0(self) -> int:
        """The state index of seat 0's first pile."""
        return self.foundation_count + self.house_count

    def turnover_refills(self) -> tuple[tuple[str, str], ...]:
        """The hand pile, once empty, is refilled by the own discard turned
        over, ``hand = discard[::-1]``, and loses cards only from the top: the
        hand-pile turn of :mod:`zank.family.seat` (``zank-detailed``,
        ``crapette``, ``zank-104``) and classic zank's ``flip`` (``zank``,
        ``schikanieren``).  The layout's kinds of the two piles (zank-104's
        ``talon`` and ``second-talon``); ``()`` for a table without both."""
        if HAND in self.seat_piles and DISCARD in self.seat_piles:
            return ((self.pile_kinds.get(HAND, HAND), self.pile_kinds.get(DISCARD, DISCARD)),)
        return ()

    def seat_pile(self, seat: int, kind: str) -> int:
        """The state index of ``seat``'s pile of ``kind`` (e.g.
        :data:`~zank.family.seat.RESERVE`)."""
        return self.seat_base0 + seat * len(self.seat_piles) + self.seat_piles.index(kind)

    @property
    def house_source(self) -> int:
        """The source code of house 1 (own-pile sources come first)."""
        return len(self.sources)

    @property
    def pack_target(self) -> int:
        """The target code of the first opponent's pile (after foundation and houses)."""
        return 1 + self.house_count

    @property
    def card_moves(self) -> tuple[tuple[Move | None, ...], ...]:
        """The prebuilt card moves, so that ``card_moves[source][target]`` is the
        move from source code ``source`` to target code ``target`` (``None`` for
        a house onto itself)."""
        return self._card_moves

    def parse_move_text(self, text: str) -> Move:
        """The move of the action space written ``text`` (legal now or not).

        Raises:
            NotationError: no move is written so.
        """
        move = self._by_text.get(text.strip().lower())
        if move is None:
            raise NotationError(f"{text!r} is not a move of {self.name}")
        return move

    def source_pile(self, seat: int, source: int) -> int:
        """The state index of the pile that source code ``source`` names for ``seat``."""
        return self._src_index[seat][source]

    def pack_pile(self, seat: int, target: int) -> int:
        """The state index of the opponent's pile that target code ``target`` names."""
        return self._pack_index[seat][target - self.pack_target]

    def source_name(self, source: int) -> str:
        """A source in words: ``"your reserve"``, ``"house 3"`` (:attr:`house_word`,
        :attr:`pile_words`)."""
        if source < self.house_source:
            kind = self.sources[source][1]
            return f"your {self.pile_words.get(kind, kind)}"
        return f"{self.house_word} {source - self.house_source + 1}"

    def target_name(self, target: int) -> str:
        """A target in words: ``"a foundation"``, ``"house 3"``, ``"the opponent's reserve"``."""
        if target == 0:
            return "a foundation"
        if target < self.pack_target:
            return f"{self.house_word} {target}"
        kind = self.pack_targets[target - self.pack_target][1]
        return f"the opponent's {self.pile_words.get(kind, kind)}"

    # ---------------------------------------------------------- hooks: table
    def _seat_specs(self, seat: int) -> list[PileSpec]:
        kinds = [self.pile_kinds.get(kind, kind) for kind in self.seat_piles]
        return [PileSpec(f"p{seat}.{kind}", seat, kind) for kind in kinds]

    def _layout(self, players: int) -> tuple[PileSpec, ...]:
        specs = [PileSpec(f"f{i + 1}", None, "foundation") for i in range(self.foundation_count)]
        specs += [PileSpec(f"h{i + 1}", None, "house") for i in range(self.house_count)]
        for p in range(players):
            specs += self._seat_specs(p)
        return tuple(specs)

    def _card_move_texts(self) -> Iterable[tuple[int, int, str]]:
        """(source, target, notation) of every card move, in action order."""
        srcs = [code for code, _ in self.sources]
        srcs += [f"h{h + 1}" for h in range(self.house_count)]
        tgts = ["f"] + [f"h{h + 1}" for h in range(self.house_count)]
        tgts += [code for code, _ in self.pack_targets]
        hs = self.house_source
        for s, s_text in enumerate(srcs):
            for t, t_text in enumerate(tgts):
                if s >= hs and 1 <= t <= self.house_count and s - hs == t - 1:
                    continue  # a house onto itself
                yield s, t, f"{s_text}-{t_text}"

    def _special_moves(self) -> Iterable[tuple[int, str]]:
        """(kind, notation) of the variant's moves that are not card moves: the
        hand-pile turn's where :attr:`hand_turn`, else none."""
        return seat_turn.special_moves(self) if self.hand_turn else ()

    def _cards(self, players: int) -> tuple[int, ...]:
        """A pack per seat where :attr:`owned_decks` (each with its own back),
        else one pack for the table."""
        if not self.owned_decks:
            return full_deck(0)
        return tuple(c for p in range(players) for c in full_deck(p))

    def _build_moves(self) -> Iterable[Move]:
        kinds = self.move_kinds  # each kind as the member of the variant's enum
        card = kinds(CARD)
        n = 0
        for s, t, text in self._card_move_texts():
            yield Move(n, card, s, t, text)
            n += 1
        for kind, text in self._special_moves():
            yield Move(n, kinds(kind), 0, 0, text)
            n += 1

    # ------------------------------------------------------- the kernel scan
    # What the cards of a state allow, scanned once per move list and shared by
    # every variant's move generator, its explanations (``check``) and the
    # greedy policies.  Each fit is a lookup in the tables of
    # :mod:`zank.family.fits`, written once here, so that a fit rule changed
    # there changes legal moves and explanations alike
    # (``tests/family/test_kernel.py`` checks that they agree).

    @cython.locals(h=_Int, gap=_Int, t=_Int, c=_Int)
    def scan(self, piles: Sequence[tuple[int, ...]], seat: int) -> Scan:
        """The kernel scan of a state for ``seat``: ``(fits, wants, gap, tops, packs)``.

        * ``fits``: the :data:`~zank.family.fits.FKEY` of every card that fits
          some foundation now;
        * ``wants``: house numbers (0-based, ascending) by the key
          (:meth:`house_key`) of the card each non-empty house takes;
        * ``gap``: the first empty house (``-1``: none);
        * ``tops``: the houses whose outer card fits a foundation;
        * ``packs``: the target codes (ascending) of the opponent's piles
          ``seat`` may pack on, by the ``FKEY`` of the cards each takes (the
          same suit, one higher or lower: :data:`~zank.family.fits.PACK_WANTS`).

        >>> import zank
        >>> rules = zank.variant("zank-detailed")
        >>> state = rules.new_game(seed=1)
        >>> fits, wants, gap, tops, packs = rules.scan(state.piles, 0)
        >>> sorted(h + 1 for hs in wants.values() for h in hs), gap, tops
        ([1, 2, 3, 4, 5, 6, 7, 8], -1, [])
        """
        fits = foundation_fits(piles[self._foundations])
        wants: dict[int, list[int]] = {}
        tops: list[int] = []
        gap = -1
        table = self._house_want
        for h, house in enumerate(piles[self._houses]):
            if house:
                c = house[-1]
                if FKEY[c] in fits:
                    tops.append(h)
                k = table[c]
                if k in wants:
                    wants[k].append(h)
                else:
                    wants[k] = [h]
            elif gap < 0:
                gap = h
        packs: dict[int, tuple[int, ...]] = {}
        t = self._pack_target
        for i in self._pack_index[seat]:
            pile = piles[i]
            if pile:
                lower, higher = PACK_WANTS[pile[-1]]
                packs[lower] = (*packs[lower], t) if lower in packs else (t,)
                packs[higher] = (*packs[higher], t) if higher in packs else (t,)
            t += 1
        return fits, wants, gap, tops, packs

    def foundation_keys(self, piles: Sequence[tuple[int, ...]]) -> set[int]:
        """The ``fits`` of the :meth:`scan`: the keys of the cards that fit some
        foundation (``piles`` may also be the foundations alone)."""
        return foundation_fits(piles[self._foundations])

    def house_wants(self, piles: Sequence[tuple[int, ...]]) -> tuple[dict[int, list[int]], int]:
        """``(wants, gap)`` of the :meth:`scan`: the houses by the key they take,
        and the first gap."""
        _, wants, gap, _, _ = self.scan(piles, 0)
        return wants, gap

    def pack_wants(self, piles: Sequence[tuple[int, ...]], seat: int) -> dict[int, tuple[int, ...]]:
        """The ``packs`` of the :meth:`scan`: the opponent's piles ``seat`` may
        pack on, by the key they take."""
        return self.scan(piles, seat)[4]

    @cython.locals(i=_Int)
    def foundation_slot(self, piles: Sequence[tuple[int, ...]], card: int) -> int:
        """The index of the first foundation that takes ``card`` (an ace: the
        first empty one), ``-1`` if none does: where a card moved onto the
        foundations goes (the fit of the :meth:`scan`)."""
        key = FKEY[card]
        ace = key in ACE_KEYS
        for i, f in enumerate(piles[self._foundations]):
            if f:
                if FOUNDATION_WANT[f[-1]] == key:
                    return i
            elif ace:
                return i
        return -1

    def foundation_slots(self, piles: Sequence[tuple[int, ...]]) -> dict[int, int]:
        """Map the :data:`~zank.family.fits.FKEY` of every card that fits a
        foundation now to :meth:`foundation_slot` (kept for
        :meth:`~zank.family.classic.ClassicZank.strict_apply`; new code asks
        :meth:`foundation_slot`)."""
        want: dict[int, int] = {}
        empty = -1
        for i in range(self.foundation_count):
            f = piles[i]
            if f:
                k = FOUNDATION_WANT[f[-1]]
                if k not in want:
                    want[k] = i
            elif empty < 0:
                empty = i
        if empty >= 0:
            for k in ACE_KEYS:
                want[k] = empty
        return want

    def house_key(self, card: int) -> int:
        """The key the :meth:`scan` files a card under in ``wants``."""
        return self._house_key[card]

    def run_targets(self, house: tuple[int, ...], h: int, wants: dict[int, list[int]]) -> list[int]:
        """The other houses (0-based, ascending) that some card of house ``h``
        fits, by ``wants`` (:meth:`scan`): where a move between houses may
        carry the part of the run from that card on (zank-104's option
        ``stair_runs``; the house is a face-up run built down)."""
        hkey = self._house_key
        ts = [t for c in house for t in wants.get(hkey[c], ()) if t != h]
        if len(ts) > 1:
            ts.sort()
        return ts

    @staticmethod
    def run_start(house: tuple[int, ...], top: int) -> int:
        """The index in ``house`` (a face-up run built down) of the card that
        goes on a house showing ``top``, when :meth:`run_targets` found one."""
        return RANK[house[0]] - RANK[top] + 1

    # ------------------------------------------------------------ card moves
    @cython.locals(h=_Int, t=_Int, gap=_Int, hs=_Int, laid=_Int, s=_Int, c=_Int)
    def layout_moves(
        self,
        piles: tuple[tuple[int, ...], ...],
        own: Sequence[tuple[int, int]],
        scan: Scan,
        blocked: int = 0,
        runs: bool = False,
        pack: bool = True,
        found_only: bool = False,
    ) -> tuple[list[Move], list[Move], int]:
        """Every card move the table allows now, by the :meth:`scan` ``scan``
        of ``piles``: ``(found, others, laid)``.

        ``own`` lists the free cards of the own piles as ``(source code,
        card)``; the outer cards of the houses are added here.  ``found`` are
        the moves onto a foundation (in source order), ``others`` the moves
        onto houses, gaps and the opponent's piles, the first ``laid`` of them
        those of the own cards.  A card goes into the first gap only; a house
        card only with :attr:`gap_from_house`, and never the only card of a
        house (it would change nothing).  The outer card of a house whose bit
        is set in ``blocked`` (``-1``: every house) does not move to another
        house; with ``runs`` a move between houses takes the part of the run
        that fits (:meth:`run_targets`).  Without ``pack`` nothing is packed
        onto the opponent.  With ``found_only``, ``others`` stays empty when
        ``found`` is not (the foundations come first).  Mandatory moves are the
        variant's business.
        """
        # long: one function on purpose, it is the hot path of every variant's move
        # list, and a call per card would cost more than its loops.
        fits, wants, gap, tops, packs = scan
        mv = self._grid
        hs = self._house_source
        found: list[Move] = []
        for s, c in own:
            if FKEY[c] in fits:
                found.append(mv[s][0])
        for h in tops:
            found.append(mv[hs + h][0])
        if found and found_only:
            return found, [], 0
        if not pack:
            packs = {}
        hkey = self._house_key
        moves: list[Move] = []
        append = moves.append
        # (``k in d`` before ``d[k]``: most lookups miss, and ``in`` is cheaper than ``get``)
        for s, c in own:
            row = mv[s]
            k = hkey[c]
            if k in wants:
                for h in wants[k]:
                    append(row[h + 1])
            if gap >= 0:
                append(row[gap + 1])
            k = FKEY[c]
            if k in packs:
                for t in packs[k]:
                    append(row[t])
        laid = len(moves)
        gap_from_house = gap >= 0 and self._gap_moves
        h = -1
        for house in piles[self._houses]:
            h += 1
            if not house:
                continue
            c = house[-1]
            if not blocked or not (blocked >> h) & 1:
                if runs:
                    for t in self.run_targets(house, h, wants):
                        append(mv[hs + h][t + 1])
                else:
                    k = hkey[c]
                    if k in wants:
                        row = mv[hs + h]
                        for t in wants[k]:
                            if t != h:
                                append(row[t + 1])
                if gap_from_house and len(house) > 1:
                    append(mv[hs + h][gap + 1])
            k = FKEY[c]
            if k in packs:
                row = mv[hs + h]
                for t in packs[k]:
                    append(row[t])
        return found, moves, laid

    lift = staticmethod(lift)

    @cython.locals(card=_Int, dst=_Int)
    def move_card(
        self, piles: list[tuple[int, ...]], down: list[int], seat: int, source: int, target: int
    ) -> int:
        """Carry out a card move in place (``piles`` and ``down`` are lists of
        a state's piles and face-down counts); return the card.

        The card goes to the first foundation it fits (``target`` 0), onto a
        house, or onto the opponent's pile; a face-down card it uncovers turns
        up (:meth:`lift`).
        """
        card = lift(piles, down, self._src_index[seat][source])
        if target == 0:
            dst = self.foundation_slot(piles, card)
        elif target < self._pack_target:
            dst = self._house_base + target - 1
        else:
            dst = self._pack_index[seat][target - self._pack_target]
        piles[dst] = (*piles[dst], card)
        return card

    def move_run(self, piles: list[tuple[int, ...]], source: int, target: int, runs: bool) -> None:
        """Carry out a move between houses in place: the outer card of the
        house of source code ``source`` onto house ``target`` (a target code),
        or with ``runs`` the part of its run that fits (:meth:`run_start`)."""
        hb = self._house_base
        a = hb + source - self._house_source
        b = hb + target - 1
        run, onto = piles[a], piles[b]
        i = self.run_start(run, onto[-1]) if runs else len(run) - 1
        piles[a] = run[:i]
        piles[b] = onto + run[i:]

    def turn_hand_card(self, piles: list[tuple[int, ...]], down: list[int], seat: int) -> None:
        """Turn the top card of ``seat``'s hand pile up onto the turned pile, in
        place; an empty hand pile is first refilled by turning the discard over."""
        hi, ti, di = self._stock_index[seat]
        hand = piles[hi]
        if not hand:
            hand = piles[di][::-1]
            piles[di] = ()
        piles[ti] = (hand[-1],)
        piles[hi] = hand[:-1]
        down[hi] = len(hand) - 1

    def discard_turned(self, piles: list[tuple[int, ...]], seat: int) -> None:
        """Put ``seat``'s turned hand card onto the own discard, in place."""
        _, ti, di = self._stock_index[seat]
        piles[di] = piles[di] + piles[ti]
        piles[ti] = ()

    # ---------------------------------------------------------- explanations
    # (zank.family.table_explain: functions over the rules object)
    def house_needs(self, top: int) -> str:
        """What a house showing ``top`` takes, in words: ``"a black 7"``."""
        return table_explain.house_needs(self, top)

    def explain_card_move(self, state: State, move: Move) -> Violation | None:
        """Why the table does not allow card move ``move`` now, or ``None`` if
        the cards allow it (mandatory moves are the variant's business).

        The answer comes from the kernel scan that :meth:`layout_moves` asks,
        so that the two cannot disagree
        (:func:`~zank.family.table_explain.explain_card_move`).

        >>> import zank
        >>> rules = zank.variant("zank-detailed")
        >>> state = rules.new_game(seed=1)
        >>> print(rules.explain_card_move(state, rules.parse_move_text("h1-h2")))
        7♥ cannot go on house 2: it shows 5♥, which takes a black 4 [ZD-6]
        """
        return table_explain.explain_card_move(self, state, move)

    # ----------------------------------------------------------- validation
    def validate_layout(self, state: State, houses: int) -> None:
        """Check the foundations (face up, built up in suit from the ace) and
        the first ``houses`` houses (the outer card face up, the face-up cards
        built down by the houses' fit, no joker)."""
        piles, down = state.piles, state.down
        specs = self.layout(state.players)
        word = self.foundation_word
        for i in range(self.foundation_count):
            f = piles[i]
            if down[i]:
                raise InvalidState(f"{specs[i].label}: {word} cards lie face up")
            for j, c in enumerate(f):
                want = ACE_KEYS if j == 0 else (FOUNDATION_WANT[f[j - 1]],)
                if FKEY[c] not in want:
                    raise InvalidState(
                        f"{specs[i].label}: a {word} is built up in suit from the ace; "
                        f"{card_unicode(c)} cannot be card {j + 1}"
                    )
        for h in range(houses):
            i = self.house_base + h
            pile, d = piles[i], down[i]
            if pile and d >= len(pile):
                raise InvalidState(
                    f"{specs[i].label}: the outermost {self.house_word} card lies face up"
                )
            if any(IS_JOKER[c] for c in pile):
                raise InvalidState(f"{specs[i].label}: the joker takes no part in the play")
            for a, b in zip(pile[d:], pile[d + 1 :], strict=False):
                if not fits_house(b, a, self.same_suit_houses):
                    raise InvalidState(
                        f"{specs[i].label}: {card_unicode(b)} cannot lie on {card_unicode(a)}"
                    )

    def validate_table(self, state: State) -> None:
        """Check the shared invariants: foundations, houses
        (:meth:`validate_layout`), and that the top card of every pile but a
        hand pile lies face up."""
        self.validate_layout(state, self.house_count)
        piles, down = state.piles, state.down
        specs = self.layout(state.players)
        for p in range(state.players):
            for kind in self.seat_piles:
                i = self.seat_pile(p, kind)
                pile, d = piles[i], down[i]
                if kind == HAND:
                    if d != len(pile):
                        raise InvalidState(f"{specs[i].label}: the hand pile lies face down")
                elif pile and d >= len(pile):
                    raise InvalidState(f"{specs[i].label}: its top card lies face up")
                elif kind in (TURNED, DISCARD) and d:
                    raise InvalidState(f"{specs[i].label}: its cards lie face up")
                elif kind == RESERVE:
                    self._validate_reserve(specs[i].label, pile, d)

    def check_outcome(
        self,
        state: State,
        gone: Sequence[int],
        stale: bool,
        expected: Result | None,
        rules: tuple[str, str],
    ) -> None:
        """Refuse an outcome the position does not give (a variant's validation).

        ``gone`` are the seats without cards left, ``stale`` whether the turns
        without progress have reached the limit, ``expected`` the result the
        rules give the position if the game is over there; ``rules`` name the
        rules of going out and of no progress for the messages.
        """
        if state.outcome is None:
            if gone:
                raise InvalidState(f"p{gone[0]} has no card left: the game is over ({rules[0]})")
            if stale:
                raise InvalidState(f"the game has ended for lack of progress ({rules[1]})")
        elif state.outcome != expected:
            raise InvalidState(
                "'outcome' is not the one the position gives: "
                + ("the game is not over" if expected is None else result_words(expected))
            )

    def _validate_reserve(self, label: str, pile: tuple[int, ...], down: int) -> None:
        """Only the top card of a reserve turns up when it is played; all other
        face-up cards were packed on it one by one, each fitting the card below."""
        for below, card in zip(pile[down:], pile[down + 1 :], strict=False):
            if not fits_pack(card, below):
                raise InvalidState(
                    f"{label}: {card_unicode(card)} cannot lie on {card_unicode(below)}: only "
                    "the top card of a reserve turns up, and packed cards follow in suit, "
                    "one up or down"
                )
