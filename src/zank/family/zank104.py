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
``turn``       turn the top card of the talon (turning the second talon over
               first when the talon is empty)
``t-s``        the turned talon card onto the own second talon: the turn ends
``pass``       end the turn with nothing left to turn
=============  ==============================================================

``State.info`` holds five public integers (Z104-7, Z104-18):
``(stale, low0, low1, moved, flags)``.  ``State.phase`` is 0 in strict mode.
With ``table_mode=True`` (Z104-16) a player may overlook a foundation move and
the opponent may call "Halt!" (``halt``); the phases and the info tail of table
mode are those of :mod:`zank.family.faults`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Final, cast

from attrs import field, frozen

from zank.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    HEARTS,
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
    PileSpec,
    Result,
    State,
    Termination,
    Violation,
    option_validator,
)
from zank.errors import InvalidState
from zank.family import faults
from zank.family.fits import ACE_KEYS, ALT_KEY, ALT_WANT, FKEY, FOUNDATION_WANT
from zank.family.table import CARD, DISCARD, HAND, RESERVE, TURNED, FamilyTable
from zank.random import Rng
from zank.registry import register

__all__ = [
    "END",
    "PASS",
    "SECOND_TALON",
    "TALON",
    "TURN",
    "Zank104",
    "counts",
    "opening_key",
]

TURN: Final = 1
"""The move kind of turning the top talon card (``turn``)."""
END: Final = 2
"""The move kind of the turned talon card onto the own second talon, which ends the
turn (``t-s``)."""
PASS: Final = 3
"""The move kind of ending the turn with nothing left to turn (``pass``)."""

TALON: Final = "talon"
"""Pile kind of the talon in the layout (the table's hand pile)."""
SECOND_TALON: Final = "second-talon"
"""Pile kind of the second talon in the layout (the table's discard)."""

# source codes (own piles, then stairs 2..9) and target codes
SRC_RESERVE: Final = 0
SRC_TURNED: Final = 1
SRC_STAIR: Final = 2
TGT_FOUNDATION: Final = 0
TGT_PACK: Final = 9  # 9 the opponent's reserve, 10 the opponent's second talon

# State.info
I_STALE: Final = 0
I_LOW: Final = 1  # 1 and 2: each player's record low (Z104-18)
I_MOVED: Final = 3
I_FLAGS: Final = 4
F_FOUNDATION: Final = 1  # this turn a card reached a foundation
PLAY: Final = 0
"""The only phase of strict mode (table mode will add phases for pending faults)."""

STAIRS_EACH: Final = 4
RESERVE_SIZE: Final = 13
START_COUNT: Final = 52 - STAIRS_EACH  # reserve and talon at the start
MAX_CUTS: Final = 64

