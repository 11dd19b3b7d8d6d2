"""Zank-Patience, the detailed rules (seed ``001_2b16423a8f5a47f2.txt``).

The rules page ``docs/rules/zank-detailed.md`` numbers every rule (``ZD-1``
…, the options ``ZD-V1`` …) and says how we read the seed; the numbers appear
in :class:`~zank.core.Violation` objects and in the comments below.

Moves are named from the point of view of the player to move, in the
family's notation (the table in :mod:`zank.family.stock`): ``r-f``,
``h3-h5``, ``t-or``, ``turn``, ``t-d``, ``pass`` …; a move from the own
discard (``d-h1``) exists only with the option own_discard_free.

Sources are ``r`` (reserve), ``t`` (turned hand card), ``d`` (own discard) and
``h1``…``h8``; targets are ``f`` (foundation), ``h1``…``h8``, ``or`` and
``od`` (the opponent's reserve and discard).  Houses 1–4 are player 0's,
house 1 next to the reserve; houses 5–8 are player 1's, house 5 next to the
reserve (it only matters for who begins).

``State.info`` holds five public counters (see ZD-17 to ZD-19), named by
:class:`DetailedInfo` (``rules.info_of(state).shuffles``):
``(dry0, dry1, stale, shuffles, flags)``.  ``State.phase`` is 0 in strict
mode.  The move kinds are :class:`Kind`.  With ``table_mode=True`` (ZD-22) a
player may break the mandatory rules and the opponent may call "Stopp!"
(``stop``); the phases and the info tail of table mode are those of
:mod:`zank.family.faults`.

The turn itself (moves, mandatory moves, end rules, explanations, the deal) is
the family's reserve-and-hand-pile game, :class:`~zank.family.stock.StockGame`,
shared with crapette; this module adds the seed's options, its scoring and
its "Stopp!".
"""

from __future__ import annotations

from collections.abc import Container
from typing import ClassVar

import attrs
from attrs import field, frozen

from zank.core import (
    BOOL_OPTION,
    Move,
    Result,
    State,
    Termination,
    Violation,
    option_validator,
)
from zank.family import faults
from zank.family.fits import FKEY
from zank.family.hand_pile import Kind
from zank.family.stock import (
    ALTERNATE,
    CUT,
    END,
    F_FOUNDATION,
    F_RELEASE,
    LOWER,
    PASS,
    SRC_HOUSE,
    TGT_PACK,
    TURN,
    StockGame,
    StockInfo,
    counts,
)
from zank.family.table import CARD
from zank.registry import register

__all__ = [
    "END",
    "PASS",
    "TURN",
    "DetailedInfo",
    "Kind",
    "ZankDetailed",
    "counts",
    "score",
]

DetailedInfo = StockInfo
"""``State.info`` of zank-detailed by name (:meth:`ZankDetailed.info_of
<zank.family.stock.StockGame.info_of>`): ``dry0``, ``dry1`` (ZD-17),
``stale`` (ZD-18), ``shuffles`` (ZD-19), ``flags``."""


