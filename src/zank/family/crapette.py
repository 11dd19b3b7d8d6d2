"""Crapette, or Russian Bank: the standard international game.

No seed document covers it; the rules page ``docs/rules/crapette.md`` takes
the rules from published sources (pagat.com, Hoyle-style guides, French rule
pages, Foster's *Russian Bank*), numbers them (``C-1`` …, the options
``C-V1`` …), names the source of each and records every point where the
sources differ as an option with a default.  The numbers appear in
:class:`~zank.core.Violation` objects.

Crapette is the family's reserve-and-hand-pile game
(:class:`~zank.family.stock.StockGame`, shared with zank-detailed) with its
own deal options, who begins, scoring and "Crapette!" call; everything else
comes from the kernel.  The notation is the family's (see
:mod:`zank.family.stock`): the waste is the family's *discard* (``d``, and
``od`` for the opponent's), so ``t-d`` puts the turned hand card on the own
waste and ends the turn.

``State.info`` holds the five public counters of the family game
``(dry0, dry1, stale, shuffles, flags)`` (C-17 to C-19), named by
:class:`~zank.family.stock.StockInfo` (``rules.info_of(state)``).  With
``table_mode=True`` (C-22) a player may leave a compulsory move undone and the
opponent may call "Crapette!" (``crapette``, also written ``stop``).

>>> import zank
>>> rules = zank.variant("crapette")
>>> state = rules.new_game(seed=1)
>>> len(state.pile("p0.reserve")), len(state.pile("p0.hand")), rules.legal_moves(state)[-1].text
(13, 35, 'turn')
"""

from __future__ import annotations

from typing import ClassVar, Final

from attrs import field, frozen

from zank.core import BOOL_OPTION, Move, Result, State, Termination, option_validator
from zank.errors import OptionError
from zank.family import faults
from zank.family.hand_pile import END
from zank.family.stock import (
    ALTERNATE,
    CUT,
    HIGHER,
    LOWER,
    SRC_TURNED,
    TGT_FOUNDATION,
    StockGame,
    counts,
)
from zank.family.table import CARD, DISCARD
from zank.registry import register

__all__ = [
    "AS_IS",
    "CARRY_OUT",
    "COUNT",
    "DRAW",
    "FAR_FIRST",
    "NEAR_FIRST",
    "POINTS",
    "TAKE_BACK",
    "WIN",
    "Crapette",
    "score",
]

POINTS: Final = "points"
"""``scoring``: the winner scores 30 and the loser's cards (C-20)."""
WIN: Final = "win"
"""``scoring``: a won game counts 1, no cards are counted (C-V5)."""
TAKE_BACK: Final = "take-back"
"""``call_penalty``: the faulty move is taken back and the turn ends (C-22)."""
AS_IS: Final = "as-is"
"""``call_penalty``: the faulty move stands and the turn ends (C-V6)."""
CARRY_OUT: Final = "carry-out"
"""``call_penalty``: the faulty move is taken back, the skipped compulsory move
is carried out and the turn ends (pagat.com, C-V9)."""
DRAW: Final = "draw"
"""``stalemate``: a game nobody went out of is a draw without points (Foster, C-20)."""
COUNT: Final = "count"
"""``stalemate``: the lower count of cards left scores the difference (pagat.com, C-V7)."""
FAR_FIRST: Final = "far-first"
"""``tie_order``: equal reserve tops compare the houses in the order they were
dealt, the farthest first (adpoker.fr, C-3)."""
NEAR_FIRST: Final = "near-first"
"""``tie_order``: equal reserve tops compare the houses next to the reserves
first (pagat.com, C-V8)."""


def score(state: State, winner: int | None, scoring: str = POINTS, stalemate: str = DRAW) -> Result:
    """The result of a finished game (C-20, C-V5, C-V7).

    ``winner`` is the seat that went out: by default it scores 30, plus 2 for
    every card left in the opponent's reserve and 1 for every card in the
    opponent's hand pile and waste (:func:`~zank.family.stock.counts`); with
    ``scoring="win"`` it scores 1.  A game that ends without anyone going out
    (``winner`` ``None``: blocked or endless, C-17 and C-18) is a draw without
    points; with ``stalemate="count"`` the seat with the lower count wins and
    scores the difference of the counts, no 30 (equal counts: a draw).
    """
    points = [0] * state.players
    if winner is None:
        if stalemate == COUNT:
            c = counts(state)
            low = min(c)
            if c.count(low) == 1:
                w = c.index(low)
                points[w] = max(c) - low
                return Result(w, tuple(points), Termination.BLOCKED)
        return Result(None, tuple(points), Termination.BLOCKED)
    if scoring == WIN:
        points[winner] = 1
    else:
        c = counts(state)
        points[winner] = 30 + sum(c[q] for q in range(state.players) if q != winner)
    return Result(winner, tuple(points), Termination.WENT_OUT)


