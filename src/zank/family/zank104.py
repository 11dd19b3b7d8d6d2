"""Zank-Patience with 104 cards (seed ``003_d977528800c5421d.txt``).

The rules page ``docs/rules/zank-104.md`` numbers every rule (``Z104-1`` …,
the options ``Z104-V1`` and ``Z104-V2``) and says how we read the seed; the
numbers appear in :class:`~zank.core.Violation` objects and in the comments
below.

Each player has a reserve (top card face up), a face-down talon, at most one
turned talon card and a face-up second talon; the eight stairs (Hilfstreppen,
the family's houses ``h1``…``h8``) and eight foundations are shared.  Moves
are named from the point of view of the player to move:

=============  ==============================================================
``r-f``        the reserve top onto a foundation (the first one it fits)
``r-h3``       the reserve top onto stair 3 (a gap: the first gap)
``h3-h5``      the outer card of stair 3 onto stair 5 (with the option
               ``stair_runs``: the part of stair 3's run that fits stair 5)
``t-or``       the turned talon card packed onto the opponent's reserve
``h2-os``      the outer card of stair 2 packed onto the opponent's second talon
``h2-r``       the outer card of stair 2 packed onto the own reserve (``h2-s``:
               onto the own second talon; with ``own_packing``, the default)
``turn``       turn the top card of the talon (turning the second talon over
               first when the talon is empty)
``t-s``        the turned talon card onto the own second talon: the turn ends
``pass``       end the turn with nothing left to turn
=============  ==============================================================

``State.info`` holds five public integers (Z104-7, Z104-18), named by
:class:`Zank104Info`: ``(stale, low0, low1, moved, flags)``.  The move kinds
are :class:`Kind`.  ``State.phase`` is 0 in strict mode.
With ``table_mode=True`` (Z104-16) a player may overlook a foundation move and
the opponent may call "Halt!" (``halt``); the phases and the info tail of table
mode are those of :mod:`zank.family.faults`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Final, NamedTuple

from attrs import field, frozen

from zank.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    HEARTS,
    KING,
    MAX_CARD,
    RANK,
    SPADES,
    SUIT,
    card_unicode,
    full_deck,
)
from zank.core import (
    BOOL_OPTION,
    Move,
    Observation,
    Result,
    State,
    Termination,
    Violation,
    option_validator,
)
from zank.errors import InvalidState, OptionError
from zank.family import faults, hand_pile
from zank.family.fits import FKEY, PACK_WANTS, plain
from zank.family.hand_pile import END, PASS, TURN, HandPileTable, Kind
from zank.family.scan import MAX_MASK_BITS, card_moves
from zank.family.table import CARD, DISCARD, HAND, RESERVE, TURNED
from zank.random import Rng
from zank.registry import register

__all__ = [
    "END",
    "PASS",
    "SECOND_TALON",
    "TALON",
    "TURN",
    "Kind",
    "Zank104",
    "Zank104Info",
    "counts",
    "opening_key",
]


class Zank104Info(NamedTuple):
    """``State.info`` of zank-104 by name (:meth:`Zank104.info_of`)."""

    stale: int
    """Turns in a row without progress (Z104-18)."""
    low0: int
    """Player 0's fewest cards left so far (Z104-18)."""
    low1: int
    """Player 1's fewest cards left so far (Z104-18)."""
    moved: int
    """Bit *h*: the outer card of stair *h* + 1 was just moved there from
    another stair (Z104-7)."""
    flags: int
    """Bits of this turn's events (1 a card reached a foundation)."""


TALON: Final = "talon"
"""Pile kind of the talon in the layout (the table's hand pile)."""
SECOND_TALON: Final = "second-talon"
"""Pile kind of the second talon in the layout (the table's discard)."""

# source codes of the own piles (the table's ``sources``; the stairs follow
# from ``house_source`` on) and the target code of the foundations (the stairs
# and the opponent's piles follow, ``pack_target`` being the opponent's reserve)
SRC_RESERVE: Final = 0
SRC_TURNED: Final = 1
SRC_STAIR: Final = 2  # stair 1 (the table's house_source)
TGT_FOUNDATION: Final = 0

# the indices of Zank104Info.moved and .flags in State.info, for the move generator
I_MOVED: Final = 3
I_FLAGS: Final = 4
F_FOUNDATION: Final = 1  # this turn a card reached a foundation
F_OWN: Final = 2  # this turn a stair card was packed onto the own piles (Z104-8)
PLAY: Final = 0
"""The only phase of strict mode (table mode will add phases for pending faults)."""

