"""Zank-Patience, the detailed rules (seed ``001_2b16423a8f5a47f2.txt``).

The rules page ``docs/rules/zank-detailed.md`` numbers every rule (``ZD-1``
…, the options ``ZD-V1`` …) and says how we read the seed; the numbers appear
in :class:`~zank.core.Violation` objects and in the comments below.

Moves are named from the point of view of the player to move:

=============  ==============================================================
``r-f``        the reserve top onto a foundation (the first one it fits)
``h3-h5``      the outer card of house 3 onto house 5 (a gap: the first gap)
``t-or``       the turned hand card packed onto the opponent's reserve
``h2-od``      the outer card of house 2 packed onto the opponent's discard
``d-h1``       the top of the own discard onto house 1 (option own_discard_free)
``turn``       turn the top card of the hand pile (flipping the discard over
               first when the hand pile is empty)
``t-d``        the turned hand card onto the own discard: the turn ends
``pass``       end the turn with no hand card left to turn
=============  ==============================================================

Sources are ``r`` (reserve), ``t`` (turned hand card), ``d`` (own discard) and
``h1``…``h8``; targets are ``f`` (foundation), ``h1``…``h8``, ``or`` and
``od`` (the opponent's reserve and discard).  Houses 1–4 are player 0's,
house 1 next to the reserve; houses 5–8 are player 1's, house 5 next to the
reserve (it only matters for who begins).

``State.info`` holds five public counters (see ZD-17 to ZD-19):
``(dry0, dry1, stale, shuffles, flags)``.  ``State.phase`` is 0 in strict
mode.  With ``table_mode=True`` (ZD-22) a player may break the mandatory rules
and the opponent may call "Stopp!" (``stop``); the phases and the info tail of
table mode are those of :mod:`zank.family.faults`.
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from typing import ClassVar, Final

from attrs import field, frozen

from zank.cards import RANK, card_unicode, full_deck
from zank.core import (
    BOOL_OPTION,
    Move,
    Result,
    State,
    Termination,
    Violation,
    option_validator,
)
from zank.errors import InvalidState, OptionError
from zank.family import faults
from zank.family.fits import FKEY
from zank.family.table import CARD, DISCARD, HAND, RESERVE, TURNED, FamilyTable
from zank.random import Rng
from zank.registry import register

__all__ = ["END", "PASS", "TURN", "ZankDetailed", "counts", "score"]

TURN: Final = 1
"""The move kind of turning the top hand card (``turn``)."""
END: Final = 2
"""The move kind of the turned hand card onto the own discard, which ends the turn
(``t-d``)."""
PASS: Final = 3
"""The move kind of ending the turn with nothing left to turn (``pass``)."""

# source codes (own piles, then houses 3..10) and target codes
SRC_RESERVE: Final = 0
SRC_TURNED: Final = 1
SRC_DISCARD: Final = 2
SRC_HOUSE: Final = 3
TGT_FOUNDATION: Final = 0
TGT_PACK: Final = 9  # 9 the opponent's reserve, 10 the opponent's discard

# State.info
I_STALE: Final = 2
I_SHUFFLES: Final = 3
I_FLAGS: Final = 4
F_RELEASE: Final = 1  # this turn a card left or reached a reserve, hand or discard
F_FOUNDATION: Final = 2  # this turn a card reached a foundation
START_INFO: Final = (0, 0, 0, 0, 0)
PLAY: Final = 0
"""The only phase of strict mode (table mode will add phases for pending faults)."""

HOUSES_EACH: Final = 4
MAX_CUTS: Final = 64
CUT: Final = "cut"
LOWER: Final = "lower"
ALTERNATE: Final = "alternate"


def counts(state: State) -> tuple[int, ...]:
    """Each seat's count for scoring (ZD-20): 1 per card in hand pile, turned
    card and discard, 2 per card in the reserve."""
    rules = state.rules
    assert isinstance(rules, ZankDetailed)
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


def score(state: State, winner: int | None) -> Result:
    """The result of a finished game (ZD-20).

    ``winner`` is the seat that went out, or ``None`` for a blocked game; a
    winner scores 30 plus the opponent's count, a blocked game gives the
    difference of the counts to the seat with the lower count.
    """
    c = counts(state)
    points = [0] * state.players
    if winner is not None:
        points[winner] = 30 + sum(c[q] for q in range(state.players) if q != winner)
        return Result(winner, tuple(points), Termination.WENT_OUT)
    low = min(c)
    if c.count(low) > 1:
        return Result(None, tuple(points), Termination.BLOCKED)
    w = c.index(low)
    points[w] = max(c) - low
    return Result(w, tuple(points), Termination.BLOCKED)


@register
@frozen(cache_hash=True, kw_only=True)
class ZankDetailed(faults.FaultCalls, FamilyTable):
    """Zank-Patience by the detailed rules, for two players.

    Options (keyword-only; the rules page explains each):

    * ``own_discard_free`` (ZD-V1): the top of the own discard is a free card.
    * ``reserve_size`` (ZD-V2): 13 (default), 12 or 11 reserve cards.
    * ``who_begins`` (ZD-V3): ``"lower"`` (the lower reserve top, default),
      ``"cut"`` (the lower cut card), or ``"alternate"`` (``first_player``
      begins; a match alternates it).
    * ``first_player``: the seat that begins when ``who_begins="alternate"``.
    * ``stricter`` (ZD-V4): cards in the layout that fit a foundation must be
      freed, and the opponent must be packed whenever possible.
    * ``hidden_houses`` (ZD-V5): a face-down card under each house card.
    * ``no_progress_turns`` (ZD-18): the game ends when this many turns in a
      row pass without a card reaching a foundation (200).
    * ``table_mode`` (ZD-22): a player may break the mandatory rules, and the
      opponent may call "Stopp!" (see :mod:`zank.family.faults`).
    * ``call_window`` (ZD-22, with ``table_mode``): ``"faults"`` (default) asks
      the opponent only after a fault, ``"every-move"`` after every move.

    >>> import zank
    >>> rules = zank.variant("zank-detailed", reserve_size=12)
    >>> state = rules.new_game(seed=1)
    >>> len(state.pile("p0.reserve")), len(state.pile("p0.hand"))
    (12, 36)
    """

    name = "zank-detailed"
    greedy_policy: ClassVar[str | None] = "zank.family.greedy_detailed:detailed_policy"
    presets = (
        {},
        {"own_discard_free": True, "reserve_size": 11, "who_begins": "cut"},
        {"stricter": True, "hidden_houses": True, "reserve_size": 12},
        {
            "who_begins": "alternate",
            "first_player": 1,
            "own_discard_free": True,
            "hidden_houses": True,
            "no_progress_turns": 40,
        },
    )
    table_presets: ClassVar[tuple[dict[str, object], ...]] = (
        {"table_mode": True},
        {
            "table_mode": True,
            "call_window": faults.EVERY_MOVE,
            "stricter": True,
            "own_discard_free": True,
            "hidden_houses": True,
        },
    )
    """Table-mode option sets (ZD-22), checked by ``tests/family/test_table_mode.py``
    with the contract suite's checks (to join :attr:`presets` once the adapters'
    observation encoder sizes ``info`` from the rules, see ``docs/table-mode.md``)."""
    sources = (("r", RESERVE), ("t", TURNED), ("d", DISCARD))
    rule_free = "ZD-4"
    rule_foundation = "ZD-5"
    rule_house = "ZD-6"
    rule_pack = "ZD-7"
    shuffle_limit: ClassVar[int] = 50
    """At most this many house-to-house moves in a row (ZD-19)."""
    # table mode (zank.family.faults)
    fault_rules: ClassVar[tuple[str, ...]] = ("ZD-9", "ZD-10", "ZD-11", "ZD-V4")
    call_rule: ClassVar[str] = "ZD-22"
    call_text: ClassVar[str] = "stop"
    self_call: ClassVar[bool] = False
    wrong_call_misses_turn: ClassVar[bool] = False
    defer_end: ClassVar[bool] = True
    base_info: ClassVar[int] = len(START_INFO)

    own_discard_free: bool = field(default=False, validator=BOOL_OPTION)
    reserve_size: int = field(default=13, validator=option_validator(choices=(13, 12, 11)))
    who_begins: str = field(
        default=LOWER, validator=option_validator(choices=(LOWER, CUT, ALTERNATE))
    )
    first_player: int = field(default=0, validator=option_validator(choices=(0, 1)))
    stricter: bool = field(default=False, validator=BOOL_OPTION)
    hidden_houses: bool = field(default=False, validator=BOOL_OPTION)
    no_progress_turns: int = field(default=200, validator=option_validator(low=2, high=100_000))
    table_mode: bool = field(default=False, validator=BOOL_OPTION)
    call_window: str = field(
        default=faults.FAULTS, validator=option_validator(choices=faults.CALL_WINDOWS)
    )

    _turn: Move = field(init=False, default=None, eq=False, hash=False, repr=False)
    _end: Move = field(init=False, default=None, eq=False, hash=False, repr=False)
    _pass: Move = field(init=False, default=None, eq=False, hash=False, repr=False)
    _hand_index: tuple[int, ...] = field(init=False, default=(), eq=False, hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if self.first_player and self.who_begins != ALTERNATE:
            raise OptionError(
                "option 'first_player' of 'zank-detailed' applies only with "
                f"who_begins='alternate' (who_begins is {self.who_begins!r})"
            )
        faults.check_options(self)
        super().__attrs_post_init__()
        special = {m.kind: m for m in self.moves if m.kind != CARD}
        object.__setattr__(self, "_turn", special[TURN])
        object.__setattr__(self, "_end", special[END])
        object.__setattr__(self, "_pass", special[PASS])
        object.__setattr__(self, "_hand_index", (self.seat_pile(0, HAND), self.seat_pile(1, HAND)))
        for m in self.moves:  # "end" is accepted for "t-d"
            if m.kind == END:
                self._by_text["end"] = m
            elif m.kind == faults.CALL_KIND:  # the seed's word
                self._by_text["stopp"] = m

    def _special_moves(self) -> Iterable[tuple[int, str]]:
        return (
            (TURN, "turn"),
            (END, "t-d"),
            (PASS, "pass"),
            *faults.special_moves(self, demand=True),
        )

    def _cards(self, players: int) -> tuple[int, ...]:
        return tuple(c for p in range(players) for c in full_deck(p))  # ZD-1

    # ------------------------------------------------------------- the deal
    def _deal(self, rng: Rng, players: int) -> State:
        piles: list[tuple[int, ...]] = [()] * len(self.layout(players))
        down = [0] * len(piles)
        hb = self.house_base
        for p in range(players):  # ZD-2
            pack = rng.shuffle(list(full_deck(p)))
            k = self.reserve_size
            ri = self.seat_pile(p, RESERVE)
            piles[ri] = tuple(pack[:k])
            down[ri] = k - 1
            rows = 2 if self.hidden_houses else 1  # ZD-V5: a face-down card under each
            for _row in range(rows):
                for j in range(HOUSES_EACH):  # from the farthest house to the nearest
                    h = hb + p * HOUSES_EACH + HOUSES_EACH - 1 - j
                    piles[h] = (*piles[h], pack[k])
                    k += 1
            if rows == 2:
                for j in range(HOUSES_EACH):
                    down[hb + p * HOUSES_EACH + j] = 1
            hi = self.seat_pile(p, HAND)
            piles[hi] = tuple(pack[k:])
            down[hi] = len(piles[hi])
        starter = self.starting_player(piles, rng)
        return State(
            rules=self,
            players=players,
            piles=tuple(piles),
            down=tuple(down),
            to_move=starter,
            info=(*START_INFO, 0, 0) if self.table_mode else START_INFO,  # ZD-22: the tail
            rng=rng.state,
        )

    def starting_player(self, piles: list[tuple[int, ...]], rng: Rng) -> int:
        """The seat that begins a game dealt as ``piles`` (ZD-3, ZD-V3).

        By default the lower reserve top (king high, ace low) begins; equal
        ranks compare the houses next to the reserves, then the next ones; if
        all are equal, the players cut (:meth:`cut`, drawing from ``rng``).
        """
        if self.who_begins == ALTERNATE:
            return self.first_player
        if self.who_begins == LOWER:
            keys = []
            for p in range(2):
                houses = [piles[self.house_base + p * HOUSES_EACH + j] for j in range(HOUSES_EACH)]
                top = piles[self.seat_pile(p, RESERVE)][-1]
                keys.append((RANK[top], *(RANK[h[-1]] for h in houses)))
            if keys[0] != keys[1]:
                return 0 if keys[0] < keys[1] else 1
        return self.cut(rng)

    @staticmethod
    def cut(rng: Rng) -> int:
        """Both players cut their own pack; the lower card begins, equal ranks cut again
        (after 64 ties in a row, seat 0 begins)."""
        for _ in range(MAX_CUTS):
            a = RANK[full_deck(0)[rng.below(52)]]
            b = RANK[full_deck(1)[rng.below(52)]]
            if a != b:
                return 0 if a < b else 1
        return 0  # pragma: no cover - 64 ties in a row

    # ---------------------------------------------------------- legal moves
    def generate(self, state: State, strict: bool = True) -> tuple[Move, ...]:
        """The moves of the player to move.

        With ``strict=False`` the mandatory moves (ZD-9 to ZD-11, ZD-V4) are
        not enforced: the result is every move that the cards allow, what a
        player could physically do (table mode will offer these as faults).
        """
        p = state.to_move
        assert p is not None
        piles = state.piles
        src = self._src_index[p]
        reserve = piles[src[SRC_RESERVE]]
        own: list[tuple[int, int]] = []  # ZD-4: the free cards of the own piles
        if reserve:
            own.append((SRC_RESERVE, reserve[-1]))
        turned = piles[src[SRC_TURNED]]
        if turned:
            own.append((SRC_TURNED, turned[-1]))
        discard = piles[src[SRC_DISCARD]]
        if discard and self.own_discard_free:  # ZD-V1
            own.append((SRC_DISCARD, discard[-1]))
        scan = self.scan(piles, p)
        # ZD-5 .. ZD-7; ZD-19: at most 50 house-to-house moves in a row
        blocked = -1 if state.info[I_SHUFFLES] >= self.shuffle_limit else 0
        found, moves, _ = self.layout_moves(piles, own, scan, blocked)
        if found:
            if strict:
                if reserve and found[0].source == SRC_RESERVE:
                    return (found[0],)  # ZD-9
                return tuple(found)  # ZD-10
            moves[:0] = found
        if not (strict and scan[2] >= 0 and reserve):  # ZD-11: the first gap
            if turned:
                moves.append(self._end)  # ZD-13
            elif piles[self._hand_index[p]] or discard:
                moves.append(self._turn)  # ZD-12, ZD-14
            else:
                moves.append(self._pass)  # ZD-14
        out = tuple(moves)
        if strict and self.stricter:  # ZD-V4
            forced = self._stricter_moves(state, scan[0], out)  # the foundation fits
            if forced:
                return forced
        return out

    def _stricter_moves(
        self, state: State, fits: Container[int], moves: tuple[Move, ...]
    ) -> tuple[Move, ...]:
        """ZD-V4: the moves that free a covered layout card fitting a
        foundation, and the packs onto the opponent."""
        dig = self._dig_sources(state, fits)
        return tuple(
            m for m in moves if m.kind == CARD and (m.target >= TGT_PACK or m.source in dig)
        )

    def _dig_sources(self, state: State, fits: Container[int]) -> frozenset[int]:
        """Source codes of the houses that cover a face-up card fitting a foundation."""
        hb = self.house_base
        dig = []
        for h in range(self.house_count):
            house = state.piles[hb + h]
            # face-down cards (ZD-V5) are not looked at: nobody knows them
            if any(FKEY[c] in fits for c in house[state.down[hb + h] : -1]):
                dig.append(SRC_HOUSE + h)
        return frozenset(dig)

    # ---------------------------------------------------------------- apply
    def _apply(self, state: State, move: Move) -> State:
        if self.table_mode and state.phase == faults.DEMAND:
            return self._answer_demand(state, move)
        return super()._apply(state, move)

    def strict_apply(self, state: State, move: Move) -> State:
        """A move of strict play (ZD-4 to ZD-19); table mode builds on it."""
        p = state.to_move
        assert p is not None
        piles = list(state.piles)
        down = list(state.down)
        dry0, dry1, stale, shuffles, flags = state.info
        outcome: Result | None = None
        to_move: int | None = p
        turn = state.turn
        kind = move.kind
        src = self._src_index[p]
        if kind == CARD:
            s, t = move.source, move.target
            self.move_card(piles, down, p, s, t)  # ZD-5 .. ZD-7, ZD-15, ZD-V5
            if t == TGT_FOUNDATION:
                flags |= F_FOUNDATION
            if s >= SRC_HOUSE and 0 < t < TGT_PACK:
                shuffles += 1
            else:
                shuffles = 0
            if s < SRC_HOUSE or t >= TGT_PACK:
                flags |= F_RELEASE
                if s < SRC_HOUSE and not (
                    piles[src[SRC_RESERVE]]
                    or piles[src[SRC_TURNED]]
                    or piles[src[SRC_DISCARD]]
                    or piles[self._hand_index[p]]
                ):  # ZD-16
                    to_move = None
                    outcome = score(self._interim(state, piles, down), p)
        elif kind == TURN:  # ZD-12, ZD-14
            self.turn_hand_card(piles, down, p)
            shuffles = 0
        else:  # END (ZD-13) or PASS (ZD-14): the turn ends
            if kind == END:
                self.discard_turned(piles, p)
            if flags & F_RELEASE:
                dry0 = dry1 = 0
            elif p == 0:
                dry0 += 1
            else:
                dry1 += 1
            stale = 0 if flags & F_FOUNDATION else stale + 1
            shuffles = flags = 0
            turn += 1
            outcome = self._stuck(state, piles, down, (dry0, dry1), stale)
            to_move = None if outcome else 1 - p
        return State(
            rules=self,
            players=state.players,
            piles=tuple(piles),
            down=tuple(down),
            to_move=to_move,
            info=(dry0, dry1, stale, shuffles, flags),
            rng=state.rng,
            ply=state.ply + 1,
            turn=turn,
            outcome=outcome,
        )

    def _stuck(
        self,
        state: State,
        piles: list[tuple[int, ...]],
        down: list[int],
        dry: tuple[int, int],
        stale: int,
    ) -> Result | None:
        """At the end of a turn: the result of a game that ends without anyone
        going out (ZD-17: nothing is released any more, ZD-18: no progress),
        or ``None``."""
        if self._dry(piles, dry):  # ZD-17
            return score(self._interim(state, piles, down), None)
        if stale >= self.no_progress_turns:  # ZD-18
            r = score(self._interim(state, piles, down), None)
            return Result(r.winner, r.points, Termination.NO_PROGRESS)
        return None

    def _interim(self, state: State, piles: list[tuple[int, ...]], down: list[int]) -> State:
        # only for counting cards at the end of a game
        return State(
            rules=self, players=state.players, piles=tuple(piles), down=tuple(down), to_move=0
        )

    def _dry(self, piles: list[tuple[int, ...]], dry: tuple[int, int]) -> bool:
        """ZD-17: every player has had a full pass through the stock without a release."""
        for q in range(2):
            stock = len(piles[self.seat_pile(q, HAND)]) + len(piles[self.seat_pile(q, DISCARD)])
            if dry[q] < max(1, stock):
                return False
        return True

    # ---------------------------------------------------------- explanations
    def _explain(self, state: State, move: Move) -> Violation:
        if self.table_mode:
            v = faults.explain(self, state, move)
            if v is not None:
                return v
        p = state.to_move
        assert p is not None
        piles = state.piles
        src = self._src_index[p]
        turned = piles[src[SRC_TURNED]]
        hand, discard = piles[self._hand_index[p]], piles[src[SRC_DISCARD]]
        if move.kind == TURN:
            if turned:
                return Violation(
                    "ZD-12",
                    f"your turned hand card {card_unicode(turned[0])} must be played or "
                    "discarded (t-d) before you turn the next one",
                )
            if not hand and not discard:
                return Violation(
                    "ZD-14", "your hand pile and discard are empty: there is nothing to turn"
                )
        elif move.kind == END and not turned:
            return Violation(
                "ZD-13", "you have no turned hand card to discard: turn one first (turn)"
            )
        elif move.kind == PASS and (turned or hand or discard):
            return Violation(
                "ZD-14",
                "you may pass only with no hand card left to turn; "
                + ("discard the turned card (t-d) to end the turn" if turned else "turn one"),
            )
        elif move.kind == CARD:
            v = self._explain_card(state, move)
            if v is not None:
                return v
        return self._explain_mandatory(state, move)

    def _explain_card(self, state: State, move: Move) -> Violation | None:
        """Why the cards do not allow ``move`` (ZD-4 to ZD-7, ZD-19), or ``None``."""
        s = move.source
        if s == SRC_DISCARD and not self.own_discard_free:
            return Violation(
                "ZD-4",
                "the top card of your own discard is not free (it is with the option "
                "own_discard_free)",
            )
        v = self.explain_card_move(state, move)
        if v is not None:
            return v
        if (
            s >= SRC_HOUSE
            and 0 < move.target < TGT_PACK
            and state.info[I_SHUFFLES] >= self.shuffle_limit
        ):
            return Violation(
                "ZD-19",
                f"at most {self.shuffle_limit} house-to-house moves in a row: "
                "play another card first",
            )
        return None

    def _explain_mandatory(self, state: State, move: Move) -> Violation:
        """Why a move the cards allow is not allowed now (ZD-9 to ZD-11, ZD-V4)."""
        p = state.to_move
        assert p is not None
        piles = state.piles
        src = self._src_index[p]
        reserve = piles[src[SRC_RESERVE]]
        fits, _, gap, _, _ = self.scan(piles, p)
        if reserve and FKEY[reserve[-1]] in fits:
            return Violation(
                "ZD-9",
                f"mandatory move: your reserve top {card_unicode(reserve[-1])} fits a "
                "foundation and must go there before anything else (r-f)",
            )
        strict = self.generate(state, strict=True)
        found = [m for m in strict if m.kind == CARD and m.target == TGT_FOUNDATION]
        if found:
            return Violation(
                "ZD-10",
                "mandatory move: a free card fits a foundation and must go there first ("
                + ", ".join(m.text for m in found)
                + ")",
            )
        if move.kind != CARD and gap >= 0 and reserve:
            return Violation(
                "ZD-11",
                f"mandatory move: {self.house_word} {gap + 1} is a gap; while your reserve has "
                f"cards, fill it from the reserve (r-h{gap + 1}) before you turn or discard a "
                "hand card",
            )
        if self.stricter and self._stricter_moves(state, fits, self.generate(state, False)):
            return Violation(
                "ZD-V4",
                "stricter rules: free the layout card that fits a foundation, or pack the "
                "opponent, first (" + ", ".join(m.text for m in strict) + ")",
            )
        return Violation("ZD-4", f"{move.text} is not possible now")

    # ------------------------------------------------------------ validation
    def reserve_dealt(self) -> int:
        """The cards dealt to each reserve: the option ``reserve_size`` (ZD-V2)."""
        return self.reserve_size

    def validate_settled(self, state: State) -> None:
        """The invariants of a state of strict play (table mode checks its
        window states through the state before the move under call)."""
        self.validate_table(state)
        piles, down = state.piles, state.down
        if len(state.info) != len(START_INFO) or min(state.info) < 0:
            raise InvalidState(
                "info must be five counters >= 0: (dry0, dry1, stale, shuffles, flags)"
            )
        if state.info[I_SHUFFLES] > self.shuffle_limit or state.info[I_FLAGS] > 3:
            raise InvalidState("info: shuffles or flags out of range")
        dry0, dry1, stale = state.info[:3]
        done = state.turn - 1  # turns ended; each adds at most one to dry0 + dry1 and stale
        if dry0 + dry1 > done or stale > min(done, self.no_progress_turns):
            raise InvalidState(
                f"info: dry counts {dry0} and {dry1} and the turns without progress {stale} "
                f"do not fit {done} turns ended (and no_progress_turns={self.no_progress_turns})"
            )
        for h in range(self.house_count):
            i = self.house_base + h
            if down[i] > (1 if self.hidden_houses else 0):
                raise InvalidState(
                    f"h{h + 1}: {down[i]} face-down cards"
                    + ("" if self.hidden_houses else " without the option hidden_houses")
                )
        for q in range(state.players):
            turned = piles[self.seat_pile(q, TURNED)]
            if len(turned) > 1 or (turned and q != state.to_move):
                raise InvalidState(
                    f"p{q}.turned: only the player to move may have one turned hand card"
                )
        self._validate_outcome(state)

    def _validate_outcome(self, state: State) -> None:
        """The outcome is the one the rules give the position (ZD-16 to ZD-20),
        recomputed: a seat without cards of its own has won; a game ended at a
        turn's end by ZD-17 or ZD-18 scores the counts of the final position."""
        piles = state.piles
        gone = [
            q
            for q in range(state.players)
            if not any(piles[self.seat_pile(q, k)] for k in (RESERVE, HAND, TURNED, DISCARD))
        ]
        dry0, dry1, stale = state.info[:3]
        expected = None
        if gone:
            expected = score(state, gone[0]) if len(gone) == 1 else None
        elif state.outcome is not None and self._dry(list(piles), (dry0, dry1)):
            # ZD-17 is asked only at a turn's end (mid-turn a turned card is out of
            # the stock): only a finished game is checked for it
            expected = score(state, None)
        elif stale >= self.no_progress_turns:
            r = score(state, None)
            expected = Result(r.winner, r.points, Termination.NO_PROGRESS)
        self.check_outcome(
            state, gone, stale >= self.no_progress_turns, expected, ("ZD-16", "ZD-18")
        )

    # ------------------------------------------------------ table mode (ZD-22)
    # The moves strict mode allows: generate(state) with its default strict=True
    # (an alias, not a method that calls it: one call less on the hot path).
    strict_moves = generate

    def table_moves(self, state: State) -> tuple[Move, ...]:
        """Every move the cards allow, the mandatory rules ignored (ZD-22)."""
        return self.generate(state, strict=False)

    def fault_violation(self, state: State, move: Move) -> Violation:
        """The mandatory rule (ZD-9, ZD-10, ZD-11 or ZD-V4) that ``move`` breaks."""
        return self._explain_mandatory(state, move)

    def _makeup_move(self, state: State, rule: str) -> Move | None:
        """The skipped mandatory move made after a "Stopp!" (ZD-22): the first
        one of the broken rule, in the order of the legal moves."""
        strict = self.generate(state, strict=True)
        if rule in ("ZD-9", "ZD-10"):
            found = [m for m in strict if m.kind == CARD and m.target == TGT_FOUNDATION]
            return found[0] if found else None
        if rule == "ZD-11":
            _, gap = self.house_wants(state.piles)
            fill = self.card_moves[SRC_RESERVE][gap + 1] if gap >= 0 else None
            return fill if fill in strict else None
        return strict[0] if strict and strict[0].kind == CARD else None  # ZD-V4

    def resolve_call(self, window: State, before: State, caller: int) -> State:
        """ZD-22: "Stopp!" -- the wrong move is taken back, the skipped
        mandatory move is made, the turn ends at once; a discarded card that
        fits a foundation may then be demanded there (phase DEMAND)."""
        tail = faults.window_tail(self, window)
        skip = tail[faults.SKIP]
        ply = window.ply + 1
        p = tail[faults.BY]
        s = faults.strict_view(self, before)
        makeup = self._makeup_move(s, self.fault_rules[tail[faults.RULE] - 1])
        if makeup is not None:
            s = self.strict_apply(s, makeup)
            if s.outcome is not None:
                return faults.settle(self, s, skip, ply)
        ti, di = self.seat_pile(p, TURNED), self.seat_pile(p, DISCARD)
        discards = bool(s.piles[ti])
        s = self.strict_apply(s, self._end if discards else self._pass)
        if (
            s.outcome is None
            and discards
            and FKEY[s.piles[di][-1]] in self.foundation_keys(s.piles)
        ):
            return State(
                rules=self,
                players=s.players,
                piles=s.piles,
                down=s.down,
                to_move=s.to_move,
                phase=faults.DEMAND,
                info=(*s.info, skip, 0, 0, p, 0, 0, 0, 0, 0, 0),
                rng=s.rng,
                ply=ply,
                turn=s.turn,
            )
        return faults.settle(self, s, skip, ply)

    def _answer_demand(self, state: State, move: Move) -> State:
        """ZD-22: the caller demands the discarded card onto a foundation, or lets it lie."""
        tail = faults.window_tail(self, state)
        s = faults.strict_view(self, state)
        if move.kind == faults.DEMAND_KIND:
            p = tail[faults.BY]
            piles = list(s.piles)
            down = list(s.down)
            di = self.seat_pile(p, DISCARD)
            card = self.lift(piles, down, di)
            f = self.foundation_slot(piles, card)
            piles[f] = (*piles[f], card)
            dry0, dry1, stale, shuffles, flags = s.info
            outcome = None
            if not any(piles[self.seat_pile(p, kind)] for kind in (RESERVE, HAND, TURNED, DISCARD)):
                outcome = score(self._interim(s, piles, down), p)  # ZD-16
            s = State(
                rules=self,
                players=s.players,
                piles=tuple(piles),
                down=tuple(down),
                to_move=None if outcome else s.to_move,
                info=(dry0, dry1, stale, shuffles, flags | F_RELEASE | F_FOUNDATION),
                rng=s.rng,
                ply=s.ply,
                turn=s.turn,
                outcome=outcome,
            )
        return faults.settle(self, s, tail[faults.SKIP], state.ply + 1)