@register
@frozen(cache_hash=True, kw_only=True)
class Crapette(StockGame):
    """Crapette (Russian Bank), for two players.

    Options (keyword-only; the rules page explains each):

    * ``reserve_size`` (C-V1): 13 (default), 12 or 11 reserve cards.
    * ``waste_playable`` (C-V2): the top of the own waste is a free card.
    * ``who_begins`` (C-V3): ``"lower"`` (the lower reserve top, default),
      ``"higher"`` (the higher one), ``"cut"`` (the higher cut card) or
      ``"alternate"`` (``first_player`` begins; a match alternates it).
    * ``first_player``: the seat that begins when ``who_begins="alternate"``.
    * ``fill_from_reserve`` (C-V4): gaps must be filled from the reserve before
      a hand card is turned (C-11; default ``True``).
    * ``scoring`` (C-V5): ``"points"`` (30 and the loser's cards, default) or
      ``"win"`` (a won game counts 1).
    * ``stalemate`` (C-V7): ``"draw"`` (a blocked or endless game is a draw
      without points, default) or ``"count"`` (the lower count of cards left
      wins and scores the difference; not with ``scoring="win"``).
    * ``tie_order`` (C-V8, with ``who_begins`` ``"lower"`` or ``"higher"``):
      equal reserve tops compare the houses ``"far-first"`` (in the order they
      were dealt, default) or ``"near-first"`` (next to the reserves first).
    * ``no_progress_turns`` (C-18): the game ends when this many turns in a
      row pass without a card reaching a foundation (200).
    * ``table_mode`` (C-22): a player may leave a compulsory move undone, and
      the opponent may call "Crapette!" (see :mod:`zank.family.faults`).
    * ``call_window`` (C-22, with ``table_mode``): ``"faults"`` (default) asks
      the opponent only after a fault, ``"every-move"`` after every move.
    * ``call_penalty`` (C-V6, C-V9, with ``table_mode``): ``"take-back"``
      (default: the faulty move is taken back), ``"as-is"`` (it stands) or
      ``"carry-out"`` (it is taken back and the skipped compulsory move is
      made); in each case the turn ends.

    >>> import zank
    >>> rules = zank.variant("crapette", reserve_size=12, who_begins="higher")
    >>> state = rules.new_game(seed=1)
    >>> len(state.pile("p0.reserve")), len(state.pile("p0.hand"))
    (12, 36)
    """

    name = "crapette"
    greedy_policy: ClassVar[str | None] = "zank.family.greedy_crapette:crapette_policy"
    presets = (
        {},
        {"reserve_size": 12, "who_begins": CUT, "waste_playable": True},
        {"who_begins": HIGHER, "fill_from_reserve": False, "scoring": WIN, "reserve_size": 11},
        {"who_begins": ALTERNATE, "first_player": 1, "no_progress_turns": 40},
    )
    table_presets: ClassVar[tuple[dict[str, object], ...]] = (
        {"table_mode": True},
        {
            "table_mode": True,
            "call_window": faults.EVERY_MOVE,
            "call_penalty": AS_IS,
            "waste_playable": True,
        },
        {
            "table_mode": True,
            "call_penalty": CARRY_OUT,
            "stalemate": COUNT,
            "tie_order": NEAR_FIRST,
        },
    )
    """Table-mode option sets (C-22), checked by the suites that iterate the
    variants' option sets."""
    pile_words: ClassVar[dict[str, str]] = {DISCARD: "waste"}
    rule_free = "C-4"
    rule_foundation = "C-5"
    rule_house = "C-6"
    rule_pack = "C-7"
    rule_reserve_first = "C-9"
    rule_foundation_first = "C-10"
    rule_gap_first = "C-11"
    rule_turn = "C-12"
    rule_end = "C-13"
    rule_empty_hand = "C-14"
    rule_shuffles = "C-19"
    rule_out = "C-16"
    rule_no_progress = "C-18"
    discard_option = "waste_playable"
    high_begins = True  # C-V3: the higher cut card begins
    # table mode (zank.family.faults)
    fault_rules: ClassVar[tuple[str, ...]] = ("C-9", "C-10", "C-11")
    call_rule: ClassVar[str] = "C-22"
    call_text: ClassVar[str] = "crapette"
    call_aliases = ("stop",)  # Russian Bank's word

    reserve_size: int = field(default=13, validator=option_validator(choices=(13, 12, 11)))
    waste_playable: bool = field(default=False, validator=BOOL_OPTION)
    who_begins: str = field(
        default=LOWER, validator=option_validator(choices=(LOWER, HIGHER, CUT, ALTERNATE))
    )
    first_player: int = field(default=0, validator=option_validator(choices=(0, 1)))
    fill_from_reserve: bool = field(default=True, validator=BOOL_OPTION)
    scoring: str = field(default=POINTS, validator=option_validator(choices=(POINTS, WIN)))
    no_progress_turns: int = field(default=200, validator=option_validator(low=2, high=100_000))
    table_mode: bool = faults.table_mode_option()
    call_window: str = faults.call_window_option()
    call_penalty: str = field(
        default=TAKE_BACK, validator=option_validator(choices=(TAKE_BACK, AS_IS, CARRY_OUT))
    )
    stalemate: str = field(default=DRAW, validator=option_validator(choices=(DRAW, COUNT)))
    tie_order: str = field(
        default=FAR_FIRST, validator=option_validator(choices=(FAR_FIRST, NEAR_FIRST))
    )

    def __attrs_post_init__(self) -> None:
        if self.call_penalty != TAKE_BACK and not self.table_mode:
            raise OptionError(
                f"option 'call_penalty' of {self.name!r} applies only with table_mode=True"
            )
        if self.stalemate == COUNT and self.scoring == WIN:
            raise OptionError(
                f"option 'stalemate' of {self.name!r}: 'count' scores the cards left, "
                "which scoring='win' does not count"
            )
        if self.tie_order != FAR_FIRST and self.who_begins not in (LOWER, HIGHER):
            raise OptionError(
                f"option 'tie_order' of {self.name!r} applies only with who_begins='lower' "
                f"or 'higher' (who_begins is {self.who_begins!r})"
            )
        super(Crapette, self).__attrs_post_init__()

    # ------------------------------------------------ the hooks of StockGame
    @property
    def discard_free(self) -> bool:
        """Whether the top of the own waste is a free card (C-V2)."""
        return self.waste_playable

    @property
    def gap_duty(self) -> bool:
        """Whether gaps are filled from the reserve before a hand card is turned (C-11, C-V4)."""
        return self.fill_from_reserve

    @property
    def houses_far_first(self) -> bool:
        """Whether equal reserve tops compare the houses in the order they were
        dealt, the farthest first (C-3), or next to the reserves first (C-V8)."""
        return self.tie_order == FAR_FIRST

    def game_result(self, state: State, winner: int | None) -> Result:
        """C-20, C-V5, C-V7 (:func:`score`)."""
        return score(state, winner, self.scoring, self.stalemate)

    # ------------------------------------------------------- table mode (C-22)
    def resolve_call(self, window: State, before: State, caller: int) -> State:
        """C-22: "Crapette!" -- the faulty move is taken back (C-V6
        ``"as-is"``: it stands; C-V9 ``"carry-out"``: the skipped compulsory
        move is made instead) and the turn ends at once, a turned hand card
        going onto the waste."""
        tail = faults.window_tail(self, window)
        s = faults.strict_view(self, before)
        if self.call_penalty == AS_IS:
            s = self.strict_apply(s, self.moves[tail.action - 1])
        elif self.call_penalty == CARRY_OUT:
            s = self._carry_out(s, self.fault_rules[tail.rule - 1], self.moves[tail.action - 1])
        if s.outcome is None and s.turn == before.turn:
            s = self.strict_apply(s, self.end_turn(s, tail.by))
        return faults.settle(self, s, tail.skip, window.ply + 1)

    def _carry_out(self, state: State, rule: str, fault: Move) -> State:
        """C-V9: ``state`` (before the fault) after the faulty player carried
        out the compulsory move the fault skipped: the card the faulty move
        took (the turned card for ``t-d``) onto a foundation if it was due
        there ("force you to play it there"), else the first move of the
        broken ``rule`` (:meth:`~zank.family.stock.StockGame.makeup_move`),
        and then that card too if it must now go to a foundation."""
        if fault.kind == END:
            source = SRC_TURNED
        elif fault.kind == CARD:
            source = fault.source
        else:
            source = -1
        own = self._onto_foundation(state, source)
        due = own if own is not None else self.makeup_move(state, rule)
        if due is None:
            return state
        state = self.strict_apply(state, due)
        if own is None and state.outcome is None:
            own = self._onto_foundation(state, source)
            if own is not None:
                state = self.strict_apply(state, own)
        return state

    def _onto_foundation(self, state: State, source: int) -> Move | None:
        """The legal move of the card of ``source`` onto a foundation, or ``None``."""
        for m in self.generate(state, strict=True):
            if m.kind == CARD and m.target == TGT_FOUNDATION and m.source == source:
                return m
        return None