#: The opening order of suits (Z104-3): hearts > diamonds > spades > clubs.
SUIT_ORDER: Final = {HEARTS: 3, DIAMONDS: 2, SPADES: 1, CLUBS: 0}
_OPEN: tuple[int, ...] = tuple(RANK[c] * 4 + SUIT_ORDER[SUIT[c]] for c in range(MAX_CARD))
_NO_KEY = -1000  # a packing key no card is near


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
class Zank104(faults.FaultCalls, FamilyTable):
    """Zank-Patience with 104 cards, for two players (seed 003).

    Options (keyword-only; the rules page explains each):

    * ``stair_runs`` (Z104-V1): a move between stairs carries the whole part
      of the run that fits, not only the outer card.
    * ``pack_when_stalled`` (Z104-V2): cards are packed onto the opponent only
      when neither the reserve top nor the turned talon card can be laid on a
      stair or into a gap.
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
    )
    table_presets: ClassVar[tuple[dict[str, object], ...]] = (
        {"table_mode": True},
        {"table_mode": True, "call_window": faults.EVERY_MOVE, "stair_runs": True},
    )
    """Table-mode option sets (Z104-16), checked by ``tests/family/test_table_mode.py``."""
    # table mode (zank.family.faults)
    fault_rules: ClassVar[tuple[str, ...]] = ("Z104-10",)
    call_rule: ClassVar[str] = "Z104-16"
    call_text: ClassVar[str] = "halt"
    self_call: ClassVar[bool] = False
    wrong_call_misses_turn: ClassVar[bool] = False
    defer_end: ClassVar[bool] = False  # "was liegt, das liegt"
    base_info: ClassVar[int] = 5
    rule_free = "Z104-4"
    rule_foundation = "Z104-5"
    rule_house = "Z104-6"
    rule_pack = "Z104-8"
    #: The layout's kinds for the table's seat piles, by family pile kind; the talon
    #: plays the part of the family's hand pile, the second talon that of the discard.
    pile_kinds: ClassVar[dict[str, str]] = {HAND: TALON, DISCARD: SECOND_TALON}
    pack_targets = (("or", RESERVE), ("os", DISCARD))

    stair_runs: bool = field(default=False, validator=BOOL_OPTION)
    pack_when_stalled: bool = field(default=False, validator=BOOL_OPTION)
    no_progress_turns: int = field(default=50, validator=option_validator(low=2, high=100_000))
    table_mode: bool = field(default=False, validator=BOOL_OPTION)
    call_window: str = field(
        default=faults.FAULTS, validator=option_validator(choices=faults.CALL_WINDOWS)
    )

    _turn: Move = field(init=False, default=None, eq=False, hash=False, repr=False)
    _end: Move = field(init=False, default=None, eq=False, hash=False, repr=False)
    _pass: Move = field(init=False, default=None, eq=False, hash=False, repr=False)
    _seat: tuple[tuple[int, int, int, int], ...] = field(
        init=False, default=(), eq=False, hash=False, repr=False
    )
    _opp: tuple[tuple[int, int], ...] = field(
        init=False, default=(), eq=False, hash=False, repr=False
    )
    _grid: tuple[tuple[Move, ...], ...] = field(
        init=False, default=(), eq=False, hash=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        faults.check_options(self)
        super().__attrs_post_init__()
        special = {m.kind: m for m in self.moves if m.kind != CARD}
        object.__setattr__(self, "_turn", special[TURN])
        object.__setattr__(self, "_end", special[END])
        object.__setattr__(self, "_pass", special[PASS])
        seats = tuple(
            (
                self.seat_pile(p, RESERVE),
                self.seat_pile(p, HAND),
                self.seat_pile(p, TURNED),
                self.seat_pile(p, DISCARD),
            )
            for p in range(2)
        )
        object.__setattr__(self, "_seat", seats)
        object.__setattr__(self, "_opp", ((seats[1][0], seats[1][3]), (seats[0][0], seats[0][3])))
        # never indexed with a stair onto itself, the only None entries
        object.__setattr__(self, "_grid", cast("tuple[tuple[Move, ...], ...]", self.card_moves))
        for m in self.moves:  # "end" for "t-s"
            if m.kind == END:
                self._by_text["end"] = m

    def _special_moves(self) -> Iterable[tuple[int, str]]:
        return ((TURN, "turn"), (END, "t-s"), (PASS, "pass"), *faults.special_moves(self))

    def _seat_specs(self, seat: int) -> list[PileSpec]:
        kinds = [self.pile_kinds.get(kind, kind) for kind in self.seat_piles]
        return [PileSpec(f"p{seat}.{kind}", seat, kind) for kind in kinds]

    def _cards(self, players: int) -> tuple[int, ...]:
        return tuple(c for p in range(players) for c in full_deck(p))  # Z104-1

    def own_piles(self, seat: int) -> tuple[int, int, int, int]:
        """State indices of ``seat``'s reserve, talon, turned talon card and second talon."""
        return self._seat[seat]

    def source_name(self, source: int) -> str:
        """A source in words: ``"your reserve"``, ``"stair 3"``."""
        if source == SRC_RESERVE:
            return "your reserve"
        if source == SRC_TURNED:
            return "your turned talon card"
        return f"stair {source - SRC_STAIR + 1}"

    def target_name(self, target: int) -> str:
        """A target in words: ``"a foundation"``, ``"stair 3"``, ``"the opponent's reserve"``."""
        if target == TGT_FOUNDATION:
            return "a foundation"
        if target < TGT_PACK:
            return f"stair {target}"
        return "the opponent's reserve" if target == TGT_PACK else "the opponent's second talon"

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
        return State(
            rules=self,
            players=players,
            piles=tuple(piles),
            down=tuple(down),
            to_move=self.starting_player(piles, rng),
            info=(0, START_COUNT, START_COUNT, 0, 0, *((0, 0) if self.table_mode else ())),
            rng=rng.state,
        )

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
        for _ in range(MAX_CUTS):
            a = _OPEN[full_deck(0)[rng.below(52)]]
            b = _OPEN[full_deck(1)[rng.below(52)]]
            if a != b:
                return 0 if a > b else 1
        return 0  # pragma: no cover - 64 ties in a row

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
        mv = self._grid
        fits = set()
        empty = False
        for f in piles[0:8]:
            if f:
                fits.add(FOUNDATION_WANT[f[-1]])
            else:
                empty = True
        if empty:
            fits.update(ACE_KEYS)
        ri, ki, ti, si = self._seat[p]
        reserve, turned = piles[ri], piles[ti]
        houses = piles[8:16]
        found: list[Move] = []  # Z104-5, Z104-10
        own: list[tuple[int, int]] = []  # Z104-4
        if reserve:
            c = reserve[-1]
            own.append((SRC_RESERVE, c))
            if FKEY[c] in fits:
                found.append(mv[SRC_RESERVE][0])
        if turned:
            c = turned[-1]
            own.append((SRC_TURNED, c))
            if FKEY[c] in fits:
                found.append(mv[SRC_TURNED][0])
        wants: dict[int, list[int]] = {}
        gap = -1
        for h in range(8):
            house = houses[h]
            if house:
                top = house[-1]
                if FKEY[top] in fits:
                    found.append(mv[SRC_STAIR + h][0])
                k = ALT_WANT[top]
                lst = wants.get(k)
                if lst is None:
                    wants[k] = [h]
                else:
                    lst.append(h)
            elif gap < 0:
                gap = h
        if strict and found and not overlook:
            return tuple(found)  # Z104-10: the foundations first
        oi, osi = self._opp[p]
        opp_r, opp_s = piles[oi], piles[osi]
        rk = FKEY[opp_r[-1]] if opp_r else _NO_KEY
        sk = FKEY[opp_s[-1]] if opp_s else _NO_KEY
        if strict and self.pack_when_stalled and self._lays(own, wants, gap):
            rk = sk = _NO_KEY  # Z104-V2: no packing while the own cards can be laid
        moves: list[Move] = found  # empty here in strict play (Z104-10)
        append = moves.append
        r_place = t_place = False
        for s, c in own:
            row = mv[s]
            n = len(moves)
            ws = wants.get(ALT_KEY[c])  # Z104-6
            if ws is not None:
                for h in ws:
                    append(row[h + 1])
            if gap >= 0:
                append(row[gap + 1])
            key = FKEY[c]  # Z104-8
            d = key - rk
            if d == 4 or d == -4:
                append(row[TGT_PACK])
            d = key - sk
            if d == 4 or d == -4:
                append(row[TGT_PACK + 1])
            if len(moves) > n:
                if s == SRC_RESERVE:
                    r_place = True
                else:
                    t_place = True
        moved = state.info[I_MOVED]
        runs = self.stair_runs
        for h in range(8):
            house = houses[h]
            if not house:
                continue
            c = house[-1]
            row = mv[SRC_STAIR + h]
            if not (moved >> h) & 1:  # Z104-7
                if runs:  # Z104-V1
                    base = RANK[house[0]]
                    size = len(house)
                    for t in range(8):
                        if t != h and houses[t]:
                            w = ALT_WANT[houses[t][-1]]
                            i = base - (w >> 1)
                            if 0 <= i < size and ALT_KEY[house[i]] == w:
                                append(row[t + 1])
                else:
                    ws = wants.get(ALT_KEY[c])
                    if ws is not None:
                        for t in ws:
                            append(row[t + 1])
            key = FKEY[c]
            d = key - rk
            if d == 4 or d == -4:
                append(row[TGT_PACK])
            d = key - sk
            if d == 4 or d == -4:
                append(row[TGT_PACK + 1])
        if not strict:
            r_place = t_place = False
        if turned:
            if not (t_place or r_place):
                append(self._end)  # Z104-12, Z104-13
        elif not r_place:  # Z104-11
            if piles[ki] or piles[si]:
                append(self._turn)  # Z104-12, Z104-14
            else:
                append(self._pass)  # Z104-14
        return tuple(moves)

    @staticmethod
    def _lays(own: list[tuple[int, int]], wants: dict[int, list[int]], gap: int) -> bool:
        """Whether the reserve top or the turned card can be laid on a stair or gap."""
        return bool(own) and (gap >= 0 or any(ALT_KEY[c] in wants for _, c in own))

    # ---------------------------------------------------------------- apply
    def strict_apply(self, state: State, move: Move) -> State:
        """A move of strict play (Z104-4 to Z104-18); table mode builds on it."""
        p = state.to_move
        assert p is not None
        piles = list(state.piles)
        down = list(state.down)
        stale, low0, low1, moved, flags = state.info
        outcome: Result | None = None
        to_move: int | None = p
        turn = state.turn
        kind = move.kind
        seat = self._seat[p]
        ri, ki, ti, si = seat
        if kind == CARD:
            s, t = move.source, move.target
            if s >= SRC_STAIR and TGT_FOUNDATION < t < TGT_PACK:  # Z104-7
                a, b = 8 + s - SRC_STAIR, 7 + t
                run, onto = piles[a], piles[b]
                i = RANK[run[0]] - (ALT_WANT[onto[-1]] >> 1) if self.stair_runs else len(run) - 1
                piles[a] = run[:i]
                piles[b] = onto + run[i:]
                moved |= 1 << (t - 1)
            else:
                moved = 0
                if s == SRC_RESERVE:
                    pile = piles[ri]
                    n = len(pile) - 1
                    piles[ri] = pile[:n]
                    if down[ri] >= n:
                        down[ri] = n - 1 if n > 0 else 0
                elif s == SRC_TURNED:
                    pile = piles[ti]
                    n = 0
                    piles[ti] = ()
                else:
                    a = 8 + s - SRC_STAIR
                    pile = piles[a]
                    n = len(pile) - 1
                    piles[a] = pile[:n]
                card = pile[n]
                if t == TGT_FOUNDATION:
                    key = FKEY[card]
                    dst = -1
                    for f in range(8):
                        fp = piles[f]
                        if fp:
                            if FOUNDATION_WANT[fp[-1]] == key:
                                dst = f
                                break
                        elif dst < 0 and RANK[card] == ACE:
                            dst = f
                    flags |= F_FOUNDATION
                elif t < TGT_PACK:
                    dst = 7 + t
                else:
                    dst = self._opp[p][t - TGT_PACK]
                piles[dst] = (*piles[dst], card)
                if s < SRC_STAIR and not (piles[ri] or piles[ki] or piles[ti] or piles[si]):
                    to_move = None  # Z104-17
                    outcome = _ended(piles, self._seat, p)
        elif kind == TURN:  # Z104-12, Z104-14
            moved = 0
            talon = piles[ki]
            if not talon:
                talon = piles[si][::-1]
                piles[si] = ()
            piles[ti] = (talon[-1],)
            piles[ki] = talon[:-1]
            down[ki] = len(talon) - 1
        else:  # END (Z104-13) or PASS (Z104-14): the turn ends
            if kind == END:
                piles[si] = piles[si] + piles[ti]
                piles[ti] = ()
            count = len(piles[ri]) + len(piles[ki]) + len(piles[si])
            progress = flags & F_FOUNDATION
            if p == 0:
                if count < low0:
                    low0, progress = count, 1
            elif count < low1:
                low1, progress = count, 1
            stale = 0 if progress else stale + 1  # Z104-18
            moved = flags = 0
            to_move = 1 - p
            turn += 1
            if stale >= self.no_progress_turns:
                to_move = None
                outcome = _ended(piles, self._seat, -1)
        return State(
            rules=self,
            players=2,
            piles=tuple(piles),
            down=tuple(down),
            to_move=to_move,
            info=(stale, low0, low1, moved, flags),
            rng=state.rng,
            ply=state.ply + 1,
            turn=turn,
            outcome=outcome,
        )

    # ---------------------------------------------------------- explanations
    def _explain(self, state: State, move: Move) -> Violation:
        if self.table_mode:
            v = faults.explain(self, state, move)
            if v is not None:
                return v
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
        elif move.kind == CARD:
            v = self._explain_card(state, move)
            if v is not None:
                return v
        return self._explain_mandatory(state, move)

    def _explain_card(self, state: State, move: Move) -> Violation | None:
        """Why the cards do not allow ``move`` (Z104-4 to Z104-8), or ``None``."""
        p = state.to_move
        assert p is not None
        piles = state.piles
        s, t = move.source, move.target
        if s == SRC_TURNED and not piles[self._seat[p][2]]:
            return Violation("Z104-4", "you have no turned talon card: turn one first (turn)")
        if s >= SRC_STAIR and TGT_FOUNDATION < t < TGT_PACK:
            h = s - SRC_STAIR
            house, target = piles[8 + h], piles[7 + t]
            if not house:
                return Violation("Z104-4", f"stair {h + 1} is empty")
            if not target:
                return Violation(
                    "Z104-6",
                    f"stair {t} is a gap: a gap is filled only from your reserve or your "
                    "talon, never from another stair",
                )
            if (state.info[I_MOVED] >> h) & 1:
                return Violation(
                    "Z104-7",
                    f"{card_unicode(house[-1])} on stair {h + 1} was just moved there from "
                    "another stair: it may move between stairs again only after another move",
                )
            if self.stair_runs:
                w = ALT_WANT[target[-1]]
                i = RANK[house[0]] - (w >> 1)
                if 0 <= i < len(house) and ALT_KEY[house[i]] == w:
                    return None
                return Violation(
                    "Z104-6",
                    f"no card of stair {h + 1} fits stair {t}: it shows "
                    f"{card_unicode(target[-1])}, which takes {self.house_needs(target[-1])}",
                )
        v = self.explain_card_move(state, move)
        if v is None:
            return None
        return Violation(v.rule, v.message.replace("house", "stair"))

    def _explain_mandatory(self, state: State, move: Move) -> Violation:
        """Why a move the cards allow is not allowed now (Z104-10 to Z104-13)."""
        p = state.to_move
        assert p is not None
        strict = self.generate(state, strict=True)
        found = [m.text for m in strict if m.kind == CARD and m.target == TGT_FOUNDATION]
        if found:
            return Violation(
                "Z104-10",
                "a free card fits a foundation and must go there first (" + ", ".join(found) + ")",
            )
        loose = self.generate(state, strict=False)
        piles = state.piles
        ri, _, ti, _ = self._seat[p]
        if self.pack_when_stalled and move.kind == CARD and move.target >= TGT_PACK:
            laid = [
                m.text
                for m in strict
                if m.kind == CARD and m.source < SRC_STAIR and TGT_FOUNDATION < m.target < TGT_PACK
            ]
            return Violation(
                "Z104-V2",
                "you may pack onto the opponent only when neither your reserve top nor your "
                "turned talon card can be laid on a stair (" + ", ".join(laid) + ")",
            )
        if move.kind == END:
            laid = [m.text for m in loose if m.kind == CARD and m.source == SRC_TURNED]
            if laid:
                return Violation(
                    "Z104-12",
                    f"your turned talon card {card_unicode(piles[ti][-1])} can still be laid ("
                    + ", ".join(laid)
                    + "): only a card that fits nowhere goes on the second talon",
                )
        if move.kind in (TURN, PASS, END):
            laid = [m.text for m in loose if m.kind == CARD and m.source == SRC_RESERVE]
            if laid:
                return Violation(
                    "Z104-11",
                    f"your reserve top {card_unicode(piles[ri][-1])} can still be laid ("
                    + ", ".join(laid)
                    + "): the reserve comes before the talon",
                )
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
        if stale > self.no_progress_turns or max(low0, low1) > 104 or flags > F_FOUNDATION:
            raise InvalidState("info: stale, low0, low1 or flags out of range")
        if moved > 255 or any((moved >> h) & 1 and not piles[8 + h] for h in range(8)):
            raise InvalidState("info: 'moved' may only mark stairs that hold cards")
        for h in range(8):
            if down[8 + h]:
                raise InvalidState(f"h{h + 1}: stair cards lie face up")
        for q in range(state.players):
            turned = piles[self._seat[q][2]]
            if len(turned) > 1 or (turned and q != state.to_move):
                raise InvalidState(
                    f"p{q}.turned: only the player to move may have one turned talon card"
                )

    # ---------------------------------------------------- table mode (Z104-16)
    def strict_moves(self, state: State) -> tuple[Move, ...]:
        """The moves strict mode allows."""
        return self.generate(state, strict=True)

    def table_moves(self, state: State) -> tuple[Move, ...]:
        """The moves table mode allows: foundation moves may be overlooked (Z104-16)."""
        return self.generate(state, strict=True, overlook=True)

    def fault_violation(self, state: State, move: Move) -> Violation:
        """Z104-10: the foundation move that ``move`` overlooks."""
        return self._explain_mandatory(state, move)

    def resolve_call(self, window: State, before: State, caller: int) -> State:
        """Z104-16: "Halt!" -- nothing laid is taken back ("was liegt, das
        liegt"); the player's turn ends at once (a turned talon card goes onto
        the second talon) and the caller takes over the play."""
        tail = faults.window_tail(self, window)
        p = tail[faults.BY]
        s = self.strict_apply(faults.strict_view(self, before), self.moves[tail[faults.ACTION] - 1])
        if s.outcome is None and s.to_move == p:
            s = self.strict_apply(s, self._end if s.piles[self._seat[p][2]] else self._pass)
        return faults.settle(self, s, tail[faults.SKIP], window.ply + 1)