def score(state: State, winner: int | None) -> Result:
    """The result of a finished game (ZD-20).

    ``winner`` is the seat that went out, or ``None`` for a blocked game; a
    winner scores 30 plus the opponent's count (:func:`~zank.family.stock.counts`),
    a blocked game gives the difference of the counts to the seat with the
    lower count.
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
class ZankDetailed(StockGame):
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
    exact_block = True  # ZD-17: a blocked position ends the game at once
    demand = True  # ZD-22: table mode's "demand"
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
    rule_free = "ZD-4"
    rule_foundation = "ZD-5"
    rule_house = "ZD-6"
    rule_pack = "ZD-7"
    rule_reserve_first = "ZD-9"
    rule_foundation_first = "ZD-10"
    rule_gap_first = "ZD-11"
    rule_turn = "ZD-12"
    rule_end = "ZD-13"
    rule_empty_hand = "ZD-14"
    rule_shuffles = "ZD-19"
    rule_out = "ZD-16"
    rule_no_progress = "ZD-18"
    # table mode (zank.family.faults)
    fault_rules: ClassVar[tuple[str, ...]] = ("ZD-9", "ZD-10", "ZD-11", "ZD-V4")
    call_rule: ClassVar[str] = "ZD-22"
    call_text: ClassVar[str] = "stop"
    call_aliases = ("stopp",)  # the seed's word

    own_discard_free: bool = field(default=False, validator=BOOL_OPTION)
    reserve_size: int = field(default=13, validator=option_validator(choices=(13, 12, 11)))
    who_begins: str = field(
        default=LOWER, validator=option_validator(choices=(LOWER, CUT, ALTERNATE))
    )
    first_player: int = field(default=0, validator=option_validator(choices=(0, 1)))
    stricter: bool = field(default=False, validator=BOOL_OPTION)
    hidden_houses: bool = field(default=False, validator=BOOL_OPTION)
    no_progress_turns: int = field(default=200, validator=option_validator(low=2, high=100_000))
    table_mode: bool = faults.table_mode_option()
    call_window: str = faults.call_window_option()

    # ------------------------------------------------ the hooks of StockGame
    @property
    def discard_free(self) -> bool:
        """Whether the top of the own discard is a free card (ZD-V1)."""
        return self.own_discard_free

    @property
    def duty(self) -> bool:
        """Whether the stricter rules oblige after ZD-9 and ZD-10 (ZD-V4)."""
        return self.stricter

    def house_rows(self) -> int:
        """ZD-2, ZD-V5: with hidden houses a face-down card lies under each."""
        return 2 if self.hidden_houses else 1

    def _house_down_note(self) -> str:
        return "" if self.hidden_houses else " without the option hidden_houses"

    def game_result(self, state: State, winner: int | None) -> Result:
        """ZD-20 (:func:`score`)."""
        return score(state, winner)

    def _duty_moves(
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

    def _explain_duty(
        self, state: State, fits: Container[int], strict: tuple[Move, ...]
    ) -> Violation | None:
        if self._duty_moves(state, fits, self.generate(state, False)):
            return Violation(
                "ZD-V4",
                "stricter rules: free the layout card that fits a foundation, or pack the "
                "opponent, first (" + ", ".join(m.text for m in strict) + ")",
            )
        return None

    # ---------------------------------------------------------------- apply
    def _apply(self, state: State, move: Move) -> State:
        if self._table is None:  # strict play: the turn's move at once (no call in between)
            return self.strict_apply(state, move)
        if state.phase == faults.DEMAND:
            return self._answer_demand(state, move)
        return super(ZankDetailed, self)._apply(state, move)

    # ------------------------------------------------------ table mode (ZD-22)
    def resolve_call(self, window: State, before: State, caller: int) -> State:
        """ZD-22: "Stopp!" -- the wrong move is taken back, the skipped
        mandatory move is made, the turn ends at once; a discarded card that
        fits a foundation may then be demanded there (phase DEMAND)."""
        tail = faults.window_tail(self, window)
        ply = window.ply + 1
        p = tail.by
        s = faults.strict_view(self, before)
        makeup = self.makeup_move(s, self.fault_rules[tail.rule - 1])
        if makeup is not None:
            s = self.strict_apply(s, makeup)
            if s.outcome is not None:
                return faults.settle(self, s, tail.skip, ply)
        end = self.end_turn(s, p)
        s = self.strict_apply(s, end)
        di = self._seat[p][3]
        if (
            s.outcome is None
            and end is self._end
            and FKEY[s.piles[di][-1]] in self.foundation_keys(s.piles)
        ):
            # the demand window records who discarded
            info = (*s.info, *faults.Tail(tail.skip, 0, by=p))
            return attrs.evolve(s, phase=faults.DEMAND, info=info, ply=ply)
        return faults.settle(self, s, tail.skip, ply)

    def _answer_demand(self, state: State, move: Move) -> State:
        """ZD-22: the caller demands the discarded card onto a foundation, or lets it lie."""
        tail = faults.window_tail(self, state)
        s = faults.strict_view(self, state)
        if move.kind == faults.DEMAND_KIND:
            p = tail.by
            piles = list(s.piles)
            down = list(s.down)
            card = self.lift(piles, down, self._seat[p][3])
            f = self.foundation_slot(piles, card)
            piles[f] = (*piles[f], card)
            info = self.info_of(s)
            outcome = None
            if not any(piles[i] for i in self._seat[p]):
                outcome = score(self._interim(s, piles, down), p)  # ZD-16
            flags = info.flags | F_RELEASE | F_FOUNDATION
            s = s.successor(
                piles,
                down,
                to_move=None if outcome else s.to_move,
                info=tuple(info._replace(flags=flags)),
                turn=s.turn,
                outcome=outcome,
            )  # its ply: settle's
        return faults.settle(self, s, tail.skip, state.ply + 1)