STAIRS_EACH: Final = 4
RESERVE_SIZE: Final = 13
START_COUNT: Final = 52 - STAIRS_EACH  # reserve and talon at the start

#: The opening order of suits (Z104-3): hearts > diamonds > spades > clubs.
SUIT_ORDER: Final = {HEARTS: 3, DIAMONDS: 2, SPADES: 1, CLUBS: 0}
_OPEN: tuple[int, ...] = tuple(RANK[c] * 4 + SUIT_ORDER[SUIT[c]] for c in range(MAX_CARD))


def opening_key(card: int) -> int:
    """How a card ranks for who begins (Z104-3): value first (ace low, king
    high), then the suit, hearts > diamonds > spades > clubs."""
    return _OPEN[card]


def counts(state: State) -> tuple[int, ...]:
    """Each seat's cards still to place (Z104-17, Z104-18): reserve, talon,
    turned talon card and second talon."""
    rules = state.rules
    assert isinstance(rules, Zank104)
    piles = state.piles
    return tuple(sum(len(piles[i]) for i in rules.own_piles(q)) for q in range(state.players))


def _still_laid(
    rule: str, what: str, pile: tuple[int, ...], loose: tuple[Move, ...], source: int, why: str
) -> Violation | None:
    """``rule`` broken by ending the turn while the top of ``pile`` (own
    source code ``source``, ``what`` in words) can still be laid by a move of
    ``loose``; ``None`` if it cannot."""
    laid = [m.text for m in loose if m.kind == CARD and m.source == source]
    if not laid:
        return None
    return Violation(
        rule, f"{what} {card_unicode(pile[-1])} can still be laid ({', '.join(laid)}): {why}"
    )


def _ended(piles: Iterable[tuple[int, ...]], seats: tuple[tuple[int, ...], ...], p: int) -> Result:
    """The result of a game that ended by no progress (Z104-18), or that ``p``
    went out of (``p >= 0``)."""
    pl = tuple(piles)
    c = [sum(len(pl[i]) for i in seat) for seat in seats]
    points = [0, 0]
    if p >= 0:
        points[p] = c[1 - p]
        return Result(p, tuple(points), Termination.WENT_OUT)
    if c[0] == c[1]:
        return Result(None, (0, 0), Termination.NO_PROGRESS)
    w = 0 if c[0] < c[1] else 1
    points[w] = c[1 - w] - c[w]
    return Result(w, tuple(points), Termination.NO_PROGRESS)


@register
@frozen(cache_hash=True, kw_only=True)
class Zank104(HandPileTable):
    """Zank-Patience with 104 cards, for two players.

    Options (keyword-only; the rules page explains each):

    * ``stair_runs`` (Z104-V1): a move between stairs carries the whole part
      of the run that fits, not only the outer card.
    * ``pack_when_stalled`` (Z104-V2): cards are packed onto the opponent only
      when neither the reserve top nor the turned talon card can be laid on a
      stair or into a gap.
    * ``own_packing`` (Z104-8): the outer card of a stair may be packed onto
      the own reserve or second talon, once a turn (the seed's "theoretisch
      möglich"; ``True`` by default).  ``False`` offers no such move (the
      rules before issue 21), and the action space has no ``h1-r`` … ``h8-s``.
    * ``no_progress_turns`` (Z104-18): the game is "endless" and ends when
      this many turns in a row pass in which no card reached a foundation and
      no player got down to fewer cards than ever before (50).
    * ``table_mode`` (Z104-16): a player may overlook a foundation move, and
      the opponent may call "Halt!" (see :mod:`zank.family.faults`).
    * ``call_window`` (Z104-16, with ``table_mode``): ``"faults"`` (default)
      asks the opponent only after a fault, ``"every-move"`` after every move.

    >>> import zank
    >>> rules = zank.variant("zank-104")
    >>> state = rules.new_game(seed=1)
    >>> len(state.pile("p0.reserve")), len(state.pile("p0.talon")), len(state.pile("h1"))
    (13, 35, 1)
    """

    name = "zank-104"
    greedy_policy: ClassVar[str | None] = "zank.family.greedy_zank104:zank104_policy"
    presets = (
        {},
        {"stair_runs": True},
        {"stair_runs": True, "pack_when_stalled": True, "no_progress_turns": 8},
        {"own_packing": False},
    )
    table_presets: ClassVar[tuple[dict[str, object], ...]] = (
        {"table_mode": True},
        {"table_mode": True, "call_window": faults.EVERY_MOVE, "stair_runs": True},
        {"table_mode": True, "own_packing": False},
    )
    """Table-mode option sets (Z104-16), checked by ``tests/family/test_table_mode.py``."""
    # table mode (zank.family.faults)
    fault_rules: ClassVar[tuple[str, ...]] = ("Z104-10",)
    call_rule: ClassVar[str] = "Z104-16"
    call_text: ClassVar[str] = "halt"
    defer_end: ClassVar[bool] = False  # "was liegt, das liegt"
    base_info: ClassVar[int] = 5
    rule_free = "Z104-4"
    rule_foundation = "Z104-5"
    rule_house = "Z104-6"
    rule_pack = "Z104-8"
    house_word = "stair"
    pile_words: ClassVar[dict[str, str]] = {
        TURNED: "turned talon card",
        DISCARD: "second talon",
    }
    gap_from_house = False  # Z104-6
    gap_fillers = "your reserve or your talon"
    #: The layout's kinds for the table's seat piles, by family pile kind; the talon
    #: plays the part of the family's hand pile, the second talon that of the discard.
    pile_kinds: ClassVar[dict[str, str]] = {HAND: TALON, DISCARD: SECOND_TALON}
    pack_targets = (("or", RESERVE), ("os", DISCARD))
    end_text = "t-s"  # ("end" too)
    # Z104-1: a pack each (HandPileTable._cards)
    #: The own piles a stair card may be packed on with ``own_packing`` (Z104-8),
    #: as (notation, pile kind) pairs; their target codes follow the opponent's.
    own_pack_targets: ClassVar[tuple[tuple[str, str], ...]] = (("r", RESERVE), ("s", DISCARD))

    stair_runs: bool = field(default=False, validator=BOOL_OPTION)
    pack_when_stalled: bool = field(default=False, validator=BOOL_OPTION)
    no_progress_turns: int = field(default=50, validator=option_validator(low=2, high=100_000))
    table_mode: bool = faults.table_mode_option()
    call_window: str = faults.call_window_option()
    own_packing: bool = field(default=True, validator=BOOL_OPTION)

    # the target code of the own reserve (the own second talon's is one more)
    _own_target: int = field(init=False, default=0, eq=False, hash=False, repr=False)

    def max_plies(self, players: int = 2) -> int | None:
        """Z104-18: at most ``201 * no_progress_turns`` turns, each of at most
        ``(4T + 5) * (T + 1)`` moves for the game's ``T`` cards; ``None`` in
        table mode (its calls are proved to end, not counted)."""
        if self.table_mode:
            return None
        cards = len(self.cards(players))
        return 201 * self.no_progress_turns * (4 * cards + 5) * (cards + 1)

    def __attrs_post_init__(self) -> None:
        super(Zank104, self).__attrs_post_init__()
        if self._scan_geometry is None:  # the move generator's masks (zank.family.scan)
            raise OptionError(
                f"{self.name!r} has {self.house_count} stairs and {len(self.pack_targets)} "
                f"packing targets; its move generator holds at most {MAX_MASK_BITS} of each"
            )
        assert self.house_source == SRC_STAIR  # the reserve and the turned talon card first
        object.__setattr__(self, "_own_target", self.pack_target + len(self.pack_targets))

    def _build_moves(self) -> Iterable[Move]:
        # Z104-8: the own packs come last, so that without them (own_packing=False)
        # the action space is the one of earlier releases, and with them the
        # other moves keep their actions
        n = 0
        for m in super(Zank104, self)._build_moves():
            yield m
            n += 1
        if not self.own_packing:
            return
        own = self.pack_target + len(self.pack_targets)
        for h in range(self.house_count):
            for j, (code, _) in enumerate(self.own_pack_targets):
                yield Move(n, Kind.CARD, self.house_source + h, own + j, f"h{h + 1}-{code}")
                n += 1

    @property
    def own_target(self) -> int:
        """The target code of the own reserve (``h3-r``); the own second talon's
        (``h3-s``) is one more (Z104-8, ``own_packing``)."""
        return self._own_target

    def is_own_pack(self, move: Move) -> bool:
        """Whether ``move`` packs a stair card onto the own reserve or second
        talon (Z104-8): legal with ``own_packing``, never wise."""
        return move.kind == CARD and move.target >= self._own_target

    def card_move_piles(self, players: int, seat: int, source: int, target: int) -> frozenset[int]:
        """As :meth:`~zank.family.table.FamilyTable.card_move_piles`; an own pack
        names the own pile."""
        if target >= self._own_target:
            ri, _, _, si = self._seat[seat]
            own = ri if target == self._own_target else si
            return frozenset((self.source_pile(seat, source), own))
        return super(Zank104, self).card_move_piles(players, seat, source, target)

    def target_name(self, target: int) -> str:
        """As :meth:`~zank.family.table.FamilyTable.target_name`; ``"your
        reserve"``, ``"your second talon"`` for the own packs."""
        if target >= self._own_target:
            kind = self.own_pack_targets[target - self._own_target][1]
            return f"your {self.pile_words.get(kind, kind)}"
        return super(Zank104, self).target_name(target)

    def info_of(self, state: State | Observation) -> Zank104Info:
        """The counters of ``state.info`` by name (Z104-7, Z104-18)."""
        return Zank104Info._make(state.info[: self.base_info])

    # ------------------------------------------------------------- the deal
    def _deal(self, rng: Rng, players: int) -> State:
        piles: list[tuple[int, ...]] = [()] * len(self.layout(players))
        down = [0] * len(piles)
        for p in range(players):  # Z104-2
            pack = rng.shuffle(list(full_deck(p)))
            for j in range(STAIRS_EACH):
                piles[self.house_base + p * STAIRS_EACH + j] = (pack[j],)
            ri, ki, _, _ = self._seat[p]
            piles[ri] = tuple(pack[STAIRS_EACH : STAIRS_EACH + RESERVE_SIZE])
            down[ri] = RESERVE_SIZE - 1
            piles[ki] = tuple(pack[STAIRS_EACH + RESERVE_SIZE :])
            down[ki] = len(piles[ki])
        starter = self.starting_player(piles, rng)
        info = faults.start_info(self, Zank104Info(0, START_COUNT, START_COUNT, 0, 0))
        return State.dealt(self, players, piles, down, starter, rng.state, info)

    def _opening_seat(self, state: State, rng: Rng) -> int:
        return self.starting_player(list(state.piles), rng)

    def starting_player(self, piles: list[tuple[int, ...]], rng: Rng) -> int:
        """The seat that begins a game dealt as ``piles`` (Z104-3).

        The higher reserve top begins (:func:`opening_key`).  Two identical
        cards (the packs have the same faces) compare the players' stairs in
        the order they were laid out; if all are identical, each player cuts
        the own pack (:meth:`cut`).
        """
        keys = []
        for p in range(2):
            top = piles[self._seat[p][0]][-1]
            hb = self.house_base + p * STAIRS_EACH
            stairs = piles[hb : hb + STAIRS_EACH]
            keys.append((_OPEN[top], *(_OPEN[s[0]] for s in stairs)))
        if keys[0] != keys[1]:
            return 0 if keys[0] > keys[1] else 1
        return self.cut(rng)

    @staticmethod
    def cut(rng: Rng) -> int:
        """Both players cut their own pack; the higher card begins (value, then
        suit), identical cards cut again (after 64 ties in a row, seat 0 begins)."""
        return hand_pile.cut_packs(rng, lambda card: -_OPEN[card])

    # ---------------------------------------------------------- legal moves
    def generate(
        self, state: State, strict: bool = True, overlook: bool = False
    ) -> tuple[Move, ...]:
        """The moves of the player to move.

        With ``strict=False`` the mandatory rules (Z104-10 to Z104-13) are not
        enforced: the result is every move that the cards allow, what a player
        could physically do.  With ``overlook=True`` only Z104-10 is not
        enforced: a foundation move may be overlooked, the fault that table
        mode offers and "Halt!" calls (Z104-16).
        """
        p = state.to_move
        assert p is not None
        piles = state.piles
        # Z104-4: the own free cards are the reserve top and the turned talon card
        # (sources 0 and 1); Z104-5, Z104-6, Z104-8 (zank.family.scan); Z104-7: a card
        # just moved between stairs stays; Z104-V1: runs; Z104-V2: no packing while
        # the own cards can be laid
        stalled = strict and self.pack_when_stalled
        first = strict and not overlook  # Z104-10: the foundations first
        moves, found, _ = card_moves(
            self, piles, p, 2, state.info[I_MOVED], first, self.stair_runs, stalled
        )
        if found and first:
            return tuple(moves)
        # the own cards' moves come first after the foundation moves: laid, Z104-11, when
        # there is one; packing was stalled when it goes onto a stair or a gap
        laid = len(moves) > found and moves[found].source < SRC_STAIR
        pack = not (stalled and laid and moves[found].target < self._pack_target)
        # Z104-8: a stair card onto the own reserve or second talon, once a turn;
        # never mandatory, so it does not count as laying the own cards
        if self.own_packing and pack and not (strict and state.info[I_FLAGS] & F_OWN):
            self._own_packs(piles, p, moves)
        _, ki, ti, si = self._seat[p]
        if piles[ti]:
            if not (strict and laid):
                moves.append(self._end)  # Z104-12, Z104-13
        elif not (strict and laid):  # Z104-11
            # Z104-12, Z104-14
            moves.append(self._turn if piles[ki] or piles[si] else self._pass)
        return tuple(moves)

    def _own_packs(self, piles: tuple[tuple[int, ...], ...], p: int, moves: list[Move]) -> None:
        """Append the packs of stair cards onto ``p``'s own reserve and second
        talon (Z104-8): same suit, one higher or one lower, on a pile with
        cards; in action order (``h1-r``, ``h1-s``, ``h2-r`` …)."""
        ri, _, _, si = self._seat[p]
        reserve, second = piles[ri], piles[si]
        if not (reserve or second):
            return
        on_reserve = PACK_WANTS[reserve[-1]] if reserve else ()
        on_second = PACK_WANTS[second[-1]] if second else ()
        mv, t = self._grid, self._own_target
        s = self._house_source
        for house in piles[self._houses]:
            if house:
                k = FKEY[house[-1]]
                if k in on_reserve:
                    moves.append(mv[s][t])
                if k in on_second:
                    moves.append(mv[s][t + 1])
            s += 1

    # ---------------------------------------------------------------- apply
    def apply_card(
        self, state: State, move: Move, p: int, piles: list[tuple[int, ...]], down: list[int]
    ) -> State:
        """A card move of strict play (Z104-4 to Z104-8, Z104-17)."""
        stale, low0, low1, moved, flags = state.info
        to_move: int | None = p
        outcome: Result | None = None
        ri, ki, ti, si = self._seat[p]
        s, t = move.source, move.target
        from_stair = s >= self._house_source
        if from_stair and TGT_FOUNDATION < t < self._pack_target:  # Z104-7
            self.move_run(piles, s, t, self.stair_runs)  # Z104-V1
            moved |= 1 << (t - 1)
        elif t >= self._own_target:  # Z104-8: a stair card onto the own piles
            moved = 0
            flags |= F_OWN
            dst = ri if t == self._own_target else si
            piles[dst] = (*piles[dst], self.lift(piles, down, self.source_pile(p, s)))
        else:
            moved = 0
            self.move_card(piles, down, p, s, t)  # Z104-5, Z104-6, Z104-8
            if t == TGT_FOUNDATION:
                flags |= F_FOUNDATION
            if not from_stair and not (piles[ri] or piles[ki] or piles[ti] or piles[si]):
                to_move = None  # Z104-17
                outcome = _ended(piles, self._seat, p)
        info = (stale, low0, low1, moved, flags)
        return state.successor(piles, down, to_move, info, state.turn, outcome)

    def info_after_turning(self, info: tuple[int, ...]) -> tuple[int, ...]:
        """Z104-12, Z104-14: a turned talon card ends the stair moves' record."""
        stale, low0, low1, _, flags = info
        return (stale, low0, low1, 0, flags)

    def end_turn_after(
        self, state: State, p: int, piles: list[tuple[int, ...]], down: list[int]
    ) -> State:
        """END (Z104-13) or PASS (Z104-14): the turn ends (Z104-18)."""
        stale, low0, low1, _, flags = state.info
        ri, ki, _, si = self._seat[p]
        count = len(piles[ri]) + len(piles[ki]) + len(piles[si])
        progress = flags & F_FOUNDATION  # Z104-18: a card reached a foundation,
        if p == 0:  # or the player has fewer cards than ever before
            if count < low0:
                low0, progress = count, 1
        elif count < low1:
            low1, progress = count, 1
        stale = 0 if progress else stale + 1
        to_move: int | None = 1 - p
        outcome: Result | None = None
        if stale >= self.no_progress_turns:
            to_move = None
            outcome = _ended(piles, self._seat, -1)
        info = (stale, low0, low1, 0, 0)
        return state.successor(piles, down, to_move, info, state.turn + 1, outcome)

    # ---------------------------------------------------------- explanations
    def _explain_turn_move(self, state: State, move: Move) -> Violation | None:
        """Why ``turn``, the end move or ``pass`` is not possible now (Z104-12 to Z104-14)."""
        p = state.to_move
        assert p is not None
        piles = state.piles
        _, ki, ti, si = self._seat[p]
        turned = piles[ti]
        nothing_to_turn = not piles[ki] and not piles[si]
        if move.kind == TURN:
            if turned:
                return Violation(
                    "Z104-12",
                    f"your turned talon card {card_unicode(turned[0])} must be laid, or put on "
                    "your second talon (t-s), before you turn the next one",
                )
            if nothing_to_turn:
                return Violation(
                    "Z104-14",
                    "your talon and second talon are empty: there is nothing to turn (pass)",
                )
        elif move.kind == END and not turned:
            return Violation(
                "Z104-13",
                "you have no turned talon card to put on the second talon: turn one first (turn)",
            )
        elif move.kind == PASS and (turned or not nothing_to_turn):
            return Violation(
                "Z104-14",
                "you may pass only with nothing left to turn; "
                + (
                    "put the turned talon card on your second talon (t-s) to end the turn"
                    if turned
                    else "turn a talon card (turn)"
                ),
            )
        return None

    def _explain_card(self, state: State, move: Move) -> Violation | None:
        """Why the cards do not allow ``move`` (Z104-4 to Z104-8), or ``None``."""
        p = state.to_move
        assert p is not None
        piles = state.piles
        s, t = move.source, move.target
        if s == SRC_TURNED and not piles[self._seat[p][2]]:
            return Violation("Z104-4", "you have no turned talon card: turn one first (turn)")
        if t >= self._own_target:
            return self._explain_own_pack(piles, p, s, t)
        hs, hb = self.house_source, self.house_base
        if s >= hs and TGT_FOUNDATION < t < self.pack_target:
            # between two stairs with cards (an empty one: explain_card_move)
            h = s - hs
            house, target = piles[hb + h], piles[hb + t - 1]
            if house and target and (self.info_of(state).moved >> h) & 1:
                return Violation(
                    "Z104-7",
                    f"{card_unicode(house[-1])} on stair {h + 1} was just moved there from "
                    "another stair: it may move between stairs again only after another move",
                )
            if house and target and self.stair_runs:  # Z104-V1
                if t - 1 in self.run_targets(house, h, self.house_wants(piles)[0]):
                    return None
                return Violation(
                    "Z104-6",
                    f"no card of stair {h + 1} fits stair {t}: it shows "
                    f"{card_unicode(target[-1])}, which takes {self.house_needs(target[-1])}",
                )
        return self.explain_card_move(state, move)

    def _explain_own_pack(
        self, piles: tuple[tuple[int, ...], ...], p: int, s: int, t: int
    ) -> Violation | None:
        """Why the cards do not allow packing stair ``s``'s card onto ``p``'s own
        pile ``t`` (Z104-8), or ``None``."""
        house = piles[self.source_pile(p, s)]
        if not house:
            return Violation("Z104-4", f"{self.source_name(s)} is empty")
        ri, _, _, si = self._seat[p]
        name = self.target_name(t)
        target = piles[ri if t == self._own_target else si]
        if not target:
            return Violation("Z104-8", f"{name} is empty: there is nothing to pack on")
        card, top = house[-1], target[-1]
        if FKEY[card] in PACK_WANTS[top]:
            return None
        takes = " or ".join(card_unicode(x) for x in self._pack_neighbours(top))
        return Violation(
            "Z104-8",
            f"{card_unicode(card)} cannot be packed on {name}: it shows {card_unicode(top)},"
            f" which takes {takes} (same suit, one higher or lower)",
        )

    @staticmethod
    def _pack_neighbours(top: int) -> tuple[int, ...]:
        """The cards (of deck 0) one lower and one higher than ``top`` in its suit."""
        base = plain(top)
        return tuple(x for x in (base - 1, base + 1) if ACE <= RANK[x] <= KING)

    def _explain_mandatory(self, state: State, move: Move) -> Violation:
        """Why a move the cards allow is not allowed now (Z104-10 to Z104-13)."""
        p = state.to_move
        assert p is not None
        strict = self.generate(state, strict=True)
        found = [m.text for m in strict if m.kind == CARD and m.target == TGT_FOUNDATION]
        hs, pt = self.house_source, self.pack_target
        if found:
            return Violation(
                "Z104-10",
                "a free card fits a foundation and must go there first (" + ", ".join(found) + ")",
            )
        loose = self.generate(state, strict=False)
        piles = state.piles
        ri, _, ti, _ = self._seat[p]
        own = self.is_own_pack(move)
        if self.pack_when_stalled and move.kind == CARD and move.target >= pt:
            laid = [
                m.text
                for m in strict
                if m.kind == CARD and m.source < hs and TGT_FOUNDATION < m.target < pt
            ]
            if laid:
                return Violation(
                    "Z104-V2",
                    f"you may pack onto {'your own piles' if own else 'the opponent'} only "
                    "when neither your reserve top nor your turned talon card can be laid on "
                    "a stair (" + ", ".join(laid) + ")",
                )
        if own and self.info_of(state).flags & F_OWN:
            return Violation(
                "Z104-8",
                "you have packed a stair card onto your own piles this turn already: "
                "once a turn is the most",
            )
        if move.kind == END:
            why = "only a card that fits nowhere goes on the second talon"
            v = _still_laid("Z104-12", "your turned talon card", piles[ti], loose, SRC_TURNED, why)
            if v is not None:
                return v
        if move.kind in (TURN, PASS, END):
            why = "the reserve comes before the talon"
            v = _still_laid("Z104-11", "your reserve top", piles[ri], loose, SRC_RESERVE, why)
            if v is not None:
                return v
        return Violation("Z104-4", f"{move.text} is not possible now")

    # ------------------------------------------------------------ validation
    def validate_settled(self, state: State) -> None:
        """The invariants of a state of strict play (table mode checks its
        window states through the state before the move under call)."""
        self.validate_table(state)
        piles, down = state.piles, state.down
        info = state.info
        if len(info) != 5 or not all(isinstance(i, int) for i in info) or min(info) < 0:
            raise InvalidState("info must be five integers >= 0: (stale, low0, low1, moved, flags)")
        stale, low0, low1, moved, flags = info
        if stale > min(self.no_progress_turns, state.turn - 1):  # one more per turn ended
            raise InvalidState(
                f"info: {stale} turns without progress, but {state.turn - 1} turns ended "
                f"(and no_progress_turns={self.no_progress_turns})"
            )
        top_flag = F_FOUNDATION | F_OWN if self.own_packing else F_FOUNDATION
        if max(low0, low1) > START_COUNT or flags > top_flag:  # the lows only fall
            raise InvalidState("info: low0, low1 or flags out of range")
        hb, nh = self.house_base, self.house_count
        if moved >> nh or any((moved >> h) & 1 and not piles[hb + h] for h in range(nh)):
            raise InvalidState("info: 'moved' may only mark stairs that hold cards")
        for h in range(nh):
            if down[hb + h]:
                raise InvalidState(f"h{h + 1}: stair cards lie face up")
        self.validate_turned(state)
        self._validate_outcome(state)

    def _validate_outcome(self, state: State) -> None:
        """The outcome is the one the rules give the position (Z104-17,
        Z104-18), recomputed: a seat without cards of its own has won; a game
        without progress scores the counts of the final position."""
        piles = state.piles
        gone = [q for q in range(state.players) if not any(piles[i] for i in self._seat[q])]
        stale = self.info_of(state).stale >= self.no_progress_turns
        expected = None
        if gone:
            expected = _ended(piles, self._seat, gone[0]) if len(gone) == 1 else None
        elif stale:
            expected = _ended(piles, self._seat, -1)
        self.check_outcome(state, gone, stale, expected, ("Z104-17", "Z104-18"))

    # ---------------------------------------------------- table mode (Z104-16)
    # The moves strict mode allows: generate(state) with its default strict=True
    # (an alias, not a method that calls it: one call less on the hot path).
    strict_moves = generate

    def table_moves(self, state: State) -> tuple[Move, ...]:
        """The moves table mode allows: foundation moves may be overlooked (Z104-16)."""
        return self.generate(state, strict=True, overlook=True)

    # Z104-16: "Halt!" -- nothing laid is taken back ("was liegt, das liegt"),
    # the player's turn ends at once: HandPileTable.resolve_call.
